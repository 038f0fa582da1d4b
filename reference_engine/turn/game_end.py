"""Ending the game (CR 104): conceding, and the queries for who won and whether it is a draw."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.errors import RulesViolation
from reference_engine.core.registry import PREGAME_ACTIONS, action, query
from reference_engine.sba.departure import process_departures
from reference_engine.sba.outcome import has_won, is_draw, mark_lost
from reference_engine.turn.priority import game_over

if TYPE_CHECKING:
    from reference_engine.core.handlers import GameView

__all__: list[str] = []


@action("concede", params={"player": "str!: the player who concedes"},
        cr=("104.3a", "405.6g", "104.2a"),
        example='{type = "concede", player = "bob"}')
def _concede(game: GameView, a: Mapping[str, Any]) -> None:
    """A player concedes (CR 104.3a): at any time, with or without priority, without using
    the stack (405.6g); they leave the game at once and lose it. In a two-player game the
    other player wins (104.2a) and no one receives priority again (117.1). Rejected
    (``illegal-action``) once the game is over."""
    state = game.state
    player = game.player(a.get("player"))
    if game_over(state):
        raise RulesViolation("illegal-action", "the game is already over (CR 104.1)")
    mark_lost(state, player, "concession")
    if game_over(state):
        state.priority_player = None
    else:
        # 800.4a: in a multiplayer game the player leaves it, with what they own; if they had
        # priority, the next player in turn order still in the game receives it.
        process_departures(state)
    state.changed()


@query("won")
def _won(game: GameView, q: Mapping[str, Any]) -> bool:
    """Whether ``player`` has won the game (CR 104.2a: every opponent has left it; 104.2b: an
    effect says so)."""
    return has_won(game.state, game.player(q.get("player")))


@query("draw", params={"player": "str: for this player (the whole game when absent)"})
def _draw(game: GameView, q: Mapping[str, Any]) -> bool:
    """Whether the game is a draw (CR 104.4a: all the players left lost at the same time;
    104.4c: an effect says so); with ``player``, whether it is a draw for that player, also
    one who left a game that goes on for others (104.4e)."""
    who = q.get("player")
    return is_draw(game.state, None if who is None else game.player(who))


PREGAME_ACTIONS.add("concede")  # 104.3a: at any time, before the first turn too
