"""Replacement effects on putting counters on a permanent (CR 614.1a, 614.16, 122.6, 616.1).

Every counter an effect puts on a permanent goes through :func:`put_counters`, and so do the
counters a permanent enters with (122.6: those are "put" on it too; 614.16: a counter
replacement applies when another replacement effect puts the counters). Card data::

    { kind = "replacement", event = "counters", affected = { type = "Creature",
      controller = "you" }, counter = "+1/+1", modify = { add = 1 } }     # Hardened Scales
    { kind = "replacement", event = "counters", affected = { controller = "you" },
      modify = "double" }                                                 # Doubling Season

``affected`` is a filter on the permanent (``you`` is the controller of the replacement's
source); ``counter`` limits it to one kind of counter (any kind when absent); ``modify`` is
``"double"`` ("twice that many"), ``{add = n}`` ("that many plus n") or ``{multiply = n}``.
When several apply, the permanent's controller chooses the order (616.1, choice
``replacement_order``): Hardened Scales then a doubler turns 1 counter into 4, the other way 3.
A cost that puts counters (a loyalty ability's +1, 606.4) is not an effect: it is not replaced.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.errors import SetupError
from reference_engine.damage.ordering import Replacement, apply_in_order, replacements_for
from reference_engine.layers.filters import FilterContext, matches
from reference_engine.layers.system import COUNTER_TIMESTAMPS

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["modified_count", "put_counters"]


def modified_count(spec: Any, amount: int) -> int:
    """``amount`` after one counter replacement's ``modify`` (614.1a)."""
    if spec == "double":
        return amount * 2
    if isinstance(spec, Mapping) and "add" in spec:
        return amount + int(spec["add"])
    if isinstance(spec, Mapping) and "multiply" in spec:
        return amount * int(spec["multiply"])
    raise SetupError(f"unknown counter modification {spec!r} (double, {{add = n}}, "
                     "{multiply = n})")


def _applies(state: GameState, rep: Replacement, obj: GameObject, kind: str) -> bool:
    ability = rep.ability
    if "counter" in ability and str(ability["counter"]) != kind:
        return False
    flt = ability.get("affected")
    if flt == "self":
        return rep.source.id == obj.id
    if flt is None:
        return True
    return matches(state, obj, dict(flt), ctx=FilterContext(you=rep.source.controller,
                                                            source=rep.source.id))


def put_counters(state: GameState, obj: GameObject, kind: str, amount: int) -> int:
    """Put ``amount`` counters of ``kind`` on the permanent ``obj`` as an effect, after the
    replacement effects that modify how many (614.1a, 616.1); return how many were put. The
    counters of that kind on it then have a new timestamp (613.7c)."""
    if amount <= 0:
        return 0
    reps = replacements_for(state, "counters") if obj.zone == "battlefield" else []

    def applicable(n: int) -> list[Replacement]:
        return [r for r in reps if _applies(state, r, obj, kind)]

    final = apply_in_order(state, amount, player=obj.controller, applicable=applicable,
                           apply=lambda n, r: modified_count(r.ability.get("modify"), n),
                           done=lambda n: n <= 0)
    if final <= 0:
        return 0
    before = obj.counters.get(kind, 0)
    obj.counters[kind] = before + final
    # 613.7c: the new counters get a timestamp as they are put on, and every counter of that
    # kind already there gets the same new timestamp (a keyword counter's layer 6 effect).
    obj.extra.setdefault(COUNTER_TIMESTAMPS, {})[kind] = state.new_timestamp()
    state.log("counters-added", object=obj.id, counter=kind, amount=final, before=before)
    state.changed()
    return final
