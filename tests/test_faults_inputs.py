"""Hostile files (issue 15): every input of :mod:`tests.hostile_inputs` finishes, raises nothing
and gives a located error, or is accepted when it is valid after all.

Defects pinned here: a 4,301-digit integer killed run/validate (6); lint re-read files without
the loader's guards, hanging on a FIFO and reading /dev/zero without end (7); small files with
super-linear cost (8); ``mtgconf report`` opened whatever a record's ``file`` named (16); crafted
resume and baseline files gave tracebacks (17); a date or NaN in a card validated, then failed
every subprocess engine (18).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest

from conformance.authoring.lint import lint_paths
from conformance.commands.report import case_source
from conformance.errors import SpecError
from conformance.reports.jsonl import load_report
from conformance.results.baseline import load_baseline
from conformance.running.runner import Runner
from conformance.spec.catalog import default_spec, load_spec
from conformance.spec.limits import MAX_INT_DIGITS
from conformance.spec.loader import load_case_file, load_cases

from .hostile_inputs import HOSTILE, Hostile
from .report_checks import check_every_format

pytestmark = pytest.mark.skipif(os.name != "posix", reason="FIFOs and /dev/zero are POSIX")

ROOT = Path(__file__).resolve().parent.parent
T = TypeVar("T")


def bounded(fn: Callable[[], T], seconds: float = 60.0) -> T:
    """``fn()``, failing the test if it does not return within ``seconds`` (a hang)."""
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["value"] = fn()
        except BaseException as exc:  # the test reports it below
            box["error"] = exc

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"did not finish within {seconds:g}s"
    if "error" in box:
        raise box["error"]
    return box["value"]  # type: ignore[no-any-return]


def by_kind(kind: str) -> list[Hostile]:
    """The hostile inputs of one kind."""
    return [h for h in HOSTILE.values() if h.kind == kind]


def test_the_catalog_is_big_enough() -> None:
    """At least 80 hostile inputs, of every kind."""
    assert len(HOSTILE) >= 80
    assert {h.kind for h in HOSTILE.values()} == {"case", "card", "report", "record-file",
                                                  "baseline"}


@pytest.mark.parametrize("hostile", by_kind("case"), ids=lambda h: h.name)
def test_hostile_case_file(tmp_path: Path, hostile: Hostile) -> None:
    """Loaded directly, found in a directory, and linted: a located error or a valid case,
    never an exception or a hang; a valid one runs and reaches every report."""
    path = hostile.make(tmp_path)
    case, errors = bounded(lambda: load_case_file(path))
    loaded = bounded(lambda: load_cases([tmp_path]))
    bounded(lambda: lint_paths([tmp_path], default_spec()))
    if hostile.valid:
        assert case is not None and not errors, [e.format() for e in errors]
        with Runner(bounded(_reference)) as runner:
            results = list(runner.run(loaded.cases))
        assert [r.result for r in results] == ["passed"]
        check_every_format(results, tmp_path / "out")
        return
    assert case is None and errors
    for error in errors + loaded.errors:
        assert error.file and Path(error.file).name == path.name, error.format()
        assert error.format().startswith(error.file)


def _reference() -> Any:
    from conformance.adapters.reference import ReferenceAdapter

    return ReferenceAdapter()


def test_huge_integer_message(tmp_path: Path) -> None:
    """The 5,000-digit integer is named with its line and the limit."""
    path = HOSTILE["huge-int.toml"].make(tmp_path)
    _, errors = load_case_file(path)
    assert [e.code for e in errors] == ["too-large"]
    assert errors[0].line == path.read_text().count("\n")
    assert f"more than {MAX_INT_DIGITS} digits" in errors[0].message


def spec_copy(directory: Path) -> Path:
    """A spec tree with the real registries and cards, and no cases."""
    root = directory / "spec"
    shutil.copytree(ROOT / "spec", root, ignore=shutil.ignore_patterns("cases"))
    (root / "cases").mkdir()
    return root


@pytest.fixture(scope="module")
def spec_tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One copy of the spec (registries, cards), reused by the card tests."""
    return spec_copy(tmp_path_factory.mktemp("spec"))


@pytest.mark.parametrize("hostile", by_kind("card"), ids=lambda h: h.name)
def test_hostile_card_file(spec_tree: Path, hostile: Hostile) -> None:
    """A hostile card among the real ones: a located error for that card, the others load."""
    path = hostile.make(spec_tree / "cards")
    try:
        spec = bounded(lambda: load_spec(spec_tree))
    finally:
        path.unlink()
    mine = [e for e in spec.errors if e.file and Path(e.file).name == path.name]
    assert mine, [e.format() for e in spec.errors][:5]
    assert len(spec.errors) == len(mine), [e.format() for e in spec.errors if e not in mine]
    assert len(spec.cards) == len(default_spec().cards)


def test_a_card_date_is_a_located_not_json_error(spec_tree: Path) -> None:
    """The date in a card (it validated, then failed every subprocess engine) is an error at
    load time, with its line."""
    path = HOSTILE["card-date.toml"].make(spec_tree / "cards")
    try:
        spec = load_spec(spec_tree)
    finally:
        path.unlink()
    (error,) = [e for e in spec.errors if e.file == str(path)]
    assert (error.code, error.path, error.line) == ("not-json", "released", 8)


@pytest.mark.parametrize("hostile", by_kind("report"), ids=lambda h: h.name)
def test_hostile_report_file(tmp_path: Path, hostile: Hostile) -> None:
    """Read as a report: an OSError for what is not a regular file, else every bad line a
    located problem and every good one a result."""
    path = hostile.make(tmp_path)
    try:
        found = bounded(lambda: load_report(path))
    except OSError as exc:
        assert not hostile.valid
        assert "not a regular file" in str(exc) or isinstance(exc, IsADirectoryError)
        return
    if hostile.valid:
        assert not found.problems, [p.format() for p in found.problems]
        assert found.results
        check_every_format(found.results, tmp_path / "out")
        return
    assert found.problems or not found.results
    for problem in found.problems:
        assert problem.file == str(path) and problem.line, problem.format()


@pytest.mark.parametrize("hostile", by_kind("record-file"), ids=lambda h: h.name)
def test_report_never_opens_what_a_record_names(tmp_path: Path, hostile: Hostile) -> None:
    """A record's ``file`` naming a device, a pipe, a binary or a file outside the project:
    the HTML report does not read it (and does not hang)."""
    path = hostile.make(tmp_path)
    (result,) = load_report(path).results
    source = case_source(default_spec())
    text, steps = bounded(lambda: source(result), 30)
    assert text is None and steps == []


@pytest.mark.parametrize("hostile", by_kind("baseline"), ids=lambda h: h.name)
def test_hostile_baseline_file(tmp_path: Path, hostile: Hostile) -> None:
    """A located baseline error, never another exception or a hang."""
    path = hostile.make(tmp_path)
    with pytest.raises(SpecError) as info:
        bounded(lambda: load_baseline(path))
    assert info.value.file == str(path)
    assert info.value.format().startswith(str(path))


# -- the same through the command line (slow) ----------------------------------------------------

MTGCONF = [sys.executable, "-m", "conformance.cli"]


def cli(*args: str, env: dict[str, str] | None = None, timeout: float = 300
        ) -> subprocess.CompletedProcess[str]:
    """Run ``mtgconf`` to the end (a hang fails the test through the timeout)."""
    run = subprocess.run([*MTGCONF, *args], capture_output=True, text=True, timeout=timeout,
                         env={**os.environ, **(env or {})}, cwd=ROOT)
    assert "Traceback" not in run.stdout + run.stderr, run.stdout + run.stderr
    return run


@pytest.mark.slow
def test_every_hostile_case_through_validate_and_run(tmp_path: Path) -> None:
    """``mtgconf validate`` and ``mtgconf run`` of a directory holding every hostile case:
    they finish, exit 1, name every bad file, and run the valid ones."""
    for hostile in by_kind("case"):
        own = tmp_path / hostile.name.replace(".toml", "")
        own.mkdir()
        hostile.make(own)
    validate = cli("validate", str(tmp_path))
    assert validate.returncode == 1
    for hostile in by_kind("case"):
        if not hostile.valid:
            assert hostile.name in validate.stdout + validate.stderr, hostile.name
    run = cli("run", str(tmp_path), "--no-progress", "--report", str(tmp_path / "r.jsonl"),
              "--junit", str(tmp_path / "r.xml"), "--markdown", str(tmp_path / "r.md"))
    assert run.returncode == 1
    results = load_report(tmp_path / "r.jsonl").results
    # the valid inputs share one case id: the first runs, the others are duplicate ids
    assert [r.result for r in results] == ["passed"]
    assert "is also used by" in (run.stdout + run.stderr).replace("\n", "")


@pytest.mark.slow
@pytest.mark.parametrize("hostile", by_kind("report") + by_kind("record-file"),
                         ids=lambda h: h.name)
def test_every_hostile_report_through_report_and_resume(tmp_path: Path,
                                                        hostile: Hostile) -> None:
    """``mtgconf report`` and ``mtgconf run --resume`` of each hostile report: they finish
    without a traceback; resume refuses all but the valid ones (exit 2)."""
    path = hostile.make(tmp_path)
    report = cli("report", str(path), "--html", str(tmp_path / "html"))
    assert report.returncode in (0, 1, 2)
    if not hostile.valid:
        assert report.returncode != 0 or hostile.kind == "record-file"
    resume = cli("run", str(ROOT / "spec" / "cases" / "characteristics"), "--resume",
                 str(path), "--no-progress", "-q", "--generated", "0")
    # an empty report is a run killed before its header: resumed as a fresh run
    assert resume.returncode == (0 if hostile.name == "empty.jsonl" else 2), resume.stdout


@pytest.mark.slow
@pytest.mark.parametrize("hostile", by_kind("baseline"), ids=lambda h: h.name)
def test_every_hostile_baseline_through_run(tmp_path: Path, hostile: Hostile) -> None:
    """``mtgconf run --baseline`` of each hostile baseline: exit 2, the file named."""
    path = hostile.make(tmp_path)
    run = cli("run", str(ROOT / "spec" / "cases" / "characteristics"), "--baseline",
              str(path), "--no-progress", "-q", "--generated", "0")
    assert run.returncode == 2
    assert path.name in (run.stdout + run.stderr).replace("\n", "")  # (the console wraps)


@pytest.mark.slow
def test_every_hostile_card_through_validate(tmp_path: Path) -> None:
    """``mtgconf validate`` with every hostile card in the catalog: exit 1, each named."""
    root = spec_copy(tmp_path)
    for hostile in by_kind("card"):
        hostile.make(root / "cards")
    run = cli("validate", env={"MTGCONF_SPEC": str(root)})
    assert run.returncode == 1
    for hostile in by_kind("card"):
        assert hostile.name in run.stdout + run.stderr, hostile.name
