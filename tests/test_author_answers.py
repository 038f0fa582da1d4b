"""Answer shapes as data (issue 35): every query and action of the vocabulary has a schema in
spec/schema/answers.schema.json, every answer the reference engine gives to every case meets
it (shape, era, list and cost order), a wrong answer does not, and the guide's table is
generated from it."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conformance.adapter import StartRequest, Unsupported
from conformance.adapters.reference import ReferenceAdapter
from conformance.authoring.answers import (
    answer_problems,
    load_answers,
    oracle_color_order,
    oracle_order_problem,
    write_guide,
)
from conformance.running.runner import Runner
from conformance.spec.catalog import default_spec
from conformance.spec.loader import load_cases
from reference_engine.vocabulary import vocabulary


def test_every_query_and_action_has_a_schema() -> None:
    doc = load_answers()
    v = vocabulary()
    assert set(doc["queries"]) == set(v["queries"])
    assert set(doc["actions"]) == set(v["actions"])
    failures = doc["$defs"]["outcome"]["oneOf"][1]["properties"]["failure"]["enum"]
    assert set(failures) == set(default_spec().failures)


def _answers() -> list[tuple[str, str, str, Any, str]]:
    """(kind, name, era, value, case) for every step of every case on the reference engine."""
    spec = default_spec()
    adapter = ReferenceAdapter()
    runner = Runner(adapter, spec=spec)
    out: list[tuple[str, str, str, Any, str]] = []
    for case in load_cases(None, spec).cases:
        for era in case.eras:
            try:
                session = adapter.start(StartRequest(case=case.id, era=era, setup=case.setup,
                                                     cards=runner.cards_for(case)))
            except Unsupported:
                continue
            for step in case.steps:
                if step.kind == "observe":
                    out.append(("queries", str(step.body["query"]), era,
                                session.observe(step.body), case.id))
                else:
                    o = session.perform(step.body)
                    outcome = ({"status": "ok"} if o.ok else
                               {"status": "rejected", "failure": o.failure})
                    out.append(("actions", str(step.body["type"]), era, outcome, case.id))
    runner.close()
    return out


def test_every_answer_of_the_reference_engine_meets_its_schema() -> None:
    answers = _answers()
    assert len({name for kind, name, *_ in answers if kind == "queries"}) > 60
    problems = [f"{case} [{era}] {p}" for kind, name, era, value, case in answers
                for p in answer_problems(kind, name, value, era=era)]
    assert not problems, problems[:20]


@pytest.mark.parametrize(("kind", "name", "value", "era"), [
    ("queries", "colors", ["red", "white"], "modern"),
    ("queries", "colors", ["white", "white"], "modern"),
    ("queries", "mana_cost", "{G}{W}{1}", "modern"),
    ("queries", "mana_cost", "{2}{W}{B}{W}{G}", "modern"),
    ("queries", "mana_cost", ["{G}", "{W}"], "modern"),
    ("queries", "mana_value", [1, 1], "modern"),
    ("queries", "mana_value", "1", "invasion-2000"),
    ("queries", "keywords", ["haste", "flying"], "modern"),
    ("queries", "mana_pool", "{G}{W}", "modern"),
    ("queries", "could_produce", ["C", "G"], "modern"),
    ("queries", "power", "2", "modern"),
    ("actions", "cast", {"status": "rejected", "failure": "too-bad"}, "modern"),
])
def test_a_wrong_answer_is_named(kind: str, name: str, value: Any, era: str) -> None:
    assert answer_problems(kind, name, value, era=era)


def test_era_dependent_answers() -> None:
    assert not answer_problems("queries", "mana_value", [1, 1], era="invasion-2000")
    assert not answer_problems("queries", "mana_cost", ["{G}", "{W}"], era="invasion-2000")
    assert not answer_problems("queries", "mana_cost", "{2}{W}{W}{B}{G}", era="modern")


@pytest.mark.parametrize(("colors", "written"), [
    ("GW", "GW"), ("WU", "WU"), ("WB", "WB"), ("UR", "UR"), ("RW", "RW"), ("GU", "GU"),
    ("BG", "BG"), ("RGW", "RGW"), ("WUB", "WUB"), ("GWU", "GWU"), ("WBG", "WBG"),
    ("URW", "URW"), ("BGU", "BGU"), ("RWB", "RWB"), ("GUR", "GUR"), ("UBRG", "UBRG"),
    ("WUBRG", "WUBRG"), ("WBRG", "BRGW"),
])
def test_oracle_color_order(colors: str, written: str) -> None:
    order = oracle_color_order({"WUBRG".index(c) for c in colors})
    assert "".join("WUBRG"[i] for i in order) == written


@given(st.sets(st.integers(0, 4), min_size=1))
def test_oracle_order_is_a_rotation_or_a_wedge(colors: set[int]) -> None:
    order = oracle_color_order(colors)
    assert sorted(order) == sorted(colors)
    cost = "{X}{3}{C}" + "".join("{" + "WUBRG"[c] + "}" for c in order)
    assert oracle_order_problem(cost) is None
    if len(order) >= 2:
        swapped = order[1:] + order[:1] if len(order) > 2 else order[::-1]
        if swapped != order:
            bad = "{1}" + "".join("{" + "WUBRG"[c] + "}" for c in swapped)
            assert oracle_order_problem(bad) is not None


def test_the_guide_table_is_generated_from_the_schema() -> None:
    assert write_guide(check=True), "python -m conformance.authoring.answers --write"


def test_total_cost_order() -> None:
    assert not answer_problems("queries", "total_cost", "{1}{W}{R}", era="modern")
    assert not answer_problems("queries", "total_cost", "{R}{G}{R/G}{R/G}", era="modern")
    assert answer_problems("queries", "total_cost", "{R}{W}", era="modern")
    assert answer_problems("queries", "total_cost", "{X}{R}", era="modern")


def test_the_vocabulary_lists_filters_and_describes_every_argument() -> None:
    from reference_engine.layers import filters
    from reference_engine.vocabulary import FILTER_DOCS, filter_rows, text

    v = vocabulary()
    vague = [(t, n, p.name) for t in ("queries", "actions") for n, e in v[t].items()
             for p in e.params if "read by the handler" in p.doc]
    assert not vague
    assert {k for k, _, _ in filter_rows()} == set(filters.FILTER_KEYS)
    assert set(FILTER_DOCS) >= set(filters.FILTER_KEYS)
    rows = {k: era for k, _, era in filter_rows()}
    assert "either half" in rows["name"] and "whole split card" in rows["multicolored"]
    assert rows["controller"] == "the same"
    listing = text()
    assert "filters (a table whose keys must all hold" in listing
    assert "  matches\n" in listing
