"""Targets of triggered abilities (CR 603.3d, 608.2b).

A triggered ability with ``targets = [...]`` (the same target slots as a spell's) has its targets
chosen by its controller as it is put on the stack (603.3d). The case answers with the choice
``trigger_targets``, a table by the source's handle or card name of the targets chosen, written
as a cast action's ``targets`` (a value, a list in slot order, or a table by slot name):

    choices = { trigger_targets = { kavu = "bears" } }

When one source triggers more than once at the same time, its answer may be a list with one
entry (itself a list or table) per ability, in the order they triggered. Without an answer,
targets are taken only when there is exactly one way to choose them (a single legal target for
a single-target slot); otherwise the case must answer.

If a slot can't get as many legal targets as it needs, the ability is removed from the stack
(603.3d). On resolution the targets are checked again (608.2b, :mod:`.resolution`): an illegal
target is unaffected, and if every target is illegal the ability doesn't resolve. An answer that
names an illegal target rejects the action with ``illegal-target``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.choices import choose
from reference_engine.core.errors import RulesViolation, SetupError
from reference_engine.core.ordering import in_cr_order
from reference_engine.resolution.stack import is_legal_target
from reference_engine.triggers.abilities import PUT_ON_STACK_HOOKS, PendingTrigger

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["CHOICE", "legal_targets"]

#: The name of the choice that answers a triggered ability's targets.
CHOICE = "trigger_targets"
_KIND_ZONE = {"spell": "stack"}


def _count_range(slot: Mapping[str, Any]) -> tuple[int, int]:
    count = slot.get("count", 1)
    if isinstance(count, int):
        return count, count
    return int(count[0]), int(count[1])


def legal_targets(state: GameState, ability_obj: GameObject,
                  slot: Mapping[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Every legal target of ``slot`` for the ability ``ability_obj`` now, as (label, ref):
    players by name, objects by handle (or ``Card#id``)."""
    kind = str(slot.get("kind", "any"))
    out: list[tuple[str, dict[str, Any]]] = []
    if kind in ("player", "any"):
        out += [(p, {"player": p}) for p in state.turn_order]
    if kind != "player":
        zone = str(slot.get("zone", _KIND_ZONE.get(kind, "battlefield")))
        out += [(o.name_for_log, {"object": o.id}) for o in state.objects_in(zone)
                if o.id != ability_obj.id]
    return [(label, ref) for label, ref in out if is_legal_target(state, ability_obj, slot, ref)]


def _answer(state: GameState, trig: PendingTrigger, nth: int) -> Any:
    answers = choose(state, CHOICE, None, default=None, has_default=True)
    if not isinstance(answers, Mapping):
        return None
    key = next((k for k in (trig.label, trig.card.name) if k in answers), None)
    if key is None:
        return None
    answer = answers[key]
    if isinstance(answer, list) and answer and all(isinstance(a, (list, Mapping))
                                                   for a in answer):
        return answer[min(nth, len(answer) - 1)]
    return answer


def _per_slot(slots: list[tuple[str, Mapping[str, Any]]], given: Any,
              label: str) -> dict[str, list[Any]]:
    if isinstance(given, Mapping):
        unknown = sorted(set(given) - {n for n, _ in slots})
        if unknown:
            raise SetupError(f"choice {CHOICE!r} for {label}: the ability has no target "
                             f"slot(s) {unknown}")
        return {n: (list(v) if isinstance(v, list) else [v])
                for n, v in given.items()}
    values = list(given) if isinstance(given, list) else [given]
    out: dict[str, list[Any]] = {}
    pos = 0
    for name, slot in slots:
        low, high = _count_range(slot)
        take = low if low == high else min(high, max(low, len(values) - pos))
        out[name] = values[pos:pos + take]
        pos += take
    if pos != len(values):
        raise RulesViolation("illegal-target", f"the triggered ability of {label} takes "
                             f"{pos} target(s), {len(values)} given (CR 603.3d)")
    return out


@in_cr_order(PUT_ON_STACK_HOOKS, cr="603.3d")
def choose_trigger_targets(state: GameState, obj: GameObject, trig: PendingTrigger) -> bool:
    """Choose the targets of the triggered ability ``obj`` as it goes on the stack (603.3d);
    False if it can't have legal targets and is removed from the stack."""
    ability = obj.ability or {}
    slots = [(str(s.get("name", f"t{i}")), s) for i, s in enumerate(ability.get("targets", []))]
    if not slots:
        return True
    options = {name: legal_targets(state, obj, slot) for name, slot in slots}
    for name, slot in slots:
        if len(options[name]) < _count_range(slot)[0]:
            state.log("trigger-removed", source=trig.source, card=trig.card.name, slot=name,
                      reason="603.3d")
            return False
    given = _answer(state, trig, trig.nth)
    chosen: list[dict[str, Any]] = []
    if given is None:
        for name, slot in slots:
            low, high = _count_range(slot)
            if len(options[name]) > low:
                shown = [label for label, _ in options[name]]
                raise SetupError(
                    f"the case must answer choice {CHOICE!r} for the triggered ability of "
                    f"{trig.label} (slot {name!r}, {low}-{high} of {shown}): add "
                    f"{CHOICE} = {{ {trig.label} = ... }} to the action's 'choices' or to "
                    "setup.choices (CR 603.3d)")
            chosen += [{**ref, "slot": name} for _, ref in options[name]]
        obj.targets = chosen
        return True
    for name, values in _per_slot(slots, given, trig.label).items():
        slot = dict(slots)[name]
        low, high = _count_range(slot)
        if not low <= len(values) <= high or len({str(v) for v in values}) != len(values):
            raise RulesViolation("illegal-target", f"the triggered ability of {trig.label} "
                                 f"needs {low}-{high} different target(s) for {name!r}, "
                                 f"{values!r} given (CR 603.3d, 115.3)")
        legal = dict(options[name])
        for value in values:
            ref = legal.get(str(value))
            if ref is None:
                raise RulesViolation("illegal-target", f"{value!r} is not a legal target for "
                                     f"the triggered ability of {trig.label} (CR 603.3d)")
            chosen.append({**ref, "slot": name})
    obj.targets = chosen
    return True


