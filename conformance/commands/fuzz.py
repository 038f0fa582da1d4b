"""``mtgconf fuzz``: a differential run of an adapter against the reference engine (issue 7)."""

from __future__ import annotations

import argparse
from pathlib import Path

from ._common import console


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--adapter", required=True,
                        help="adapter name, module:Class, or cmd:<command line>")
    parser.add_argument("--seconds", type=float, default=60.0,
                        help="time budget before shrinking (default: 60)")
    parser.add_argument("--seed", type=int, default=0, help="seed (default: 0)")
    parser.add_argument("--family", action="append", default=[], metavar="F",
                        help="only scenarios of this family (repeatable)")
    parser.add_argument("--max-actions", type=int, default=4,
                        help="actions per scenario at most (default: 4)")
    parser.add_argument("--out", type=Path, required=True,
                        help="directory for the minimal case of a divergence")


def run(args: argparse.Namespace) -> int:
    """Exit 0 when no divergence was found, 1 when one was (and written), 2 on bad input."""
    from conformance.differential.fuzz import fuzz
    from generators.emit import case_text
    from generators.family import FamilyError

    from ..adapters import resolve_adapter
    from ..errors import AdapterError

    out = console()
    try:
        adapter = resolve_adapter(args.adapter)
    except AdapterError as exc:
        out.print(f"[red]error[/red] {exc}")
        return 2
    try:
        result = fuzz(adapter, seconds=args.seconds, seed=args.seed, families=args.family,
                      max_actions=args.max_actions)
    except (FamilyError, KeyError) as exc:
        out.print(f"[red]error[/red] {exc}")
        return 2
    finally:
        try:
            adapter.close()
        except Exception:
            pass
    out.print(f"{result.examples} scenario(s) in {result.seconds:.1f}s over "
              f"{len(result.families)} families")
    if result.case is None:
        out.print("[green]no divergence found[/green]")
        return 0
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / f"{result.case['id']}.toml"
    path.write_text(case_text(result.case), encoding="utf-8", newline="\n")
    out.print(f"[red]divergence[/red] {result.divergence}")
    out.print(f"minimal case written to {path}; reproduce with: mtgconf run --adapter "
              f"{args.adapter} {path}")
    return 1
