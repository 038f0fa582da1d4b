"""Running work items on several processes, and splitting a run into shards.

Each worker process builds its own adapter from the same specification (a name,
``module:Class`` or ``cmd:...``) and runs a contiguous chunk of items; results come back in the
planned order, so a parallel run reports exactly what a serial one does (timings aside).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from conformance.adapters import resolve_adapter
from conformance.results.records import CaseResult
from conformance.running.runner import Runner, WorkItem

__all__ = ["parse_shard", "run_parallel", "shard"]


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


def shard(items: Sequence[WorkItem], index: int, count: int) -> list[WorkItem]:
    """The items of shard ``index`` (1-based) of ``count``: every case lands in exactly one shard,
    chosen by its position so shards stay balanced and stable."""
    return [item for k, item in enumerate(items) if k % count == index - 1]


def _run_chunk(adapter_spec: str, timeout: float, items: list[WorkItem]) -> list[CaseResult]:
    with Runner(resolve_adapter(adapter_spec, timeout=timeout), timeout=timeout) as runner:
        return [runner.run_item(item) for item in items]


def run_parallel(items: Sequence[WorkItem], *, adapter_spec: str, jobs: int,
                 timeout: float, chunk: int = 25) -> Iterator[CaseResult]:
    """Run ``items`` on ``jobs`` worker processes; yield results in the planned order.

    If a worker process dies, the items of its chunk are reported ``errored`` and the rest of the
    run continues on a new pool.
    """
    jobs = max(1, min(jobs, os.cpu_count() or 1, max(len(items), 1)))
    chunks = [list(items[i:i + chunk]) for i in range(0, len(items), chunk)]
    pending = list(range(len(chunks)))
    while pending:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = {i: pool.submit(_run_chunk, adapter_spec, timeout, chunks[i])
                       for i in pending}
            done: list[int] = []
            try:
                for i in pending:
                    yield from futures[i].result()
                    done.append(i)
            except BrokenProcessPool as exc:
                failed = next(i for i in pending if i not in done)
                for item in chunks[failed]:
                    yield CaseResult(case=item.case.id, era=item.era, result="errored",
                                     area=item.case.area, file=item.case.file,
                                     title=item.case.title, rulings=item.case.rulings,
                                     rules=item.case.rules,
                                     message=f"a worker process died: {exc}")
                done.append(failed)
        pending = [i for i in pending if i not in done]
