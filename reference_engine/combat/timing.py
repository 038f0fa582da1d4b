"""Spells that may be cast only at a stated point of combat (CR 506.7, 506.7a-c, 506.7e-f).

Card data: ``{kind = "static", rule = "cast_timing", timing = ...}``, read wherever the card
could be cast from (113.6e: an ability restricting how its own object is cast functions in any
zone it could be cast from):

* ``"before_attackers"``: during combat, before the declare attackers step begins, whether or
  not attackers are then declared (506.7a, 506.7c);
* ``"before_blockers"``: during combat, before the declare blockers step begins (506.7b,
  506.7c); when that step is skipped (no attackers, 508.8), until the end of combat step
  begins (506.7e);
* ``"after_blockers"``: during combat, once the declare blockers step has begun (506.7b);
  never in a combat whose declare blockers step is skipped (506.7f).

The points are steps of the turn's structure, so a declaration of no attackers or no blockers
still passes them. A cast the timing forbids is rejected with failure class ``timing``, as it
is at any other time the rules don't allow (307.1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from reference_engine.core.errors import RulesViolation, SetupError
from reference_engine.core.registry import cast_restriction
from reference_engine.core.state import STEPS
from reference_engine.layers.system import characteristics_of

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["COMBAT_STEPS", "TIMINGS"]

#: The steps of the combat phase (506.1).
COMBAT_STEPS = ("beginning-of-combat", "declare-attackers", "declare-blockers",
                "combat-damage", "end-of-combat")
#: The timings a spell's ``cast_timing`` rule may state, each with its CR rule.
TIMINGS = {"before_attackers": "506.7a", "before_blockers": "506.7b",
           "after_blockers": "506.7b"}


def _allowed(state: GameState, timing: str) -> bool:
    step = state.step
    if step not in COMBAT_STEPS:
        return False  # 506.7c: only during combat
    here = STEPS.index(step)
    if timing == "before_attackers":
        return here < STEPS.index("declare-attackers")
    if timing == "after_blockers":
        # 506.7f: with the declare blockers step skipped (508.8) the point is never reached,
        # and the steps after it are skipped too, so no step of this combat qualifies.
        return here >= STEPS.index("declare-blockers") and _blockers_step_reached(state)
    # before_blockers; 506.7e: a skipped declare blockers step is never reached, so such a
    # spell may be cast until the end of combat step begins.
    return here < STEPS.index("declare-blockers")


def _blockers_step_reached(state: GameState) -> bool:
    """Whether this combat's declare blockers step happened: it wasn't skipped this turn (with
    no attackers, 508.8)."""
    return not any(e.kind == "step-skipped" and e.details.get("step") == "declare-blockers"
                   and e.details.get("turn") == state.turn for e in state.events)


@cast_restriction(cr="506.7")
def _combat_timing(state: GameState, spell: GameObject) -> str | None:
    """Check 506.7: a spell that may be cast only at a point of combat, cast at another time."""
    for ability in characteristics_of(state, spell.id).abilities:
        if ability.get("kind") != "static" or ability.get("rule") != "cast_timing":
            continue
        timing = str(ability.get("timing"))
        if timing not in TIMINGS:
            raise SetupError(f"{spell.name_for_log}: cast_timing needs timing = one of "
                             f"{', '.join(TIMINGS)}, not {timing!r}")
        if not _allowed(state, timing):
            raise RulesViolation("timing", f"{spell.name_for_log} may be cast only during "
                                 f"combat {timing.replace('_', ' ')} are declared (CR 506.7, "
                                 f"506.7c, {TIMINGS[timing]}); it is now the {state.step} step")
    return None
