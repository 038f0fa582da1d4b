"""Lint the spec beyond its schemas: titles, CR numbers, and (on request) the reference engine.

``mtgconf validate`` runs these checks after loading. The loader already reports what makes a
case unusable (schema errors, unknown rulings, eras, features, cards and failure classes,
duplicate ids and handles); lint adds the checks that keep the suite readable and cited:

* ``title-length``: a title has fewer than 80 characters;
* ``title-should`` / ``title-test-that`` / ``title-tense``: a title states what holds, in the
  present tense ("A split card ... has"), not what a test should do;
* ``cr-malformed`` / ``cr-unknown``: every CR number cited by a case, a ruling or a feature is
  well formed and present in the index of the shipped edition (``spec/cr-index.txt``);
* ``reference-fails`` (with ``--check-reference``): each case passes on the reference engine.

Like the jsonschema validators, lint is a table of small check functions that each yield every
finding instead of stopping at the first; each finding is a located
:class:`~conformance.errors.SpecError` (file, line, case id, JSON path).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from conformance.authoring.crindex import CrIndex, is_well_formed, load_cr_index
from conformance.errors import SpecError
from conformance.spec import tomlio
from conformance.spec.catalog import Spec
from conformance.spec.loader import find_case_files
from conformance.spec.model import Case
from conformance.spec.schema import json_path
from conformance.spec.tomlindex import index_lines, line_of

__all__ = [
    "CASE_CHECKS",
    "MAX_TITLE",
    "check_reference",
    "default_cr_index",
    "lint_case_data",
    "lint_paths",
    "lint_registries",
]

#: Titles must be shorter than this many characters.
MAX_TITLE = 80

#: (code, message, JSON path, hint): a finding before it is located in a file.
Finding = tuple[str, str, list[Any], str | None]
CaseCheck = Callable[[Mapping[str, Any], CrIndex], Iterable[Finding]]

_SHOULD = re.compile(r"\bshould\b", re.IGNORECASE)
_TEST_THAT = re.compile(r"\b(tests?|testing)\s+that\b", re.IGNORECASE)
_IMPERATIVE = re.compile(r"^(test|check|verify|ensure|make sure|confirm|assert|see if)\b",
                         re.IGNORECASE)
_FUTURE = re.compile(r"\b(will|won't|shall)\b", re.IGNORECASE)
#: The schema's own pattern; numbers it rejects are reported by the schema, not again by lint.
_SCHEMA_CR = re.compile(r"^[1-9][0-9]{2}(\.[0-9]+[a-z]?)?$")


def default_cr_index(spec: Spec) -> CrIndex:
    """The index of CR numbers shipped with ``spec`` (``spec/cr-index.txt``)."""
    return load_cr_index(spec.root / "cr-index.txt")


# -- checks on one case ------------------------------------------------------------------------


def check_title(data: Mapping[str, Any], index: CrIndex) -> Iterator[Finding]:
    """A title is a short present-tense statement of what holds."""
    title = data.get("title")
    if not isinstance(title, str):
        return
    where: list[Any] = ["title"]
    if len(title) >= MAX_TITLE:
        yield ("title-length", f"the title has {len(title)} characters; keep it under "
               f"{MAX_TITLE}", where, "say what holds in fewer words; details go in step notes")
    if _SHOULD.search(title):
        yield ("title-should", f"the title says 'should': {title!r}", where,
               "state what holds: 'A split card has ...', not 'A split card should have ...'")
    if _TEST_THAT.search(title) or _IMPERATIVE.match(title):
        yield ("title-test-that", f"the title describes the test, not the rule: {title!r}",
               where, "state what holds, in the present tense, without 'test that'")
    if _FUTURE.search(title):
        yield ("title-tense", f"the title is not in the present tense: {title!r}", where,
               "write what holds now: 'deals', 'has', 'is', not 'will deal'")


def check_rules(data: Mapping[str, Any], index: CrIndex) -> Iterator[Finding]:
    """Every CR number is well formed and present in the shipped index."""
    yield from _cr_findings(data.get("rules"), ["rules"], index)


CASE_CHECKS: tuple[CaseCheck, ...] = (check_title, check_rules)
"""The checks run on every case file, in order."""


def _cr_findings(numbers: object, where: list[Any], index: CrIndex) -> Iterator[Finding]:
    if not isinstance(numbers, list):
        return
    for i, number in enumerate(numbers):
        if not isinstance(number, str) or not _SCHEMA_CR.match(number):
            continue  # the schema reports it
        if not is_well_formed(number):
            yield ("cr-malformed", f"{number!r} is not a CR number (subrule letters skip "
                   "'l' and 'o')", [*where, i], "CR numbers look like 702, 702.33 or 702.33a")
        elif index.covers(number) and number not in index:
            near = index.nearest(number)
            hint = (f"rules of that number in the {index.edition or 'shipped'} CR: "
                    f"{', '.join(near)}" if near else "check the number against the CR")
            yield ("cr-unknown", f"CR {number} is not a rule of the "
                   f"{index.edition or 'shipped'} Comprehensive Rules", [*where, i], hint)


def lint_case_data(data: Mapping[str, Any], text: str, *, display: str,
                   index: CrIndex) -> list[SpecError]:
    """Every finding of :data:`CASE_CHECKS` on one case, located in its file ``display``."""
    lines = index_lines(text)
    case_id = data.get("id") if isinstance(data.get("id"), str) else None
    return [
        SpecError(code, message, file=display, case=case_id, path=json_path(path),
                  line=line_of(lines, path), hint=hint)
        for check in CASE_CHECKS
        for code, message, path, hint in check(data, index)
    ]


# -- the registries -----------------------------------------------------------------------------


def lint_registries(spec: Spec, index: CrIndex) -> list[SpecError]:
    """CR numbers cited by the ruling catalog and the feature registry, located."""
    found: list[SpecError] = []
    for name, key in (("rulings.toml", "ruling"), ("features.toml", "feature")):
        path = spec.root / name
        try:
            text = path.read_text("utf-8")
            data = tomlio.loads(text)
        except (OSError, UnicodeDecodeError, tomlio.TOMLDecodeError):
            continue  # the spec loader reports unreadable registries
        lines = index_lines(text)
        entries = data.get(key, [])
        items: Iterable[tuple[Any, Any]] = (
            enumerate(entries) if isinstance(entries, list) else
            entries.items() if isinstance(entries, dict) else ())
        for pos, entry in items:
            if not isinstance(entry, Mapping):
                continue
            where: list[Any] = [key, pos, "rules"]
            label = entry.get("id", pos)
            for code, message, p, hint in _cr_findings(entry.get("rules"), where, index):
                found.append(SpecError(code, f"{key} {label}: {message}", file=str(path),
                                       path=json_path(p), line=line_of(lines, p), hint=hint))
    return found


def lint_paths(paths: Sequence[Path | str] | None, spec: Spec, *,
               index: CrIndex | None = None) -> list[SpecError]:
    """Lint every case file under ``paths`` (default: all of ``spec/cases`` and the registries).

    Files that are not valid TOML are skipped: the loader already reports them.
    """
    index = index if index is not None else default_cr_index(spec)
    found: list[SpecError] = [] if paths else lint_registries(spec, index)
    for path in find_case_files(paths, spec):
        try:
            text = path.read_text("utf-8")
            data = tomlio.loads(text)
        except (OSError, UnicodeDecodeError, tomlio.TOMLDecodeError):
            continue
        found += lint_case_data(data, text, display=_display(path), index=index)
    return found


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


# -- the reference engine -----------------------------------------------------------------------


def check_reference(cases: Sequence[Case], spec: Spec, *, timeout: float = 10.0
                    ) -> list[SpecError]:
    """Run ``cases`` on the reference engine; each result other than ``passed`` is a finding,
    located at the step where the case diverged."""
    from conformance.adapters.reference import ReferenceAdapter
    from conformance.running.runner import Runner

    by_id = {c.id: c for c in cases}
    found: list[SpecError] = []
    with Runner(ReferenceAdapter(), spec=spec, timeout=timeout) as runner:
        for result in runner.run(cases):
            if result.result == "passed":
                continue
            case = by_id[result.case]
            path: list[Any] = ["steps", result.step] if result.step is not None else []
            line = _step_line(case, path)
            found.append(SpecError(
                "reference-fails",
                f"{result.result} on the reference engine in era {result.era}: "
                f"{result.message}",
                file=case.file, case=case.id, path=json_path(path) if path else None, line=line,
                hint="fix the case, or the reference engine if the case is right"))
    return found


def _step_line(case: Case, path: list[Any]) -> int | None:
    if not case.file or not path:
        return None
    try:
        text = Path(case.file).read_text("utf-8")
    except OSError:
        return None
    return line_of(index_lines(text), path)
