"""``mtgconf run`` once its options are parsed (:mod:`conformance.commands.run`): the steps of
the run (:class:`conformance.running.suite.SuiteRun`) called in order, with what each says
printed, and the final outputs written (JUnit, Markdown, the baseline, the summary)."""

from __future__ import annotations

import shlex
from collections.abc import Collection
from typing import Any

from rich.console import Console
from rich.markup import escape

from conformance.results.records import refuses_nothing, summarize
from conformance.results.spool import ResultLog
from conformance.running.options import RunOptions
from conformance.running.runner import WorkItem
from conformance.running.suite import BadShard, EngineDidNotStart, Played, RunState, SuiteRun, start
from conformance.spec.textsafe import clean_text
from conformance.transports.procgroup import kill_all_engines

from ..errors import AdapterError, CommandNotFound
from ..reports.console import make_progress, print_spec_errors, print_summary
from ..reports.junit import write_junit
from ..reports.markdown import write_markdown
from . import _baseline, _resume
from ._common import console, quoted, shown, write_output
from ._exit import FAILED, INTERRUPTED, NO_CASES, USAGE, run_status


def _status_line(code: int, err: Any) -> None:
    """Say in words why the exit status is what it is, when it is not plain pass/fail."""
    from ._exit import ALL_UNSUPPORTED, NOTHING_PASSED

    if code == ALL_UNSUPPORTED:
        err.print(f"[red]error[/red] every selected case is unsupported or skipped: nothing was "
                  f"tested (exit {code}); see the reasons above")
    elif code == NOTHING_PASSED:
        err.print(f"[red]error[/red] not one case passed (exit {code}): only known failures, "
                  "unsupported or skipped")


def _no_case(options: RunOptions, err: Any, cases: int, files: int, bad_files: int) -> int:
    what = (f"{cases} case(s) loaded from {files} file(s)"
            + (f", {bad_files} spec error(s)" if bad_files else ""))
    err.print(f"[red]error[/red] no case selected ({what}"
              + (f"; none holds in era {quoted(options.era)}" if options.era else "") + ")",
              highlight=False)
    return FAILED if bad_files else NO_CASES


class _Bar:
    """The run's progress bar (:func:`conformance.reports.console.make_progress`), shown or not."""

    def __init__(self, out: Console, show: bool) -> None:
        self.progress = make_progress(out)
        self.show = show
        self.task: Any = None

    def begin(self, name: str, total: int | None) -> None:
        if self.show:
            self.progress.start()
        self.task = self.progress.add_task(escape(clean_text(name)), total=total, bad=0)

    def planned(self, total: int) -> None:
        self.progress.update(self.task, total=total)

    def advance(self, bad: int) -> None:
        self.progress.update(self.task, advance=1, bad=bad)

    def end(self) -> None:
        if self.show:
            self.progress.stop()


def execute(options: RunOptions) -> int:
    """``mtgconf run`` once its options are parsed (the signals that stop it in order are set
    by :func:`conformance.commands.run.run`); a split run's processes each load their share."""
    state = RunState()
    workers = None
    try:
        workers, sources = start(options)
        return _run(SuiteRun(options, workers, sources), state)
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


def _run(run: SuiteRun, state: RunState) -> int:
    options, spec = run.options, run.spec
    out = console()
    err = console(stderr=True)
    if not run.era_known():
        err.print(f"[red]error[/red] unknown era {quoted(options.era)}; known eras: "
                  f"{shown(', '.join(spec.eras))} (mtgconf eras lists them)", highlight=False)
        return USAGE
    print_spec_errors(err, run.load())  # (a split run's come with its results)
    try:
        runner = run.open()
    except EngineDidNotStart as exc:  # the engine did not start (1), or its command is wrong (2)
        err.print(f"[red]error[/red] the engine did not start: "
                  f"{escape(clean_text(str(exc.error)))}", highlight=False, soft_wrap=True)
        return USAGE if isinstance(exc.error, CommandNotFound) else FAILED
    except AdapterError as exc:  # no such adapter, a malformed cmd: (bad usage)
        err.print(f"[red]error[/red] {escape(clean_text(str(exc)))}", highlight=False)
        return USAGE
    baseline_ok, baseline = _baseline.load(options, err)
    if not baseline_ok:
        runner.close()
        return USAGE
    run.split_run()
    header = None
    if options.report or options.resume:
        from conformance.reports.identity import run_header

        header = run_header(spec=spec, files=run.files, info=runner.info, era=options.era,
                            skip=list(options.skip), shard=options.shard, generated=run.count,
                            generated_seed=run.seed,
                            baseline=None if options.baseline is None else str(options.baseline),
                            digests={k: v.digest for k, v in run.snapshot.items()},
                            source=options.adapter)
    try:
        items = run.plan()
    except BadShard as exc:
        err.print(f"[red]error[/red] {escape(str(exc))}")
        runner.close()
        return USAGE
    if not run.split and not items and not options.resume:
        runner.close()
        return _no_case(options, err, len(run.loaded.cases), run.loaded.files,
                        len(spec.errors) + len(run.loaded.errors))
    resume_ok, done, items, writer = _resume.prepare(options, items, runner.info, err, header)
    if not resume_ok:
        runner.close()
        return USAGE
    results = ResultLog(done)
    try:
        played = run.play(items, results, baseline=baseline, writer=writer,
                          progress=_Bar(out, options.shows_progress), state=state)
    finally:
        if writer:
            writer.close()
    with played.final:
        code = _finish(run, items, results, baseline, played, writer)
    if played.held and code != INTERRUPTED:  # a signal during the final writes: they are whole
        err.print(f"[yellow]interrupted[/yellow] while the reports were written, after all "
                  f"{len(results)} result(s); every report was written whole")
        return INTERRUPTED
    return code


def _finish(run: SuiteRun, items: Collection[WorkItem], results: ResultLog, baseline: Any,
            played: Played, writer: Any) -> int:
    """Write the final outputs and the summary (with Ctrl-C, SIGTERM and SIGHUP held)."""
    options, spec, loaded, runner = run.options, run.spec, run.loaded, run.runner
    assert runner is not None
    out = console()
    err = console(stderr=True)
    errors = run.collect_errors()
    if errors:
        print_spec_errors(err, errors)
    name = f"{runner.info.name} {runner.info.version}"
    written = True
    if options.junit:
        junit = options.junit
        written &= write_output(err, "--junit", junit,
                                lambda: write_junit(results, junit, name=name))
    if options.markdown:
        markdown = options.markdown
        written &= write_output(err, "--markdown", markdown,
                                lambda: write_markdown(results, markdown, name=name))
    left_out = played.left_out
    if left_out:
        err.print(f"--only-supported: {left_out} result(s) left out (the engine does not "
                  "declare their era, features, queries or actions)", highlight=False)
    if options.only_supported and not results and not played.interrupted:
        err.print("[red]error[/red] no selected case is one the engine can play: it declares "
                  "none of their eras and features (mtgconf features --adapter ... shows "
                  "what it lacks)", highlight=False)
        return NO_CASES
    print_summary(out, results, adapter=name,
                  listing=f"mtgconf features --adapter {shlex.quote(options.adapter)}")
    if loaded.errors or spec.errors:
        err.print(f"[red]{len(spec.errors) + len(loaded.errors)} spec error(s)[/red]: the "
                  "files above were not run")
    if played.lost is not None:
        kept = writer.written if writer is not None else 0
        err.print(f"[red]error[/red] the run stopped after {len(results)} result(s): "
                  f"{shown(played.lost)}. The report holds {kept} complete result(s) of this "
                  f"run; free some space and finish the run with: mtgconf run --resume "
                  f"{shown(writer.path)} (with the same options)", highlight=False)
    if played.interrupted:
        total = run.source_run.planned if run.source_run is not None else len(items)
        err.print(f"[yellow]interrupted[/yellow] after {len(results)} of {total} results; "
                  "the reports hold what finished")
        return INTERRUPTED
    if run.split and not results:
        return _no_case(options, err, 0, 0, len(spec.errors) + len(loaded.errors))
    ok = summarize(results).ok and not loaded.errors and not spec.errors
    refused = [r for r in results if r.result == "unsupported"]
    if refused and refuses_nothing(runner.info):
        # The reference engine declares every feature and era: refusing a case is a bug.
        err.print(f"[red]{len(refused)} case(s) unsupported on the reference engine[/red], "
                  "which declares every feature and era: " + escape(", ".join(
                      f"{r.case} [{r.era}]" for r in refused[:5]))
                  + (" ..." if len(refused) > 5 else ""))
        ok = False
    ok = _baseline.finish(options, out, results, runner.info, baseline) and ok
    code = run_status(results, bad=not (ok and written and played.lost is None))
    _status_line(code, err)
    return code
