"""Permanents that remember the alternative cost their spell was cast for: evoke (702.74),
dash (702.109), blitz (702.152), and the condition of surge (702.117).

Each is an alternative-cost keyword as card data (``{kind = "keyword", keyword = "dash",
cost = "{1}{R}", alternative = true}``, cast with ``alternative = "dash"``, 118.9). As the spell
becomes a permanent (608.3), the permanent keeps the name of the alternative cost that was paid
for it (condition ``cast_with``: "if its evoke cost was paid"). What each keyword means (evoke's
trigger is expanded after layer 6, :func:`reference_engine.layers.keywords.keyword_expansion`;
dash's and blitz's effects begin as the permanent arrives):

* Evoke (702.74a): "When this permanent enters, if its evoke cost was paid, its controller
  sacrifices it" (an intervening if, 603.4).
* Dash (702.109a): "As long as this permanent's dash cost was paid, it has haste" (an effect
  on that object from the moment it enters, for as long as it is that object); and, as the
  spell resolves, a delayed triggered ability returns the permanent to its owner's hand at the
  beginning of the next end step (603.7: no ability of the permanent, so losing its abilities
  doesn't stop it).
* Blitz (702.152a): as long as its blitz cost was paid, haste and "When this permanent is put
  into a graveyard from the battlefield, draw a card"; a delayed triggered ability sacrifices
  it at the beginning of the next end step.
* Surge (702.117a): the surge cost may be paid only if its caster or a teammate has cast another
  spell this turn (a cast restriction: ``cannot-cast``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.ordering import in_cr_order
from reference_engine.core.registry import cast_restriction
from reference_engine.core.state import ZONE_CHANGE_HOOKS, teammates
from reference_engine.layers.conditions import ConditionContext, condition
from reference_engine.layers.effects import ContinuousEffect
from reference_engine.layers.keywords import keyword_expansion
from reference_engine.triggers.delayed import DELAYED_KEY

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["CAST_WITH"]

#: Key in a permanent's ``extra``: the alternative cost its spell was cast for (608.3).
CAST_WITH = "cast_alternative"

#: What the delayed triggered ability of each keyword does to the permanent at the beginning of
#: the next end step (702.109a, 702.152a).
_AT_END_STEP: dict[str, dict[str, Any]] = {
    "dash": {"type": "return_to_hand", "target": "it"},
    "blitz": {"type": "sacrifice", "target": "it"},
}


_DRAW_WHEN_DIES = {"kind": "triggered", "text": "When this creature dies, draw a card.",
                  "trigger": {"event": "dies", "self": True},
                  "effects": [{"type": "draw", "amount": 1, "target": "controller"}]}
#: What a permanent has as long as this alternative cost was paid for it (702.109a, 702.152a).
_WHILE_PAID: dict[str, dict[str, Any]] = {
    "dash": {"type": "add_abilities", "keywords": ["haste"]},
    "blitz": {"type": "add_abilities", "keywords": ["haste"], "abilities": [_DRAW_WHEN_DIES]},
}


@in_cr_order(ZONE_CHANGE_HOOKS, cr="702.109a")
def _remember_cost(state: GameState, old: GameObject, new: GameObject) -> None:
    """A spell becoming a permanent (608.3) keeps the alternative cost paid for it; a dashed or
    blitzed one gets its delayed triggered ability (702.109a, 702.152a)."""
    if old.zone != "stack" or new.zone != "battlefield" or old.ability is not None:
        return
    paid = old.extra.get("alternative")
    if not isinstance(paid, str):
        return
    new.extra[CAST_WITH] = paid
    grant = _WHILE_PAID.get(paid)
    if grant is not None:
        # "As long as this permanent's [dash | blitz] cost was paid": for as long as it is this
        # object (400.7), in layer 6 from the moment it enters.
        state.effects.append(ContinuousEffect(
            op=dict(grant), timestamp=state.new_timestamp(), affected=[new.id], source=new.id,
            controller=new.controller, duration="permanent"))
    then = _AT_END_STEP.get(paid)
    if then is None:
        return
    ability = {"kind": "triggered", "delayed": True,
               "trigger": {"event": "beginning_of_step", "step": "end"},
               "effects": [dict(then)], "targets": []}
    state.extra.setdefault(DELAYED_KEY, []).append({
        "ability": ability, "controller": new.controller, "source": new.id, "card": new.card,
        "label": new.handle or new.card.name, "after": len(state.events),
        "remembered": {"it": [new.id]}})
    state.log("delayed-trigger-created", source=new.id, controller=new.controller)


@condition("cast_with", arg="str", cr=("702.74a", "702.109a", "702.152a", "702.117a"),
           example='Evoke: {cast_with = "evoke"}')
def _cast_with(state: GameState, value: Any, ctx: ConditionContext) -> bool:
    """The source is a permanent whose spell was cast for this alternative cost ("if its evoke
    cost was paid", 702.74a; "if its surge cost was paid", 702.117a)."""
    obj = state.objects.get(ctx.source) if ctx.source is not None else None
    return obj is not None and obj.extra.get(CAST_WITH) == str(value)


def _text(ability: Mapping[str, Any], name: str) -> str:
    return str(ability.get("text") or f"{name.capitalize()} {ability.get('cost', '')}".strip())


@keyword_expansion(lambda name: name == "evoke")
def _evoke(ability: Mapping[str, Any]) -> list[dict[str, Any]]:
    """702.74a: when it enters, if its evoke cost was paid, its controller sacrifices it."""
    return [{"kind": "triggered", "text": _text(ability, "evoke"),
             "trigger": {"event": "enters", "self": True},
             "condition": {"cast_with": "evoke"},
             "effects": [{"type": "sacrifice", "target": "self"}]}]


def _cast_this_turn(state: GameState, players: set[str], spell_id: int) -> bool:
    """Whether one of ``players`` cast a spell other than ``spell_id`` this turn."""
    for event in reversed(state.events):
        if event.kind == "step" and int(event.details.get("turn", state.turn)) < state.turn:
            return False
        if (event.kind == "cast" and event.details.get("player") in players
                and event.details.get("object") != spell_id):
            return True
    return False


@cast_restriction(cr="702.117a")
def _surge(state: GameState, spell: GameObject) -> str | None:
    """702.117a: a surge cost can be paid only if the caster or a teammate has cast another
    spell this turn."""
    if spell.extra.get("alternative") != "surge":
        return None
    caster = spell.controller
    if _cast_this_turn(state, {caster, *teammates(state, caster)}, spell.id):
        return None
    return ("its surge cost can be paid only if you or a teammate cast another spell this "
            "turn (CR 702.117a)")
