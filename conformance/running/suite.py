"""One run of the suite, step by step (``mtgconf run``'s run loop): the case files read, the
spec and the cases loaded (with the generated set), the engine started, the items planned
(split across worker processes, drawn as the run reaches them, or cut to a shard), then played,
each result passed through the baseline and kept, until the end, an interrupt or a full disk.

It reads only its :class:`~conformance.running.options.RunOptions` and knows no output
format: the command (:mod:`conformance.commands._run_main`) calls the steps in order, prints
what each says, and hands in the report writer and the progress display.
"""

from __future__ import annotations

import contextlib
from collections.abc import Collection, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from conformance.adapters import resolve_adapter
from conformance.errors import AdapterError, SpecError
from conformance.results.baseline import Baseline
from conformance.results.blockers import planned_unsupported
from conformance.results.records import CaseResult
from conformance.results.spool import ResultLog
from conformance.running.options import RunOptions
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
from conformance.running.signals import held_signals
from conformance.running.worklist import WorkList
from conformance.spec.catalog import default_spec
from conformance.spec.loader import LoadResult, case_roots, find_case_files, load_cases
from conformance.spec.paths import spec_root
from conformance.spec.snapshot import FileBytes, read_case_files

__all__ = ["BadShard", "EngineDidNotStart", "Played", "Progress", "ReadSources", "RunState",
           "SuiteRun", "read_sources", "start"]


@dataclass
class ReadSources:
    """The case files of a split run, read before any process starts an engine."""

    roots: list[Path]
    files: list[Path]
    snapshot: dict[str, FileBytes]


def read_sources(options: RunOptions) -> ReadSources:
    """List and read the run's case files (listing needs only the spec's location)."""
    roots = list(options.paths) if options.paths else [spec_root() / "cases"]
    files = find_case_files(roots)
    return ReadSources(roots, files, read_case_files(files))


def start(options: RunOptions) -> tuple[Workers | None, ReadSources | None]:
    """A split run's workers and case files: the files are read first (no engine starts before
    they are in memory), then the workers start, loading the spec and building their adapter
    while this process does the same. (None, None) for a run in this process."""
    if not options.splits:
        return None, None
    sources = read_sources(options)
    return start_workers(options.jobs, adapter_spec=options.adapter, timeout=options.timeout,
                         spec_root=spec_root(), era=options.era, skip=list(options.skip),
                         isolate=options.isolate), sources


@dataclass
class RunState:
    """How far a run got (what an interrupt message may say)."""

    running: bool = False
    results: int = 0


class EngineDidNotStart(Exception):
    """The adapter was found but its engine did not start (the adapter's error as cause)."""

    def __init__(self, error: AdapterError) -> None:
        super().__init__(str(error))
        self.error = error


class BadShard(ValueError):
    """``shard`` is not ``I/N`` with 1 <= I <= N."""


class Progress(Protocol):
    """What the run tells its progress display."""

    def begin(self, name: str, total: int | None) -> None: ...

    def planned(self, total: int) -> None: ...

    def advance(self, bad: int) -> None: ...

    def end(self) -> None: ...


@dataclass
class Played:
    """How the cases ended: interrupted, stopped by an output that could not take a result
    (a full disk), how many results ``only_supported`` left out, and the signals held since
    the cases ended (``final`` holds them until the last output is written)."""

    interrupted: bool = False
    lost: OSError | None = None
    left_out: int = 0
    held: list[int] = field(default_factory=list)
    final: contextlib.ExitStack = field(default_factory=contextlib.ExitStack)


class ResultSink(Protocol):
    """Where each result goes as it comes (the JSON-lines report)."""

    def write(self, result: CaseResult) -> None: ...


class SuiteRun:
    """The steps of one run, called in order by the command: :meth:`load`, :meth:`open`,
    :meth:`split`, :meth:`plan`, :meth:`play`."""

    def __init__(self, options: RunOptions, workers: Workers | None = None,
                 sources: ReadSources | None = None) -> None:
        self.options = options
        self.workers = workers
        self.sources = sources
        self.count, self.seed = options.generated_set()
        self.chunks = None
        if workers is not None and sources is not None:
            # The workers get their chunks at once (the case files' bytes with them): they
            # start on the run while this process loads the spec and builds its adapter (and
            # they are stopped unread if this process finds a problem first).
            self.chunks = send_sources(
                workers, sources_for(sources.files, generated=self.count, seed=self.seed,
                                     snapshot=sources.snapshot), sources.roots)
        self.spec = default_spec()
        self.loaded = LoadResult()
        self.files: list[Path] = []
        self.snapshot: dict[str, FileBytes] = {}
        self.runner: Runner | None = None
        self.source_run: SourceRun | None = None
        self.planned: list[WorkItem] = []
        self.items: Collection[WorkItem] = []
        self.work: WorkList | None = None

    @property
    def split(self) -> bool:
        return self.workers is not None

    @property
    def lazy(self) -> bool:
        """A plain run draws its generated cases as it reaches them (flat memory, see
        :mod:`conformance.running.worklist`); a shard or a resumed report needs the whole
        plan first."""
        return not self.split and not self.options.shard and not self.options.resume

    def era_known(self) -> bool:
        return self.options.era is None or self.options.era in self.spec.eras

    def load(self) -> list[SpecError]:
        """Read and load the case files (with the generated set when it is not drawn lazily);
        every case file is read before the adapter (and its engine) starts. Returns the spec
        errors to print now (none for a split run: each process loads its own share, and
        its errors come with its results)."""
        if self.sources is not None:
            self.files, self.snapshot = self.sources.files, self.sources.snapshot
            return []
        paths = list(self.options.paths) or None
        self.files = find_case_files(paths, self.spec)
        self.snapshot = read_case_files(self.files)
        self.loaded = load_cases(paths, self.spec, snapshot=self.snapshot)
        if not self.lazy:
            self._add_generated()
        return self.spec.errors + self.loaded.errors

    def _add_generated(self) -> None:
        """Append the generated set (issue 7) to the loaded cases; reported apart."""
        if self.count <= 0:
            return
        from generators.emit import load_generated

        extra = load_generated(count=self.count, seed=self.seed, spec=self.spec)
        self.loaded.cases += extra.cases
        self.loaded.errors += extra.errors
        self.loaded.files += extra.files

    def open(self) -> Runner:
        """Resolve the adapter and start its engine: an :class:`AdapterError` when there is no
        such adapter (bad usage), :class:`EngineDidNotStart` when its engine does not start."""
        o = self.options
        adapter = resolve_adapter(o.adapter, timeout=o.timeout, isolate=o.isolate)
        try:
            self.runner = Runner(adapter, spec=self.spec, timeout=o.timeout)
        except AdapterError as exc:
            raise EngineDidNotStart(exc) from exc
        return self.runner

    def split_run(self) -> None:
        """A split run: the workers' results start coming (this process plays a share too)."""
        o = self.options
        if not self.split:
            return
        self.source_run = run_sources(
            sources_for(self.files, generated=self.count, seed=self.seed,
                        snapshot=self.snapshot),
            runner=self._runner(), adapter_spec=o.adapter, jobs=o.jobs, timeout=o.timeout,
            roots=case_roots(list(o.paths) or None, self.spec), spec=self.spec, era=o.era,
            skip=list(o.skip), isolate=o.isolate, workers=self.workers, chunks=self.chunks)

    def plan(self) -> Collection[WorkItem]:
        """The items to run, in order (lazily drawn generated cases included; a shard cut
        out: a malformed ``shard`` raises :class:`BadShard`)."""
        o = self.options
        info = self._runner().info
        self.planned = plan(self.loaded.cases, info, era=o.era, skip=list(o.skip))
        self.items = self.planned
        if self.lazy and self.count > 0:
            self.items = self.work = WorkList(self.planned, info, spec=self.spec,
                                              generated=self.count, seed=self.seed,
                                              era=o.era, skip=list(o.skip))
        if o.shard:
            try:
                self.items = shard(self.items, *parse_shard(o.shard))
            except ValueError as exc:
                raise BadShard(str(exc)) from exc
        return self.items

    def _runner(self) -> Runner:
        if self.runner is None:
            raise RuntimeError("the engine is not started: call open() first")
        return self.runner

    def play(self, items: Collection[WorkItem], results: ResultLog, *,
             baseline: Baseline | None, writer: ResultSink | None, progress: Progress,
             state: RunState) -> Played:
        """Run ``items`` (or take a split run's results), keeping each result in ``results``
        and writing it to ``writer`` as it comes; Ctrl-C (and the signals the command turns
        into it) stops the cases in order. From the end of the cases, stopping signals are
        held (see :class:`Played`)."""
        o = self.options
        runner = self._runner()
        played = Played()
        generated = {c.id: c for c in self.loaded.cases if c.generated is not None}
        stream: Iterator[CaseResult] = iter(())
        try:
            with runner:
                progress.begin(runner.info.name, None if self.split else len(items))
                bad = 0
                if self.source_run is not None:
                    self.source_run.on_planned = progress.planned
                    stream = self.source_run.results()
                else:
                    stream = (run_parallel(list(items), adapter_spec=o.adapter, jobs=o.jobs,
                                           timeout=o.timeout, isolate=o.isolate)
                              if o.jobs > 1 else map(runner.run_item, items))
                state.running = True
                for result in stream:
                    if o.only_supported and planned_unsupported(result):
                        played.left_out += 1
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
                            played.lost = exc
                            break
                    bad += result.result in ("failed", "errored")
                    progress.advance(bad)
                if played.lost is not None:
                    played.held = played.final.enter_context(held_signals())
                    _stop(stream)
        except KeyboardInterrupt:
            played.held = played.final.enter_context(held_signals())
            played.interrupted = True
            _stop(stream)  # a parallel run: stop its workers now
        finally:
            if not played.interrupted and played.lost is None:  # (the cases ended normally)
                played.held = played.final.enter_context(held_signals())
            progress.end()
        return played

    def collect_errors(self) -> list[SpecError]:
        """Once the cases ended: the spec errors found while running (a split run's
        processes, lazily drawn generated cases), now counted with the loaded ones; returns
        those to print."""
        if self.source_run is not None:
            self.loaded.errors = self.source_run.errors
            return self.spec.errors + self.loaded.errors
        if self.work is not None and self.work.errors:
            self.loaded.errors += self.work.errors
            return list(self.work.errors)
        return []


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


def _stop(stream: Any) -> None:
    close = getattr(stream, "close", None)
    if callable(close):
        close()
