"""Alternative costs that come with a zone to cast from, such as flashback (CR 702.34, 118.9).

Flashback is card data, an alternative-cost keyword::

    { kind = "keyword", keyword = "flashback", cost = "{1}{U}", alternative = true }

702.34a: "Flashback [cost]" means "You may cast this card from your graveyard by paying [cost]
rather than paying its mana cost" and "If the flashback cost was paid, exile this card instead
of putting it anywhere else any time it would leave the stack."

Any alternative-cost keyword may say the same with ``zones`` (where it lets its owner cast the
card from, by paying that cost) and ``leave_stack_to`` (where the card goes instead of anywhere
else when it leaves the stack, if that cost was paid); flashback defaults to
``zones = ["graveyard"]`` and ``leave_stack_to = "exile"``. Such a cost can't be paid when the
card is cast from any other zone (``illegal-choice``): a flashback card cast from hand is cast
normally. The permission to cast it from the graveyard is a self permission (CR 601.3, see
:mod:`reference_engine.casting.permissions`) that requires that alternative cost.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.ordering import in_cr_order
from reference_engine.core.state import MOVE_REPLACEMENTS
from reference_engine.layers.system import characteristics_of

if TYPE_CHECKING:
    from reference_engine.core.characteristics import Characteristics
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["alternative_abilities", "alternative_zones", "leave_stack_zone"]

_ZONES: dict[str, tuple[str, ...]] = {"flashback": ("graveyard",)}
_LEAVE: dict[str, str] = {"flashback": "exile"}


def _name(ability: Mapping[str, Any]) -> str:
    return str(ability.get("keyword", "")).casefold()


def alternative_abilities(chars: Characteristics) -> dict[str, Mapping[str, Any]]:
    """The alternative-cost keyword abilities of ``chars`` by lower-case name (118.9)."""
    return {_name(a): a for a in chars.abilities
            if a.get("kind") == "keyword" and a.get("alternative") and "keyword" in a}


def alternative_zones(ability: Mapping[str, Any]) -> tuple[str, ...]:
    """The zones an alternative cost lets its card be cast from (empty: no zone of its own;
    flashback: the graveyard, 702.34a)."""
    zones = ability.get("zones", _ZONES.get(_name(ability), ()))
    return (zones,) if isinstance(zones, str) else tuple(str(z) for z in zones)


def leave_stack_zone(ability: Mapping[str, Any]) -> str | None:
    """Where a spell cast for this alternative cost goes whenever it leaves the stack (702.34a:
    exile for flashback), or None."""
    dest = ability.get("leave_stack_to", _LEAVE.get(_name(ability)))
    return None if dest is None else str(dest)


@in_cr_order(MOVE_REPLACEMENTS, cr="702.34a")
def _leave_stack_replacement(state: GameState, obj: GameObject, zone: str) -> str:
    """Check 702.34a, 702.127a, 702.133a: a spell whose flashback cost was paid, an aftermath
    half cast from a graveyard, or a spell cast with jump-start, is exiled instead of going to
    any other zone as it leaves the stack (countered, resolved, or failing to resolve)."""
    if obj.zone != "stack" or zone in ("stack", "exile") or obj.ability is not None:
        return zone
    chars = characteristics_of(state, obj.id)
    if obj.extra.get("cast_from") == "graveyard" and any(
            a.get("kind") == "keyword" and _name(a) == "aftermath" for a in chars.abilities):
        # 702.127a: an aftermath spell cast from a graveyard is exiled instead of going to any
        # other zone as it leaves the stack.
        return "exile"
    if obj.extra.get("cast_via") == "jump-start":
        # 702.133a: a spell cast with jump-start is exiled instead of going anywhere else.
        return "exile"
    paid = obj.extra.get("alternative")
    if not paid:
        return zone
    ability = alternative_abilities(chars).get(str(paid))
    if ability is None:
        return zone
    dest = leave_stack_zone(ability)
    return dest if dest is not None else zone


