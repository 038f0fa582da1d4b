"""The layer pass starts from memoised printed characteristics (issue 21): each pass gets a
copy equal to computing them anew, and what one pass changes never reaches another."""

from __future__ import annotations

from typing import Any

from conformance.spec.catalog import default_spec
from reference_engine import parse_card
from reference_engine.core.characteristics import printed_characteristics
from reference_engine.core.objects import ZONES, GameObject
from reference_engine.layers import system
from tests.helpers import eras, game

SPEC = default_spec()
CARDS = [parse_card(data) for data in SPEC.cards.values()]


def _objects() -> list[GameObject]:
    out = []
    for k, card in enumerate(CARDS):
        for zone in ZONES:
            for transformed in (False, True):
                halves: list[int | None] = [None, *range(len(card.faces))] if card.is_split \
                    else [None]
                for half in halves:
                    out.append(GameObject(id=k, card=card, owner="alice", controller="alice",
                                          zone=zone, timestamp=1, transformed=transformed,
                                          cast_half=half))
    return out


def test_memoised_printed_characteristics_equal_fresh_ones() -> None:
    state: Any = game({}).state
    for era in eras().values():
        state.era = era
        for obj in _objects():
            for _ in range(2):  # computed, then from the memo
                assert system._printed(state, obj) == printed_characteristics(
                    obj.card, zone=obj.zone, transformed=obj.transformed,
                    cast_half=obj.cast_half, era=era)


def test_changing_a_copy_changes_no_other() -> None:
    state: Any = game({}).state
    split = next(c for c in CARDS if c.is_split)
    obj = GameObject(id=1, card=split, owner="alice", controller="alice", zone="hand",
                     timestamp=1)
    first = system._printed(state, obj)
    first.types = ("Land",)
    for ability in first.abilities:
        ability["changed"] = True
    for half in first.halves:
        half.power = 99
    again = system._printed(state, obj)
    assert again == printed_characteristics(split, zone="hand", transformed=False,
                                            cast_half=None, era=state.era)
    assert again.abilities is not first.abilities and again.halves is not first.halves
