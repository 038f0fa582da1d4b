"""Dividing damage among targets as a spell is cast (CR 601.2d) and dealing it (CR 608.2b).

Card data: an effect with ``divided = true`` divides its ``amount`` among the targets of its
slot, e.g. Fire: ``targets = [{name = "t", kind = "any", count = [1, 2]}]``,
``effects = [{type = "damage", target = "t", amount = 2, divided = true}]``.

The cast action announces the division with ``divide = { bears = 1, bob = 1 }`` (handles or
player names of that slot's targets). 601.2d: each target gets at least one; the parts add up to
the amount. With a single target the whole amount goes to it and ``divide`` may be left out. A
wrong division is rejected ``illegal-choice``.

The division is part of the spell (copies keep it, 707.10). On resolution each legal target gets
its announced share; a target that became illegal gets nothing, and its share is not moved to
the others (608.2b).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.errors import RulesViolation

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["DIVISION", "announce_division", "ref_key", "share_of"]

#: Where a spell keeps its division: ``obj.extra[DIVISION][slot][ref_key] = amount``.
DIVISION = "division"


def ref_key(ref: Mapping[str, Any]) -> str:
    """A stable key for a target reference: ``"player:bob"`` or ``"object:12"``."""
    return f"player:{ref['player']}" if "player" in ref else f"object:{int(ref['object'])}"


def _amount(value: Any, x: int) -> int | None:
    if value == "X":
        return x
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return None


def announce_division(state: GameState, spell: GameObject, ability: Mapping[str, Any] | None,
                      divide: Any, *, x: int) -> None:
    """Check 601.2d: record how each divided effect's amount is split among its slot's
    targets (each at least 1, adding up to the amount)."""
    if ability is None:
        return
    out: dict[str, dict[str, int]] = {}
    for eff in ability.get("effects", []):
        if eff.get("divided") is not True or eff.get("target") is None:
            continue
        slot = str(eff["target"])
        total = _amount(eff.get("amount"), x)
        refs = [t for t in spell.targets if t.get("slot") == slot]
        if total is None or not refs:
            continue  # no amount (or a computed one) to divide, or no target in the slot
        if divide is None and len(refs) == 1:
            out[slot] = {ref_key(refs[0]): total}
            continue
        if not isinstance(divide, Mapping):
            raise RulesViolation("illegal-choice", f"announce how the {total} is divided among "
                                 "the targets: divide = { target = amount, ... } (CR 601.2d)")
        keys = {}
        for name, part in divide.items():
            ref = ({"player": name} if name in state.players
                   else {"object": state.by_handle(str(name)).id})
            keys[ref_key(ref)] = part
        chosen = {ref_key(r) for r in refs}
        parts = [keys.get(k) for k in chosen]
        if set(keys) != chosen or not all(
                isinstance(p, int) and not isinstance(p, bool) and p >= 1 for p in parts) \
                or sum(int(p or 0) for p in parts) != total:
            raise RulesViolation("illegal-choice", f"{dict(divide)!r} doesn't divide {total} "
                                 "among exactly the chosen targets, at least 1 each "
                                 "(CR 601.2d)")
        out[slot] = {k: int(keys[k]) for k in chosen}
    if out:
        spell.extra[DIVISION] = out


def share_of(obj: GameObject, slot: str, ref: Mapping[str, Any]) -> int | None:
    """The part of a divided amount announced for ``ref`` in ``slot``, or None if the spell
    divided nothing there."""
    division = obj.extra.get(DIVISION, {}).get(slot)
    if division is None:
        return None
    return int(division.get(ref_key(ref), 0))
