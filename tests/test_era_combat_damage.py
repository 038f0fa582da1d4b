"""The era switch ``combat_damage``: Sixth Edition combat damage on the stack (invasion-2000)
against combat damage dealt as the step begins (modern, CR 510.2), each property restated in a
line or two rather than computed by the engine."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reference_engine import Game, RulesViolation
from reference_engine.core.eras import SWITCHES

from .helpers import eras, game, observe

ERAS = ["invasion-2000", "modern"]


def _creature(name: str, power: int, toughness: int, *keywords: str) -> dict[str, Any]:
    return {"name": name, "types": ["Creature"], "subtypes": ["Test"], "power": power,
            "toughness": toughness,
            "abilities": [{"kind": "keyword", "keyword": k} for k in keywords]}


def _instant(name: str, effect: dict[str, Any]) -> dict[str, Any]:
    """A free instant with one target creature slot ``t`` (mana cost {0})."""
    return {"name": name, "types": ["Instant"], "mana_cost": "{0}",
            "abilities": [{"kind": "spell", "targets": [{"name": "t", "kind": "creature"}],
                           "effects": [{**effect, "target": "t"}]}]}


def _pump(n: int) -> dict[str, Any]:
    return _instant(f"Pump {n}", {"type": "continuous",
                                  "op": {"type": "modify_pt", "power": n, "toughness": 0}})


BOUNCE = _instant("Bounce", {"type": "return_to_hand"})


def _obj(handle: str, card: str, owner: str = "alice", zone: str = "battlefield"
         ) -> dict[str, Any]:
    return {"handle": handle, "card": card, "zone": zone, "owner": owner}


def _to_combat_damage_step(g: Game, attackers: list[str],
                           blocks: dict[str, str] | None = None) -> None:
    """Declare attackers and blockers, then both players pass into the combat damage step."""
    g.perform({"type": "declare_attackers", "player": "alice", "attackers": attackers})
    g.perform({"type": "declare_blockers", "player": "bob", "blockers": blocks or {}})
    g.perform({"type": "pass_priority", "player": "alice"})
    g.perform({"type": "pass_priority", "player": "bob"})
    assert observe(g, "step") == "combat-damage"


def _cast(g: Game, handle: str, target: str) -> None:
    g.perform({"type": "cast", "player": "alice", "object": handle, "targets": [target]})
    g.perform({"type": "resolve"})


def test_every_era_sets_the_switch() -> None:
    """Both eras set ``combat_damage`` to one of its values; only invasion-2000 uses the
    stack."""
    assert SWITCHES["combat_damage"] == ("on-stack", "immediate")
    assert eras()["invasion-2000"].switch("combat_damage") == "on-stack"
    assert eras()["modern"].switch("combat_damage") == "immediate"


@settings(max_examples=30, deadline=None)
@given(power=st.integers(0, 12), before=st.integers(0, 5), after=st.integers(0, 5),
       era=st.sampled_from(ERAS))
def test_damage_is_the_power_at_assignment(power: int, before: int, after: int,
                                           era: str) -> None:
    """Restated: in both eras an unblocked attacker assigns its power as the combat damage
    step begins (a pump resolved earlier counts); in invasion-2000 a pump cast while the
    damage is on the stack changes nothing; in modern the damage is already dealt by then."""
    g = game({"objects": [_obj("x", "Attacker"), _obj("early", "Pump A", zone="hand"),
                          _obj("late", "Pump B", zone="hand")]}, era=era,
             cards=[_creature("Attacker", power, 3), _pump(before) | {"name": "Pump A"},
                    _pump(after) | {"name": "Pump B"}])
    g.perform({"type": "declare_attackers", "player": "alice", "attackers": ["x"]})
    g.perform({"type": "declare_blockers", "player": "bob", "blockers": {}})
    _cast(g, "early", "x")
    g.perform({"type": "pass_priority", "player": "alice"})
    g.perform({"type": "pass_priority", "player": "bob"})
    at_step = power + before
    on_stack = era == "invasion-2000" and at_step > 0
    assert observe(g, "stack") == (["combat damage"] if on_stack else [])
    assert observe(g, "life", player="bob") == (20 if on_stack else 20 - at_step)
    g.perform({"type": "cast", "player": "alice", "object": "late", "targets": ["x"]})
    g.perform({"type": "resolve"})
    assert observe(g, "power", object="x") == power + before + after
    if on_stack:
        assert observe(g, "stack") == ["combat damage"]
        g.perform({"type": "resolve"})
    assert observe(g, "stack") == []
    assert observe(g, "life", player="bob") == 20 - at_step


@settings(max_examples=20, deadline=None)
@given(power=st.integers(1, 8), toughness=st.integers(1, 8))
def test_a_bounced_attacker_still_deals_its_damage_in_invasion(power: int,
                                                               toughness: int) -> None:
    """Invasion-2000: an attacker returned to hand with its damage on the stack still deals it
    to its blocker (last known information); the blocker's damage to it is dealt to nothing,
    as the card in hand is a new object (CR 400.7)."""
    g = game({"objects": [_obj("x", "Attacker"), _obj("wall", "Blocker", owner="bob"),
                          _obj("bounce", "Bounce", zone="hand")]}, era="invasion-2000",
             cards=[_creature("Attacker", power, 2), _creature("Blocker", 1, toughness),
                    BOUNCE])
    _to_combat_damage_step(g, ["x"], {"wall": "x"})
    _cast(g, "bounce", "x")
    assert observe(g, "zone", object="x") == "hand"
    g.perform({"type": "resolve"})
    dies = power >= toughness  # restated: 704.5g after the damage is marked
    assert observe(g, "zone", object="wall") == ("graveyard" if dies else "battlefield")
    if not dies:
        assert observe(g, "damage", object="wall") == power
    assert observe(g, "damage_events", combat=True) == [
        {"source": "x", "target": "wall", "amount": power, "combat": True}]


@pytest.mark.parametrize("era", ERAS)
def test_a_bounce_after_the_step_begins_never_stops_the_damage(
        era: str) -> None:
    """Bouncing an unblocked attacker once the combat damage step has begun never stops its
    damage: on the stack it is dealt anyway (invasion-2000), otherwise it was already dealt."""
    g = game({"objects": [_obj("x", "Attacker"), _obj("bounce", "Bounce", zone="hand")]},
             era=era, cards=[_creature("Attacker", 3, 3), BOUNCE])
    _to_combat_damage_step(g, ["x"])
    _cast(g, "bounce", "x")
    if era == "invasion-2000":
        assert observe(g, "life", player="bob") == 20
        g.perform({"type": "resolve"})
    assert observe(g, "life", player="bob") == 17


@pytest.mark.parametrize("keyword", ["first strike", "double strike"])
def test_one_combat_damage_object_per_combat_damage_step(keyword: str) -> None:
    """Invasion-2000 with first or double strike (510.4): each combat damage step puts its own
    damage on the stack; the second holds the regular (and double strike) damage."""
    g = game({"objects": [_obj("fast", "Fast"), _obj("slow", "Slow")]}, era="invasion-2000",
             cards=[_creature("Fast", 2, 2, keyword), _creature("Slow", 3, 3)])
    _to_combat_damage_step(g, ["fast", "slow"])
    assert observe(g, "stack") == ["combat damage"]
    g.perform({"type": "resolve"})
    assert observe(g, "life", player="bob") == 18
    g.perform({"type": "pass_priority", "player": "alice"})
    g.perform({"type": "pass_priority", "player": "bob"})
    assert observe(g, "step") == "combat-damage"
    assert observe(g, "stack") == ["combat damage"]
    g.perform({"type": "resolve"})
    second = 3 + (2 if keyword == "double strike" else 0)
    assert observe(g, "life", player="bob") == 18 - second


@pytest.mark.parametrize("era", ERAS)
def test_advance_passes_through_combat_damage_in_every_era(era: str) -> None:
    """``advance`` passes through combat damage on the stack, as players passing would: it
    ends with the damage dealt and the stack empty in both eras."""
    g = game({"objects": [_obj("x", "Attacker")]}, era=era,
             cards=[_creature("Attacker", 4, 4, "first strike")])
    g.perform({"type": "declare_attackers", "player": "alice", "attackers": ["x"]})
    g.perform({"type": "advance", "to": "combat-damage"})
    assert (observe(g, "stack"), observe(g, "life", player="bob")) == ([], 16)
    g.perform({"type": "advance", "to": "end-of-combat"})
    assert (observe(g, "stack"), observe(g, "life", player="bob")) == ([], 16)


def test_advance_is_rejected_with_a_spell_above_combat_damage() -> None:
    """A spell on the stack above the combat damage stops ``advance`` (illegal-action), and
    the rejected action changes nothing."""
    g = game({"objects": [_obj("x", "Attacker"), _obj("pump", "Pump 1", zone="hand")]},
             era="invasion-2000", cards=[_creature("Attacker", 2, 2), _pump(1)])
    _to_combat_damage_step(g, ["x"])
    g.perform({"type": "cast", "player": "alice", "object": "pump", "targets": ["x"]})
    with pytest.raises(RulesViolation) as info:
        g.perform({"type": "advance", "to": "end-of-combat"})
    assert info.value.failure == "illegal-action"
    assert observe(g, "stack") == ["combat damage", "Pump 1"]
    assert observe(g, "life", player="bob") == 20


def test_a_departed_source_deals_damage_with_its_last_known_information() -> None:
    """Invasion-2000: a bounced red lifelink attacker's damage on the stack is still red (a
    protection-from-red blocker prevents it, 702.16e) and still has lifelink for the player
    it hits (702.15b): last known information, CR 608.2h."""
    red = {**_creature("Red Link", 3, 3, "lifelink"), "color_indicator": ["red"]}
    warden = {**_creature("Warden", 1, 5),
              "abilities": [{"kind": "keyword", "keyword": "protection",
                             "from": {"color": "red"}}]}
    g = game({"objects": [_obj("a", "Red Link"), _obj("b", "Red Link"),
                          _obj("wall", "Warden", owner="bob"),
                          _obj("bounce", "Bounce", zone="hand"),
                          _obj("bounce2", "Bounce", zone="hand")]},
             era="invasion-2000", cards=[red, warden, BOUNCE])
    _to_combat_damage_step(g, ["a", "b"], {"wall": "a"})
    _cast(g, "bounce", "a")
    _cast(g, "bounce2", "b")
    g.perform({"type": "resolve"})
    assert observe(g, "damage", object="wall") == 0
    assert observe(g, "life", player="bob") == 17
    assert observe(g, "life", player="alice") == 23


@settings(max_examples=20, deadline=None)
@given(power=st.integers(1, 6), boost=st.integers(0, 6))
def test_toughness_raised_after_assignment_still_counts_in_invasion(power: int,
                                                                    boost: int) -> None:
    """Invasion-2000: damage is marked only as it resolves, so a toughness boost cast with the
    damage on the stack can save the blocked attacker; its own assigned damage is unchanged.
    Restated: it dies iff the blocker's power >= 2 + boost; the blocker is dealt 2."""
    g = game({"objects": [_obj("x", "Attacker"), _obj("wall", "Blocker", owner="bob"),
                          _obj("grow", "Grow", zone="hand")]}, era="invasion-2000",
             cards=[_creature("Attacker", 2, 2), _creature("Blocker", power, 9),
                    _instant("Grow", {"type": "continuous", "op": {
                        "type": "modify_pt", "power": boost, "toughness": boost}})])
    _to_combat_damage_step(g, ["x"], {"wall": "x"})
    _cast(g, "grow", "x")
    g.perform({"type": "resolve"})
    assert observe(g, "damage", object="wall") == 2
    dies = power >= 2 + boost
    assert observe(g, "zone", object="x") == ("graveyard" if dies else "battlefield")
