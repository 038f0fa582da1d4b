"""Queries about casting (CR 601): the total cost of a proposed cast, whether it is legal,
kicked status, the half cast, X, targets and the stack's contents."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.casting.cast import cast_spell, plan_cast, target_ref
from reference_engine.core.choices import offer_choices
from reference_engine.core.errors import RulesViolation, SetupError
from reference_engine.core.registry import query
from reference_engine.core.state import GameState, snapshot
from reference_engine.layers.system import characteristics_of
from reference_engine.resolution.stack import is_legal_target, spell_ability
from reference_engine.turn.queries import stack_name

if TYPE_CHECKING:
    from reference_engine.core.handlers import GameView

__all__: list[str] = []


def _proposal(game: GameView, q: Mapping[str, Any]) -> Mapping[str, Any]:
    return {k: v for k, v in q.items() if k != "query"}


@query("total_cost")
def _total_cost(game: GameView, q: Mapping[str, Any]) -> str | None:
    """The total cost (CR 601.2f) of a proposed cast (``object``, ``player``, ``half``,
    ``alternative``, ``kicked``, ``x``, and ``targets`` when the cost counts them), without
    casting it: e.g. ``"{G}{G}"``; null if the proposal itself is illegal (a half it doesn't
    have, kicker twice, ...)."""
    trial = snapshot(game.state)
    offer_choices(trial, q.get("choices"))
    try:
        plan, _ = plan_cast(trial, _proposal(game, q), check_timing=False,
                            check_targets="targets" in q)
    except RulesViolation:
        return None  # the proposed cast is illegal: it has no total cost
    return plan.cost_text


@query("can_cast")
def _can_cast(game: GameView, q: Mapping[str, Any]) -> bool:
    """Whether the cast action with these fields would be allowed now (nothing changes)."""
    trial = snapshot(game.state)
    offer_choices(trial, q.get("choices"))
    try:
        cast_spell(trial, _proposal(game, q))
    except RulesViolation:
        return False
    return True


@query("kicked")
def _kicked(game: GameView, q: Mapping[str, Any]) -> bool:
    """Whether a spell or permanent is kicked (CR 702.33d)."""
    return game.object(q.get("object")).kicked > 0


@query("times_kicked")
def _times_kicked(game: GameView, q: Mapping[str, Any]) -> int:
    """How many times a spell's kicker cost was paid (CR 702.33d; more than 1 only with
    multikicker, 702.33c)."""
    return game.object(q.get("object")).kicked


@query("cast_half")
def _cast_half(game: GameView, q: Mapping[str, Any]) -> Any:
    """The name of the half being cast of a split-card spell (CR 709.3), or null."""
    obj = game.object(q.get("object"))
    if obj.zone != "stack" or obj.cast_half is None:
        return None
    return obj.card.faces[obj.cast_half].name


@query("x")
def _x(game: GameView, q: Mapping[str, Any]) -> int:
    """The value of X: the announced value on the stack, 0 everywhere else (CR 107.3)."""
    obj = game.object(q.get("object"))
    return int(obj.x or 0) if obj.zone == "stack" else 0


def _label(state: GameState, ref: Mapping[str, Any]) -> str:
    if "player" in ref:
        return str(ref["player"])
    obj = state.objects.get(int(ref["object"]))
    if obj is None:
        return "(gone)"
    return obj.handle or characteristics_of(state, obj.id).name


@query("targets")
def _targets(game: GameView, q: Mapping[str, Any]) -> list[str]:
    """The targets of a spell or ability on the stack (CR 601.2c): handles or player names."""
    obj = game.object(q.get("object"))
    return [_label(game.state, r) for r in obj.targets]


@query("stack_objects")
def _stack_objects(game: GameView, q: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The stack, bottom first (CR 405.2): for each object its name, controller, whether it is
    a copy (707.10) and kicked (702.33d), and its targets."""
    state = game.state
    out = []
    for oid in state.zone_list("stack"):
        obj = state.objects[oid]
        name = stack_name(state, obj)
        # An ability on the stack is no copy of a spell (707.10), whatever represents it.
        out.append({"name": name, "controller": obj.controller,
                    "copy": obj.is_copy and obj.ability is None,
                    "kicked": obj.kicked > 0,
                    "targets": [_label(state, r) for r in obj.targets]})
    return out


@query("legal_target")
def _legal_target(game: GameView, q: Mapping[str, Any]) -> bool:
    """Whether ``target`` (a handle or player) is now a legal target for slot ``slot`` (default
    the first) of the spell or ability ``object`` on the stack (CR 115, 608.2b)."""
    state = game.state
    obj = game.object(q.get("object"))
    ability = spell_ability(state, obj)
    slots = list((ability or {}).get("targets", []))
    names = [str(s.get("name", f"t{i}")) for i, s in enumerate(slots)]
    wanted = str(q.get("slot", names[0] if names else ""))
    if wanted not in names:
        raise SetupError(f"legal_target: {obj.name_for_log} has no target slot {wanted!r} "
                         f"(slots: {names})")
    ref = target_ref(state, q.get("target"))
    if ref.get("object") == obj.id:
        return False
    return is_legal_target(state, obj, slots[names.index(wanted)], ref)
