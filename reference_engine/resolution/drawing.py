"""Drawing cards (CR 121) and losing by drawing from an empty library (CR 704.5b)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from reference_engine.sba.checks import state_based_action

if TYPE_CHECKING:
    from reference_engine.core.state import GameState

__all__ = ["draw_cards"]

_EMPTY_DRAW = "drew_from_empty_library"


def draw_cards(state: GameState, player: str, count: int = 1) -> int:
    """``player`` draws ``count`` cards one at a time from the top of their library (121.2);
    a draw from an empty library draws nothing and is remembered for 704.5b. Returns the number
    of cards drawn."""
    drawn = 0
    for _ in range(count):
        library = state.zone_list("library", player)
        if not library:
            state.extra.setdefault(_EMPTY_DRAW, set()).add(player)
            state.log("draw-from-empty-library", player=player)
            continue
        state.move(state.objects[library[0]], "hand")
        state.log("draw", player=player)
        drawn += 1
    return drawn


@state_based_action(cr="704.5b")
def _empty_library_loss(state: GameState) -> bool:
    """Check 704.5b: a player who attempted to draw from an empty library since the last check
    loses the game."""
    players = state.extra.pop(_EMPTY_DRAW, set())
    lost = state.extra.setdefault("lost", [])
    for player in sorted(players):
        if player not in lost:
            lost.append(player)
            state.log("player-loses", player=player, reason="drew from an empty library")
    return bool(players)
