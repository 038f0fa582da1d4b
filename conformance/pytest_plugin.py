"""A pytest plugin that collects spec case files as test items.

Registered through the ``pytest11`` entry point. Collection is on when the ini option
``mtg_collect = true`` is set or ``--mtg-adapter`` is given; then every ``*.toml`` file under a
directory named ``cases`` becomes one item per era. A failure points at the case file and the line
of the step that diverged. Options (all under the ``--mtg-`` prefix):

* ``--mtg-adapter NAME`` (default ``reference``): adapter name, ``module:Class`` or ``cmd:...``
* ``--mtg-era ERA``: only that era
* ``--mtg-timeout SECONDS``: per-case time limit

The plugin is a thin shell over :class:`conformance.runner.Runner`; the core knows nothing of
pytest.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conformance.results.records import CaseResult
from conformance.running.runner import DEFAULT_TIMEOUT, Runner, WorkItem, plan
from conformance.spec.catalog import default_spec
from conformance.spec.loader import load_case_file
from conformance.spec.model import Case
from conformance.spec.tomlio import canonical_json

from .adapters import resolve_adapter
from .errors import SpecError
from .results.records import refuses_nothing

__all__ = ["CaseFailure", "CaseFile", "CaseItem"]

_RUNNER_KEY = pytest.StashKey[Runner]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("mtg-conformance", "MTG rules-conformance cases")
    group.addoption("--mtg-adapter", default=None,
                    help="run spec cases on this adapter (name, module:Class or cmd:...)")
    group.addoption("--mtg-era", default=None, help="run only cases of this era")
    group.addoption("--mtg-timeout", type=float, default=DEFAULT_TIMEOUT,
                    help="seconds allowed per case")
    parser.addini("mtg_collect", type="bool", default=False,
                  help="collect *.toml files under 'cases' directories as conformance cases")


def _collecting(config: pytest.Config) -> bool:
    return bool(config.getini("mtg_collect") or config.getoption("--mtg-adapter"))


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if file_path.suffix != ".toml" or "cases" not in file_path.parts:
        return None
    if not _collecting(parent.config):
        return None
    return CaseFile.from_parent(parent, path=file_path)


def _runner(config: pytest.Config) -> Runner:
    runner = config.stash.get(_RUNNER_KEY, None)
    if runner is None:
        name = config.getoption("--mtg-adapter") or "reference"
        runner = Runner(resolve_adapter(name, timeout=config.getoption("--mtg-timeout")),
                        spec=default_spec(), timeout=config.getoption("--mtg-timeout"))
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
        case, errors = load_case_file(self.path, default_spec())
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

    def runtest(self) -> None:
        runner = _runner(self.config)
        items = [i for i in plan([self.case], runner.info, era=self.era) if i.era == self.era]
        item = items[0] if items else WorkItem(self.case, self.era, "skipped", "not planned")
        result = runner.run_item(item)
        if result.result == "passed":
            return
        if result.result == "skipped" or (result.result == "unsupported"
                                           and not refuses_nothing(runner.info)):
            pytest.skip(f"{result.result}: {result.message}")
        raise CaseFailure(result, self._line_of_step(result.step))

    def _line_of_step(self, step: int | None) -> int | None:
        if step is None:
            return None
        from conformance.spec.tomlindex import index_lines, line_of

        try:
            text = self.path.read_text("utf-8")
        except OSError:
            return None
        return line_of(index_lines(text), ["steps", step])

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> str:
        err = excinfo.value
        if not isinstance(err, CaseFailure):
            return str(super().repr_failure(excinfo))
        r = err.result
        where = f"{self.path}:{err.line}" if err.line else str(self.path)
        lines = [f"{where}: case {r.case} [{r.era}] {r.result}", f"  {r.title}",
                 f"  rulings {', '.join(r.rulings)}; CR {', '.join(r.rules)}", f"  {r.message}"]
        if r.result == "failed":
            lines += [f"  expected: {canonical_json(r.expected)}",
                      f"  observed: {canonical_json(r.observed)}"]
        if r.detail:
            lines += ["", r.detail.rstrip()]
        return "\n".join(lines)

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, 0, f"case {self.case.id} [{self.era}]"
