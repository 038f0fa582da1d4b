"""How the game ends (CR 104): who has lost, who has won, whether it is over.

The state keeps the players who lost in ``extra["lost"]`` (in the order they lost) and those an
effect made win in ``extra["won"]``. A player who loses leaves the game (104.5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from reference_engine.core.state import GameState

__all__ = ["game_is_over", "has_won", "is_draw", "mark_lost", "mark_won"]


def mark_lost(state: GameState, player: str, reason: str) -> bool:
    """``player`` loses the game (CR 104.3) unless they already have; whether they just did."""
    lost = state.extra.setdefault("lost", [])
    if player in lost:
        return False
    lost.append(player)
    state.log("player-loses", player=player, reason=reason)
    state.changed()
    return True


def mark_won(state: GameState, player: str) -> None:
    """An effect says ``player`` wins the game (CR 104.2b): the game ends at once (104.1)."""
    won = state.extra.setdefault("won", [])
    if player not in won:
        won.append(player)
        state.log("player-wins", player=player)
        state.changed()


def game_is_over(state: GameState) -> bool:
    """Whether the game has ended (CR 104.1): a player won by an effect (104.2b), or at most
    one player has not lost (104.2a: the one left wins; none left: a draw, 104.4a)."""
    if state.extra.get("won"):
        return True
    lost = set(state.extra.get("lost", []))
    return len(state.players) > 1 and len([p for p in state.players if p not in lost]) <= 1


def has_won(state: GameState, player: str) -> bool:
    """Whether ``player`` has won (CR 104.2a: the one player still in the game once every
    opponent has left it; 104.2b: an effect says so, unless they lost too, 104.3f)."""
    lost = set(state.extra.get("lost", []))
    if player in lost:
        return False
    if player in state.extra.get("won", []):
        return True
    return all(p in lost for p in state.players if p != player)


def is_draw(state: GameState) -> bool:
    """Whether the game is a draw (CR 104.4a): every player lost, none won."""
    lost = set(state.extra.get("lost", []))
    return not state.extra.get("won") and all(p in lost for p in state.players)
