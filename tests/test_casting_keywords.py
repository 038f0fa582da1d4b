"""Properties of casting and paying (CR 702.16, 101.2, 107.4f, 702.33c, 702.102, 702.34):
the reference engine against few-line restatements of each rule, over random parameters."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reference_engine.core.errors import RulesViolation
from tests.helpers import game, observe

COLORS = ["white", "blue", "black", "red", "green"]
LETTER = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def _creature(protection: str) -> dict[str, Any]:
    return {"name": "Warded Beast", "layout": "normal", "mana_cost": "{2}", "types": ["Creature"],
            "power": 2, "toughness": 2, "oracle_text": f"Protection from {protection}",
            "abilities": [{"kind": "keyword", "keyword": "protection",
                           "from": {"color": protection}}]}


def _spell(name: str, color: str, kind: str, effect: str) -> dict[str, Any]:
    return {"name": name, "layout": "normal", "mana_cost": "{" + LETTER[color] + "}",
            "types": ["Instant"], "oracle_text": "...",
            "abilities": [{"kind": "spell", "targets": [{"name": "t", "kind": kind}],
                           "effects": [{"type": effect, "target": "t"}]}]}


@settings(max_examples=25)
@given(st.sampled_from(COLORS), st.sampled_from(COLORS))
def test_protection_guards_only_permanents(protected: str, color: str) -> None:
    """702.16b restated: a permanent with protection from a color can't be targeted by spells
    of that color; the same card as a spell on the stack has no protection (113.6)."""
    cards = [_creature(protected), _spell("Negate It", color, "spell", "counter"),
             _spell("Smite It", color, "creature", "destroy")]
    g = game({"mana_pool": {"alice": "{C}{C}", "bob": "{W}{U}{B}{R}{G}"}, "objects": [
        {"handle": "beast", "card": "Warded Beast", "zone": "hand", "owner": "alice"},
        {"handle": "negate", "card": "Negate It", "zone": "hand", "owner": "bob"},
        {"handle": "smite", "card": "Smite It", "zone": "hand", "owner": "bob"},
    ]}, cards=cards)
    g.perform({"type": "cast", "player": "alice", "object": "beast"})
    assert observe(g, "can_cast", player="bob", object="negate", targets=["beast"]) is False
    g.perform({"type": "pass_priority", "player": "alice"})
    assert observe(g, "can_cast", player="bob", object="negate", targets=["beast"]) is True
    g.perform({"type": "pass_priority", "player": "bob"})  # the beast resolves
    assert observe(g, "zone", object="beast") == "battlefield"
    g.perform({"type": "pass_priority", "player": "alice"})
    legal = observe(g, "can_cast", player="bob", object="smite", targets=["beast"])
    assert legal is (protected != color)


@settings(max_examples=40)
@given(st.integers(0, 3), st.integers(0, 3), st.integers(0, 8), st.integers(0, 2))
def test_phyrexian_symbols_paid_with_mana_or_life(symbols: int, mana: int, life: int,
                                                  generic: int) -> None:
    """107.4f, 119.4 restated: each Phyrexian symbol takes one green mana or 2 life, life only
    up to the life total; without a choice the caster pays as little life as possible."""
    cost = ("{" + str(generic) + "}" if generic else "") + "{G/P}" * symbols
    card = {"name": "Phyrexian Test", "layout": "normal", "mana_cost": cost or "{0}",
            "types": ["Sorcery"], "oracle_text": "", "abilities": []}
    pool = "{G}" * mana + "{C}" * generic
    g = game({"mana_pool": {"alice": pool}, "life": {"alice": life},
              "objects": [{"handle": "p", "card": "Phyrexian Test", "zone": "hand",
                           "owner": "alice"}]}, cards=[card])
    life_needed = 2 * max(0, symbols - mana)
    castable = life_needed <= life
    try:
        g.perform({"type": "cast", "player": "alice", "object": "p"})
    except RulesViolation as exc:
        assert not castable, exc
        assert observe(g, "life", player="alice") == life
        return
    assert castable
    assert observe(g, "life", player="alice") == life - life_needed


@settings(max_examples=15)
@given(st.integers(0, 4))
def test_multikicker_counts_each_payment(times: int) -> None:
    """702.33c restated: each multikicker payment adds its cost once, and Gnarlid Pack enters
    with that many +1/+1 counters."""
    g = game({"mana_pool": {"alice": "{G}" * (1 + times) + "{C}" * (1 + times)}, "objects": [
        {"handle": "pack", "card": "Gnarlid Pack", "zone": "hand", "owner": "alice"}]})
    generic = 1 + times
    greens = "{G}" * (1 + times)
    assert observe(g, "total_cost", player="alice", object="pack", kicked=times) == \
        f"{{{generic}}}{greens}"
    g.perform({"type": "cast", "player": "alice", "object": "pack", "kicked": times})
    g.perform({"type": "resolve"})
    assert observe(g, "power", object="pack") == 2 + times


def test_fused_split_spell_is_both_halves() -> None:
    """702.102c-d: a fused split spell has both halves' characteristics and costs."""
    g = game({"mana_pool": {"alice": "{R}{W}{C}"}, "objects": [
        {"handle": "wt", "card": "Wear // Tear", "zone": "hand", "owner": "alice"}]})
    assert observe(g, "total_cost", player="alice", object="wt", half="fused") == "{1}{W}{R}"
    assert observe(g, "total_cost", player="alice", object="wt", half="Wear") == "{1}{R}"
    assert observe(g, "can_cast", player="alice", object="wt", half="fused",
                   targets=["wt", "wt"]) is False


def test_flashback_only_from_graveyard() -> None:
    """702.34a: the flashback cost is paid only to cast the card from a graveyard."""
    g = game({"mana_pool": {"alice": "{U}{C}{C}"}, "objects": [
        {"handle": "tt", "card": "Think Twice", "zone": "hand", "owner": "alice"}]})
    assert observe(g, "total_cost", player="alice", object="tt", alternative="flashback") is None
    assert observe(g, "total_cost", player="alice", object="tt") == "{1}{U}"
    with pytest.raises(RulesViolation):
        g.perform({"type": "cast", "player": "alice", "object": "tt", "alternative": "flashback"})


@settings(max_examples=40)
@given(st.integers(1, 5), st.integers(-1, 6), st.booleans())
def test_divided_damage_announced_as_cast(x: int, to_bears: int, bounce: bool) -> None:
    """601.2d, 608.2b restated: X damage divided between two targets, each getting at least 1,
    the parts adding up to X; a target that left gets nothing, the other only its share."""
    card = {"name": "Split Blast", "layout": "normal", "mana_cost": "{X}{R}",
            "types": ["Instant"], "oracle_text": "X damage divided among one or two targets.",
            "abilities": [{"kind": "spell", "targets": [{"name": "t", "kind": "any",
                                                         "count": [1, 2]}],
                           "effects": [{"type": "damage", "target": "t", "amount": "X",
                                        "divided": True}]}]}
    g = game({"mana_pool": {"alice": "{R}" + "{C}" * x, "bob": "{U}"}, "objects": [
        {"handle": "blast", "card": "Split Blast", "zone": "hand", "owner": "alice"},
        {"handle": "giant", "card": "Darksteel Colossus", "zone": "battlefield", "owner": "bob"},
        {"handle": "unsummon", "card": "Unsummon", "zone": "hand", "owner": "bob"},
    ]}, cards=[card])
    to_bob = x - to_bears
    legal = to_bears >= 1 and to_bob >= 1
    action = {"type": "cast", "player": "alice", "object": "blast", "x": x,
              "targets": ["giant", "bob"], "divide": {"giant": to_bears, "bob": to_bob}}
    if not legal:
        with pytest.raises(RulesViolation):
            g.perform(action)
        return
    g.perform(action)
    if bounce:
        g.perform({"type": "pass_priority", "player": "alice"})
        g.perform({"type": "cast", "player": "bob", "object": "unsummon", "targets": ["giant"]})
        g.perform({"type": "resolve", "count": 2})
    else:
        g.perform({"type": "resolve"})
        assert observe(g, "damage", object="giant") == to_bears
    assert observe(g, "life", player="bob") == 20 - to_bob
