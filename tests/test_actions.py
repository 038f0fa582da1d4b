"""Keyword actions (CR 701, ``reference_engine/actions/``) as properties over any counters, any
choice and any board, each against an independent restatement of the rule; and the Clue token's
ability (111.10f), which a case can't reach (a token made mid-case has no handle)."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import game, observe

KINDS = ("+1/+1", "charge", "loyalty", "time")


def _spell(name: str, effect: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, "mana_cost": "{0}", "types": ["Sorcery"],
            "abilities": [{"kind": "spell", "effects": [effect]}]}


def _creature(name: str, toughness: int = 2) -> dict[str, Any]:
    return {"name": name, "mana_cost": "{1}", "types": ["Creature"], "power": 1,
            "toughness": toughness}


@given(st.lists(st.dictionaries(st.sampled_from(KINDS), st.integers(0, 3), max_size=3),
                min_size=1, max_size=4),
       st.data())
def test_proliferate_adds_one_of_each_kind_to_the_chosen(
        counters: list[dict[str, int]], data: st.DataObject) -> None:
    """701.34a: each chosen permanent gets one more counter of each kind it already has; the
    others keep theirs."""
    cards = [_spell("Spread", {"type": "proliferate"}), _creature("Thing")]
    objects: list[dict[str, Any]] = [{"handle": "spread", "card": "Spread", "zone": "hand",
                                      "owner": "alice"}]
    for i, c in enumerate(counters):
        objects.append({"handle": f"p{i}", "card": "Thing", "zone": "battlefield",
                        "owner": "alice", "counters": c})
    with_counters = [f"p{i}" for i, c in enumerate(counters) if any(n > 0 for n in c.values())]
    chosen = data.draw(st.lists(st.sampled_from(with_counters), unique=True)
                       if with_counters else st.just([]))
    g = game({"objects": objects}, cards=cards)
    g.perform({"type": "cast", "player": "alice", "object": "spread"})
    g.perform({"type": "resolve", "choices": {"proliferate": chosen or "none"}})
    for i, c in enumerate(counters):
        had = {k: n for k, n in c.items() if n > 0}
        want = {k: n + 1 for k, n in had.items()} if f"p{i}" in chosen else had
        assert observe(g, "counters", object=f"p{i}") == want


@given(st.lists(st.integers(1, 4), min_size=1, max_size=5), st.integers(1, 3), st.data())
def test_bolster_goes_to_a_least_toughness_creature(
        toughnesses: list[int], n: int, data: st.DataObject) -> None:
    """701.39a: N +1/+1 counters on a creature of least toughness, chosen among the tied."""
    cards = [_spell("Rally", {"type": "bolster", "amount": n})]
    objects: list[dict[str, Any]] = [{"handle": "rally", "card": "Rally", "zone": "hand",
                                      "owner": "alice"}]
    for i, t in enumerate(toughnesses):
        cards.append(_creature(f"Thing {i}", t))
        objects.append({"handle": f"c{i}", "card": f"Thing {i}", "zone": "battlefield",
                        "owner": "alice"})
    least = min(toughnesses)
    pick = data.draw(st.sampled_from([f"c{i}" for i, t in enumerate(toughnesses)
                                      if t == least]))
    g = game({"objects": objects}, cards=cards)
    g.perform({"type": "cast", "player": "alice", "object": "rally"})
    g.perform({"type": "resolve", "choices": {"bolster": pick}})
    for i in range(len(toughnesses)):
        want = {"+1/+1": n} if f"c{i}" == pick else {}
        assert observe(g, "counters", object=f"c{i}") == want


@given(st.integers(0, 3), st.integers(1, 4))
def test_adapt_only_without_plus_one_counters(have: int, n: int) -> None:
    """701.46a: adapt N puts N counters only on a permanent with no +1/+1 counter."""
    drake = {**_creature("Drake"), "abilities": [
        {"kind": "activated", "cost": {"mana": "{0}"}, "effects": [{"type": "adapt",
                                                                    "amount": n}]}]}
    g = game({"objects": [{"handle": "d", "card": "Drake", "zone": "battlefield",
                           "owner": "alice", "counters": {"+1/+1": have}}]}, cards=[drake])
    g.perform({"type": "activate", "player": "alice", "object": "d", "ability": 0})
    g.perform({"type": "resolve"})
    want = have if have > 0 else n
    assert observe(g, "counters", object="d") == ({"+1/+1": want} if want else {})


def test_a_clue_is_sacrificed_for_two_to_draw() -> None:
    """111.10f: a Clue token has "{2}, Sacrifice this token: Draw a card."."""
    g = game({"mana_pool": {"alice": "{C}{C}"},
              "objects": [{"handle": "inq", "card": "Inquiry", "zone": "hand", "owner": "alice"},
                          {"handle": "top", "card": "Island", "zone": "library",
                           "owner": "alice"}]},
             cards=[_spell("Inquiry", {"type": "investigate"})])
    g.perform({"type": "cast", "player": "alice", "object": "inq"})
    g.perform({"type": "resolve"})
    clue = next(o for o in g.state.battlefield() if o.card.name == "Clue")
    clue.handle = "clue"
    g.state.handles["clue"] = clue.id
    assert observe(g, "activated_abilities", object="clue") == [
        "{2}, Sacrifice this token: Draw a card."]
    g.perform({"type": "activate", "player": "alice", "object": "clue", "ability": 0})
    g.perform({"type": "resolve"})
    assert observe(g, "zone", object="top") == "hand"
    assert observe(g, "tokens", player="alice") == []
