"""Ruling and rule coverage: which rulings and CR numbers have cases, and how those cases fare.

Buckets stay visible instead of one flattering percentage: ``passing`` (every case passes),
``failing`` (some case fails or errors), ``not-testable`` (the catalog says why), ``no-case``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .model import Case
from .results import CaseResult
from .spec import Spec

__all__ = ["BUCKETS", "compute_coverage"]

BUCKETS = ("passing", "failing", "not-testable", "no-case")


def compute_coverage(spec: Spec, cases: Sequence[Case],
                     results: Iterable[CaseResult]) -> dict[str, Any]:
    """Coverage of the ruling catalog and CR numbers by ``cases``, judged by ``results``."""
    by_case: dict[str, list[CaseResult]] = {}
    for r in results:
        by_case.setdefault(r.case, []).append(r)
    rulings: dict[str, Any] = {}
    for rid, ruling in spec.rulings.items():
        linked = [c for c in cases if rid in c.rulings]
        passing = failing = 0
        eras: dict[str, dict[str, int]] = {}
        for case in linked:
            rs = by_case.get(case.id, [])
            ok = bool(rs) and all(r.result == "passed" for r in rs)
            bad = any(r.result in ("failed", "errored") for r in rs)
            passing += ok
            failing += bad
            for r in rs:
                e = eras.setdefault(r.era, {"cases": 0, "passing": 0})
                e["cases"] += 1
                e["passing"] += r.result == "passed"
        if not ruling.testable:
            bucket = "not-testable"
        elif not linked:
            bucket = "no-case"
        elif failing or passing < len(linked):
            bucket = "failing"
        else:
            bucket = "passing"
        entry: dict[str, Any] = {
            "area": ruling.area, "cases": len(linked), "passing": passing, "failing": failing,
            "bucket": bucket, "eras": eras, "rules": list(ruling.rules),
        }
        if not ruling.testable:
            entry["reason"] = ruling.not_testable
        rulings[rid] = entry
    rules: dict[str, dict[str, Any]] = {}
    for case in cases:
        ok = all(r.result == "passed" for r in by_case.get(case.id, [])) and case.id in by_case
        for number in case.rules:
            e = rules.setdefault(number, {"cases": 0, "passing": 0})
            e["cases"] += 1
            e["passing"] += ok
    counts = {b: sum(1 for r in rulings.values() if r["bucket"] == b) for b in BUCKETS}
    return {"rulings": rulings, "rules": dict(sorted(rules.items())),
            "summary": {"rulings": len(rulings), **counts, "cases": len(cases)}}
