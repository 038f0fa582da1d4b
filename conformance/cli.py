"""``mtgconf``: run the suite, validate the spec, list adapters, show coverage.

A thin shell over :mod:`conformance.runner` and the loaders; every subcommand is a function
``cmd_<name>(args) -> exit code``.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console

from . import __version__
from .adapters import available_adapters, resolve_adapter
from .coverage import BUCKETS, compute_coverage
from .errors import AdapterError
from .loader import load_cases
from .reports.console import make_progress, print_spec_errors, print_summary
from .reports.jsonl import JsonlWriter
from .reports.junit import write_junit
from .reports.markdown import write_markdown
from .results import CaseResult, summarize
from .runner import DEFAULT_TIMEOUT, Runner
from .spec import default_spec

__all__ = ["main", "build_parser"]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``mtgconf``."""
    parser = argparse.ArgumentParser(
        prog="mtgconf",
        description="Magic: The Gathering rules-conformance suite: run the spec cases against "
                    "an engine, validate the spec, report coverage.")
    parser.add_argument("--version", action="version", version=f"mtgconf {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    run = sub.add_parser("run", help="run cases against an adapter (default: reference)")
    run.add_argument("paths", nargs="*", type=Path,
                     help="case files or directories (default: every spec case)")
    run.add_argument("--adapter", default="reference",
                     help="adapter name, module:Class, or cmd:<command line> "
                          "(default: reference)")
    run.add_argument("--era", help="run only cases of this era (default: every era the "
                                   "adapter implements)")
    run.add_argument("--report", type=Path, help="write a JSON-lines report here")
    run.add_argument("--junit", type=Path, help="write a JUnit XML report here")
    run.add_argument("--markdown", type=Path, help="write a Markdown report here")
    run.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT,
                     help=f"seconds allowed per case (default: {DEFAULT_TIMEOUT:g})")
    run.add_argument("--skip", action="append", default=[], metavar="PATTERN",
                     help="skip cases whose id matches this glob (repeatable)")
    run.add_argument("--no-progress", action="store_true", help="no progress bar")
    run.add_argument("-q", "--quiet", action="store_true", help="print only the summary")

    val = sub.add_parser("validate", help="check the spec and case files; print every problem")
    val.add_argument("paths", nargs="*", type=Path, help="case files or directories")
    val.add_argument("--json", action="store_true", help="print problems as JSON")

    sub.add_parser("adapters", help="list the adapters that can be named with --adapter")

    cov = sub.add_parser("coverage", help="rulings and CR numbers covered by passing cases")
    cov.add_argument("--json", action="store_true", help="print the coverage as JSON")
    cov.add_argument("--adapter", default="reference", help="judge cases on this adapter")
    return parser


def _console(stderr: bool = False) -> Console:
    return Console(stderr=stderr, highlight=False)


def cmd_run(args: argparse.Namespace) -> int:
    """Run cases; exit 0 when nothing failed or errored (and every case file loaded)."""
    console = _console()
    spec = default_spec()
    loaded = load_cases(args.paths or None, spec)
    print_spec_errors(console, spec.errors + loaded.errors)
    try:
        adapter = resolve_adapter(args.adapter, timeout=args.timeout)
        runner = Runner(adapter, spec=spec, timeout=args.timeout)
    except AdapterError as exc:
        console.print(f"[red]error[/red] {exc}")
        return 2
    results: list[CaseResult] = []
    writer = JsonlWriter(args.report) if args.report else None
    from .runner import plan

    items = plan(loaded.cases, runner.info, era=args.era, skip=args.skip)
    interrupted = False

    def _term(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    old = signal.signal(signal.SIGTERM, _term)
    progress = make_progress(console)
    show = not args.no_progress and not args.quiet
    try:
        with runner:
            if show:
                progress.start()
            task = progress.add_task(f"{runner.info.name}", total=len(items), bad=0)
            bad = 0
            for item in items:
                result = runner.run_item(item)
                results.append(result)
                if writer:
                    writer.write(result)
                bad += result.result in ("failed", "errored")
                progress.update(task, advance=1, bad=bad)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        if show:
            progress.stop()
        signal.signal(signal.SIGTERM, old)
        if writer:
            writer.close()
    name = f"{runner.info.name} {runner.info.version}"
    if args.junit:
        write_junit(results, args.junit, name=name)
    if args.markdown:
        write_markdown(results, args.markdown, name=name)
    print_summary(console, results, adapter=name)
    if loaded.errors or spec.errors:
        console.print(f"[red]{len(spec.errors) + len(loaded.errors)} spec error(s)[/red]: the "
                      "files above were not run")
    if interrupted:
        console.print(f"[yellow]interrupted[/yellow] after {len(results)} of {len(items)} "
                      "results; the reports hold what finished")
        return 130
    ok = summarize(results).ok and not loaded.errors and not spec.errors
    return 0 if ok else 1


def cmd_validate(args: argparse.Namespace) -> int:
    """Validate the registries and the case files; print every problem."""
    spec = default_spec()
    loaded = load_cases(args.paths or None, spec)
    errors = spec.errors + loaded.errors
    if args.json:
        print(json.dumps({"files": loaded.files, "cases": len(loaded.cases),
                          "errors": [e.to_dict() for e in errors]}, indent=2))
    else:
        console = _console()
        print_spec_errors(console, errors)
        status = "[green]ok[/green]" if not errors else f"[red]{len(errors)} problem(s)[/red]"
        console.print(f"{loaded.files} case file(s), {len(loaded.cases)} valid case(s), "
                      f"{len(spec.rulings)} rulings, {len(spec.cards)} cards: {status}")
    return 0 if not errors else 1


def cmd_adapters(args: argparse.Namespace) -> int:
    """List adapters with their eras and features (those that start)."""
    console = _console()
    for name, target in sorted(available_adapters().items()):
        try:
            adapter = resolve_adapter(name)
            info = adapter.info()
            adapter.close()
            console.print(f"[bold]{name}[/bold] ({target}) {info.version}: eras "
                          f"{', '.join(info.eras)}; {len(info.features)} features")
        except AdapterError as exc:
            console.print(f"[bold]{name}[/bold] ({target}): [yellow]unavailable[/yellow] "
                          f"({str(exc).splitlines()[0]})")
    console.print("Also: --adapter module:Class, or --adapter 'cmd:<command line>' for an "
                  "engine speaking the JSON-lines protocol (spec/schema/protocol.schema.json).")
    return 0


def cmd_coverage(args: argparse.Namespace) -> int:
    """Coverage of the ruling catalog and CR numbers, judged on an adapter."""
    spec = default_spec()
    loaded = load_cases(None, spec)
    try:
        adapter = resolve_adapter(args.adapter)
    except AdapterError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    with Runner(adapter, spec=spec) as runner:
        results = list(runner.run(loaded.cases))
    cov = compute_coverage(spec, loaded.cases, results)
    if args.json:
        print(json.dumps(cov, indent=2, sort_keys=True))
        return 0
    console = _console()
    s = cov["summary"]
    console.print(f"{s['rulings']} rulings, {s['cases']} cases: "
                  + ", ".join(f"{s[b]} {b}" for b in BUCKETS))
    for bucket in BUCKETS:
        ids = [rid for rid, e in cov["rulings"].items() if e["bucket"] == bucket]
        if ids:
            console.print(f"[bold]{bucket}[/bold] ({len(ids)}): {', '.join(ids)}",
                          soft_wrap=True)
    for rid, e in cov["rulings"].items():
        if e["bucket"] == "not-testable":
            console.print(f"  {rid}: not testable: {e.get('reason')}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``mtgconf`` command."""
    parser = build_parser()
    args = parser.parse_args(argv)
    commands = {"run": cmd_run, "validate": cmd_validate, "adapters": cmd_adapters,
                "coverage": cmd_coverage}
    if args.command is None:
        parser.print_help()
        return 2
    return commands[args.command](args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
