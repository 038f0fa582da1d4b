"""``mtgconf coverage``: rulings and CR numbers covered by cases, in honest buckets."""

from __future__ import annotations

import argparse
import json
import sys

from ..adapters import resolve_adapter
from ..coverage import BUCKETS, compute_coverage
from ..errors import AdapterError
from ..loader import load_cases
from ..runner import Runner
from ..spec import default_spec
from ._common import console

NAME = "coverage"
HELP = "rulings and CR numbers covered by passing cases"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print the coverage as JSON")
    parser.add_argument("--adapter", default="reference", help="judge cases on this adapter")


def run(args: argparse.Namespace) -> int:
    spec = default_spec()
    loaded = load_cases(None, spec)
    try:
        adapter = resolve_adapter(args.adapter)
    except AdapterError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    with Runner(adapter, spec=spec) as runner:
        results = list(runner.run(loaded.cases))
    cov = compute_coverage(spec, loaded.cases, results)
    if args.json:
        print(json.dumps(cov, indent=2, sort_keys=True))
        return 0
    out = console()
    s = cov["summary"]
    out.print(f"{s['rulings']} rulings, {s['cases']} cases: "
              + ", ".join(f"{s[b]} {b}" for b in BUCKETS))
    for bucket in BUCKETS:
        ids = [rid for rid, e in cov["rulings"].items() if e["bucket"] == bucket]
        if ids:
            out.print(f"[bold]{bucket}[/bold] ({len(ids)}): {', '.join(ids)}", soft_wrap=True)
    for rid, e in cov["rulings"].items():
        if e["bucket"] == "not-testable":
            out.print(f"  {rid}: not testable: {e.get('reason')}")
    return 0
