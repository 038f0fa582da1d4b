"""Finding static replacement effects for one event and choosing their order (CR 614, 616.1).

Replacement effects of permanents are card data, ``{kind = "replacement", event = ...}``; the
event-specific modules (counters, zone changes, life gain) ask :func:`replacements_for` for the
abilities whose ``event`` is theirs and apply them one at a time with :func:`apply_in_order`:

* each applies at most once to an event and to the events that replace it (614.5);
* when several apply, the affected player, or the controller of the affected object (its owner
  if it has none), chooses which goes first (616.1, 616.1e): choice ``replacement_order``, a
  list of effect ids in the order wanted (or a table of such lists by player); an id is
  ``replacement:<handle>:<index>`` (the source's handle and the ability's position in its
  abilities), the same ids as the damage choice ``damage_order``;
* after one applies, the others are looked at again against the modified event (616.1f), so
  an effect that no longer applies (a card no longer going to a graveyard) does nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from reference_engine.core.choices import choose
from reference_engine.layers.system import compute_all, static_abilities

if TYPE_CHECKING:
    from reference_engine.core.characteristics import Characteristics
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["ORDER_CHOICE", "Replacement", "apply_in_order", "replacements_for"]

ORDER_CHOICE = "replacement_order"
#: Zones a replacement effect of an object functions in when it is about that object itself
#: ("if this card would be put into a graveyard from anywhere", CR 113.6).
_ANYWHERE = ("battlefield", "hand", "library", "graveyard", "stack", "exile", "command")

E = TypeVar("E")


@dataclass(frozen=True)
class Replacement:
    """One replacement ability of a permanent (or of the affected card itself)."""

    id: str
    source: GameObject
    ability: Mapping[str, Any]


def _id(obj: GameObject, chars: Characteristics, ability: Mapping[str, Any]) -> str:
    index = next(i for i, a in enumerate(chars.abilities) if a == ability)
    return f"replacement:{obj.handle or obj.id}:{index}"


#: Replacement effects that counters create on the permanent they are on, by event: a
#: finality counter's "if this permanent would be put into a graveyard from the battlefield,
#: exile it instead" (CR 122.1h). One effect however many counters (122.1h: "one or more").
_COUNTER_REPLACEMENTS: dict[str, dict[str, Mapping[str, Any]]] = {
    "zone_change": {"finality": {"kind": "replacement", "event": "zone_change",
                                 "affected": "self", "from": "battlefield", "to": "graveyard",
                                 "instead": "exile"}},
}


def _counter_replacements(state: GameState, event: str) -> list[Replacement]:
    return [Replacement(f"counter:{kind}:{obj.handle or obj.id}", obj, ability)
            for kind, ability in _COUNTER_REPLACEMENTS.get(event, {}).items()
            for obj in state.battlefield() if obj.counters.get(kind, 0) > 0]


def replacements_for(state: GameState, event: str) -> list[Replacement]:
    """Every replacement ability with ``event`` that functions now, in timestamp order: those
    of permanents (CR 113.6), and those of an object that are about that object itself
    (``affected = "self"``), wherever it is, when they say so with ``zones``; and those that
    counters on permanents create (122.1h)."""
    chars = compute_all(state)
    found: list[Replacement] = []
    for obj, ability in static_abilities(state, chars, kind="replacement"):
        if ability.get("event") == event:
            found.append(Replacement(_id(obj, chars[obj.id], ability), obj, ability))
    found += _counter_replacements(state, event)
    seen = {r.id for r in found}
    for obj in list(state.objects.values()):
        c = chars.get(obj.id)
        if c is None or obj.zone == "battlefield":
            continue
        for ability in c.abilities:
            if (ability.get("kind") == "replacement" and ability.get("event") == event
                    and ability.get("affected") == "self"
                    and obj.zone in ability.get("zones", _ANYWHERE)):
                rid = _id(obj, c, ability)
                if rid not in seen:
                    found.append(Replacement(rid, obj, ability))
    return sorted(found, key=lambda r: r.source.timestamp)


def _next(state: GameState, pending: list[Replacement], player: str) -> Replacement:
    """The effect ``player`` applies next (616.1): the first of ``pending`` in the order the
    case answered for ``replacement_order``, else the earliest."""
    if len(pending) == 1:
        return pending[0]
    answer = choose(state, ORDER_CHOICE, None, default=[], has_default=True)
    if isinstance(answer, Mapping):
        answer = answer.get(player, [])
    ids = [str(a) for a in (answer if isinstance(answer, list) else [answer])]
    ranked = [r for rid in ids for r in pending if r.id == rid]
    return ranked[0] if ranked else pending[0]


def apply_in_order(state: GameState, event: E, *, player: str,
                   applicable: Callable[[E], list[Replacement]],
                   apply: Callable[[E, Replacement], E],
                   done: Callable[[E], bool] | None = None) -> E:
    """Apply the replacements ``applicable`` finds for ``event``, one at a time in the order
    ``player`` chooses, each at most once (614.5, 616.1, 616.1f); return the final event."""
    used: set[str] = set()
    for _ in range(64):
        if done is not None and done(event):
            break
        pending = [r for r in applicable(event) if r.id not in used]
        if not pending:
            break
        chosen = _next(state, pending, player)
        used.add(chosen.id)
        event = apply(event, chosen)
        state.log("replaced", effect=chosen.id, source=chosen.source.id)
    return event
