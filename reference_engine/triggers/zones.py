"""Trigger events of zone changes (CR 603.6, 603.10a, 700.4) and "that card" references.

Written in card data as ``trigger = { event = ... }``:

* ``dies {self, filter}``: "when this dies" (``self = true``), "whenever a [filter] creature
  dies", "whenever another creature dies" (``filter = { other = true }``): a creature put into
  a graveyard from the battlefield (700.4);
* ``leaves_battlefield {self, filter, to}``: "when this leaves the battlefield", "whenever a
  [filter] permanent leaves the battlefield" [for zone ``to``] (603.6c);
* ``put_into_graveyard {self, filter, from}``: "whenever a [filter] card is put into a graveyard
  from anywhere" (or from zone ``from``; a token is no card: ``filter = { token = false }``).

Leaves-the-battlefield abilities look back in time (603.10a): the object that left is checked as
it last existed on the battlefield, with its controller, types and abilities then, and a
permanent that left at the same time still triggers (see
:mod:`reference_engine.triggers.last_known`). A ``filter``'s ``controller = "you"`` means the
trigger's controller controlled it then.

References an effect may use (``target = ...``):

* ``"event_object"``: the object the triggering event concerns, in the zone the event put it
  ("return it to its owner's hand", "exile that card"); nothing if it has left that zone since
  (400.7);
* ``"event_controller"``: the player who controlled the object as the event happened ("that
  creature's controller").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.context import ResolveContext, reference
from reference_engine.layers.filters import FilterContext, matches
from reference_engine.layers.system import characteristics_of
from reference_engine.triggers.abilities import trigger_matcher
from reference_engine.triggers.last_known import last_known_info, leaves_battlefield

if TYPE_CHECKING:
    from reference_engine.core.characteristics import Characteristics
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import Event, GameState

__all__ = ["event_object"]


def _moved(state: GameState, event: Event) -> tuple[GameObject, Characteristics] | None:
    """The object a zone-change event moved, as it was before (its last known information, for
    a permanent that left the battlefield) or else as it is in its new zone."""
    d = event.details
    info = last_known_info(state, int(d["old"])) if leaves_battlefield(event) else None
    if info is not None:
        return info.object, info.chars
    new = state.objects.get(int(d["new"]))
    if new is None:
        return None
    return new, characteristics_of(state, new.id)


def _about(state: GameState, source: GameObject, spec: Mapping[str, Any], event: Event,
           moved: tuple[GameObject, Characteristics]) -> bool:
    obj, chars = moved
    if spec.get("self") and int(event.details["old"]) != source.id:
        return False
    flt = spec.get("filter")
    return not flt or matches(state, obj, dict(flt), chars=chars,
                              ctx=FilterContext(you=source.controller, source=source.id))


@trigger_matcher("dies")
def _dies(state: GameState, obj: GameObject, spec: Mapping[str, Any], event: Event) -> bool:
    """"When this dies" / "whenever a [filter] creature dies": a creature put into a graveyard
    from the battlefield (CR 700.4), seen as it last existed (603.10a)."""
    if not leaves_battlefield(event) or event.details.get("to_zone") != "graveyard":
        return False
    moved = _moved(state, event)
    return (moved is not None and moved[1].has_type("Creature")
            and _about(state, obj, spec, event, moved))


@trigger_matcher("leaves_battlefield")
def _leaves(state: GameState, obj: GameObject, spec: Mapping[str, Any], event: Event) -> bool:
    """"When this leaves the battlefield" / "whenever a [filter] permanent leaves the
    battlefield" [to zone ``to``] (CR 603.6c, 603.10a)."""
    if not leaves_battlefield(event):
        return False
    if "to" in spec and event.details.get("to_zone") != spec["to"]:
        return False
    moved = _moved(state, event)
    if moved is not None and "without_counter" in spec and moved[0].counters.get(
            str(spec["without_counter"]), 0) > 0:
        return False  # "if it had no [kind] counters on it" (702.79a, 702.93a), as it last was
    return moved is not None and _about(state, obj, spec, event, moved)


@trigger_matcher("put_into_graveyard")
def _to_graveyard(state: GameState, obj: GameObject, spec: Mapping[str, Any],
                  event: Event) -> bool:
    """"Whenever a [filter] card is put into a graveyard from anywhere" [from zone ``from``]
    (CR 603.2, 603.6a; from the battlefield it looks back in time, 603.10a)."""
    d = event.details
    if event.kind != "zone-change" or d.get("to_zone") != "graveyard":
        return False
    if "from" in spec and d.get("from_zone") != spec["from"]:
        return False
    moved = _moved(state, event)
    return moved is not None and _about(state, obj, spec, event, moved)


def event_object(ctx: ResolveContext) -> GameObject | None:
    """The object the event that triggered ``ctx``'s ability concerns, where the event put it
    (the new object of a zone change, CR 400.7), if it is still there."""
    event = ctx.obj.extra.get("trigger_event")
    if event is None:
        return None
    d = event.details
    oid = d.get("new") if event.kind == "zone-change" else d.get("object")
    if not isinstance(oid, int) or isinstance(oid, bool):
        return None
    return ctx.state.objects.get(oid)


@reference("event_object")
def _event_object(ctx: ResolveContext, arg: Any) -> list[dict[str, Any]]:
    """"It", "that card", "that creature": the object of the triggering event (400.7)."""
    obj = event_object(ctx)
    return [{"object": obj.id}] if obj is not None else []


@reference("event_controller")
def _event_controller(ctx: ResolveContext, arg: Any) -> list[dict[str, Any]]:
    """"That creature's controller": who controlled the event's object as the event happened
    (its last known information for a permanent that left the battlefield, 608.2h)."""
    event = ctx.obj.extra.get("trigger_event")
    if event is None:
        return []
    if event.kind == "zone-change":
        moved = _moved(ctx.state, event)
        return [{"player": moved[0].controller}] if moved is not None else []
    obj = event_object(ctx)
    return [{"player": obj.controller}] if obj is not None else []
