"""Dependency order of continuous effects within one layer (CR 613.8).

613.8a: an effect *depends on* another in the same layer (or sublayer) if applying the other
would change the existence of the first, or what it applies to, and neither comes from a
characteristic-defining ability or both do. 613.8b: an effect is applied after every effect it
depends on; effects in a dependency loop, and independent ones, apply in timestamp order.
613.8c: after each effect is applied the order of the rest is determined again.

The classic case: Blood Moon ("Nonbasic lands are Mountains") and Urborg, Tomb of Yawgmoth
("Each land is a Swamp in addition to its other land types"), both layer 4. Applying Blood Moon
removes Urborg's ability (CR 305.7), so Urborg's effect depends on Blood Moon's, applies after it
and, no longer existing, does nothing, whichever has the later timestamp.

The functions here know nothing of how effects are applied; :mod:`reference_engine.layers.system`
passes in how to test existence, find what an effect applies to and apply it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields
from typing import TYPE_CHECKING, Any

from reference_engine.core.characteristics import Characteristics

if TYPE_CHECKING:
    from reference_engine.layers.effects import ContinuousEffect

__all__ = ["apply_in_dependency_order", "depends_on"]

CharsMap = Mapping[int, Characteristics]
Exists = Callable[["ContinuousEffect", CharsMap], bool]
Affects = Callable[["ContinuousEffect", CharsMap], list[int]]
Apply = Callable[["ContinuousEffect", dict[int, Characteristics]], None]


#: The characteristics each filter key reads (CR 613.8a "what it applies to"); keys of object
#: status (controller, tapped, ...) read nothing a layer changes.
_FILTER_FIELDS: dict[str, frozenset[str]] = {
    "name": frozenset({"names"}),
    "type": frozenset({"types"}), "not_type": frozenset({"types"}),
    "subtype": frozenset({"subtypes"}),
    "supertype": frozenset({"supertypes"}), "not_supertype": frozenset({"supertypes"}),
    "color": frozenset({"colors"}), "not_color": frozenset({"colors"}),
    "colorless": frozenset({"colors"}), "multicolored": frozenset({"colors"}),
    "monocolored": frozenset({"colors"}),
    "mana_value": frozenset({"mana_cost", "mana_value_override"}),
    "mana_value_max": frozenset({"mana_cost", "mana_value_override"}),
    "mana_value_min": frozenset({"mana_cost", "mana_value_override"}),
    "keyword": frozenset({"keywords"}),
    "power_max": frozenset({"power"}), "power_min": frozenset({"power"}),
}
_STATUS_KEYS = frozenset({"controller", "owner", "zone", "tapped", "token", "other", "handle",
                          "kicked"})
_ALL = frozenset({f.name for f in fields(Characteristics)})


def _filter_fields(flt: Any) -> frozenset[str]:
    """The characteristics a filter reads (every one, for a key this module doesn't know)."""
    if not isinstance(flt, Mapping):
        return frozenset()
    out: set[str] = set()
    for key, value in flt.items():
        if key == "any":
            for sub in value:
                out |= _filter_fields(sub)
        elif key == "not":
            out |= _filter_fields(value)
        elif key in _FILTER_FIELDS:
            out |= _FILTER_FIELDS[key]
        elif key not in _STATUS_KEYS:
            return _ALL
    return frozenset(out)


def _reads(effect: ContinuousEffect) -> frozenset[str]:
    """What could make ``effect`` stop existing or apply to other objects: the abilities of its
    source (for a static ability) and what its filter reads."""
    out = _filter_fields(effect.affected)
    return out | {"abilities"} if "ability" in effect.extra else out


def _changes(effect: ContinuousEffect, current: CharsMap, *, affects: Affects,
             apply: Apply) -> tuple[dict[int, Characteristics], frozenset[str]]:
    """Apply ``effect`` to copies; return them and the characteristics it changed."""
    trial = dict(current)
    touched = affects(effect, current)
    for oid in touched:
        trial[oid] = current[oid].copy()
    apply(effect, trial)
    changed = {f for oid in touched for f in _ALL
               if getattr(trial[oid], f) != getattr(current[oid], f)}
    return trial, frozenset(changed)


def depends_on(first: ContinuousEffect, other: ContinuousEffect, current: CharsMap, *,
               exists: Exists, affects: Affects, apply: Apply) -> bool:
    """Check 613.8a: would applying ``other`` now change whether ``first`` exists or what it
    applies to? (``current`` is not changed: ``other`` is applied to copies.)"""
    if first.cda != other.cda or not exists(other, current):
        return False
    trial, changed = _changes(other, current, affects=affects, apply=apply)
    return _changed_for(first, current, trial, changed, exists=exists, affects=affects)


def _changed_for(first: ContinuousEffect, current: CharsMap, trial: CharsMap,
                 changed: frozenset[str], *, exists: Exists, affects: Affects) -> bool:
    if not changed & _reads(first):
        return False
    existed = exists(first, current)
    if exists(first, trial) != existed:
        return True
    return existed and affects(first, trial) != affects(first, current)


def apply_in_dependency_order(effects: Sequence[ContinuousEffect],
                              current: dict[int, Characteristics], *, exists: Exists,
                              affects: Affects, apply: Apply,
                              may_depend: Callable[[ContinuousEffect], bool]) -> None:
    """Apply ``effects`` (given in timestamp order) to ``current`` by CR 613.8b-c.

    ``may_depend`` tells which effects could depend on another at all (an effect locked onto
    fixed objects that no ability keeps in existence can't). Which characteristics each effect
    changes is found on copies, again after each effect is applied; a pair is tried only when
    one changes something the other reads.
    """
    remaining = list(effects)
    if len(remaining) < 2 or not any(may_depend(e) for e in remaining):
        for effect in remaining:
            if exists(effect, current):
                apply(effect, current)
        return

    def changes_now() -> dict[int, frozenset[str]]:
        return {id(e): (_changes(e, current, affects=affects, apply=apply)[1]
                        if exists(e, current) else frozenset()) for e in remaining}

    changes = changes_now()
    while remaining:
        chosen = remaining[0]
        for candidate in remaining:
            if not may_depend(candidate) or not _depends_on_any(
                    candidate, remaining, changes, current, exists=exists, affects=affects,
                    apply=apply):
                chosen = candidate
                break
        remaining.remove(chosen)
        if exists(chosen, current):
            apply(chosen, current)
            # 613.8c: what the rest change may differ now (Song of the Dryads' type change
            # makes Blood Moon a land, so its land-type change now removes Blood Moon's ability).
            changes = changes_now()


def _depends_on_any(candidate: ContinuousEffect, others: Sequence[ContinuousEffect],
                    changes: Mapping[int, frozenset[str]], current: dict[int, Characteristics],
                    *, exists: Exists, affects: Affects, apply: Apply) -> bool:
    """Whether ``candidate`` depends on one of ``others`` now (613.8a)."""
    reads = _reads(candidate)
    for other in others:
        if other is candidate or other.cda != candidate.cda:
            continue
        if changes[id(other)] & reads and depends_on(candidate, other, current, exists=exists,
                                                     affects=affects, apply=apply):
            return True
    return False
