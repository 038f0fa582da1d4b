"""Target slots of spells and activated abilities: how many targets each takes and which of
the chosen targets go to which slot (CR 601.2c; 602.2b applies it to activated abilities).

A slot's ``count`` is a number, ``[min, max]`` ("up to two target creatures") or ``"any"``
("any number of targets", 115.1d); the chosen targets are a list in slot order or a table by
slot name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from reference_engine.core.errors import RulesViolation

__all__ = ["count_range", "split_targets"]


def count_range(slot: Mapping[str, Any]) -> tuple[int, int]:
    """How many targets a slot takes: ``count = n``, ``[min, max]`` ("up to", 601.2c) or
    ``"any"`` ("any number of targets", 115.1d: none or more)."""
    count = slot.get("count", 1)
    if count == "any":
        return 0, 1_000_000
    if isinstance(count, int):
        return count, count
    return int(count[0]), int(count[1])


def split_targets(name: str, slots: list[tuple[str, Mapping[str, Any]]],
                   given: Any) -> list[tuple[str, Mapping[str, Any], list[Any]]]:
    """The chosen targets per slot: a table by slot name, or a list in slot order."""
    if isinstance(given, Mapping):
        unknown = sorted(set(given) - {n for n, _ in slots})
        if unknown:
            raise RulesViolation("illegal-target", f"{name} has no target slot(s) {unknown} as "
                          "announced (CR 601.2c)")
        return [(n, s, list(given.get(n, []))) for n, s in slots]
    values = list(given) if isinstance(given, list) else [given]
    out, pos = [], 0
    for n, s in slots:
        low, high = count_range(s)
        take = low if low == high else min(high, max(low, len(values) - pos))
        out.append((n, s, values[pos:pos + take]))
        pos += take
    if pos != len(values):
        need = sum(count_range(s)[0] for _, s in slots)
        raise RulesViolation("illegal-target", f"{name} needs {need} target(s) as announced, "
                      f"{len(values)} given (CR 601.2c)")
    return out
