"""The world rule (CR 704.5k, 205.4f; Sixth Edition rule 420.5i), the same in both eras.

If two or more permanents are world permanents (supertype world; "Enchant World" on the type
line of the period's cards, a category of enchantment then), all but the one that has been a
world permanent for the shortest time are put into their owners' graveyards; if two or more
share the shortest time, all of them go. Neither is destruction or sacrifice. The time counts
from its arrival if it was printed a world permanent, else from the earliest effect still
making it one (an effect's timestamp, CR 613.7). The Sixth Edition rule (420.5i, as worded in
the 2003-05-26 revision of that document) times it the same way, by how long each has been an
enchant world, so this is not an era switch.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.arrivals import arrival
from reference_engine.core.characteristics import printed_characteristics
from reference_engine.layers.seating import object_within_range
from reference_engine.layers.system import compute_all
from reference_engine.sba.checks import state_based_action

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["world_rule", "world_since"]


def _grants_world(op: Mapping[str, Any]) -> bool:
    """Whether a layer operation gives the world supertype (CR 205.4f)."""
    return op.get("type") in ("add_types", "set_types") and "World" in op.get("supertypes", [])


def world_since(state: GameState, obj: GameObject) -> int:
    """When ``obj`` became a world permanent (CR 704.5k; Sixth Edition 420.5i)."""
    since = arrival(state, obj)
    printed = printed_characteristics(obj.card, zone=obj.zone, transformed=obj.transformed,
                                      cast_half=obj.cast_half, era=state.era)
    if printed.has_supertype("World"):
        return since
    grants = [e.timestamp for e in state.effects if _grants_world(e.op)
              and (not isinstance(e.affected, list) or obj.id in e.affected)]
    return max(since, min(grants)) if grants else since


@state_based_action(cr="704.5k")
def world_rule(state: GameState) -> bool:
    """Check 704.5k (420.5i under the 2000 rules): only the newest world permanent stays; with
    a limited range of influence, the rule sees only the world permanents within a permanent's
    controller's range (801.12)."""
    chars = compute_all(state)
    worlds = [o for o in state.battlefield() if chars[o.id].has_supertype("World")]
    if len(worlds) < 2:
        return False
    times = {o.id: world_since(state, o) for o in worlds}
    # A world permanent goes if another one within its controller's range of influence
    # (801.12; everyone's, without that option) has been one as long or less.
    doomed = [o for o in worlds if any(
        r is not o and times[r.id] >= times[o.id] and object_within_range(state, o.controller, r)
        for r in worlds)]
    if not doomed:
        return False
    kept = [o for o in worlds if o not in doomed]
    state.log("world-rule", kept=kept[0].id if len(kept) == 1 else None)
    for obj in doomed:
        state.move(obj, "graveyard")
    return bool(doomed)
