"""The fault campaign (issue 15): every engine fault the faulty engine knows, through the real
command line, checked the same way.

Each of the 67 campaign entries runs ``mtgconf run`` on three probe cases with one fault injected
into the second, writing JSON lines, JUnit and Markdown, then ``mtgconf report --html`` on the
result, and requires that: both commands finish by themselves (a hang fails through the
timeout); neither prints a traceback; every result is accounted for in every format (three
results, or none when the engine is unusable from its hello); and no process of the engine (its
children included, tagged on their command lines) is left afterwards. The hostile inputs are in
``tests/test_faults_inputs.py``; together they make the campaign of docs/reliability.md.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from conformance.reports.jsonl import load_report

from .report_checks import check_report_files
from .test_faults_engine import FAULTS, FAULTY, write_probes
from .test_faults_process import gone, tagged
from .test_faults_text import TEXTS

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(os.name != "posix", reason="process groups are POSIX")]

MTGCONF = [sys.executable, "-m", "conformance.cli"]
ROOT = Path(__file__).resolve().parent.parent

#: (name, fault, request, extra engine options, wrap in a shell that does not exec)
CAMPAIGN: list[tuple[str, str, str, tuple[str, ...], bool]] = [
    *[(f"{f}-{o}", f, o, (), False) for f, o, _ in FAULTS],
    *[(f"text-error-{t}", "text-error", "observe", ("--text", t), False) for t in TEXTS],
    *[(f"text-value-{t}", "text-value", "observe", ("--text", t), False) for t in TEXTS],
    *[(f"text-reject-{t}", "text-reject", "perform", ("--text", t), False)
      for t in ("surrogate", "ansi", "markup", "markdown", "all")],
    *[(f"text-stderr-{t}", "text-stderr", "observe", ("--text", t), False)
      for t in ("ansi", "c0", "all")],
    *[(f"text-name-{t}", "text-name", "hello", ("--text", t), False)
      for t in ("surrogate", "markup", "all")],
    ("huge-int", "huge-int", "observe", (), False),
    ("orphan-hang", "orphan-hang", "observe", (), False),
    ("orphan-exit", "orphan-exit", "start", (), False),
    ("orphan-ok", "orphan-ok", "perform", (), False),
    ("ignore-signals-wrapped", "ignore-signals", "observe", (), True),
    ("hang-wrapped", "hang", "observe", (), True),
    ("orphan-hang-wrapped", "orphan-hang", "perform", (), True),
    ("slow-start", "slow-start", "hello", ("--slow-start", "1"), False),
    ("crash-hello", "crash", "hello", (), False),
    ("garbage-hello", "garbage", "hello", (), False),
    ("wrong-type-hello", "wrong-type", "hello", (), False),
]


def test_the_campaign_is_big_enough() -> None:
    """At least 60 engine faults."""
    assert len(CAMPAIGN) >= 60
    assert len({name for name, *_ in CAMPAIGN}) == len(CAMPAIGN)


@pytest.fixture(scope="module")
def probe_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three probe cases."""
    directory = tmp_path_factory.mktemp("probes")
    write_probes(directory, 3)
    return directory


def command(fault: str, on: str, extra: tuple[str, ...], wrap: bool, tag: str) -> str:
    """The ``cmd:`` adapter of the faulty engine with this fault."""
    argv = [*FAULTY, "--fault", fault, "--on", on, "--fault-case", "faults.probe.n2",
            "--tag", tag, *extra]
    if wrap:
        return "cmd:" + shlex.join(["/bin/sh", "-c", shlex.join(argv) + "; echo done >&2"])
    return "cmd:" + shlex.join(argv)


@pytest.mark.parametrize(("name", "fault", "on", "extra", "wrap"), CAMPAIGN,
                         ids=[c[0] for c in CAMPAIGN])
def test_campaign(probe_dir: Path, tmp_path: Path, name: str, fault: str, on: str,
                  extra: tuple[str, ...], wrap: bool) -> None:
    """See the module's docstring."""
    tag = f"mtgconf-campaign-{uuid.uuid4().hex}"
    report, junit, md = tmp_path / "r.jsonl", tmp_path / "r.xml", tmp_path / "r.md"
    run = subprocess.run([*MTGCONF, "run", str(probe_dir), "--adapter",
                          command(fault, on, extra, wrap, tag), "--timeout", "3",
                          "--no-progress", "--report", str(report), "--junit", str(junit),
                          "--markdown", str(md)],
                         capture_output=True, text=True, timeout=240, cwd=ROOT)
    said = run.stdout + run.stderr
    assert "Traceback" not in said, said
    assert gone(tag), f"left behind: {tagged(tag)}"
    unusable = on == "hello" and fault in ("crash", "garbage", "wrong-type")
    if unusable:  # a broken engine is a failure (1), not bad usage (2): issue 35
        assert run.returncode == 1 and "the engine did not start" in run.stderr, said
        return
    assert run.returncode in (0, 1), said
    results = load_report(report).results
    assert len(results) == 3, said
    assert [r.result for r in results][::2] == ["passed", "passed"], \
        [(r.result, r.message) for r in results]
    html = tmp_path / "html"
    page = subprocess.run([*MTGCONF, "report", str(report), "--html", str(html)],
                          capture_output=True, text=True, timeout=240, cwd=ROOT)
    assert page.returncode == 0 and "Traceback" not in page.stdout + page.stderr
    check_report_files(results, jsonl=report, junit=junit, markdown=md, html_dir=html)
    total = re.search(r"^\W*all\W.*?(\d+)\W*$", run.stdout, re.MULTILINE)
    assert total is not None and int(total.group(1)) == 3, run.stdout
    assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f]", run.stdout), "a control character " \
        "reached the console"
