"""Characteristics and objects: subtypes need their card type (CR 205.3d), an
answer outside a choice's options is an illegal choice that changes nothing (707.5)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reference_engine.core.errors import RulesViolation
from tests.helpers import game, observe

#: Subtypes with the card types they go with, restated independently of the engine (205.3g-m).
SUBTYPE_TYPES: dict[str, set[str]] = {
    "Goblin": {"Creature", "Kindred"},
    "Forest": {"Land"},
    "Equipment": {"Artifact"},
    "Aura": {"Enchantment"},
    "Arcane": {"Instant", "Sorcery"},
}

#: Permanents (or cards) with their printed card types.
OBJECTS: dict[str, set[str]] = {
    "Grizzly Bears": {"Creature"},
    "Sol Ring": {"Artifact"},
    "Forest": {"Land"},
    "Glorious Anthem": {"Enchantment"},
    "Dryad Arbor": {"Land", "Creature"},
    "Echoes of Eternity": {"Kindred", "Enchantment"},
}


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(OBJECTS)), st.sampled_from(sorted(SUBTYPE_TYPES)),
       st.lists(st.sampled_from(["Creature", "Artifact", "Land", "Enchantment"]), max_size=2,
                unique=True))
def test_a_subtype_is_gained_only_with_a_card_type_it_goes_with(
        card: str, subtype: str, added: list[str]) -> None:
    """205.3d: "it's a [types] [subtype] in addition" gives the subtype only if the object has
    one of its card types once the effect's own types are added."""
    g = game({"objects": [{"handle": "o", "card": card}],
              "effects": [{"type": "add_types", "types": added, "subtypes": [subtype],
                           "affected": ["o"]}]})
    types = OBJECTS[card] | set(added)
    gained = subtype in observe(g, "subtypes", object="o")
    assert gained == bool(types & SUBTYPE_TYPES[subtype])


@pytest.mark.parametrize(("types", "subtypes", "expected"), [
    (["Land"], ["Forest"], ["Forest"]), (["Land"], ["Golem"], []),
    (["Artifact"], ["Golem"], []), (["Artifact", "Creature"], ["Golem"], ["Golem"]),
])
def test_set_types_names_only_subtypes_of_its_card_types(
        types: list[str], subtypes: list[str], expected: list[str]) -> None:
    """205.3d with 205.1a: an effect setting types and subtypes can't give a subtype of a card
    type the object doesn't get."""
    g = game({"objects": [{"handle": "o", "card": "Grizzly Bears"}],
              "effects": [{"type": "set_types", "types": types, "subtypes": subtypes,
                           "affected": ["o"]}]})
    assert observe(g, "subtypes", object="o") == expected


def test_an_answer_outside_the_options_is_an_illegal_choice_and_changes_nothing() -> None:
    """707.5: Clone may copy only a creature on the battlefield; naming a permanent that is
    not one now is an illegal choice, rejected before Clone leaves the stack."""
    g = game({"objects": [
        {"handle": "stone", "card": "Mind Stone", "owner": "bob"},
        {"handle": "bears", "card": "Grizzly Bears", "owner": "bob"},
        {"handle": "clone", "card": "Clone", "zone": "stack"},
    ]})
    with pytest.raises(RulesViolation) as exc:
        g.perform({"type": "resolve", "choices": {"copy": "stone"}})
    assert exc.value.failure == "illegal-choice"
    assert observe(g, "zone", object="clone") == "stack"
    g.perform({"type": "resolve", "choices": {"copy": "bears"}})
    assert observe(g, "name", object="clone") == "Grizzly Bears"


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=0, max_value=4), st.integers(min_value=0, max_value=4),
       st.sampled_from(["invasion-2000", "modern"]))
def test_plus_and_minus_counters_annihilate_only_under_the_current_rules(
        plus: int, minus: int, era: str) -> None:
    """704.5q, 122.3 (switch ``counter_annihilation``): N of each kind are removed now; the
    Sixth Edition list of state-based effects (420.5a-j) has no such rule, so both stay."""
    from reference_engine.sba.checks import check_state_based_actions

    counters = {k: n for k, n in (("+1/+1", plus), ("-1/-1", minus)) if n}
    g = game({"objects": [{"handle": "giant", "card": "Hill Giant", "counters": counters}]},
             era=era)
    check_state_based_actions(g.state)
    if 3 + plus - minus <= 0:
        assert observe(g, "zone", object="giant") == "graveyard"
        return
    n = min(plus, minus) if era == "modern" else 0
    left = {k: v for k, v in (("+1/+1", plus - n), ("-1/-1", minus - n)) if v}
    assert observe(g, "counters", object="giant") == left
    assert observe(g, "toughness", object="giant") == 3 + plus - minus


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=2, max_value=4), st.integers(min_value=0, max_value=3))
def test_legends_made_at_once_tie_under_the_2000_rules(n: int, later: int) -> None:
    """Sixth Edition 420.5e: the time counts from becoming a Legend with that name, so Bears made
    Legends by one effect tie and all go, however long each has been in play; a Bears made a
    Legend by a later effect goes, and the earlier ones stay only if one of them is alone."""
    from reference_engine.sba.checks import check_state_based_actions

    objects = [{"handle": f"b{i}", "card": "Grizzly Bears"} for i in range(n)]
    early = [f"b{i}" for i in range(n - min(later, n - 1))]
    late = [f"b{i}" for i in range(len(early), n)]
    effects = [{"type": "add_types", "subtypes": ["Legend"], "affected": early}]
    if late:
        effects.append({"type": "add_types", "subtypes": ["Legend"], "affected": late})
    g = game({"objects": objects, "effects": effects}, era="invasion-2000")
    check_state_based_actions(g.state)
    survivors = [h for h in early + late if observe(g, "zone", object=h) == "battlefield"]
    assert survivors == (early if len(early) == 1 else [])
