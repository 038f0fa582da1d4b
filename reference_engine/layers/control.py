"""Gaining control of permanents (CR 108.4, 613.1b) and what it means for summoning sickness.

Resolution effect ``{type = "gain_control", target = "t", duration = "end-of-turn"}`` (or
``"permanent"``, the default): the spell's or ability's controller gains control of each target
permanent. A permanent whose controller changes has not been under its new controller's control
continuously since their most recent turn began, so it is affected by summoning sickness
(302.6) unless it has haste. A control change "until end of turn" ends in the cleanup step
(514.2), and the permanent returns to the player who controlled it before; if that player
and the player controlling it by default have left the game, it is exiled (800.4c).

Threaten: ``effects = [{type = "untap", target = "t"}, {type = "gain_control", target = "t",
duration = "end-of-turn"}, {type = "continuous", target = "t", op = {type = "add_abilities",
keywords = ["haste"]}}]``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.context import ResolveContext, effect, objects_of
from reference_engine.core.registry import on_step

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["DEFAULT_CONTROLLER", "change_control", "default_controller"]

#: ``GameObject.extra`` key of the controller a permanent had before any control change.
DEFAULT_CONTROLLER = "default_controller"

_UNTIL_EOT = "control_until_end_of_turn"


def change_control(state: GameState, obj: GameObject, player: str) -> None:
    """Make ``player`` control the permanent ``obj`` from now on (108.4); it came under that
    player's control this turn (302.6)."""
    if obj.controller == player:
        return
    # Who controls it without any control-changing effect (the player it entered under, 108.4,
    # 800.4a): what the departure of a player (800.4a, 800.4c) falls back to.
    obj.extra.setdefault(DEFAULT_CONTROLLER, obj.controller)
    state.log("control-changed", object=obj.id, card=obj.card.name, old=obj.controller,
              new=player)
    obj.controller = player
    obj.controlled_since = state.turn
    state.changed()


def default_controller(obj: GameObject) -> str:
    """The player who controls ``obj`` when no control-changing effect applies to it: the one
    it entered the battlefield under (108.4, 110.2)."""
    return str(obj.extra.get(DEFAULT_CONTROLLER, obj.controller))


@effect("gain_control")
def _gain_control(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """The controller gains control of each target permanent (CR 108.4); ``duration``
    "end-of-turn" or "permanent" (the default)."""
    until_eot = str(p.get("duration", "permanent")) == "end-of-turn"
    for obj in objects_of(ctx, ctx.refs(p)):
        if obj.zone != "battlefield":
            continue
        if until_eot:
            ctx.state.extra.setdefault(_UNTIL_EOT, []).append((obj.id, obj.controller))
        change_control(ctx.state, obj, ctx.controller)


@on_step("cleanup", cr="514.2")
def _control_ends(state: GameState) -> None:
    """Check 514.2: "until end of turn" control changes end; each permanent returns to the
    player who controlled it before (latest change undone first)."""
    changes: list[tuple[int, Any]] = state.extra.pop(_UNTIL_EOT, [])
    for oid, previous in reversed(changes):
        obj = state.objects.get(oid)
        if obj is None or obj.zone != "battlefield" or previous not in state.players:
            continue
        if previous in state.in_game():
            change_control(state, obj, str(previous))
            continue
        # 800.4a: the player it returns to has left the game, and with them the effects that
        # gave them control; it goes to the player who controls it by default, unless they
        # have left too: then it is exiled at once (800.4c).
        default = default_controller(obj)
        if default in state.in_game():
            change_control(state, obj, default)
        else:
            state.log("control-ends-exiled", object=obj.id, card=obj.card.name)
            state.move(obj, "exile")
