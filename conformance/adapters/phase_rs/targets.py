"""The ``legal_target`` query: could this object or player be that spell's target now?

phase.rs checks a spell's targets as it is cast (CR 601.2c) and again as it resolves (608.2b),
and answers no "is this a legal target" question otherwise. What it does offer is the list of
legal targets of a cast being announced: its ``ChooseTarget`` actions. So the question is asked
of a scratch copy of the game: the spell is taken off the stack back to its controller's hand
(the sandbox's ``MoveToZone``), its controller is given priority and unlimited mana, and the
cast is begun again; the targets of the slots before the one asked about are the ones the spell
has, and the answer is whether phase.rs offers the asked target for that slot. The slot is the
one the target already fills, else the first. The case's game never moves.

Declined: an ability (it can't be begun again), a kicked spell or a split card (the recast could
announce other targets), and a spell phase.rs won't begin casting in the copy for its timing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...adapter import Unsupported
from .text import classify_error

if TYPE_CHECKING:
    from .session_view import SessionView

__all__ = ["legal_target", "spell_targets"]


def spell_targets(entry: Mapping[str, Any]) -> list[Any]:
    """The targets a stack entry's spell chose, slot by slot in its text order (a clause that
    refers back to an earlier target, ``ParentTarget``, chooses none)."""
    ability = ((entry.get("kind") or {}).get("data") or {}).get("ability") or {}
    chosen: list[Any] = []
    while ability:
        target = (ability.get("effect") or {}).get("target") or {}
        if target.get("type") != "ParentTarget":
            refs = list(ability.get("targets") or [])
            if target.get("controller") == "TargetPlayer" and any("Object" in r for r in refs):
                # "for each opponent, ... target permanent that player controls": phase.rs
                # lists each opponent beside the permanents, but only the permanents are
                # targets (115.1)
                refs = [r for r in refs if "Player" not in r]
            chosen += refs
        ability = ability.get("sub_ability") or {}
    return chosen


def legal_target(s: SessionView, query: Mapping[str, Any]) -> bool:
    """Whether ``query["target"]`` could be a target of the spell ``query["object"]`` now."""
    oid = s._id(str(query.get("object")))
    entry = next((e for e in s.game.stack() if int(e.get("source_id", -1)) == oid
                  and (e.get("kind") or {}).get("type") == "Spell"), None)
    if entry is None:
        raise Unsupported("query 'legal_target': phase.rs lists legal targets only while a "
                          "cast is announced, and only a spell on the stack can be cast again "
                          "in a copy of the game (an ability's targets are chosen as it is put "
                          "on the stack)")
    obj = s.game.object(oid) or {}
    if obj.get("kickers_paid") or str((obj.get("back_face") or {}).get("layout")) == "Split":
        raise Unsupported("query 'legal_target': a kicked spell or a split card cast again in "
                          "a copy of the game could announce other targets")
    wanted = s._target(str(query.get("target")))
    current = spell_targets(entry)
    slot = current.index(wanted) if wanted in current else 0
    seat = int(entry.get("controller", obj.get("controller", 0)))
    root = s.game.state()
    state = root["state"]
    state["debug_mode"] = True
    state["priority_player"] = seat
    state["waiting_for"] = {"type": "Priority", "data": {"player": seat}}
    scratch = s.engine.load_game(root)
    for kind, data in (("SetInfiniteMana", {"player_id": seat, "enabled": True}),
                       ("MoveToZone", {"object_id": oid, "to_zone": "Hand"})):
        s._apply(0, {"type": "Debug", "data": {"type": kind, "data": data}}, scratch)
    try:
        s._apply(seat, {"type": "CastSpell", "data": {
            "object_id": oid, "card_id": oid, "payment_mode": {"type": "Auto"},
            "targets": []}}, scratch)
    except ValueError as exc:
        if classify_error(str(exc)) == "illegal-target":  # no legal target at all
            return False
        raise Unsupported(f"query 'legal_target': phase.rs would not begin the spell's cast "
                          f"again in a copy of the game ({exc}), the way this question is "
                          "asked in this adapter") from None
    index = 0
    for _ in range(20):
        kind = str(scratch.waiting_for().get("type"))
        if kind == "ChooseXValue":  # the spell's own X (107.3)
            s._apply(seat, {"type": "ChooseX", "data": {"value": int(obj.get("cost_x_paid")
                                                                      or 0)}}, scratch)
            continue
        if kind == "Priority":  # phase.rs chose a lone legal target itself
            mine = [e for e in scratch.stack() if int(e.get("source_id", -1)) == oid]
            again: Mapping[str, Any] = mine[-1] if mine else {}
            got = spell_targets(again)
            return len(got) > slot and got[slot] == wanted
        if kind != "TargetSelection":
            raise Unsupported(f"query 'legal_target': the cast begun again asks {kind} before "
                              "the target, which is not answered there in this adapter")
        offered = [a.data.get("target") for a in scratch.actions() if a.kind == "ChooseTarget"]
        if index == slot:
            return wanted in offered
        if index >= len(current) or current[index] not in offered:
            raise Unsupported("query 'legal_target': an earlier target of the spell is not "
                              "offered again in the copy (asked in this adapter's way)")
        s._apply(seat, {"type": "ChooseTarget", "data": {"target": current[index]}}, scratch)
        index += 1
    raise Unsupported("query 'legal_target': phase.rs kept asking for targets")
