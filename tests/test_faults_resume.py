"""Nothing lost: a real ``mtgconf run`` killed midway leaves a valid report of what finished, and
``mtgconf run --resume`` completes it to the report an uninterrupted run writes (timings apart).
Same inputs, same results: two runs give the same reports apart from timings."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from conformance.commands._resume import repair_report
from conformance.reports.jsonl import JsonlWriter, read_report
from conformance.results.records import CaseResult

from .test_faults_engine import FAULTY, write_probes
from .test_faults_process import _interruptible

MTGCONF = [sys.executable, "-m", "conformance.cli"]
ROOT = Path(__file__).resolve().parent.parent
COUNT = 10


def records(path: Path) -> list[dict[str, Any]]:
    """The report's records without their timings, in file order; every line must parse."""
    out = []
    for line in path.read_text("utf-8").split("\n")[:-1]:
        record = json.loads(line)
        if "record" in record:
            continue  # the run header (its identity is checked by tests/test_faults_files.py)
        record.pop("duration_ms", None)
        record.pop("started", None)  # the run header's start time
        out.append(record)
    return out


def command(cases: Path, report: Path, *extra: str, slow: float = 0.25) -> list[str]:
    """``mtgconf run`` of ``cases`` on the (correct, slowed-down) faulty engine."""
    engine = shlex.join([*FAULTY, "--slow", str(slow)])
    return [*MTGCONF, "run", str(cases), "--adapter", f"cmd:{engine}", "--report", str(report),
            "--no-progress", "-q", *extra]


def cli_available() -> bool:
    """``python -m conformance.cli`` runs the CLI (it has a ``__main__`` guard)."""
    text = (Path(__file__).resolve().parent.parent / "conformance" / "cli.py").read_text("utf-8")
    return "__main__" in text


@pytest.fixture(scope="module")
def probe_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory of ten probe cases."""
    directory = tmp_path_factory.mktemp("resume-probes")
    write_probes(directory, COUNT)
    return directory


@pytest.fixture(scope="module")
def full_report(probe_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    """The records of an uninterrupted run."""
    report = tmp_path_factory.mktemp("full") / "full.jsonl"
    done = subprocess.run(command(probe_dir, report, slow=0.0), capture_output=True, text=True,
                          timeout=120, cwd=probe_dir.parent)
    assert done.returncode == 0, done.stdout + done.stderr
    got = records(report)
    assert len(got) == COUNT
    return got


def start_and_interrupt(cmd: list[str], report: Path, sig: signal.Signals, *, cwd: Path,
                        after: int = 3) -> int:
    """Start ``cmd``, wait until ``report`` has ``after`` results (after its header line), send
    ``sig``; return the exit code."""
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd,
                            preexec_fn=_interruptible)
    deadline = time.monotonic() + 90
    try:
        while time.monotonic() < deadline:
            if report.exists() and report.read_bytes().count(b"\n") >= after + 1:
                break
            if proc.poll() is not None:
                raise AssertionError("the run ended before it could be interrupted: "
                                     + proc.stderr.read().decode() if proc.stderr else "")
            time.sleep(0.02)
        proc.send_signal(sig)
        proc.wait(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        for stream in (proc.stdout, proc.stderr):
            if stream is not None:
                stream.close()
    return proc.returncode


@pytest.mark.slow
@pytest.mark.skipif(not cli_available(), reason="conformance.cli has no __main__ guard")
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGKILL],
                         ids=["SIGINT", "SIGTERM", "SIGHUP", "SIGKILL"])
def test_killed_run_resumes_to_the_full_report(probe_dir: Path, tmp_path: Path,
                                               full_report: list[dict[str, Any]],
                                               sig: signal.Signals) -> None:
    """Interrupt a real run midway: the report holds only whole results of what finished;
    --resume runs the rest and the final report equals the uninterrupted one."""
    report = tmp_path / "run.jsonl"
    code = start_and_interrupt(command(probe_dir, report), report, sig, cwd=probe_dir.parent)
    if sig == signal.SIGKILL:
        assert code == -signal.SIGKILL
    else:
        assert code == 130
    torn = repair_report(report)  # a SIGKILL may tear the last line; --resume does the same
    if sig != signal.SIGKILL:
        assert torn == 0, "an orderly interruption leaves only whole lines"
    partial = records(report)
    assert 3 <= len(partial) < COUNT
    assert partial == full_report[:len(partial)]

    done = subprocess.run(command(probe_dir, report, "--resume", str(report), slow=0.0),
                          capture_output=True, text=True, timeout=120, cwd=probe_dir.parent)
    assert done.returncode == 0, done.stdout + done.stderr
    said = " ".join((done.stdout + done.stderr).split())
    assert f"{len(partial)} result(s) kept, {COUNT - len(partial)} to run" in said
    assert records(report) == full_report


def test_resume_of_a_complete_report_runs_nothing(probe_dir: Path, tmp_path: Path) -> None:
    """Resuming a finished run adds nothing."""
    report = tmp_path / "r.jsonl"
    from conformance.cli import main

    assert main(["run", str(probe_dir), "--report", str(report), "--no-progress", "-q"]) == 0
    before = report.read_bytes()

    assert main(["run", str(probe_dir), "--resume", str(report), "--no-progress", "-q"]) == 0
    assert report.read_bytes() == before


def test_resume_refuses_another_adapters_report(probe_dir: Path, tmp_path: Path) -> None:
    """A report written by another adapter is not resumed (exit 2)."""
    report = tmp_path / "r.jsonl"
    report.write_text(json.dumps(CaseResult("x", "modern", "passed", adapter="other")
                                 .to_record()) + "\n", "utf-8")
    from conformance.cli import main

    assert main(["run", str(probe_dir), "--resume", str(report), "--no-progress", "-q"]) == 2


def test_repair_drops_only_a_torn_line(tmp_path: Path) -> None:
    """A torn last line is cut; whole lines stay; a clean file is untouched."""
    good = json.dumps(CaseResult("a", "modern", "passed").to_record()) + "\n"
    path = tmp_path / "r.jsonl"
    path.write_text(good + good[:17], "utf-8")
    assert repair_report(path) == 17
    assert path.read_text("utf-8") == good
    assert repair_report(path) == 0
    assert [r.case for r in read_report(path)] == ["a"]


def test_jsonl_lines_are_on_disk_as_results_arrive(tmp_path: Path) -> None:
    """Each result is readable from the file before the writer is closed."""
    path = tmp_path / "r.jsonl"
    writer = JsonlWriter(path)
    for i in range(3):
        writer.write(CaseResult(f"c{i}", "modern", "passed"))
        assert len(read_report(path)) == i + 1
    writer.close()


# -- determinism --------------------------------------------------------------------------------

def _strip_times(text: str) -> str:
    return re.sub(r'time="[0-9.]+"', 'time=""', text)


@pytest.mark.slow
def test_two_runs_give_the_same_reports(tmp_path: Path) -> None:
    """Every spec case run twice: the same JSON lines (timings apart), the same Markdown and
    the same JUnit XML (timings apart)."""
    from conformance.cli import main

    snapshot = tmp_path / "cases"  # other work may edit spec/cases while this test runs
    shutil.copytree(ROOT / "spec" / "cases", snapshot)
    outputs = []
    for n in (1, 2):
        d = tmp_path / str(n)
        code = main(["run", str(snapshot), "--generated", "0", "--report", str(d / "r.jsonl"),
                     "--junit", str(d / "r.xml"), "--markdown", str(d / "r.md"),
                     "--no-progress", "-q"])
        assert code in (0, 1)
        outputs.append((records(d / "r.jsonl"), _strip_times((d / "r.xml").read_text("utf-8")),
                        (d / "r.md").read_text("utf-8")))
    assert outputs[0] == outputs[1]
    assert len(outputs[0][0]) > 0


def test_nothing_is_written_outside_the_output_paths(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A run writes its reports and nothing else: no temp files left, nothing in the working
    directory or the spec tree."""
    from conformance.cli import main

    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    out = tmp_path / "out" / "nested"
    cases = tmp_path / "cases"
    write_probes(cases, 2)
    before = sorted(p.name for p in cases.iterdir())
    main(["run", str(cases), "--generated", "0", "--report", str(out / "r.jsonl"),
          "--junit", str(out / "r.xml"), "--markdown", str(out / "r.md"), "--no-progress",
          "-q"])
    assert sorted(p.name for p in out.iterdir()) == ["r.jsonl", "r.md", "r.xml"]
    assert list(work.iterdir()) == []
    assert sorted(p.name for p in cases.iterdir()) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cases", "out", "work"]


def test_environment_of_tests_is_not_required() -> None:
    """The CLI module can be started with ``python -m`` (used by the kill tests)."""
    assert os.path.exists(MTGCONF[0])
