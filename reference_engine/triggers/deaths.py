"""Creatures that died this turn (CR 700.4), for "if a creature died this turn" (morbid).

A creature dies when it is put into a graveyard from the battlefield (700.4); a creature
exiled instead (Rest in Peace, 614.1a) doesn't. Each death is counted with the turn it happened
in, as the permanent is about to move (its characteristics as it last existed, 603.10a), after
replacement effects decided where it goes.

Condition ``creature_died_this_turn = true``: at least one creature died this turn (any
player's; Hunger of the Howlpack's morbid).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from reference_engine.core.ordering import in_cr_order
from reference_engine.core.state import BEFORE_MOVE_HOOKS
from reference_engine.layers.conditions import ConditionContext, condition
from reference_engine.layers.system import characteristics_of

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__: list[str] = []

_KEY = "creature_deaths"


@in_cr_order(BEFORE_MOVE_HOOKS, cr="700.4")
def _count_death(state: GameState, obj: GameObject, zone: str) -> None:
    if obj.zone == "battlefield" and zone == "graveyard" and characteristics_of(
            state, obj.id).has_type("Creature"):
        state.extra.setdefault(_KEY, []).append(state.turn)


@condition("creature_died_this_turn", arg="bool", cr=("700.4", "207.2c"),
           example="Hunger of the Howlpack (morbid): {creature_died_this_turn = true}")
def _died_this_turn(state: GameState, value: Any, ctx: ConditionContext) -> bool:
    """A creature died this turn (morbid; 700.4: put into a graveyard from the battlefield)."""
    died = state.turn in state.extra.get(_KEY, [])
    return died == bool(value)


