"""Whether a case reaches the rules it cites through the protocol, or only restates its setup.

A case counts for a CR number in coverage only if its steps reach the rule (issue 31): the
outcome must come from what the engine does or computes, not from a setup that already holds it.
The test, kept simple so an author can apply it by eye:

* a case with at least one **action** step reaches its rules: the game moves through the
  protocol (cast, activate, pass priority, declare attackers, advance, ...), and every later
  observation reads what the engine did;
* a case with observations only reaches its rules if at least one observation asks for a value
  the engine **derives** (power after layers, colors, mana value, whether a spell can be cast,
  what a land could produce, ...), not one the setup can state directly. The queries of
  :data:`ECHO_QUERIES` read such a stated value back (the zone, tapped, counters, damage, life,
  the step, the active player, ...): observing only those proves nothing about the engine.

A case that fails the test still runs and still counts for its rulings; coverage lists it
under ``unreached_case_ids`` of each rule it cites, so the author can add a step.
"""

from __future__ import annotations

from conformance.spec.model import Case

__all__ = ["ECHO_QUERIES", "reaches", "why_unreached"]

#: Queries whose answer a case's setup can state directly (``docs/case-format.md``): zone,
#: owner/controller, tapped, sick, face, kicked, x, counters, damage, attached_to, targets,
#: tokens and stack objects, life, mana pools, the turn's step, the active player, priority.
ECHO_QUERIES = frozenset({
    "active_player", "attached_to", "chosen", "controller", "counters", "damage", "face_up",
    "is_token", "kicked", "life", "mana_pool", "poison", "priority", "stack", "stack_objects",
    "step", "summoning_sick", "tapped", "targets", "times_kicked", "tokens", "x", "zone",
})


def why_unreached(case: Case) -> str | None:
    """None when ``case`` reaches its rules; else why not, in words."""
    if any(step.kind == "action" for step in case.steps):
        return None
    queries = [str(step.body.get("query")) for step in case.steps if step.kind == "observe"]
    if any(q not in ECHO_QUERIES for q in queries):
        return None
    if not queries:
        return "the case has no steps"
    return ("the case has no action, and it observes only values its setup states ("
            + ", ".join(sorted(set(queries))) + ")")


def reaches(case: Case) -> bool:
    """True when ``case``'s steps reach its rules through actions or derived observations."""
    return why_unreached(case) is None
