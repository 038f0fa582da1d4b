"""Lint the spec beyond its schemas: titles, CR numbers, and (on request) the reference engine.

``mtgconf validate`` runs these checks after loading. The loader already reports what makes a
case unusable (schema errors, unknown rulings, eras, features, cards and failure classes,
duplicate ids and handles); lint adds the checks that keep the suite readable and cited:

* ``title-length``: a title has fewer than 80 characters;
* ``title-should`` / ``title-test-that`` / ``title-tense``: a title states what holds, in the
  present tense ("A split card ... has"), not what a test should do;
* ``cr-malformed`` / ``cr-unknown``: every CR number cited by a case, a ruling or a feature is
  well formed and present in the index of the shipped edition (``spec/cr-index.txt``);
* ``period-cr-unknown`` / ``period-rules-era``: a case's ``period_rules`` are numbers of the
  edition of a non-modern era it lists, present in that era's index (``cr_index`` of
  ``spec/eras.toml``, e.g. ``spec/cr-index-1999.txt`` for the Invasion era);
* ``era-not-in-rulings`` / ``ruling-not-in-eras`` (warnings): each era a case lists is an era
  of at least one of the rulings it tags, and each ruling it tags holds in at least one of its
  eras, so a case never claims a ruling in an era where the ruling does not hold;
* ``switch-*``: every era switch of ``spec/eras.toml`` cites each era's rules by that era's
  edition (or, where that edition has no such rule, says why in ``no_rule``) and names example
  cases that exist and, between them, run in every era;
* ``crmap-*``: the CR map (``spec/cr-map.toml``, :mod:`conformance.authoring.crmap`) gives every
  number of the index one entry and lists no other; a definition is tested by testable numbers;
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
from conformance.authoring.crmap import lint_cr_map
from conformance.authoring.vocabulary import check_case_vocabulary, lint_cards
from conformance.errors import SpecError
from conformance.spec.catalog import Spec
from conformance.spec.limits import escaped_root, parse_untrusted_toml, read_spec_text
from conformance.spec.loader import find_case_files
from conformance.spec.model import Case
from conformance.spec.schema import json_path
from conformance.spec.tomlindex import index_lines, line_of

__all__ = [
    "CASE_CHECKS",
    "MAX_TITLE",
    "WARNINGS",
    "check_era_rulings",
    "check_period_rules",
    "check_reference",
    "default_cr_index",
    "era_cr_indexes",
    "lint_case_data",
    "lint_paths",
    "lint_registries",
    "lint_switches",
]

#: Titles must be shorter than this many characters.
MAX_TITLE = 80

#: (code, message, JSON path, hint): a finding before it is located in a file.
Finding = tuple[str, str, list[Any], str | None]
CaseCheck = Callable[[Mapping[str, Any], CrIndex], Iterable[Finding]]
#: Codes of findings that are warnings: shown, but they do not fail ``mtgconf validate``.
WARNINGS = frozenset({"era-not-in-rulings", "ruling-not-in-eras"})

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


def era_cr_indexes(spec: Spec) -> dict[str, CrIndex]:
    """Each era's index of its CR edition's numbers (``cr_index`` of ``spec/eras.toml``; the
    shipped modern index when the era names none)."""
    out: dict[str, CrIndex] = {}
    for era_id, era in spec.eras.items():
        name = era.get("cr_index")
        out[era_id] = (load_cr_index(spec.root / str(name)) if isinstance(name, str)
                       else default_cr_index(spec))
    return out


def _period_eras(spec: Spec) -> dict[str, CrIndex]:
    """Eras whose edition is not the shipped modern one, with their indexes."""
    modern = spec.root / "cr-index.txt"
    return {e: idx for e, idx in era_cr_indexes(spec).items()
            if idx.path and Path(idx.path) != modern}


def check_period_rules(data: Mapping[str, Any], spec: Spec) -> Iterator[Finding]:
    """``period_rules`` belong to the edition of a non-modern era the case lists."""
    numbers = data.get("period_rules")
    if not isinstance(numbers, list) or not numbers:
        return
    eras = [e for e in data.get("eras", []) if isinstance(e, str)]
    periods = _period_eras(spec)
    mine = [e for e in eras if e in periods]
    if not mine:
        yield ("period-rules-era", "the case cites period_rules but lists no era with an edition "
               f"of its own (eras with one: {', '.join(periods) or 'none'})", ["period_rules"],
               "period_rules cite the Invasion era's rules; list that era, or move the numbers "
               "to rules")
        return
    for era in mine:
        index = periods[era]
        for code, message, path, hint in _cr_findings(numbers, ["period_rules"], index):
            yield ("period-" + code, f"{message} (era {era})", path, hint)


def check_era_rulings(data: Mapping[str, Any], spec: Spec) -> Iterator[Finding]:
    """Warn when an era of the case is an era of none of the rulings it tags."""
    rulings = [spec.rulings[r] for r in data.get("rulings", []) if r in spec.rulings]
    if not rulings:
        return
    eras = [e for e in data.get("eras", []) if isinstance(e, str)]
    for i, rid in enumerate(data.get("rulings", [])):
        ruling = spec.rulings.get(rid)
        if ruling is not None and eras and not set(ruling.eras) & set(eras):
            yield ("ruling-not-in-eras", f"ruling {rid} holds in {', '.join(ruling.eras)}, "
                   f"none of the case's eras ({', '.join(eras)})", ["rulings", i],
                   "tag the ruling of the case's era instead (see conflicts in "
                   "spec/rulings.toml)")
    held = {e for r in rulings for e in r.eras}
    for i, era in enumerate(data.get("eras", [])):
        if isinstance(era, str) and era not in held:
            ids = ", ".join(r.id for r in rulings)
            yield ("era-not-in-rulings", f"the case runs in era {era!r}, but none of its "
                   f"rulings ({ids}) holds in that era", ["eras", i],
                   "tag the ruling of that era (see conflicts in spec/rulings.toml), or drop "
                   "the era; if the ruling holds in both eras, list both in its eras")


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


def _tolerant(findings: Iterable[Finding]) -> list[Finding]:
    """The findings of one check, up to where it met data of a shape it does not expect (a
    table where a string belongs): lint runs on files the schema may reject, and the schema
    reports those."""
    out: list[Finding] = []
    try:
        for finding in findings:
            out.append(finding)
    except (TypeError, AttributeError, ValueError, KeyError):
        pass
    return out


def lint_case_data(data: Mapping[str, Any], text: str, *, display: str,
                   index: CrIndex, spec: Spec | None = None) -> list[SpecError]:
    """Every finding of :data:`CASE_CHECKS` on one case, located in its file ``display``; with
    ``spec``, also the checks that need the registries (period rules, eras of rulings)."""
    lines = index_lines(text)
    case_id = data.get("id") if isinstance(data.get("id"), str) else None
    findings: list[Finding] = [f for check in CASE_CHECKS for f in _tolerant(check(data, index))]
    if spec is not None:
        findings += [*_tolerant(check_period_rules(data, spec)),
                     *_tolerant(check_era_rulings(data, spec)),
                     *_tolerant(check_case_vocabulary(data, spec))]
    return [
        SpecError(code, message, file=display, case=case_id, path=json_path(path),
                  line=line_of(lines, path), hint=hint,
                  severity="warning" if code in WARNINGS else "error")
        for code, message, path, hint in findings
    ]


# -- the registries -----------------------------------------------------------------------------


def lint_registries(spec: Spec, index: CrIndex) -> list[SpecError]:
    """CR numbers cited by the ruling catalog and the feature registry, located."""
    found: list[SpecError] = []
    for name, key in (("rulings.toml", "ruling"), ("features.toml", "feature")):
        path = spec.root / name
        text, data = _read_guarded(path)
        if text is None or data is None:
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

    Files are read through the loader's guards (regular files only, the size cap, the bounds
    on parsed data, never outside the tree they are found in); those the loader refuses, or
    that are not valid TOML, are skipped: the loader already reports them.
    """
    index = index if index is not None else default_cr_index(spec)
    found: list[SpecError] = [] if paths else lint_registries(spec, index)
    roots = [Path(p) for p in paths] if paths else [spec.cases_dir()]
    case_eras: dict[str, set[str]] = {}
    for path in find_case_files(paths, spec):
        if escaped_root(path, roots) is not None:
            continue
        text, data = _read_guarded(path)
        if text is None or data is None:
            continue
        if isinstance(data.get("id"), str):
            case_eras[data["id"]] = {e for e in data.get("eras", []) if isinstance(e, str)}
        try:
            found += lint_case_data(data, text, display=_display(path), index=index, spec=spec)
        except RecursionError:
            continue  # the loader reports it (too-deep)
    if not paths:
        found += lint_switches(spec, case_eras)
        found += lint_cards(spec)
        found += lint_cr_map(spec.root)
    return found


def lint_switches(spec: Spec, case_eras: Mapping[str, set[str]]) -> list[SpecError]:
    """Every switch the eras set has a ``[[switch]]`` table citing each era's rules by that
    era's edition; its example cases exist and run in every era between them. (The engine
    checks the switches' values itself.)"""
    path = spec.root / "eras.toml"
    text, _ = read_spec_text(path, display=str(path))
    if text is None:
        return []
    lines = index_lines(text)
    indexes = era_cr_indexes(spec)
    found: list[SpecError] = []
    order = list(spec.switches)
    used = list(dict.fromkeys(k for era in spec.eras.values()
                              for k in era.get("switches", {})))
    for name in used:
        if name not in spec.switches:
            found.append(SpecError("switch-uncited", f"era switch {name!r} has no [[switch]] "
                                   "table citing its rules", file=str(path),
                                   hint="add [[switch]] id, summary, rules per era, examples"))
    for name, entry in spec.switches.items():
        pos = order.index(name)
        if name not in used:
            found.append(SpecError("switch-unknown", f"[[switch]] {name!r} is not a switch any "
                                   "era sets", file=str(path),
                                   path=json_path(["switch", pos, "id"]),
                                   line=line_of(lines, ["switch", pos, "id"])))
        rules = entry.get("rules", {})
        no_rule = entry.get("no_rule", {})
        for era_id in spec.eras:
            where: list[Any] = ["switch", pos, "rules"]
            if era_id not in rules:
                found.append(SpecError("switch-era-missing", f"switch {name!r} gives no rules "
                                       f"for era {era_id!r}", file=str(path),
                                       path=json_path(where), line=line_of(lines, where)))
                continue
            cited = isinstance(rules[era_id], list) and bool(rules[era_id])
            if not cited and era_id not in no_rule:
                p = [*where, era_id]
                found.append(SpecError(
                    "switch-rule-missing", f"switch {name!r} cites no rule for era {era_id!r} "
                    "and does not say why", file=str(path), path=json_path(p),
                    line=line_of(lines, p),
                    hint="cite the rule by that era's edition, or give no_rule.<era>: why that "
                         "edition has none and which period source governed instead"))
            elif cited and era_id in no_rule:
                p = ["switch", pos, "no_rule", era_id]
                found.append(SpecError(
                    "switch-no-rule-cited", f"switch {name!r} cites rules for era {era_id!r} "
                    "and also says it has none (no_rule)", file=str(path), path=json_path(p),
                    line=line_of(lines, p), hint="keep one of the two"))
            for code, message, p, hint in _cr_findings(rules[era_id], [*where, era_id],
                                                       indexes[era_id]):
                found.append(SpecError(code, f"switch {name}: {message}", file=str(path),
                                       path=json_path(p), line=line_of(lines, p), hint=hint))
        covered: set[str] = set()
        for i, case_id in enumerate(entry.get("examples", [])):
            if case_id not in case_eras:
                p = ["switch", pos, "examples", i]
                found.append(SpecError("switch-example-unknown", f"switch {name}: example "
                                       f"case {case_id!r} does not exist", file=str(path),
                                       path=json_path(p), line=line_of(lines, p)))
            covered |= case_eras.get(case_id, set())
        missing = [e for e in spec.eras if e not in covered]
        if entry.get("examples") and missing and not any(
                c not in case_eras for c in entry.get("examples", [])):
            p = ["switch", pos, "examples"]
            found.append(SpecError("switch-example-eras", f"switch {name}: no example case runs "
                                   f"in {', '.join(missing)}", file=str(path),
                                   path=json_path(p), line=line_of(lines, p),
                                   hint="name a case of each era, so both rules are shown"))
    return found


def _read_guarded(path: Path) -> tuple[str | None, dict[str, Any] | None]:
    """The text and data of ``path``, read as the loader reads it; (None, None) if refused."""
    text, error = read_spec_text(path, display=str(path))
    if text is None or error is not None:
        return None, None
    data, _ = parse_untrusted_toml(text, display=str(path))
    return text, data


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except (ValueError, OSError, RuntimeError):  # outside the cwd, or a symbolic link loop
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
    text, _ = read_spec_text(Path(case.file), display=case.file)
    if text is None:
        return None
    return line_of(index_lines(text), path)
