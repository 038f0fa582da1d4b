"""``mtgconf validate``: check the registries and case files; print every problem."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from ..loader import load_cases
from ..reports.console import print_spec_errors
from ..spec import default_spec
from ._common import console

NAME = "validate"
HELP = "check the spec and case files; print every problem"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", type=Path, help="case files or directories")
    parser.add_argument("--json", action="store_true", help="print problems as JSON")


def run(args: argparse.Namespace) -> int:
    spec = default_spec()
    loaded = load_cases(args.paths or None, spec)
    errors = spec.errors + loaded.errors
    if args.json:
        print(json.dumps({"files": loaded.files, "cases": len(loaded.cases),
                          "errors": [e.to_dict() for e in errors]}, indent=2))
    else:
        out = console()
        print_spec_errors(out, errors)
        status = "[green]ok[/green]" if not errors else f"[red]{len(errors)} problem(s)[/red]"
        out.print(f"{loaded.files} case file(s), {len(loaded.cases)} valid case(s), "
                  f"{len(spec.rulings)} rulings, {len(spec.cards)} cards: {status}")
    return 0 if not errors else 1
