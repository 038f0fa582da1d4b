"""Prevention shields and redirection (CR 615.5, 615.9, 615.11, 614.9): the reference engine
against a restatement of each rule, over random amounts."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import game, observe


def _burn(n: int) -> dict[str, object]:
    return {"name": f"Test Burn {n}", "types": ["Instant"], "mana_cost": "{R}", "abilities": [
        {"kind": "spell", "effects": [
            {"type": "damage", "target": {"each": {"type": "Creature"}}, "amount": n}]}]}


def _salve(n: int) -> dict[str, object]:
    return {"name": "Test Salve", "types": ["Instant"], "mana_cost": "{W}", "abilities": [
        {"kind": "spell", "effects": [
            {"type": "prevent_next_n", "amount": n,
             "affected": {"type": "Creature", "controller": "you"}}]}]}


def _wall(t: int) -> dict[str, object]:
    return {"name": "Test Wall", "types": ["Creature"], "mana_cost": "{W}", "power": 0,
            "toughness": t}


@settings(max_examples=10)
@given(st.integers(1, 4), st.integers(1, 6), st.integers(1, 8))
def test_untargeted_shields_go_to_the_creatures_there_now(n: int, dmg: int, t: int) -> None:
    """615.11 restated: each creature present gets an N shield; one arriving later gets none."""
    g = game({"mana_pool": {"alice": "{W}{W}{R}"}, "objects": [
        {"handle": "old", "card": "Test Wall", "zone": "battlefield", "owner": "alice"},
        {"handle": "new", "card": "Test Wall", "zone": "hand", "owner": "alice"},
        {"handle": "salve", "card": "Test Salve", "zone": "hand", "owner": "alice"},
        {"handle": "burn", "card": f"Test Burn {dmg}", "zone": "hand", "owner": "alice"}]},
        cards=[_salve(n), _burn(dmg), _wall(t)])
    for obj in ("salve", "new", "burn"):
        g.perform({"type": "cast", "player": "alice", "object": obj})
        g.perform({"type": "resolve"})
    old_damage = max(dmg - n, 0)
    assert observe(g, "zone", object="old") == (
        "battlefield" if old_damage < t else "graveyard")
    assert observe(g, "zone", object="new") == ("battlefield" if dmg < t else "graveyard")
    if old_damage < t:
        assert observe(g, "damage", object="old") == old_damage


@settings(max_examples=10)
@given(st.integers(0, 6), st.booleans())
def test_a_shield_that_gains_the_damage_prevented(dmg: int, gain: bool) -> None:
    """615.5 restated: all of the source's next damage is prevented; with the rider, its
    controller then gains that much life."""
    shot = {"name": "Test Shot", "types": ["Instant"], "mana_cost": "{R}", "abilities": [
        {"kind": "spell", "targets": [{"name": "t", "kind": "any"}],
         "effects": [{"type": "damage", "target": "t", "amount": dmg}]}]}
    reverse = {"name": "Test Reverse", "types": ["Instant"], "mana_cost": "{W}", "abilities": [
        {"kind": "spell", "effects": [{"type": "prevent_next", "gain_prevented": gain}]}]}
    g = game({"active": "bob", "mana_pool": {"bob": "{R}", "alice": "{W}"}, "objects": [
        {"handle": "shot", "card": "Test Shot", "zone": "hand", "owner": "bob"},
        {"handle": "rev", "card": "Test Reverse", "zone": "hand", "owner": "alice"}]},
        cards=[shot, reverse])
    g.perform({"type": "cast", "player": "bob", "object": "shot", "targets": ["alice"]})
    g.perform({"type": "pass_priority", "player": "bob"})
    g.perform({"type": "cast", "player": "alice", "object": "rev"})
    g.perform({"type": "resolve", "choices": {"source": "shot"}})
    g.perform({"type": "resolve"})
    assert observe(g, "life", player="alice") == 20 + (dmg if gain else 0)


@settings(max_examples=10)
@given(st.integers(1, 6), st.integers(1, 6))
def test_redirected_damage_goes_to_the_enchanted_creature(dmg: int, t: int) -> None:
    """614.9 restated: the player takes none; the creature takes all of it."""
    aura = {"name": "Test Pariah", "types": ["Enchantment"], "subtypes": ["Aura"],
            "mana_cost": "{W}", "abilities": [
                {"kind": "keyword", "keyword": "enchant", "filter": {"type": "Creature"}},
                {"kind": "replacement", "event": "damage", "recipient": "you",
                 "modify": {"redirect": "enchanted"}}]}
    shot = {"name": "Test Shot", "types": ["Instant"], "mana_cost": "{R}", "abilities": [
        {"kind": "spell", "targets": [{"name": "t", "kind": "any"}],
         "effects": [{"type": "damage", "target": "t", "amount": dmg}]}]}
    g = game({"mana_pool": {"alice": "{R}"}, "objects": [
        {"handle": "wall", "card": "Test Wall", "zone": "battlefield", "owner": "bob"},
        {"handle": "pariah", "card": "Test Pariah", "zone": "battlefield", "owner": "bob",
         "attached_to": "wall"},
        {"handle": "shot", "card": "Test Shot", "zone": "hand", "owner": "alice"}]},
        cards=[aura, shot, _wall(t)])
    g.perform({"type": "cast", "player": "alice", "object": "shot", "targets": ["bob"]})
    g.perform({"type": "resolve"})
    assert observe(g, "life", player="bob") == 20
    assert observe(g, "zone", object="wall") == ("graveyard" if dmg >= t else "battlefield")
