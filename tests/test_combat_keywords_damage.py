"""Combat and damage on the reference engine: rules the first implementation got wrong
or lacked, each checked against a few-line restatement of the rule (CR 508.1d, 509.1b-c,
510.1e, 603.2, 615-616, 702.13/19/28/36/118, 704.5h)."""

from __future__ import annotations

from itertools import product
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reference_engine import Game, RulesViolation

from .helpers import game, observe


def _obj(handle: str, card: str, owner: str = "alice", **status: Any) -> dict[str, Any]:
    return {"handle": handle, "card": card, "zone": "battlefield", "owner": owner, **status}


def _creature(name: str, power: int, toughness: int, *, colors: list[str] | None = None,
              keywords: tuple[str, ...] = (), types: tuple[str, ...] = ("Creature",),
              abilities: tuple[dict[str, Any], ...] = ()) -> dict[str, Any]:
    return {"name": name, "types": list(types), "subtypes": ["Test"], "power": power,
            "toughness": toughness, "color_indicator": colors or [],
            "abilities": [{"kind": "keyword", "keyword": k} for k in keywords] + list(abilities)}


def _attack(g: Game, *handles: str) -> None:
    g.perform({"type": "declare_attackers", "player": "alice", "attackers": list(handles)})


def _block(g: Game, blocks: dict[str, str]) -> None:
    g.perform({"type": "declare_blockers", "player": "bob", "blockers": blocks})


# -- 702.19b with 702.2c: trample, marked damage and deathtouch ----------------------------------

@settings(max_examples=40)
@given(power=st.integers(1, 9), toughness=st.integers(1, 6), marked=st.integers(0, 5),
       deathtouch=st.booleans(), to_player=st.integers(0, 9))
def test_trample_division_is_legal_exactly_when_blocker_gets_lethal(
        power: int, toughness: int, marked: int, deathtouch: bool, to_player: int) -> None:
    """A trampler may assign ``to_player`` to the player iff the rest is lethal damage for its
    blocker: toughness minus damage already marked (at least 1), or 1 with deathtouch."""
    marked = min(marked, toughness - 1)
    to_player = min(to_player, power)
    keywords = ("trample", "deathtouch") if deathtouch else ("trample",)
    g = game({"objects": [_obj("t", "Test Trampler"), _obj("w", "Test Wall", "bob",
                                                         damage=marked)]},
             cards=[_creature("Test Trampler", power, 20, keywords=keywords),
                    _creature("Test Wall", 0, toughness)])
    _attack(g, "t")
    _block(g, {"w": "t"})
    lethal = 1 if deathtouch else max(toughness - marked, 1)  # restated 702.19b, 702.2c
    legal = to_player == 0 or power - to_player >= lethal
    choice = {"combat_damage": {"t": {"w": power - to_player, "bob": to_player}}}
    action = {"type": "advance", "to": "end-of-combat", "choices": choice}
    if legal:
        g.perform(action)
        assert observe(g, "life", player="bob") == 20 - to_player
    else:
        with pytest.raises(RulesViolation) as err:
            g.perform(action)
        assert err.value.failure == "illegal-choice"
        # 510.1e: the illegal division changes nothing; the game is still before damage.
        assert observe(g, "step") == "declare-blockers"
        assert observe(g, "life", player="bob") == 20


def test_trample_excess_defaults_to_the_attacked_planeswalker() -> None:
    """702.19c: a trampler attacking a planeswalker assigns its excess to that planeswalker."""
    g = game({"objects": [_obj("dreadmaw", "Colossal Dreadmaw"),
                          _obj("jace", "Jace Beleren", "bob", counters={"loyalty": 5}),
                          _obj("bears", "Grizzly Bears", "bob")]})
    g.perform({"type": "declare_attackers", "player": "alice",
               "attackers": [{"object": "dreadmaw", "defender": "jace"}]})
    _block(g, {"bears": "dreadmaw"})
    g.perform({"type": "advance", "to": "end-of-combat"})
    assert observe(g, "counters", object="jace") == {"loyalty": 1}
    assert observe(g, "life", player="bob") == 20


# -- 704.5h: deathtouch damage since the last check ----------------------------------------------

def test_deathtouch_mark_is_used_up_by_the_state_based_action_check() -> None:
    """An indestructible creature dealt deathtouch damage doesn't die when it later loses
    indestructible: 704.5h only looks at damage dealt since SBAs were last checked."""
    g = game({"objects": [_obj("colossus", "Darksteel Colossus"),
                          _obj("rats", "Typhoid Rats", "bob")]})
    _attack(g, "colossus")
    _block(g, {"rats": "colossus"})
    g.perform({"type": "advance", "to": "end-of-combat",
               "choices": {"combat_damage": {"colossus": {"rats": 1, "bob": 10}}}})
    assert observe(g, "damage", object="colossus") == 1
    state = g.state
    from reference_engine.layers.effects import ContinuousEffect
    colossus = state.by_handle("colossus")
    state.effects.append(ContinuousEffect(
        op={"type": "remove_abilities", "keywords": ["indestructible"]},
        timestamp=state.new_timestamp(), affected=[colossus.id], source=None,
        controller="bob", duration="end-of-turn"))
    state.changed()
    g.perform({"type": "advance", "to": "postcombat-main"})
    assert observe(g, "zone", object="colossus") == "battlefield"


# -- 509.1b: evasion restrictions ------------------------------------------------------------------

EVASION_BLOCKERS = {
    "plain": _creature("Plain Blocker", 2, 2, colors=["green"]),
    "black": _creature("Black Blocker", 2, 2, colors=["black"]),
    "red": _creature("Red Blocker", 2, 2, colors=["red"]),
    "artifact": _creature("Artifact Blocker", 2, 2, types=("Artifact", "Creature")),
    "shadow": _creature("Shadow Blocker", 2, 2, colors=["green"], keywords=("shadow",)),
    "horse": _creature("Horse Blocker", 2, 2, colors=["green"], keywords=("horsemanship",)),
    "big": _creature("Big Blocker", 5, 5, colors=["green"]),
}


def _may_block(keyword: str, attacker_colors: list[str], blocker: dict[str, Any]) -> bool:
    """Restated: who may block an attacker with ``keyword`` (702.36b, 702.13b, 702.28b,
    702.31b, 702.118b)."""
    colors = set(blocker["color_indicator"])
    artifact = "Artifact" in blocker["types"]
    kws = {a["keyword"] for a in blocker["abilities"]}
    shadow_ok = ("shadow" in kws) == (keyword == "shadow")
    if keyword == "fear":
        return shadow_ok and (artifact or "black" in colors)
    if keyword == "intimidate":
        return shadow_ok and (artifact or bool(colors & set(attacker_colors)))
    if keyword == "shadow":
        return shadow_ok
    if keyword == "horsemanship":
        return shadow_ok and "horsemanship" in kws
    if keyword == "skulk":
        return shadow_ok and blocker["power"] <= 2
    return shadow_ok


@pytest.mark.parametrize(("keyword", "colors", "blocker"), list(product(
    ["fear", "intimidate", "shadow", "horsemanship", "skulk", "none"],
    [["red"], []], sorted(EVASION_BLOCKERS))))
def test_evasion_restricts_blockers(keyword: str, colors: list[str], blocker: str) -> None:
    """Each evasion ability allows exactly the blockers its rule names."""
    kws = () if keyword == "none" else (keyword,)
    attacker = _creature("Evasive", 2, 2, colors=colors, keywords=kws)
    card = EVASION_BLOCKERS[blocker]
    g = game({"objects": [_obj("a", "Evasive"), _obj("b", card["name"], "bob")]},
             cards=[attacker, card])
    _attack(g, "a")
    expected = _may_block(keyword, colors, card)
    assert observe(g, "can_block", object="b", attacker="a") is expected
    if expected:
        _block(g, {"b": "a"})
    else:
        with pytest.raises(RulesViolation) as err:
            _block(g, {"b": "a"})
        assert err.value.failure == "cannot-block"


def test_min_blockers_restriction() -> None:
    """509.1b: "can't be blocked except by three or more creatures"."""
    brute = _creature("Three Only", 3, 3, abilities=(
        {"kind": "static", "rule": "min_blockers", "count": 3, "affected": "self"},))
    g = game({"objects": [_obj("a", "Three Only")] + [
        _obj(f"b{i}", "Grizzly Bears", "bob") for i in range(3)]}, cards=[brute])
    _attack(g, "a")
    with pytest.raises(RulesViolation):
        _block(g, {"b0": "a", "b1": "a"})
    _block(g, {"b0": "a", "b1": "a", "b2": "a"})
    assert len(observe(g, "blockers", object="a")) == 3


# -- 509.1c: blocking requirements, maximum obeyed -------------------------------------------------

@settings(max_examples=25)
@given(n_blockers=st.integers(1, 4), tapped=st.lists(st.booleans(), min_size=4, max_size=4),
       chosen=st.lists(st.sampled_from(["lure", "other", None]), min_size=4, max_size=4))
def test_lure_requires_every_able_creature(n_blockers: int, tapped: list[bool],
                                           chosen: list[str | None]) -> None:
    """With "all creatures able to block this creature do so", a declaration is legal iff
    every untapped creature of the defender blocks the Lure creature."""
    objects = [_obj("lure", "Prized Unicorn"), _obj("other", "Grizzly Bears")]
    objects += [_obj(f"b{i}", "Hill Giant", "bob", tapped=tapped[i]) for i in range(n_blockers)]
    g = game({"objects": objects})
    _attack(g, "lure", "other")
    blocks = {f"b{i}": chosen[i] for i in range(n_blockers)
              if chosen[i] is not None and not tapped[i]}
    legal = all(tapped[i] or chosen[i] == "lure" for i in range(n_blockers))
    if legal:
        _block(g, {k: v for k, v in blocks.items() if v is not None})
    else:
        with pytest.raises(RulesViolation):
            _block(g, {k: v for k, v in blocks.items() if v is not None})


def test_must_attack_ignores_creatures_that_cannot() -> None:
    """508.1d: "attacks each combat if able" binds only a creature able to attack."""
    g = game({"objects": [_obj("c", "Bloodrock Cyclops", tapped=True),
                          _obj("d", "Bloodrock Cyclops", sick=True)]})
    _attack(g)
    assert observe(g, "attackers") == []


# -- 603.2: combat triggers ----------------------------------------------------------------------

def test_becomes_blocked_triggers_once_and_per_blocker_variant_per_blocker() -> None:
    """509.3c: "becomes blocked" triggers once; 509.3d: "by a creature" once per blocker."""
    once = _creature("Once", 1, 1, abilities=(
        {"kind": "triggered", "trigger": {"event": "becomes_blocked"},
         "effects": [{"type": "gain_life", "target": "controller", "amount": 1}]},))
    each = _creature("Each", 1, 1, abilities=(
        {"kind": "triggered", "trigger": {"event": "becomes_blocked_by_creature"},
         "effects": [{"type": "gain_life", "target": "controller", "amount": 1}]},))
    for card, expected in ((once, 1), (each, 2)):
        g = game({"objects": [_obj("a", card["name"]), _obj("b1", "Grizzly Bears", "bob"),
                              _obj("b2", "Grizzly Bears", "bob")]}, cards=[card])
        _attack(g, "a")
        _block(g, {"b1": "a", "b2": "a"})
        assert len(observe(g, "stack")) == expected


def test_that_much_life_from_the_triggering_damage() -> None:
    """"Whenever this deals damage, you gain that much life" uses the dealt amount (608.2h)."""
    linker = _creature("Old Linker", 3, 3, abilities=(
        {"kind": "triggered", "trigger": {"event": "deals_damage"},
         "effects": [{"type": "gain_life", "target": "controller",
                      "amount": {"event_damage": True}}]},))
    g = game({"objects": [_obj("a", "Old Linker")]}, cards=[linker])
    _attack(g, "a")
    g.perform({"type": "advance", "to": "combat-damage"})
    g.perform({"type": "resolve"})
    assert observe(g, "life", player="alice") == 23


# -- 120.3b, 120.3d, 704.5c: infect, wither and poison ---------------------------------------------

@settings(max_examples=20)
@given(power=st.integers(1, 12), keyword=st.sampled_from(["infect", "wither", "none"]),
       lifelink=st.booleans())
def test_damage_kind_follows_the_source_keyword(power: int, keyword: str,
                                                lifelink: bool) -> None:
    """Unblocked, an infect source gives poison counters instead of life loss (a player with
    ten loses); blocked by a 0/20 wall, infect or wither give -1/-1 counters instead of marked
    damage; lifelink gains the damage either way."""
    kws = tuple(k for k in (keyword, "lifelink" if lifelink else "") if k and k != "none")
    attacker = _creature("Test Striker", power, 1, keywords=kws)
    wall = _creature("Test Wall", 0, 20)
    for blocked in (False, True):
        g = game({"objects": [_obj("a", "Test Striker"), _obj("w", "Test Wall", "bob")]},
                 cards=[attacker, wall])
        _attack(g, "a")
        _block(g, {"w": "a"} if blocked else {})
        g.perform({"type": "advance", "to": "end-of-combat"})
        assert observe(g, "life", player="alice") == 20 + (power if lifelink else 0)
        if not blocked:
            infect = keyword == "infect"
            assert observe(g, "poison", player="bob") == (power if infect else 0)
            assert observe(g, "life", player="bob") == (20 if infect else 20 - power)
            assert observe(g, "lost", player="bob") is (power >= 10 if infect else power >= 20)
        else:
            counters = keyword in ("infect", "wither")
            assert observe(g, "damage", object="w") == (0 if counters else power)
            assert observe(g, "toughness", object="w") == (20 - power if counters else 20)
