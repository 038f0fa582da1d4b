"""Mana costs: parsing, canonical text, colors and mana value (CR 105.2, 107.4, 202.2-202.3)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generators import mana_costs
from reference_engine import ManaCostError, parse_mana_cost
from reference_engine.core.symbols import colors_in_order

LETTERS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def independent_mana_value(text: str) -> int:
    """CR 202.3: generic counts its number, hybrid its largest part, every other symbol 1."""
    total = 0
    for sym in re.findall(r"\{([^}]+)\}", text):
        if sym.isdigit():
            total += int(sym)
        elif sym == "X":
            total += 0
        elif sym.startswith("2/"):
            total += 2
        else:
            total += 1
    return total


@given(mana_costs(x=True))
def test_text_form_round_trips(text: str) -> None:
    cost = parse_mana_cost(text)
    assert str(cost) == text
    assert parse_mana_cost(str(cost)) == cost


@given(mana_costs(x=True))
def test_colors_are_the_colors_of_the_symbols(text: str) -> None:
    expected = {LETTERS[c] for c in re.findall(r"[WUBRG]", text)}
    assert set(colors_in_order(parse_mana_cost(text).colors)) == expected


@given(mana_costs(x=True))
def test_mana_value_follows_202_3(text: str) -> None:
    assert parse_mana_cost(text).mana_value() == independent_mana_value(text)


@given(mana_costs(), st.integers(0, 20))
def test_x_counts_only_when_given(text: str, x: int) -> None:
    cost = parse_mana_cost("{X}" + text)
    assert cost.mana_value(x) == cost.mana_value() + x


def test_colors_are_listed_in_wubrg_order() -> None:
    assert colors_in_order(parse_mana_cost("{G}{R}{U}{W}{B}").colors) == [
        "white", "blue", "black", "red", "green"]


@pytest.mark.parametrize(("text", "message"), [
    ("{Q}", "unknown mana symbol {Q} in mana cost '{Q}'"),
    ("2{R}", "unexpected '2' in mana cost '2{R}'"),
    ("{R}x", "unexpected 'x' in mana cost '{R}x'"),
])
def test_bad_costs_are_named(text: str, message: str) -> None:
    with pytest.raises(ManaCostError) as info:
        parse_mana_cost(text)
    assert str(info.value) == message


@pytest.mark.parametrize(("text", "value"), [
    ("{2}{W}{U}", 4), ("{G/W}", 1), ("{2/W}{2/W}", 4), ("{W/P}", 1), ("{X}{U}", 1),
    ("{3}{C}{C}{C}", 6), ("", 0),
])
def test_known_mana_values(text: str, value: int) -> None:
    assert parse_mana_cost(text).mana_value() == value
