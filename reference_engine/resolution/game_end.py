"""Effects that end the game (CR 104.2b, 104.3e, 104.4c, 104.4h): "you win the game", "target player
loses the game", "the game is a draw"; with a limited range of influence, "you win" makes the
opponents in range lose (801.14, 104.3h) and "the game is a draw" is a draw only for the
controller and the players in their range, who leave while the others play on (104.4e)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from reference_engine.core.context import ResolveContext, effect
from reference_engine.layers.seating import has_limited_range, within_range
from reference_engine.sba.outcome import mark_drawn, mark_lost, mark_won
from reference_engine.sba.teams import emperor_of

__all__: list[str] = []


@effect("win_game", params={"target": "ref: who wins (default the controller)"},
        cr=("104.2b", "104.1"),
        example='Coalition Victory: {type = "win_game", target = "controller", condition = '
                '{...}}')
def _win_game(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """The player referred to wins the game (CR 104.2b); the game ends at once (104.1), so
    nothing more of the effect happens and no one receives priority again."""
    for ref in ctx.refs(p) or [{"player": ctx.controller}]:
        if "player" not in ref:
            continue
        winner = str(ref["player"])
        if has_limited_range(ctx.state):
            # 801.14: with a limited range of influence, the opponents within the winner's
            # range lose the game instead; the game ends only if no one else is left.
            for other in ctx.state.opponents(winner):
                if within_range(ctx.state, winner, other):
                    mark_lost(ctx.state, other, "effect")
        else:
            mark_won(ctx.state, winner)


@effect("lose_game", params={"target": "ref: who loses (a target slot or a player ref)"},
        cr=("104.3e", "104.5"),
        example='Door to Nothingness: {type = "lose_game", target = "t"}')
def _lose_game(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Each player referred to loses the game (CR 104.3e) and leaves it (104.5); in a
    two-player game the other player then wins (104.2a)."""
    for ref in ctx.refs(p):
        if "player" in ref:
            mark_lost(ctx.state, str(ref["player"]), "effect")


@effect("draw_game", cr=("104.4c", "104.4e", "104.4h"),
        example='Divine Intervention: {type = "draw_game"}')
def _draw_game(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """The game is a draw (CR 104.4c) for every player still in it; with a limited range of
    influence, only for the effect's controller and the players within their range, who leave
    the game while it goes on for the others (104.4e). In an Emperor game it is a draw for a
    whole team when it is one for the team's emperor (104.4h, 809.5)."""
    state = ctx.state
    for player in state.in_game():
        if not has_limited_range(state) or within_range(state, ctx.controller, player):
            mark_drawn(state, player)
    drawn = state.extra.get("drawn", ())
    for player in state.in_game():
        if emperor_of(state, player) in drawn:
            mark_drawn(state, player)
