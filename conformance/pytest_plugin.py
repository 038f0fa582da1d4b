"""A pytest plugin that collects spec case files as test items.

Registered through the ``pytest11`` entry point. Collection is on when the ini option
``mtg_collect = true`` is set or ``--mtg-adapter`` / ``--mtg-spec`` is given; then every
``*.toml`` file under a directory named ``cases`` becomes one item per era. With
``--mtg-adapter`` or ``--mtg-spec`` and no case file or ``cases`` directory named on the command
line, the spec's own cases are collected too, so ``pytest --mtg-adapter my-engine`` works from an
engine's repository. A failure points at the case file and the line of the step that diverged;
a skip (an unsupported case) points at the case file.

Options (all under the ``--mtg-`` prefix):

* ``--mtg-adapter NAME`` (default ``reference``): adapter name, ``module:Class`` or ``cmd:...``
* ``--mtg-spec DIR``: the spec directory (default: found as ``mtgconf`` finds it)
* ``--mtg-era ERA``: only that era
* ``--mtg-timeout SECONDS``: per-case time limit
* ``--mtg-baseline FILE``: known failures (``mtgconf run --write-baseline``) become strict
  ``xfail``: a listed case that passes fails the session, so the baseline stays honest
* ``--mtg-generated N`` / ``--mtg-generated-seed S``: also collect N generated cases

Every item carries markers, registered so ``--strict-markers`` accepts them: ``mtg_case``,
``area_<area>``, ``era_<era>`` and ``feature_<feature>`` (``-`` written ``_``), e.g.
``pytest -m "area_casting and era_modern and not feature_layers"``.

The plugin is a thin shell over :class:`conformance.runner.Runner`; the core knows nothing of
pytest.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conformance.results.baseline import Baseline, load_baseline
from conformance.results.records import CaseResult
from conformance.running.runner import DEFAULT_TIMEOUT, Runner, WorkItem, plan
from conformance.spec.catalog import AREAS, Spec, default_spec
from conformance.spec.loader import load_case_file
from conformance.spec.model import Case
from conformance.spec.tomlio import canonical_json

from .adapters import resolve_adapter
from .errors import AdapterError, SpecError
from .results.records import refuses_nothing

__all__ = ["CaseFailure", "CaseFile", "CaseItem", "marker_name"]

_RUNNER_KEY = pytest.StashKey[Runner]()
_SPEC_KEY = pytest.StashKey[Spec]()
_BASELINE_KEY = pytest.StashKey[Baseline | None]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("mtg-conformance", "MTG rules-conformance cases")
    group.addoption("--mtg-adapter", default=None,
                    help="run spec cases on this adapter (name, module:Class or cmd:...)")
    group.addoption("--mtg-spec", default=None, metavar="DIR",
                    help="the spec directory; its cases are collected from any directory")
    group.addoption("--mtg-era", default=None, help="run only cases of this era")
    group.addoption("--mtg-timeout", type=float, default=DEFAULT_TIMEOUT,
                    help="seconds allowed per case")
    group.addoption("--mtg-baseline", default=None, metavar="FILE",
                    help="known failures as strict xfail (a listed case that passes fails)")
    group.addoption("--mtg-generated", type=int, default=0, metavar="N",
                    help="also collect N generated cases (default 0)")
    group.addoption("--mtg-generated-seed", type=int, default=None, metavar="S",
                    help="seed of the generated cases (default: mtgconf run's fixed seed)")
    parser.addini("mtg_collect", type="bool", default=False,
                  help="collect *.toml files under 'cases' directories as conformance cases")


def marker_name(kind: str, value: str) -> str:
    """The marker of a case's area, era or feature: ``feature_split_cards``."""
    return f"{kind}_{value}".replace("-", "_").replace(".", "_")


def _spec(config: pytest.Config) -> Spec:
    spec = config.stash.get(_SPEC_KEY, None)
    if spec is None:
        root = config.getoption("--mtg-spec")
        spec = default_spec(Path(root).resolve() if root else None)
        config.stash[_SPEC_KEY] = spec
    return spec


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "mtg_case: a conformance case of the MTG spec")
    if not _collecting(config):
        return
    spec = _spec(config)
    areas = dict.fromkeys([*AREAS, *(r.area for r in spec.rulings.values() if r.area)])
    for area in areas:
        config.addinivalue_line("markers", f"{marker_name('area', area)}: cases of rules "
                                           f"area {area}")
    for era in spec.eras:
        config.addinivalue_line("markers", f"{marker_name('era', era)}: cases run in era {era}")
    for feature in spec.features:
        config.addinivalue_line("markers", f"{marker_name('feature', feature)}: cases needing "
                                           f"feature {feature}")
    path = config.getoption("--mtg-baseline")
    baseline = None
    if path:
        try:
            baseline = load_baseline(path)
        except SpecError as exc:
            raise pytest.UsageError(f"--mtg-baseline: {exc.format()}") from exc
    config.stash[_BASELINE_KEY] = baseline


def _collecting(config: pytest.Config) -> bool:
    return bool(config.getini("mtg_collect") or config.getoption("--mtg-adapter")
                or config.getoption("--mtg-spec"))


def _names_cases(args: list[str]) -> bool:
    for arg in args:
        path = Path(arg.split("::")[0])
        if path.suffix == ".toml" or "cases" in path.parts or (path / "cases").is_dir() \
                or (path / "spec" / "cases").is_dir():
            return True
    return False


@pytest.hookimpl(tryfirst=True)
def pytest_collection(session: pytest.Session) -> None:
    """Add the spec's cases when an adapter or spec is named and no case path is."""
    config = session.config
    if not (config.getoption("--mtg-adapter") or config.getoption("--mtg-spec")):
        return
    if _names_cases(list(config.args)):
        return
    config.args = [*config.args, str(_spec(config).cases_dir())]


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if file_path.suffix != ".toml" or "cases" not in file_path.parts:
        return None
    if not _collecting(parent.config):
        return None
    return CaseFile.from_parent(parent, path=file_path)


class GeneratedCases(pytest.Collector):
    """The parent of the generated items (they have no file)."""

    def collect(self) -> Iterator[pytest.Item]:
        return iter(())


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config,
                                  items: list[pytest.Item]) -> None:
    """Append ``--mtg-generated N`` generated cases (before -k/-m deselect)."""
    count = config.getoption("--mtg-generated")
    if not count or not _collecting(config):
        return
    from generators.emit import DEFAULT_SEED, load_generated

    seed = config.getoption("--mtg-generated-seed")
    loaded = load_generated(count=count, seed=DEFAULT_SEED if seed is None else seed,
                            spec=_spec(config))
    parent = GeneratedCases.from_parent(session, name="generated", nodeid="generated")
    era = config.getoption("--mtg-era")
    for case in loaded.cases:
        for e in case.eras:
            if era is None or e == era:
                items.append(CaseItem.from_parent(parent, name=f"{case.id}[{e}]", case=case,
                                                  era=e))


def pytest_report_header(config: pytest.Config) -> list[str]:
    if not _collecting(config):
        return []
    spec = _spec(config)
    parts = [f"mtg-conformance: adapter {config.getoption('--mtg-adapter') or 'reference'}",
             f"spec {spec.root}"]
    if config.getoption("--mtg-generated"):
        parts.append(f"{config.getoption('--mtg-generated')} generated cases")
    if config.getoption("--mtg-baseline"):
        parts.append(f"baseline {config.getoption('--mtg-baseline')}")
    return ["; ".join(parts)]


def pytest_sessionstart(session: pytest.Session) -> None:
    """Start a named adapter at once, so one that cannot start is a usage error, not a
    traceback in every item."""
    config = session.config
    name = config.getoption("--mtg-adapter")
    if name and _collecting(config):
        try:
            _runner(config)
        except AdapterError as exc:
            raise pytest.UsageError(f"--mtg-adapter {name}: {exc}") from exc


def _runner(config: pytest.Config) -> Runner:
    runner = config.stash.get(_RUNNER_KEY, None)
    if runner is None:
        name = config.getoption("--mtg-adapter") or "reference"
        runner = Runner(resolve_adapter(name, timeout=config.getoption("--mtg-timeout")),
                        spec=_spec(config), timeout=config.getoption("--mtg-timeout"))
        config.stash[_RUNNER_KEY] = runner
    return runner


def pytest_unconfigure(config: pytest.Config) -> None:
    runner = config.stash.get(_RUNNER_KEY, None)
    if runner is not None:
        runner.close()


class CaseFailure(Exception):
    """A case failed or errored; carries the result for the report."""

    def __init__(self, result: CaseResult, line: int | None) -> None:
        super().__init__(result.message)
        self.result = result
        self.line = line


class SpecFileError(Exception):
    """A case file did not load."""

    def __init__(self, errors: list[SpecError]) -> None:
        super().__init__("\n".join(e.format() for e in errors))
        self.errors = errors


class CaseFile(pytest.File):
    """A case file: one item per era, or one failing item if it does not load."""

    def collect(self) -> Iterator[pytest.Item]:
        case, errors = load_case_file(self.path, _spec(self.config))
        if case is None:
            yield BrokenCaseItem.from_parent(self, name=self.path.name, errors=errors)
            return
        era = self.config.getoption("--mtg-era")
        for e in case.eras:
            if era is None or e == era:
                yield CaseItem.from_parent(self, name=f"{case.id}[{e}]", case=case, era=e)


class BrokenCaseItem(pytest.Item):
    """Stands for a case file that failed to load, so its errors show as a failure."""

    def __init__(self, *, errors: list[SpecError], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.errors = errors

    def runtest(self) -> None:
        raise SpecFileError(self.errors)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> str:
        if isinstance(excinfo.value, SpecFileError):
            return "the case file does not load:\n" + str(excinfo.value)
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, 0, f"case file {self.path.name}"


class CaseItem(pytest.Item):
    """One case under one era, run through the session's adapter."""

    def __init__(self, *, case: Case, era: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.case = case
        self.era = era
        self.add_marker("mtg_case")
        self.add_marker(marker_name("area", case.area))
        self.add_marker(marker_name("era", era))
        for feature in case.features:
            self.add_marker(marker_name("feature", feature))
        baseline = self.config.stash.get(_BASELINE_KEY, None)
        entry = baseline.entry_for(CaseResult(case=case.id, era=era, result="failed")) \
            if baseline is not None else None
        if entry is not None:
            reason = f"known failure: {entry.reason}" + (f" ({entry.link})" if entry.link
                                                         else "")
            # a glob entry cannot say a case is fixed (as in `mtgconf run --baseline`)
            self.add_marker(pytest.mark.xfail(reason=reason, raises=CaseFailure,
                                              strict=entry.case == case.id))

    def runtest(self) -> None:
        runner = _runner(self.config)
        items = [i for i in plan([self.case], runner.info, era=self.era) if i.era == self.era]
        item = items[0] if items else WorkItem(self.case, self.era, "skipped", "not planned")
        result = runner.run_item(item)
        if result.result == "passed":
            return
        if result.result == "unsupported" and item.verdict is None \
                and refuses_nothing(runner.info):
            result.message = (f"the {runner.info.name} engine must answer every case, but said "
                              f"unsupported: {result.message}")
            raise CaseFailure(result, self._line_of_step(result.step))
        if result.result in ("unsupported", "skipped"):
            raise pytest.skip.Exception(f"{result.result}: {result.message}",
                                        _use_item_location=True)
        raise CaseFailure(result, self._line_of_step(result.step))

    def _generated_text(self) -> str | None:
        if self.case.generated is None:
            return None
        from generators.emit import generated_text

        return generated_text(self.case)

    def _text(self) -> str | None:
        if self.case.generated is not None:
            return self._generated_text()
        try:
            return self.path.read_text("utf-8")
        except OSError:
            return None

    def _line_of_step(self, step: int | None) -> int | None:
        if step is None:
            return None
        from conformance.spec.tomlindex import index_lines, line_of

        text = self._text()
        return None if text is None else line_of(index_lines(text), ["steps", step])

    def _where(self) -> str:
        return self.case.file if self.case.generated is not None and self.case.file \
            else str(self.path)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> str:
        err = excinfo.value
        if not isinstance(err, CaseFailure):
            return str(super().repr_failure(excinfo))
        r = err.result
        where = f"{self._where()}:{err.line}" if err.line else self._where()
        spec = _spec(self.config)
        lines = [f"{where}: case {r.case} [{r.era}] {r.result}", f"  {r.title}",
                 f"  CR {', '.join(r.rules)}"]
        for rid in r.rulings:
            ruling = spec.rulings.get(rid)
            lines.append(f"  ruling {rid}: {ruling.statement if ruling else '(not in catalog)'}")
        lines.append(f"  {r.message}")
        if r.result == "failed":
            lines += [f"  expected: {canonical_json(r.expected)}",
                      f"  observed: {canonical_json(r.observed)}"]
        if r.detail:
            lines += ["", r.detail.rstrip()]
        generated = self._generated_text()
        if generated is not None:
            lines += ["", "the generated case (mtgconf explain shows it too):",
                      generated.rstrip()]
        return "\n".join(lines)

    def reportinfo(self) -> tuple[Path, int | None, str]:
        if self.case.generated is not None and self.case.file:
            return Path(self.case.file), 0, f"case {self.case.id} [{self.era}]"
        return self.path, 0, f"case {self.case.id} [{self.era}]"
