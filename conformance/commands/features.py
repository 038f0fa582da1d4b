"""``mtgconf features``: the features a case may need, what each means, how many cases need it
and the queries and actions those cases use; with ``--adapter`` (or ``--report``), which the
engine declares and what to build next: every feature, era, query and action the engine
lacks, ranked by the results it alone would unlock (:mod:`conformance.results.blockers`)."""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.markup import escape
from rich.table import Table

from conformance.adapter import AdapterInfo
from conformance.reports.jsonl import load_report
from conformance.results.blockers import Unlock, describe, rank, rank_results, uses
from conformance.running.runner import plan
from conformance.spec.catalog import default_spec
from conformance.spec.loader import load_cases
from conformance.spec.model import Case

from ..adapters import resolve_adapter
from ..errors import AdapterError
from ._common import console, shown
from ._exit import USAGE


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``mtgconf features``."""
    parser.add_argument("--adapter", help="also say which features this adapter declares, and "
                                          "rank what it lacks by the results each alone "
                                          "would unlock")
    parser.add_argument("--report", type=Path, metavar="FILE",
                        help="rank from this JSON-lines report of a run instead (it also "
                             "knows the queries and actions the engine refused)")
    parser.add_argument("--json", action="store_true", help="print JSON")


def _rules(feature: Mapping[str, Any]) -> list[str]:
    return [str(r) for r in feature.get("rules", [])]


def _uses(cases: Sequence[Case]) -> dict[str, tuple[set[str], set[str]]]:
    """For each feature, the queries and actions of the cases needing it."""
    out: dict[str, tuple[set[str], set[str]]] = {}
    for case in cases:
        queries, actions = uses(case)
        for f in case.features:
            q, a = out.setdefault(f, (set(), set()))
            q |= queries
            a |= actions
    return out


def _ranking(args: argparse.Namespace, cases: Sequence[Case], info: AdapterInfo | None,
             err: Any) -> list[Unlock] | None:
    """What to build next: from the report when given, else planned from the adapter's
    declaration; None with neither (or an unreadable report, said on ``err``)."""
    if args.report is not None:
        try:
            loaded = load_report(args.report)
        except OSError as exc:
            err.print(f"error: cannot read report {escape(str(args.report))}: "
                      f"{escape(exc.strerror or str(exc))}", highlight=False)
            return None
        return rank_results(loaded.results)
    if info is None:
        return None
    return rank(item.missing for item in plan(cases, info) if item.verdict == "unsupported")


def run(args: argparse.Namespace) -> int:
    """Exit 0; 2 if the adapter cannot be started or the report cannot be read."""
    spec = default_spec()
    err = console(stderr=True)
    cases = load_cases(None, spec).cases
    needed: Counter[str] = Counter()
    for case in cases:
        needed.update(case.features)
    info: AdapterInfo | None = None
    if args.adapter:
        try:
            adapter = resolve_adapter(args.adapter)
            info = adapter.info()
            adapter.close()
        except AdapterError as exc:
            err.print(f"error: {escape(str(exc))}", highlight=False)
            return USAGE
    declared = info.features if info is not None else None
    ranking = _ranking(args, cases, info, err)
    if args.report is not None and ranking is None:
        return USAGE
    unlock = {u.blocker: u for u in ranking or []}
    used = _uses(cases)
    rows = []
    for name, f in spec.features.items():
        q, a = used.get(name, (set(), set()))
        row: dict[str, Any] = {"feature": name, "description": str(f.get("description", "")),
                               "rules": _rules(f), "cases": needed[name],
                               "queries": sorted(q), "actions": sorted(a)}
        if declared is not None:
            row["declared"] = name in declared
        if ranking is not None:
            u = unlock.get(f"feature:{name}")
            row["unlocks_alone"] = u.alone if u else 0
            row["blocks"] = u.blocks if u else 0
        rows.append(row)
    if args.json:
        doc: dict[str, Any] = {"features": rows, "failures": {
            k: str(v.get("description", "")) for k, v in spec.failures.items()}}
        if ranking is not None:
            doc["next"] = [u.to_dict() for u in ranking]
        print(json.dumps(doc, indent=2))
        return 0
    _print(rows, ranking, declared, spec)
    return 0


def _print(rows: list[dict[str, Any]], ranking: list[Unlock] | None,
           declared: frozenset[str] | None, spec: Any) -> None:
    out = console()
    table = Table(title="Features (spec/features.toml): a case lists those it needs; an engine "
                        "declares those it has", title_justify="left")
    ranked = ranking is not None
    cols = ["feature", "cases", *(["declared"] if declared is not None else []),
            *(["unlocks alone", "among"] if ranked else []), "CR", "meaning",
            "queries / actions its cases use"]
    for col in cols:
        table.add_column(col, justify="right" if col in ("cases", "unlocks alone", "among")
                         else "left")
    for row in rows:
        mark = ([("yes" if row["declared"] else "[yellow]no[/yellow]")]
                if declared is not None else [])
        counts = [str(row["unlocks_alone"]), str(row["blocks"])] if ranked else []
        table.add_row(str(row["feature"]), str(row["cases"]), *mark, *counts,
                      escape(", ".join(row["rules"])), escape(str(row["description"])),
                      escape(", ".join(row["queries"]) + " / " + ", ".join(row["actions"])))
    out.print(table)
    if declared is not None:
        unknown = sorted(declared - set(spec.features))
        if unknown:
            out.print(f"[yellow]the adapter declares unknown feature(s)[/yellow]: "
                      f"{escape(', '.join(unknown))}", highlight=False)
    if ranking:
        nxt = Table(title="What to build next: every thing the engine lacks, by the results "
                          "it alone would unlock", title_justify="left")
        for col in ("missing", "unlocks alone", "among"):
            nxt.add_column(col, justify="left" if col == "missing" else "right")
        for u in ranking:
            nxt.add_row(escape(describe(u.blocker)), str(u.alone), str(u.blocks))
        out.print(nxt)
    out.print(f"failure classes (a case's reject = ...): {shown(', '.join(spec.failures))}",
              highlight=False, soft_wrap=True)
