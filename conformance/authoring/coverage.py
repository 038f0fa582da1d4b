"""Ruling and rule coverage: which rulings and CR numbers have cases, and how those cases fare.

Buckets stay visible instead of one flattering percentage, overall and per era:

* ``passing``: every result of every linked case passed;
* ``failing``: some linked case failed or errored (or is a known failure of a baseline);
* ``not-run``: no case failed, but some did not run on this adapter (unsupported, skipped), so
  nothing is known about them;
* ``not-testable``: the catalog says why no engine behaviour can show the ruling (the reason is
  kept in the entry);
* ``no-case``: nothing cites the ruling (or, per era, nothing cites it in that era) yet.

A ruling's overall bucket is the worst of its eras' (failing, then not-run), ``no-case`` only when
it has no case at all; eras of the ruling that still lack a case are listed in ``missing_eras``.
A ruling is judged only in the eras it holds in (its ``eras`` in ``spec/rulings.toml``): a case
run in another era says nothing about it, so an Invasion-only ruling never gets a modern bucket
(lint warns about such tags: ``ruling-not-in-eras``).
CR numbers: every number of the index is listed under ``rules`` with its kind from the CR map
(``spec/cr-map.toml``), ``passing`` and a bucket (:mod:`conformance.authoring.rulecoverage`); a
case counts for a number only if it cites it and its steps reach it
(:mod:`conformance.authoring.reach`). ``rule_map`` sums them up per section, per three-digit
rule and for the ranges issue 31 measures.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from conformance.authoring.crindex import CrIndex, load_cr_index
from conformance.authoring.crmap import CrMap, default_cr_map
from conformance.authoring.rulecoverage import MAP_BUCKETS, rule_coverage, summarize
from conformance.results.records import CaseResult
from conformance.spec.catalog import Spec
from conformance.spec.model import Case

__all__ = ["BUCKETS", "RULE_BUCKETS", "bucket_of", "compute_coverage"]

BUCKETS = ("passing", "failing", "not-run", "not-testable", "no-case")
#: Buckets of CR numbers: the map's kind, and for a testable number how its cases fare.
RULE_BUCKETS = MAP_BUCKETS

_PASS = frozenset({"passed", "fixed"})
_FAIL = frozenset({"failed", "errored", "known-failure"})


def bucket_of(results: Sequence[CaseResult], cases: int) -> str:
    """The bucket of ``cases`` linked cases judged by their ``results``."""
    if not cases:
        return "no-case"
    if any(r.result in _FAIL for r in results):
        return "failing"
    if len(results) and all(r.result in _PASS for r in results):
        return "passing"
    return "not-run"


def _worst(buckets: Iterable[str]) -> str:
    found = set(buckets)
    for bucket in ("failing", "not-run", "passing"):
        if bucket in found:
            return bucket
    return "no-case"


def _judge(linked: Sequence[Case], by_key: Mapping[tuple[str, str], list[CaseResult]],
           eras: Iterable[str]) -> dict[str, Any]:
    """Counts and buckets for ``linked`` cases, overall and per era."""
    per_era: dict[str, dict[str, Any]] = {}
    all_results: list[CaseResult] = []
    passing = failing = 0
    eras = list(eras)
    for case in linked:
        rs = [r for e in case.eras if e in eras for r in by_key.get((case.id, e), [])]
        all_results += rs
        passing += bool(rs) and all(r.result in _PASS for r in rs)
        failing += any(r.result in _FAIL for r in rs)
    for era in eras:
        in_era = [c for c in linked if era in c.eras]
        rs = [r for c in in_era for r in by_key.get((c.id, era), [])]
        per_era[era] = {
            "cases": len(in_era),
            "passing": sum(1 for c in in_era
                           if all(r.result in _PASS for r in by_key.get((c.id, era), []))
                           and by_key.get((c.id, era))),
            "failing": sum(1 for c in in_era
                           if any(r.result in _FAIL for r in by_key.get((c.id, era), []))),
            "bucket": bucket_of(rs, len(in_era)),
        }
    return {"cases": len(linked), "passing": passing, "failing": failing,
            "not_run": len(linked) - passing - failing, "eras": per_era,
            "case_ids": sorted(c.id for c in linked)}


def compute_coverage(spec: Spec, cases: Sequence[Case], results: Iterable[CaseResult], *,
                     index: CrIndex | None = None, cmap: CrMap | None = None) -> dict[str, Any]:
    """Coverage of the ruling catalog and CR numbers by ``cases``, judged by ``results``.

    The JSON keeps, for every ruling of the catalog, at least ``cases`` and ``passing``; for
    every number of ``index`` (default ``spec/cr-index.txt``), at least ``kind`` (from ``cmap``,
    default ``spec/cr-map.toml``) and ``passing``.
    """
    index = index if index is not None else load_cr_index(spec.root / "cr-index.txt")
    cmap = cmap if cmap is not None else default_cr_map(spec.root)
    by_key: dict[tuple[str, str], list[CaseResult]] = {}
    for r in results:
        by_key.setdefault((r.case, r.era), []).append(r)
    era_ids = list(spec.eras)
    rulings: dict[str, Any] = {}
    for rid, ruling in spec.rulings.items():
        eras = list(ruling.eras)
        linked = [c for c in cases if rid in c.rulings and set(c.eras) & set(eras)]
        entry = _judge(linked, by_key, eras)
        if not ruling.testable:
            entry["bucket"] = "not-testable"
            entry["reason"] = ruling.not_testable
            for era_entry in entry["eras"].values():
                era_entry["bucket"] = "not-testable"
        else:
            entry["bucket"] = ("no-case" if not linked else
                               _worst(e["bucket"] for e in entry["eras"].values()))
        entry["missing_eras"] = [e for e in ruling.eras if not entry["eras"][e]["cases"]]
        entry.update(area=ruling.area, rules=list(ruling.rules))
        rulings[rid] = entry
    citing: dict[str, list[str]] = {}
    for rid, ruling in spec.rulings.items():
        for number in ruling.rules:
            citing.setdefault(number, []).append(rid)
    rules = rule_coverage(cases, index, cmap, citing, era_ids,
                          lambda linked, eras: _judge(linked, by_key, eras))
    per_era: dict[str, dict[str, int]] = {
        era: {b: sum(1 for r in rulings.values()
                     if era in r["eras"] and r["eras"][era]["bucket"] == b) for b in BUCKETS}
        for era in era_ids}
    counts = {b: sum(1 for r in rulings.values() if r["bucket"] == b) for b in BUCKETS}
    rule_counts = {b: sum(1 for r in rules.values() if r["bucket"] == b) for b in RULE_BUCKETS}
    return {
        "rulings": rulings,
        "rules": rules,
        "eras": per_era,
        "rule_map": summarize(rules, cmap),
        "summary": {"rulings": len(rulings), **counts, "cases": len(cases),
                    "rules": len(rules), "rule_buckets": rule_counts},
    }
