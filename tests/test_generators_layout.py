"""Generated cases load without their TOML text (issue 21), and nothing about them changes.

``toml_layout(case)`` must be exactly what reading ``case_text(case)`` back gives, key order
included (engines and reports see dicts in that order); loading from it must give the very case
and errors that loading the text gives; and the text stays available, byte for byte.
"""

from __future__ import annotations

import json
from functools import partial
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conformance.spec.catalog import default_spec
from conformance.spec.loader import load_case_data, load_case_text
from conformance.spec.tomlio import TOMLDecodeError, loads
from generators.emit import case_text, generate_cases, generated_text, load_generated
from generators.family import FAMILIES
from generators.tomlcase import toml_layout
from tests.test_faults_loader import mutated_cases, toml_values

SPEC = default_spec()


def ordered(value: Any) -> str:
    """Text that differs when values or the order of keys differ."""
    return json.dumps(value, ensure_ascii=False)


def test_the_layout_is_the_text_read_back_for_every_family() -> None:
    for seed in (1, 20001002):
        for data in generate_cases(seed=seed, count=5 * len(FAMILIES)):
            layout = toml_layout(data)
            assert layout is not None
            assert ordered(layout) == ordered(loads(case_text(data)))


def test_loading_from_the_layout_gives_what_loading_the_text_gives() -> None:
    for data in generate_cases(seed=11, count=4 * len(FAMILIES)):
        layout = toml_layout(data)
        assert layout is not None
        text = case_text(data)
        fast = load_case_data(layout, partial(str, text), SPEC, display="<gen>")
        slow = load_case_text(text, SPEC, display="<gen>")
        assert fast == slow and fast[0] is not None
        assert ordered(fast[0].data) == ordered(slow[0].data)  # type: ignore[union-attr]


def test_a_loaded_generated_case_gives_back_its_emitted_text() -> None:
    datas = list(generate_cases(seed=5, count=3 * len(FAMILIES)))
    loaded = load_generated(count=len(datas), seed=5, spec=SPEC)
    assert loaded.errors == [] and len(loaded.cases) == len(datas)
    for case, data in zip(loaded.cases, datas, strict=True):
        assert generated_text(case) == case_text(data)


def test_a_case_with_problems_is_explained_from_its_text() -> None:
    data = next(generate_cases(seed=2, count=1))
    data["setup"]["objects"][0]["card"] = "No Such Card Anywhere"
    layout = toml_layout(data)
    assert layout is not None
    calls: list[str] = []

    def text() -> str:
        calls.append("text")
        return case_text(data)

    case, errors = load_case_data(layout, text, SPEC, display="<gen>")
    assert case is None and calls == ["text"]
    assert errors == load_case_text(case_text(data), SPEC, display="<gen>")[1]
    assert errors[0].code == "unknown-card" and errors[0].line is not None


@pytest.mark.parametrize("value", [None, float("nan"), "a\x7fb", "\ud800", {1: 2}, object()])
def test_values_the_layout_cannot_vouch_for_fall_back_to_text(value: Any) -> None:
    data = next(generate_cases(seed=3, count=1))
    data["steps"][-1]["note"] = value
    assert toml_layout(data) is None


generated = st.builds(lambda seed, i: list(generate_cases(seed=seed, count=i + 1))[-1],
                      st.integers(0, 10**6), st.integers(0, len(FAMILIES) - 1))


@st.composite
def odd_cases(draw: st.DrawFn) -> dict[str, Any]:
    """A generated or spec case with a few values replaced by arbitrary TOML-ish ones."""
    data: dict[str, Any] = draw(st.one_of(generated, mutated_cases()))
    for _ in range(draw(st.integers(0, 3))):
        where = draw(st.sampled_from(["top", "setup", "step", "object"]))
        table: Any = data
        if where != "top":
            table = data.get("setup", {}) if where in ("setup", "object") else data
            # An earlier replacement may have made "steps" or "objects" any value at all.
            if where == "step" and isinstance(data.get("steps"), list) and data["steps"]:
                table = data["steps"][draw(st.integers(0, len(data["steps"]) - 1))]
            if (where == "object" and isinstance(table, dict)
                    and isinstance(table.get("objects"), list) and table["objects"]):
                table = table["objects"][0]
        if isinstance(table, dict):
            key = draw(st.sampled_from(["title", "note", "expect", "zone", "x", "objects",
                                        "cards", "steps", "faces", "effects", "setup"]))
            table[key] = draw(toml_values)
    return data


@settings(max_examples=150)
@given(data=odd_cases())
def test_whenever_the_layout_answers_it_is_the_text_read_back(data: dict[str, Any]) -> None:
    layout = toml_layout(data)
    if layout is None:
        return
    text = case_text(data)  # the layout vouched for it: the text can be written ...
    try:
        back = loads(text)
    except TOMLDecodeError:
        raise AssertionError(f"the layout vouched for text TOML refuses:\n{text}") from None
    assert ordered(layout) == ordered(back)  # ... and reads back to the layout
    fast = load_case_data(layout, lambda: text, SPEC, display="<gen>")
    assert fast == load_case_text(text, SPEC, display="<gen>")
