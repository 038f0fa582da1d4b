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
  The filter queries (``count``, ``objects``, ``matches``) are derived only when their filter
  asks about a quality the engine computes (a color, a type, mana value, a keyword...); a
  filter on setup facts alone (``zone``, ``controller``, ``owner``, ``tapped``, ``token``,
  ``name``, ``handle``: :data:`SETUP_FILTER_KEYS`), or no filter, only counts the setup back.

A case that fails the test still runs and still counts for its rulings; coverage lists it
under ``unreached_case_ids`` of each rule it cites, so the author can add a step.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from conformance.spec.model import Case

__all__ = ["ECHO_QUERIES", "FILTER_QUERIES", "SETUP_FILTER_KEYS", "derived", "reaches",
           "why_unreached"]

#: Queries whose answer a case's setup can state directly (``docs/case-format.md``): zone,
#: owner/controller, tapped, sick, face, kicked, x, counters, damage, attached_to, targets,
#: tokens and stack objects, life, mana pools, the turn's step, the active player, priority.
ECHO_QUERIES = frozenset({
    "active_player", "attached_to", "chosen", "controller", "counters", "damage", "face_up",
    "is_token", "kicked", "life", "mana_pool", "poison", "priority", "stack", "stack_objects",
    "step", "summoning_sick", "tapped", "targets", "times_kicked", "tokens", "x", "zone",
})


#: Queries that answer through a filter table.
FILTER_QUERIES = frozenset({"count", "objects", "matches"})
#: Filter keys a case's setup states directly (``combine`` keys ``any`` and ``not`` are looked
#: into).
SETUP_FILTER_KEYS = frozenset({"zone", "controller", "owner", "tapped", "token", "name",
                               "handle", "player"})


def _filter_keys(flt: object) -> set[str]:
    if isinstance(flt, list):
        return {k for item in flt for k in _filter_keys(item)}
    if not isinstance(flt, dict):
        return set()
    keys: set[str] = set()
    for key, value in flt.items():
        keys |= _filter_keys(value) if key in ("any", "not") else {str(key)}
    return keys


def derived(body: Mapping[str, Any]) -> bool:
    """True when the observation ``body`` asks for a value the engine derives."""
    query = str(body.get("query"))
    if query in ECHO_QUERIES:
        return False
    if query in FILTER_QUERIES:
        return bool(_filter_keys(body.get("filter")) - SETUP_FILTER_KEYS)
    return True


def why_unreached(case: Case) -> str | None:
    """None when ``case`` reaches its rules; else why not, in words."""
    if any(step.kind == "action" for step in case.steps):
        return None
    observed = [step.body for step in case.steps if step.kind == "observe"]
    if any(derived(body) for body in observed):
        return None
    queries = [str(body.get("query")) for body in observed]
    if not queries:
        return "the case has no steps"
    return ("the case has no action, and it observes only values its setup states ("
            + ", ".join(sorted(set(queries))) + ")")



def reaches(case: Case) -> bool:
    """True when ``case``'s steps reach its rules through actions or derived observations."""
    return why_unreached(case) is None
