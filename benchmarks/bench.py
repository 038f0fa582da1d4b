"""Benchmarks of mtg-conformance, measured in one run so the figures are comparable.

    python benchmarks/bench.py [--quick] [--sizes 1000,10000,100000] [--json FILE]
    python benchmarks/bench.py --only-speed | --only-scale [--memory-sizes 1000,100000] [--tests]
    python benchmarks/bench.py --only-phase [--phase ADAPTER]

Prints a table of figures and one line per target (MET / NOT MET / NOT RUN), and writes every
figure to JSON (default ``benchmarks/results.json``). The machines these run on are noisy and
shared: compare ratios within one run, not seconds across runs; the JSON records the load average
so a reader can tell a busy machine. Nothing here is a test; no test asserts a timing.

Figures:
* per-case time of the reference engine on the spec cases (median, p95); of phase-rs on the cases
  both support (needs ``phase-python``), and the ratio of the two on those cases;
* harness overhead: the same cases through a replay adapter that answers every step with the
  case's expected value without computing (so the harness runs every step, as on a passing
  engine), as a share of the reference engine's time; the null adapter (answers null, so cases
  stop at their first observation) is reported too;
* subprocess transport overhead per message (JSON lines to ``examples/tiny_engine.py``) against
  the same answers computed in process;
* validation rate (spec case files loaded and schema-checked per second), generation rate (cases
  drawn per second by ``generators.emit.generate_cases``) and emission rate (drawn and rendered
  as TOML text);
* wall time of the default ``mtgconf run``; time to generate, validate and run 1k / 10k / 100k
  generated cases, streamed in batches (linearity = largest / smallest time per case); speedup of
  2 worker processes over 1 (``conformance.parallel.run_parallel``) on the same work;
* phase-rs's own cost: the share of a phase-rs run spent outside phase.rs's calls (profiled in
  process), and its ``--jobs 2`` speedup over ``--jobs 1`` on the same cases, measured side by
  side in the same run, with a check that both gave the same results.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from conformance import Runner, load_cases  # noqa: E402
from conformance.adapter import Adapter, AdapterInfo, Outcome, StartRequest  # noqa: E402
from conformance.adapters import resolve_adapter  # noqa: E402
from conformance.running.parallel import run_parallel  # noqa: E402
from conformance.running.runner import WorkItem, plan  # noqa: E402
from conformance.spec.catalog import Spec, default_spec  # noqa: E402
from conformance.spec.model import Case, Step  # noqa: E402
from conformance.transports.subprocess import SubprocessAdapter  # noqa: E402

#: A target: its description, the measured value as text, and met (None: not measured).
Target = tuple[str, str, "bool | None"]


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-quantile (0..1) of ``values`` by nearest rank."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class _ReplaySession:
    """Answers each step of one case with what the case expects, in order."""

    def __init__(self, steps: Sequence[Step]) -> None:
        self._steps = iter(steps)

    def perform(self, action: Mapping[str, Any]) -> Outcome:
        step = next(self._steps)
        return Outcome.rejected(step.reject) if step.reject else Outcome.done()

    def observe(self, query: Mapping[str, Any]) -> Any:
        return next(self._steps).expect

    def close(self) -> None:
        return None


class ReplayAdapter:
    """An adapter that computes nothing and passes every case: it replays the expected answers.
    Its time per case is the harness's own cost on a passing engine."""

    def __init__(self, cases: Sequence[Case], info: AdapterInfo) -> None:
        self._steps = {case.id: case.steps for case in cases}
        self._info = AdapterInfo(name="replay", version="0", eras=info.eras,
                                 features=info.features)

    def info(self) -> AdapterInfo:
        return self._info

    def start(self, request: StartRequest) -> _ReplaySession:
        return _ReplaySession(self._steps[request.case])

    def close(self) -> None:
        return None


def per_case_times(adapter: Adapter, items: Sequence[WorkItem], repeat: int,
                   spec: Spec | None = None) -> tuple[list[float], list[str]]:
    """Seconds per work item (median over ``repeat`` passes, in process) and each item's result
    on the last pass."""
    runner = Runner(adapter, spec=spec)
    samples: list[list[float]] = [[] for _ in items]
    results = [""] * len(items)
    try:
        for _ in range(repeat):
            for k, item in enumerate(items):
                start = time.perf_counter()
                results[k] = runner.run_item(item).result
                samples[k].append(time.perf_counter() - start)
    finally:
        runner.close()
    return [statistics.median(s) for s in samples], results


def summary_ms(times: Sequence[float]) -> dict[str, float]:
    """Median, p95 and total of per-case seconds, in milliseconds."""
    return {"median_ms": statistics.median(times) * 1e3, "p95_ms": percentile(times, 0.95) * 1e3,
            "total_ms": sum(times) * 1e3, "cases": len(times)}


def transport_overhead(case: Case, spec: Spec, n: int, rounds: int = 3) -> dict[str, float]:
    """Per-message seconds of the subprocess transport against its floor: the same engine
    process (``examples/tiny_engine.py``) answering the same request, driven by the least a
    client of the protocol can do (the request encoded as JSON and written, the reply read
    up to its newline and decoded; no checks, no time limit). The ratio of the two is what
    the harness adds to a round trip. Both are
    alternated ``rounds`` times and the fastest of each kept (the least disturbed on a shared
    machine). Also: the same answers computed in process, and two pipes without an engine
    (``cat``, and a Python process that parses and writes JSON), for scale."""
    cards = {name: data for name in case.card_names()
             if (data := spec.card(name)) is not None}
    query = dict(next(s.body for s in case.steps if s.kind == "observe"))
    engine = ROOT / "examples" / "tiny_engine.py"
    start = StartRequest(case=case.id, era="modern", setup=case.setup, cards=cards)
    remote, floor = [], []
    for _ in range(rounds):
        adapter = SubprocessAdapter([sys.executable, str(engine)], timeout=30)
        session = adapter.start(start)
        for _ in range(20):  # warm up
            session.observe(query)
        began = time.perf_counter()
        for _ in range(n):
            session.observe(query)
        remote.append((time.perf_counter() - began) / n)
        session.close()
        adapter.close()
        floor.append(_engine_floor([sys.executable, str(engine)], start, query, n))
    loader = importlib.util.spec_from_file_location("tiny_engine", engine)
    assert loader is not None and loader.loader is not None
    tiny = importlib.util.module_from_spec(loader)
    loader.loader.exec_module(tiny)
    objects = {o["handle"]: tiny.Object(cards[o["card"]], o) for o in case.setup["objects"]}
    began = time.perf_counter()
    for _ in range(n):
        tiny.answer(objects, query)
    local = (time.perf_counter() - began) / n
    line = json.dumps({"seq": 1, "cmd": "observe", "query": query})
    return {"subprocess_us": min(remote) * 1e6, "engine_floor_us": min(floor) * 1e6,
            "in_process_us": local * 1e6, "overhead_us": (min(remote) - min(floor)) * 1e6,
            "messages": n, "rounds": rounds, "pipe_floor_us": pipe_floor(line, n) * 1e6,
            "python_floor_us": python_pipe_floor(n) * 1e6}


class _Lines:
    """Lines read from a pipe in blocks (a reader that asks for one byte at a time measures
    its own system calls, not the pipe)."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.buffer = b""

    def readline(self) -> bytes:
        while b"\n" not in self.buffer:
            block = os.read(self.fd, 1 << 16)
            if not block:
                raise EOFError("the other end closed the pipe")
            self.buffer += block
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line


def _round_trips(proc: subprocess.Popen[bytes], data: bytes, n: int) -> float:
    """Seconds per round trip of ``data`` (one line) through ``proc``'s pipes."""
    assert proc.stdin is not None and proc.stdout is not None
    stdin, lines = proc.stdin.fileno(), _Lines(proc.stdout.fileno())
    for _ in range(20):
        os.write(stdin, data)
        lines.readline()
    began = time.perf_counter()
    for _ in range(n):
        os.write(stdin, data)
        lines.readline()
    return (time.perf_counter() - began) / n


def _engine_floor(argv: list[str], start: StartRequest, query: Mapping[str, Any],
                  n: int) -> float:
    """Seconds per observe round trip with the engine ``argv`` and the least client."""
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, bufsize=0)
    assert proc.stdin is not None and proc.stdout is not None
    lines = _Lines(proc.stdout.fileno())
    try:
        for message in ({"seq": 1, "cmd": "hello", "protocol": 1},
                        {"seq": 2, "cmd": "start", "case": start.case, "era": start.era,
                         "setup": start.setup, "cards": start.cards}):
            os.write(proc.stdin.fileno(), (json.dumps(message) + "\n").encode())
            lines.readline()
        stdin, request = proc.stdin.fileno(), {"cmd": "observe", "query": dict(query)}

        def exchange(seq: int) -> Any:  # what any client of the protocol must do
            os.write(stdin, (json.dumps({**request, "seq": seq}) + "\n").encode())
            return json.loads(lines.readline())

        for seq in range(3, 23):
            exchange(seq)
        began = time.perf_counter()
        for seq in range(23, 23 + n):
            exchange(seq)
        return (time.perf_counter() - began) / n
    finally:
        proc.stdin.close()
        proc.wait(timeout=10)


def pipe_floor(line: str, n: int) -> float:
    """Seconds per round trip of ``line`` through ``cat`` (no JSON, no Python on the other
    side): what this machine's pipes and scheduler cost before any engine or harness work."""
    cat = shutil.which("cat")
    if cat is None:
        return float("nan")
    proc = subprocess.Popen([cat], stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
    assert proc.stdin is not None
    try:
        return _round_trips(proc, (line + "\n").encode("utf-8"), n)
    finally:
        proc.stdin.close()
        proc.wait(timeout=10)


def timed(fn: Callable[[], Any]) -> float:
    """Wall seconds of one call."""
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def generation_rates(count: int) -> dict[str, float]:
    """Cases per second drawn by the generators, and drawn then rendered as TOML text."""
    from generators import emit

    drawn = timed(lambda: sum(1 for _ in emit.generate_cases(seed=1, count=count)))
    rendered = timed(lambda: [emit.case_text(c) for c in emit.generate_cases(seed=1, count=count)])
    return {"drawn_per_s": count / drawn, "emitted_text_per_s": count / rendered,
            "cases": count}


def scaling(sizes: Sequence[int], spec: Spec, batch: int = 1000) -> dict[str, Any]:
    """Seconds to generate, validate and run ``n`` generated cases on the reference engine, for
    each ``n`` in ``sizes``, streamed in batches so memory stays flat; and the run part alone."""
    from generators import emit

    out: dict[str, Any] = {}
    for n in sizes:
        total = run_only = 0.0
        with Runner(resolve_adapter("reference"), spec=spec) as runner:
            start = time.perf_counter()
            for first in range(0, n, batch):
                # a different seed per batch: the same cases are not re-run n / batch times
                cases = emit.load_generated(count=min(batch, n - first), seed=7 + first,
                                            spec=spec).cases
                work = plan(cases, runner.info)
                t = time.perf_counter()
                for item in work:
                    runner.run_item(item)
                run_only += time.perf_counter() - t
            total = time.perf_counter() - start
        out[str(n)] = {"total_s": total, "run_s": run_only, "total_us_per_case": total / n * 1e6,
                       "run_us_per_case": run_only / n * 1e6}
    per_case = [v["total_us_per_case"] for v in out.values()]
    out["linearity"] = max(per_case) / min(per_case) if per_case else float("nan")
    return out


def default_run() -> dict[str, float]:
    """Wall and CPU seconds of ``mtgconf run -q`` (spec cases and the default generated set)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "conformance.cli", "run", "-q"], cwd=ROOT,
                          capture_output=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"wall_s": wall, "cpu_s": cpu, "exit_code": proc.returncode}


def _cpu_seconds() -> float:
    """CPU seconds of this process and of its waited-for children."""
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(
        resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def worker_speedup(work: Sequence[WorkItem], rounds: int) -> dict[str, float]:
    """Wall time of ``work`` on 1 and on 2 worker processes, alternated ``rounds`` times (the
    speedup is the median of the per-round ratios), and the CPU efficiency: CPU seconds with 1
    worker over CPU seconds with 2 (1.0 = splitting the work costs nothing extra). On a machine
    whose other load leaves less than 2 free cores the wall speedup cannot reach 2 however
    efficient the split; the efficiency says what the split itself costs."""
    chunk = max(len(work) // 16, 1)
    ratios: list[float] = []
    walls: dict[int, list[float]] = {1: [], 2: []}
    cpus: dict[int, list[float]] = {1: [], 2: []}
    for _ in range(rounds):
        for jobs in (1, 2):
            cpu = _cpu_seconds()
            start = time.perf_counter()
            list(run_parallel(work, adapter_spec="reference", jobs=jobs, timeout=30,
                              chunk=chunk))
            walls[jobs].append(time.perf_counter() - start)
            cpus[jobs].append(_cpu_seconds() - cpu)
        ratios.append(walls[1][-1] / walls[2][-1])
    return {"one_s": statistics.median(walls[1]), "two_s": statistics.median(walls[2]),
            "speedup": statistics.median(ratios),
            "cpu_efficiency": statistics.median(cpus[1]) / statistics.median(cpus[2]),
            "work_items": len(work), "rounds": rounds}


def loading_vs_floor(rounds: int) -> dict[str, float]:
    """Loading the whole spec (registries, cards, every case: read, parse, validate, check)
    against the floor: reading and ``tomllib``-parsing the same files and nothing else.
    Alternated ``rounds`` times; the ratio is that of the fastest of each (on a shared machine
    the fastest pass is the one least disturbed), the median of the per-round ratios beside it."""
    import tomllib

    from conformance.spec.catalog import load_spec
    from conformance.spec.loader import find_case_files
    from conformance.spec.paths import spec_root

    root = spec_root()
    files = [root / "features.toml", root / "eras.toml", root / "rulings.toml",
             *sorted((root / "cards").glob("*.toml")), *find_case_files(None, default_spec())]

    def floor() -> None:
        for path in files:
            tomllib.loads(path.read_bytes().decode("utf-8"))

    def full() -> None:
        load_cases(None, load_spec(root))

    full()  # compiled schemas and imports are one-time costs: not what is compared
    floors, fulls = [], []
    for _ in range(rounds):
        floors.append(timed(floor))
        fulls.append(timed(full))
    return {"files": len(files), "floor_ms": min(floors) * 1e3, "load_ms": min(fulls) * 1e3,
            "ratio": min(fulls) / min(floors),
            "ratio_median": statistics.median([b / a for a, b in zip(floors, fulls,
                                                                     strict=True)])}


def generated_vs_spec(spec: Spec, count: int, rounds: int) -> dict[str, float]:
    """Cost per case outside the engine: a spec case's loading (file read, parse, validation,
    checks) against a generated case's (drawing it, laying it out, the same checks)."""
    from generators import emit

    spec_us, gen_us = [], []
    for _ in range(rounds):
        start = time.perf_counter()
        n_spec = len(load_cases(None, spec).cases)
        spec_us.append((time.perf_counter() - start) / n_spec * 1e6)
        start = time.perf_counter()
        n_gen = len(emit.load_generated(count=count, seed=11, spec=spec).cases)
        gen_us.append((time.perf_counter() - start) / n_gen * 1e6)
    return {"spec_case_us": min(spec_us), "generated_case_us": min(gen_us), "generated": count,
            "ratio": min(gen_us) / min(spec_us)}


def undo_share(items: Sequence[WorkItem], spec: Spec, rounds: int) -> dict[str, float]:
    """Share of the reference engine's time spent on undo: journaling actions, checkpoints,
    rebuilding and replaying after a rejected action, and the snapshots of trial casts; against
    all the time in ``Game.from_setup``, ``perform`` and ``observe``."""
    import reference_engine.casting.queries as casting_queries
    import reference_engine.game as game_module

    spent = {"undo": 0.0, "engine": 0.0}
    depth = {"undo": 0, "engine": 0}

    def timing(fn: Callable[..., Any], key: str) -> Callable[..., Any]:
        def timed_call(*args: Any, **kwargs: Any) -> Any:
            if depth[key]:
                return fn(*args, **kwargs)
            depth[key] += 1
            start = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                spent[key] += time.perf_counter() - start
                depth[key] -= 1
        return timed_call

    game_cls = game_module.Game
    saved = {name: game_cls.__dict__[name] for name in
             ("_restore", "_record", "_sync", "perform", "observe", "from_setup")}
    modules = (game_module, casting_queries)
    saved_snapshots = [getattr(m, "snapshot") for m in modules]  # noqa: B009
    try:
        for name in ("_restore", "_record", "_sync"):
            setattr(game_cls, name, timing(saved[name], "undo"))
        for module, snap in zip(modules, saved_snapshots, strict=True):
            setattr(module, "snapshot", timing(snap, "undo"))  # noqa: B010
        for name in ("perform", "observe"):
            setattr(game_cls, name, timing(saved[name], "engine"))
        setattr(game_cls, "from_setup",  # noqa: B010
                classmethod(timing(saved["from_setup"].__func__, "engine")))
        with Runner(resolve_adapter("reference"), spec=spec) as runner:
            for item in items:  # warm up
                runner.run_item(item)
            spent["undo"] = spent["engine"] = 0.0
            for _ in range(rounds):
                for item in items:
                    runner.run_item(item)
    finally:
        for name, value in saved.items():
            setattr(game_cls, name, value)
        for module, snap in zip(modules, saved_snapshots, strict=True):
            setattr(module, "snapshot", snap)  # noqa: B010
    return {"undo_ms": spent["undo"] * 1e3 / rounds, "engine_ms": spent["engine"] * 1e3 / rounds,
            "share": spent["undo"] / spent["engine"], "items": len(items)}


def default_run_speedup(rounds: int) -> dict[str, Any]:
    """Wall time of the default ``mtgconf run -q`` with ``--jobs 1`` and ``--jobs 2``,
    alternated ``rounds`` times; the speedup is the median of the per-round ratios. Loading,
    generation and running are all split, but two free cores are needed to show it: the load
    average before and after is recorded beside it. The commands run as a user's would: with
    their bytecode cached (``PYTHONDONTWRITEBYTECODE`` is dropped from their environment, and a
    first, untimed run of each writes it), else every process compiles the harness anew."""
    walls: dict[int, list[float]] = {1: [], 2: []}
    ratios: list[float] = []
    ceilings: list[float] = []
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    for jobs in (1, 2):  # warm-up: bytecode written, files in the page cache
        subprocess.run([sys.executable, "-m", "conformance.cli", "run", "-q", "--jobs",
                        str(jobs)], cwd=ROOT, capture_output=True, check=False, env=env)
    load = [os.getloadavg()[0]]
    for _ in range(rounds):
        for jobs in (1, 2):
            command = [sys.executable, "-m", "conformance.cli", "run", "-q", "--jobs", str(jobs)]
            start = time.perf_counter()
            subprocess.run(command, cwd=ROOT, capture_output=True, check=False, env=env)
            walls[jobs].append(time.perf_counter() - start)
        ratios.append(walls[1][-1] / walls[2][-1])
        ceilings.append(cpu_ceiling())
    load.append(os.getloadavg()[0])
    starts = []
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import conformance.cli, generators.emit, "
                        "conformance.adapters.reference, conformance.spec.catalog as c; "
                        "c.default_spec()"], cwd=ROOT, check=False, env=env)
        starts.append(time.perf_counter() - start)
    one, startup = statistics.median(walls[1]), statistics.median(starts)
    # Each process first starts an interpreter, imports the harness and loads the spec; both
    # do it at the same time (the workers start first), and the rest splits. Two free cores
    # give at most:
    ideal = one / (startup + (one - startup) / 2)
    return {"one_s": one, "two_s": statistics.median(walls[2]),
            "speedup": statistics.median(ratios), "ratios": ratios, "rounds": rounds,
            "load_average": load, "startup_s": startup, "ideal_speedup": ideal,
            "machine_ceiling": statistics.median(ceilings), "machine_ceilings": ceilings}


def _spin(n: int) -> int:
    total = 0
    for i in range(n):
        total += i * i
    return total


def cpu_ceiling(n: int = 3_000_000) -> float:
    """What this machine gives two processes: the same pure-Python loop twice in one process,
    against once in each of two processes started beforehand (no harness, no I/O). On a
    virtual machine whose second core is shared this varies from round to round; the
    ``--jobs 2`` speedup cannot exceed it."""
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(2) as pool:
        pool.map(_spin, [1000, 1000])  # both workers started
        began = time.perf_counter()
        pool.map(_spin, [n, n], chunksize=1)
        two = time.perf_counter() - began
    began = time.perf_counter()
    _spin(n)
    _spin(n)
    return (time.perf_counter() - began) / two


def split_speedup(spec: Spec, rounds: int) -> dict[str, Any]:
    """The split run in this process (``run_sources``: every spec file and the default 300
    generated cases, loaded, validated and run), on 1 and on 2 processes, alternated: what the
    split gives once the harness is imported (the default run adds each process's start-up)."""
    from conformance.running.parallel import run_sources, sources_for
    from conformance.spec.loader import case_roots, find_case_files
    from generators.emit import DEFAULT_SEED

    sources = sources_for(find_case_files(None, spec), generated=300, seed=DEFAULT_SEED)
    walls: dict[int, list[float]] = {1: [], 2: []}
    load = [os.getloadavg()[0]]
    with Runner(resolve_adapter("reference"), spec=spec) as runner:
        for _ in range(rounds):
            for jobs in (1, 2):
                start = time.perf_counter()
                split = run_sources(sources, runner=runner, adapter_spec="reference",
                                    jobs=jobs, timeout=30, roots=case_roots(None, spec),
                                    spec=spec)
                count = sum(1 for _ in split.results())
                walls[jobs].append(time.perf_counter() - start)
    load.append(os.getloadavg()[0])
    return {"one_s": min(walls[1]), "two_s": min(walls[2]),
            "speedup": min(walls[1]) / min(walls[2]), "results": count, "rounds": rounds,
            "load_average": load}


def python_pipe_floor(n: int) -> float:
    """Seconds per round trip through a Python process that reads a line, parses it as JSON
    and writes a JSON line back: the least any Python engine can do per message."""
    code = ("import json, sys\n"
            "for line in sys.stdin:\n"
            "    sys.stdout.write(json.dumps({'seq': json.loads(line)['seq'], 'value': 1})"
            " + '\\n')\n"
            "    sys.stdout.flush()\n")
    proc = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, bufsize=0)
    assert proc.stdin is not None
    data = b'{"seq": 1, "cmd": "observe", "query": {"query": "life", "player": "alice"}}\n'
    try:
        return _round_trips(proc, data, n)
    finally:
        proc.stdin.close()
        proc.wait(timeout=10)


def phase_comparison(name: str, items: Sequence[WorkItem], spec: Spec,
                     repeat: int) -> dict[str, Any]:
    """Per-case time of ``name`` (phase-rs) and of the reference on the cases both run (the
    cases phase-rs's adapter plans rather than reports unsupported up front)."""
    other = resolve_adapter(name)
    info = other.info()
    both = [i for i in plan([i.case for i in items], info) if i.verdict is None]
    phase, phase_results = per_case_times(other, both, repeat, spec)
    ref, _ = per_case_times(resolve_adapter("reference"), both, repeat, spec)
    counts: dict[str, int] = {}
    for r in phase_results:
        counts[r] = counts.get(r, 0) + 1
    return {"phase": summary_ms(phase), "reference": summary_ms(ref),
            "phase_results": counts, "version": info.version,
            "ratio_median": statistics.median(phase) / statistics.median(ref),
            "ratio_total": sum(phase) / sum(ref)}


#: The calls into phase.rs (its PyO3 bindings) whose time is the engine's own, marshalling of
#: the state to and from JSON included (done inside those calls).
_PHASE_CALLS = ("phase.Engine", "phase.Game", "phase.GameAction", "phase.ActionResult",
                "build_oracle_face")


def phase_figures(name: str, items: Sequence[WorkItem], spec: Spec, figures: dict[str, Any],
                  *, quick: bool) -> list[Target]:
    """phase-rs's figures (needs ``phase-python``), added to ``figures``: its per-case time against
    the reference engine's, the share of a run outside phase.rs's own calls, and the ``--jobs 2``
    speedup on the same cases; the targets they meet or miss."""
    targets: list[Target] = []
    if importlib.util.find_spec("phase") is not None:
        try:
            cmp = phase_comparison(name, items, spec, 1)
            figures["phase_rs"] = cmp
            targets.append(("reference >= 10x faster per case than phase-rs (median)",
                            f"{cmp['ratio_median']:.1f}x on {cmp['phase']['cases']} cases",
                            cmp["ratio_median"] >= 10))
        except Exception as exc:  # a benchmark reports, it does not stop
            figures["phase_rs"] = {"error": f"{type(exc).__name__}: {exc}"}
            targets.append(("reference >= 10x faster per case than phase-rs (median)",
                            "error", None))
    else:
        targets.append(("reference >= 10x faster per case than phase-rs (median)",
                        "phase-python not installed", None))
    share_target = "phase-rs: adapter and harness <= 15% of a run (outside phase.rs's calls)"
    jobs_target = "phase-rs: --jobs 2 >= 1.7x over --jobs 1, same results"
    if importlib.util.find_spec("phase") is not None:
        sample = list(items)[: 60 if quick else 300]
        try:
            figures["phase_rs_cost"] = cost = phase_adapter_share(name, sample, spec)
            targets.append((share_target, f"{cost['share']:.1%} of {cost['total_s']:.1f} s "
                                          f"({cost['items']} cases)", cost["share"] <= 0.15))
            figures["phase_rs_jobs"] = jobs = phase_jobs_speedup(name, sample, 1)
            targets.append((jobs_target, f"{jobs['speedup']:.2f}x wall, CPU efficiency "
                                         f"{jobs['cpu_efficiency']:.0%}, same results "
                                         f"{jobs['same_results']}, load "
                                         f"{jobs['load_average'][0]:.1f}",
                            jobs["speedup"] >= 1.7 and jobs["same_results"]))
        except Exception as exc:  # a benchmark reports, it does not stop
            figures["phase_rs_cost"] = {"error": f"{type(exc).__name__}: {exc}"}
            targets += [(share_target, "error", None), (jobs_target, "error", None)]
    else:
        targets += [(share_target, "phase-python not installed", None),
                    (jobs_target, "phase-python not installed", None)]

    return targets


def phase_adapter_share(name: str, items: Sequence[WorkItem], spec: Spec) -> dict[str, Any]:
    """The share of a phase-rs run spent outside phase.rs's own calls (the adapter and the
    harness), profiled in process over ``items``: one pass, every call into phase.rs counted
    with what it calls (cumulative time of the outermost calls)."""
    import cProfile
    import pstats

    runner = Runner(resolve_adapter(name), spec=spec, timeout=600)
    planned = phase_items(items, runner.info)
    profile = cProfile.Profile()
    start = time.perf_counter()
    profile.enable()
    try:
        results = [runner._execute(item).result for item in planned]
    finally:
        profile.disable()
        runner.close()
    wall = time.perf_counter() - start
    stats = pstats.Stats(profile)
    total = stats.total_tt  # type: ignore[attr-defined]
    engine = 0.0
    by_call: dict[str, float] = {}
    for (file, _, func), (_, _, _, cumulative, _) in stats.stats.items():  # type: ignore[attr-defined]
        if file == "~" and any(call in func for call in _PHASE_CALLS):
            engine += cumulative
            by_call[func] = by_call.get(func, 0.0) + cumulative
    top = dict(sorted(by_call.items(), key=lambda kv: -kv[1])[:6])
    return {"share": 1 - engine / total if total else 0.0, "engine_s": engine,
            "total_s": total, "wall_s": wall, "items": len(planned),
            "passed": results.count("passed"), "top_engine_calls_s": top}


def phase_items(items: Sequence[WorkItem], info: AdapterInfo) -> list[WorkItem]:
    """The work phase-rs is given for the cases of ``items`` (each case once, planned for the
    eras phase-rs has)."""
    cases = list({item.case.id: item.case for item in items}.values())
    return [item for item in plan(cases, info) if item.verdict is None]


def phase_jobs_speedup(name: str, items: Sequence[WorkItem], rounds: int) -> dict[str, Any]:
    """Wall time of ``items`` on phase-rs with 1 and with 2 worker processes, alternated
    ``rounds`` times, the CPU efficiency, and whether both gave the same results."""
    adapter = resolve_adapter(name)
    try:
        items = phase_items(items, adapter.info())
    finally:
        adapter.close()
    chunk = max(len(items) // 16, 1)
    ratios: list[float] = []
    walls: dict[int, list[float]] = {1: [], 2: []}
    cpus: dict[int, list[float]] = {1: [], 2: []}
    outcomes: dict[int, list[tuple[str, str]]] = {}
    load = [os.getloadavg()[0]]
    for _ in range(rounds):
        for jobs in (1, 2):
            cpu = _cpu_seconds()
            start = time.perf_counter()
            results = list(run_parallel(items, adapter_spec=name, jobs=jobs, timeout=120,
                                        chunk=chunk))
            walls[jobs].append(time.perf_counter() - start)
            cpus[jobs].append(_cpu_seconds() - cpu)
            outcomes[jobs] = [(r.case, r.result) for r in results]
        ratios.append(walls[1][-1] / walls[2][-1])
    load.append(os.getloadavg()[0])
    return {"one_s": statistics.median(walls[1]), "two_s": statistics.median(walls[2]),
            "speedup": statistics.median(ratios),
            "cpu_efficiency": statistics.median(cpus[1]) / statistics.median(cpus[2]),
            "same_results": outcomes.get(1) == outcomes.get(2), "items": len(items),
            "rounds": rounds, "load_average": load}


def main(argv: Sequence[str] | None = None) -> int:
    """Measure everything, print the table and the targets, write the JSON; exit 0."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--quick", action="store_true", help="smaller sizes (a smoke run)")
    parser.add_argument("--sizes", help="generated-case counts for the scaling figure "
                                        "(default 1000,10000,100000; --quick 1000,3000)")
    parser.add_argument("--json", type=Path, default=None,
                        help="where to write the figures (default benchmarks/results.json; "
                             "with --only-speed benchmarks/results-speed.json)")
    parser.add_argument("--phase", default="phase-rs", help="third-party adapter to compare")
    parser.add_argument("--only-scale", action="store_true",
                        help="only the issue 36 figures (benchmarks/scale.py): memory by "
                             "generated-set size, campaign throughput per core, cost per case "
                             "(and per test with --tests)")
    parser.add_argument("--memory-sizes", default="1000,100000",
                        help="generated-set sizes for the memory figure (default 1000,100000)")
    parser.add_argument("--campaign-seconds", type=float, default=6.0,
                        help="search seconds per family for the campaign figure (default 6)")
    parser.add_argument("--tests", action="store_true",
                        help="with --only-scale: also time the fast tier (minutes)")
    parser.add_argument("--only-speed", action="store_true",
                        help="only the issue 21 ratios (loading, generated cases, undo, "
                             "transport, default run, 2 processes): a few minutes")
    parser.add_argument("--only-phase", action="store_true",
                        help="only phase-rs's figures (issue 30): the per-case comparison with "
                             "the reference engine, the adapter's share of a run, and the "
                             "--jobs 2 speedup, side by side in one run")
    args = parser.parse_args(argv)
    if args.json is None:
        args.json = ROOT / "benchmarks" / ("results-speed.json" if args.only_speed
                                           else "results-scale.json" if args.only_scale
                                           else "results-phase.json" if args.only_phase
                                           else "results.json")
    if args.only_scale:
        import scale  # benchmarks/scale.py, beside this script

        started = time.perf_counter()
        figures, targets = scale.measure(
            [int(s) for s in args.memory_sizes.split(",")],
            campaign_seconds=args.campaign_seconds, tests=args.tests, phase=args.phase)
        figures["cpus"] = os.cpu_count()
        figures["python"] = sys.version.split()[0]
        return _finish(args, figures, targets, started)
    repeat = 3 if args.quick else 7
    sizes = [int(s) for s in (args.sizes or ("1000,3000" if args.quick
                                             else "1000,10000,100000")).split(",")]
    figures: dict[str, Any] = {"load_average_start": os.getloadavg(), "cpus": os.cpu_count(),
                               "python": sys.version.split()[0]}
    targets: list[Target] = []
    started = time.perf_counter()

    spec = default_spec()
    t0 = time.perf_counter()
    loaded = load_cases(None, spec)
    load_s = time.perf_counter() - t0
    figures["validation_cases_per_s"] = len(loaded.cases) / load_s
    reference = resolve_adapter("reference")
    info = reference.info()
    items = [i for i in plan(loaded.cases, info) if i.verdict is None]
    if args.only_phase:
        targets += phase_figures(args.phase, items, spec, figures, quick=args.quick)
        return _finish(args, figures, targets, started)

    rounds = 3 if args.quick else 7
    figures["loading"] = loading = loading_vs_floor(rounds)
    targets.append(("loading the whole spec <= 2x the tomllib floor",
                    f"{loading['ratio']:.2f}x ({loading['load_ms']:.0f} ms vs "
                    f"{loading['floor_ms']:.0f} ms for {loading['files']} files)",
                    loading["ratio"] <= 2))
    figures["generated_overhead"] = gen = generated_vs_spec(spec, 300, rounds)
    targets.append(("generated case costs outside the engine <= a spec case",
                    f"{gen['ratio']:.2f}x ({gen['generated_case_us']:.0f} us vs "
                    f"{gen['spec_case_us']:.0f} us per case)", gen["ratio"] <= 1))
    everything = [i for i in plan(loaded.cases + _generated_cases(spec), info)
                  if i.verdict is None]
    figures["undo"] = undo = undo_share(everything, spec, rounds=2 if args.quick else 3)
    targets.append(("undo (journal, rebuild, replay, trial snapshots) <= 10% of engine time",
                    f"{undo['share']:.1%} ({undo['undo_ms']:.0f} of {undo['engine_ms']:.0f} "
                    "ms per pass)", undo["share"] <= 0.10))
    if args.only_speed:
        transport = transport_overhead(_char_case(loaded.cases), spec,
                                       300 if args.quick else 3000)
        figures["transport"] = transport
        targets.append(_transport_target(transport))
        figures["default_run"] = run = default_run()
        targets.append(_default_run_target(run))
        figures["default_run_jobs"] = sp = default_run_speedup(2 if args.quick else 4)
        targets.append(_speedup_target(sp))
        figures["split_jobs"] = split = split_speedup(spec, 2 if args.quick else 3)
        targets.append(_split_target(split))
        return _finish(args, figures, targets, started)

    ref, _ = per_case_times(reference, items, repeat, spec)
    replay, replay_results = per_case_times(ReplayAdapter(loaded.cases, info), items, repeat,
                                            spec)
    null, _ = per_case_times(resolve_adapter("null"), items, repeat, spec)
    figures["reference_per_case"] = summary_ms(ref)
    figures["replay_per_case"] = dict(summary_ms(replay),
                                      passed=replay_results.count("passed"))
    figures["null_per_case"] = summary_ms(null)
    share = sum(replay) / sum(ref)
    figures["harness_overhead_share"] = {"replay_total": share,
                                         "replay_median": statistics.median(replay)
                                         / statistics.median(ref),
                                         "null_total": sum(null) / sum(ref)}
    targets.append(("harness overhead (replay adapter) < 10% of reference time",
                    f"{share:.1%}", share < 0.10))

    targets += phase_figures(args.phase, items, spec, figures, quick=args.quick)

    transport = transport_overhead(_char_case(loaded.cases), spec,
                                   300 if args.quick else 3000)
    figures["transport"] = transport
    targets.append(("subprocess overhead < 100 us per message",
                    f"{transport['overhead_us']:.0f} us (pipe floor via cat "
                    f"{transport['pipe_floor_us']:.0f} us)", transport["overhead_us"] < 100))
    targets.append(_transport_target(transport))

    if importlib.util.find_spec("generators.emit") is not None:
        rates = generation_rates(500 if args.quick else 5000)
        figures["generation"] = rates
        targets.append(("at least 2,000 generated cases per second",
                        f"{rates['drawn_per_s']:,.0f}/s drawn, "
                        f"{rates['emitted_text_per_s']:,.0f}/s as TOML",
                        rates["drawn_per_s"] >= 2000))
        figures["generated_scaling"] = scale = scaling(sizes, spec)
        targets.append(("time linear in generated cases (per-case spread < 1.5x)",
                        f"{scale['linearity']:.2f}x over {', '.join(map(str, sizes))}",
                        scale["linearity"] < 1.5))
    else:
        targets.append(("at least 2,000 generated cases per second", "no generators", None))

    figures["default_run"] = run = default_run()
    targets.append(_default_run_target(run))
    figures["default_run_jobs"] = sp = default_run_speedup(2 if args.quick else 4)
    targets.append(_speedup_target(sp))
    figures["split_jobs"] = split = split_speedup(spec, 2 if args.quick else 3)
    targets.append(_split_target(split))

    figures["workers"] = workers = worker_speedup(list(items) * (2 if args.quick else 6),
                                                  rounds=1 if args.quick else 3)
    targets.append(("speedup with 2 workers >= 1.7x (run_parallel, spec items x6)",
                    f"{workers['speedup']:.2f}x wall (CPU efficiency "
                    f"{workers['cpu_efficiency']:.0%})", workers["speedup"] >= 1.7))
    return _finish(args, figures, targets, started)


def _char_case(cases: Sequence[Case]) -> Case:
    """A characteristics case whose first observation asks about an object's colors (which
    the tiny example engine answers)."""
    for case in cases:
        first = next((s for s in case.steps if s.kind == "observe"), None)
        if (case.area == "characteristics" and first is not None and not case.cards
                and first.body.get("query") == "colors" and first.body.get("object")):
            return case
    raise LookupError("no characteristics case observes colors")


def _generated_cases(spec: Spec) -> list[Case]:
    from generators import emit

    loaded: list[Case] = emit.load_generated(count=300, seed=emit.DEFAULT_SEED, spec=spec).cases
    return loaded


def _transport_target(transport: Mapping[str, float]) -> Target:
    ratio = transport["subprocess_us"] / transport["engine_floor_us"]
    return ("subprocess round trip <= 1.1x the pipe floor (same engine, least client)",
            f"{ratio:.2f}x ({transport['subprocess_us']:.0f} us vs "
            f"{transport['engine_floor_us']:.0f} us; without an engine: cat "
            f"{transport['pipe_floor_us']:.0f} us, a Python JSON echo "
            f"{transport['python_floor_us']:.0f} us)", ratio <= 1.1)


def _default_run_target(run: Mapping[str, float]) -> Target:
    return ("default mtgconf run under 30 s on 2 cores",
            f"{run['wall_s']:.1f} s wall ({run['cpu_s']:.1f} s CPU)",
            run["wall_s"] < 30 and run["exit_code"] == 0)


def _speedup_target(sp: Mapping[str, Any]) -> Target:
    load = sp["load_average"]
    return ("default mtgconf run: --jobs 2 >= 1.7x --jobs 1",
            f"{sp['speedup']:.2f}x ({sp['one_s']:.2f} s vs {sp['two_s']:.2f} s; load average "
            f"{load[0]:.1f} to {load[1]:.1f} on {os.cpu_count()} cores; start-up "
            f"{sp['startup_s']:.2f} s caps it at {sp['ideal_speedup']:.2f}x; the machine "
            f"gave two pure-CPU processes {sp['machine_ceiling']:.2f}x in the same rounds)",
            sp["speedup"] >= 1.7)


def _split_target(split: Mapping[str, Any]) -> Target:
    load = split["load_average"]
    return ("the split run itself (harness imported): 2 processes >= 1.7x 1",
            f"{split['speedup']:.2f}x ({split['one_s']:.2f} s vs {split['two_s']:.2f} s; load "
            f"average {load[0]:.1f} to {load[1]:.1f})", split["speedup"] >= 1.7)


def _finish(args: argparse.Namespace, figures: dict[str, Any], targets: list[Target],
            started: float) -> int:
    figures["load_average_end"] = os.getloadavg()
    figures["bench_s"] = time.perf_counter() - started
    figures["targets"] = [{"target": t, "measured": m, "met": ok} for t, m, ok in targets]
    args.json.write_text(json.dumps(figures, indent=2, sort_keys=True) + "\n")
    print(f"{'figure':28} value")
    for key, value in figures.items():
        if key != "targets":
            print(f"{key:28} {json.dumps(_rounded(value), sort_keys=True)}")
    print()
    for t, m, ok in targets:
        status = "NOT RUN" if ok is None else "MET    " if ok else "NOT MET"
        print(f"{status} {t:60} {m}")
    print(f"\nJSON: {args.json}")
    return 0


def _rounded(value: Any) -> Any:
    """``value`` with every float rounded to 4 significant digits, for the table."""
    if isinstance(value, float):
        return float(f"{value:.4g}")
    if isinstance(value, dict):
        return {k: _rounded(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_rounded(v) for v in value]
    return value


if __name__ == "__main__":
    sys.exit(main())
