"""``mtgconf features``: the features a case may need, what each means, and how many cases
need it (with ``--adapter``, which the engine declares)."""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Mapping
from typing import Any

from rich.markup import escape
from rich.table import Table

from conformance.spec.catalog import default_spec
from conformance.spec.loader import load_cases

from ..adapters import resolve_adapter
from ..errors import AdapterError
from ._common import console
from ._exit import USAGE


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``mtgconf features``."""
    parser.add_argument("--adapter", help="also say which features this adapter declares")
    parser.add_argument("--json", action="store_true", help="print JSON")


def _rules(feature: Mapping[str, Any]) -> list[str]:
    return [str(r) for r in feature.get("rules", [])]


def run(args: argparse.Namespace) -> int:
    """Exit 0; 2 if the adapter cannot be started."""
    spec = default_spec()
    err = console(stderr=True)
    needed: Counter[str] = Counter()
    for case in load_cases(None, spec).cases:
        needed.update(case.features)
    declared: frozenset[str] | None = None
    if args.adapter:
        try:
            adapter = resolve_adapter(args.adapter)
            declared = adapter.info().features
            adapter.close()
        except AdapterError as exc:
            err.print(f"error: {escape(str(exc))}", highlight=False)
            return USAGE
    rows = [{"feature": name, "description": str(f.get("description", "")),
             "rules": _rules(f), "cases": needed[name],
             **({"declared": name in declared} if declared is not None else {})}
            for name, f in spec.features.items()]
    if args.json:
        print(json.dumps({"features": rows, "failures": {
            k: str(v.get("description", "")) for k, v in spec.failures.items()}}, indent=2))
        return 0
    out = console()
    table = Table(title="Features (spec/features.toml): a case lists those it needs; an engine "
                        "declares those it has", title_justify="left")
    for col in ("feature", "cases", *(["declared"] if declared is not None else []), "CR",
                "meaning"):
        table.add_column(col, justify="right" if col == "cases" else "left")
    for row in rows:
        mark = ([("yes" if row["declared"] else "[yellow]no[/yellow]")]
                if declared is not None else [])
        table.add_row(str(row["feature"]), str(row["cases"]), *mark,
                      escape(", ".join(_rules(spec.features[str(row["feature"])]))),
                      escape(str(row["description"])))
    out.print(table)
    if declared is not None:
        unknown = sorted(declared - set(spec.features))
        if unknown:
            out.print(f"[yellow]the adapter declares unknown feature(s)[/yellow]: "
                      f"{escape(', '.join(unknown))}", highlight=False)
    out.print(f"failure classes (a case's reject = ...): {', '.join(spec.failures)}",
              highlight=False, soft_wrap=True)
    return 0
