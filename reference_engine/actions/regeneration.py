"""Regeneration (CR 701.19): a replacement effect on a permanent being destroyed.

* ``regenerate {target = "self"}`` (701.19a): a resolving spell or ability creates a
  regeneration shield on each permanent referred to: the next time that permanent would be
  destroyed this turn, instead all damage marked on it is removed, its controller taps it, and
  if it is attacking or blocking it is removed from combat. Each shield is used up by the one
  destruction it replaces; shields not used end with the turn.
* A static ability ``{kind = "static", rule = "regenerate", affected = "self" | filter}``
  (701.19b) regenerates the permanents it affects each time they would be destroyed.
* "Can't be regenerated" (701.19c): ``cant_be_regenerated {target}`` for the rest of the turn,
  or ``destroy {regenerate = false}`` for that one destruction. Shields can still be created
  (the ability that creates one can still be activated); they just don't apply.

Destruction means an effect destroying it (701.8) or lethal or deathtouch damage (704.5g-h);
a toughness of 0 or less, a sacrifice or a legend rule choice is no destruction, so nothing
regenerates the permanent then.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.context import ResolveContext, effect, objects_of
from reference_engine.core.ordering import in_cr_order
from reference_engine.core.registry import query
from reference_engine.layers.filters import FilterContext, matches
from reference_engine.layers.system import compute_all, static_abilities
from reference_engine.sba.checks import DESTRUCTION_REPLACEMENTS, NO_REGENERATION

if TYPE_CHECKING:
    from reference_engine.core.handlers import GameView
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["SHIELDS"]

#: ``GameObject.extra`` key: the regeneration shields on a permanent, as ``[turn, count]``.
SHIELDS = "regeneration_shields"


def _shields(state: GameState, obj: GameObject) -> int:
    turn, count = obj.extra.get(SHIELDS, (0, 0))
    return int(count) if turn == state.turn else 0


@effect("regenerate", params={"target": "ref: what is regenerated (default self)"},
        cr=("701.19a",), example='Drudge Skeletons: {type = "regenerate"}')
def _regenerate(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Regenerate (701.19a): a regeneration shield on each permanent referred to, for the
    next time it would be destroyed this turn."""
    state = ctx.state
    for obj in objects_of(ctx, ctx.refs({"target": p.get("target", "self")})):
        if obj.zone != "battlefield":
            continue
        obj.extra[SHIELDS] = [state.turn, _shields(state, obj) + 1]
        state.log("regeneration-shield", object=obj.id, card=obj.card.name)
    state.changed()


@effect("cant_be_regenerated", params={"target": "ref: the permanents"},
        cr=("701.19c",), example='{type = "cant_be_regenerated", target = "t"}')
def _cant_be_regenerated(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """The permanents referred to can't be regenerated this turn (701.19c)."""
    for obj in objects_of(ctx, ctx.refs(p)):
        obj.extra[NO_REGENERATION] = ctx.state.turn
    ctx.state.changed()


def _cant_be_regenerated_now(state: GameState, obj: GameObject) -> bool:
    mark = obj.extra.get(NO_REGENERATION)
    if mark is True or mark == state.turn:
        return True
    chars = compute_all(state)
    return _static_applies(state, obj, "cant_be_regenerated", chars)


def _static_applies(state: GameState, obj: GameObject, rule: str,
                    chars: Mapping[int, Any]) -> bool:
    """Whether a static ability with ``rule`` affects ``obj`` (``affected``: "self" or a
    filter read from the source's controller)."""
    for src, ability in static_abilities(state, chars):
        if ability.get("rule") != rule:
            continue
        affected = ability.get("affected", "self")
        if affected == "self":
            if src.id == obj.id:
                return True
        elif isinstance(affected, Mapping):
            fctx = FilterContext(you=src.controller, source=src.id, chars_of=chars.__getitem__)
            if matches(state, obj, dict(affected), ctx=fctx, chars=chars[obj.id]):
                return True
    return False


def _remove_from_combat(state: GameState, obj: GameObject) -> None:
    """506.4: it stops being an attacking or blocking creature (the combat record's entries)."""
    record: dict[str, Any] | None = state.extra.get("combat")
    if not record or record.get("turn") != state.turn:
        return
    was_attacking = record.get("attackers", {}).pop(obj.id, None) is not None
    was_blocking = record.get("blocks", {}).pop(obj.id, None) is not None
    if was_attacking or was_blocking:
        state.log("removed-from-combat", object=obj.id)


@in_cr_order(DESTRUCTION_REPLACEMENTS, cr="701.19a")
def _regenerates(state: GameState, obj: GameObject) -> bool:
    """701.19a-c: a regeneration shield (used up) or a regenerating static ability replaces
    the destruction: remove all damage from the permanent, tap it, remove it from combat.
    Nothing applies to a permanent that can't be regenerated."""
    if obj.zone != "battlefield" or _cant_be_regenerated_now(state, obj):
        return False
    chars = compute_all(state)
    shields = _shields(state, obj)
    if shields > 0:
        obj.extra[SHIELDS] = [state.turn, shields - 1]
    elif not _static_applies(state, obj, "regenerate", chars):
        return False
    obj.damage = 0
    # The damage removed takes its deathtouch with it: 704.5g and 704.5h destroying the
    # creature in one check are one destruction, replaced once.
    obj.extra.pop("dealt_deathtouch_damage", None)
    obj.tapped = True
    _remove_from_combat(state, obj)
    state.log("regenerated", object=obj.id, card=obj.card.name)
    state.changed()
    return True


@query("regeneration_shields")
def _q_shields(game: GameView, q: Mapping[str, Any]) -> int:
    """How many regeneration shields ``object`` has this turn (701.19a)."""
    return _shields(game.state, game.object(q.get("object")))
