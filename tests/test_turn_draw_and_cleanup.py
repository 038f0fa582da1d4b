"""Turn structure: the skipped first draw (CR 103.8a) and the cleanup step's
discard to maximum hand size (CR 514.1, 402.2), as properties over hand sizes, player counts
and turns."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reference_engine.core.errors import RulesViolation, SetupError
from reference_engine.turn.hand_size import MAXIMUM_HAND_SIZE

from .helpers import game, observe


def _cards(owner: str, zone: str, n: int, prefix: str) -> list[dict[str, Any]]:
    return [{"handle": f"{prefix}{i}", "card": "Island", "zone": zone, "owner": owner}
            for i in range(n)]


@settings(max_examples=15, deadline=None)
@given(size=st.integers(min_value=0, max_value=12), bob_size=st.integers(0, 10),
       era=st.sampled_from(["modern", "invasion-2000"]))
def test_cleanup_discards_the_active_players_excess(size: int, bob_size: int, era: str) -> None:
    # 514.1: only the active player, only down to seven; the chosen cards go.
    excess = max(size - MAXIMUM_HAND_SIZE, 0)
    objects = (_cards("alice", "hand", size, "a") + _cards("bob", "hand", bob_size, "b")
               + _cards("bob", "library", 1, "lib"))
    g = game({"step": "end", "objects": objects}, era=era)
    chosen = [f"a{i}" for i in range(size - excess, size)]
    g.perform({"type": "advance", "to": "upkeep", "choices": {"discard": chosen}})
    assert observe(g, "count", zone="hand", player="alice", filter={}) == min(size, 7)
    assert observe(g, "count", zone="graveyard", player="alice", filter={}) == excess
    assert observe(g, "count", zone="hand", player="bob", filter={}) == bob_size
    for handle in chosen:
        assert observe(g, "zone", object=handle) == "graveyard"


def test_cleanup_discard_needs_an_answer_of_the_right_size() -> None:
    objects = _cards("alice", "hand", 9, "a") + _cards("bob", "library", 1, "lib")
    with pytest.raises(SetupError):
        game({"step": "end", "objects": objects}).perform({"type": "advance", "to": "upkeep"})
    with pytest.raises(RulesViolation) as err:
        game({"step": "end", "objects": objects}).perform(
            {"type": "advance", "to": "upkeep", "choices": {"discard": ["a0"]}})
    assert err.value.failure == "illegal-choice"


@settings(max_examples=12, deadline=None)
@given(turn=st.integers(min_value=1, max_value=6), players=st.sampled_from([2, 3]),
       era=st.sampled_from(["modern", "invasion-2000"]))
def test_only_turn_one_of_a_two_player_game_skips_the_draw(turn: int, players: int,
                                                          era: str) -> None:
    # 103.8a (two players: the starting player skips the first draw); 103.8c (no one else).
    names = ["alice", "bob", "carol"][:players]
    objects = _cards("alice", "library", 2, "lib")
    g = game({"players": names, "turn": turn, "step": "upkeep", "objects": objects}, era=era)
    g.perform({"type": "advance", "to": "precombat-main"})
    drawn = 0 if (turn == 1 and players == 2) else 1
    assert observe(g, "count", zone="hand", player="alice", filter={}) == drawn
    assert observe(g, "lost", player="alice") is False


def _outcast_game(lands: int, era: str = "modern") -> Any:
    objects = [{"handle": "outcast", "card": "Dragonmaster Outcast", "zone": "battlefield",
                "owner": "alice"}]
    objects += [{"handle": f"m{i}", "card": "Mountain", "zone": "battlefield", "owner": "alice"}
                for i in range(lands)]
    return game({"step": "untap", "objects": objects}, era=era)


@settings(max_examples=12, deadline=None)
@given(lands=st.integers(min_value=0, max_value=9),
       era=st.sampled_from(["modern", "invasion-2000"]))
def test_intervening_if_checked_as_the_event_happens(lands: int, era: str) -> None:
    # 603.4: "if you control six or more lands" decides whether it triggers at all.
    g = _outcast_game(lands, era)
    g.perform({"type": "advance", "to": "upkeep"})
    triggered = lands >= 6
    assert observe(g, "stack") == (["ability of Dragonmaster Outcast"] if triggered else [])


@settings(max_examples=8, deadline=None)
@given(lands=st.integers(min_value=6, max_value=9), lost=st.integers(min_value=0, max_value=4))
def test_intervening_if_checked_again_on_resolution(lands: int, lost: int) -> None:
    # 603.4: false on resolution, the ability does nothing (and it is gone from the stack).
    g = _outcast_game(lands)
    g.perform({"type": "advance", "to": "upkeep"})
    state = g.state
    for i in range(lost):
        state.move(state.by_handle(f"m{i}"), "graveyard")
    g.perform({"type": "resolve"})
    assert observe(g, "stack") == []
    assert observe(g, "tokens", player="alice") == (["Dragon Token"] if lands - lost >= 6
                                                    else [])


@settings(max_examples=12, deadline=None)
@given(alice=st.integers(min_value=1, max_value=8), bob=st.integers(min_value=1, max_value=8))
def test_flame_rift_hits_each_player_at_once(alice: int, bob: int) -> None:
    # "each_player": no targeting, every player; 704.3: both losses are seen together.
    g = game({"life": {"alice": alice, "bob": bob}, "mana_pool": {"alice": "{R}{R}"},
              "objects": [{"handle": "rift", "card": "Flame Rift", "zone": "hand",
                           "owner": "alice"}]})
    g.perform({"type": "cast", "player": "alice", "object": "rift"})
    g.perform({"type": "resolve"})
    assert observe(g, "life", player="alice") == alice - 4
    assert observe(g, "life", player="bob") == bob - 4
    assert observe(g, "lost", player="alice") is (alice <= 4)
    assert observe(g, "lost", player="bob") is (bob <= 4)


def test_a_pass_ending_the_end_step_takes_the_cleanup_discard() -> None:
    objects = _cards("alice", "hand", 8, "a") + _cards("bob", "library", 1, "lib")
    g = game({"step": "end", "objects": objects})
    g.perform({"type": "pass_priority", "player": "alice"})
    g.perform({"type": "pass_priority", "player": "bob", "choices": {"discard": ["a3"]}})
    assert observe(g, "zone", object="a3") == "graveyard"
    assert observe(g, "active_player") == "bob"


@settings(max_examples=10, deadline=None)
@given(size=st.integers(min_value=0, max_value=12), towers=st.sampled_from(["alice", "bob", ""]))
def test_no_maximum_hand_size_only_for_the_towers_controller(size: int, towers: str) -> None:
    # 402.2: "You have no maximum hand size" lifts only its controller's maximum.
    objects = _cards("alice", "hand", size, "a") + _cards("bob", "library", 1, "lib")
    if towers:
        objects.append({"handle": "tower", "card": "Reliquary Tower", "zone": "battlefield",
                        "owner": towers})
    kept = size if towers == "alice" else min(size, 7)
    chosen = [f"a{i}" for i in range(kept, size)]
    g = game({"step": "end", "objects": objects})
    g.perform({"type": "advance", "to": "upkeep", "choices": {"discard": chosen}})
    assert observe(g, "count", zone="hand", player="alice", filter={}) == kept
