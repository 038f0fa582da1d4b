"""Sagas (CR 714): lore counters, chapter abilities and the Saga's sacrifice.

* A chapter ability is card data ``{kind = "triggered", trigger = {event = "chapter",
  chapter = N}, effects = [...]}`` (714.2a; "I, II — ..." is two chapter abilities, 714.2c). It
  triggers when lore counters put on the Saga make their number at least N, having been less
  than N before (714.2b); putting several lore counters on at once can trigger several
  chapters. The Saga's final chapter number is the greatest chapter number among its chapter
  abilities (714.2d).
* A Saga with one or more chapter abilities enters with a lore counter (714.3a, an intrinsic
  "enters with" ability: :func:`enters_with_lore`, called from
  :mod:`reference_engine.objects.entering`), and as its controller's precombat main phase begins
  that player puts a lore counter on each such Saga they control, a turn-based action that
  doesn't use the stack (714.3b, 505.4). Each lore counter put on a Saga is logged as a
  ``counters-added`` event with the number there was ``before``.
* State-based action 704.5s (714.4): a Saga with one or more chapter abilities whose lore
  counters are at least its final chapter number is sacrificed by its controller, unless it is
  the source of a chapter ability that has triggered but not yet left the stack (pending, on the
  stack, or triggered by an event not yet looked at).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.registry import on_step
from reference_engine.layers.system import characteristics_of
from reference_engine.sba.checks import state_based_action
from reference_engine.triggers.abilities import trigger_matcher

if TYPE_CHECKING:
    from reference_engine.core.characteristics import Characteristics
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import Event, GameState

__all__ = ["add_lore", "enters_with_lore", "final_chapter"]

LORE = "lore"


def _chapters(chars: Characteristics) -> list[int]:
    return [int(a["trigger"]["chapter"]) for a in chars.abilities
            if a.get("kind") == "triggered" and isinstance(a.get("trigger"), Mapping)
            and a["trigger"].get("event") == "chapter"]


def final_chapter(chars: Characteristics) -> int | None:
    """A Saga's final chapter number (714.2d), or None if it has no chapter ability."""
    chapters = _chapters(chars)
    return max(chapters) if chapters else None


def _is_saga_with_chapters(chars: Characteristics) -> bool:
    return "Saga" in chars.subtypes and final_chapter(chars) is not None


def add_lore(state: GameState, obj: GameObject, amount: int = 1) -> None:
    """Put ``amount`` lore counters on ``obj``, logging the number there was before (714.2b)."""
    before = obj.counters.get(LORE, 0)
    obj.counters[LORE] = before + amount
    state.log("counters-added", object=obj.id, counter=LORE, amount=amount, before=before)
    state.changed()


def enters_with_lore(state: GameState, new: GameObject, chars: Characteristics) -> None:
    """714.3a: as a Saga with chapter abilities enters, its controller puts a lore counter on
    it."""
    if _is_saga_with_chapters(chars):
        add_lore(state, new)


@on_step("precombat-main", cr="714.3b")
def _lore_turn_based_action(state: GameState) -> None:
    """714.3b: as a player's precombat main phase begins, that player puts a lore counter on
    each Saga with chapter abilities they control (a turn-based action, no stack)."""
    for obj in state.battlefield():
        if obj.controller == state.active_player and \
                _is_saga_with_chapters(characteristics_of(state, obj.id)):
            add_lore(state, obj)


def _crosses(event: Event, obj_id: int, chapter: int) -> bool:
    d = event.details
    if event.kind != "counters-added" or d.get("counter") != LORE or d.get("object") != obj_id:
        return False
    before = int(d.get("before", 0))
    return before < chapter <= before + int(d.get("amount", 0))


@trigger_matcher("chapter", params={"chapter": "int!: the chapter number (714.2a)"},
                 cr=("714.2b", "714.2c"),
                 example='Summon: Alexander: {event = "chapter", chapter = 3}')
def _chapter(state: GameState, obj: GameObject, spec: Mapping[str, Any], event: Event) -> bool:
    """A chapter ability: lore counters put on this Saga make their number reach the chapter
    number from below (714.2b)."""
    return _crosses(event, obj.id, int(spec.get("chapter", 0)))


def _chapter_waiting(state: GameState, obj: GameObject, chars: Characteristics) -> bool:
    """704.5s: ``obj`` is the source of a chapter ability that has triggered but not yet left
    the stack: pending, on the stack, or triggered by an event not yet looked at."""
    from reference_engine.triggers.abilities import PendingTrigger

    def is_chapter(ability: Mapping[str, Any] | None) -> bool:
        trig = (ability or {}).get("trigger")
        return isinstance(trig, Mapping) and trig.get("event") == "chapter"

    pending: list[PendingTrigger] = state.extra.get("pending_triggers", [])
    if any(t.source == obj.id and is_chapter(t.ability) for t in pending):
        return True
    if any(state.objects[i].source_id == obj.id and is_chapter(state.objects[i].ability)
           for i in state.zone_list("stack")):
        return True
    unseen = state.events[int(state.extra.get("trigger_cursor", 0)):]
    return any(_crosses(e, obj.id, n) for e in unseen for n in _chapters(chars))


@state_based_action(cr="704.5s")
def saga_sacrifice(state: GameState) -> bool:
    """Check 704.5s (714.4): sacrifice each Saga with chapter abilities whose lore counters
    reach its final chapter number, unless one of its chapter abilities is still waiting."""
    doomed = []
    for obj in state.battlefield():
        chars = characteristics_of(state, obj.id)
        last = final_chapter(chars)
        if "Saga" not in chars.subtypes or last is None:
            continue
        if obj.counters.get(LORE, 0) >= last and not _chapter_waiting(state, obj, chars):
            doomed.append(obj)
    for obj in doomed:
        # 701.21a: its controller moves it to its owner's graveyard.
        state.log("sacrificed", object=obj.id, card=obj.card.name, player=obj.controller)
        state.move(obj, "graveyard")
    return bool(doomed)
