"""Keyword abilities activated from a graveyard: unearth (CR 702.84), scavenge (702.97), embalm
(702.128) and eternalize (702.129).

Each is card data with its cost, ``{kind = "keyword", keyword = "unearth", cost = "{B}"}``, and
stands for one activated ability that functions while the card is in a graveyard and can be
activated only as a sorcery (602.5d):

* unearth [cost] (702.84a): "[cost]: return this card from your graveyard to the battlefield.
  It gains haste. Exile it at the beginning of the next end step. If it would leave the
  battlefield, exile it instead of putting it anywhere else";
* scavenge [cost] (702.97a): "[cost], exile this card from your graveyard: put a number of
  +1/+1 counters equal to the power of the card you exiled on target creature";
* embalm [cost] (702.128a): "[cost], exile this card from your graveyard: create a token that's
  a copy of this card, except it's white, it has no mana cost, and it's a Zombie in addition to
  its other types";
* eternalize [cost] (702.129a): the same, except the token is black and 4/4.

"Exile it instead of putting it anywhere else" is the resolution effect ``exile_if_leaves``
(``target``): the permanents it names get a replacement effect for as long as they stay on the
battlefield (a new object after a zone change is free of it, 400.7).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.context import ResolveContext, effect, objects_of
from reference_engine.core.ordering import in_cr_order
from reference_engine.core.state import MOVE_REPLACEMENTS
from reference_engine.layers.keywords import keyword_expansion

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__: list[str] = []

#: ``GameObject.extra`` key: the permanent is exiled instead of going anywhere else as it
#: leaves the battlefield (702.84a).
_EXILE_INSTEAD = "exile_if_leaves"


def _name(ability: Mapping[str, Any]) -> str:
    return str(ability.get("keyword", "")).casefold()


def _from_graveyard(ability: Mapping[str, Any], *, exile: bool,
                    targets: list[dict[str, Any]] | None = None,
                    effects: list[dict[str, Any]]) -> list[dict[str, Any]]:
    cost_text = str(ability.get("cost", "{0}"))
    cost: dict[str, Any] = {"mana": cost_text}
    if exile:
        cost["exile_self"] = True
    text = str(ability.get("text") or f"{_name(ability).capitalize()} {cost_text}")
    out: dict[str, Any] = {"kind": "activated", "zones": ["graveyard"], "timing": "sorcery",
                           "cost": cost, "effects": effects, "text": text}
    if targets:
        out["targets"] = targets
    return [out]


@keyword_expansion(lambda name: name == "unearth")
def _unearth(ability: Mapping[str, Any]) -> list[dict[str, Any]]:
    """702.84a: return this card from the graveyard to the battlefield with haste; exile it at
    the beginning of the next end step, or instead of its leaving the battlefield."""
    return _from_graveyard(ability, exile=False, effects=[
        {"type": "return_to_battlefield", "target": "self"},
        {"type": "continuous", "target": "moved",
         "op": {"type": "add_abilities", "keywords": ["haste"]}, "duration": "permanent"},
        {"type": "exile_if_leaves", "target": "moved"},
        {"type": "delayed_trigger", "trigger": {"event": "beginning_of_step", "step": "end"},
         "effects": [{"type": "exile", "target": "moved"}]},
    ])


@keyword_expansion(lambda name: name == "scavenge")
def _scavenge(ability: Mapping[str, Any]) -> list[dict[str, Any]]:
    """702.97a: exile this card from the graveyard to put +1/+1 counters equal to its power on
    target creature."""
    return _from_graveyard(
        ability, exile=True, targets=[{"name": "t", "kind": "creature"}],
        effects=[{"type": "put_counters", "target": "t", "counter": "+1/+1",
                  "amount": {"power_of": "exiled"}}])


def _token_copy(excepts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"type": "create_token_copy", "target": "exiled", "except": [
        *excepts, {"type": "add_types", "subtypes": ["Zombie"]}, {"type": "set_mana_cost"}]}]


@keyword_expansion(lambda name: name == "embalm")
def _embalm(ability: Mapping[str, Any]) -> list[dict[str, Any]]:
    """702.128a: exile this card from the graveyard to create a token copy of it that is white,
    has no mana cost and is a Zombie besides its other types."""
    return _from_graveyard(ability, exile=True, effects=_token_copy(
        [{"type": "set_colors", "colors": ["white"]}]))


@keyword_expansion(lambda name: name == "eternalize")
def _eternalize(ability: Mapping[str, Any]) -> list[dict[str, Any]]:
    """702.129a: exile this card from the graveyard to create a token copy of it that is black
    and 4/4, has no mana cost and is a Zombie besides its other types."""
    return _from_graveyard(ability, exile=True, effects=_token_copy(
        [{"type": "set_colors", "colors": ["black"]},
         {"type": "set_base_pt", "power": 4, "toughness": 4}]))


@effect("exile_if_leaves")
def _exile_if_leaves(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Each permanent named by ``target`` is exiled instead of being put anywhere else if it
    would leave the battlefield (702.84a), while it remains the same object (400.7)."""
    for obj in objects_of(ctx, ctx.refs(p)):
        if obj.zone == "battlefield":
            obj.extra[_EXILE_INSTEAD] = True
    ctx.state.changed()


@in_cr_order(MOVE_REPLACEMENTS, cr="702.84a")
def _exile_instead(state: GameState, obj: GameObject, zone: str) -> str:
    """702.84a: an unearthed permanent that would leave the battlefield is exiled instead."""
    if obj.zone == "battlefield" and obj.extra.get(_EXILE_INSTEAD) and zone != "battlefield":
        return "exile"
    return zone
