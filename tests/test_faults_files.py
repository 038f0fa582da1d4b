"""Report files (issue 15): modes, atomic writes after a kill, locks, and the run header that
``--resume`` checks.

Defects pinned here: ``--resume`` merged another run silently (9); two runs writing one
``--report`` lost one's results (10); report files were created 0600 and a kill during an atomic
write left a ``.tmp`` behind (19).
"""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from conformance.cli import main
from conformance.reports.jsonl import JsonlWriter, load_report
from conformance.results.files import ReportBusy, atomic_write, file_mode, sweep_stale_temps
from conformance.results.records import CaseResult

from .limits import GENEROUS, PATIENCE, gate_path, wait_until
from .test_faults_engine import write_probes

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def probe_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Four probe cases."""
    directory = tmp_path_factory.mktemp("probes")
    write_probes(directory, 4)
    return directory


def mode(path: Path) -> int:
    """The permission bits of ``path``."""
    return stat.S_IMODE(path.stat().st_mode)


# -- defect 19 ------------------------------------------------------------------------------------


def test_every_report_file_gets_the_usual_mode(tmp_path: Path, probe_dir: Path) -> None:
    """JSON lines, JUnit, Markdown, HTML, summary and badges: 0666 less the umask (0644 under
    umask 022), as any file the user creates; they used to be 0600."""
    old = os.umask(0o022)
    try:
        assert main(["run", str(probe_dir), "--no-progress", "-q",
                     "--report", str(tmp_path / "r.jsonl"), "--junit", str(tmp_path / "j.xml"),
                     "--markdown", str(tmp_path / "r.md")]) == 0
        assert main(["report", str(tmp_path / "r.jsonl"), "--html", str(tmp_path / "h")]) == 0
        files = [p for p in tmp_path.rglob("*") if p.is_file()]
        assert len(files) >= 6
        assert {p.name: mode(p) for p in files} == {p.name: 0o644 for p in files}
        os.umask(0o077)
        atomic_write(tmp_path / "private.txt", "x")
        assert mode(tmp_path / "private.txt") == 0o600 == file_mode()
    finally:
        os.umask(old)


KILLER = r'''
import os, signal, sys
from pathlib import Path
import conformance.results.files as files
real = os.replace
def replace(src, dst):
    os.kill(os.getpid(), signal.SIGKILL)  # killed between writing and renaming
files.os.replace = replace
files.atomic_write(Path(sys.argv[1]), "new text")
'''


def test_a_kill_during_an_atomic_write_leaves_the_old_file_and_no_temp(tmp_path: Path) -> None:
    """SIGKILL between writing the temporary file and renaming it: the target keeps its old
    text, and the next write of that target removes the temporary file left behind."""
    target = tmp_path / "report.md"
    target.write_text("old text", "utf-8")
    (tmp_path / "killer.py").write_text(KILLER, "utf-8")
    run = subprocess.run([sys.executable, str(tmp_path / "killer.py"), str(target)],
                         capture_output=True, timeout=60)
    assert run.returncode == -signal.SIGKILL
    assert target.read_text("utf-8") == "old text"
    left = [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert len(left) == 1
    atomic_write(target, "newer text")
    assert target.read_text("utf-8") == "newer text"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_an_interrupted_atomic_write_removes_its_temp(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C (KeyboardInterrupt) during the write: the temporary file is removed."""
    import conformance.results.files as files

    def interrupted(src: object, dst: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(files.os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        atomic_write(tmp_path / "x.md", "text")
    assert list(tmp_path.iterdir()) == []


def test_a_live_writers_temp_is_not_swept(tmp_path: Path) -> None:
    """A temporary file of a process that still runs is left alone."""
    live = tmp_path / f".x.md.{os.getpid()}.abcd.tmp"
    live.write_text("being written")
    dead = tmp_path / ".x.md.999999999.abcd.tmp"
    dead.write_text("orphan")
    assert sweep_stale_temps(tmp_path / "x.md") == 1
    assert live.exists() and not dead.exists()


# -- defect 10 ------------------------------------------------------------------------------------


def test_a_second_writer_of_one_report_is_refused(tmp_path: Path) -> None:
    """While one writer holds a report, another (even in this process) is refused and the
    report is left as it was."""
    path = tmp_path / "r.jsonl"
    with JsonlWriter(path) as first:
        first.write(CaseResult("a", "modern", "passed"))
        with pytest.raises(ReportBusy, match="being written by another mtgconf run"):
            JsonlWriter(path)
        with pytest.raises(ReportBusy):
            JsonlWriter(path, append=True)
        first.write(CaseResult("b", "modern", "passed"))
    assert [r.case for r in load_report(path).results] == ["a", "b"]
    JsonlWriter(path, append=True).close()  # free again


def test_two_runs_on_one_report_refuse_the_second(tmp_path: Path, probe_dir: Path) -> None:
    """A second ``mtgconf run --report`` of a report another run is writing exits 2 at once
    with the reason; the first run's report is whole. The first run's engine holds its first
    case until the test opens a gate, so the second run meets it writing on any machine."""
    report = tmp_path / "r.jsonl"
    gate = gate_path(tmp_path)
    engine = (f"cmd:{sys.executable} {ROOT / 'tests' / 'engines' / 'faulty_engine.py'} "
              f"--wait-for {gate}")
    first = subprocess.Popen([sys.executable, "-m", "conformance.cli", "run", str(probe_dir),
                              "--adapter", engine, "--report", str(report), "--no-progress",
                              "-q", "--timeout", str(GENEROUS)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert wait_until(lambda: report.exists() and report.stat().st_size > 0), \
            "the first run never opened its report"
        second = subprocess.run([sys.executable, "-m", "conformance.cli", "run",
                                 str(probe_dir), "--report", str(report), "--no-progress",
                                 "-q"], capture_output=True, text=True, timeout=PATIENCE)
    finally:
        gate.touch()
    _, err = first.communicate(timeout=PATIENCE)
    assert second.returncode == 2, second.stdout + second.stderr
    assert "being written by another mtgconf run" in " ".join(second.stderr.split())
    assert first.returncode == 0, err.decode()
    assert len(load_report(report).results) == 4


# -- defect 9 -------------------------------------------------------------------------------------


def interrupted_report(probe_dir: Path, tmp_path: Path, *extra: str) -> Path:
    """A report of two of the probes, as left by an interrupted run with ``extra`` options."""
    report = tmp_path / "r.jsonl"
    assert main(["run", str(probe_dir), "--report", str(report), "--no-progress", "-q",
                 *extra]) == 0
    lines = report.read_text("utf-8").split("\n")
    report.write_text("\n".join(lines[:3]) + "\n", "utf-8")  # the header and two results
    return report


def test_the_header_records_the_run(tmp_path: Path, probe_dir: Path) -> None:
    """The first line holds the suite version and commit, the adapter's info, the seed and
    generated count, and the identity --resume compares."""
    report = interrupted_report(probe_dir, tmp_path)
    header = load_report(report).header
    assert header is not None
    assert header["record"] == "run" and header["format"] == 1
    assert header["adapter"]["name"] == "reference" and header["adapter"]["eras"]
    assert set(header["suite"]) == {"version", "commit"}
    assert (header["generated"], header["seed"]) == (0, None)
    assert {"spec", "cases", "selection", "era", "skip", "adapter", "adapter_version",
            "generated", "generated_seed", "suite_version"} <= set(header["identity"])


MISMATCHES = [
    (["--era", "modern"], [], "--era"),
    (["--skip", "*n3"], [], "--skip"),
    ([], ["--skip", "*n3"], "--skip"),
    (["--shard", "1/2"], [], "--shard"),
    (["--generated", "3"], ["--generated", "3", "--generated-seed", "7"], "generated seed"),
]


@pytest.mark.parametrize(("before", "after", "named"), MISMATCHES,
                         ids=[m[2] for m in MISMATCHES])
def test_resume_refuses_a_run_with_other_options(tmp_path: Path, probe_dir: Path,
                                                 capsys: pytest.CaptureFixture[str],
                                                 before: list[str], after: list[str],
                                                 named: str) -> None:
    """Another era, skip list, shard or generated set: refused (exit 2), the difference
    named, the report untouched."""
    report = interrupted_report(probe_dir, tmp_path, *before)
    text = report.read_bytes()
    capsys.readouterr()
    code = main(["run", str(probe_dir), "--resume", str(report), "--no-progress", "-q",
                 *after])
    out = capsys.readouterr().err
    assert code == 2, out
    assert "it is the report of a different run" in out and named in out
    assert report.read_bytes() == text


def test_resume_refuses_other_cases_and_another_adapter_version(
        tmp_path: Path, probe_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Changed case data, or the same adapter at another version: refused."""
    report = interrupted_report(probe_dir, tmp_path)
    other = tmp_path / "other"
    other.mkdir()
    for path in probe_dir.iterdir():
        (other / path.name).write_text(path.read_text().replace("expect = 2", "expect = 2.0"))
    capsys.readouterr()
    assert main(["run", str(other), "--resume", str(report), "--no-progress", "-q"]) == 2
    assert "case files (their paths and contents)" in capsys.readouterr().err
    lines = report.read_text("utf-8").split("\n")
    header = json.loads(lines[0])
    header["identity"]["adapter_version"] = "0.0.1-old"
    report.write_text("\n".join([json.dumps(header), *lines[1:]]), "utf-8")
    assert main(["run", str(probe_dir), "--resume", str(report), "--no-progress", "-q"]) == 2
    assert "adapter version: \"0.0.1-old\" in the report" in capsys.readouterr().err


def test_resume_of_the_same_run_completes_it(tmp_path: Path, probe_dir: Path) -> None:
    """The same options: resumed, the two missing results added, one header in all."""
    report = interrupted_report(probe_dir, tmp_path, "--skip", "*n4")
    assert main(["run", str(probe_dir), "--resume", str(report), "--no-progress", "-q",
                 "--skip", "*n4"]) == 0
    found = load_report(report)
    assert not found.problems and found.header is not None
    assert len(found.results) == 4


def test_resume_refuses_a_report_without_a_header(tmp_path: Path, probe_dir: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Results with no run header (an older mtgconf, or made by hand): refused, saying why."""
    report = tmp_path / "r.jsonl"
    report.write_text(json.dumps(CaseResult("faults.probe.n1", "modern", "passed",
                                            adapter="reference").to_record()) + "\n")
    assert main(["run", str(probe_dir), "--resume", str(report), "--no-progress", "-q"]) == 2
    assert "it has no run header" in capsys.readouterr().err


def test_resume_refuses_a_report_with_bad_lines(tmp_path: Path, probe_dir: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """A line in the middle that is not a valid record: refused, the line located."""
    report = interrupted_report(probe_dir, tmp_path)
    lines = report.read_text("utf-8").split("\n")
    lines.insert(2, '{"case": 5, "result": "passed"}')
    report.write_text("\n".join(lines), "utf-8")
    assert main(["run", str(probe_dir), "--resume", str(report), "--no-progress", "-q"]) == 2
    out = capsys.readouterr().err
    assert f"{report}:3: [report-record] 'case' must be a string" in out.replace("\n", "")
