"""Names: name stickers (CR 123.6c) and choosing a card name in both eras (201.4b, 709.4a)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference_engine import EngineError, RulesViolation
from reference_engine.objects.names import choose_card_name, insert_word
from tests.helpers import game, observe

WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=6)


def _oracle_sticker(words: list[str], word: str, position: int) -> list[str]:
    """123.6c restated: after ``position`` words, or at the end when there are fewer."""
    if position >= len(words):
        return [*words, word]
    return [*words[:position], word, *words[position:]]


@given(st.lists(WORD, min_size=1, max_size=6), WORD, st.integers(min_value=0, max_value=9))
def test_a_sticker_goes_after_its_number_of_words(words: list[str], word: str,
                                                  position: int) -> None:
    assert insert_word(" ".join(words), word, position).split() == _oracle_sticker(
        words, word, position)


@given(st.lists(st.tuples(WORD, st.integers(min_value=0, max_value=5)), min_size=1,
                max_size=4))
def test_stickers_apply_in_timestamp_order_on_the_engine(stickers: list[tuple[str, int]]
                                                        ) -> None:
    g = game({"objects": [{"handle": "bears", "card": "Grizzly Bears"}],
              "effects": [{"type": "name_sticker", "word": w, "position": p,
                           "affected": ["bears"]} for w, p in stickers]})
    expected = ["Grizzly", "Bears"]
    for w, p in stickers:
        expected = _oracle_sticker(expected, w, p)
    assert observe(g, "name", object="bears") == " ".join(expected)


@pytest.mark.parametrize(("to_zone", "kept"), [("graveyard", True), ("exile", True),
                                               ("hand", False), ("library", False)])
def test_stickers_follow_only_moves_between_public_zones(to_zone: str, kept: bool) -> None:
    g = game({"objects": [{"handle": "bears", "card": "Grizzly Bears"}],
              "effects": [{"type": "name_sticker", "word": "Fuzzy", "position": 0,
                           "affected": ["bears"]}]})
    g.state.move(g.state.by_handle("bears"), to_zone)
    name = observe(g, "name", object="bears")
    assert name == ("Fuzzy Grizzly Bears" if kept else "Grizzly Bears")


SPLITS = ["Wax // Wane", "Assault // Battery", "Fire // Ice", "Order // Chaos", "Wear // Tear"]


@pytest.mark.parametrize("card", SPLITS)
def test_naming_a_split_card_in_the_invasion_era_needs_all_its_names(card: str) -> None:
    g = game({"objects": [{"card": card, "zone": "hand"}]}, era="invasion-2000")
    halves = card.split(" // ")
    assert choose_card_name(g.state, card) == halves
    for half in halves:
        with pytest.raises(RulesViolation) as exc:
            choose_card_name(g.state, half)
        assert exc.value.failure == "illegal-choice"


@pytest.mark.parametrize("card", SPLITS)
def test_naming_a_split_card_in_the_modern_era_is_one_name(card: str) -> None:
    g = game({"objects": [{"card": card, "zone": "hand"}]})
    for half in card.split(" // "):
        assert choose_card_name(g.state, half) == [half]
    with pytest.raises(RulesViolation):
        choose_card_name(g.state, card)


def test_a_basic_land_name_can_be_refused() -> None:
    g = game({"objects": [{"card": "Forest", "zone": "hand"}]})
    with pytest.raises(RulesViolation):
        choose_card_name(g.state, "Forest", not_basic_land=True)
    assert choose_card_name(g.state, "Forest") == ["Forest"]


@pytest.mark.parametrize(("era", "named", "castable"), [
    ("modern", "Wax", {"Wax": False, "Wane": True}),
    ("modern", "Wane", {"Wax": True, "Wane": False}),
    ("invasion-2000", "Wax // Wane", {"Wax": False, "Wane": False}),
])
def test_null_chamber_stops_the_halves_its_name_covers(era: str, named: str,
                                                       castable: dict[str, bool]) -> None:
    g = game({"objects": [{"handle": "ww", "card": "Wax // Wane", "zone": "hand", "owner": "bob"},
                          {"handle": "chamber", "card": "Null Chamber", "zone": "stack"}]},
             era=era)
    g.perform({"type": "resolve", "choices": {"name": named, "name_opponent": "Shock"}})
    for half, expected in castable.items():
        assert observe(g, "can_be_cast", object="ww", half=half) is expected


def test_a_rejected_name_leaves_null_chamber_on_the_stack() -> None:
    g = game({"objects": [{"card": "Wax // Wane", "zone": "hand", "owner": "bob"},
                          {"handle": "chamber", "card": "Null Chamber", "zone": "stack"}]})
    with pytest.raises(RulesViolation):
        g.perform({"type": "resolve", "choices": {"name": "Wax // Wane",
                                                  "name_opponent": "Shock"}})
    assert observe(g, "zone", object="chamber") == "stack"


STICKER_SPELL = {
    "name": "Test Sticker Spell", "mana_cost": "{1}", "types": ["Sorcery"],
    "oracle_text": "Put a name sticker on target creature.",
    "abilities": [{"kind": "spell", "targets": [{"name": "t", "kind": "creature"}],
                   "effects": [{"type": "put_name_sticker", "target": "t"}]}],
}


@given(st.integers(min_value=0, max_value=2), WORD)
def test_a_sticker_put_during_the_game_stays_at_its_chosen_place(position: int,
                                                                  word: str) -> None:
    g = game({"objects": [
        {"handle": "bears", "card": "Grizzly Bears"},
        {"handle": "spell", "card": "Test Sticker Spell", "zone": "stack",
         "targets": ["bears"]},
    ]}, cards=[STICKER_SPELL])
    g.perform({"type": "resolve", "choices": {"sticker_word": word,
                                              "sticker_position": position}})
    expected = " ".join(_oracle_sticker(["Grizzly", "Bears"], word, position))
    assert observe(g, "name", object="bears") == expected
    g.state.move(g.state.by_handle("bears"), "graveyard")
    assert observe(g, "name", object="bears") == expected


def test_a_sticker_position_beyond_the_name_is_refused() -> None:
    g = game({"objects": [
        {"handle": "bears", "card": "Grizzly Bears"},
        {"handle": "spell", "card": "Test Sticker Spell", "zone": "stack",
         "targets": ["bears"]},
    ]}, cards=[STICKER_SPELL])
    with pytest.raises(EngineError):
        g.perform({"type": "resolve", "choices": {"sticker_word": "x",
                                                  "sticker_position": 3}})


@pytest.mark.parametrize("name", ["Plains", "snow-covered island", "Wastes"])
def test_basic_land_names_are_refused_even_when_not_in_the_game(name: str) -> None:
    g = game({"objects": []})
    with pytest.raises(RulesViolation):
        choose_card_name(g.state, name, not_basic_land=True)
    assert choose_card_name(g.state, name) == [name]


THERAPY = {
    "name": "Test Therapy", "mana_cost": "{B}", "types": ["Sorcery"],
    "oracle_text": "Choose a nonland card name. Target player reveals their hand and discards "
                   "all cards with that name.",
    "abilities": [{"kind": "spell", "targets": [{"name": "p", "kind": "player"}], "effects": [
        {"type": "choose_value", "what": "card_name", "key": "name", "nonland": True},
        {"type": "discard_all", "player": "p", "filter": {"name": {"choice": "name"}}},
    ]}],
}


@pytest.mark.parametrize(("era", "named", "discarded"), [
    ("modern", "Wane", True),           # 709.4a: it has the chosen name if either name is
    ("modern", "Shock", False),
    ("invasion-2000", "Wax // Wane", True),
])
def test_discarding_by_a_chosen_name(era: str, named: str, discarded: bool) -> None:
    g = game({"objects": [
        {"handle": "ww", "card": "Wax // Wane", "zone": "hand", "owner": "bob"},
        {"handle": "shock", "card": "Shock", "zone": "hand", "owner": "bob"},
        {"card": "Test Therapy", "zone": "stack", "targets": ["bob"]},
    ]}, era=era, cards=[THERAPY])
    g.perform({"type": "resolve", "choices": {"name": named}})
    assert (observe(g, "zone", object="ww") == "graveyard") is discarded
    assert (observe(g, "zone", object="shock") == "graveyard") is (named == "Shock")
