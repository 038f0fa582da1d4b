"""Starting the game (CR 103): who plays first, opening hands and mulligans in both eras.

The property restates the mulligan rules independently: after N mulligans a player keeps
7 - N cards under the London mulligan (103.5; N - 1 in a multiplayer game, 103.5c) and 7 - N
under the Sixth Edition one (101.5), no card leaves the player's deck, and the game then begins
with the starting player's turn 1 (103.8)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference_engine import Game, RulesViolation
from tests.helpers import game, observe

_DECK = 12


def _setup(players: list[str]) -> dict[str, Any]:
    objects = [{"handle": f"{p}{i:02d}", "card": "Forest", "zone": "library", "owner": p}
               for p in players for i in range(_DECK)]
    return {"players": players, "pregame": {"chooser": players[0]}, "objects": objects}


def _answers(g: Game, taken: int, free: int) -> dict[str, Any]:
    """Alice's shuffle (her whole deck, in handle order, so the hand is its first seven) and,
    under the London mulligan, the cards she puts on the bottom (the first ones drawn)."""
    order = sorted(h for h in g.state.handles if h.startswith("alice"))
    answers: dict[str, Any] = {"shuffle": {"alice": order}}
    if taken - free > 0:
        answers["bottom"] = {"alice": order[:taken - free]}
    return answers


@given(st.integers(min_value=0, max_value=7), st.sampled_from(["modern", "invasion-2000"]),
       st.integers(min_value=2, max_value=3))
def test_a_kept_hand_has_the_size_the_mulligan_rule_gives(mulligans: int, era: str,
                                                          seats: int) -> None:
    players = ["alice", "bob", "carol"][:seats]
    g = game(_setup(players), era=era)
    g.perform({"type": "choose_starting_player", "player": "alice", "first": "alice"})
    free = 1 if seats > 2 and era == "modern" else 0
    for taken in range(1, mulligans + 1):
        if era == "invasion-2000":
            g.perform({"type": "mulligan", "player": "alice", "choices": _answers(g, taken, 0)})
        elif taken == 1:
            # Round one: everyone declares; the last declaration takes Alice's mulligan.
            g.perform({"type": "mulligan", "player": "alice"})
            for other in players[1:-1]:
                g.perform({"type": "keep", "player": other})
            g.perform({"type": "keep", "player": players[-1],
                       "choices": _answers(g, taken, free)})
        else:
            g.perform({"type": "mulligan", "player": "alice", "choices": _answers(g, taken, free)})
        assert observe(g, "mulligans", player="alice") == taken
    g.perform({"type": "keep", "player": "alice"})
    if era == "invasion-2000" or mulligans == 0:
        for other in players[1:]:
            g.perform({"type": "keep", "player": other})
    kept = 7 - mulligans if era == "invasion-2000" else 7 - max(mulligans - free, 0)
    assert observe(g, "count", zone="hand", player="alice", filter={}) == kept
    assert observe(g, "count", zone="library", player="alice", filter={}) == _DECK - kept
    for other in players[1:]:
        assert observe(g, "count", zone="hand", player=other, filter={}) == 7
    assert observe(g, "pregame") is None
    assert (observe(g, "active_player"), observe(g, "step"), g.state.turn) == (
        "alice", "upkeep", 1)


@pytest.mark.parametrize("era", ["modern", "invasion-2000"])
def test_no_mulligan_once_the_hand_would_be_empty(era: str) -> None:
    """CR 103.5 (Sixth Edition 101.5): mulligans stop when the hand would have no cards."""
    g = game(_setup(["alice", "bob"]), era=era)
    g.perform({"type": "choose_starting_player", "player": "alice", "first": "alice"})
    for taken in range(1, 8):
        if era == "modern" and taken == 1:
            g.perform({"type": "mulligan", "player": "alice"})
            g.perform({"type": "keep", "player": "bob", "choices": _answers(g, 1, 0)})
        else:
            g.perform({"type": "mulligan", "player": "alice", "choices": _answers(g, taken, 0)})
    assert observe(g, "count", zone="hand", player="alice", filter={}) == 0
    with pytest.raises(RulesViolation) as err:
        g.perform({"type": "mulligan", "player": "alice"})
    assert err.value.failure == "illegal-action"


def test_nothing_but_the_pregame_before_the_game_begins() -> None:
    """CR 103, 117.1: before the first turn no one has priority to cast or pass, and once
    it has begun the pregame's actions are refused."""
    g = game(_setup(["alice", "bob"]))
    assert observe(g, "priority") is None and observe(g, "step") is None
    for act in ({"type": "pass_priority", "player": "alice"}, {"type": "advance", "to": "end"}):
        with pytest.raises(RulesViolation) as err:
            g.perform(act)
        assert err.value.failure == "no-priority"
    g.perform({"type": "choose_starting_player", "player": "alice", "first": "bob"})
    g.perform({"type": "keep", "player": "bob"})
    g.perform({"type": "keep", "player": "alice"})
    with pytest.raises(RulesViolation) as err:
        g.perform({"type": "keep", "player": "alice"})
    assert err.value.failure == "illegal-action"
