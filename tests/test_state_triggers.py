"""State triggers (CR 603.8), the game-loss trigger (603.9, 603.10f), prohibitions on
activating abilities (602.5, 603.2a) and reflexive triggers (603.12), as properties over the
number of permanents, the threshold of the state and the amount, each against a restatement
of the rule."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from reference_engine import RulesViolation
from tests.helpers import game, observe


def _watcher(at_most: int) -> dict[str, Any]:
    """"When you control N or fewer Islands, you gain 1 life": a state trigger whose effect
    leaves the state as it was, so it triggers again each time it has left the stack."""
    return {"name": "Watcher", "mana_cost": "{U}", "types": ["Creature"], "power": 1,
            "toughness": 1, "abilities": [{
                "kind": "triggered",
                "trigger": {"event": "state", "condition": {"count": {
                    "filter": {"subtype": "Island", "controller": "you"},
                    "at_most": at_most}}},
                "effects": [{"type": "gain_life", "target": "controller", "amount": 1}]}]}


def _watcher_abilities(g: Any) -> int:
    return sum(1 for name in observe(g, "stack") if name == "ability of Watcher")


@given(st.integers(1, 4), st.integers(0, 3), st.integers(1, 4))
def test_state_trigger_triggers_once_while_the_state_holds(islands: int, at_most: int,
                                                           destroyed: int) -> None:
    destroyed = min(destroyed, islands)
    objects = [{"handle": "watcher", "card": "Watcher", "owner": "alice"}]
    objects += [{"handle": f"i{n}", "card": "Island", "owner": "alice"}
                for n in range(islands)]
    objects += [{"handle": f"m{n}", "card": "Strip Mine", "owner": "bob"}
                for n in range(destroyed)]
    g = game({"active": "bob", "objects": objects}, cards=[_watcher(at_most)])
    # Before anything happens the state may already hold; it triggers when a player would
    # next receive priority (603.3), i.e. once bob activates and gets priority back.
    for n in range(destroyed):
        g.perform({"type": "activate", "player": "bob", "object": f"m{n}", "ability": 1,
                   "targets": [f"i{n}"]})
        assert _watcher_abilities(g) == (1 if islands - n <= at_most else 0)
        while observe(g, "stack")[-1:] != ["ability of Watcher"] and observe(g, "stack"):
            g.perform({"type": "resolve"})
        remaining = islands - n - 1
        assert _watcher_abilities(g) == (1 if remaining <= at_most else 0)
    if islands - destroyed <= at_most:
        life = observe(g, "life", player="alice")
        g.perform({"type": "resolve"})
        # It has left the stack and the state still holds: it triggers again (603.8).
        assert observe(g, "life", player="alice") == life + 1
        assert _watcher_abilities(g) == 1


@given(st.integers(3, 5), st.integers(0, 2))
def test_game_loss_trigger_counts_each_loss(players: int, conceding: int) -> None:
    names = ["alice", "bob", "carol", "dave", "erin"][:players]
    conceding = min(conceding, players - 2)  # at least two players stay: the game goes on
    g = game({"players": names, "objects": [
        {"handle": "tyrant", "card": "Blood Tyrant", "owner": "alice"}]})
    for who in names[players - conceding:]:
        g.perform({"type": "concede", "player": who})
        g.perform({"type": "pass_priority", "player": "alice"})
        g.perform({"type": "resolve"})
    assert observe(g, "power", object="tyrant") == 5 + 5 * conceding


@given(st.sampled_from(["you", "opponent"]), st.sampled_from(["alice", "bob"]))
def test_prohibition_follows_its_filter(whose: str, owner: str) -> None:
    totem = {"name": "Selective Totem", "mana_cost": "{2}", "types": ["Artifact"],
             "abilities": [{"kind": "static", "rule": "cant_be_activated",
                            "filter": {"type": "Creature", "controller": whose}}]}
    g = game({"active": owner, "objects": [
        {"handle": "totem", "card": "Selective Totem", "owner": "alice"},
        {"handle": "elves", "card": "Llanowar Elves", "owner": owner},
        {"handle": "forest", "card": "Forest", "owner": owner}]}, cards=[totem])
    forbidden = (owner == "alice") == (whose == "you")
    try:
        g.perform({"type": "activate", "player": owner, "object": "elves"})
        refused = False
    except RulesViolation as err:
        assert err.failure == "illegal-action"
        refused = True
    assert refused == forbidden
    g.perform({"type": "activate", "player": owner, "object": "forest"})  # not a creature


@given(st.integers(0, 7), st.booleans())
def test_reflexive_trigger_deals_the_sacrificed_power(power: int, accept: bool) -> None:
    """603.12: Heart-Piercer Manticore's "when you do" triggers only if the creature was
    sacrificed, and deals damage equal to its power as it last existed (608.2h)."""
    victim = {"name": "Victim", "mana_cost": "{1}", "types": ["Creature"], "power": power,
              "toughness": 1}
    g = game({"mana_pool": {"alice": "{C}{C}{R}{R}"}, "objects": [
        {"handle": "manticore", "card": "Heart-Piercer Manticore", "zone": "hand",
         "owner": "alice"},
        {"handle": "victim", "card": "Victim", "owner": "alice"}]}, cards=[victim])
    g.perform({"type": "cast", "player": "alice", "object": "manticore"})
    g.perform({"type": "resolve"})
    g.perform({"type": "resolve", "choices": {"may": accept, "sacrifice": "victim",
                                              "trigger_targets": {"manticore": "bob"}}})
    assert observe(g, "stack") == (["ability of Heart-Piercer Manticore"] if accept else [])
    if accept:
        g.perform({"type": "resolve"})
    assert observe(g, "life", player="bob") == 20 - (power if accept else 0)
    assert observe(g, "zone", object="victim") == ("graveyard" if accept else "battlefield")
