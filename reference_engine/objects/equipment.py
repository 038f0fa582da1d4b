"""Equipment: attaching (CR 701.3), the Equip ability (702.6) and the state-based action for
Equipment (704.5n).

* Resolution effect ``attach {target}``: attach the source of the ability (the Equipment) to the
  permanent in the target slot (701.3a). Nothing happens if the source or the target has left
  the battlefield, if the target is the source itself, or if the source is already attached to
  it (701.3b-c); otherwise it becomes attached to the new permanent (leaving the old one) and
  gets a new timestamp (613.7e).
* Equip {cost} (702.6a: "[Cost]: Attach this permanent to target creature you control. Activate
  only as a sorcery.") is written as that activated ability::

      {kind = "activated", cost = {mana = "{1}"}, timing = "sorcery",
       targets = [{name = "t", kind = "creature", filter = {controller = "you"}}],
       effects = [{type = "attach", target = "t"}]}

* 704.5n: an Equipment attached to a permanent that is not a creature, or to nothing that is on
  the battlefield, becomes unattached and stays on the battlefield (an Equipment that is also a
  creature can't equip a creature either, 301.5c, so it is unattached too). Protection's part of
  704.5n is in :mod:`reference_engine.damage.protection`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.context import ResolveContext, effect, objects_of
from reference_engine.layers.seating import object_within_range
from reference_engine.layers.system import compute_all
from reference_engine.objects.auras import can_enchant
from reference_engine.sba.checks import state_based_action

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__: list[str] = []


def _attachable(state: GameState, obj: GameObject, host: GameObject) -> bool:
    """Whether ``obj`` could be attached to ``host`` (CR 701.3a, 701.3b): an Aura to what it
    could enchant (303.4d, 303.4j, via :func:`can_enchant`), a Fortification that isn't a
    creature to a land (301.6); an Equipment is judged after it moves, by 704.5n (301.5c);
    anything else can't be attached at all (701.3b)."""
    chars = compute_all(state)
    mine = chars.get(obj.id)
    if mine is None:
        return False
    if mine.has_subtype("Aura"):
        return can_enchant(state, obj, host, chars)
    if mine.has_subtype("Equipment"):
        return True
    if mine.has_subtype("Fortification"):
        return chars[host.id].has_type("Land") and not mine.has_type("Creature")
    return False


@effect("attach", params={
    "target": "ref: the permanent to attach it to (a target slot)",
    "object": "ref: what is attached (default the ability's source; e.g. a target slot "
              "holding an Aura)"},
        cr=("701.3a", "701.3b", "701.3c", "613.7e", "303.4j", "301.6"),
        example='Equip: {type = "attach", target = "t"}')
def _attach(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Attach the ability's source, or the ``object`` named, to the target permanent (CR
    701.3a); nothing happens if either has left the battlefield, if it would attach to itself
    or where it already is (701.3b-c), or if it can't legally be attached there: an Aura to
    what it can't enchant (303.4j), a Fortification to a nonland (301.6), a permanent that is
    none of Aura, Equipment or Fortification to anything (701.3b); it then doesn't move. A
    newly attached one gets a new timestamp (613.7e)."""
    state = ctx.state
    if "object" in p:
        moving = objects_of(ctx, ctx.refs({"target": p["object"]}))
        source = moving[0] if moving else None
    else:
        source = state.objects.get(ctx.source_id) if ctx.source_id is not None else None
    if source is None or source.zone != "battlefield":
        return
    for host in objects_of(ctx, ctx.refs(p)):
        if host.zone != "battlefield" or host.id == source.id or source.attached_to == host.id:
            continue
        if not _attachable(state, source, host):
            state.log("attach-refused", object=source.id, to=host.id)
            return
        source.attached_to = host.id
        source.timestamp = state.new_timestamp()
        state.log("attached", object=source.id, to=host.id)
        state.changed()
        return


@state_based_action(cr="704.5n")
def unattach_equipment(state: GameState) -> bool:
    """Check 704.5n (301.5c, 301.6): an Equipment attached to something that isn't a creature
    on the battlefield (a Fortification: to something that isn't a land), or that is itself a
    creature, or (801.9) one outside its controller's range of
    influence, becomes unattached and stays on the battlefield."""
    chars = compute_all(state)
    loose = []
    for obj in state.battlefield():
        if obj.attached_to is None:
            continue
        fortification = "Fortification" in chars[obj.id].subtypes
        if "Equipment" not in chars[obj.id].subtypes and not fortification:
            continue
        needs = "Land" if fortification else "Creature"  # 301.6: a Fortification, a land
        host = state.objects.get(obj.attached_to)
        if host is None or host.zone != "battlefield" or not chars[host.id].has_type(needs) \
                or chars[obj.id].has_type("Creature") \
                or not object_within_range(state, obj.controller, host):
            # 801.9: nor can it equip a creature outside its controller's range of influence.
            loose.append(obj)
    for obj in loose:
        obj.attached_to = None
        state.log("unattached", object=obj.id, rule="704.5n")
    if loose:
        state.changed()
    return bool(loose)
