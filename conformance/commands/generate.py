"""``mtgconf generate``: write generated cases from the ruling families (issue 7)."""

from __future__ import annotations

import argparse

from ..results.outputs import Output, OutputConflict, claim_outputs
from . import _options as opt
from ._common import console, quoted, shown


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--list", action="store_true", help="list the families and exit")
    parser.add_argument("--seed", type=int, default=0, help="seed (default: 0)")
    parser.add_argument("--count", type=opt.count, default=100,
                        help="how many cases (default: 100)")
    parser.add_argument("--family", action="append", default=[], metavar="F",
                        help="only this family (repeatable)")
    parser.add_argument("--era", help="only cases of this era")
    parser.add_argument("--out", type=opt.output_dir, help="output directory")


def run(args: argparse.Namespace) -> int:
    """Exit 0 when the cases were written (or listed); 2 on bad arguments."""
    from generators.emit import generate_cases, select_families, write_cases
    from generators.family import FamilyError

    out = console()
    try:
        chosen = select_families(args.family, era=args.era)
    except FamilyError as exc:
        out.print(f"[red]error[/red] {shown(exc)}")
        return 2
    if args.list:
        for fam in chosen:
            out.print(f"{fam.name:32} {fam.area:16} {','.join(fam.eras):22} "
                      f"{' '.join(fam.rulings):24} {shown(fam.title)}", soft_wrap=True)
        out.print(f"{len(chosen)} families")
        return 0
    if args.out is None:
        out.print("[red]error[/red] --out DIR is required (or use --list)")
        return 2
    err = console(stderr=True)
    try:
        claim = claim_outputs([Output("--out", args.out, directory=True)])
    except (OutputConflict, OSError) as exc:
        err.print(f"[red]error[/red] {shown(exc)}")
        return 2
    with claim:
        try:
            paths = write_cases(generate_cases(seed=args.seed, count=args.count,
                                               families=args.family, era=args.era), args.out)
        except FamilyError as exc:
            out.print(f"[red]error[/red] {shown(exc)}")
            return 2
        except OSError as exc:
            err.print(f"[red]error[/red] cannot write under --out {quoted(args.out)}: "
                      f"{shown(exc.strerror or exc)}")
            return 1
    out.print(f"wrote {len(paths)} case(s) under {quoted(args.out)} (seed {args.seed})")
    return 0
