"""Lands (CR 305): land types, intrinsic mana abilities, land-type changes, domain, playing lands.

* 305.6: a land with a basic land type has the intrinsic ability "{T}: Add [symbol]" for each
  one, whatever its text says; they are added after layer 4, so type-changing effects give or
  take them and layer 6 can still remove them.
* 305.7 and the era switch ``land_type_change``: an effect that *sets* a land's subtype
  (``{type = "set_land_types", subtypes = ["Swamp"]}``, Tainted Well, Blood Moon) makes it lose
  its old land types. Under the current rules ("cr-305.7") it also loses the abilities of its
  rules text and gains only the new types' mana abilities, and its supertypes don't change.
  Under the Sixth Edition rules ("becomes-basic", rule 214.9f of that edition) an effect that
  changes it into a basic land also leaves it only that basic land's mana ability, and makes it
  a basic land named after the basic land type that is no longer legendary; setting a nonbasic
  land type then only replaces the land type (214.4 of that edition).
  Adding types "in addition" (Urborg) is the ordinary ``add_types`` operation (not covered by
  either rule).
* Domain (207.2c ability word): the number of basic land types among lands a player controls,
  at most five since there are five basic land types; the amount ``{domain = "controller"}`` is
  counted as the effect happens, so on resolution (608.2h).
* ``play_land {player, object}`` is the special action of 305.1-305.3 and 116.2a.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.amounts import AmountContext, CharsOf, amount
from reference_engine.core.characteristics import Characteristics, face_characteristics
from reference_engine.core.choices import offer_choices, withdraw_choices
from reference_engine.core.errors import RulesViolation, SetupError
from reference_engine.core.registry import LAND_PLAY_RESTRICTIONS, action, query
from reference_engine.core.state import active_team, holds_priority
from reference_engine.layers.effects import LayerContext, operation
from reference_engine.layers.system import (
    characteristics_of,
    compute_all,
    layer_rule,
    static_abilities,
)
from reference_engine.objects.entering import enter_battlefield
from reference_engine.turn.priority import give_priority

if TYPE_CHECKING:
    from reference_engine.core.handlers import GameView
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["BASIC_LAND_TYPES", "LAND_TYPES", "basic_land_types_among", "domain",
           "intrinsic_ability", "land_types", "lands_allowed", "play_land"]

#: The basic land types and the mana symbol of each one's intrinsic ability (CR 305.6).
BASIC_LAND_TYPES: dict[str, str] = {
    "Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G",
}
#: Every land type (CR 205.3i).
LAND_TYPES: frozenset[str] = frozenset({
    "Cave", "Desert", "Forest", "Gate", "Island", "Lair", "Locus", "Mine", "Mountain", "Plains",
    "Power-Plant", "Sphere", "Swamp", "Tower", "Town", "Urza's",
})
_MAIN_STEPS = ("precombat-main", "postcombat-main")


def intrinsic_ability(land_type: str) -> dict[str, Any]:
    """The intrinsic mana ability of a basic land type (CR 305.6), as ability data."""
    symbol = "{" + BASIC_LAND_TYPES[land_type] + "}"
    return {"kind": "mana", "cost": {"tap": True}, "produce": symbol, "intrinsic": land_type,
            "text": f"{{T}}: Add {symbol}"}


def _basic_types(chars: Characteristics) -> list[str]:
    """The basic land types among ``chars``' subtypes, in type-line order."""
    return [t for t in dict.fromkeys(chars.subtypes) if t in BASIC_LAND_TYPES]


def land_types(chars: Characteristics) -> list[str]:
    """The land subtypes among ``chars``' subtypes, in their order (CR 205.3i)."""
    return [t for t in chars.subtypes if t in LAND_TYPES]


@layer_rule("4")
def _intrinsic_mana_abilities(state: GameState, current: dict[int, Characteristics]) -> None:
    """Check 305.6: once types are final (after layer 4), each land with basic land types has
    their intrinsic "{T}: Add [symbol]" abilities, before the abilities of its text."""
    for chars in current.values():
        if not chars.has_type("Land"):
            continue
        kinds = _basic_types(chars)
        if not kinds:
            continue
        rest = tuple(a for a in chars.abilities if not a.get("intrinsic"))
        chars.abilities = tuple(intrinsic_ability(t) for t in kinds) + rest


@operation("set_land_types", "4")
def _set_land_types(chars: Characteristics, params: Mapping[str, Any], ctx: LayerContext) -> None:
    """Set a land's land types (CR 305.7; Sixth Edition 214.9f): it loses its old land types;
    set to a basic land type it also loses the abilities of its rules text, and keeps its
    supertypes and name (cr-305.7); or, made a basic land type, it also becomes a basic land
    named after it that isn't legendary (becomes-basic). In both eras a nonbasic land type
    only replaces the old ones."""
    if not chars.has_type("Land"):
        return
    new = list(dict.fromkeys(str(t) for t in params.get("subtypes", [])))
    unknown = [t for t in new if t not in LAND_TYPES]
    if unknown:
        raise SetupError(f"set_land_types: {', '.join(unknown)} are not land types")
    others = tuple(t for t in chars.subtypes if t not in LAND_TYPES)
    chars.subtypes = others + tuple(new)
    if ctx.state.era.is_("land_type_change", "becomes-basic"):
        if not new or any(t not in BASIC_LAND_TYPES for t in new):
            return  # Sixth Edition 214.4: the new land type just replaces the old one
        # Sixth Edition 214.9f: changed into a basic land, it has only that basic land's mana
        # ability (added after layer 4), is a basic land with that basic land's name, and is
        # no longer legendary. (The Invasion FAQ: Coastal Tower under Tainted Well "becomes a
        # basic land with the type swamp".)
        chars.abilities = ()
        chars.keywords = frozenset()
        kept = tuple(t for t in chars.supertypes if t not in ("Basic", "Legendary"))
        chars.supertypes = ("Basic", *kept)
        if len(new) == 1:
            chars.names = (new[0],)
        return
    if not any(t in BASIC_LAND_TYPES for t in new):
        return  # 305.7 is about basic land types: a nonbasic one only replaces the old types
    # 305.7: set to one or more basic land types, it loses all abilities generated from its
    # rules text (abilities granted by other effects come in layer 6, later); it gains the new
    # types' mana abilities after layer 4.
    chars.abilities = ()
    chars.keywords = frozenset()


def basic_land_types_among(state: GameState, player: str,
                           chars_of: CharsOf | None = None) -> list[str]:
    """The basic land types among lands ``player`` controls, in WUBRG order (CR 305.6), read
    through ``chars_of`` (inside a layer pass: the types layer 4 settled, 613.1d, 613.4)."""
    seen: set[str] = set()
    for obj in state.battlefield():
        if obj.controller != player:
            continue
        chars = chars_of(obj.id) if chars_of is not None else characteristics_of(state, obj.id)
        if chars.has_type("Land"):
            seen |= set(_basic_types(chars))
    return [t for t in BASIC_LAND_TYPES if t in seen]


def domain(state: GameState, player: str, chars_of: CharsOf | None = None) -> int:
    """Domain (CR 207.2c): how many basic land types are among lands ``player`` controls."""
    return len(basic_land_types_among(state, player, chars_of))


@amount("domain", arg="str", cr=("207.2c", "305.6"),
        example='Tribal Flames: damage equal to {domain = "you"}')
def _domain_amount(ctx: AmountContext, who: Any) -> int:
    """Domain: the number of basic land types among lands a player ("you" by default)
    controls (CR 207.2c), counted now (CR 608.2h)."""
    return domain(ctx.state, ctx.player(who), ctx.chars_of)


@query("domain")
def _domain(game: GameView, q: Mapping[str, Any]) -> int:
    """The number of basic land types among lands a player controls (CR 305.6, 207.2c)."""
    return domain(game.state, game.player(q.get("player")))


@query("basic_land_types")
def _basic_land_types(game: GameView, q: Mapping[str, Any]) -> list[str]:
    """The basic land types among lands a player controls, in WUBRG order (CR 305.6)."""
    return basic_land_types_among(game.state, game.player(q.get("player")))


@query("land_types")
def _land_types(game: GameView, q: Mapping[str, Any]) -> list[str]:
    """An object's land types (CR 205.3i), in order."""
    return land_types(game.chars(game.object(q.get("object"))))


@query("lands_played")
def _lands_played(game: GameView, q: Mapping[str, Any]) -> int:
    """How many lands a player has played this turn (CR 305.2)."""
    return game.state.players[game.player(q.get("player"))].lands_played


def lands_allowed(state: GameState, player: str) -> int:
    """Check 305.2: how many lands ``player`` may play this turn: one, plus one for each static
    ability ``{kind = "static", additional_land_plays = n}`` of a permanent they control."""
    chars = compute_all(state)
    extra = sum(int(a.get("additional_land_plays", 0))
                for obj, a in static_abilities(state, chars)
                if obj.controller == player)
    return 1 + extra


def play_land(state: GameState, player: str, card: GameObject,
              face: str | None = None) -> GameObject:
    """Play ``card`` as ``player``'s land (CR 305.1-305.3, 116.2a) and return the permanent. A
    modal double-faced card is played with a land face up (712.12): ``face`` "front" or
    "back", by default the one that is a land (the front if both are)."""
    back = _land_face(card, face)
    chars = (face_characteristics(card.card.faces[1]) if back
             else characteristics_of(state, card.id))
    if not chars.has_type("Land"):
        raise RulesViolation("illegal-action", f"{card.name_for_log} is not a land card")
    if card.zone != "hand" or card.owner != player:
        raise RulesViolation("illegal-action", f"{card.name_for_log} is not in {player}'s hand")
    if not holds_priority(state, player):
        raise RulesViolation("no-priority", f"{player} does not have priority")
    if player not in active_team(state):  # 305.3; 805.4c: each player of the active team
        raise RulesViolation("timing", f"it isn't {player}'s turn")
    if state.step not in _MAIN_STEPS or state.zone_list("stack"):  # 305.1
        raise RulesViolation("timing", "a land is played in a main phase with an empty stack")
    record = state.players[player]
    allowed = lands_allowed(state, player)
    if record.lands_played >= allowed:  # 305.2b
        raise RulesViolation("land-limit", f"{player} has already played {record.lands_played} "
                             f"land(s) this turn")
    for restriction in LAND_PLAY_RESTRICTIONS:  # e.g. "lands with the chosen name can't be played"
        reason = restriction(state, card)
        if reason is not None:
            raise RulesViolation("illegal-action", reason)
    # 305.1: it is put onto the battlefield, through its enters replacement effects such as
    # "This land enters tapped" (614.1d, 614.12).
    # 712.12: a modal double-faced card enters with the chosen land face up.
    new = enter_battlefield(state, card, controller=player, transformed=back)
    if new is None:
        raise RulesViolation("illegal-action", f"{card.name_for_log} can't enter the battlefield")
    record.lands_played += 1
    state.log("land-played", object=new.id, card=new.card.name, player=player)
    give_priority(state, player)  # 116.3: the player receives priority afterward
    return new


def _land_face(card: GameObject, face: str | None) -> bool:
    """712.12: whether a modal double-faced card is played with its back face up."""
    if face not in (None, "front", "back"):
        raise RulesViolation("illegal-choice", f"face must be \"front\" or \"back\", "
                             f"not {face!r}")
    if not card.card.is_modal_dfc:
        if face == "back":
            raise RulesViolation("illegal-choice", f"{card.name_for_log} has no back face to "
                                 "play (CR 712.12)")
        return False
    if face is not None:
        return face == "back"
    front_land = face_characteristics(card.card.faces[0]).has_type("Land")
    return not front_land and face_characteristics(card.card.faces[1]).has_type("Land")


@action("play_land")
def _play_land(game: GameView, a: Mapping[str, Any]) -> None:
    """Play a land from hand: a special action, once per turn, in a main phase of your turn
    with an empty stack (CR 305.1-305.3)."""
    offer_choices(game.state, a.get("choices"))
    try:
        play_land(game.state, game.player(a.get("player", game.state.priority_player)),
                  game.object(a.get("object")), a.get("face"))
    finally:
        withdraw_choices(game.state)
