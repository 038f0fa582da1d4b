"""Flat memory (issue 36): a plain run draws its generated cases as it reaches them
(``conformance/running/worklist.py``) and keeps its results in a log that spills to disk
(``conformance/results/spool.py``); both give exactly what the eager path gives."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conformance.adapters.reference import ReferenceAdapter
from conformance.cli import main
from conformance.results.records import CaseResult
from conformance.results.spool import ResultLog
from conformance.running.runner import plan
from conformance.running.worklist import WorkList
from conformance.spec.catalog import default_spec
from generators.emit import generated_item_count, load_generated


def _result(i: int) -> CaseResult:
    return CaseResult(case=f"c{i}", era="modern", result="passed" if i % 3 else "failed",
                      message=f"m{i}", rules=("100.1",))


@given(n=st.integers(0, 40), limit=st.integers(0, 10))
def test_a_result_log_reads_back_what_was_appended(n: int, limit: int) -> None:
    log = ResultLog(in_memory=limit)
    expected = [_result(i) for i in range(n)]
    for r in expected:
        log.append(r)
    assert len(log) == n and bool(log) == (n > 0)
    assert list(log) == expected
    assert list(log) == expected  # read again: the spilled part too
    assert [log[i] for i in range(n)] == expected
    assert list(log[1:n:2]) == expected[1:n:2]
    if n:
        assert log[-1] == expected[-1]
    with pytest.raises(IndexError):
        log[n]
    log.close()


@pytest.mark.parametrize(("count", "era"), [(0, None), (37, None), (60, "modern"),
                                             (25, "invasion-2000")])
def test_a_work_list_plans_what_the_eager_plan_does(count: int, era: str | None) -> None:
    spec = default_spec()
    info = ReferenceAdapter().info()
    eager = plan(load_generated(count=count, seed=9, era=era, spec=spec).cases, info, era=era,
                 skip=["gen.token-*"])
    lazy = WorkList([], info, spec=spec, generated=count, seed=9, era=era,
                    skip=["gen.token-*"])
    assert len(lazy) == len(eager) == generated_item_count(count=count, era=era)
    assert [(i.case.id, i.era, i.verdict) for i in lazy] == [
        (i.case.id, i.era, i.verdict) for i in eager]
    assert lazy.errors == []


def _rows(path: Path) -> list[tuple[str, str, str, str]]:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return [(r["case"], r["era"], r["result"], r.get("case_text", "")) for r in rows
            if "result" in r]


def test_a_lazy_run_reports_what_an_eager_run_reports(tmp_path: Path) -> None:
    """``--shard 1/1`` takes the eager path (a shard needs the whole plan); the plain run is
    lazy. A wrong engine makes generated cases fail, so their TOML text is in the report."""
    mutant = "conformance.differential.mutants:SplitOneHalf"
    args = ["run", "-q", "--no-progress", "--adapter", mutant, "spec/cases/mana",
            "--generated", "80"]
    assert main([*args, "--report", str(tmp_path / "lazy.jsonl")]) == 1
    assert main([*args, "--shard", "1/1", "--report", str(tmp_path / "eager.jsonl")]) == 1
    lazy, eager = _rows(tmp_path / "lazy.jsonl"), _rows(tmp_path / "eager.jsonl")
    assert lazy == eager
    failed_generated = [r for r in lazy if r[0].startswith("gen.") and r[2] == "failed"]
    assert failed_generated and all(r[3].startswith("id = ") for r in failed_generated)


def test_the_reference_adapter_keeps_a_bounded_number_of_parsed_cards(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Generated cases bring cards of their own; the adapter keeps only the newest parsed
    ones, and a card parsed again after it was dropped plays the same."""
    from conformance.adapter import StartRequest
    from conformance.adapters import reference

    monkeypatch.setattr(reference, "CARD_CACHE", 3)
    adapter = reference.ReferenceAdapter()
    for i in [0, 1, 2, 3, 4, 0]:
        card = {"name": f"Probe {i}", "mana_cost": "{G}" * (i + 1), "types": ["Creature"],
                "power": 1, "toughness": 1}
        session = adapter.start(StartRequest(
            case="c", era="modern", cards={card["name"]: card},
            setup={"objects": [{"handle": "x", "card": card["name"], "zone": "hand"}]}))
        assert session.observe({"query": "mana_value", "object": "x"}) == i + 1
        session.close()
        assert len(adapter._cards) <= 3
