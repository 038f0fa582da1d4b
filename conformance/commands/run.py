"""``mtgconf run``: run cases against an adapter, with a progress bar and a summary.

This module holds only the options: it parses them into a
:class:`~conformance.running.options.RunOptions` and hands that to
:mod:`conformance.commands._run_main`, which prints what the run's steps
(:mod:`conformance.running.suite`) say. Importing the harness waits until then, so that
``mtgconf run --jobs N`` can start its workers' interpreter first
(:func:`conformance.running.start.prestart`).
"""

from __future__ import annotations

import argparse
import signal
from pathlib import Path
from typing import Any

from conformance.running.defaults import DEFAULT_TIMEOUT
from conformance.running.options import RunOptions

from . import _options as opt
from ._exit import USAGE

__all__ = ["add_arguments", "options_of", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", type=Path,
                        help="case files or directories (default: every spec case)")
    parser.add_argument("--adapter", default="reference",
                        help="adapter name, module:Class, or cmd:<command line> "
                             "(default: reference)")
    parser.add_argument("--era", help="run only cases of this era (default: every era the "
                                      "adapter implements)")
    parser.add_argument("--report", type=opt.output_file,
                        help="write a JSON-lines report here")
    parser.add_argument("--junit", type=opt.output_file, help="write a JUnit XML report here")
    parser.add_argument("--markdown", type=opt.output_file,
                        help="write a Markdown report here")
    parser.add_argument("--timeout", type=opt.seconds, default=DEFAULT_TIMEOUT,
                        help=f"seconds allowed per case (default: {DEFAULT_TIMEOUT:g})")
    parser.add_argument("--skip", action="append", default=[], metavar="PATTERN",
                        help="skip cases whose id matches this glob (repeatable)")
    parser.add_argument("--jobs", "-j", type=opt.jobs, default=1, metavar="N",
                        help="run on N worker processes (default: 1; at most 2 per CPU)")
    parser.add_argument("--shard", metavar="I/N", type=opt.shard_spec,
                        help="run only shard I of N (for a CI matrix split across machines)")
    parser.add_argument("--isolate", action="store_true",
                        help="run a cmd: engine in its own user, PID and mount namespaces "
                             "(Linux): it sees only its own processes, and every process it "
                             "starts ends with it (see docs/reliability.md)")
    parser.add_argument("--only-supported", action="store_true",
                        help="run only what the engine can play: leave out the cases whose "
                             "era, features (or declared queries and actions) it does not "
                             "declare, instead of reporting them unsupported")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.add_argument("-q", "--quiet", action="store_true", help="print only the summary")
    parser.add_argument("--generated", type=opt.count, metavar="N", default=None,
                        help="also run N generated cases (fixed seed; default: six of each "
                             "generator family when no paths are given, else 0; 0 turns "
                             "them off)")
    parser.add_argument("--generated-seed", type=int, default=None, metavar="S",
                        help="seed of the generated set (default: a fixed seed)")
    _baseline_arguments(parser)
    _resume_arguments(parser)


def _baseline_arguments(parser: argparse.ArgumentParser) -> None:
    """The baseline options (:mod:`conformance.commands._baseline` acts on them)."""
    parser.add_argument("--baseline", type=opt.input_file, metavar="FILE",
                        help="known failures (TOML or JSON): a listed failure is reported as "
                             "known-failure, a listed case that passes as fixed")
    parser.add_argument("--strict-baseline", action="store_true",
                        help="fail the run when a case listed in the baseline passes (fixed)")
    parser.add_argument("--write-baseline", type=opt.output_file, metavar="FILE",
                        help="write a baseline listing this run's failures (reasons of "
                             "--baseline entries are kept)")


def _resume_arguments(parser: argparse.ArgumentParser) -> None:
    """``--resume`` (:mod:`conformance.commands._resume` acts on it)."""
    parser.add_argument("--resume", type=opt.report_to_resume, metavar="REPORT",
                        help="finish an interrupted run: run only the cases missing from this "
                             "JSON-lines report and append to it (implies --report REPORT)")


def options_of(args: argparse.Namespace) -> RunOptions:
    """The run's options, typed, from the parsed command line."""
    return RunOptions(
        paths=tuple(args.paths), adapter=args.adapter, era=args.era, report=args.report,
        junit=args.junit, markdown=args.markdown, timeout=args.timeout, skip=tuple(args.skip),
        jobs=args.jobs, shard=args.shard, isolate=args.isolate,
        only_supported=args.only_supported, no_progress=args.no_progress, quiet=args.quiet,
        generated=args.generated, generated_seed=args.generated_seed, baseline=args.baseline,
        strict_baseline=args.strict_baseline, write_baseline=args.write_baseline,
        resume=args.resume)


def _raise_interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def outputs_of(options: RunOptions) -> tuple[list[Any], list[tuple[str, Path]]]:
    """The outputs a run writes and the inputs none of them may replace (for
    :func:`conformance.results.outputs.claim_outputs`)."""
    from conformance.results.outputs import Output

    outputs: list[Output] = []
    resume = options.resume
    if resume is not None:
        outputs.append(Output("--resume", resume))
    report = options.report
    if report is not None and not (resume is not None and _same_path(report, resume)):
        outputs.append(Output("--report", report))
    for option, value in (("--junit", options.junit), ("--markdown", options.markdown),
                          ("--write-baseline", options.write_baseline)):
        if value is not None:
            outputs.append(Output(option, value))
    inputs: list[tuple[str, Path]] = [("case file", p) for p in options.paths if p.is_file()]
    baseline = options.baseline
    written = options.write_baseline
    if baseline is not None and not (written is not None and _same_path(baseline, written)):
        inputs.append(("--baseline", baseline))  # (--write-baseline may refresh it in place)
    return outputs, inputs


def _same_path(a: Path, b: Path) -> bool:
    import os

    return os.path.realpath(a) == os.path.realpath(b)


def _cap_jobs(args: argparse.Namespace) -> None:
    """Cap ``--jobs`` to :func:`~._options.job_cap`, saying so on stderr."""
    cap = opt.job_cap()
    if args.jobs > cap:
        import sys

        print(f"note: --jobs {args.jobs} capped to {cap} ({opt.JOBS_PER_CPU} per CPU this "
              "process may use)", file=sys.stderr)
        args.jobs = cap


def run(args: argparse.Namespace) -> int:
    """Exit statuses: see :data:`conformance.commands._exit.EXIT_CODES`; 130 when interrupted
    (Ctrl-C, SIGTERM, SIGHUP: from the start, so no signal ends the run with a traceback).
    Every output is claimed first (:mod:`conformance.results.outputs`): one another command
    writes, or named twice, is a usage error before anything is written."""
    from conformance.results.outputs import OutputConflict, claim_outputs

    _cap_jobs(args)
    options = options_of(args)
    outputs, inputs = outputs_of(options)
    try:
        claim = claim_outputs(outputs, inputs)
    except (OutputConflict, OSError) as exc:
        import sys

        print(f"mtgconf run: error: {exc}", file=sys.stderr)
        return USAGE
    old_handler = signal.signal(signal.SIGTERM, _raise_interrupt)
    hangup = getattr(signal, "SIGHUP", None)  # a closed terminal stops the run in order too
    old_hangup = signal.signal(hangup, _raise_interrupt) if hangup is not None else None
    try:
        if options.splits:
            from conformance.running.start import prestart

            prestart()  # the workers' interpreter imports the harness while this one does
        from ._run_main import execute

        return execute(options)
    finally:
        signal.signal(signal.SIGTERM, old_handler)
        if hangup is not None:
            signal.signal(hangup, old_hangup)
        claim.release()
