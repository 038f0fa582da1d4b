"""Countering spells and abilities (CR 701.6) and spells that can't be countered (CR 101.2).

Every effect that counters something goes through :func:`counter_object`, so "can't be
countered" is honoured by all of them (``counter``, ``counter_if``, ``counter_unless_pays``).

"Can't be countered" is card data, a static ability with ``rule = "cant_be_countered"``:

* on the spell itself ("This spell can't be countered", Great Sable Stag, Abrupt Decay)::

    { kind = "static", rule = "cant_be_countered", affected = "self", zones = ["stack"] }

* on a permanent, for other spells ("Creature spells you control can't be countered")::

    { kind = "static", rule = "cant_be_countered", spells = { type = "Creature" },
      player = "you" }      # whose spells: "you" (default), "opponent" or "any"

A spell that can't be countered is still a legal target for a counterspell (the targeting
rules don't change); the counterspell resolves and simply doesn't counter it (CR 101.2: the
"can't" wins). Rule-based removal such as 608.2b (all targets illegal) is not countering by an
effect, so it still happens.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from reference_engine.layers.filters import FilterContext, matches
from reference_engine.layers.system import characteristics_of, compute_all, static_abilities

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["CANT_BE_COUNTERED", "can_be_countered", "counter_object"]

#: The ``rule`` of a static ability that stops a spell from being countered.
CANT_BE_COUNTERED = "cant_be_countered"


def _whose(state: GameState, who: object, source_controller: str, caster: str) -> bool:
    if who in (None, "you"):
        return caster == source_controller
    if who == "opponent":
        return caster in state.opponents(source_controller)
    return who == "any" or caster == who


def can_be_countered(state: GameState, obj: GameObject) -> bool:
    """Check 101.2 against 701.6a: False if a "can't be countered" ability of the spell itself,
    or of a permanent whose ``spells`` filter it matches, applies to ``obj`` now."""
    if obj.ability is not None:
        return True  # abilities on the stack have no such text in this vocabulary
    own = characteristics_of(state, obj.id)
    for ability in own.abilities:
        if (ability.get("kind") == "static" and ability.get("rule") == CANT_BE_COUNTERED
                and ability.get("affected") == "self"
                and obj.zone in ability.get("zones", ["stack"])):
            return False
    chars = compute_all(state)
    for source, ability in static_abilities(state, chars):
        if ability.get("rule") != CANT_BE_COUNTERED or ability.get("affected") == "self":
            continue
        if not _whose(state, ability.get("player"), source.controller, obj.controller):
            continue
        flt = ability.get("spells")
        fctx = FilterContext(you=source.controller, source=source.id)
        if not flt or matches(state, obj, flt, ctx=fctx, chars=own):
            return False
    return True


def counter_object(state: GameState, obj: GameObject) -> bool:
    """Counter ``obj`` (CR 701.6a): a card goes to its owner's graveyard, a copy or an ability
    ceases to exist (707.10a, 113.7). Returns False, changing nothing, if it can't be
    countered (CR 101.2) or isn't on the stack."""
    if obj.zone != "stack" or not can_be_countered(state, obj):
        return False
    # 603.10e: what it was as a spell is kept with the event (the triggers look back).
    state.log("countered", object=obj.id, card=obj.card.name, player=obj.controller,
              spell=obj.ability is None, copy=obj.is_copy)
    if obj.is_copy or obj.ability is not None:
        state.remove(obj)
    else:
        state.move(obj, "graveyard")
    return True
