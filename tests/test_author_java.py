"""The JVM walk-through (issue 35): the Java example engine (examples/java), built and started
by its wrapper script, plays the characteristics cases exactly as the Python example does, and
passes ``smoke``. Skipped, with the reason, where no JDK is installed (CI machines have one)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from conformance.cli import main
from conformance.reports.jsonl import read_report

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "spec" / "cases" / "characteristics"

pytestmark = pytest.mark.skipif(
    shutil.which("java") is None or shutil.which("javac") is None,
    reason="no JDK (java and javac) on PATH: the Java example engine cannot be built here")


@pytest.fixture(scope="module")
def java_engine(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The example copied out of the source tree (its wrapper compiles into build/ beside
    it), as a cmd: adapter."""
    where = tmp_path_factory.mktemp("java") / "java"
    shutil.copytree(ROOT / "examples" / "java", where,
                    ignore=shutil.ignore_patterns("build", ".build.*"))
    return f"cmd:{where / 'run-engine.sh'}"


def test_the_java_engine_plays_what_the_python_example_plays(
        java_engine: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    java, python = tmp_path / "java.jsonl", tmp_path / "python.jsonl"
    assert main(["run", "-q", "--adapter", java_engine, "--report", str(java),
                 str(CASES)]) == 0
    main(["run", "-q", "--adapter", f"cmd:{sys.executable} {ROOT / 'examples' / 'tiny_engine.py'}",
          "--report", str(python), str(CASES)])
    capsys.readouterr()
    ran_java = {r.key: r.result for r in read_report(java)}
    ran_python = {r.key: r.result for r in read_report(python)}
    passed = {k for k, v in ran_java.items() if v == "passed"}
    assert passed and passed == {k for k, v in ran_python.items() if v == "passed"}
    assert not any(v in ("failed", "errored") for v in ran_java.values())
    # It declares its queries: a case asking another is planned unsupported, not run.
    refused = [r for r in read_report(java) if r.result == "unsupported"]
    assert any("query:matches" in r.missing and r.step is None for r in refused)


def test_the_java_engine_passes_smoke(java_engine: str,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["smoke", "--adapter", java_engine]) == 0
    out = capsys.readouterr().out
    assert "tiny-java 1.0" in out and "an unknown query is answered unsupported" in out
