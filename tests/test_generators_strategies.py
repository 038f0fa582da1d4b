"""Strategies: valid card data by construction, validated arguments, a matching ``__all__``."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given

import generators
from conformance.spec.schema import validator
from generators import strategies
from generators.rules import color_identity, colors_of_cost, mana_value_of_cost


def test_public_namespace_matches_all() -> None:
    public = {n for n in dir(strategies) if not n.startswith("_")}
    assert set(strategies.__all__) <= public
    exported = {n for n, v in vars(generators).items()
                if not n.startswith("_") and not isinstance(v, type(generators))
                and n != "annotations"}
    assert set(generators.__all__) == exported


@pytest.mark.parametrize("make", [strategies.normal_cards, strategies.split_cards,
                                  strategies.dfc_cards, strategies.kindred_cards,
                                  strategies.land_cards])
def test_cards_are_valid_card_data(make: Any) -> None:
    card_validator = validator("card")

    @given(make())
    def check(card: dict[str, Any]) -> None:
        errors = list(card_validator.iter_errors(card))
        assert not errors, (card, [e.message for e in errors])

    check()


@given(strategies.game_states())
def test_game_states_name_their_cards(state: dict[str, Any]) -> None:
    names = {c["name"] for c in state["cards"]}
    for obj in state["setup"]["objects"]:
        assert obj["card"] in names


@pytest.mark.parametrize(("call", "message"), [
    (lambda: strategies.mana_costs(max_generic=-1), "max_generic=-1 must be an integer"),
    (lambda: strategies.colors(min_size=6), "min_size=6 must be an integer from 0 to 5"),
    (lambda: strategies.game_states(max_objects=0), "max_objects=0 must be an integer"),
    (lambda: strategies.normal_cards(card_types=()), "card_types=() must be a non-empty"),
])
def test_bad_arguments_are_named(call: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        call()


@pytest.mark.parametrize(("cost", "mv", "colors"), [
    ("{0}", 0, []), ("{X}{R}", 1, ["red"]), ("{2/W}{2/W}", 4, ["white"]),
    ("{W/U}{B}", 2, ["white", "blue", "black"]), ("{C}{3}", 4, []),
    ("{G}{W}{U}", 3, ["white", "blue", "green"]), ("{12}", 12, []),
])
def test_oracle_restates_mana_value_and_color(cost: str, mv: int, colors: list[str]) -> None:
    assert mana_value_of_cost(cost) == mv
    assert colors_of_cost(cost) == colors


def test_oracle_color_identity_reads_text_and_indicators() -> None:
    card = {"faces": [{"mana_cost": "{1}{U}", "oracle_text": "{B}, {T}: Draw a card."},
                      {"color_indicator": ["red"]}]}
    assert color_identity(card) == ["blue", "black", "red"]
