"""Ending the turn and ending the combat phase (CR 723), effects ``end_turn`` and ``end_combat``.

They sit at the top of the engine because they reach every area: the stack, state-based
actions, combat and the turn's steps. Both follow their own process instead of the usual end of
a resolution (723.1, 723.2):

1. Triggered abilities that triggered but aren't on the stack yet cease to exist (723.1a,
   723.2a).
2. Every object on the stack is exiled, the resolving one included; abilities and copies of
   spells cease to exist (723.1b, 723.2b).
3. State-based actions are checked; no player gets priority and no triggered ability is put on
   the stack (723.1c, 723.2c).
4. ``end_turn``: the step ends, creatures leave combat, and the game skips to the cleanup step
   (723.1d): "at the beginning of the end step" abilities don't trigger (723.1e). Abilities that
   triggered during the process go on the stack in the cleanup step, the active player gets
   priority, and another cleanup step follows (723.1f, 514.3a).
   ``end_combat``: only during the combat phase, otherwise nothing happens (723.2g); creatures
   leave combat, "until end of combat" effects end, and the game skips to the postcombat main
   phase (723.2d), so "at end of combat" abilities don't trigger (723.2e); abilities that
   triggered during the process go on the stack there (723.2f).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.combat.declare import combat
from reference_engine.core.context import ResolveContext, effect
from reference_engine.core.state import STEPS
from reference_engine.sba.checks import check_state_based_actions
from reference_engine.turn.priority import advance_step

if TYPE_CHECKING:
    from reference_engine.core.state import GameState

__all__ = ["COMBAT_STEPS"]

#: The steps of the combat phase (506.1).
COMBAT_STEPS = ("beginning-of-combat", "declare-attackers", "declare-blockers",
                "combat-damage", "end-of-combat")


def _clear_stack_and_triggers(state: GameState) -> None:
    """723.1a-c (723.2a-c): pending triggered abilities cease to exist, the stack is exiled,
    state-based actions are checked without priority or triggers."""
    state.extra["pending_triggers"] = []
    state.extra["trigger_cursor"] = len(state.events)
    for oid in reversed(list(state.zone_list("stack"))):
        obj = state.objects[oid]
        if obj.ability is not None:
            state.remove(obj)
        else:
            state.move(obj, "exile")
    check_state_based_actions(state)


def _leave_combat(state: GameState) -> None:
    """Every creature and planeswalker is removed from combat; "until end of combat" effects
    end (723.1d, 723.2d)."""
    record = combat(state)
    for oid in list(record["attackers"]) + list(record["blocks"]):
        state.log("removed-from-combat", object=oid)
    record["attackers"].clear()
    record["blocks"].clear()
    state.effects = [e for e in state.effects if e.duration != "end-of-combat"]
    state.changed()


def _skip_to(state: GameState, before: str) -> None:
    """Go on from the step before ``before``'s successor without that step beginning, so
    nothing triggers on it and no one gets priority in it (723.1d, 723.2d)."""
    state.extra.pop("repeat_step", None)
    state.step = before
    advance_step(state)


@effect("end_turn", params={}, cr=("723.1", "723.1a", "723.1b", "723.1c", "723.1d", "723.1e",
                                   "723.1f"),
        example='Time Stop: {type = "end_turn"}')
def _end_turn(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """End the turn (723.1): pending triggers vanish, the stack is exiled, state-based
    actions are checked, combat ends and the game skips to the cleanup step."""
    state = ctx.state
    state.log("turn-ended", player=ctx.controller, step=state.step)
    _clear_stack_and_triggers(state)
    _leave_combat(state)
    # 723.1d: a new cleanup step begins even if this happens during the cleanup step.
    _skip_to(state, STEPS[STEPS.index("cleanup") - 1])


@effect("end_combat", params={}, cr=("723.2", "723.2a", "723.2b", "723.2c", "723.2d", "723.2e",
                                     "723.2f", "723.2g"),
        example='Mandate of Peace: {type = "end_combat"}')
def _end_combat(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """End the combat phase (723.2): nothing outside combat (723.2g); otherwise pending
    triggers vanish, the stack is exiled, state-based actions are checked, creatures leave
    combat and the game skips to the postcombat main phase."""
    state = ctx.state
    if state.step not in COMBAT_STEPS:
        return
    state.log("combat-ended", player=ctx.controller, step=state.step)
    _clear_stack_and_triggers(state)
    _leave_combat(state)
    _skip_to(state, "end-of-combat")
