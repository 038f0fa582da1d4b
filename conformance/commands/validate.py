"""``mtgconf validate``: check the registries and case files; print every problem."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from conformance.authoring.lint import check_reference, lint_paths
from conformance.spec.catalog import default_spec
from conformance.spec.loader import load_cases

from ..reports.console import print_spec_errors
from ._common import console

NAME = "validate"
HELP = "check the spec and case files; print every problem"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", type=Path, help="case files or directories")
    parser.add_argument("--json", action="store_true", help="print problems as JSON")
    parser.add_argument("--no-lint", action="store_true",
                        help="skip lint (titles, CR numbers); schema and references only")
    parser.add_argument("--check-reference", action="store_true",
                        help="also run each case on the reference engine (lint)")


def run(args: argparse.Namespace) -> int:
    spec = default_spec()
    loaded = load_cases(args.paths or None, spec)
    errors = spec.errors + loaded.errors
    if not args.no_lint:
        errors += lint_paths(args.paths or None, spec)
    if args.check_reference:
        errors += check_reference(loaded.cases, spec)
    if args.json:
        print(json.dumps({"files": loaded.files, "cases": len(loaded.cases),
                          "errors": [e.to_dict() for e in errors]}, indent=2))
    else:
        out = console()
        print_spec_errors(out, errors)
        problems = [e for e in errors if e.severity != "warning"]
        warnings = len(errors) - len(problems)
        status = "[green]ok[/green]" if not problems else f"[red]{len(problems)} problem(s)[/red]"
        if warnings:
            status += f", [yellow]{warnings} warning(s)[/yellow]"
        out.print(f"{loaded.files} case file(s), {len(loaded.cases)} valid case(s), "
                  f"{len(spec.rulings)} rulings, {len(spec.cards)} cards: {status}")
    return 0 if not any(e.severity != "warning" for e in errors) else 1
