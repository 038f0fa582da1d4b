"""``mtgconf validate``: check the registries and case files; print every problem."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from rich.markup import escape

from conformance.authoring.lint import check_reference, lint_paths
from conformance.spec.catalog import default_spec
from conformance.spec.loader import load_cases
from conformance.spec.paths import inside_package as _inside_package
from conformance.spec.paths import locate_spec

from ..reports.console import print_spec_errors
from ._common import console


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", type=Path, help="case files or directories")
    parser.add_argument("--json", action="store_true", help="print problems as JSON")
    parser.add_argument("--no-lint", action="store_true",
                        help="skip lint (titles, CR numbers); schema and references only")
    parser.add_argument("--check-reference", action="store_true",
                        help="also run each case on the reference engine (lint)")


def _installed_note(paths: list[Path]) -> str | None:
    """A warning when files outside the installed package are checked against its spec."""
    where = locate_spec()
    if not where.installed or not paths:
        return None
    outside = [p for p in paths if not _inside_package(p)]
    if not outside:
        return None
    return (f"note: checking against the installed spec at {where.root}: cards and rulings "
            f"you added elsewhere are not seen. Run inside your checkout, or point at its spec "
            "with --spec DIR (or MTGCONF_SPEC, or [tool.mtgconf] spec in pyproject.toml).")


def run(args: argparse.Namespace) -> int:
    spec = default_spec()
    note = _installed_note(list(args.paths))
    if note and not args.json:
        console(stderr=True).print(note, markup=False, soft_wrap=True)
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
        print_spec_errors(console(stderr=True), errors)
        problems = [e for e in errors if e.severity != "warning"]
        warnings = len(errors) - len(problems)
        status = "[green]ok[/green]" if not problems else f"[red]{len(problems)} problem(s)[/red]"
        if warnings:
            status += f", [yellow]{warnings} warning(s)[/yellow]"
        out.print(f"{loaded.files} case file(s), {len(loaded.cases)} valid case(s), "
                  f"{len(spec.rulings)} rulings, {len(spec.cards)} cards "
                  f"(spec {escape(str(spec.root))}): {status}", soft_wrap=True)
    return 0 if not any(e.severity != "warning" for e in errors) else 1
