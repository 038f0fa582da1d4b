"""Counters that create replacement and prevention effects on the permanent they are on
(CR 122.1c shield, 122.1d stun, 122.1h finality).

* **Shield** (122.1c): one or more shield counters make one replacement effect, "if this
  permanent would be destroyed as the result of an effect, instead remove a shield counter from
  it" (:func:`destroy`, which every destroying effect goes through; destruction by state-based
  actions is not the result of an effect), and one prevention effect, "if damage would be dealt
  to this permanent, prevent that damage and remove a shield counter from it" (a damage
  modifier, ordered with the others by the affected player, 616.1).
* **Stun** (122.1d): "if this permanent would become untapped, instead remove a stun counter
  from it" (:func:`untap`, which the untap step and every untapping effect go through).
* **Finality** (122.1h): "if this permanent would be put into a graveyard from the battlefield,
  exile it instead", a zone-change replacement effect like any other (see
  :func:`reference_engine.damage.ordering.replacements_for`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from reference_engine.damage.events import DamageEvent, Modifier, damage_modifier, with_amount
from reference_engine.layers.system import characteristics_of
from reference_engine.sba.checks import replaces_destruction

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["destroy", "untap"]


def _remove_one(state: GameState, obj: GameObject, kind: str, rule: str) -> None:
    obj.counters[kind] -= 1
    if obj.counters[kind] <= 0:
        del obj.counters[kind]
    state.log("counters-removed", object=obj.id, counter=kind, amount=1, rule=rule)
    state.changed()


def destroy(state: GameState, obj: GameObject) -> bool:
    """Destroy ``obj`` as the result of an effect (CR 701.8): an indestructible permanent isn't
    (702.12b), a shield counter replaces the destruction with its own removal (122.1c), and so
    does regeneration, with its own (701.19).
    True if it was destroyed."""
    if obj.zone != "battlefield":
        return False
    if characteristics_of(state, obj.id).has_keyword("indestructible"):
        return False
    if obj.counters.get("shield", 0) > 0:
        _remove_one(state, obj, "shield", "122.1c")
        return False
    if replaces_destruction(state, obj):
        return False  # regeneration (701.19a-b)
    state.log("destroyed", object=obj.id, card=obj.card.name)
    state.move(obj, "graveyard")
    return True


def untap(state: GameState, obj: GameObject) -> bool:
    """Untap ``obj`` (CR 701.26b); a stun counter on it replaces the untapping with its own
    removal (122.1d), even in the untap step. True if it untapped."""
    if not obj.tapped:
        return False
    if obj.counters.get("stun", 0) > 0:
        _remove_one(state, obj, "stun", "122.1d")
        return False
    obj.tapped = False
    return True


@damage_modifier
def _shield_prevents(state: GameState, event: DamageEvent) -> list[Modifier]:
    """Check 122.1c: damage about to be dealt to a permanent with a shield counter is
    prevented, and a shield counter is removed from it."""
    obj = state.objects.get(event.target_object) if event.target_object is not None else None
    if obj is None or obj.zone != "battlefield" or obj.counters.get("shield", 0) <= 0:
        return []
    found = obj

    def consume() -> None:
        if found.counters.get("shield", 0) > 0:
            _remove_one(state, found, "shield", "122.1c")

    return [Modifier(id=f"shield-counter:{obj.handle or obj.id}", kind="prevention",
                     apply=lambda e: with_amount(e, 0), consume=consume)]
