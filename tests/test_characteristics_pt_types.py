"""Characteristics: power/toughness-defining abilities, card types, split cards."""

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


_COLORED = st.sampled_from(["W", "U", "B", "R", "G", "G/W", "2/R", "B/P", "C"])


def _cost_text(generic: int, colored: list[str]) -> str:
    return ("{" + str(generic) + "}" if generic else "") + "".join("{" + c + "}" for c in colored)


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=6), st.lists(_COLORED, max_size=3),
       st.integers(min_value=0, max_value=6), st.lists(_COLORED, max_size=3))
def test_a_combined_split_cost_keeps_value_colors_and_symbols(
        g1: int, c1: list[str], g2: int, c2: list[str]) -> None:
    """709.4b: the combined cost has the generic amounts added up (written first), every other
    symbol of both halves, the total mana value and the union of the colors."""
    from reference_engine.core.characteristics import combined_cost
    from reference_engine.core.symbols import parse_mana_cost

    left, right = parse_mana_cost(_cost_text(g1, c1)), parse_mana_cost(_cost_text(g2, c2))
    cost = combined_cost(left, right)
    assert cost is not None
    assert cost.mana_value() == left.mana_value() + right.mana_value()
    assert cost.colors == left.colors | right.colors
    assert sorted(s.text for s in cost.symbols if not s.text.isdigit()) == sorted(c1 + c2)
    assert str(cost).startswith("{" + str(g1 + g2) + "}") == bool(g1 + g2)


@settings(max_examples=25, deadline=None)
@given(st.booleans(), st.lists(st.sampled_from(["Grizzly Bears", "Serra Angel", "Hill Giant",
                                                "Glorious Anthem", "Sol Ring"]), max_size=4))
def test_opalescence_and_humility_apply_in_timestamp_order(humility_first: bool,
                                                            others: list[str]) -> None:
    """613.6, 613.7: Humility keeps applying in 7b after losing its own abilities in layer 6;
    in 7b the later of the two effects decides the enchantment creatures' base P/T."""
    pair = [{"handle": "humility", "card": "Humility"}, {"handle": "opal", "card": "Opalescence"}]
    if not humility_first:
        pair.reverse()
    objects = pair + [{"handle": f"o{i}", "card": c} for i, c in enumerate(others)]
    g = game({"objects": objects})
    assert observe(g, "power", object="humility") == (4 if humility_first else 1)
    assert observe(g, "power", object="opal") is None
    for i, card in enumerate(others):
        creature = card in ("Grizzly Bears", "Serra Angel", "Hill Giant")
        enchantment = card == "Glorious Anthem"
        expected = 3 if enchantment and humility_first else 1 if creature or enchantment else None
        assert observe(g, "power", object=f"o{i}") == expected
        if creature or enchantment:
            assert observe(g, "keywords", object=f"o{i}") == []
