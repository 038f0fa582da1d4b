"""Filter keys for a permanent's combat status (CR 506.4): ``attacking`` and ``blocking``.

``{ attacking = true }`` matches an attacking creature still in combat ("exile target attacking
creature", Order); ``{ blocking = true }`` a blocking one. ``false`` matches the others. These
are status keys, not characteristics, so an Invasion-era split card is not asked per half.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from reference_engine.combat.declare import combat
from reference_engine.layers.filters import filter_key

if TYPE_CHECKING:
    from reference_engine.core.characteristics import Characteristics
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState
    from reference_engine.layers.filters import FilterContext

__all__: list[str] = []


def _in_combat(state: GameState, obj: GameObject, chars: Characteristics) -> bool:
    """Check 506.4 as declare.attackers does (a permanent leaves combat when it leaves the
    battlefield, stops being a creature or changes controller), but with the characteristics
    the filter is given: asked during the layer pass ("attacking creatures get +1/+0"), asking
    for them again would start the same pass over."""
    controller = combat(state)["controllers"].get(obj.id, obj.controller)
    return (obj.zone == "battlefield" and obj.controller == controller
            and chars.has_type("Creature"))


@filter_key("attacking", characteristic=False)
def _attacking(state: GameState, obj: GameObject, chars: Characteristics, value: Any,
               ctx: FilterContext) -> bool:
    """Check 506.4: whether the permanent is an attacking creature (``attacking = true``)."""
    return (_in_combat(state, obj, chars) and obj.id in combat(state)["attackers"]) == bool(value)


@filter_key("blocking", characteristic=False)
def _blocking(state: GameState, obj: GameObject, chars: Characteristics, value: Any,
              ctx: FilterContext) -> bool:
    """Check 506.4: whether the permanent is a blocking creature (``blocking = true``)."""
    return (_in_combat(state, obj, chars) and obj.id in combat(state)["blocks"]) == bool(value)
