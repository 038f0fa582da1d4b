"""Audit of characteristics: power/toughness-defining abilities, card types, split cards."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import game, observe

#: Cards with their card types, restated here independently of the card data (CR 205.2a).
GRAVEYARD_CARDS: dict[str, set[str]] = {
    "Lightning Bolt": {"Instant"},
    "Grizzly Bears": {"Creature"},
    "Echoes of Eternity": {"Kindred", "Enchantment"},
    "Tarfire": {"Kindred", "Instant"},
    "Assault // Battery": {"Sorcery"},
    "Wear // Tear": {"Instant"},
    "Sol Ring": {"Artifact"},
    "Forest": {"Land"},
    "Dryad Arbor": {"Land", "Creature"},
    "Glorious Anthem": {"Enchantment"},
}


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(sorted(GRAVEYARD_CARDS)),
                          st.sampled_from(["alice", "bob"])), max_size=6),
       st.sampled_from(["battlefield", "hand", "graveyard", "library", "exile"]))
def test_tarmogoyf_counts_card_types_in_all_graveyards(cards: list[tuple[str, str]],
                                                      zone: str) -> None:
    """Tarmogoyf's ability (604.3: it works in every zone) counts each card type once."""
    objects = [{"card": c, "zone": "graveyard", "owner": p} for c, p in cards]
    objects.append({"handle": "goyf", "card": "Tarmogoyf", "zone": zone})
    g = game({"objects": objects})
    types = set().union(*(GRAVEYARD_CARDS[c] for c, _ in cards))
    if zone == "graveyard":
        types.add("Creature")
    assert observe(g, "power", object="goyf") == len(types)
    assert observe(g, "toughness", object="goyf") == len(types) + 1


@pytest.mark.parametrize("types", [["Artifact"], ["Enchantment"], ["Land"],
                                   ["Artifact", "Creature"], ["Creature"]])
def test_only_creature_permanents_have_power(types: list[str]) -> None:
    """208.3: a noncreature permanent has no power or toughness; 205.1a: creature types go
    with the creature card type."""
    g = game({"objects": [{"handle": "bears", "card": "Grizzly Bears"}],
              "effects": [{"type": "set_types", "types": types, "affected": ["bears"]}]})
    creature = "Creature" in types
    assert observe(g, "power", object="bears") == (2 if creature else None)
    assert observe(g, "subtypes", object="bears") == (["Bear"] if creature else [])


@pytest.mark.parametrize("era", ["invasion-2000", "modern"])
def test_a_split_card_is_multicolored_not_monocolored_off_the_stack(era: str) -> None:
    """2000 FAQ and 709.4b: Wax // Wane is multicolored off the stack in both eras."""
    g = game({"objects": [{"handle": "ww", "card": "Wax // Wane", "zone": "hand"}]}, era=era)
    assert observe(g, "matches", object="ww", filter={"multicolored": True}) is True
    assert observe(g, "matches", object="ww", filter={"monocolored": True}) is False
    assert observe(g, "matches", object="ww", filter={"color": "white"}) is True


@pytest.mark.parametrize("era", ["invasion-2000", "modern"])
def test_a_color_added_to_a_split_card_is_added_to_both_halves(era: str) -> None:
    """An effect on a split card changes both of its Invasion-era sets of characteristics."""
    g = game({"objects": [{"handle": "ww", "card": "Wax // Wane", "zone": "hand"}],
              "effects": [{"type": "add_colors", "colors": ["black"],
                           "affected": {"zone": "hand"}}]}, era=era)
    assert observe(g, "matches", object="ww", filter={"color": "black"}) is True
    assert observe(g, "count", zone="hand", player="alice",
                   filter={"color": "black", "type": "Instant"}) == 1
