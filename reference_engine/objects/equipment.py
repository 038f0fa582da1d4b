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
from reference_engine.sba.checks import state_based_action

if TYPE_CHECKING:
    from reference_engine.core.state import GameState

__all__: list[str] = []


@effect("attach", params={"target": "ref: the permanent to attach the source to (a target slot)"},
        cr=("701.3a", "701.3b", "701.3c", "613.7e"),
        example='Equip: {type = "attach", target = "t"}')
def _attach(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Attach the ability's source to the target permanent (CR 701.3a); nothing happens if
    either has left the battlefield, if it would attach to itself, or if it is already attached
    there (701.3b-c); a newly attached one gets a new timestamp (613.7e)."""
    state = ctx.state
    source = state.objects.get(ctx.source_id) if ctx.source_id is not None else None
    if source is None or source.zone != "battlefield":
        return
    for host in objects_of(ctx, ctx.refs(p)):
        if host.zone != "battlefield" or host.id == source.id or source.attached_to == host.id:
            continue
        source.attached_to = host.id
        source.timestamp = state.new_timestamp()
        state.log("attached", object=source.id, to=host.id)
        state.changed()
        return


@state_based_action(cr="704.5n")
def unattach_equipment(state: GameState) -> bool:
    """Check 704.5n (301.5c): an Equipment attached to something that isn't a creature on the
    battlefield, or that is itself a creature, or (801.9) one outside its controller's range of
    influence, becomes unattached and stays on the battlefield."""
    chars = compute_all(state)
    loose = []
    for obj in state.battlefield():
        if obj.attached_to is None or "Equipment" not in chars[obj.id].subtypes:
            continue
        host = state.objects.get(obj.attached_to)
        if host is None or host.zone != "battlefield" or not chars[host.id].has_type("Creature") \
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
