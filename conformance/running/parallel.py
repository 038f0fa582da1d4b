"""Running on several processes, and splitting a run into shards.

Each worker process builds its own adapter from the same specification (a name,
``module:Class`` or ``cmd:...``); results come back in the planned order, so a parallel run
reports exactly what a serial one does (timings aside).

:func:`run_sources` splits the whole run: the case files and the generated cases are cut into
chunks, and each chunk is loaded, validated, planned and run by one process, the calling one
included, taking the next chunk as it finishes one. :func:`run_parallel` runs items already
loaded (the path for ``--shard`` and ``--resume``, which need the whole plan first). Workers
start from a fresh interpreter (``forkserver`` where there is one, else ``spawn``), never as a
fork of a process that may be running threads. :class:`Workers` starts them on a thread, since
a start waits for the fork server's imports: meanwhile the calling process gets ready.

Workers never outlive the run: they ignore Ctrl-C (the parent handles it), a SIGTERM makes them
kill their engines and exit at once, and a watchdog thread in each ends it (and its engines) when
the harness is gone, even after a ``kill -9`` of it. On an interrupt the parent cancels the
queued chunks and terminates the workers, so a Ctrl-C stops a ``--jobs N`` run promptly.
"""

from __future__ import annotations

import contextlib
import os
import queue
import signal
import threading
import time
import traceback
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from conformance.adapters import resolve_adapter
from conformance.errors import SpecError
from conformance.results.records import CaseResult
from conformance.running.runner import Runner, WorkItem, plan
from conformance.running.start import START_METHOD, context
from conformance.spec.catalog import Spec, default_spec
from conformance.spec.loader import _Resolver, duplicate_id, load_found_file
from conformance.spec.model import Case
from conformance.spec.paths import relative_file, spec_root
from conformance.spec.snapshot import FileBytes, Snapshot
from conformance.transports.procgroup import forget_inherited, kill_all_engines

__all__ = ["START_METHOD", "Source", "SourceRun", "Workers", "guided_chunks", "parse_shard",
           "run_parallel", "run_sources", "send_sources", "shard", "sources_for",
           "start_workers"]

def parse_shard(text: str) -> tuple[int, int]:
    """Read ``"i/n"`` (1-based): this machine runs shard ``i`` of ``n``."""
    try:
        i_text, n_text = text.split("/")
        i, n = int(i_text), int(n_text)
    except ValueError:
        raise ValueError(f"--shard {text!r}: expected I/N such as 1/4") from None
    if not 1 <= i <= n:
        raise ValueError(f"--shard {text!r}: I must be between 1 and N")
    return i, n


def shard(items: Iterable[WorkItem], index: int, count: int) -> list[WorkItem]:
    """The items of shard ``index`` (1-based) of ``count``: every case lands in exactly one shard,
    chosen by its position so shards stay balanced and stable."""
    return [item for k, item in enumerate(items) if k % count == index - 1]


def _worker_exit(signum: int, frame: Any) -> None:
    kill_all_engines()
    os._exit(128 + signum)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def _watch_harness(harness: int) -> None:
    # (with forkserver the parent of a worker is the fork server, so the harness is watched
    # by its process id)
    while _alive(harness) and os.getppid() != 1:
        time.sleep(0.5)
    kill_all_engines()
    os._exit(1)


def _init_worker(harness: int) -> None:
    """Set up a worker process: see the module's docstring."""
    forget_inherited()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), _worker_exit)
    threading.Thread(target=_watch_harness, args=(harness,), daemon=True,
                     name="mtgconf-watch-harness").start()


def _run_chunk(adapter_spec: str, timeout: float, items: list[WorkItem],
               isolate: bool = False) -> list[CaseResult]:
    adapter = resolve_adapter(adapter_spec, timeout=timeout, isolate=isolate)
    with Runner(adapter, timeout=timeout) as runner:
        return [runner.run_item(item) for item in items]


def _stop_pool(pool: ProcessPoolExecutor) -> None:
    """Cancel what is queued and terminate the workers now (an interrupt, or the consumer
    stopped reading)."""
    processes: dict[int, Any] = dict(getattr(pool, "_processes", None) or {})
    pool.shutdown(wait=False, cancel_futures=True)  # (forgets its processes: read them first)
    for process in processes.values():
        with contextlib.suppress(Exception):
            process.terminate()
    for process in processes.values():
        with contextlib.suppress(Exception):
            process.join(5)


def run_parallel(items: Sequence[WorkItem], *, adapter_spec: str, jobs: int,
                 timeout: float, chunk: int = 25, isolate: bool = False
                 ) -> Iterator[CaseResult]:
    """Run ``items`` on ``jobs`` worker processes; yield results in the planned order.

    If a worker process dies, the items of its chunk are reported ``errored`` and the rest of the
    run continues on a new pool.
    """
    jobs = max(1, min(jobs, os.cpu_count() or 1, max(len(items), 1)))
    chunks = [list(items[i:i + chunk]) for i in range(0, len(items), chunk)]
    pending = list(range(len(chunks)))
    while pending:
        with ProcessPoolExecutor(max_workers=jobs, mp_context=context(),
                                 initializer=_init_worker, initargs=(os.getpid(),)) as pool:
            futures = {i: pool.submit(_run_chunk, adapter_spec, timeout, chunks[i], isolate)
                       for i in pending}
            done: list[int] = []
            try:
                for i in pending:
                    yield from futures[i].result()
                    done.append(i)
            except (KeyboardInterrupt, GeneratorExit):
                _stop_pool(pool)
                raise
            except BrokenProcessPool as exc:
                failed = next(i for i in pending if i not in done)
                for item in chunks[failed]:
                    yield CaseResult(case=item.case.id, era=item.era, result="errored",
                                     area=item.case.area,
                                     file=relative_file(item.case.file, spec_root()),
                                     title=item.case.title, rulings=item.case.rulings,
                                     rules=item.case.rules,
                                     message=f"a worker process died: {exc}")
                done.append(failed)
        pending = [i for i in pending if i not in done]


# -- the whole run across processes --------------------------------------------------------------

@dataclass(frozen=True)
class Source:
    """One thing to load: a case file found under ``roots``, or ``count`` generated cases of
    seed ``seed`` from case ``start`` on."""

    kind: str  # "file" or "generated"
    path: str = ""
    seed: int = 0
    start: int = 0
    count: int = 0
    #: The file's bytes as the calling process read them before any engine started (a
    #: worker loads these, never the file as it is now).
    read: FileBytes | None = None


def sources_for(files: Sequence[Path], *, generated: int = 0, seed: int = 0,
                block: int = 4, snapshot: Snapshot | None = None) -> list[Source]:
    """The sources of a run, in the order a serial run loads them: the case files (with their
    bytes from ``snapshot``), then the generated cases in blocks of ``block``."""
    snap = snapshot or {}
    out = [Source("file", path=str(f), read=snap.get(str(f))) for f in files]
    out += [Source("generated", seed=seed, start=i, count=min(block, generated - i))
            for i in range(0, generated, block)]
    return out


@dataclass
class _Loaded:
    """What one source gave: its errors, the id and file of the case it loaded (a file's),
    and its results. Only what the merge reads crosses between processes: a whole case
    costs more to unpickle than its results."""

    errors: list[SpecError]
    case: tuple[str, str | None] | None
    results: list[CaseResult]


def _case_ref(src: Source, cases: list[Case]) -> tuple[str, str | None] | None:
    return (cases[0].id, cases[0].file) if src.kind == "file" and cases else None


@dataclass(frozen=True)
class _Config:
    """What a worker needs before it knows its work: enough to load the spec and build the
    adapter while the calling process does the same."""

    adapter_spec: str
    timeout: float
    era: str | None
    skip: tuple[str, ...]
    spec_root: str
    isolate: bool = False
    harness: int = 0


class _Chunks:
    """Loads, plans and runs chunks of sources in one process."""

    def __init__(self, config: _Config, runner: Runner | None = None,
                 roots: Sequence[str] = ()) -> None:
        self.config = config
        self.spec: Spec = default_spec(Path(config.spec_root))
        self._own = runner is None
        self.runner = runner or Runner(resolve_adapter(config.adapter_spec,
                                                       timeout=config.timeout,
                                                       isolate=config.isolate),
                                       spec=self.spec, timeout=config.timeout)
        self.roots = [Path(r) for r in roots]
        self.resolve = _Resolver()

    def run(self, sources: Sequence[Source]) -> list[_Loaded]:
        return [self._one(src) for src in sources]

    def _load(self, src: Source) -> tuple[list[Case], list[SpecError]]:
        if src.kind == "file":
            case, errors = load_found_file(
                Path(src.path), self.roots, self.spec, resolve=self.resolve,
                snapshot={src.path: src.read} if src.read is not None else None)
            return ([case] if case is not None else []), errors
        from generators.emit import load_generated

        loaded = load_generated(count=src.count, seed=src.seed, start=src.start,
                                spec=self.spec)
        return loaded.cases, loaded.errors

    def _one(self, src: Source) -> _Loaded:
        cases, errors = self._load(src)
        items = plan(cases, self.runner.info, era=self.config.era, skip=self.config.skip)
        results = [self.runner.run_item(item) for item in items]
        return _Loaded(errors, _case_ref(src, cases), results)

    def died(self, sources: Sequence[Source], why: str) -> list[_Loaded]:
        """The chunk a dead worker held: loaded again here, every item reported errored."""
        out = []
        for src in sources:
            cases, errors = self._load(src)
            items = plan(cases, self.runner.info, era=self.config.era, skip=self.config.skip)
            out.append(_Loaded(errors, _case_ref(src, cases),
                               [_died(item, why) for item in items]))
        return out

    def close(self) -> None:
        if self._own:
            self.runner.close()


def _died(item: WorkItem, why: str) -> CaseResult:
    return CaseResult(case=item.case.id, era=item.era, result="errored", area=item.case.area,
                      file=relative_file(item.case.file, spec_root()), title=item.case.title,
                      rulings=item.case.rulings,
                      rules=item.case.rules, generated=item.case.generated is not None,
                      message=f"a worker process died: {why}")


def _claim(counter: Any) -> int:
    with counter.get_lock():
        index = int(counter.value)
        counter.value = index + 1
    return index


def _serve(config: _Config, inbox: Any, counter: Any, out: Any) -> None:
    """A worker process: load the spec and build the adapter, then wait for the chunks (or
    ``None``: nothing to do) and take the next chunk until none is left, sending each one's
    outcome."""
    _init_worker(config.harness)
    try:
        work = _Chunks(config)
    except Exception:  # the caller fails the same way and says why: wait for its word
        if inbox.get() is None:
            return
        raise
    try:
        job = inbox.get()
        if job is None:
            return
        roots, chunks = job
        work.roots = [Path(r) for r in roots]
        while (index := _claim(counter)) < len(chunks):
            out.put(("claimed", index, os.getpid()))
            try:
                out.put(("done", index, work.run(chunks[index])))
            except BaseException:
                out.put(("crashed", index, traceback.format_exc()))
                raise
    finally:
        work.close()


class Workers:
    """Worker processes started before the run is planned: each loads the spec and builds its
    adapter at once, in parallel with the calling process doing the same, and then waits for
    its chunks (:meth:`SourceRun.results` sends them). :meth:`close` stops any still waiting."""

    def __init__(self, count: int, config: _Config) -> None:
        self.config = config
        ctx = context()
        self.counter = ctx.Value("q", 0)
        self.out = ctx.Queue()
        self.inbox = ctx.Queue()
        self.procs = [ctx.Process(target=_serve,
                                  args=(config, self.inbox, self.counter, self.out),
                                  daemon=True, name=f"mtgconf-worker-{k}")
                      for k in range(max(0, count))]
        # Starting a worker waits for the fork server to finish importing the harness (a
        # tenth of a default run), time in which this process can load the spec and build
        # its adapter: the workers are started on a thread.
        self._started: list[Any] = []
        #: Why a worker could not be started (None: all were).
        self.start_error: Exception | None = None
        self._starter = threading.Thread(target=self._start, daemon=True,
                                         name="mtgconf-start-workers")
        self._starter.start()
        self._sent = False
        self._closed = False

    def _start(self) -> None:
        try:
            for proc in self.procs:
                proc.start()
                self._started.append(proc)
        except Exception as exc:  # kept in start_error; the run goes on without that worker
            self.start_error = exc

    def started(self) -> list[Any]:
        """The worker processes once they are started (waits for that). A worker that could
        not be started is left out: the calling process takes its chunks."""
        self._starter.join()
        return list(self._started)

    def send(self, roots: Sequence[Path], chunks: list[list[Source]]) -> None:
        """Give every worker the run's chunks (once)."""
        if self._sent:
            raise RuntimeError("the workers have their chunks already")
        self._sent = True
        job = (tuple(str(r) for r in roots), chunks)
        for _ in self.procs:
            self.inbox.put(job)

    def close(self, *, finished: bool = False) -> None:
        """Stop the workers: a worker still waiting for chunks gets none; after a finished
        run they are joined, otherwise (an interrupt, an error) terminated at once. Closing
        twice does nothing."""
        if self._closed:
            return
        self._closed = True
        if not self._sent:
            self._sent = True
            for _ in self.procs:
                self.inbox.put(None)
            finished = True
        for proc in self.started():
            proc.join(timeout=5 if finished else 0)
            if proc.is_alive():
                proc.terminate()
                proc.join(timeout=5)
        # What a worker never read (it died, or never needed its job) must not keep this
        # process from exiting: each queue's feeder thread would wait on a full pipe.
        self.out.cancel_join_thread()
        self.inbox.cancel_join_thread()
        self.out.close()
        self.inbox.close()


def start_workers(jobs: int, *, adapter_spec: str, timeout: float, spec_root: Path,
                  era: str | None = None, skip: Sequence[str] = (),
                  isolate: bool = False) -> Workers:
    """Start the ``jobs - 1`` workers of a run on ``jobs`` processes now, before it is planned."""
    config = _Config(adapter_spec=adapter_spec, timeout=timeout, era=era, skip=tuple(skip),
                     spec_root=str(spec_root), isolate=isolate, harness=os.getpid())
    return Workers(max(1, jobs) - 1, config)


def _weight(src: Source) -> int:
    """About how many cases a source holds: a file one, a generated block its count."""
    return max(1, src.count) if src.kind == "generated" else 1


def guided_chunks(sources: Sequence[Source], *, processes: int, largest: int = 32
                  ) -> list[list[Source]]:
    """``sources`` cut into chunks, in order, that shrink as the run goes: each holds about
    what is left divided by ``4 * processes`` cases, at most ``largest`` and at least an
    eighth of it (guided self-scheduling). Large chunks early cost fewer hand-overs; small
    ones at the end leave no process waiting long for the last chunk of another. A worker
    that dies loses at most one chunk, so at most ``largest`` cases."""
    smallest = max(1, largest // 8)
    left = sum(_weight(s) for s in sources)
    chunks: list[list[Source]] = []
    i = 0
    while i < len(sources):
        target = min(largest, max(smallest, left // (4 * max(1, processes))))
        j, held = i, 0
        while j < len(sources) and (held == 0 or held + _weight(sources[j]) <= target):
            held += _weight(sources[j])
            j += 1
        chunks.append(list(sources[i:j]))
        left -= held
        i = j
    return chunks


@dataclass
class SourceRun:
    """A run split across processes: iterate :meth:`results` (in the serial order); the spec
    errors found on the way are in ``errors`` once it is done."""

    sources: list[Source]
    workers: Workers
    runner: Runner
    roots: list[Path]
    #: The largest chunk, in cases (see :func:`guided_chunks`).
    chunk: int = 32
    errors: list[SpecError] = field(default_factory=list)
    files: int = 0
    #: Results planned so far (the chunks loaded up to the last one merged).
    planned: int = 0
    #: Called with the number of results planned so far, as chunks are loaded.
    on_planned: Callable[[int], None] | None = None
    _chunks: list[list[Source]] | None = None

    def start(self) -> None:
        """Send the chunks to the workers (they may be done loading meanwhile);
        :meth:`results` does it if this was not called."""
        if self._chunks is not None:
            return
        self._chunks = guided_chunks(self.sources, processes=len(self.workers.procs) + 1,
                                     largest=self.chunk)
        self.workers.send(self.roots, self._chunks)

    def results(self) -> Iterator[CaseResult]:
        self.start()
        assert self._chunks is not None
        chunks = self._chunks
        counter, out = self.workers.counter, self.workers.out
        local = _Chunks(self.workers.config, runner=self.runner,
                        roots=[str(r) for r in self.roots])
        done: dict[int, list[_Loaded]] = {}
        owner: dict[int, int] = {}
        seen: dict[str, str] = {}
        finished = False
        try:
            for index in range(len(chunks)):
                while index not in done:
                    if self._drain(out, done, owner, block=False):
                        continue
                    mine = _claim(counter)
                    if mine < len(chunks):  # work here rather than wait
                        done[mine] = local.run(chunks[mine])
                        continue
                    if not self._drain(out, done, owner, block=True):
                        self._check_workers(self.workers.started(), chunks, done, owner,
                                            local, claimed=int(counter.value))
                kept = self._merge(chunks[index], done.pop(index), seen)
                self.planned += len(kept)
                if self.on_planned is not None:
                    self.on_planned(self.planned)
                yield from kept
            finished = True
        finally:  # stopped at once when the run is interrupted
            self.workers.close(finished=finished)

    def _drain(self, out: Any, done: dict[int, list[_Loaded]], owner: dict[int, int], *,
               block: bool) -> bool:
        try:
            kind, index, payload = out.get(timeout=0.2) if block else out.get_nowait()
        except queue.Empty:
            return False
        if kind == "claimed":
            owner[index] = payload
        elif kind == "done":
            done[index] = payload
        else:
            raise RuntimeError(f"a worker process failed on chunk {index}:\n{payload}")
        return True

    def _check_workers(self, procs: list[Any], chunks: list[list[Source]],
                       done: dict[int, list[_Loaded]], owner: dict[int, int],
                       local: _Chunks, *, claimed: int) -> None:
        """A worker that died leaves its chunk unfinished: report that chunk errored."""
        for proc in procs:
            if proc.is_alive() or proc.exitcode is None:
                continue
            for index, pid in list(owner.items()):
                if pid == proc.pid and index not in done:
                    done[index] = local.died(chunks[index], f"exit code {proc.exitcode}")
        if all(not p.is_alive() for p in procs):  # claimed by a worker that died at once
            for index in range(min(claimed, len(chunks))):
                if index not in done:
                    done[index] = local.died(chunks[index], "the worker stopped")

    def _merge(self, sources: list[Source], loaded: list[_Loaded], seen: dict[str, str]
               ) -> list[CaseResult]:
        """Results of one chunk in order; a case whose id an earlier file uses is dropped and
        reported, exactly as the serial loader does."""
        kept: list[CaseResult] = []
        for src, got in zip(sources, loaded, strict=True):
            self.files += src.count if src.kind == "generated" else 1
            self.errors += got.errors
            if got.case is not None:
                case_id, file = got.case
                if case_id in seen:
                    self.errors.append(duplicate_id(case_id, file, seen[case_id]))
                    continue
                seen[case_id] = file or "?"
            kept += got.results
        return kept


def send_sources(workers: Workers, sources: Sequence[Source], roots: Sequence[Path], *,
                 chunk: int = 32) -> list[list[Source]]:
    """Give the ``workers`` their chunks of ``sources`` now, before this process has loaded
    the spec or built its adapter (the list of files needs only the spec's location): they
    start on the run while this process gets ready. Pass the result to :func:`run_sources`."""
    chunks = guided_chunks(sources, processes=len(workers.procs) + 1, largest=chunk)
    workers.send(roots, chunks)
    return chunks


def run_sources(sources: Sequence[Source], *, runner: Runner, adapter_spec: str, jobs: int,
                timeout: float, roots: Sequence[Path], spec: Spec, era: str | None = None,
                skip: Sequence[str] = (), chunk: int = 32, isolate: bool = False,
                workers: Workers | None = None,
                chunks: list[list[Source]] | None = None) -> SourceRun:
    """Load and run ``sources`` on ``jobs`` processes (this one and ``jobs - 1`` workers, or the
    ``workers`` started earlier by :func:`start_workers` with the same settings, given their
    ``chunks`` already by :func:`send_sources`)."""
    if workers is None:
        workers = start_workers(jobs, adapter_spec=adapter_spec, timeout=timeout,
                                spec_root=spec.root, era=era, skip=skip, isolate=isolate)
    run = SourceRun(list(sources), workers, runner, roots=list(roots), chunk=chunk)
    if chunks is not None:
        if [s for c in chunks for s in c] != run.sources:
            raise ValueError("the chunks sent are not those of these sources")
        run._chunks = chunks
    run.start()
    return run
