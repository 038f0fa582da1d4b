"""Stickers (CR 123): counting letters and vowels on name stickers, ticket costs, stickers that
follow objects between public zones and come off in hidden ones, and the setup's messages."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference_engine import EngineError, RulesViolation
from tests.helpers import game, observe

WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyzAEIOUY", min_size=1, max_size=10)


def _unique_vowels(word: str) -> int:
    """123.6e restated: the different letters among A, E, I, O, U, Y, whatever their case."""
    return len({c for c in word.upper() if c in "AEIOUY"})


def _resolve_entering(setup: dict[str, Any], choices: dict[str, Any]) -> Any:
    g = game(setup)
    g.perform({"type": "cast", "player": "alice", "object": "it"})
    g.perform({"type": "resolve"})
    g.perform({"type": "resolve", "choices": choices})
    return g


@given(WORD)
def test_o_saurus_gets_a_counter_per_unique_vowel(word: str) -> None:
    g = _resolve_entering({
        "mana_pool": {"alice": "{C}{C}{C}{C}{G}{G}"},
        "stickers": {"alice": [{"handle": "w", "kind": "name", "word": word}]},
        "objects": [{"handle": "it", "card": "_____-o-saurus", "zone": "hand"}],
    }, {"sticker": "w", "sticker_position": 0})
    expected = _unique_vowels(word)
    assert observe(g, "counters", object="it") == ({"+1/+1": expected} if expected else {})


@given(st.lists(WORD, min_size=1, max_size=3))
def test_balls_of_fire_counts_the_o_of_every_name_sticker(words: list[str]) -> None:
    """123.6d restated: the letter O in either case, over all name stickers on it."""
    g = _resolve_entering({
        "mana_pool": {"alice": "{C}{C}{C}{R}"},
        "stickers": {"alice": [{"handle": f"w{i}", "kind": "name", "word": w}
                               for i, w in enumerate(words)]},
        "objects": [{"handle": "it", "card": "_____ Balls of Fire", "zone": "hand"}],
    }, {"sticker": "w0", "sticker_position": 0, "trigger_targets": {"it": ["bob"]}})
    g.perform({"type": "resolve"})
    assert observe(g, "life", player="bob") == 20 - words[0].casefold().count("o")


@given(st.integers(min_value=0, max_value=6), st.integers(min_value=0, max_value=6))
def test_a_ticket_cost_is_paid_only_when_the_owner_has_the_tickets(tickets: int,
                                                                   cost: int) -> None:
    """123.3c: Ticketomaton gives one {TK} first; the sticker can be chosen iff the owner then
    has at least its ticket cost, and paying removes that many."""
    setup = {
        "mana_pool": {"alice": "{C}{C}{C}"}, "tickets": {"alice": tickets},
        "stickers": {"alice": [{"handle": "s", "kind": "art", "tickets": cost}]},
        "objects": [{"handle": "it", "card": "Ticketomaton", "zone": "hand"}],
    }
    choices = {"sticker": "s", "sticker_on": "it"}
    if tickets + 1 >= cost:
        g = _resolve_entering(setup, choices)
        assert observe(g, "tickets", player="alice") == tickets + 1 - cost
        assert observe(g, "stickers", object="it") == ["s"]
    else:
        with pytest.raises(RulesViolation) as err:
            _resolve_entering(setup, choices)
        assert err.value.failure == "illegal-choice"


@pytest.mark.parametrize(("zone", "kept"), [("graveyard", True), ("exile", True),
                                            ("hand", False), ("library", False)])
def test_stickers_stay_in_public_zones_and_come_off_in_hidden_ones(zone: str,
                                                                   kept: bool) -> None:
    """123.5: every kind of sticker follows the card to a public zone; a hidden zone takes it
    off, and the sticker is on no object again."""
    g = _resolve_entering({
        "mana_pool": {"alice": "{C}{C}{C}"}, "tickets": {"alice": 4},
        "stickers": {"alice": [{"handle": "pt", "kind": "pt", "power": 5, "toughness": 3,
                                "tickets": 3}]},
        "objects": [{"handle": "it", "card": "Ticketomaton", "zone": "hand"}],
    }, {"sticker": "pt", "sticker_on": "it"})
    g.state.move(g.state.by_handle("it"), zone)
    assert observe(g, "stickers", object="it") == (["pt"] if kept else [])
    assert observe(g, "stickers_available", player="alice") == ([] if kept else ["pt"])
    assert observe(g, "power", object="it") == (5 if kept else 2)


@pytest.mark.parametrize(("setup", "message"), [
    ({"stickers": {"carol": []}}, "setup.stickers: unknown player 'carol'"),
    ({"stickers": {"alice": [{"handle": "a", "kind": "shiny"}]}},
     "setup.stickers.alice[0]: 'kind' must be one of name, ability, pt, art, not 'shiny'"),
    ({"stickers": {"alice": [{"handle": "a", "kind": "art"}, {"handle": "a", "kind": "art"}]}},
     "setup.stickers.alice[1]: the sticker handle 'a' is used twice"),
    ({"stickers": {"alice": [{"handle": "a", "kind": "name"}]}},
     "setup.stickers.alice[0]: a name sticker needs its 'word'"),
    ({"tickets": {"alice": -1}}, "setup.tickets.alice: a whole number of ticket counters"),
])
def test_a_bad_sticker_setup_is_named(setup: dict[str, Any], message: str) -> None:
    with pytest.raises(EngineError, match=message.replace("[", r"\[").replace("]", r"\]")):
        game(setup)
