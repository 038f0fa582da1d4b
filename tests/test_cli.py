"""``mtgconf`` end to end: run (with reports), validate, adapters, coverage."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from conformance.cli import main
from conformance.spec.catalog import default_spec
from conformance.spec.schema import validator

from .test_loader import GOOD

#: The foundation's characteristics rulings, each of which must have a passing case.
FOUNDATION = ["MULTI-01", "MULTI-02", "MULTI-03", "MULTI-04", "MULTI-06", "MULTI-07", "MULTI-08",
              "MULTI-09", "SPLIT-02", "SPLIT-05", "SPLIT-09", "SPLIT-M02", "SPLIT-M04",
              "NMDFC-01", "NMDFC-02", "NMDFC-03", "NMDFC-06", "KINDRED-01", "KINDRED-02",
              "CMDR-01"]


def test_run_with_a_malformed_case_reports_it_and_runs_the_rest(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "good.toml").write_text(GOOD)
    (tmp_path / "broken.toml").write_text(GOOD.replace("test.good", "test.broken")
                                          .replace('zone = "hand"', "")
                                          .replace('card = "Grizzly Bears"',
                                                   'card = "Grizzly Bears"\nzone = "deck"'))
    report = tmp_path / "out" / "report.jsonl"
    junit = tmp_path / "out" / "junit.xml"
    markdown = tmp_path / "out" / "report.md"
    code = main(["run", "--no-progress", str(tmp_path), "--report", str(report),
                 "--junit", str(junit), "--markdown", str(markdown)])
    captured = capsys.readouterr()
    assert code == 1
    assert ("broken.toml:12, case test.broken, at setup.objects[0].zone: [schema] 'deck'"
            in captured.err)
    assert "1 spec error(s)" in captured.err
    assert "[schema]" not in captured.out
    records = [json.loads(line) for line in report.read_text().split("\n") if line]
    assert records[0]["record"] == "run" and records[0]["adapter"]["name"] == "reference"
    assert [(r["case"], r["result"]) for r in records[1:]] == [("test.good", "passed")]
    for record in records:
        assert not list(validator("report").iter_errors(record))
    suites = ET.parse(junit).getroot()
    assert suites.find("testsuite").get("tests") == "1"  # type: ignore[union-attr]
    assert "# Conformance report: reference" in markdown.read_text()


def test_run_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "good.toml").write_text(GOOD)
    assert main(["run", "-q", str(tmp_path)]) == 0
    (tmp_path / "good.toml").write_text(GOOD.replace('["green"]', '["blue"]'))
    assert main(["run", "-q", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "FAILED test.good [modern]" in out
    assert 'expected ["blue"], observed ["green"]' in out
    assert main(["run", "-q", "--adapter", "no-such-engine", str(tmp_path)]) == 2


def test_summary_table_by_area(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--no-progress", "spec/cases/characteristics"]) == 0
    out = capsys.readouterr().out
    assert "rules area" in out and "characteristics" in out and "passed" in out


def test_validate_whole_spec(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate"]) == 0
    assert "ok" in capsys.readouterr().out


def test_validate_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "bad.toml").write_text(GOOD.replace("Grizzly Bears", "Grizzly Baers"))
    assert main(["validate", "--json", str(tmp_path)]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["errors"][0]["code"] == "unknown-card"
    assert data["errors"][0]["line"] == 11


def test_adapters_lists_reference(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["adapters"]) == 0
    assert "reference" in capsys.readouterr().out


def test_coverage_json_lists_every_ruling(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["coverage", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["rulings"]) == set(default_spec().rulings)
    for rid in FOUNDATION:
        entry = data["rulings"][rid]
        assert entry["cases"] >= 1 and entry["passing"] >= 1, rid
    assert data["rulings"]["DOM-04"]["bucket"] == "not-testable"
    assert data["rulings"]["DOM-04"]["reason"]


def test_no_command_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "usage: mtgconf" in capsys.readouterr().out


# -- exit statuses: a run that tested nothing never looks green ------------------------------

@pytest.fixture(autouse=True)
def _no_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    """As in a CI log: no terminal and no COLUMNS (pytest-xdist sets COLUMNS=80)."""
    monkeypatch.delenv("COLUMNS", raising=False)


def test_unknown_era_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "-q", "--era", "modrn", "spec/cases/mana"]) == 2
    captured = capsys.readouterr()
    assert "unknown era 'modrn'; known eras: invasion-2000, modern" in captured.err
    assert captured.out == ""


def test_a_selection_of_no_case_exits_3(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "good.toml").write_text(GOOD)
    assert main(["run", "-q", "--era", "invasion-2000", str(tmp_path)]) == 3
    err = capsys.readouterr().err
    assert "no case selected (1 case(s) loaded from 1 file(s); none holds in era " \
           "'invasion-2000')" in err


def test_everything_unsupported_exits_5_and_says_why(capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    code = main(["run", "-q", "--adapter", f"cmd:{sys.executable} examples/tiny_engine.py",
                 "spec/cases/combat/attack-haste-allowed.toml"])
    captured = capsys.readouterr()
    assert code == 5
    assert "unsupported results, because:" in captured.out
    assert "lacks feature combat" in captured.out
    assert "every selected case is unsupported or skipped: nothing was tested (exit 5)" \
        in captured.err


def test_all_skipped_exits_5(tmp_path: Path) -> None:
    (tmp_path / "good.toml").write_text(GOOD)
    assert main(["run", "-q", "--skip", "test.*", str(tmp_path)]) == 5


def test_only_known_failures_exit_4(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "bad.toml").write_text(GOOD.replace('["green"]', '["blue"]'))
    baseline = tmp_path / "baseline.toml"
    assert main(["run", "-q", str(tmp_path / "bad.toml"), "--write-baseline",
                 str(baseline)]) == 1
    assert main(["run", "-q", str(tmp_path / "bad.toml"), "--baseline", str(baseline)]) == 4
    assert "not one case passed (exit 4)" in capsys.readouterr().err


def test_a_reference_unsupported_answer_fails_the_run(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    """A case the reference engine cannot answer is a bug of the suite, not a pass."""
    from conformance.adapter import Unsupported
    from conformance.adapters.reference import ReferenceSession

    def refuse(self: object, query: object) -> object:
        raise Unsupported("no such query")

    monkeypatch.setattr(ReferenceSession, "observe", refuse)
    (tmp_path / "good.toml").write_text(GOOD)
    assert main(["run", "-q", str(tmp_path)]) == 1
    assert "unsupported on the reference engine" in capsys.readouterr().err


def test_exit_table_in_help_and_readme(capsys: pytest.CaptureFixture[str]) -> None:
    from conformance.commands._exit import EXIT_CODES

    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    readme = (Path(__file__).parent.parent / "README.md").read_text("utf-8")
    rows = {line.split("|")[1].strip(): line.split("|")[2].strip().replace("`", "")
            for line in readme.splitlines() if line.startswith("| ") and "|" in line[2:]}
    for code, text in EXIT_CODES:
        assert f"{code:>3}  {text.split()[0]}" in out
        assert rows.get(str(code)) == text, code  # one table, the same words in both
    with pytest.raises(SystemExit):
        main(["run", "--help"])
    assert "exit status:" in capsys.readouterr().out


# -- console as CI expects --------------------------------------------------------------------

def _mtgconf(*args: str, env: dict[str, str] | None = None, **kw: object
             ) -> subprocess.CompletedProcess[str]:
    full = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    full.update(env or {})
    return subprocess.run([sys.executable, "-m", "conformance", *args], capture_output=True,
                          text=True, env=full, timeout=120, **kw)  # type: ignore[call-overload]


def test_python_dash_m_conformance() -> None:
    done = _mtgconf("--version")
    assert done.returncode == 0 and done.stdout.startswith("mtgconf ")


def test_full_width_off_a_terminal_unless_columns(tmp_path: Path) -> None:
    long_id = "test." + "very-long-case-id-" * 6 + "end"
    (tmp_path / "bad.toml").write_text(GOOD.replace("test.good", long_id)
                                       .replace('["green"]', '["blue"]'))
    done = _mtgconf("run", "-q", str(tmp_path))
    line = next(ln for ln in done.stdout.splitlines() if ln.startswith("FAILED"))
    assert long_id in line and 'observed ["green"]' in line  # one line, never cut at 80
    narrow = _mtgconf("run", "-q", str(tmp_path), env={"COLUMNS": "50"})
    assert max(len(ln) for ln in narrow.stdout.splitlines() if "┃" in ln) <= 50


def test_closed_pipe_is_quiet() -> None:
    proc = subprocess.Popen([sys.executable, "-m", "conformance", "features"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()  # like `| head -1`
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) in (0, 141)  # 0 when the output fit the pipe's buffer
    assert "Traceback" not in err and "BrokenPipe" not in err


def test_ctrl_c_while_loading_is_one_line(monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    from conformance.spec import loader

    def interrupted(*args: object, **kwargs: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(loader, "load_cases", interrupted)
    monkeypatch.setattr("conformance.running.suite.load_cases", interrupted)
    assert main(["run", "-q"]) == 130
    assert capsys.readouterr().err == "interrupted before any case ran\n"


def _interruptible() -> None:
    """In the child, before exec: Ctrl-C as a terminal delivers it (default disposition, not
    blocked), whatever an earlier test in this pytest process left in its own signal state
    (a blocked or ignored SIGINT is inherited across exec, and the run would never see it)."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs Linux /proc")
def test_ctrl_c_during_a_run_is_one_line_not_a_traceback() -> None:
    """SIGINT once the engine process runs (so the harness is past its own start-up)."""
    engine = Path(__file__).parent / "engines" / "faulty_engine.py"
    proc = subprocess.Popen([sys.executable, "-m", "conformance", "run", "--no-progress",
                             "--adapter", f"cmd:{sys.executable} {engine} --slow 30",
                             "spec/cases/characteristics/multicolor-from-mana-cost.toml"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=_interruptible)
    children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not children.read_text().strip():
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert b"Traceback" not in err
    assert b"interrupted" in err


def test_an_errored_line_says_the_exit_code_and_stderr(capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    engine = Path(__file__).parent / "engines" / "faulty_engine.py"
    code = main(["run", "-q", "--adapter",
                 f"cmd:{sys.executable} {engine} --fault crash --on observe",
                 "spec/cases/characteristics/multicolor-from-mana-cost.toml"])
    out = capsys.readouterr().out
    assert code == 1
    line = next(ln for ln in out.splitlines() if ln.startswith("ERRORED"))
    assert "adapter error: the engine exited (code 3)" in line
    assert "[stderr: " in line


def test_adapters_hint_keeps_its_brackets(monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    from conformance.commands import adapters as cmd
    from conformance.errors import AdapterError

    def unavailable(name: str, **kw: object) -> object:
        raise AdapterError("pip install 'mtg-conformance[phase]'")

    monkeypatch.setattr(cmd, "resolve_adapter", unavailable)
    assert main(["adapters"]) == 0
    assert "mtg-conformance[phase]" in capsys.readouterr().out


def test_a_command_imports_only_its_own_module() -> None:
    """``mtgconf run`` parses its options without importing the other commands' code (nor the
    harness: its workers start before that), and the top-level help lists every command."""
    code = ("import sys; from conformance.cli import build_parser; build_parser(only='run'); "
            "print(sorted(m for m in sys.modules if m.startswith(('conformance.commands.', "
            "'conformance.running.runner', 'reference_engine'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == ("['conformance.commands._exit', 'conformance.commands._options', "
                           "'conformance.commands.run']")
    from conformance.cli import build_parser
    from conformance.commands import COMMANDS

    text = build_parser(only=None).format_help()
    assert all(c.name in text and c.help[:30] in text.replace("\n", " ") for c in COMMANDS)


@pytest.mark.parametrize(("argv", "command"), [
    (["run", "-q"], "run"), (["--spec", "run", "validate"], "validate"),
    (["--spec=x", "coverage"], "coverage"), (["--help"], None), (["rnu"], None), ([], None)])
def test_the_command_is_found_before_parsing(argv: list[str], command: str | None) -> None:
    from conformance.cli import command_named

    assert command_named(argv) == command
