"""``mtgconf eras``: the rules eras of spec/eras.toml, their switches and case counts."""

from __future__ import annotations

import argparse
import json
from collections import Counter

from rich.markup import escape

from conformance.spec.catalog import default_spec
from conformance.spec.loader import load_cases

from ._common import console, shown


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``mtgconf eras``."""
    parser.add_argument("--json", action="store_true", help="print JSON")


def run(args: argparse.Namespace) -> int:
    """Exit 0."""
    spec = default_spec()
    counts: Counter[str] = Counter()
    for case in load_cases(None, spec).cases:
        counts.update(case.eras)
    rows = [{"id": eid, "name": str(e.get("name", "")), "date": str(e.get("date", "")),
             "terminology": str(e.get("terminology", "")), "cases": counts[eid],
             "switches": dict(e.get("switches", {}))} for eid, e in spec.eras.items()]
    if args.json:
        print(json.dumps({"eras": rows}, indent=2))
        return 0
    out = console()
    for row in rows:
        out.print(f"[bold]{escape(str(row['id']))}[/bold]  {escape(str(row['name']))}; "
                  f"{shown(row['date'])}; {row['cases']} cases", highlight=False, soft_wrap=True)
        if row["terminology"]:
            out.print(f"  terms: {escape(str(row['terminology']))}", highlight=False,
                      soft_wrap=True)
        switches = row["switches"]
        assert isinstance(switches, dict)
        for key, value in switches.items():
            out.print(f"  {shown(key)} = {escape(str(value))}", highlight=False)
    out.print("Run one era with --era ID; an adapter declares the eras it implements.")
    return 0
