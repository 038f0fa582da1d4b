"""Skipping steps and phases (CR 614.1b, 614.10, 614.10a).

"Skip [something]" is a replacement effect: instead of the step or phase happening, nothing
happens (614.1b, 614.10). Effect ``skip_next {target = player, step}`` ("Target player skips
their next draw step", Fatigue; "... skips their next combat phase this turn", Moment of
Silence): ``step`` is a step name (``untap``, ``upkeep``, ``draw``, ``end``, ...) or a phase,
``combat`` (its five steps) or ``beginning`` (untap, upkeep and draw).

* Each effect skips one occurrence, the next one of that player's turns; two such effects
  skip the next two (614.10a: one is satisfied by the first, the other waits).
* A step or phase that has already begun can't be skipped: the effect waits for the next
  occurrence (614.10). Being skipped, nothing scheduled for that step happens in it: no
  turn-based action, no "at the beginning of" trigger, no priority (614.10a).
* ``this_turn = true`` ("this turn"): the effect ends with the turn if its step hasn't come.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.context import ResolveContext, effect
from reference_engine.core.errors import SetupError
from reference_engine.core.registry import skip_step
from reference_engine.core.state import STEPS

if TYPE_CHECKING:
    from reference_engine.core.state import GameState

__all__ = ["PHASES", "SKIPS_KEY"]

SKIPS_KEY = "skip_next"
_SKIPPING_KEY = "skipping_phase"

#: The phases an effect can skip as a whole, with their steps (CR 500.1).
PHASES: dict[str, tuple[str, ...]] = {
    "beginning": ("untap", "upkeep", "draw"),
    "combat": ("beginning-of-combat", "declare-attackers", "declare-blockers",
               "combat-damage", "end-of-combat"),
}


@effect("skip_next", params={
    "target": "player: the player who skips (default the controller)",
    "step": "str!: the step (untap, upkeep, draw, end, ...) or phase (beginning, combat)",
    "this_turn": "bool: only this turn (\"skips their next combat phase this turn\")"},
    cr=("614.1b", "614.10", "614.10a"),
    example='Fatigue: {type = "skip_next", target = "t", step = "draw"}')
def _skip_next(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """The player skips their next ``step`` (a step or a phase): a replacement effect that
    waits for the next occurrence that hasn't begun yet (CR 614.10, 614.10a)."""
    step = str(p.get("step", ""))
    if step not in STEPS and step not in PHASES:
        raise SetupError(f"skip_next: unknown step or phase {step!r} "
                         f"(one of {', '.join((*STEPS, *PHASES))})")
    refs = ctx.refs({"target": p.get("target", "controller")})
    players = [str(r["player"]) for r in refs if "player" in r]
    skips = ctx.state.extra.setdefault(SKIPS_KEY, [])
    for player in players:
        skips.append({"player": player, "step": step,
                      "turn": ctx.state.turn if p.get("this_turn") else None})
    ctx.state.changed()


def _first_step(name: str) -> str:
    return PHASES[name][0] if name in PHASES else name


def _consume(state: GameState) -> bool:
    """Whether the step now beginning is skipped: by a phase being skipped, or by the first
    pending skip effect of the active player for this step (or the phase it begins)."""
    skipping = state.extra.get(_SKIPPING_KEY)
    if skipping and skipping["turn"] == state.turn and state.step in PHASES[skipping["phase"]]:
        return True
    skips: list[dict[str, Any]] = state.extra.get(SKIPS_KEY, [])
    for i, skip in enumerate(skips):
        if skip["turn"] is not None and skip["turn"] != state.turn:
            continue
        if skip["player"] != state.active_player or _first_step(skip["step"]) != state.step:
            continue
        del skips[i]
        if skip["step"] in PHASES:
            state.extra[_SKIPPING_KEY] = {"phase": skip["step"], "turn": state.turn}
        state.changed()
        return True
    return False


for _step in STEPS:
    skip_step(_step, cr="614.10")(_consume)
