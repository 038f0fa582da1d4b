"""The baseline options of ``mtgconf run``: ``--baseline``, ``--strict-baseline``,
``--write-baseline`` (see :mod:`conformance.results.baseline`)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console

from conformance.results.baseline import (
    Baseline,
    baseline_from_results,
    load_baseline,
    write_baseline,
)
from conformance.results.records import CaseResult
from conformance.running.options import RunOptions

from ..adapter import AdapterInfo
from ..errors import SpecError
from ._common import shown, write_output

__all__ = ["finish", "load", "version_warning"]


def load(options: RunOptions, out: Console) -> tuple[bool, Baseline | None]:
    """Read ``--baseline`` if given: (ok, baseline); a bad file is printed and not ok."""
    if options.baseline is None:
        return True, None
    try:
        return True, load_baseline(options.baseline)
    except SpecError as exc:
        out.print(f"[red]error[/red] {shown(exc)}")
        return False, None


def finish(options: RunOptions, out: Console, results: Sequence[CaseResult],
           info: AdapterInfo, baseline: Baseline | None) -> bool:
    """Write ``--write-baseline`` and report on the baseline; False if the run must fail
    because of it (``fixed`` results under ``--strict-baseline``)."""
    target = options.write_baseline
    if target is not None:
        written = baseline_from_results(results, adapter=info.name, version=info.version,
                                        previous=baseline)
        if not write_output(out, "--write-baseline", target,
                            lambda: write_baseline(written, target)):
            return False
        out.print(f"wrote {len(written.entries)} known failure(s) to {shown(target)}")
    if baseline is None:
        return True
    version_warning(out, baseline, info)
    fixed = [r for r in results if r.result == "fixed"]
    for r in fixed:
        out.print(f"[yellow]FIXED[/yellow] {shown(r.case)} \\[{shown(r.era)}]: listed in "
                  f"{shown(baseline.file)} as "
                  f"a known failure but passed")
    strict = options.strict_baseline
    unused = baseline.unused(results)
    if unused:
        out.print(f"{len(unused)} baseline entr{'y' if len(unused) == 1 else 'ies'} matched "
                  f"no result: {shown(', '.join(e.case for e in unused[:5]))}"
                  + (" ..." if len(unused) > 5 else ""))
    # a glob lists a pattern of known failures of a generated family (see the baseline
    # module): the run's fixed seed may draw no failing member of it
    stale = [e for e in baseline.stale(results) if not _glob(e.case)] if (
        strict and options.whole_run()) else []
    for entry in stale:
        out.print(f"[yellow]STALE[/yellow] {shown(entry.case)}: listed in "
                  f"{shown(baseline.file)} but no failure of this run is explained by it "
                  "(its cases pass, are unsupported or no longer exist): remove or correct "
                  "the entry")
    return not (strict and (fixed or stale))


def _glob(case: str) -> bool:
    return any(c in case for c in "*?[")


def version_warning(out: Console, baseline: Baseline, info: AdapterInfo) -> None:
    """Warn when the baseline was recorded with another version of the engine than the one
    that ran: its known failures may no longer be the engine's."""
    if baseline.version and info.version and baseline.version != info.version:
        out.print(f"[yellow]warning[/yellow] {shown(baseline.file or 'the baseline')} was "
                  f"recorded for {shown(baseline.adapter or info.name)} "
                  f"{shown(baseline.version)}, but this run is {shown(info.name)} "
                  f"{shown(info.version)}: its known failures may not be this version's")
