"""Replacement effects on counters, zone changes and life gain (CR 614, 616.1), "can't" rules
(614.17, 615.12) and the cost calculation of 601.2f: the reference engine against a few-line
restatement of each rule, over random amounts, modifiers and orders."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import game, observe

MODIFY = st.one_of(st.just("double"), st.builds(lambda n: {"add": n}, st.integers(1, 3)),
                   st.builds(lambda n: {"multiply": n}, st.integers(2, 3)))


def _counter_card(i: int, modify: Any) -> dict[str, Any]:
    return {"name": f"Counter Doubler {i}", "types": ["Enchantment"], "abilities": [
        {"kind": "replacement", "event": "counters", "counter": "+1/+1",
         "affected": {"type": "Creature", "controller": "you"}, "modify": modify}]}


def _apply(modify: Any, n: int) -> int:
    """614.1a restated: "twice that many", "that many plus N", "N times that many"."""
    if modify == "double":
        return 2 * n
    if "add" in modify:
        return n + int(modify["add"])
    return n * int(modify["multiply"])


@given(st.integers(1, 5), st.lists(MODIFY, min_size=1, max_size=3), st.randoms())
def test_counter_replacements_apply_once_each_in_the_chosen_order(
        amount: int, mods: list[Any], rnd: Any) -> None:
    """616.1: the creature's controller picks the order; each applies once (614.5)."""
    cards = [_counter_card(i, m) for i, m in enumerate(mods)]
    grow = {"name": "Grow", "types": ["Instant"], "mana_cost": "{G}", "abilities": [
        {"kind": "spell", "targets": [{"name": "t", "kind": "creature"}],
         "effects": [{"type": "put_counters", "target": "t", "amount": amount}]}]}
    objects = [{"handle": f"m{i}", "card": c["name"], "zone": "battlefield", "owner": "alice"}
               for i, c in enumerate(cards)]
    objects += [{"handle": "bears", "card": "Grizzly Bears", "zone": "battlefield",
                 "owner": "alice"},
                {"handle": "g", "card": "Grow", "zone": "hand", "owner": "alice"}]
    g = game({"mana_pool": {"alice": "{G}"}, "objects": objects}, cards=[*cards, grow])
    order = list(range(len(mods)))
    rnd.shuffle(order)
    g.perform({"type": "cast", "player": "alice", "object": "g", "targets": ["bears"]})
    g.perform({"type": "resolve", "choices": {
        "replacement_order": [f"replacement:m{i}:0" for i in order]}})
    expected = amount
    for i in order:
        expected = _apply(mods[i], expected)
    assert observe(g, "counters", object="bears") == {"+1/+1": expected}


@given(st.integers(0, 6), st.integers(0, 4), st.integers(0, 9), st.integers(1, 4))
def test_cost_floor_applies_after_increases_and_reductions(
        generic: int, increase: int, creatures: int, floor: int) -> None:
    """601.2f restated: mana cost plus increases, minus reductions (never below {0}); then a
    minimum total raises what is short of it with generic mana."""
    spell = {"name": "Costly", "types": ["Sorcery"], "mana_cost": "{" + str(generic) + "}{R}",
             "abilities": [
                 {"kind": "cost", "affected": "self", "reduce": "{1}",
                  "per": {"count": {"filter": {"type": "Creature"}}}},
                 {"kind": "spell", "effects": []}]}
    tax = {"name": "Tax", "types": ["Artifact"], "abilities": [
        {"kind": "cost", "spells": {}, "increase": "{" + str(increase) + "}"}]}
    floor_card = {"name": "Floor", "types": ["Artifact"], "abilities": [
        {"kind": "cost", "spells": {}, "minimum": floor}]}
    objects = [{"handle": "s", "card": "Costly", "zone": "hand", "owner": "alice"},
               {"handle": "tax", "card": "Tax", "zone": "battlefield", "owner": "bob"},
               {"handle": "floor", "card": "Floor", "zone": "battlefield", "owner": "bob"}]
    objects += [{"handle": f"c{i}", "card": "Grizzly Bears", "zone": "battlefield",
                 "owner": "bob"} for i in range(creatures)]
    g = game({"objects": objects}, cards=[spell, tax, floor_card])
    mana = max(generic + increase - creatures, 0)
    mana = max(mana, floor - 1)  # {R} is always there: the floor counts it (601.2f)
    expected = ("{" + str(mana) + "}" if mana else "") + "{R}"
    assert observe(g, "total_cost", player="alice", object="s") == expected


@given(st.integers(1, 4), st.integers(0, 5), st.integers(0, 3))
def test_damage_divided_evenly_rounds_down(targets: int, share: int, rest: int) -> None:
    """Each of N targets is dealt X // N; the spell costs {1} more per target beyond the first.
    (Each target is a 6/6, dealt at most 5, so it stays to be looked at.)"""
    x = share * targets + rest % targets
    fireball = "Fireball"
    objects = [{"handle": "fb", "card": fireball, "zone": "hand", "owner": "alice"}]
    objects += [{"handle": f"b{i}", "card": "Colossal Dreadmaw", "zone": "battlefield",
                 "owner": "bob"} for i in range(targets)]
    mana = "{R}" * (1 + x + targets - 1)
    g = game({"mana_pool": {"alice": mana}, "objects": objects})
    names = [f"b{i}" for i in range(targets)]
    assert observe(g, "total_cost", player="alice", object="fb", x=x, targets=names) == (
        ("{" + str(x + targets - 1) + "}" if x + targets - 1 else "") + "{R}")
    g.perform({"type": "cast", "player": "alice", "object": "fb", "x": x, "targets": names})
    g.perform({"type": "resolve"})
    for name in names:
        assert observe(g, "damage", object=name) == x // targets


@given(st.integers(1, 6), st.booleans(), st.booleans())
def test_life_gain_replacements_and_cant_gain(amount: int, double_first: bool,
                                               cant: bool) -> None:
    """119.7 and 614.17c: a player who can't gain life gains none and loses none; else 616.1:
    doubling then "loses that much instead" loses 2N; the other way round loses N."""
    gain = {"name": "Heal", "types": ["Instant"], "mana_cost": "{W}", "abilities": [
        {"kind": "spell", "effects": [{"type": "gain_life", "target": "controller",
                                       "amount": amount}]}]}
    objects = [{"handle": "remedy", "card": "Tainted Remedy", "zone": "battlefield",
                "owner": "alice"},
               {"handle": "archive", "card": "Alhammarret's Archive", "zone": "battlefield",
                "owner": "bob"},
               {"handle": "heal", "card": "Heal", "zone": "hand", "owner": "bob"}]
    if cant:
        objects.append({"handle": "leyline", "card": "Leyline of Punishment",
                        "zone": "battlefield", "owner": "alice"})
    g = game({"mana_pool": {"bob": "{W}"}, "priority": "bob", "objects": objects},
             cards=[gain])
    g.perform({"type": "cast", "player": "bob", "object": "heal"})
    order = (["replacement:archive:0", "replacement:remedy:0"] if double_first
             else ["replacement:remedy:0", "replacement:archive:0"])
    g.perform({"type": "resolve", "choices": {"replacement_order": {"bob": order}}})
    expected = 20 if cant else 20 - (2 * amount if double_first else amount)
    assert observe(g, "life", player="bob") == expected
