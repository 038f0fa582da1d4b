"""Parallel runs report what a serial run reports; shards partition a run."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conformance import Runner, load_cases
from conformance.adapters.reference import ReferenceAdapter
from conformance.running.parallel import parse_shard, run_parallel, shard
from conformance.running.runner import WorkItem, plan


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
