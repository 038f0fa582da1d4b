"""Piles (CR 700.3): nothing moves while piles are made, and a graveyard keeps its order."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference_engine import RulesViolation
from tests.helpers import game, observe

#: Cards for a graveyard: (name, is a creature card).
CARDS = [("Grizzly Bears", True), ("Lightning Bolt", False), ("Llanowar Elves", True),
         ("Shock", False), ("Ornithopter", True), ("Giant Growth", False), ("Hill Giant", True)]


@given(st.lists(st.sampled_from(CARDS), min_size=1, max_size=7), st.data())
def test_death_or_glory_keeps_the_graveyard_order(cards: list[tuple[str, bool]],
                                                  data: st.DataObject) -> None:
    objects: list[dict[str, Any]] = [
        {"handle": f"g{i}", "card": name, "zone": "graveyard"} for i, (name, _) in
        enumerate(cards)]
    objects.append({"handle": "dog", "card": "Death or Glory", "zone": "stack"})
    creatures = [f"g{i}" for i, (_, creature) in enumerate(cards) if creature]
    pile_1 = data.draw(st.lists(st.sampled_from(creatures), unique=True) if creatures
                       else st.just([]))
    pick = data.draw(st.sampled_from([1, 2]))
    g = game({"objects": objects})
    g.perform({"type": "resolve", "choices": {"pile_1": pile_1, "pile": pick}})
    # Oracle: non-creature cards stay in their order, then Death or Glory itself.
    expected = [name for name, creature in cards if not creature] + ["Death or Glory"]
    assert observe(g, "objects", zone="graveyard", player="alice") == expected
    exiled = set(pile_1) if pick == 1 else set(creatures) - set(pile_1)
    for handle in creatures:
        zone = "exile" if handle in exiled else "battlefield"
        assert observe(g, "zone", object=handle) == zone
    assert "piles" not in g.state.extra  # 700.3b: piles end with the effect


def test_separating_permanents_logs_no_zone_change_for_the_kept_pile() -> None:
    g = game({"objects": [
        {"handle": "bears", "card": "Grizzly Bears", "owner": "bob"},
        {"handle": "elves", "card": "Llanowar Elves", "owner": "bob"},
        {"handle": "dod", "card": "Do or Die", "zone": "stack", "targets": ["bob"]},
    ]})
    bears_id = g.state.by_handle("bears").id
    g.perform({"type": "resolve", "choices": {"pile_1": ["bears"], "pile": 2}})
    assert g.state.by_handle("bears").id == bears_id
    moved = [e.details["old"] for e in g.state.events if e.kind == "zone-change"]
    assert bears_id not in moved


def test_a_pile_may_only_hold_the_objects_being_separated() -> None:
    g = game({"objects": [
        {"handle": "bears", "card": "Grizzly Bears", "owner": "bob"},
        {"handle": "mine", "card": "Hill Giant", "owner": "alice"},
        {"handle": "dod", "card": "Do or Die", "zone": "stack", "targets": ["bob"]},
    ]})
    with pytest.raises(RulesViolation) as exc:
        g.perform({"type": "resolve", "choices": {"pile_1": ["mine"], "pile": 1}})
    assert exc.value.failure == "illegal-choice"


@pytest.mark.parametrize("pick", [1, 2])
def test_fact_or_fiction_sends_each_pile_to_its_zone(pick: int) -> None:
    names = ["Lightning Bolt", "Shock", "Giant Growth", "Grizzly Bears", "Hill Giant"]
    objects: list[dict[str, Any]] = [{"handle": f"c{i}", "card": n, "zone": "library"}
                                     for i, n in enumerate(names)]
    objects.append({"handle": "fof", "card": "Fact or Fiction", "zone": "stack"})
    g = game({"objects": objects})
    g.perform({"type": "resolve", "choices": {"pile_1": ["c0", "c3"], "pile": pick}})
    first, second = ["Lightning Bolt", "Grizzly Bears"], ["Shock", "Giant Growth", "Hill Giant"]
    to_hand, to_yard = (first, second) if pick == 1 else (second, first)
    assert sorted(observe(g, "objects", zone="hand", player="alice")) == sorted(to_hand)
    assert observe(g, "objects", zone="graveyard", player="alice") == [*to_yard,
                                                                        "Fact or Fiction"]
