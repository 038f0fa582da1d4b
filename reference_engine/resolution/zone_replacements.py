"""Replacement effects on where an object would go (CR 614.1a, 614.6, 616.1, 616.1f).

"If a card would be put into a graveyard from anywhere, exile it instead" is card data::

    { kind = "replacement", event = "zone_change", to = "graveyard", instead = "exile" }
    { kind = "replacement", event = "zone_change", to = "graveyard", instead = "exile",
      affected = { owner = "opponent", token = false } }                 # Leyline of the Void
    { kind = "replacement", event = "zone_change", affected = "self", to = "graveyard",
      instead = "library", shuffle = true }                              # Darksteel Colossus

``to`` is the zone the object would be put into, ``from`` (a zone or a list) where it would
come from (any zone when absent), ``affected`` a filter on the object as it is before it moves
(``you`` is the replacement's controller; ``"self"``: only the object with the ability, which
then functions from any zone, or from the zones listed in ``zones``), ``instead`` the zone it
goes to instead, ``shuffle = true`` shuffles the library it was put into (701.24a).

Every zone change goes through :meth:`GameState.move`, so the effects apply to a permanent
destroyed, sacrificed or dying to state-based actions, a spell leaving the stack, a card
discarded or milled. When several apply, the object's controller (its owner if it has none,
as in a hand or a library) chooses which applies first (616.1, choice ``replacement_order``);
after one applies, the rest are checked again (616.1f): once a card is going to exile instead,
"would be put into a graveyard" no longer applies. A permanent exiled instead of going to the
graveyard doesn't die (700.4) and a card exiled instead of being discarded is still discarded
(701.9a: the event happened, modified).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.objects import ZONES
from reference_engine.core.ordering import in_cr_order
from reference_engine.core.state import AFTER_MOVE_HOOKS, MOVE_REPLACEMENTS
from reference_engine.damage.ordering import Replacement, apply_in_order, replacements_for
from reference_engine.layers.filters import FilterContext, matches
from reference_engine.resolution.hidden_zones import shuffle_library

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__: list[str] = []

_SHUFFLE_KEY = "shuffle_after_move"


def _zones(value: Any) -> set[str]:
    return {value} if isinstance(value, str) else {str(z) for z in value}


def _applies(state: GameState, rep: Replacement, obj: GameObject, to: str) -> bool:
    ability = rep.ability
    if str(ability.get("to", "graveyard")) != to:
        return False
    if "from" in ability and obj.zone not in _zones(ability["from"]):
        return False
    if str(ability.get("instead", "")) not in ZONES:
        return False
    flt = ability.get("affected")
    if flt == "self":
        return rep.source.id == obj.id
    if not isinstance(flt, Mapping):
        return True
    fctx = FilterContext(you=rep.source.controller, source=rep.source.id)
    return matches(state, obj, dict(flt), ctx=fctx)


def _affected_player(obj: GameObject) -> str:
    """616.1: the affected object's controller, or its owner if it has no controller (a card
    in a hand, library, graveyard or exile)."""
    return obj.controller if obj.zone in ("battlefield", "stack") else obj.owner


@in_cr_order(MOVE_REPLACEMENTS, cr="614.1a")
def _replace_zone(state: GameState, obj: GameObject, zone: str) -> str:
    """The zone ``obj`` goes to after the zone-change replacement effects (614.1a, 616.1)."""
    if zone == obj.zone:
        return zone
    reps = [r for r in replacements_for(state, "zone_change")]
    if not reps:
        return zone
    shuffle: list[bool] = []

    def applicable(to: str) -> list[Replacement]:
        return [r for r in reps if _applies(state, r, obj, to)]

    def apply(to: str, rep: Replacement) -> str:
        dest = str(rep.ability["instead"])
        shuffle.append(dest == "library" and bool(rep.ability.get("shuffle")))
        return dest

    final = apply_in_order(state, zone, player=_affected_player(obj), applicable=applicable,
                           apply=apply)
    if final == "library" and shuffle and shuffle[-1]:
        state.extra.setdefault(_SHUFFLE_KEY, []).append(obj.id)
    return final


@in_cr_order(AFTER_MOVE_HOOKS, cr="701.24a")
def _shuffle_after(state: GameState, old: GameObject, new: GameObject) -> None:
    """"Shuffle it into its owner's library instead": the library is shuffled once the card is
    in it (701.24a)."""
    pending = state.extra.get(_SHUFFLE_KEY)
    if pending and old.id in pending:
        pending.remove(old.id)
        shuffle_library(state, new.owner)


