"""What dealing damage does besides life loss and marked damage (CR 120.3), and the
state-based actions that follow from it.

* 120.3c: damage dealt to a planeswalker removes that many loyalty counters from it;
* 120.3h: damage dealt to a battle removes that many defense counters from it;
* 120.3f / 702.15b: damage dealt by a source with lifelink causes its controller to gain that
  much life (as part of the damage event, not a trigger);
* 702.2b / 704.5h: a creature dealt damage by a source with deathtouch since the last check is
  destroyed. Both work from any zone the source deals damage from (702.2d, 702.15d); a source
  that has left the battlefield is seen as it last existed there (702.2e, 702.15c);
* 704.5i: a planeswalker with 0 loyalty, and 704.5v: a battle with 0 defense, go to the
  graveyard. A planeswalker's loyalty is the number of loyalty counters on it (306.5c), a
  battle's defense the number of defense counters on it (310.4c): with none, it is 0.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from reference_engine.core.registry import on_step
from reference_engine.damage.events import DamageEvent, damage_result
from reference_engine.layers.system import compute_all
from reference_engine.sba.checks import replaces_destruction, state_based_action
from reference_engine.triggers.abilities import ability_waiting
from reference_engine.triggers.last_known import last_known_info

if TYPE_CHECKING:
    from reference_engine.core.characteristics import Characteristics
    from reference_engine.core.state import GameState

__all__: list[str] = []

_DEATHTOUCH = "dealt_deathtouch_damage"


@damage_result
def _counters_and_lifelink(state: GameState, event: DamageEvent) -> None:
    """Check 120.3c, 120.3h, 120.3f and 702.2b for one dealt damage event."""
    chars = compute_all(state)
    source, controller = _source_info(state, event.source, chars)
    if source is not None and source.has_keyword("lifelink"):
        from reference_engine.triggers.life import gain_life

        gain_life(state, controller, event.amount, source=event.source)  # 702.15b
    if event.target_object is None or event.target_object not in state.objects:
        return
    obj = state.objects[event.target_object]
    c = chars[obj.id]
    if c.has_type("Planeswalker"):
        obj.counters["loyalty"] = max(obj.counters.get("loyalty", 0) - event.amount, 0)
    if c.has_type("Battle"):
        before = obj.counters.get("defense", 0)
        obj.counters["defense"] = max(before - event.amount, 0)
        if before > 0:
            # 310.6: the counters are removed (what a Siege's 310.11b ability triggers on).
            state.log("counters-removed", object=obj.id, counter="defense",
                      amount=before - obj.counters["defense"],
                      remaining=obj.counters["defense"], rule="310.6")
    if source is not None and source.has_keyword("deathtouch") and c.has_type("Creature"):
        obj.extra[_DEATHTOUCH] = True
    state.changed()


def _source_info(state: GameState, source_id: int,
                 chars: Mapping[int, Characteristics]) -> tuple[Characteristics | None, str]:
    """A damage source's characteristics and its controller (its owner if it has none): as it
    is now, wherever it is (702.2d, 702.15d), or, if it has left the battlefield since, as it
    last existed there (its last known information, 702.2e, 702.15c)."""
    obj = state.objects.get(source_id)
    if obj is not None and source_id in chars:
        return chars[source_id], obj.controller or obj.owner
    known = last_known_info(state, source_id)
    if known is not None:
        return known.chars, known.object.controller or known.object.owner
    return None, ""


@state_based_action(cr="704.5h")
def _deathtouch_and_counters(state: GameState) -> bool:
    """Check 704.5h, 704.5i and 704.5v (loyalty and defense are counted, 306.5c, 310.4c).
    704.5h looks only at deathtouch damage dealt since
    state-based actions were last checked, so this check uses up the mark (a creature that
    was indestructible then doesn't die when it later loses indestructible)."""
    chars = compute_all(state)
    doomed = []
    for obj in state.battlefield():
        c = chars[obj.id]
        marked = obj.extra.pop(_DEATHTOUCH, False)
        # Any deathtouch damage dealt counts, even dealt as -1/-1 counters (wither, 120.3d).
        if (marked and c.has_type("Creature") and not c.has_keyword("indestructible")):
            doomed.append((obj, "deathtouch"))
        elif c.has_type("Planeswalker") and obj.counters.get("loyalty", 0) <= 0:
            doomed.append((obj, "loyalty"))
        elif (c.has_type("Battle") and obj.counters.get("defense", 0) <= 0
              and not ability_waiting(state, obj.id)):
            # 704.5v: not while an ability of it that triggered hasn't left the stack.
            doomed.append((obj, "defense"))
    did = False
    for obj, reason in doomed:
        # 704.5h destroys the creature (regeneration can replace that, 701.19a); 704.5i and
        # 704.5v put the permanent into the graveyard without destroying it.
        if reason == "deathtouch" and replaces_destruction(state, obj):
            did = True
            continue
        state.log("dies" if chars[obj.id].has_type("Creature") else "put-into-graveyard",
                  object=obj.id, card=obj.card.name, reason=reason)
        state.move(obj, "graveyard")
        did = True
    return did


@on_step("cleanup", cr="514.2")
def _forget_deathtouch(state: GameState) -> None:
    """Check 514.2: damage wears off, and with it what deathtouch marked."""
    for obj in state.battlefield():
        obj.extra.pop(_DEATHTOUCH, None)
