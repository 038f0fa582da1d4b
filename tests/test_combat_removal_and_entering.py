"""Combat and damage: loyalty and defense on entering (CR 306.5b, 310.4b),
removing creatures from combat (506.4) and what a blocker whose attacker left combat deals
(510.1d)."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import game, observe


def _walker(loyalty: int) -> dict[str, Any]:
    return {"name": "Test Walker", "mana_cost": "{3}", "types": ["Planeswalker"],
            "subtypes": ["Test"], "loyalty": loyalty, "oracle_text": ""}


@given(st.integers(min_value=1, max_value=12))
def test_a_planeswalker_enters_with_its_printed_loyalty(loyalty: int) -> None:
    g = game({"active": "alice", "objects": [
        {"handle": "w", "card": "Test Walker", "zone": "hand"}]}, cards=[_walker(loyalty)])
    g.perform({"type": "put_onto_battlefield", "object": "w"})
    assert observe(g, "counters", object="w") == {"loyalty": loyalty}
    assert observe(g, "zone", object="w") == "battlefield"


def test_a_battle_enters_with_its_printed_defense() -> None:
    g = game({"active": "alice", "objects": [
        {"handle": "siege", "card": "Invasion of Ravnica // Guildpact Paragon", "zone": "hand"}]})
    g.perform({"type": "put_onto_battlefield", "object": "siege"})
    assert observe(g, "counters", object="siege") == {"defense": 4}


def test_setup_counters_are_kept_as_given() -> None:
    g = game({"active": "alice", "objects": [
        {"handle": "jace", "card": "Jace Beleren", "zone": "battlefield", "owner": "bob",
         "counters": {"loyalty": 5}}]})
    assert observe(g, "counters", object="jace") == {"loyalty": 5}


_REMOVER = {"name": "Test Sidestep", "mana_cost": "{0}", "types": ["Instant"],
            "oracle_text": "Remove target creature from combat.",
            "abilities": [{"kind": "spell", "targets": [{"name": "t", "kind": "creature"}],
                           "effects": [{"type": "remove_from_combat", "target": "t"}]}]}

_STEAL = {"name": "Test Borrow", "mana_cost": "{0}", "types": ["Instant"],
          "oracle_text": "Gain control of target creature until end of turn.",
          "abilities": [{"kind": "spell", "targets": [{"name": "t", "kind": "creature"}],
                         "effects": [{"type": "gain_control", "target": "t"}]}]}


def _blocked_giant(extra: list[dict[str, Any]]) -> Any:
    g = game({"active": "alice", "objects": [
        {"handle": "giant", "card": "Hill Giant", "zone": "battlefield"},
        {"handle": "bears", "card": "Grizzly Bears", "zone": "battlefield", "owner": "bob"},
        *extra]}, cards=[_REMOVER, _STEAL])
    g.perform({"type": "declare_attackers", "player": "alice", "attackers": ["giant"]})
    g.perform({"type": "declare_blockers", "player": "bob", "blockers": {"bears": "giant"}})
    return g


def test_a_blocker_removed_from_combat_deals_and_takes_nothing() -> None:
    g = _blocked_giant([{"handle": "side", "card": "Test Sidestep", "zone": "hand"}])
    g.perform({"type": "cast", "player": "alice", "object": "side", "targets": ["bears"]})
    g.perform({"type": "resolve"})
    assert observe(g, "blocking", object="bears") is None
    assert observe(g, "is_blocked", object="giant") is True  # 509.1h
    assert observe(g, "blockers", object="giant") == []
    g.perform({"type": "advance", "to": "end-of-combat"})
    assert observe(g, "damage_events", combat=True) == []
    assert observe(g, "life", player="bob") == 20  # no trample: a blocked creature


def test_an_attacker_removed_from_combat_takes_no_damage_from_its_blocker() -> None:
    g = _blocked_giant([{"handle": "side", "card": "Test Sidestep", "zone": "hand"}])
    g.perform({"type": "cast", "player": "alice", "object": "side", "targets": ["giant"]})
    g.perform({"type": "resolve"})
    assert observe(g, "attackers") == []
    g.perform({"type": "advance", "to": "end-of-combat"})
    assert observe(g, "damage_events", combat=True) == []


def test_an_attacker_that_changed_control_takes_no_damage_from_its_blocker() -> None:
    # 506.4: a creature that comes under another player's control leaves combat; the Bears
    # then block no creature in combat (510.1d).
    g = _blocked_giant([{"handle": "borrow", "card": "Test Borrow", "zone": "hand",
                         "owner": "bob"}])
    g.perform({"type": "pass_priority", "player": "alice"})
    g.perform({"type": "cast", "player": "bob", "object": "borrow", "targets": ["giant"]})
    g.perform({"type": "resolve"})
    assert observe(g, "controller", object="giant") == "bob"
    assert observe(g, "attackers") == []
    g.perform({"type": "advance", "to": "end-of-combat"})
    assert observe(g, "damage_events", combat=True) == []
    assert observe(g, "zone", object="giant") == "battlefield"
