"""``mtgconf fuzz``: a differential campaign of an adapter against the reference engine.

Every family the engine can play (or those named with ``--family``), within one time budget,
over ``--jobs`` processes; divergences are shrunk, deduplicated, classified against a baseline
and written as minimal cases, with a campaign report in Markdown and JSON
(:mod:`conformance.differential.campaign`).
"""

from __future__ import annotations

import argparse
import math
import os
from pathlib import Path
from typing import TYPE_CHECKING

from . import _options as opt
from ._common import console

if TYPE_CHECKING:
    from rich.console import Console

    from conformance.differential.campaign import CampaignReport

    from ..adapter import Adapter
    from ..results.baseline import Baseline


def _positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds: {text!r}")
    return value


def _jobs(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    limit = max(1, os.cpu_count() or 1) * 4
    if not 1 <= value <= limit:
        raise argparse.ArgumentTypeError(f"must be between 1 and {limit} (4 per CPU): {text!r}")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--adapter", required=True,
                        help="adapter name, module:Class, or cmd:<command line>")
    parser.add_argument("--seconds", type=_positive_seconds, default=60.0,
                        help="total search budget, shared by the families (default: 60); "
                             "shrinking a divergence comes on top")
    parser.add_argument("--scenarios", type=opt.positive_count, default=None, metavar="N",
                        help="search N scenarios in each family instead of a time budget "
                             "(the same search on a fast or a busy machine; --seconds is "
                             "then ignored)")
    parser.add_argument("--seed", type=int, default=0, help="seed (default: 0)")
    parser.add_argument("--family", action="append", default=[], metavar="F",
                        help="only this family (repeatable; default: every family the "
                             "engine can play)")
    parser.add_argument("--max-actions", type=opt.positive_count, default=4,
                        help="actions per scenario at most (default: 4)")
    parser.add_argument("--jobs", type=_jobs, default=1,
                        help="worker processes, each with its own engine (default: 1)")
    parser.add_argument("--shrink-seconds", type=_positive_seconds, default=30.0,
                        help="time allowed to shrink one divergence (default: 30)")
    parser.add_argument("--baseline", type=Path, metavar="FILE", action="append", default=[],
                        help="known failures (the file `mtgconf run --baseline` reads, or a "
                             "file of known divergences; repeatable): a divergence one lists "
                             "is reported as known, not new")
    parser.add_argument("--out", type=opt.output_dir, required=True,
                        help="directory for the minimal cases and the campaign report "
                             "(campaign.md, campaign.json)")


def run(args: argparse.Namespace) -> int:
    """Exit 0 when no new divergence was found, 1 when one was (and written), 2 on bad input."""
    from ..adapters import resolve_adapter
    from ..errors import AdapterError

    err = console(stderr=True)
    if args.out.exists() and not args.out.is_dir():
        err.print(f"error: --out {args.out} is a file, not a directory", markup=False)
        return 2
    ok, baseline = _baselines(args.baseline, err)
    if not ok:
        return 2
    try:
        adapter = resolve_adapter(args.adapter)
    except AdapterError as exc:
        err.print(f"error: {exc}", markup=False)
        return 2
    try:
        report = _campaign(args, adapter, baseline, err)
    finally:
        try:
            adapter.close()
        except Exception:
            pass
    if report is None:
        return 2
    _write(report, args.out)
    return _summary(report, args)


def _baselines(paths: list[Path], err: Console) -> tuple[bool, Baseline | None]:
    """The known failures of every ``--baseline`` file, as one baseline (None: no file)."""
    from ..errors import SpecError
    from ..results.baseline import Baseline, load_baseline

    baseline = None
    for path in paths:
        try:
            loaded = load_baseline(path)
        except (SpecError, OSError) as exc:
            err.print(f"error: {exc}", markup=False)
            return False, None
        baseline = loaded if baseline is None else Baseline(
            baseline.entries + loaded.entries, adapter=baseline.adapter,
            version=baseline.version)
    return True, baseline


def _campaign(args: argparse.Namespace, adapter: Adapter, baseline: Baseline | None,
              err: Console) -> CampaignReport | None:
    """Run the campaign over the families the adapter plays (None: bad families)."""
    from conformance.differential.campaign import playable_families, run_campaign

    from ..adapters.reference import ReferenceAdapter

    out = console()
    try:
        families = playable_families(adapter, ReferenceAdapter(), args.family)
    except KeyError as exc:
        err.print(f"error: {exc.args[0]}", markup=False)
        return None
    if not families:
        err.print("error: the adapter can play none of the chosen families (it lacks "
                  "their features or eras)", markup=False)
        return None
    budget = (f"{args.scenarios} scenarios each" if args.scenarios is not None
              else f"{args.seconds:g}s")
    out.print(f"fuzzing {len(families)} families for {budget} over "
              f"{min(args.jobs, len(families))} process(es)", markup=False)
    return run_campaign(
        args.adapter, families, seconds=args.seconds, seed=args.seed, jobs=args.jobs,
        max_actions=args.max_actions, shrink_seconds=args.shrink_seconds,
        baseline=baseline, adapter=adapter if args.jobs == 1 else None,
        per_family=args.scenarios,
        on_family=lambda f: out.print(
            f"  {f.family}: {f.scenarios} scenarios, {len(f.findings)} distinct "
            f"divergence(s)" + (f" ({f.error})" if f.error else ""), markup=False))


def _write(report: CampaignReport, directory: Path) -> None:
    """Each finding's minimal case, then campaign.md and campaign.json, into ``directory``."""
    from conformance.differential.campaign import dumps_json, markdown
    from generators.emit import case_text

    from ..results.files import atomic_write

    directory.mkdir(parents=True, exist_ok=True)
    for finding in report.findings:
        path = directory / f"{finding.case['id']}.toml"
        atomic_write(path, case_text(finding.case))
        finding.file = str(path)
    atomic_write(directory / "campaign.md", markdown(report))
    atomic_write(directory / "campaign.json", dumps_json(report))


def _summary(report: CampaignReport, args: argparse.Namespace) -> int:
    """Say what the campaign found; 1 when a divergence is new."""
    out = console()
    out.print(f"{report.scenarios} scenario(s) in {report.seconds:.1f}s over "
              f"{len(report.families)} families", markup=False)
    if not report.findings:
        out.print("[green]no divergence found[/green]")
    for finding in report.findings:
        label = "known" if finding.known else "new divergence"
        out.print(f"{label}: {finding.family} {finding.key} (met {finding.count} time(s)); "
                  f"minimal case {finding.file}", markup=False)
    if report.new:
        out.print(f"reproduce one with: mtgconf run --adapter {args.adapter} CASE.toml; "
                  f"the campaign report: {args.out / 'campaign.md'}", markup=False)
        return 1
    return 0
