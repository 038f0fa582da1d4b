"""Emblems (CR 114): markers in the command zone that carry abilities.

Resolution effect:

* ``emblem {abilities = [...], player = "controller"}``: "[player] gets an emblem with
  [ability]" (CR 114.2). The player puts into the command zone an emblem that they own and
  control, with the abilities given as data (an ability table of any kind) and no other
  characteristic: no name, no types, no mana cost, no color (114.3).

An emblem's abilities function in the command zone (CR 113.6p, 114.4): the object marks where
its abilities work (``GameObject.ability_zones``), so static abilities apply and triggered
abilities trigger from there; an ability of an emblem that names ``zones`` keeps them. An
emblem is neither a card nor a permanent (114.5): it never leaves the command zone, so nothing
that looks at permanents or at cards sees it, and nothing removes it.

Query: ``emblems {player}``: the emblems the player owns, in the order they were created, each
with its controller, its characteristics and the texts of its abilities.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.cards import EMBLEM_LAYOUT, CardDef, FaceDef
from reference_engine.core.context import ResolveContext, effect
from reference_engine.core.errors import CardDataError
from reference_engine.core.registry import query
from reference_engine.core.symbols import colors_in_order
from reference_engine.layers.values import players_of, require

if TYPE_CHECKING:
    from reference_engine.core.handlers import GameView
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["create_emblem", "emblem_card"]


def emblem_card(abilities: list[Mapping[str, Any]]) -> CardDef:
    """The definition of an emblem with ``abilities`` and nothing else (CR 114.3): no name,
    no mana cost, no color, no types, no power or toughness."""
    if not isinstance(abilities, list) or not all(isinstance(a, Mapping) for a in abilities):
        raise CardDataError("emblem: abilities must be a list of ability tables")
    face = FaceDef(name="", mana_cost=None, color_indicator=frozenset(), supertypes=(),
                   types=(), subtypes=(), power=None, toughness=None, loyalty=None,
                   defense=None, oracle_text="",
                   abilities=tuple(dict(a) for a in abilities))
    return CardDef(name="", layout=EMBLEM_LAYOUT, faces=(face,),
                   data={"abilities": [dict(a) for a in abilities]})


def create_emblem(state: GameState, abilities: list[Mapping[str, Any]],
                  player: str) -> GameObject:
    """Put an emblem with ``abilities`` into the command zone, owned and controlled by
    ``player`` (CR 114.1, 114.2)."""
    emblem = state.create_object(emblem_card(abilities), owner=player, zone="command",
                                 controller=player)
    state.log("emblem-created", object=emblem.id, player=player)
    return emblem


@effect("emblem", params={"abilities": "abilities: the emblem's abilities, as ability tables",
                          "player": "player: who gets the emblem (default the controller)"},
        cr=("114.1", "114.2", "114.3", "114.4", "113.6p"),
        example='{type = "emblem", abilities = [{kind = "static", affected = {type = '
                '"Creature", controller = "you"}, effect = {type = "modify_pt", power = 1, '
                'toughness = 1}}]}')
def _emblem(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """"[Player] gets an emblem with [ability]" (CR 114.2): an emblem owned and controlled by
    that player, in the command zone, with the listed abilities and no other characteristic
    (114.3); its abilities function there (113.6p, 114.4)."""
    abilities = require(p, "abilities", "emblem")
    for player in players_of(ctx, p.get("player", "controller")):
        create_emblem(ctx.state, list(abilities), player)


def _text(ability: Mapping[str, Any]) -> str:
    return str(ability.get("text", ability.get("kind", "")))


@query("emblems", params={"player": "str: whose emblems (a player's name)"},
       cr=("114.2", "114.3"))
def _emblems(game: GameView, q: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The emblems ``player`` owns in the command zone, oldest first (CR 114.2): for each its
    controller, its characteristics (114.3: no name, mana cost, color or type unless an effect
    gave one; no name is "") and the texts of its abilities."""
    player = game.player(q.get("player"))
    out: list[dict[str, Any]] = []
    for obj in sorted(game.state.objects.values(), key=lambda o: o.timestamp):
        if not obj.is_emblem or obj.zone != "command" or obj.owner != player:
            continue
        chars = game.chars(obj)
        out.append({
            "controller": obj.controller,
            "name": chars.name,
            "mana_cost": str(chars.mana_cost or ""),
            "colors": colors_in_order(chars.colors),
            "types": list(chars.types),
            "abilities": [_text(a) for a in chars.abilities],
        })
    return out
