"""Mana pools and layer dependencies: era switch ``mana_pool`` (mana burn under the Sixth Edition
rules, pools emptying every step since Magic 2010, CR 106.4) and dependency order recomputed
after each layer-4 effect applies (CR 613.8c)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from reference_engine.core.eras import SWITCHES
from reference_engine.core.state import STEPS
from reference_engine.turn.pool_emptying import PHASE_LAST_STEPS

from .helpers import game, observe


def _obj(handle: str, card: str, owner: str = "alice", **extra: Any) -> dict[str, Any]:
    return {"handle": handle, "card": card, "zone": "battlefield", "owner": owner, **extra}


def test_switch_values() -> None:
    assert SWITCHES["mana_pool"] == ("phase-with-burn", "step")


def test_every_phase_ends_with_one_listed_step() -> None:
    # CR 500.1: five phases; cleanup, draw and end of combat close three of them.
    assert set(STEPS) >= PHASE_LAST_STEPS
    assert len(PHASE_LAST_STEPS) == 5


@settings(max_examples=10, deadline=None)
@given(amount=st.integers(min_value=1, max_value=6))
def test_mana_burn_equals_mana_lost_at_phase_end(amount: int) -> None:
    g = game({"step": "precombat-main", "mana_pool": {"alice": "{R}" * amount, "bob": "{G}"}},
             era="invasion-2000")
    g.perform({"type": "advance", "to": "beginning-of-combat"})
    assert observe(g, "life", player="alice") == 20 - amount
    assert observe(g, "life", player="bob") == 19
    assert observe(g, "mana_pool", player="alice") == ""


def test_mana_kept_between_steps_of_one_phase_invasion() -> None:
    g = game({"step": "beginning-of-combat", "mana_pool": {"alice": "{U}{U}"}},
             era="invasion-2000")
    g.perform({"type": "advance", "to": "declare-attackers"})
    assert observe(g, "mana_pool", player="alice") == "{U}{U}"
    assert observe(g, "life", player="alice") == 20


def test_modern_pool_empties_each_step_without_burn() -> None:
    g = game({"step": "beginning-of-combat", "mana_pool": {"alice": "{U}{U}"}})
    g.perform({"type": "advance", "to": "declare-attackers"})
    assert observe(g, "mana_pool", player="alice") == ""
    assert observe(g, "life", player="alice") == 20


def test_song_of_the_dryads_on_blood_moon_turns_it_off() -> None:
    # 613.8a/c: once Song's type change makes Blood Moon a land, Song's land-type change would
    # remove Blood Moon's ability, so Blood Moon's effect waits for it and then doesn't exist.
    g = game({"objects": [_obj("bayou", "Bayou"), _obj("moon", "Blood Moon", "bob"),
                          _obj("song", "Song of the Dryads", attached_to="moon")]})
    assert observe(g, "land_types", object="bayou") == ["Swamp", "Forest"]
    assert observe(g, "land_types", object="moon") == ["Forest"]


def test_blood_moon_without_song_still_applies() -> None:
    g = game({"objects": [_obj("bayou", "Bayou"), _obj("moon", "Blood Moon", "bob"),
                          _obj("song", "Song of the Dryads", attached_to="bayou")]})
    assert observe(g, "land_types", object="bayou") == ["Forest"]
