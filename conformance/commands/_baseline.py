"""The baseline options of ``mtgconf run``: ``--baseline``, ``--strict-baseline``,
``--write-baseline`` (see :mod:`conformance.results.baseline`)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

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
from ._common import shown, write_output

__all__ = ["finish", "load"]


def load(args: argparse.Namespace, out: Console) -> tuple[bool, Baseline | None]:
    """Read ``--baseline`` if given: (ok, baseline); a bad file is printed and not ok."""
    if getattr(args, "baseline", None) is None:
        return True, None
    try:
        return True, load_baseline(args.baseline)
    except SpecError as exc:
        out.print(f"[red]error[/red] {shown(exc)}")
        return False, None


def finish(args: argparse.Namespace, out: Console, results: Sequence[CaseResult],
           info: AdapterInfo, baseline: Baseline | None) -> bool:
    """Write ``--write-baseline`` and report on the baseline; False if the run must fail
    because of it (``fixed`` results under ``--strict-baseline``)."""
    if getattr(args, "write_baseline", None) is not None:
        written = baseline_from_results(results, adapter=info.name, version=info.version,
                                        previous=baseline)
        if not write_output(out, "--write-baseline", args.write_baseline,
                            lambda: write_baseline(written, args.write_baseline)):
            return False
        out.print(f"wrote {len(written.entries)} known failure(s) to "
                  f"{shown(args.write_baseline)}")
    if baseline is None:
        return True
    fixed = [r for r in results if r.result == "fixed"]
    for r in fixed:
        out.print(f"[yellow]FIXED[/yellow] {shown(r.case)} \\[{shown(r.era)}]: listed in "
                  f"{shown(baseline.file)} as "
                  f"a known failure but passed")
    stale = baseline.unused(results)
    if stale:
        out.print(f"{len(stale)} baseline entr{'y' if len(stale) == 1 else 'ies'} matched no "
                  f"result: {shown(', '.join(e.case for e in stale[:5]))}"
                  + (" ..." if len(stale) > 5 else ""))
    return not (fixed and getattr(args, "strict_baseline", False))
