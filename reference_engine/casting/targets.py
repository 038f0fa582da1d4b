"""Targets beyond a slot's filter (CR 115, 702.11, 702.18) and overload's "each" (CR 702.96b).

* Hexproof (702.11b) and shroud (702.18a) make a permanent an illegal target, checked when
  targets are chosen (601.2c) and again on resolution (608.2b).
* With the limited range of influence option, objects and players outside a player's range
  can't be the targets of spells or abilities that player controls (801.4).
* A spell cast for its overload cost has no targets: its text reads "each" wherever it read
  "target" (702.96b). As it resolves, each target slot is filled with every object (or player)
  that fits the slot's description; target restrictions such as hexproof or protection don't
  apply to objects that aren't targeted (OVER-05).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.context import ResolveContext, resolve_hook, target_restriction
from reference_engine.damage.protection import (
    player_effects,
    qualities_from_text,
    source_has_quality,
)
from reference_engine.layers.filters import FilterContext, matches
from reference_engine.layers.seating import has_limited_range, object_within_range, within_range
from reference_engine.layers.system import characteristics_of

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["fits_description"]

_KIND_ZONE = {"creature": "battlefield", "permanent": "battlefield", "spell": "stack",
              "any": "battlefield"}


@target_restriction(cr="702.11b")
def _hexproof_or_shroud(state: GameState, obj: GameObject, slot: Mapping[str, Any],
                        ref: Mapping[str, Any]) -> bool:
    """Check 702.11b-d and 702.18a: a permanent or player with hexproof can't be the target of
    spells or abilities its (or their) opponents control; with "hexproof from [quality]" only of
    such spells and abilities from sources with the quality (702.11d; "from A and from B" and
    "from each color" are several abilities, 702.11f-g); with shroud, of none at all."""
    if "player" in ref:
        player = str(ref["player"])
        kinds = [(str(e.get("type")), e) for e in player_effects(state, player)]
        hexes = [dict(e.get("from", {})) for kind, e in kinds if kind == "hexproof"]
        holder = player
        shroud = any(kind == "shroud" for kind, _ in kinds)
    else:
        target = state.objects.get(int(ref.get("object", -1)))
        if target is None or target.zone != "battlefield":
            return False
        chars = characteristics_of(state, target.id)
        holder = target.controller
        shroud = chars.has_keyword("shroud")
        hexes = [{} for k in chars.keywords if k == "hexproof"]
        for k in chars.keywords:
            if k.startswith("hexproof from "):
                hexes += qualities_from_text(k[len("hexproof from "):])
    if shroud:
        return True
    if not hexes or obj.controller not in state.opponents(holder):
        return False
    source = obj
    if obj.ability is not None and obj.source_id is not None:
        source = state.objects.get(obj.source_id) or obj
    return any(source_has_quality(state, source, q, holder) for q in hexes)


@target_restriction(cr="801.4")
def _out_of_range(state: GameState, obj: GameObject, slot: Mapping[str, Any],
                  ref: Mapping[str, Any]) -> bool:
    """Check 801.4: a player, or an object whose controller is (801.2d), outside the range of
    influence of the spell's or ability's controller can't be its target."""
    if not has_limited_range(state):
        return False
    if "player" in ref:
        return not within_range(state, obj.controller, str(ref["player"]))
    target = state.objects.get(int(ref.get("object", -1)))
    return target is not None and not object_within_range(state, obj.controller, target)


def fits_description(state: GameState, spell: GameObject, slot: Mapping[str, Any],
                     candidate: GameObject) -> bool:
    """Whether ``candidate`` fits a target slot's description (kind, zone and filter), ignoring
    the rules about targeting itself (CR 702.96b "each")."""
    kind = str(slot.get("kind", "any"))
    if kind == "player":
        return False
    if candidate.zone != slot.get("zone", _KIND_ZONE.get(kind, "battlefield")):
        return False
    chars = characteristics_of(state, candidate.id)
    if kind == "creature" and not chars.has_type("Creature"):
        return False
    if kind == "any" and not any(chars.has_type(t) for t in ("Creature", "Planeswalker",
                                                               "Battle")):
        return False
    flt = slot.get("filter")
    ctx = FilterContext(you=spell.controller, source=spell.id)
    return not flt or matches(state, candidate, flt, ctx=ctx)


@resolve_hook(cr="702.96b")
def _overload_each(ctx: ResolveContext, ability: Mapping[str, Any] | None) -> None:
    """Check 702.96b: an overloaded spell affects each object its target slots describe."""
    if ability is None or not ctx.obj.extra.get("overloaded"):
        return
    state = ctx.state
    for i, slot in enumerate(ability.get("targets", [])):
        name = str(slot.get("name", f"t{i}"))
        refs: list[dict[str, Any]] = []
        if str(slot.get("kind", "any")) in ("player", "any"):
            refs += [{"slot": name, "player": p} for p in state.turn_order]
        refs += [{"slot": name, "object": o.id} for o in list(state.objects.values())
                 if o.id != ctx.obj.id and fits_description(state, ctx.obj, slot, o)]
        ctx.targets[name] = refs


