"""Ending the game (CR 104): conceding, effects that win or lose the game, draws."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference_engine import RulesViolation
from tests.helpers import game, observe


@given(st.sampled_from(["alice", "bob", "carol"]), st.sampled_from(["alice", "bob", "carol"]))
def test_a_concession_in_a_three_player_game(conceder: str, holder: str) -> None:
    """CR 104.3a: the conceder loses at once; with two players left the game goes on
    (104.2a needs every opponent gone) and priority never rests with a player who left."""
    g = game({"players": ["alice", "bob", "carol"], "priority": holder})
    g.perform({"type": "concede", "player": conceder})
    assert observe(g, "lost", player=conceder) is True
    left = [p for p in ("alice", "bob", "carol") if p != conceder]
    assert not any(observe(g, "won", player=p) for p in ("alice", "bob", "carol"))
    assert observe(g, "priority") in left
    if holder != conceder:
        assert observe(g, "priority") == holder
    g.perform({"type": "concede", "player": left[0]})
    assert observe(g, "won", player=left[1]) is True
    assert observe(g, "priority") is None and observe(g, "draw") is False
    with pytest.raises(RulesViolation):
        g.perform({"type": "concede", "player": left[1]})


def test_conceding_before_the_game_begins() -> None:
    """CR 104.3a: a player may concede at any time, the pregame included."""
    g = game({"pregame": {"chooser": "alice"}})
    g.perform({"type": "concede", "player": "alice"})
    assert observe(g, "won", player="bob") is True
