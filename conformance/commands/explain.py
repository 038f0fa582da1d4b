"""``mtgconf explain CASE_ID``: a case in words and the reference engine's trace of it."""

from __future__ import annotations

import argparse
import fnmatch
import json
from pathlib import Path

from rich.markup import escape

from conformance.running.trace import describe_case, format_trace, trace_case
from conformance.spec.catalog import default_spec
from conformance.spec.loader import load_case_file, load_cases
from conformance.spec.model import Case

from ..reports.console import print_spec_errors
from ._common import console

NAME = "explain"
HELP = "show a case in words, its rulings and CR numbers, and the reference engine's trace"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``mtgconf explain``."""
    parser.add_argument("case", help="case id (or a case file)")
    parser.add_argument("--era", help="trace this era only (default: every era of the case)")
    parser.add_argument("--json", action="store_true", help="print the explanation as JSON")


def _find(ref: str) -> tuple[Case | None, list[str]]:
    """The case named by id or file; else (None, ids that look alike)."""
    spec = default_spec()
    path = Path(ref)
    if path.suffix == ".toml" and path.is_file():
        case, errors = load_case_file(path, spec)
        if case is None:
            print_spec_errors(console(stderr=True), errors)
        return case, []
    cases = load_cases(None, spec).cases
    for case in cases:
        if case.id == ref:
            return case, []
    pattern = f"*{ref}*"
    return None, [c.id for c in cases if fnmatch.fnmatchcase(c.id, pattern)][:10]


def run(args: argparse.Namespace) -> int:
    """Exit 0 when the reference engine agrees with the case, 1 if it diverges, 2 if the case
    does not exist."""
    spec = default_spec()
    case, similar = _find(args.case)
    err = console(stderr=True)
    if case is None:
        hint = f"; similar ids: {', '.join(similar)}" if similar else ""
        err.print(f"error: no case {args.case!r}{hint}")
        return 2
    eras = [e for e in case.eras if args.era is None or e == args.era]
    if not eras:
        err.print(f"error: case {case.id} does not hold in era {args.era!r} "
                  f"(its eras: {', '.join(case.eras)})")
        return 2
    traces = [trace_case(case, spec, era) for era in eras]
    agrees = all(t.diverged_at is None and not t.error for t in traces)
    if args.json:
        print(json.dumps({
            "case": case.id, "title": case.title, "file": case.file,
            "rulings": {r: spec.rulings[r].statement if r in spec.rulings else None
                        for r in case.rulings},
            "rules": list(case.rules), "eras": list(case.eras),
            "features": list(case.features), "words": describe_case(case, spec),
            "traces": [t.to_dict() for t in traces],
        }, indent=2, ensure_ascii=False))
        return 0 if agrees else 1
    out = console()
    lines = describe_case(case, spec)
    out.print(f"[bold]{escape(lines[0])}[/bold]", markup=True, soft_wrap=True)
    for line in lines[1:]:
        out.print(line, markup=False, soft_wrap=True)
    for trace in traces:
        out.print("")
        for line in format_trace(trace):
            out.print(line, markup=False, soft_wrap=True)
    return 0 if agrees else 1
