"""The issue-37 attack, standing: shared outputs, full disks, signals during the final writes,
hostile options, text that hides, engines that reach into the harness.

Each test names the class of fault it plays (``docs/reliability.md`` counts them). The classes
the issue found are marked ``[37]``; the others are new. Every test here runs in the fast tier
except those marked ``slow`` (real signals to real processes).
"""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from conformance.cli import main
from conformance.commands import _options
from conformance.commands import run as run_command
from conformance.errors import SpecError
from conformance.reports import jsonl
from conformance.reports.jsonl import JsonlWriter, load_report
from conformance.results import files
from conformance.results.files import ReportBusy, atomic_write
from conformance.results.outputs import Output, OutputConflict, claim_outputs
from conformance.running.runner import MAX_START_FAILURES, Runner
from conformance.spec.catalog import load_spec
from conformance.spec.loader import load_cases
from conformance.spec.textsafe import clean_text, is_clean
from conformance.transports.procgroup import drop_dumpable
from conformance.transports.subprocess import SubprocessAdapter

from .limits import GENEROUS, PATIENCE, gate_path, wait_until
from .test_faults_engine import PROBE, write_probes

ROOT = Path(__file__).resolve().parent.parent
ENGINES = ROOT / "tests" / "engines"
SPY = [sys.executable, str(ENGINES / "spy_engine.py")]
FAULTY = f"{sys.executable} {ENGINES / 'faulty_engine.py'}"


@pytest.fixture(scope="module")
def probes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("probes")
    write_probes(directory, 4)
    return directory


def run(*argv: str) -> int:
    return main(["run", "--no-progress", "-q", *argv])


def usage_error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Run ``mtgconf argv`` expecting a usage error (exit 2); the message, on one line."""
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse
        code = int(exc.code or 0)
    captured = capsys.readouterr()
    assert code == 2, captured.out + captured.err
    assert "Traceback" not in captured.err
    return " ".join(captured.err.split())


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines()]


def check_junit(path: Path, *, expect_cases: int) -> None:
    """``path`` is whole JUnit XML holding ``expect_cases`` test cases."""
    import xml.etree.ElementTree as ET

    tree = ET.parse(path)
    assert len(tree.getroot().findall(".//testcase")) == expect_cases


# -- one guard for every output path --------------------------------------------------------------


@pytest.mark.parametrize("pair", [("--report", "--junit"),  # [37]
                                  ("--report", "--markdown"),
                                  ("--junit", "--write-baseline")])
def test_one_run_naming_one_file_twice_is_refused_before_writing(
        pair: tuple[str, str], probes: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """[37] ``--report X --junit X`` (and every other pair): refused, X left as it was."""
    target = tmp_path / "out"
    target.write_text("previous\n", "utf-8")
    message = usage_error(["run", str(probes), pair[0], str(target), pair[1], str(target)],
                          capsys)
    assert "name the same file" in message and pair[0] in message and pair[1] in message
    assert target.read_text("utf-8") == "previous\n"


def test_a_hard_link_or_a_symbolic_link_is_the_same_file(probes: Path, tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    """New: two names of one file (a hard link, a symbolic link) are one output."""
    report = tmp_path / "r.jsonl"
    report.write_text("", "utf-8")
    os.link(report, tmp_path / "hard.xml")
    (tmp_path / "soft.md").symlink_to(report)
    for other in ("hard.xml", "soft.md"):
        message = usage_error(["run", str(probes), "--report", str(report),
                               "--junit" if other.endswith("xml") else "--markdown",
                               str(tmp_path / other)], capsys)
        assert "same file" in message


def test_an_output_is_never_one_of_the_inputs(probes: Path, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """New: ``--junit`` onto the case file being run, ``mtgconf report r --markdown r``."""
    case = tmp_path / "case.toml"
    case.write_text((probes / "probe-1.toml").read_text("utf-8"), "utf-8")
    before = case.read_bytes()
    assert "would overwrite the input" in usage_error(
        ["run", str(case), "--junit", str(case)], capsys)
    assert case.read_bytes() == before
    report = tmp_path / "r.jsonl"
    assert run(str(probes), "--report", str(report)) == 0
    capsys.readouterr()
    kept = report.read_bytes()
    assert "would overwrite the input" in usage_error(
        ["report", str(report), "--markdown", str(report)], capsys)
    assert report.read_bytes() == kept


def test_a_file_of_an_html_directory_is_taken(probes: Path, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """New: ``--html site --markdown site/index.html`` is refused; a Markdown file beside the
    page is fine."""
    report = tmp_path / "r.jsonl"
    assert run(str(probes), "--report", str(report)) == 0
    site = tmp_path / "site"
    assert "is one of the files" in usage_error(
        ["report", str(report), "--html", str(site), "--markdown", str(site / "index.html")],
        capsys)
    assert main(["report", str(report), "--html", str(site), "--markdown",
                 str(site / "report.md")]) == 0


@pytest.mark.parametrize("option", ["--junit", "--markdown", "--write-baseline", "--report"])
def test_an_output_a_running_report_holds_is_refused(option: str, probes: Path,
                                                      tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    """[37] A second run's ``--junit X`` (or any output) while a run writes ``--report X``:
    refused (exit 2) and not one result of the running report lost."""
    live = tmp_path / "live.jsonl"
    writer = JsonlWriter(live, header={"suite": "x"})
    try:
        message = usage_error(["run", str(probes), option, str(live)], capsys)
        assert "being written by another mtgconf run" in message
        assert lines(live) == [{"record": "run", "suite": "x"}]
    finally:
        writer.close()


def test_report_markdown_onto_a_live_report_is_refused(probes: Path, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    """[37] ``mtgconf report done.jsonl --markdown live.jsonl`` while a run writes live.jsonl."""
    done = tmp_path / "done.jsonl"
    assert run(str(probes), "--report", str(done)) == 0
    live = tmp_path / "live.jsonl"
    with JsonlWriter(live, header={"suite": "x"}):
        message = usage_error(["report", str(done), "--markdown", str(live)], capsys)
        assert "being written by another mtgconf run" in message
        assert len(lines(live)) == 1


def test_an_output_another_command_claimed_is_refused(probes: Path, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    """New: a run that will write ``--junit X`` at its end holds X from its start: a second run
    naming X for any output is refused, though X does not exist yet."""
    target = tmp_path / "later.xml"
    with claim_outputs([Output("--junit", target)]):
        message = usage_error(["run", str(probes), "--report", str(target)], capsys)
        assert "being written by another mtgconf run" in message and "process" in message
        assert not target.exists()
    assert run(str(probes), "--report", str(target)) == 0  # released with the claim


def test_a_claim_of_a_killed_command_is_gone(tmp_path: Path) -> None:
    """New: the claim is a lock the kernel drops with its process (kill -9 leaves no stale
    claim)."""
    target = tmp_path / "x.md"
    code = ("import os, sys; from pathlib import Path; "
            "from conformance.results.outputs import Output, claim_outputs; "
            f"claim_outputs([Output('--markdown', Path({str(target)!r}))]); "
            "print('held', flush=True); os.kill(os.getpid(), 9)")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert proc.stdout.strip() == "held" and proc.returncode == -9
    with claim_outputs([Output("--markdown", target)]):
        pass


def test_atomic_write_never_replaces_a_live_report(tmp_path: Path) -> None:
    """[37] The atomic writer (JUnit, Markdown, HTML, baselines) used to ignore the report's
    lock: now it refuses the file."""
    live = tmp_path / "r.jsonl"
    with JsonlWriter(live, header={"suite": "x"}):
        with pytest.raises(ReportBusy):
            atomic_write(live, "<testsuites/>")
        assert lines(live) == [{"record": "run", "suite": "x"}]


def test_claim_outputs_refuses_each_conflict_by_name(tmp_path: Path) -> None:
    """The guard's own contract: nothing claimed when one output conflicts."""
    a = tmp_path / "a"
    with pytest.raises(OutputConflict, match="--x and --y name the same file"):
        claim_outputs([Output("--x", a), Output("--y", tmp_path / "." / "a")])
    with claim_outputs([Output("--x", a)]):
        with pytest.raises(OutputConflict):
            claim_outputs([Output("--z", tmp_path / "b"), Output("--y", a)])
        with claim_outputs([Output("--z", tmp_path / "b")]):  # b was not left claimed
            pass


# -- a full disk -----------------------------------------------------------------------------------


class FailingOs:
    """``os`` for one module, whose ``write`` fails with ``code`` after ``after`` calls (the
    failing call first writing half its bytes, as a full disk does)."""

    def __init__(self, after: int, code: int = errno.ENOSPC,
                 only: Callable[[int], bool] = lambda fd: True) -> None:
        self.after = after
        self.code = code
        self.only = only
        self.torn = False

    def __getattr__(self, name: str) -> Any:
        return getattr(os, name)

    def write(self, fd: int, data: Any) -> int:
        if not self.only(fd):
            return os.write(fd, data)
        if self.after > 0:
            self.after -= 1
            return os.write(fd, data)
        if not self.torn and len(data) > 1:
            self.torn = True
            return os.write(fd, bytes(data[:len(data) // 2]))
        raise OSError(self.code, os.strerror(self.code))


def _temp_file(fd: int) -> bool:
    return os.readlink(f"/proc/self/fd/{fd}").endswith(".tmp")


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EIO, errno.EDQUOT])
def test_a_full_disk_while_the_report_is_written(code: int, probes: Path, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """[37] ENOSPC (and new: EIO, EDQUOT) on the JSON-lines report after two results: no
    traceback, the summary and the other reports still written, the report cut back to whole
    records, and ``--resume`` finishes the run with nothing lost."""
    report = tmp_path / "r.jsonl"
    monkeypatch.setattr(jsonl, "os", FailingOs(after=3, code=code))  # header + 2 records
    assert run(str(probes), "--report", str(report), "--junit", str(tmp_path / "j.xml"),
               "--markdown", str(tmp_path / "r.md")) == 1
    out = capsys.readouterr()
    assert "Traceback" not in out.err
    assert "Conformance of" in out.out  # the summary
    assert "--resume" in out.err and os.strerror(code) in out.err
    found = load_report(report)
    assert not found.problems and found.torn == 0 and len(found.results) == 2
    check_junit(tmp_path / "j.xml", expect_cases=3)
    assert (tmp_path / "r.md").is_file()
    monkeypatch.undo()
    assert run(str(probes), "--resume", str(report)) == 0
    assert len(load_report(report).results) == 4


@pytest.mark.parametrize("option", ["--junit", "--markdown", "--write-baseline"])
@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EROFS])
def test_a_full_disk_at_a_final_write(option: str, code: int, probes: Path, tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    """[37] ENOSPC at the final JUnit write (and new: Markdown, baseline; a read-only file
    system): a message naming the output, the previous file unchanged, no temporary file left,
    the summary printed, the JSON lines whole, exit 1."""
    target = tmp_path / "out"
    target.write_text("previous", "utf-8")
    report = tmp_path / "r.jsonl"
    monkeypatch.setattr(files, "os", FailingOs(after=0, code=code, only=_temp_file))
    assert run(str(probes), "--report", str(report), option, str(target)) == 1
    out = capsys.readouterr()
    assert "Traceback" not in out.err and "Conformance of" in out.out
    assert f"cannot write {option}" in " ".join((out.err + out.out).split())
    assert target.read_text("utf-8") == "previous"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out", "r.jsonl"]
    assert len(load_report(report).results) == 4


def test_a_full_disk_when_the_header_is_written(probes: Path, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """New: no room for the run header: a usage error before any case runs."""
    monkeypatch.setattr(jsonl, "os", FailingOs(after=0))
    assert run(str(probes), "--report", str(tmp_path / "r.jsonl")) == 2
    err = capsys.readouterr().err
    assert "cannot write --report" in err and "Traceback" not in err


def test_short_writes_still_give_whole_records(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """New: a file system that takes a few bytes per write (a slow network mount)."""
    class Trickle:
        def __getattr__(self, name: str) -> Any:
            return getattr(os, name)

        def write(self, fd: int, data: Any) -> int:
            return os.write(fd, bytes(data[:7]))

    monkeypatch.setattr(jsonl, "os", Trickle())
    from conformance.results.records import CaseResult

    with JsonlWriter(tmp_path / "r.jsonl", header={"suite": "x"}) as writer:
        for n in range(5):
            writer.write(CaseResult(case=f"c{n}", era="modern", result="passed"))
    assert [r.case for r in load_report(tmp_path / "r.jsonl").results] == \
        [f"c{n}" for n in range(5)]


def test_a_slow_fsync_loses_nothing(probes: Path, tmp_path: Path,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """New: a report on a slow file system (each fsync takes a while): every result written."""
    class Slow:
        def __getattr__(self, name: str) -> Any:
            return getattr(os, name)

        def fsync(self, fd: int) -> None:
            time.sleep(0.05)
            os.fsync(fd)

    monkeypatch.setattr(jsonl, "os", Slow())
    assert run(str(probes), "--report", str(tmp_path / "r.jsonl")) == 0
    assert len(load_report(tmp_path / "r.jsonl").results) == 4


# -- signals during the final writes ------------------------------------------------------------


@pytest.mark.parametrize("signame", ["SIGTERM", "SIGINT", "SIGHUP"])
@pytest.mark.parametrize("during", ["write_junit", "write_markdown"])
def test_a_signal_during_the_final_writes_leaves_every_report_whole(
        signame: str, during: str, probes: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """[37] A signal while JUnit or Markdown is written used to drop them (9 of 9) and claim
    "interrupted before any case ran": now every report is written whole, exit 130, and the
    message says how many results there are."""
    from conformance.commands import _run_main

    real = getattr(_run_main, during)

    def signalled(*a: Any, **k: Any) -> Any:
        os.kill(os.getpid(), getattr(signal, signame))
        return real(*a, **k)

    monkeypatch.setattr(_run_main, during, signalled)
    code = run(str(probes), "--report", str(tmp_path / "r.jsonl"), "--junit",
               str(tmp_path / "j.xml"), "--markdown", str(tmp_path / "r.md"))
    err = capsys.readouterr().err
    assert code == 130, err
    assert "before any case ran" not in err and "4 result(s)" in err
    check_junit(tmp_path / "j.xml", expect_cases=4)
    assert "4 results: 4 passed." in (tmp_path / "r.md").read_text("utf-8")
    assert len(load_report(tmp_path / "r.jsonl").results) == 4


# -- one validation layer for options ----------------------------------------------------------


BAD_OPTIONS = [
    (["run", "--jobs", "0"], "--jobs", "at least 1"),  # [37]
    (["run", "--jobs", "-4"], "--jobs", "at least 1"),
    (["run", "--jobs", "many"], "--jobs", "whole number"),
    (["run", "--timeout", "nan"], "--timeout", "finite"),  # [37]
    (["run", "--timeout", "inf"], "--timeout", "finite"),  # [37]
    (["run", "--timeout", "-1"], "--timeout", "more than 0"),  # [37]
    (["run", "--timeout", "0"], "--timeout", "more than 0"),
    (["run", "--timeout", "1e308"], "--timeout", "at most"),
    (["run", "--generated", "-5"], "--generated", "0 or more"),  # [37]
    (["run", "--shard", ""], "--shard", "I/N"),  # [37]
    (["run", "--shard", "0/2"], "--shard", "between 1 and N"),
    (["run", "--shard", "3/2"], "--shard", "between 1 and N"),
    (["run", "--shard", "1/0"], "--shard", "N must be"),
    (["run", "--shard", "1/2/3"], "--shard", "I/N"),
    (["run", "--junit", ""], "--junit", "empty"),
    (["run", "--resume", "/dev/null"], "--resume", "a device"),
    (["explain", "x", "--timeout", "nan"], "--timeout", "finite"),
    (["smoke", "--adapter", "reference", "--max-cases", "0"], "--max-cases", "at least 1"),
    (["generate", "--count", "-1", "--out", "x"], "--count", "0 or more"),
]


@pytest.mark.parametrize(("argv", "option", "words"), BAD_OPTIONS,
                         ids=[" ".join(a) or "empty" for a, _, _ in BAD_OPTIONS])
def test_a_bad_option_is_a_located_usage_error(argv: list[str], option: str, words: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    message = usage_error(argv, capsys)
    assert f"argument {option}" in message and words in message


def test_paths_of_the_wrong_kind_are_named(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """[37] ``generate --out`` onto a file, a FIFO or a directory given to ``--resume``, and
    (new) ``--report`` onto a directory, ``--html`` onto a file, an output under a file."""
    a_file = tmp_path / "file"
    a_file.write_text("x", "utf-8")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    cases = [
        (["generate", "--out", str(a_file)], "is a file, not a directory"),
        (["run", "--resume", str(fifo)], "is a named pipe, not a report"),
        (["run", "--resume", str(tmp_path)], "is a directory, not a report"),
        (["run", "--resume", str(tmp_path / "none.jsonl")], "no report to resume"),
        (["run", "--report", str(tmp_path)], "is a directory"),
        (["report", "r.jsonl", "--html", str(a_file)], "is a file, not a directory"),
        (["run", "--markdown", str(a_file / "r.md")], "Not a directory"),
    ]
    for argv, words in cases:
        assert words in usage_error(argv, capsys), argv
    assert a_file.read_text("utf-8") == "x"


def test_jobs_are_capped_with_a_note(capsys: pytest.CaptureFixture[str]) -> None:
    """[37] ``--jobs 100000`` started 33 workers: it is capped to two per CPU, saying so."""
    args = main.__globals__["build_parser"](only="run").parse_args(["run", "--jobs", "100000"])
    run_command._cap_jobs(args)
    assert args.jobs == _options.job_cap() <= 2 * (os.cpu_count() or 1) + 2
    assert "capped to" in capsys.readouterr().err


def test_an_unreadable_card_directory_is_an_error(tmp_path: Path) -> None:
    """[37] A card directory that cannot be listed was taken for an empty catalog."""
    root = tmp_path / "spec"
    for name in ("features.toml", "eras.toml", "rulings.toml"):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text((ROOT / "spec" / name).read_text("utf-8"), "utf-8")
    (root / "cards").write_text("not a directory", "utf-8")
    spec = load_spec(root)
    assert any(e.code == "unreadable" and "card directory" in e.message for e in spec.errors)


def test_a_spec_error_echoing_a_huge_value_is_cut(tmp_path: Path) -> None:
    """[37] A 1 MB string where a ruling id belongs: the error is short, and says how much
    was left out."""
    case = tmp_path / "big.toml"
    case.write_text(PROBE.format(n=1).replace('rulings = ["SPLIT-M02"]',
                                               f'rulings = ["{"x" * 1_000_000}"]'), "utf-8")
    loaded = load_cases([case])
    assert loaded.errors
    for error in loaded.errors:
        assert len(error.format()) < 3000
    assert any("more characters" in e.message for e in loaded.errors)
    assert len(SpecError("c", "y" * 10**6, path="z" * 10**6).format()) < 2000


def test_a_spec_error_crosses_between_processes() -> None:
    """New: a spec error a worker of ``--jobs N`` finds must reach the harness; an exception
    pickles as its class called with its ``args``, which failed for ``SpecError`` (a split
    run with a broken file in a worker's chunk died with ``TypeError``)."""
    import pickle

    error = SpecError("unreadable", "x" * 10, file="f.toml", case="c", path="$.steps",
                      line=3, hint="h", severity="warning")
    assert pickle.loads(pickle.dumps(error)) == error


# -- text that hides ------------------------------------------------------------------------------


HIDING = ["\u061c", "\u200b", "\u200c", "\u200d", "\u2060", "\u2061", "\u2062", "\u2063",
          "\u2064", "\u180e", "\U000e0041", "\U000e007f", "\ufe0f", "\u3164", "\u115f",
          "\u00ad", "\u00a0", "\u2007", "\u3000", "\ue000", "\U000f0000", "\ufdd0",
          "\U0001fffe", "\u034f", "\u2800", "\ufff9"]


@pytest.mark.parametrize("ch", HIDING, ids=[f"U+{ord(c):04X}" for c in HIDING])
def test_invisible_code_points_are_escaped(ch: str) -> None:
    """[37] U+061C, U+200B-U+200D, U+2060-U+2064, U+180E and tag characters passed the
    cleaner (an engine could look like the reference engine); new: the rest of their Unicode
    categories (format, private use, blanks other than the space), noncharacters and
    default-ignorable code points."""
    name = f"refer{ch}ence"
    cleaned = clean_text(name)
    assert cleaned != "reference" and cleaned.isascii() and is_clean(cleaned)
    assert clean_text(cleaned) == cleaned


def test_ordinary_text_is_kept() -> None:
    for text in ("Ach! Hans, Run!", "Jötun Grunt — Æther", "日本語", "emoji 🙂", "tab\tline\n"):
        assert clean_text(text) == text


def test_command_line_text_is_never_console_markup(probes: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """[37] ``--era '[/red]x'`` gave a markup traceback; new: a path with an escape sequence
    is printed escaped."""
    assert run(str(probes), "--era", "[/red]x") == 2
    err = capsys.readouterr().err
    assert "[/red]x" in err and "Traceback" not in err
    assert run(str(probes), "--era", "\x1b[31mred") == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\\x1b" in err


def test_console_markup_takes_only_escaped_values() -> None:
    """Every value put into console markup by a command goes through ``shown``/``quoted``
    (escaped and cleaned) or is a count: an audit of the commands' ``print`` calls."""
    import ast

    safe_calls = {"shown", "quoted", "escape", "len", "sum", "int", "min", "max", "text",
                  "_lacks_words"}
    counts = {"'y' if len(stale) == 1 else 'ies'", "'y' if len(unused) == 1 else 'ies'",
              "option", "where", "note", "what", "code",
              "kept", "total", "state.results", "s['rulings']", "s['cases']", "s[b]", "b",
              "rc[b]", "bucket", "row['cases']", "args.seed", "duplicates", "conflicts",
              "problems", "checks - problems - notes", "checks", "bad", "notes", "color",
              "result.result", "loaded.files", "status", "b.total", "label",
              "_STYLE[r.result]", "r.result.upper()", "len(bad) - show_failures",
              "len(counter) - top", "len(b.reasons) - top", "left_out",
              "len(spec.errors) + len(loaded.errors)",
              "escape(', '.join(info.eras)) or '(none)'", "cov['summary']['rules']",
              "len(results)", "' under ' + shown(args.uncovered) if args.uncovered else ''"}
    found = []

    def name(call: ast.Call) -> str:
        return str(getattr(call.func, "id", None) or getattr(call.func, "attr", ""))

    def visit(node: ast.AST, where: str) -> None:
        if isinstance(node, ast.Call) and name(node) in safe_calls:
            return
        if isinstance(node, ast.FormattedValue):
            value = node.value
            if not (node.format_spec is not None or (isinstance(value, ast.Call)
                                                     and name(value) in safe_calls)
                    or ast.unparse(value) in counts):
                found.append(f"{where}: {ast.unparse(value)}")
            return
        for child in ast.iter_child_nodes(node):
            visit(child, where)

    modules = sorted((ROOT / "conformance" / "commands").glob("*.py"))
    for path in [*modules, ROOT / "conformance" / "reports" / "console.py"]:
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "print"
                    and not any(k.arg == "markup" for k in node.keywords)):
                for arg in node.args:
                    visit(arg, f"{path.name}:{node.lineno}")
    assert found == []


# -- mtgconf report -------------------------------------------------------------------------------


def _summary(site: Path) -> dict[str, Any]:
    return dict(json.loads((site / "summary.json").read_text("utf-8")))


def test_a_result_in_two_inputs_is_counted_once(probes: Path, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """[37] The same report given twice (or a copy) showed 4 results as 8."""
    report = tmp_path / "r.jsonl"
    assert run(str(probes), "--report", str(report)) == 0
    copy = tmp_path / "copy.jsonl"
    copy.write_bytes(report.read_bytes())
    assert main(["report", str(report), str(copy), str(report), "--html",
                 str(tmp_path / "site"), "--markdown", str(tmp_path / "m.md")]) == 0
    assert "counted once" in capsys.readouterr().err
    badges = _summary(tmp_path / "site")["badges"]
    assert [b["message"] for b in badges.values()] == ["4/4 passing"]
    assert "4 results: 4 passed." in (tmp_path / "m.md").read_text("utf-8")


def test_an_engine_calling_itself_reference_is_kept_apart(probes: Path, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    """[37] A ``cmd:`` engine whose hello says "reference" was merged into the reference
    engine's column."""
    real = tmp_path / "real.jsonl"
    fake = tmp_path / "fake.jsonl"
    assert run(str(probes), "--report", str(real)) == 0
    assert run(str(probes), "--adapter", f"cmd:{FAULTY}", "--report", str(fake)) == 0
    assert load_report(fake).results[0].adapter == "reference"  # what it claims
    from conformance.commands._common import console
    from conformance.commands.report import merge_reports

    merged = merge_reports([real, fake], console(stderr=True))
    assert merged is not None
    names = {r.adapter for r in merged[0]}
    assert len(names) == 2 and "reference" in names
    assert any(n.startswith("reference (via cmd:") for n in names)
    assert len(merged[0]) == 8


# -- the run itself ------------------------------------------------------------------------------


def test_resume_ignores_records_outside_the_selection(probes: Path, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    """[37] Records of cases outside the run's selection (an edited report, another era) were
    kept and counted: now they are left in the file, ignored and said so."""
    report = tmp_path / "r.jsonl"
    assert run(str(probes), "--report", str(report)) == 0
    records = report.read_text("utf-8").splitlines()
    stranger = json.loads(records[1])
    other_era = dict(stranger, era="invasion-2000")
    stranger.update(case="nowhere.to.be.found", result="failed", message="planted")
    report.write_text("\n".join([*records[:2], json.dumps(stranger), json.dumps(other_era)])
                      + "\n", "utf-8")
    capsys.readouterr()
    assert run(str(probes), "--resume", str(report), "--junit", str(tmp_path / "j.xml")) == 0
    said = " ".join(capsys.readouterr().err.split())
    assert "2 record(s) of cases outside this run's selection ignored" in said
    check_junit(tmp_path / "j.xml", expect_cases=4)
    assert "nowhere" not in (tmp_path / "j.xml").read_text("utf-8")


def test_case_files_are_read_before_any_engine_starts(probes: Path, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """[37] Under ``--jobs``, case files were read after the engines started: an engine that
    rewrote them turned its failures into passes. The spy engine answers 2 and rewrites
    ``expect = 7`` into ``expect = 2`` as it starts."""
    cases = tmp_path / "cases"
    cases.mkdir()
    for n in range(1, 5):
        (cases / f"p{n}.toml").write_text(
            PROBE.format(n=n).replace("expect = 2", "expect = 7"), "utf-8")
    monkeypatch.setenv("MTGCONF_ENGINE_REWRITE", str(cases))
    engine = "cmd:" + " ".join(SPY)
    for jobs in ("1", "2"):
        for case in cases.glob("*.toml"):
            case.write_text(case.read_text("utf-8").replace("expect = 2", "expect = 7"),
                            "utf-8")
        report = tmp_path / f"r{jobs}.jsonl"
        assert run(str(cases), "--adapter", engine, "--jobs", jobs, "--generated", "0",
                   "--report", str(report)) == 1
        assert [r.result for r in load_report(report).results] == ["failed"] * 4
        assert "expect = 2" in (cases / "p1.toml").read_text("utf-8")  # it did rewrite


def test_a_value_beside_unsupported_false_is_a_value(probes: Path) -> None:
    """[37] ``{"value": 2, "unsupported": false}`` was counted unsupported."""
    adapter = SubprocessAdapter([*FAULTY.split(), "--fault", "unsupported-false", "--on",
                                 "observe"], timeout=10)
    with Runner(adapter) as runner:
        results = list(runner.run(load_cases([probes]).cases))
    assert [r.result for r in results] == ["passed"] * 4


@pytest.mark.parametrize("fault", ["crash", "garbage", "exit"])
def test_a_crash_on_end_is_reported(fault: str, probes: Path) -> None:
    """[37] An engine that crashed on ``end`` (new: garbage, a silent exit) was silent: the
    case that had passed is errored, saying so."""
    adapter = SubprocessAdapter([*FAULTY.split(), "--fault", fault, "--on", "end",
                                 "--fault-case", "*n2"], timeout=10)
    with Runner(adapter) as runner:
        results = list(runner.run(load_cases([probes]).cases))
    assert [r.result for r in results] == ["passed", "errored", "passed", "passed"]
    assert "the engine failed to end the case" in results[1].message


def test_an_engine_that_never_comes_back_is_not_waited_for(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    """[37] After a crash, a restarted engine that never comes up made every remaining case
    wait the start-up timeout (13 hours for the suite): after three failed start-ups in a
    row the rest are errored at once, with the cause."""
    directory = tmp_path / "probes"
    cases = write_probes(directory, 8)
    monkeypatch.setenv("MTGCONF_ENGINE_ONCE", str(tmp_path / "started"))
    adapter = SubprocessAdapter([*SPY, "--fault", "crash", "--on", "observe",
                                 "--fault-case", "*n1"], timeout=10)
    with Runner(adapter) as runner:
        results = list(runner.run(cases))
    assert [r.result for r in results] == ["errored"] * 8
    tried = [r for r in results[1:] if r.message.startswith("the engine could not be started")]
    given_up = [r for r in results if r.message.startswith("not run: the engine failed to "
                                                           "start 3 times in a row")]
    assert len(tried) == MAX_START_FAILURES and len(given_up) == 8 - 1 - MAX_START_FAILURES
    assert all("will not start again" in r.detail for r in given_up)


def test_a_clock_jump_changes_no_result(probes: Path, tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """New: the wall clock jumps a day back (and forward) during a run: results, report and
    resume are as usual (only monotonic clocks time the cases)."""
    real = time.time
    jumps = iter([-86400.0, 86400.0 * 2] * 1000)

    def jumpy() -> float:
        return real() + next(jumps)

    monkeypatch.setattr(time, "time", jumpy)
    report = tmp_path / "r.jsonl"
    assert run(str(probes), "--report", str(report)) == 0
    assert [r.result for r in load_report(report).results] == ["passed"] * 4


def test_interleaved_shard_writers(probes: Path, tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    """New: two shards written at once: each its own report (merged exactly once); both
    onto one report: the second refused."""
    one, two = tmp_path / "s1.jsonl", tmp_path / "s2.jsonl"
    # The first shard's engine holds its cases until the gate opens, so the second shard
    # meets its report being written on any machine, however slow (no race with a sleep).
    gate = gate_path(tmp_path)
    engine = f"cmd:{FAULTY} --wait-for {gate}"
    first = subprocess.Popen([sys.executable, "-m", "conformance.cli", "run", str(probes),
                              "--adapter", engine, "--shard", "1/2", "--report", str(one),
                              "--no-progress", "-q", "--timeout", str(GENEROUS)],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        assert wait_until(lambda: one.exists() and one.stat().st_size > 0), \
            "the first shard never opened its report"
        assert run(str(probes), "--shard", "2/2", "--report", str(one)) == 2
        assert run(str(probes), "--shard", "2/2", "--report", str(two)) == 0
    finally:
        gate.touch()
        first.communicate(timeout=PATIENCE)
    assert first.returncode == 0
    capsys.readouterr()
    assert main(["report", str(one), str(two), "--markdown", str(tmp_path / "m.md")]) == 0
    assert "counted once" not in capsys.readouterr().err
    assert len(load_report(one).results) + len(load_report(two).results) == 4


def test_a_non_utf8_locale_is_no_problem(probes: Path, tmp_path: Path) -> None:
    """New: ``LC_ALL=C`` with no UTF-8 anywhere, a report path and an engine text that are
    not ASCII: exit 0, no traceback, the report whole."""
    report = tmp_path / "rapport-é.jsonl"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "PYTHONUTF8",
                                                                    "PYTHONIOENCODING"))}
    env.update(LC_ALL="C", LANG="C", PYTHONUTF8="0")
    proc = subprocess.run([sys.executable, "-m", "conformance.cli", "run", str(probes),
                           "--adapter", f"cmd:{FAULTY} --fault text-reject --fault-case *n3 "
                           "--on perform", "--report", str(report), "--no-progress"],
                          capture_output=True, env=env, timeout=120)
    assert proc.returncode == 1, proc.stderr
    assert b"Traceback" not in proc.stderr
    assert [r.result for r in load_report(report).results].count("failed") == 1


def test_the_engine_cannot_reach_into_the_harness(probes: Path, tmp_path: Path) -> None:
    """[37] An engine read the harness's secrets from ``/proc/<parent>/mem`` and wrote to its
    terminal through ``/proc/<parent>/fd/1``. The harness (here a process with no
    capabilities, as an ordinary user is) drops dumpability before it starts an engine: its
    ``environ``, ``mem`` and ``fd/`` are closed to the engine, whose own standard streams are
    pipes and which has no terminal."""
    out = tmp_path / "spy.json"
    prefix: list[str] = []
    if os.geteuid() == 0:  # root may read any process: drop every capability, as a user has
        if not Path("/usr/bin/setpriv").exists():
            pytest.skip("setpriv is needed to drop root's capabilities")
        prefix = ["setpriv", "--bounding-set=-all", "--inh-caps=-all"]
    env = dict(os.environ, MTGCONF_ENGINE_SPY_OUT=str(out), MTGCONF_SECRET_TOKEN="hunter2")
    proc = subprocess.run([*prefix, sys.executable, "-m", "conformance.cli", "run",
                           str(probes / "probe-1.toml"), "--adapter",
                           "cmd:" + " ".join(SPY), "--no-progress", "-q"],
                          capture_output=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    found = json.loads(out.read_text("utf-8"))
    assert found["environ"].startswith("refused")
    assert found["mem"].startswith("refused")
    assert found["fd/1"].startswith("refused")
    assert found["ttys"] == [False, False, False]
    assert found["dev_tty"].startswith("refused")


def test_drop_dumpable_is_idempotent() -> None:
    code = ("from conformance.transports.procgroup import drop_dumpable, is_dumpable; "
            "assert is_dumpable(); assert drop_dumpable() and drop_dumpable(); "
            "assert is_dumpable() is False")
    assert subprocess.run([sys.executable, "-c", code], timeout=60).returncode == 0
    assert callable(drop_dumpable)


@pytest.mark.slow
def test_ctrl_c_with_many_workers_stops_promptly(tmp_path: Path) -> None:
    """[37] ``--jobs 100000`` then Ctrl-C went on for 45 s and printed 8,552 tracebacks: now
    the jobs are capped and a Ctrl-C to the whole group ends the run with no traceback."""
    proc = subprocess.Popen([sys.executable, "-m", "conformance.cli", "run", "--jobs",
                             "100000", "--report", str(tmp_path / "r.jsonl"), "--no-progress"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    time.sleep(4)
    os.killpg(proc.pid, signal.SIGINT)
    try:
        _, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        raise
    assert proc.returncode in (0, 1, 130)
    assert err.count(b"Traceback") == 0, err[-2000:]
    assert b"capped to" in err



#: The classes the issue-37 attack found misbehaving, with the test that plays each.
ISSUE_CLASSES = {
    "--report X --junit X in one run": "test_one_run_naming_one_file_twice_is_refused_before_"
                                        "writing",
    "a second run's output onto a running report": "test_an_output_a_running_report_holds_is_"
                                                   "refused",
    "report --markdown onto a running report": "test_report_markdown_onto_a_live_report_is_"
                                               "refused",
    "the atomic writer ignoring the report's lock": "test_atomic_write_never_replaces_a_live_"
                                                    "report",
    "a full disk while the JSON lines are written": "test_a_full_disk_while_the_report_is_"
                                                    "written",
    "a full disk at the final JUnit write": "test_a_full_disk_at_a_final_write",
    "--jobs 100000 never capped": "test_jobs_are_capped_with_a_note",
    "Ctrl-C with many workers: tracebacks, 45 s": "test_ctrl_c_with_many_workers_stops_promptly",
    "report double-counting two inputs": "test_a_result_in_two_inputs_is_counted_once",
    "a cmd: engine named reference merged": "test_an_engine_calling_itself_reference_is_kept_"
                                            "apart",
    "secrets read through /proc/<parent>/mem": "test_the_engine_cannot_reach_into_the_harness",
    "the terminal written through /proc/<parent>/fd/1": "test_the_engine_cannot_reach_into_"
                                                        "the_harness",
    "a restarted engine that never comes up": "test_an_engine_that_never_comes_back_is_not_"
                                              "waited_for",
    "case files rewritten by the engine under --jobs": "test_case_files_are_read_before_any_"
                                                       "engine_starts",
    "a signal during the final writes": "test_a_signal_during_the_final_writes_leaves_every_"
                                        "report_whole",
    "'interrupted before any case ran' after results": "test_a_signal_during_the_final_writes_"
                                                       "leaves_every_report_whole",
    "--resume keeping records outside the selection": "test_resume_ignores_records_outside_"
                                                      "the_selection",
    "--era '[/red]x' as console markup": "test_command_line_text_is_never_console_markup",
    "control characters printed raw": "test_command_line_text_is_never_console_markup",
    "--timeout nan": "test_a_bad_option_is_a_located_usage_error",
    "--timeout inf": "test_a_bad_option_is_a_located_usage_error",
    "--timeout -1": "test_a_bad_option_is_a_located_usage_error",
    "--jobs 0": "test_a_bad_option_is_a_located_usage_error",
    "--generated -5": "test_a_bad_option_is_a_located_usage_error",
    "--shard ''": "test_a_bad_option_is_a_located_usage_error",
    "generate --out onto a file": "test_paths_of_the_wrong_kind_are_named",
    "a value beside unsupported false": "test_a_value_beside_unsupported_false_is_a_value",
    "invisible and bidi code points passing the cleaner": "test_invisible_code_points_are_"
                                                          "escaped",
    "a FIFO given to --resume": "test_paths_of_the_wrong_kind_are_named",
    "a directory given to --resume": "test_paths_of_the_wrong_kind_are_named",
    "an unreadable card directory": "test_an_unreadable_card_directory_is_an_error",
    "a spec error echoing a 1 MB value": "test_a_spec_error_echoing_a_huge_value_is_cut",
    "a crash on end": "test_a_crash_on_end_is_reported",
}

#: Classes of our own, beyond the attack's.
NEW_CLASSES = {
    "--report X --markdown X": "test_one_run_naming_one_file_twice_is_refused_before_writing",
    "--junit X --write-baseline X": "test_one_run_naming_one_file_twice_is_refused_before_"
                                    "writing",
    "two outputs, one a hard link of the other": "test_a_hard_link_or_a_symbolic_link_is_the_"
                                                 "same_file",
    "two outputs, one a symbolic link to the other": "test_a_hard_link_or_a_symbolic_link_is_"
                                                     "the_same_file",
    "an output onto the case file being run": "test_an_output_is_never_one_of_the_inputs",
    "report's output onto its input report": "test_an_output_is_never_one_of_the_inputs",
    "a file of an --html directory named again": "test_a_file_of_an_html_directory_is_taken",
    "a path another command will write at its end": "test_an_output_another_command_claimed_"
                                                    "is_refused",
    "the claim of a command killed with -9": "test_a_claim_of_a_killed_command_is_gone",
    "EIO while the report is written": "test_a_full_disk_while_the_report_is_written",
    "EDQUOT while the report is written": "test_a_full_disk_while_the_report_is_written",
    "a full disk at the final Markdown write": "test_a_full_disk_at_a_final_write",
    "a full disk at --write-baseline": "test_a_full_disk_at_a_final_write",
    "a read-only file system at the final writes": "test_a_full_disk_at_a_final_write",
    "a full disk at the run header": "test_a_full_disk_when_the_header_is_written",
    "a file system taking a few bytes per write": "test_short_writes_still_give_whole_records",
    "a slow file system (slow fsync)": "test_a_slow_fsync_loses_nothing",
    "SIGINT during the final writes": "test_a_signal_during_the_final_writes_leaves_every_"
                                      "report_whole",
    "SIGHUP during the final writes": "test_a_signal_during_the_final_writes_leaves_every_"
                                      "report_whole",
    "--jobs negative or not a number": "test_a_bad_option_is_a_located_usage_error",
    "--timeout 0": "test_a_bad_option_is_a_located_usage_error",
    "--timeout over a week": "test_a_bad_option_is_a_located_usage_error",
    "--shard I out of 1..N": "test_a_bad_option_is_a_located_usage_error",
    "--shard N = 0": "test_a_bad_option_is_a_located_usage_error",
    "--shard with three parts": "test_a_bad_option_is_a_located_usage_error",
    "an empty output path": "test_a_bad_option_is_a_located_usage_error",
    "a device given to --resume": "test_a_bad_option_is_a_located_usage_error",
    "explain --timeout nan": "test_a_bad_option_is_a_located_usage_error",
    "smoke --max-cases 0": "test_a_bad_option_is_a_located_usage_error",
    "generate --count -1": "test_a_bad_option_is_a_located_usage_error",
    "--report onto a directory": "test_paths_of_the_wrong_kind_are_named",
    "report --html onto a file": "test_paths_of_the_wrong_kind_are_named",
    "an output under a path whose parent is a file": "test_paths_of_the_wrong_kind_are_named",
    "whole categories of hiding code points (private use, blanks, noncharacters, variation "
    "selectors, fillers)": "test_invisible_code_points_are_escaped",
    "a new command printing a value into markup unescaped": "test_console_markup_takes_only_"
                                                            "escaped_values",
    "a resumed report holding a record of another era": "test_resume_ignores_records_outside_"
                                                        "the_selection",
    "garbage on end": "test_a_crash_on_end_is_reported",
    "a silent exit on end": "test_a_crash_on_end_is_reported",
    "clock jumps during a run": "test_a_clock_jump_changes_no_result",
    "interleaved --shard writers": "test_interleaved_shard_writers",
    "a non-UTF-8 (C) locale": "test_a_non_utf8_locale_is_no_problem",
    "the engine's own terminal (tty streams, /dev/tty)": "test_the_engine_cannot_reach_into_"
                                                         "the_harness",
    "a spec error found by a worker process": "test_a_spec_error_crosses_between_processes",
}


def test_the_classes_are_played_and_counted_in_the_docs() -> None:
    """Every class names a test of this module; docs/reliability.md states both counts."""
    tests = {name for name in globals() if name.startswith("test_")}
    for classes in (ISSUE_CLASSES, NEW_CLASSES):
        assert set(classes.values()) <= tests
    assert len(NEW_CLASSES) >= 30
    doc = " ".join((ROOT / "docs" / "reliability.md").read_text("utf-8").split())
    assert (f"{len(ISSUE_CLASSES)} classes the attack found misbehaving, {len(NEW_CLASSES)} "
            f"new classes of our own: {len(ISSUE_CLASSES) + len(NEW_CLASSES)} classes") in doc
