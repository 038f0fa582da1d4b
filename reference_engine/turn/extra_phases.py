"""Additional phases and steps in a turn (CR 500.8, 500.9, 500.10, 500.10a).

Effect ``add_phases {phases, after = "phase" | "step", you_get}``: "After this main phase,
there is an additional combat phase followed by an additional main phase" (Seize the Day),
"you get an additional upkeep step after this phase" (Obeka, Splitter of Seconds).

* ``phases`` lists what is added, in order: a phase (``beginning``: untap, upkeep and draw;
  ``combat``: its five steps; ``main``: a main phase, never the turn's first, so a postcombat
  main phase, 505.1a; ``end``: end and cleanup) or a single step by its name.
* ``after = "phase"`` (default) adds them directly after the phase now under way ends
  (500.8); ``after = "step"`` directly after the step now under way (500.9).
* A single step added after a phase comes with the phase that normally holds it, whose other
  steps are skipped (500.10): only that step happens, as the list says.
* Several additions after the same phase or step: the most recently created happens first
  (500.8, 500.9), each as a whole.
* ``you_get = true`` ("you get an additional ..."): if it is not the controller's turn,
  nothing is added (500.10a).

How it runs: each addition waits for the first end of its anchor step (the step now under
way, or the last step of the phase now under way) in the turn it was created in; as that step
ends, the additions waiting for it are queued, newest first, and the game goes through the
queue before the step that normally follows the anchor. Added steps have their turn-based
actions and triggers as any other step of their name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.context import ResolveContext, effect
from reference_engine.core.errors import SetupError
from reference_engine.core.state import STEPS

if TYPE_CHECKING:
    from reference_engine.core.state import GameState

__all__ = ["ADDED_KEY", "QUEUE_KEY", "next_added_step"]

#: ``state.extra``: additions waiting for the end of their anchor step.
ADDED_KEY = "added_phases"
#: ``state.extra``: the added steps still to come, and the anchor the turn resumes after.
QUEUE_KEY = "added_queue"

#: The phases by name, with their steps (CR 500.1); an added main phase is a postcombat main
#: phase (505.1a: only the turn's first main phase is the precombat one).
PHASES: dict[str, tuple[str, ...]] = {
    "beginning": ("untap", "upkeep", "draw"),
    "main": ("postcombat-main",),
    "combat": ("beginning-of-combat", "declare-attackers", "declare-blockers",
               "combat-damage", "end-of-combat"),
    "end": ("end", "cleanup"),
}


def _phase_end(step: str) -> str:
    """The last step of the phase ``step`` belongs to (a main phase is its own only step)."""
    for steps in PHASES.values():
        if step in steps:
            return steps[-1]
    return step


def _steps_of(items: list[str]) -> list[str]:
    out: list[str] = []
    for item in items:
        if item in PHASES:
            out.extend(PHASES[item])
        elif item in STEPS:
            out.append(item)
        else:
            raise SetupError(f"add_phases: unknown phase or step {item!r} (one of "
                             f"{', '.join((*PHASES, *STEPS))})")
    return out


@effect("add_phases", params={
    "phases": "words!: the phases (beginning, combat, main, end) or steps added, in order",
    "after": "str: \"phase\" (default): after the phase under way; \"step\": after the step "
             "under way",
    "you_get": "bool: \"you get\" the addition: nothing is added on another player's turn "
               "(500.10a)"},
    cr=("500.8", "500.9", "500.10", "500.10a"),
    example='Seize the Day: {type = "add_phases", phases = ["combat", "main"]}')
def _add_phases(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Add phases or steps to this turn, directly after the phase or step now under way (CR
    500.8, 500.9); a lone step after a phase is that phase with its other steps skipped
    (500.10); "you get" adds nothing on another player's turn (500.10a)."""
    state = ctx.state
    steps = _steps_of([str(x) for x in p.get("phases") or []])
    if p.get("you_get") and state.active_player != ctx.controller:
        state.log("phases-not-added", player=ctx.controller, rule="500.10a")
        return
    after = str(p.get("after", "phase"))
    if after not in ("phase", "step"):
        raise SetupError(f"add_phases: after must be \"phase\" or \"step\", not {after!r}")
    anchor = state.step if after == "step" else _phase_end(state.step)
    state.extra.setdefault(ADDED_KEY, []).append(
        {"after": anchor, "turn": state.turn, "steps": steps})
    state.log("phases-added", steps=steps, after=anchor, player=ctx.controller)
    state.changed()


def next_added_step(state: GameState) -> tuple[str | None, str]:
    """As the current step ends: the added step that begins next, if any, and the step whose
    normal successor comes after the additions (the anchor the turn resumes after)."""
    current = state.step
    queue: dict[str, Any] = state.extra.get(QUEUE_KEY) or {"steps": [], "resume": None}
    # Additions whose turn has ended wait for nothing any more.
    waiting = [w for w in state.extra.get(ADDED_KEY, []) if w["turn"] == state.turn]
    due = [w for w in waiting if w["after"] == current and w["turn"] == state.turn]
    if waiting or ADDED_KEY in state.extra:
        state.extra[ADDED_KEY] = [w for w in waiting if w not in due]
    if due:
        # 500.8, 500.9: the most recently created addition happens first.
        ahead = [s for w in reversed(due) for s in w["steps"]]
        queue = {"steps": ahead + list(queue["steps"]),
                 "resume": queue["resume"] or current}
    resume = str(queue["resume"] or current)
    if queue["steps"]:
        step = str(queue["steps"][0])
        state.extra[QUEUE_KEY] = {"steps": list(queue["steps"][1:]), "resume": resume}
        return step, resume
    state.extra.pop(QUEUE_KEY, None)
    return None, resume
