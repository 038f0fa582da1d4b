"""Queries about characteristics: names, mana cost and value, colors, types, P/T, identity.

Era note (CR 709.4): under the Invasion-era rules a split card off the stack has two sets of
characteristics, and "an effect that asks for a split card's characteristic gets both answers";
so value questions (mana value, mana cost) answer with a list, one entry per half. Questions
whether it *matches* a value get one answer (see :mod:`reference_engine.layers.filters`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.amounts import AmountContext, evaluate
from reference_engine.core.cards import CardDef
from reference_engine.core.characteristics import Characteristics
from reference_engine.core.objects import PER_PLAYER_ZONES, GameObject
from reference_engine.core.registry import query
from reference_engine.core.symbols import Color, colors_in_order, parse_mana_cost
from reference_engine.layers.filters import FilterContext, check_filter, matches
from reference_engine.layers.system import compute_all

if TYPE_CHECKING:
    from reference_engine.core.handlers import GameView

__all__ = ["card_color_identity", "color_identity", "describe"]


def _two_sets(game: GameView, chars: Characteristics) -> bool:
    return bool(chars.halves) and game.era.is_("split_characteristics", "two-sets")


def _x(obj: GameObject) -> int:
    """X is the announced value on the stack and 0 everywhere else (CR 107.3)."""
    return (obj.x or 0) if obj.zone == "stack" else 0


@query("mana_value")
def _mana_value(game: GameView, q: Mapping[str, Any]) -> Any:
    """Mana value (CR 202.3); both answers for an Invasion-era split card (list)."""
    obj = game.object(q.get("object"))
    chars = game.chars(obj)
    if _two_sets(game, chars):
        return [h.mana_value() for h in chars.halves]
    return chars.mana_value(_x(obj))


@query("mana_cost")
def _mana_cost(game: GameView, q: Mapping[str, Any]) -> Any:
    """Mana cost in Oracle notation (CR 202.1), "" for none; both costs for an Invasion-era
    split card (list)."""
    obj = game.object(q.get("object"))
    chars = game.chars(obj)
    if _two_sets(game, chars):
        return [str(h.mana_cost or "") for h in chars.halves]
    return str(chars.mana_cost or "")


@query("colors")
def _colors(game: GameView, q: Mapping[str, Any]) -> list[str]:
    """Colors in WUBRG order (CR 105.2, 202.2)."""
    return colors_in_order(game.chars(game.object(q.get("object"))).colors)


@query("is_multicolored")
def _is_multicolored(game: GameView, q: Mapping[str, Any]) -> bool:
    """Two or more colors (CR 105.2b)."""
    return len(game.chars(game.object(q.get("object"))).colors) >= 2


@query("is_monocolored")
def _is_monocolored(game: GameView, q: Mapping[str, Any]) -> bool:
    """Exactly one color (CR 105.2a)."""
    return len(game.chars(game.object(q.get("object"))).colors) == 1


@query("is_colorless")
def _is_colorless(game: GameView, q: Mapping[str, Any]) -> bool:
    """No color (CR 105.2c)."""
    return not game.chars(game.object(q.get("object"))).colors


@query("name")
def _name(game: GameView, q: Mapping[str, Any]) -> str:
    """The name; a split card off the stack shows both names joined by " // " (CR 709.4a)."""
    return game.chars(game.object(q.get("object"))).name


@query("names")
def _names(game: GameView, q: Mapping[str, Any]) -> list[str]:
    """Every name the object has (a split card off the stack has two, CR 709.4a)."""
    return list(game.chars(game.object(q.get("object"))).names)


@query("types")
def _types(game: GameView, q: Mapping[str, Any]) -> list[str]:
    """Card types (CR 205.2)."""
    return list(game.chars(game.object(q.get("object"))).types)


@query("subtypes")
def _subtypes(game: GameView, q: Mapping[str, Any]) -> list[str]:
    """Subtypes (CR 205.3)."""
    return list(game.chars(game.object(q.get("object"))).subtypes)


@query("supertypes")
def _supertypes(game: GameView, q: Mapping[str, Any]) -> list[str]:
    """Supertypes (CR 205.4)."""
    return list(game.chars(game.object(q.get("object"))).supertypes)


@query("power")
def _power(game: GameView, q: Mapping[str, Any]) -> Any:
    """Power after layer 7 (CR 208, 613.4); null for an object without one."""
    return game.chars(game.object(q.get("object"))).power


@query("toughness")
def _toughness(game: GameView, q: Mapping[str, Any]) -> Any:
    """Toughness after layer 7 (CR 208, 613.4); null for an object without one."""
    return game.chars(game.object(q.get("object"))).toughness


@query("keywords")
def _keywords(game: GameView, q: Mapping[str, Any]) -> list[str]:
    """Keyword abilities, sorted (CR 702)."""
    return sorted(game.chars(game.object(q.get("object"))).keywords)


@query("zone")
def _zone(game: GameView, q: Mapping[str, Any]) -> str:
    """The zone the object is in (CR 400.1)."""
    return game.object(q.get("object")).zone


def describe(game: GameView, obj: GameObject) -> dict[str, Any]:
    """All characteristics of ``obj`` as one canonical table."""
    chars = game.chars(obj)
    mv: Any = ([h.mana_value() for h in chars.halves] if _two_sets(game, chars)
               else chars.mana_value(_x(obj)))
    return {
        "name": chars.name,
        "mana_cost": str(chars.mana_cost or ""),
        "mana_value": mv,
        "colors": colors_in_order(chars.colors),
        "supertypes": list(chars.supertypes),
        "types": list(chars.types),
        "subtypes": list(chars.subtypes),
        "power": chars.power,
        "toughness": chars.toughness,
        "keywords": sorted(chars.keywords),
    }


@query("characteristics")
def _characteristics(game: GameView, q: Mapping[str, Any]) -> dict[str, Any]:
    """Every characteristic at once (name, mana cost and value, colors, types, P/T, keywords)."""
    return describe(game, game.object(q.get("object")))


@query("matches")
def _matches(game: GameView, q: Mapping[str, Any]) -> bool:
    """Whether the object has the qualities in ``filter`` (the question an effect asks)."""
    flt = dict(q.get("filter", {}))
    check_filter(flt)
    obj = game.object(q.get("object"))
    you = q.get("you", obj.controller)
    return matches(game.state, obj, flt, ctx=FilterContext(you=str(you)))


def _selected(game: GameView, q: Mapping[str, Any]) -> list[GameObject]:
    flt = dict(q.get("filter", {}))
    check_filter(flt)
    zone = str(q.get("zone", flt.pop("zone", "battlefield")))
    player = q.get("player")
    if player is not None:
        player = game.player(player)
    objs = game.state.objects_in(zone, player if zone in PER_PLAYER_ZONES else None)
    you = q.get("you", player or game.state.active_player)
    ctx = FilterContext(you=str(you))
    return [o for o in objs if matches(game.state, o, flt, ctx=ctx)]


@query("count")
def _count(game: GameView, q: Mapping[str, Any]) -> int:
    """How many objects in ``zone`` (of ``player``) match ``filter``; a split card is one
    card (CR 709.2)."""
    return len(_selected(game, q))


@query("objects")
def _objects(game: GameView, q: Mapping[str, Any]) -> list[str]:
    """Names of the matching objects in zone order (library: top first)."""
    return [game.chars(o).name for o in _selected(game, q)]


@query("colors_among")
def _colors_among(game: GameView, q: Mapping[str, Any]) -> list[str]:
    """The colors among the matching objects, each once (CR 105.2b: a multicolored object
    contributes each of its colors)."""
    seen: set[Color] = set()
    for o in _selected(game, q):
        seen |= game.chars(o).colors
    return colors_in_order(seen)


@query("card_types_among")
def _card_types_among(game: GameView, q: Mapping[str, Any]) -> list[str]:
    """The card types among the matching objects, each once, sorted (CR 205.2a; kindred counts,
    CR 308)."""
    seen: set[str] = set()
    for o in _selected(game, q):
        seen |= set(game.chars(o).types)
    return sorted(seen)


_SYMBOL = re.compile(r"\{[^}]+\}")
_REMINDER = re.compile(r"\([^)]*\)")


def color_identity(game: GameView, obj: GameObject) -> list[str]:
    """Commander color identity (CR 903.4), in WUBRG order: see :func:`card_color_identity`."""
    return colors_in_order(card_color_identity(obj.card))


def card_color_identity(card: CardDef) -> set[Color]:
    """Commander color identity (CR 903.4): the colors of mana symbols in the mana costs and rules
    text of every face (903.4d), plus color indicators; reminder text is ignored (903.4c). It
    is read from the card, never from the object's current characteristics: it is settled
    before the game begins (903.4a).

    A basic land type is not a mana symbol: Bayou's only mana symbols are in the reminder text of
    its intrinsic ability, so its identity is colorless (basic land types matter only for deck
    construction, 903.5d).
    """
    colors: set[Color] = set()
    for face in card.faces:
        if face.mana_cost is not None:
            colors |= face.mana_cost.colors
        colors |= face.color_indicator
        text = _REMINDER.sub("", face.oracle_text)
        for sym in _SYMBOL.findall(text):
            try:
                colors |= parse_mana_cost(sym).colors
            except ValueError:
                continue  # {T}, {Q}, {E} ... are not mana symbols
    return colors


@query("color_identity")
def _color_identity(game: GameView, q: Mapping[str, Any]) -> list[str]:
    """Commander color identity, in WUBRG order (CR 903.4)."""
    return color_identity(game, game.object(q.get("object")))


@query("life")
def _life(game: GameView, q: Mapping[str, Any]) -> int:
    """A player's life total (CR 119)."""
    return game.state.players[game.player(q.get("player"))].life


@query("amount", params={
    "amount": "amount!: the amount to count (an integer, \"X\" or an amount table)",
    "player": "str: who \"you\" is (default the active player)",
    "object": "str: the handle of the object that is \"this\" (and \"itself\")"},
    cr=("107.1", "608.2h"),
    example='{query = "amount", player = "alice", amount = {devotion = "black"}}')
def _amount_query(game: GameView, q: Mapping[str, Any]) -> int:
    """The value of a counted amount now, as an effect of ``player``'s (or of ``object``'s
    controller's) would count it: "what is my devotion to black", "how many Goblins"."""
    state = game.state
    obj = game.object(q["object"]) if q.get("object") is not None else None
    player = (game.player(q["player"]) if q.get("player") is not None
              else obj.controller if obj is not None else state.active_player)
    chars = compute_all(state)
    ctx = AmountContext(state=state, you=player, source=obj.id if obj is not None else None,
                        chars_of=chars.__getitem__, object_id=obj.id if obj is not None else None)
    return evaluate(q.get("amount", 0), ctx)
