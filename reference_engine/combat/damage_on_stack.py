"""Combat damage on the stack: the Sixth Edition rules (era switch ``combat_damage``).

From the Sixth Edition rules (1999) until Magic 2010 (July 2009), the combat damage step's
turn-based action assigned combat damage (the division of today's CR 510.1) and put all of it on
the stack as one object; players then received priority, and the damage was dealt only when that
object resolved. So, in the Invasion era:

* a creature that left play after assigning its damage still dealt it: the damage keeps its
  source, as last known (the same object id, CR 400.7 makes a new object for the card);
* a change of power after assignment (a Giant Growth cast in response) changed nothing: the
  amounts were fixed as the damage went on the stack;
* a recipient that left play is not dealt the damage: the object it became is a new object
  (CR 400.7), so the assignment no longer refers to anything;
* first and double strike (today's 510.4) gave one such object in each combat damage step.

Source: Sheldon Menery, "The Combat Phase" (Wizards of the Coast judge article, July 2001, rule
310 of the Sixth Edition rules; public archive maxmakesmagic/ormos,
``archive/en/articles/archive/2001/07/combat-phase-2001-07-22.md``): "if the creature leaves
play, its damage will still be dealt. Damage will not be dealt to it", and "changing the power of
a creature after damage has been assigned will not make it do more damage" (a change of
toughness still counts, as damage is marked only on resolution).

Era ``modern`` (``combat_damage = "immediate"``) deals the damage as the step begins (CR 510.2),
see :mod:`reference_engine.combat.damage_step`; both eras share the assignment code.

The object on the stack has ``ability = {kind = "combat_damage", label = "combat damage"}`` (the
``stack`` query shows the label) and ``extra["turn_based"] = True``: it was put there by a
turn-based action, so the shorthand ``advance`` passes through it as players passing priority
would (see :mod:`reference_engine.turn.priority`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, replace
from typing import TYPE_CHECKING, Any

from reference_engine.core.cards import parse_card
from reference_engine.core.context import ResolveContext, effect
from reference_engine.core.ordering import in_cr_order
from reference_engine.core.state import ZONE_CHANGE_HOOKS
from reference_engine.damage.events import DamageEvent, deal_damage

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["COMBAT_DAMAGE_CARD", "assigned_damage", "is_on_stack_era",
           "put_combat_damage_on_stack"]

#: The card-like definition the combat damage object is built from (it represents no card;
#: the engine's stack objects all carry a card definition).
COMBAT_DAMAGE_CARD = parse_card({
    "name": "Combat damage", "layout": "normal",
    "oracle_text": "Deal the combat damage assigned as it was put on the stack."})
#: Key in the object's ``extra`` holding the assigned damage events.
ASSIGNED_KEY = "combat_damage"
#: Key in ``state.extra``: last known objects of sources that left with their damage pending.
LKI_KEY = "combat_damage_last_known"
#: The ability data of the combat damage object.
COMBAT_DAMAGE_ABILITY: Mapping[str, Any] = {
    "kind": "combat_damage", "label": "combat damage",
    "effects": [{"type": "deal_assigned_combat_damage"}]}


def is_on_stack_era(state: GameState) -> bool:
    """True if combat damage uses the stack in this game's era (switch ``combat_damage``)."""
    return state.era.is_("combat_damage", "on-stack")


def put_combat_damage_on_stack(state: GameState,
                               events: list[DamageEvent]) -> GameObject | None:
    """Put the assigned combat damage on the stack as one object (Sixth Edition 510.2);
    nothing goes on the stack when no creature assigned any damage."""
    if not events:
        return None
    obj = state.create_object(
        COMBAT_DAMAGE_CARD, owner=state.active_player, zone="stack",
        ability=dict(COMBAT_DAMAGE_ABILITY),
        extra={"turn_based": True, ASSIGNED_KEY: [asdict(e) for e in events]})
    state.log("combat-damage-on-stack", object=obj.id, amount=sum(e.amount for e in events),
              step=state.step)
    return obj


def assigned_damage(obj: GameObject) -> list[DamageEvent]:
    """The damage events a combat damage object on the stack will deal."""
    return [DamageEvent(**e) for e in obj.extra.get(ASSIGNED_KEY, [])]


def _pending_sources(state: GameState) -> set[int]:
    return {e.source for oid in state.zone_list("stack")
            if ASSIGNED_KEY in state.objects[oid].extra
            for e in assigned_damage(state.objects[oid])}


@in_cr_order(ZONE_CHANGE_HOOKS, cr="608.2h")
def _remember_source(state: GameState, old: GameObject, new: GameObject) -> None:
    """Keep the last known object of a combat damage source leaving the battlefield while its
    damage is on the stack (CR 608.2h: last known information), with the zone it went to."""
    if old.zone == "battlefield" and old.id in _pending_sources(state):
        state.extra.setdefault(LKI_KEY, {})[old.id] = replace(old, zone=new.zone)




@effect("deal_assigned_combat_damage")
def _deal_assigned(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Deal the combat damage assigned as the object went on the stack, all at once (120.2):
    a source that left still deals it, with its last known information (its controller, and
    the colors and keywords of its card and of effects on it, for protection, prevention,
    lifelink, deathtouch, infect: the object stands in while the damage is dealt, in the zone
    it went to, so its own static abilities don't function); damage to a permanent that left
    is not dealt, as the assignment refers to an object that no longer exists (CR 400.7);
    replacement and prevention effects apply as it is dealt (615, 616)."""
    state = ctx.state
    # A recipient that left is a new object now (400.7): its damage is not dealt.
    events = [e for e in assigned_damage(ctx.obj)
              if e.target_object is None or e.target_object in state.objects]
    known: dict[int, GameObject] = state.extra.get(LKI_KEY, {})
    ghosts = [known[e.source] for e in events
              if e.source not in state.objects and e.source in known]
    for ghost in ghosts:
        state.objects[ghost.id] = ghost
    state.changed()
    try:
        deal_damage(state, events)
    finally:
        for ghost in ghosts:
            state.objects.pop(ghost.id, None)
        state.changed()
