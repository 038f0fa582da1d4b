"""Searching, revealing, discarding, scry, surveil and mill (CR 701.9, 701.17, 701.20, 701.22-25),
and edicts (701.21), checked against independent restatements of the rules for any library,
hand, filter and count."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference_engine import RulesViolation, SetupError
from tests.helpers import game, observe

#: Library cards with the facts the oracles need: (card, is a land, is basic, is a creature).
LIBRARY_CARDS = [
    ("Forest", True, True, False),
    ("Island", True, True, False),
    ("Bayou", True, False, False),
    ("Grizzly Bears", False, False, True),
    ("Lightning Bolt", False, False, False),
]
#: Filters of a search and, independently, which of the facts above they ask for.
FILTERS: list[tuple[dict[str, Any], Any]] = [
    ({"type": "Land", "supertype": "Basic"}, lambda c: c[1] and c[2]),
    ({"type": "Land"}, lambda c: c[1]),
    ({"type": "Creature"}, lambda c: c[3]),
    ({"not_type": "Land"}, lambda c: not c[1]),
    ({}, lambda c: True),
]


def _searcher(flt: dict[str, Any], count: Any, to: str) -> dict[str, Any]:
    return {"name": "Test Search", "types": ["Sorcery"], "mana_cost": "",
            "abilities": [{"kind": "spell", "effects": [
                {"type": "search", "filter": flt, "count": count, "to": to}]}]}


def _library(cards: list[tuple[str, bool, bool, bool]]) -> list[dict[str, Any]]:
    return [{"handle": f"c{i}", "card": c[0], "zone": "library", "owner": "alice"}
            for i, c in enumerate(cards)]


def _resolve(g: Any, choices: dict[str, Any]) -> None:
    g.perform({"type": "resolve", "choices": choices})


@given(st.lists(st.sampled_from(LIBRARY_CARDS), max_size=6), st.sampled_from(FILTERS),
       st.data())
def test_a_search_finds_exactly_what_its_filter_allows(
        cards: list[tuple[str, bool, bool, bool]], flt: tuple[dict[str, Any], Any],
        data: st.DataObject) -> None:
    """701.23a-b: any chosen cards that match are found (a search with a stated quality may
    find none); a card that doesn't match can't be chosen."""
    spec, wanted = flt
    setup = {"objects": [{"handle": "s", "card": "Test Search", "zone": "stack",
                          "owner": "alice"}, *_library(cards)]}
    g = game(setup, cards=[_searcher(spec, [0, 2] if spec else [1, 2], "hand")])
    handles = [f"c{i}" for i in range(len(cards))]
    picked = data.draw(st.lists(st.sampled_from(handles), max_size=2, unique=True)
                       if handles else st.just([]))
    legal_pick = all(wanted(cards[int(h[1:])]) for h in picked)
    matching = sum(1 for c in cards if wanted(c))
    low = 0 if spec else min(1, matching)
    choices = {"search": picked, "shuffle": [h for h in handles if h not in picked]}
    if not legal_pick or len(picked) < low:
        with pytest.raises(RulesViolation) as err:
            _resolve(g, choices)
        assert err.value.failure == "illegal-choice"
        assert observe(g, "count", zone="hand", player="alice") == 0  # nothing changed
        return
    _resolve(g, choices)
    assert sorted(observe(g, "objects", zone="hand", player="alice")) == sorted(
        cards[int(h[1:])][0] for h in picked)
    assert observe(g, "count", zone="library", player="alice") == len(cards) - len(picked)


@given(st.integers(0, 4), st.integers(0, 5), st.data())
def test_scry_puts_chosen_cards_on_the_bottom_in_order(n: int, size: int,
                                                       data: st.DataObject) -> None:
    """701.22a: of the top N, those chosen go to the bottom and the rest on top, in the orders
    chosen; cards below the top N don't move."""
    cards = [LIBRARY_CARDS[i % len(LIBRARY_CARDS)] for i in range(size)]
    setup = {"objects": [{"handle": "s", "card": "Test Scry", "zone": "stack", "owner": "alice"},
                         *_library(cards)]}
    scry = {"name": "Test Scry", "types": ["Sorcery"], "mana_cost": "",
            "abilities": [{"kind": "spell", "effects": [{"type": "scry", "amount": n}]}]}
    g = game(setup, cards=[scry])
    looked = [f"c{i}" for i in range(min(n, size))]
    order = data.draw(st.permutations(looked))
    cut = data.draw(st.integers(0, len(order)))
    top, bottom = list(order[:cut]), list(order[cut:])
    _resolve(g, {"scry": {"top": top, "bottom": bottom}} if looked else {})
    rest = [f"c{i}" for i in range(len(looked), size)]
    expected = [cards[int(h[1:])][0] for h in top + rest + bottom]
    assert observe(g, "objects", zone="library", player="alice") == expected


@given(st.integers(0, 4), st.integers(0, 5), st.data())
def test_surveil_puts_chosen_cards_into_the_graveyard(n: int, size: int,
                                                      data: st.DataObject) -> None:
    """701.25a: of the top N, those chosen go to the graveyard, the rest back on top in the
    order chosen."""
    cards = [LIBRARY_CARDS[i % len(LIBRARY_CARDS)] for i in range(size)]
    setup = {"objects": [{"handle": "s", "card": "Test Surveil", "zone": "stack",
                          "owner": "alice"}, *_library(cards)]}
    surveil = {"name": "Test Surveil", "types": ["Sorcery"], "mana_cost": "",
               "abilities": [{"kind": "spell", "effects": [{"type": "surveil", "amount": n}]}]}
    g = game(setup, cards=[surveil])
    looked = [f"c{i}" for i in range(min(n, size))]
    order = data.draw(st.permutations(looked))
    cut = data.draw(st.integers(0, len(order)))
    top, yard = list(order[:cut]), list(order[cut:])
    _resolve(g, {"surveil": {"top": top, "graveyard": yard}} if looked else {})
    rest = [f"c{i}" for i in range(len(looked), size)]
    assert observe(g, "objects", zone="library", player="alice") == [
        cards[int(h[1:])][0] for h in top + rest]
    assert sorted(observe(g, "objects", zone="graveyard", player="alice",
                          filter={"not": {"name": "Test Surveil"}})) == sorted(
        cards[int(h[1:])][0] for h in yard)


@given(st.integers(0, 6), st.integers(0, 4), st.integers(0, 2**16))
def test_random_discard_discards_min_of_amount_and_hand(hand: int, amount: int,
                                                        seed: int) -> None:
    """701.9b: a random discard of N discards N cards of the hand (all of a smaller hand),
    reproducibly for one seed."""
    cards = [{"handle": f"h{i}", "card": "Forest", "zone": "hand", "owner": "bob"}
             for i in range(hand)]
    hymn = {"name": "Test Hymn", "types": ["Sorcery"], "mana_cost": "",
            "abilities": [{"kind": "spell", "effects": [
                {"type": "discard", "player": "each_opponent", "amount": amount,
                 "random": True}]}]}
    outcomes = []
    for _ in range(2):
        g = game({"seed": seed, "objects": [
            {"handle": "s", "card": "Test Hymn", "zone": "stack", "owner": "alice"}, *cards]},
            cards=[hymn])
        g.perform({"type": "resolve"})
        assert observe(g, "count", zone="hand", player="bob") == hand - min(hand, amount)
        outcomes.append([observe(g, "zone", object=f"h{i}") for i in range(hand)])
    assert outcomes[0] == outcomes[1]


@given(st.integers(0, 5), st.integers(0, 4))
def test_mill_moves_the_top_cards_in_order(size: int, n: int) -> None:
    """701.17a: the top N cards (all of a smaller library) go to the graveyard."""
    cards = [LIBRARY_CARDS[i % len(LIBRARY_CARDS)] for i in range(size)]
    mill = {"name": "Test Mill", "types": ["Sorcery"], "mana_cost": "",
            "abilities": [{"kind": "spell", "effects": [{"type": "mill", "amount": n}]}]}
    g = game({"objects": [{"handle": "s", "card": "Test Mill", "zone": "stack",
                           "owner": "alice"}, *_library(cards)]}, cards=[mill])
    g.perform({"type": "resolve"})
    assert observe(g, "objects", zone="library", player="alice") == [
        c[0] for c in cards[min(n, size):]]


@given(st.lists(st.sampled_from(["alice", "bob"]), min_size=1, max_size=4), st.data())
def test_an_edict_sacrifices_a_creature_its_player_controls(controllers: list[str],
                                                            data: st.DataObject) -> None:
    """701.21a: the target player sacrifices one creature they control, of their choice."""
    objects = [{"handle": f"k{i}", "card": "Grizzly Bears", "zone": "battlefield",
                "owner": who} for i, who in enumerate(controllers)]
    objects.append({"handle": "edict", "card": "Diabolic Edict", "zone": "stack",
                    "owner": "alice", "targets": ["bob"]})
    g = game({"objects": objects})
    pick = data.draw(st.sampled_from([f"k{i}" for i in range(len(controllers))]))
    bobs = [f"k{i}" for i, who in enumerate(controllers) if who == "bob"]
    if pick not in bobs and len(bobs) != 1:
        with pytest.raises((RulesViolation, SetupError)):
            _resolve(g, {"sacrifice": pick})
        return
    _resolve(g, {"sacrifice": pick} if len(bobs) > 1 else {})
    gone = [h for h in (f"k{i}" for i in range(len(controllers)))
            if observe(g, "zone", object=h) == "graveyard"]
    assert gone == ([] if not bobs else [pick if len(bobs) > 1 else bobs[0]])


def test_an_unanswered_search_names_the_choice() -> None:
    """The message a case author sees for a missing answer names the choice and the options."""
    g = game({"objects": [{"handle": "s", "card": "Test Search", "zone": "stack",
                           "owner": "alice"}, *_library([LIBRARY_CARDS[0], LIBRARY_CARDS[1]])]},
             cards=[_searcher({"type": "Land"}, 1, "hand")])
    with pytest.raises(SetupError, match=r"the case must answer choice 'search' for alice "
                                         r"\(0-1 of \['c0', 'c1'\]\)"):
        g.perform({"type": "resolve"})
