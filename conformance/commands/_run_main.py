"""``mtgconf run`` once its options are parsed (:mod:`conformance.commands.run`): load the
cases, run them, report."""

from __future__ import annotations

import argparse
import contextlib
import shlex
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.markup import escape

from conformance.results.blockers import planned_unsupported
from conformance.results.records import CaseResult, refuses_nothing, summarize
from conformance.results.spool import ResultLog
from conformance.running.parallel import (
    SourceRun,
    Workers,
    parse_shard,
    run_parallel,
    run_sources,
    send_sources,
    shard,
    sources_for,
    start_workers,
)
from conformance.running.runner import Runner, WorkItem, plan
from conformance.running.worklist import WorkList
from conformance.spec.catalog import default_spec
from conformance.spec.loader import LoadResult, case_roots, find_case_files, load_cases
from conformance.spec.paths import spec_root
from conformance.spec.snapshot import FileBytes, read_case_files
from conformance.spec.textsafe import clean_text
from conformance.transports.procgroup import kill_all_engines

from ..adapters import resolve_adapter
from ..errors import AdapterError, CommandNotFound
from ..reports.console import make_progress, print_spec_errors, print_summary
from ..reports.junit import write_junit
from ..reports.markdown import write_markdown
from . import _baseline, _resume
from ._common import console, quoted, shown, write_output
from ._exit import FAILED, INTERRUPTED, NO_CASES, USAGE, run_status
from ._signals import held_signals

#: Generated cases ``mtgconf run`` adds when no paths are given (see ``--generated``).
DEFAULT_GENERATED = 300


def _generated(args: argparse.Namespace) -> tuple[int, int]:
    """How many generated cases the run adds, and their seed."""
    count = args.generated if args.generated is not None else (
        0 if args.paths else DEFAULT_GENERATED)
    if count <= 0:
        return 0, 0
    from generators.emit import DEFAULT_SEED

    return count, args.generated_seed if args.generated_seed is not None else DEFAULT_SEED


def _add_generated(args: argparse.Namespace, loaded: Any, spec: Any) -> None:
    """Append the generated set (issue 7) to ``loaded``; reported apart as generated cases."""
    count, seed = _generated(args)
    if count <= 0:
        return
    from generators.emit import load_generated

    extra = load_generated(count=count, seed=seed, spec=spec)
    loaded.cases += extra.cases
    loaded.errors += extra.errors
    loaded.files += extra.files


def _with_text(result: Any, generated: dict[str, Any]) -> Any:
    """``result`` carrying its generated case's TOML text (rendered only for a result that did
    not pass, so a report's reader can open it); the case is drawn again from its id when this
    process did not load it (a split run)."""
    from generators.emit import case_text, generated_text, regenerate

    case = generated.get(result.case)
    if case is not None:
        result.case_text = generated_text(case)
        return result
    data = regenerate(result.case, era=None)
    if data is not None:
        result.case_text = case_text(data)
    return result


def _status_line(code: int, err: Any) -> None:
    """Say in words why the exit status is what it is, when it is not plain pass/fail."""
    from ._exit import ALL_UNSUPPORTED, NOTHING_PASSED

    if code == ALL_UNSUPPORTED:
        err.print(f"[red]error[/red] every selected case is unsupported or skipped: nothing was "
                  f"tested (exit {code}); see the reasons above")
    elif code == NOTHING_PASSED:
        err.print(f"[red]error[/red] not one case passed (exit {code}): only known failures, "
                  "unsupported or skipped")


def _no_case(args: argparse.Namespace, err: Any, cases: int, files: int, bad_files: int) -> int:
    what = (f"{cases} case(s) loaded from {files} file(s)"
            + (f", {bad_files} spec error(s)" if bad_files else ""))
    err.print(f"[red]error[/red] no case selected ({what}"
              + (f"; none holds in era {quoted(args.era)}" if args.era else "") + ")",
              highlight=False)
    return FAILED if bad_files else NO_CASES


@dataclass
class ReadSources:
    """The case files of a split run, read before any process starts an engine."""

    roots: list[Path]
    files: list[Path]
    snapshot: dict[str, FileBytes]


def _read_sources(args: argparse.Namespace) -> ReadSources:
    """List and read the run's case files (listing needs only the spec's location)."""
    roots = [Path(p) for p in args.paths] if args.paths else [spec_root() / "cases"]
    files = find_case_files(roots)
    return ReadSources(roots, files, read_case_files(files))


@dataclass
class RunState:
    """How far a run got (what an interrupt message may say)."""

    running: bool = False
    results: int = 0


def execute(args: argparse.Namespace, *, split: bool) -> int:
    """``mtgconf run`` once its options are parsed (the signals that stop it in order are set
    by :func:`conformance.commands.run.run`); ``split``: each process loads its own share."""
    state = RunState()
    workers: Workers | None = None
    try:
        # A split run starts its workers first: they load the spec and build their adapter
        # while this process does the same, instead of after it. The case files are read
        # before (see :func:`_read_sources`): no engine starts before they are in memory.
        sources = _read_sources(args) if split else None
        workers = (start_workers(args.jobs, adapter_spec=args.adapter, timeout=args.timeout,
                                 spec_root=spec_root(), era=args.era, skip=args.skip,
                                 isolate=args.isolate) if split else None)
        return _run(args, workers, sources, state)
    except KeyboardInterrupt:
        kill_all_engines()
        if state.results:
            console(stderr=True).print(f"[yellow]interrupted[/yellow] after {state.results} "
                                       "result(s); the JSON-lines report holds them")
        else:
            console(stderr=True).print("[yellow]interrupted[/yellow] before any case ran")
        return INTERRUPTED
    finally:
        if workers is not None:
            workers.close()


def _run(args: argparse.Namespace, workers: Workers | None, sources: ReadSources | None,
         state: RunState) -> int:
    split = workers is not None
    out = console()
    err = console(stderr=True)
    count, seed = _generated(args)
    chunks = None
    if workers is not None and sources is not None:
        # The workers get their chunks at once (the case files' bytes with them): they start
        # on the run while this process loads the spec and builds its adapter (and they are
        # stopped unread if this process finds a problem first).
        chunks = send_sources(workers, sources_for(sources.files, generated=count, seed=seed,
                                                   snapshot=sources.snapshot), sources.roots)
    spec = default_spec()
    if args.era is not None and args.era not in spec.eras:
        err.print(f"[red]error[/red] unknown era {quoted(args.era)}; known eras: "
                  f"{shown(', '.join(spec.eras))} (mtgconf eras lists them)", highlight=False)
        return USAGE
    # With several processes and no plan needed up front (--shard, --resume), each process
    # loads, validates and runs its own share; spec errors are printed once the run is done.
    loaded = LoadResult()
    # A plain run draws its generated cases as it reaches them (flat memory, see
    # conformance/running/worklist.py); a shard or a resumed report needs the whole plan first.
    lazy = not split and not args.shard and not getattr(args, "resume", None)
    # Either way every case file is read before the adapter (and its engine) starts.
    if sources is None:
        files = find_case_files(args.paths or None, spec)
        snapshot = read_case_files(files)
        loaded = load_cases(args.paths or None, spec, snapshot=snapshot)
        if not lazy:
            _add_generated(args, loaded, spec)
        print_spec_errors(err, spec.errors + loaded.errors)
    else:
        files, snapshot = sources.files, sources.snapshot
    try:
        adapter = resolve_adapter(args.adapter, timeout=args.timeout, isolate=args.isolate)
    except AdapterError as exc:  # no such adapter, a malformed cmd: (bad usage)
        err.print(f"[red]error[/red] {escape(clean_text(str(exc)))}", highlight=False)
        return USAGE
    try:
        runner = Runner(adapter, spec=spec, timeout=args.timeout)
    except AdapterError as exc:  # the engine did not start (1), or its command is wrong (2)
        err.print(f"[red]error[/red] the engine did not start: {escape(clean_text(str(exc)))}",
                  highlight=False, soft_wrap=True)
        return USAGE if isinstance(exc, CommandNotFound) else FAILED
    baseline_ok, baseline = _baseline.load(args, err)
    if not baseline_ok:
        runner.close()
        return USAGE
    source_run: SourceRun | None = None
    if split:
        source_run = run_sources(
            sources_for(files, generated=count, seed=seed, snapshot=snapshot),
            runner=runner, adapter_spec=args.adapter, jobs=args.jobs, timeout=args.timeout,
            roots=case_roots(args.paths or None, spec), spec=spec, era=args.era,
            skip=args.skip, isolate=args.isolate, workers=workers, chunks=chunks)
    header = None
    if args.report or getattr(args, "resume", None):
        from conformance.reports.identity import run_header

        header = run_header(spec=spec, files=files, info=runner.info, era=args.era,
                            skip=args.skip, shard=args.shard, generated=count,
                            generated_seed=seed, baseline=getattr(args, "baseline", None),
                            digests={k: v.digest for k, v in snapshot.items()},
                            source=args.adapter)
    planned = plan(loaded.cases, runner.info, era=args.era, skip=args.skip)
    items: Collection[WorkItem] = planned
    work: WorkList | None = None
    if lazy and count > 0:
        items = work = WorkList(planned, runner.info, spec=spec, generated=count, seed=seed,
                                era=args.era, skip=args.skip)
    if args.shard:
        try:
            items = shard(items, *parse_shard(args.shard))
        except ValueError as exc:
            err.print(f"[red]error[/red] {escape(str(exc))}")
            runner.close()
            return USAGE
    if not split and not items and not args.resume:
        runner.close()
        return _no_case(args, err, len(loaded.cases), loaded.files,
                        len(spec.errors) + len(loaded.errors))
    resume_ok, done, items, writer = _resume.prepare(args, items, runner.info, err, header)
    if not resume_ok:
        runner.close()
        return USAGE
    results = ResultLog(done)
    generated = {c.id: c for c in loaded.cases if c.generated is not None}
    interrupted = False
    lost: OSError | None = None  # the report could not take a result (a full disk)
    progress = make_progress(out)
    show = not args.no_progress and not args.quiet
    stream: Iterator[CaseResult] = iter(())
    only_supported = bool(getattr(args, "only_supported", False))
    left_out = 0
    final = contextlib.ExitStack()  # signals held from the end of the cases to the last write
    held: list[int] = []
    try:
        with runner:
            if show:
                progress.start()
            task = progress.add_task(escape(clean_text(runner.info.name)),
                                     total=None if split else len(items),
                                     bad=0)
            bad = 0
            if source_run is not None:
                source_run.on_planned = lambda n: progress.update(task, total=n)
                stream = source_run.results()
            else:
                stream = (run_parallel(list(items), adapter_spec=args.adapter, jobs=args.jobs,
                                       timeout=args.timeout, isolate=args.isolate)
                          if args.jobs > 1 else map(runner.run_item, items))
            state.running = True
            for result in stream:
                if only_supported and planned_unsupported(result):
                    left_out += 1
                    continue
                if baseline is not None:
                    result = baseline.apply(result)
                if result.generated and result.result != "passed":
                    result = _with_text(result, generated)
                results.append(result)
                state.results = len(results)
                if writer:
                    try:
                        writer.write(result)
                    except OSError as exc:  # a full disk: stop here, keep what is written
                        lost = exc
                        break
                bad += result.result in ("failed", "errored")
                progress.update(task, advance=1, bad=bad)
            if lost is not None:
                held = final.enter_context(held_signals())
                _stop(stream)
    except KeyboardInterrupt:
        held = final.enter_context(held_signals())
        interrupted = True
        _stop(stream)  # a parallel run: stop its workers now
    finally:
        if not interrupted and lost is None:  # (the cases ended normally)
            held = final.enter_context(held_signals())
        if show:
            progress.stop()
        if writer:
            writer.close()
    with final:
        code = _finish(args, runner, source_run, work, spec, loaded, split, items, results,
                       baseline, interrupted=interrupted, lost=lost, writer=writer,
                       left_out=left_out)
    if held and code != INTERRUPTED:  # a signal while the outputs were written: they are whole
        err.print(f"[yellow]interrupted[/yellow] while the reports were written, after all "
                  f"{len(results)} result(s); every report was written whole")
        return INTERRUPTED
    return code


def _stop(stream: Any) -> None:
    close = getattr(stream, "close", None)
    if callable(close):
        close()


def _finish(args: argparse.Namespace, runner: Runner, source_run: SourceRun | None,
            work: WorkList | None, spec: Any, loaded: LoadResult, split: bool,
            items: Collection[WorkItem], results: ResultLog, baseline: Any, *,
            interrupted: bool, lost: OSError | None, writer: Any, left_out: int) -> int:
    """Write the final outputs and the summary (with Ctrl-C, SIGTERM and SIGHUP held)."""
    out = console()
    err = console(stderr=True)
    only_supported = bool(getattr(args, "only_supported", False))
    if source_run is not None:
        loaded.errors = source_run.errors
        print_spec_errors(err, spec.errors + loaded.errors)
    elif work is not None and work.errors:
        loaded.errors += work.errors
        print_spec_errors(err, work.errors)
    name = f"{runner.info.name} {runner.info.version}"
    written = True
    if args.junit:
        written &= write_output(err, "--junit", args.junit,
                                lambda: write_junit(results, args.junit, name=name))
    if args.markdown:
        written &= write_output(err, "--markdown", args.markdown,
                                lambda: write_markdown(results, args.markdown, name=name))
    if left_out:
        err.print(f"--only-supported: {left_out} result(s) left out (the engine does not "
                  "declare their era, features, queries or actions)", highlight=False)
    if only_supported and not results and not interrupted:
        err.print("[red]error[/red] no selected case is one the engine can play: it declares "
                  "none of their eras and features (mtgconf features --adapter ... shows "
                  "what it lacks)", highlight=False)
        return NO_CASES
    print_summary(out, results, adapter=name,
                  listing=f"mtgconf features --adapter {shlex.quote(args.adapter)}")
    if loaded.errors or spec.errors:
        err.print(f"[red]{len(spec.errors) + len(loaded.errors)} spec error(s)[/red]: the "
                  "files above were not run")
    if lost is not None:
        kept = writer.written if writer is not None else 0
        err.print(f"[red]error[/red] the run stopped after {len(results)} result(s): "
                  f"{shown(lost)}. The report holds {kept} complete result(s) of this run; "
                  f"free some space and finish the run with: mtgconf run --resume "
                  f"{shown(writer.path)} (with the same options)", highlight=False)
    if interrupted:
        total = source_run.planned if source_run is not None else len(items)
        err.print(f"[yellow]interrupted[/yellow] after {len(results)} of {total} results; "
                  "the reports hold what finished")
        return INTERRUPTED
    if split and not results:
        return _no_case(args, err, 0, 0, len(spec.errors) + len(loaded.errors))
    ok = summarize(results).ok and not loaded.errors and not spec.errors
    refused = [r for r in results if r.result == "unsupported"]
    if refused and refuses_nothing(runner.info):
        # The reference engine declares every feature and era: refusing a case is a bug.
        err.print(f"[red]{len(refused)} case(s) unsupported on the reference engine[/red], "
                  "which declares every feature and era: " + escape(", ".join(
                      f"{r.case} [{r.era}]" for r in refused[:5]))
                  + (" ..." if len(refused) > 5 else ""))
        ok = False
    ok = _baseline.finish(args, out, results, runner.info, baseline) and ok
    code = run_status(results, bad=not (ok and written and lost is None))
    _status_line(code, err)
    return code
