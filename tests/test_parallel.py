"""Parallel runs report what a serial run reports; shards partition a run."""

from __future__ import annotations

import itertools
import json
import multiprocessing
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conformance import Runner, load_cases
from conformance.adapters.reference import ReferenceAdapter
from conformance.cli import main
from conformance.running.parallel import (
    START_METHOD,
    Source,
    guided_chunks,
    parse_shard,
    run_parallel,
    run_sources,
    shard,
    sources_for,
    start_workers,
)
from conformance.running.runner import WorkItem, plan
from conformance.spec.catalog import default_spec
from conformance.spec.loader import case_roots, find_case_files
from generators.emit import load_generated


def _items() -> list[WorkItem]:
    cases = [c for c in load_cases().cases if c.area == "characteristics"]
    with Runner(ReferenceAdapter()) as runner:
        return plan(cases, runner.info)


def test_two_workers_give_the_serial_results_in_order() -> None:
    items = _items()
    with Runner(ReferenceAdapter()) as runner:
        serial = [runner.run_item(i) for i in items]
    parallel = list(run_parallel(items, adapter_spec="reference", jobs=2, timeout=10, chunk=7))
    assert [(r.case, r.era, r.result) for r in parallel] == [
        (r.case, r.era, r.result) for r in serial]


@given(st.integers(1, 8), st.integers(0, 40))
def test_shards_partition_the_items(count: int, n_items: int) -> None:
    items = list(range(n_items))
    shards = [shard(items, i, count) for i in range(1, count + 1)]  # type: ignore[arg-type]
    assert sorted(x for s in shards for x in s) == items
    assert max(map(len, shards)) - min(map(len, shards)) <= 1


@pytest.mark.parametrize(("text", "message"), [
    ("0/3", "--shard '0/3': I must be between 1 and N"),
    ("2", "--shard '2': expected I/N such as 1/4"),
])
def test_bad_shard(text: str, message: str) -> None:
    with pytest.raises(ValueError) as info:
        parse_shard(text)
    assert str(info.value) == message


# -- the whole run split across processes (issue 21) -------------------------------------------

ROOT = Path(__file__).resolve().parent.parent


def _records(path: Path) -> list[dict[str, Any]]:
    out = []
    for line in path.read_text("utf-8").split("\n")[:-1]:
        record = json.loads(line)
        record.pop("duration_ms", None)
        record.pop("started", None)  # the run header's start time
        out.append(record)
    return out


def _tree(tmp_path: Path) -> Path:
    """A few real case files, a duplicate id in a later file, and a broken file."""
    root = tmp_path / "cases"
    files = sorted((ROOT / "spec" / "cases" / "mana").glob("*.toml"))[:9]
    for k, src in enumerate(files):
        (root / f"d{k % 3}").mkdir(parents=True, exist_ok=True)
        shutil.copy(src, root / f"d{k % 3}" / src.name)
    shutil.copy(files[0], root / "d2" / "zz-duplicate.toml")
    (root / "d1" / "broken.toml").write_text('id = "x"\ntitle = 3\n', encoding="utf-8")
    return root


def test_split_run_reports_what_a_serial_run_reports(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _tree(tmp_path)
    codes = {}
    for jobs in (1, 2):
        codes[jobs] = main(["run", "-q", str(root), "--generated", "9", "--jobs", str(jobs),
                            "--report", str(tmp_path / f"j{jobs}.jsonl")])
        out = capsys.readouterr().err  # spec errors go to stderr
        assert "case id" in out and "is also used by" in out and "broken.toml" in out
    assert codes[1] == codes[2] == 1  # the duplicate and the broken file are errors
    serial, split = _records(tmp_path / "j1.jsonl"), _records(tmp_path / "j2.jsonl")
    assert len(serial) > 9 and split == serial


def test_run_sources_gives_the_serial_results_and_errors(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    spec = default_spec()
    loaded = load_cases([root], spec)
    extra = load_generated(count=10, seed=3, spec=spec)
    with Runner(ReferenceAdapter(), spec=spec) as runner:
        serial = [runner.run_item(i) for i in plan(loaded.cases + extra.cases, runner.info)]
        split = run_sources(sources_for(find_case_files([root], spec), generated=10, seed=3,
                                        block=3),
                            runner=runner, adapter_spec="reference", jobs=2, timeout=10,
                            roots=case_roots([root], spec), spec=spec, chunk=2)
        results = list(split.results())
    assert [r.to_record() | {"duration_ms": 0} for r in results] == [
        r.to_record() | {"duration_ms": 0} for r in serial]
    assert split.errors == loaded.errors + extra.errors
    assert split.planned == len(serial)


class DyingAdapter(ReferenceAdapter):
    """The reference engine, except that a worker process dies as it starts a case."""

    def start(self, request: Any) -> Any:
        if multiprocessing.parent_process() is not None:
            os._exit(3)
        return super().start(request)


def test_a_worker_that_dies_leaves_its_chunk_errored_and_the_run_going() -> None:
    spec = default_spec()
    files = find_case_files(None, spec)[:40]
    with Runner(ReferenceAdapter(), spec=spec) as runner:
        split = run_sources(sources_for(files), runner=runner,
                            adapter_spec="tests.test_parallel:DyingAdapter", jobs=2,
                            timeout=10, roots=case_roots(None, spec), spec=spec, chunk=2)
        results = list(split.results())
        serial = [runner.run_item(i) for i in plan(load_cases(files, spec).cases, runner.info)]
    assert [(r.case, r.era) for r in results] == [(r.case, r.era) for r in serial]
    for got, want in zip(results, serial, strict=True):
        assert got.result == want.result or (
            got.result == "errored" and got.message.startswith("a worker process died"))


def test_workers_start_fresh_interpreters() -> None:
    assert START_METHOD in ("forkserver", "spawn")


class FailingSetupAdapter(ReferenceAdapter):
    """An adapter that cannot be built in a worker process (its engine is missing there)."""

    def __init__(self) -> None:
        if multiprocessing.parent_process() is not None:
            raise RuntimeError("no engine in this worker")
        super().__init__()


def test_workers_started_early_stop_quietly_when_the_run_ends_before_it_starts(
        capfd: pytest.CaptureFixture[str]) -> None:
    """Workers start before the run is planned; a run that stops first (a bad option, an
    adapter that cannot be built) stops them, and one whose setup failed says nothing."""
    workers = start_workers(2, adapter_spec="tests.test_parallel:FailingSetupAdapter",
                            timeout=10, spec_root=default_spec().root)
    workers.close()
    workers.close()  # twice: nothing more
    assert all(not p.is_alive() for p in workers.procs)
    assert "Traceback" not in capfd.readouterr().err


def test_a_worker_whose_setup_failed_leaves_its_chunks_to_the_others() -> None:
    spec = default_spec()
    files = find_case_files(None, spec)[:12]
    with Runner(ReferenceAdapter(), spec=spec) as runner:
        workers = start_workers(2, adapter_spec="tests.test_parallel:FailingSetupAdapter",
                                timeout=10, spec_root=spec.root)
        split = run_sources(sources_for(files), runner=runner, adapter_spec="unused", jobs=2,
                            timeout=10, roots=case_roots(None, spec), spec=spec, chunk=2,
                            workers=workers)
        results = list(split.results())
        serial = [runner.run_item(i) for i in plan(load_cases(files, spec).cases, runner.info)]
    assert [(r.case, r.era) for r in results] == [(r.case, r.era) for r in serial]
    for got, want in zip(results, serial, strict=True):
        assert got.result == want.result or got.message.startswith("a worker process died")


def test_a_worker_that_cannot_be_started_leaves_the_whole_run_to_this_process(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Workers are started on a thread while this process gets ready; one that cannot be
    started at all (no processes left, say) is left out, the reason kept, and this process
    runs every chunk itself."""
    spec = default_spec()
    files = find_case_files(None, spec)[:10]

    def refuse(self: Any) -> None:
        raise OSError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(multiprocessing.process.BaseProcess, "start", refuse)
    with Runner(ReferenceAdapter(), spec=spec) as runner:
        workers = start_workers(2, adapter_spec="reference", timeout=10, spec_root=spec.root)
        split = run_sources(sources_for(files), runner=runner, adapter_spec="reference",
                            jobs=2, timeout=10, roots=case_roots(None, spec), spec=spec,
                            chunk=2, workers=workers)
        results = list(split.results())
        serial = [runner.run_item(i) for i in plan(load_cases(files, spec).cases, runner.info)]
    assert workers.started() == []
    assert isinstance(workers.start_error, OSError)
    assert [(r.case, r.era, r.result) for r in results] == [
        (r.case, r.era, r.result) for r in serial]


class DyingAtStartAdapter(ReferenceAdapter):
    """An adapter whose construction kills a worker process outright (no word to anyone)."""

    def __init__(self) -> None:
        if multiprocessing.parent_process() is not None:
            os._exit(3)
        super().__init__()


_EXIT_SCRIPT = """
from conformance.adapters.reference import ReferenceAdapter
from conformance.running.parallel import run_sources, sources_for
from conformance.running.runner import Runner
from conformance.spec.catalog import default_spec
from conformance.spec.loader import case_roots, find_case_files

spec = default_spec()
files = find_case_files(None, spec)[:60] * 40  # a job far larger than a pipe's buffer
with Runner(ReferenceAdapter(), spec=spec) as runner:
    split = run_sources(sources_for(files), runner=runner, jobs=2, timeout=10,
                        adapter_spec="tests.test_parallel:DyingAtStartAdapter",
                        roots=case_roots(None, spec), spec=spec)
    print(sum(1 for _ in split.results()))
"""


@pytest.mark.slow
def test_a_run_whose_worker_died_before_reading_its_job_still_exits() -> None:
    """The job a dead worker never read stays in its queue; the run ends all the same (the
    queue's feeder thread must not hold the process at exit)."""
    proc = subprocess.run([sys.executable, "-c", _EXIT_SCRIPT], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    assert int(proc.stdout.split()[-1]) > 0


@given(st.lists(st.integers(0, 6), max_size=300), st.integers(1, 4), st.integers(1, 64))
def test_guided_chunks_keep_the_order_and_shrink_within_their_bounds(
        counts: list[int], processes: int, largest: int) -> None:
    """Chunks hold every source once, in order; none holds more than ``largest`` cases (but a
    single source that does); a chunk is never smaller than its successor by more than the
    size of one source, so the end of a run is a series of small chunks."""
    sources = [Source("generated", count=n) if n else Source("file", path=f"f{i}")
               for i, n in enumerate(counts)]
    chunks = guided_chunks(sources, processes=processes, largest=largest)
    assert [s for c in chunks for s in c] == sources
    weights = [sum(max(1, s.count) if s.kind == "generated" else 1 for s in c) for c in chunks]
    for chunk, weight in zip(chunks, weights, strict=True):
        assert chunk and (weight <= largest or len(chunk) == 1)
    for a, b in itertools.pairwise(weights):
        assert b <= a + 6
