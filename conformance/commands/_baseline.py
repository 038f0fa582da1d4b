"""The baseline options of ``mtgconf run``: ``--baseline``, ``--strict-baseline``,
``--write-baseline`` (see :mod:`conformance.results.baseline`)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console

from conformance.results.baseline import (
    Baseline,
    baseline_from_results,
    load_baseline,
    write_baseline,
)
from conformance.results.records import CaseResult

from ..adapter import AdapterInfo
from ..errors import SpecError

__all__ = ["add_arguments", "finish", "load"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the baseline options to ``mtgconf run``."""
    parser.add_argument("--baseline", type=Path, metavar="FILE",
                        help="known failures (TOML or JSON): a listed failure is reported as "
                             "known-failure, a listed case that passes as fixed")
    parser.add_argument("--strict-baseline", action="store_true",
                        help="fail the run when a case listed in the baseline passes (fixed)")
    parser.add_argument("--write-baseline", type=Path, metavar="FILE",
                        help="write a baseline listing this run's failures (reasons of "
                             "--baseline entries are kept)")


def load(args: argparse.Namespace, out: Console) -> tuple[bool, Baseline | None]:
    """Read ``--baseline`` if given: (ok, baseline); a bad file is printed and not ok."""
    if getattr(args, "baseline", None) is None:
        return True, None
    try:
        return True, load_baseline(args.baseline)
    except SpecError as exc:
        out.print(f"[red]error[/red] {exc}")
        return False, None


def finish(args: argparse.Namespace, out: Console, results: Sequence[CaseResult],
           info: AdapterInfo, baseline: Baseline | None) -> bool:
    """Write ``--write-baseline`` and report on the baseline; False if the run must fail
    because of it (``fixed`` results under ``--strict-baseline``)."""
    if getattr(args, "write_baseline", None) is not None:
        written = baseline_from_results(results, adapter=info.name, version=info.version,
                                        previous=baseline)
        write_baseline(written, args.write_baseline)
        out.print(f"wrote {len(written.entries)} known failure(s) to {args.write_baseline}")
    if baseline is None:
        return True
    fixed = [r for r in results if r.result == "fixed"]
    for r in fixed:
        out.print(f"[yellow]FIXED[/yellow] {r.case} [{r.era}]: listed in {baseline.file} as "
                  f"a known failure but passed")
    stale = baseline.unused(results)
    if stale:
        out.print(f"{len(stale)} baseline entr{'y' if len(stale) == 1 else 'ies'} matched no "
                  f"result: {', '.join(e.case for e in stale[:5])}"
                  + (" ..." if len(stale) > 5 else ""))
    return not (fixed and getattr(args, "strict_baseline", False))
