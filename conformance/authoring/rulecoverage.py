"""Coverage by CR number: every rule of the index with its kind (the CR map) and its cases.

For each number of ``spec/cr-index.txt`` (and any number a case or ruling cites outside it),
:func:`rule_coverage` gives the map's ``kind`` (``testable``, ``definition``, ``variant``,
``outside``; ``unmapped`` for a cited number the map lacks), ``passing`` (how many cases that
cite it and reach it passed in every era they ran in), the cases judged per era, and one
``bucket``:

* ``testable-passing``: testable, and every case reaching it passed;
* ``testable-failing``: testable, and some case reaching it failed or errored;
* ``testable-not-run``: testable, no case failed, but some did not run (unsupported, skipped);
* ``testable-no-case``: testable, and no case reaches it yet;
* ``definition``, ``variant``, ``outside``: the map's kind (cases citing them are still listed).

Only cases that *reach* a rule count (:mod:`conformance.authoring.reach`): cases that cite it but
only restate their setup are listed in ``unreached_case_ids`` and count for nothing.
:func:`summarize` adds the figures per section (first digit) and per three-digit rule, and
for the ranges issue 31 measures (CR 100-514 and 704).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from conformance.authoring.crindex import CrIndex, sort_key
from conformance.authoring.crmap import CrMap, section_of
from conformance.authoring.reach import reaches
from conformance.spec.model import Case

__all__ = ["MAP_BUCKETS", "RANGES", "SECTION_TITLES", "rule_coverage", "summarize"]

#: The buckets of a CR number, in report order.
MAP_BUCKETS = ("testable-passing", "testable-failing", "testable-not-run", "testable-no-case",
               "definition", "variant", "outside")
#: Ranges measured on their own: (label, first three-digit rule, last three-digit rule).
RANGES = (("100-514", 100, 514), ("704", 704, 704))
#: The CR's section titles (first digit).
SECTION_TITLES = {
    "1": "Game Concepts", "2": "Parts of a Card", "3": "Card Types", "4": "Zones",
    "5": "Turn Structure", "6": "Spells, Abilities, and Effects", "7": "Additional Rules",
    "8": "Multiplayer Rules", "9": "Casual Variants",
}

Judge = Callable[[Sequence[Case], Sequence[str]], dict[str, Any]]


def rule_coverage(cases: Sequence[Case], index: CrIndex, cmap: CrMap,
                  citing_rulings: Mapping[str, list[str]], era_ids: Sequence[str],
                  judge: Judge) -> dict[str, Any]:
    """CR number → its kind, bucket and cases; ``judge(linked, eras)`` counts the cases."""
    reaching = {c.id for c in cases if reaches(c)}
    by_number: dict[str, list[Case]] = {}
    for case in cases:
        for number in dict.fromkeys(case.rules):
            by_number.setdefault(number, []).append(case)
    numbers = set(index.numbers) | set(by_number) | set(citing_rulings)
    rules: dict[str, Any] = {}
    for number in sorted(numbers, key=sort_key):
        citing = by_number.get(number, [])
        linked = [c for c in citing if c.id in reaching]
        eras = [e for e in era_ids if any(e in c.eras for c in linked)]
        entry = judge(linked, eras)
        kind = cmap.kind(number) or "unmapped"
        entry["kind"] = kind
        mapped = cmap.entries.get(number)
        if mapped is not None and mapped.reason:
            entry["reason"] = mapped.reason
        if mapped is not None and mapped.tested_by:
            entry["tested_by"] = list(mapped.tested_by)
        entry["unreached_case_ids"] = sorted(c.id for c in citing if c.id not in reaching)
        entry["rulings"] = citing_rulings.get(number, [])
        entry["in_index"] = number in index.numbers
        entry["bucket"] = _bucket(kind, entry)
        rules[number] = entry
    return rules


def _bucket(kind: str, entry: Mapping[str, Any]) -> str:
    if kind not in ("testable", "unmapped"):
        return kind
    if not entry["cases"]:
        return "testable-no-case"
    buckets = {e["bucket"] for e in entry["eras"].values()}
    if "failing" in buckets:
        return "testable-failing"
    if "not-run" in buckets:
        return "testable-not-run"
    return "testable-passing"


def _tally(entries: Iterable[tuple[str, Mapping[str, Any]]]) -> dict[str, Any]:
    counts: dict[str, Any] = {"rules": 0, "testable": 0, "definition": 0, "variant": 0,
                              "outside": 0, "with_passing_case": 0}
    counts.update({b: 0 for b in MAP_BUCKETS})
    for _, e in entries:
        counts["rules"] += 1
        kind = e["kind"] if e["kind"] != "unmapped" else "testable"
        counts[kind] += 1
        if e["bucket"] != kind:  # a testable number's bucket
            counts[e["bucket"]] += 1
        counts["with_passing_case"] += kind == "testable" and e["passing"] > 0
    counts["percent_passing"] = (round(100.0 * counts["with_passing_case"] / counts["testable"], 1)
                                 if counts["testable"] else None)
    return counts


def summarize(rules: Mapping[str, Any], cmap: CrMap) -> dict[str, Any]:
    """Counts per section, per three-digit rule and per measured range (numbers of the index
    only). ``with_passing_case`` counts the testable numbers with at least one passing case;
    ``percent_passing`` is that share of the testable numbers."""
    indexed = [(n, e) for n, e in rules.items() if e["in_index"]]
    sections: dict[str, Any] = {}
    for section in sorted({section_of(n) for n, _ in indexed}):
        tally = _tally((n, e) for n, e in indexed if section_of(n) == section)
        sections[section] = {"title": SECTION_TITLES.get(section, ""), **tally}
    groups: dict[str, Any] = {}
    for rule in sorted({n.split(".")[0] for n, _ in indexed}, key=sort_key):
        tally = _tally((n, e) for n, e in indexed if n.split(".")[0] == rule)
        groups[rule] = {"title": cmap.title(rule), **tally}
    ranges = {label: _tally((n, e) for n, e in indexed if lo <= int(n[:3]) <= hi)
              for label, lo, hi in RANGES}
    return {"sections": sections, "rule_groups": groups, "ranges": ranges,
            "overall": _tally(indexed)}
