"""Facing a villainous choice (CR 701.55).

``villainous_choice {player = "each_opponent", options = [[effects A], [effects B]]}``: each
player referred to, one at a time in APNAP order (701.55d), chooses option A or B (choice
``villainous``: ``"a"`` or ``"b"``; with several players facing it, a table by player), then
every effect of the chosen option is performed (701.55a). The option's effects name the player
facing the choice as ``"facing_player"``; "you" is still the controller of the spell or
ability. A player may choose an option that is impossible or does nothing; as much of it as
possible is done (701.55b).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from reference_engine.core.choices import choose
from reference_engine.core.context import ResolveContext, effect, reference
from reference_engine.core.errors import RulesViolation, SetupError
from reference_engine.layers.values import players_of
from reference_engine.resolution.stack import run_effect

__all__ = ["FACING"]

#: ``GameObject.extra`` key of the resolving object: the player facing the choice now.
FACING = "facing_player"
_OPTIONS = ("a", "b")


def _apnap(ctx: ResolveContext, players: list[str]) -> list[str]:
    order = ctx.state.turn_order
    start = order.index(ctx.state.active_player)
    seats = order[start:] + order[:start]
    return sorted(players, key=seats.index)


@effect("villainous_choice", params={
    "player": "any: who faces the choice (default each opponent)",
    "options": "any: the two options, each a list of effects; \"facing_player\" names the "
               "player choosing"},
    cr=("701.55a", "701.55b", "701.55d"),
    example='{type = "villainous_choice", options = [[{type = "lose_life", target = '
            '"facing_player", amount = 4}], [{type = "draw", amount = 2}]]}')
def _villainous_choice(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Each player faces the villainous choice in turn (701.55a, 701.55d): they choose an
    option, possible or not (701.55b), and all of it is performed."""
    options = p.get("options")
    if not isinstance(options, list) or len(options) != 2:
        raise SetupError("villainous_choice needs options = [[effects A], [effects B]]")
    for player in _apnap(ctx, players_of(ctx, p.get("player", "each_opponent"))):
        answer = choose(ctx.state, "villainous", None)
        if isinstance(answer, Mapping):
            answer = answer.get(player)
        if answer not in _OPTIONS:
            raise RulesViolation("illegal-choice", f"villainous: {player} chooses 'a' or "
                                 f"'b', not {answer!r} (CR 701.55a)")
        ctx.state.log("villainous-choice", player=player, option=str(answer))
        ctx.obj.extra[FACING] = player
        try:
            for eff in options[_OPTIONS.index(str(answer))]:
                run_effect(ctx, eff)
        finally:
            ctx.obj.extra.pop(FACING, None)
    ctx.state.changed()


@reference("facing_player")
def _facing_player(ctx: ResolveContext, arg: Any) -> list[dict[str, Any]]:
    """``"facing_player"``: the player facing the villainous choice being performed."""
    who = ctx.obj.extra.get(FACING)
    return [{"player": str(who)}] if who in ctx.state.players else []
