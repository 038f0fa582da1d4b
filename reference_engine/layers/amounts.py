"""The counted amounts that look at the game: "for each [filter]", card types, colors and
devotion among permanents, power and toughness, counters, life totals, hand sizes (CR 107.1,
700.5, 608.2h). The table and the evaluator are :mod:`reference_engine.core.amounts`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.amounts import AmountContext, amount
from reference_engine.core.errors import SetupError
from reference_engine.core.objects import PER_PLAYER_ZONES
from reference_engine.core.symbols import color_from_word
from reference_engine.layers.filters import FilterContext, check_filter, matches
from reference_engine.layers.seating import has_limited_range, object_within_range

if TYPE_CHECKING:
    from reference_engine.core.characteristics import Characteristics
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["devotion", "selected"]

CharsOf = Callable[[int], "Characteristics"]


def filter_context(ctx: AmountContext) -> FilterContext:
    """A filter context where "you" and "this" are the amount's."""
    return FilterContext(you=ctx.you, source=ctx.source, chars_of=ctx.chars_of)


# -- selections of objects -------------------------------------------------------------------

_SELECTION = {
    "zone": "str: the zone to look in (default battlefield)",
    "player": "str: whose library, hand or graveyard (\"you\", \"opponent\" or a player); "
              "every player's if absent",
    "filter": "filter: what to count",
}


def selected(ctx: AmountContext, spec: Any) -> list[GameObject]:
    """The objects ``{zone, player, filter}`` selects (a filter table alone is the filter)."""
    if not isinstance(spec, Mapping):
        raise SetupError(f"a selection must be a table {{zone, player, filter}}, not {spec!r}")
    sel = dict(spec) if set(spec) <= set(_SELECTION) else {"filter": dict(spec)}
    flt = dict(sel.get("filter", {}))
    check_filter(flt, "amount")
    zone = str(sel.get("zone", "battlefield"))
    player = sel.get("player")
    owners: list[str | None] = [None]
    if zone in PER_PLAYER_ZONES and player is not None:
        if player == "you":
            owners = [ctx.player("you")]
        elif player == "opponent":
            owners = list(ctx.state.opponents(ctx.player("you")))
        else:
            owners = [ctx.player(player)]
    fctx = filter_context(ctx)
    # 801.11: with a limited range of influence, a spell or ability sees only the objects
    # within its controller's range (those controlled by players within it, 801.2d).
    seer = ctx.you if has_limited_range(ctx.state) else None
    out: list[GameObject] = []
    for owner in owners:
        for obj in ctx.state.objects_in(zone, owner):
            if seer is not None and not object_within_range(ctx.state, seer, obj):
                continue
            try:
                chars = ctx.chars_of(obj.id)
            except KeyError:
                continue
            if matches(ctx.state, obj, flt, ctx=fctx, chars=chars):
                out.append(obj)
    return out


@amount("count", params=_SELECTION, cr=("107.1", "608.2h"),
        example='Krenko, Mob Boss: create X Goblins, X = {count = {filter = {subtype = '
                '"Goblin", controller = "you"}}}')
def _count(ctx: AmountContext, spec: Any) -> int:
    """The number of objects matching a selection: "for each [filter]", "the number of
    [filter]" (a split card is one object, 709.2)."""
    return len(selected(ctx, spec))


@amount("card_types_among", params=_SELECTION, cr=("205.2a",),
        example='Tarmogoyf: power = {card_types_among = {zone = "graveyard"}}')
def _card_types_among(ctx: AmountContext, spec: Any) -> int:
    """The number of card types among the selected cards, each counted once (CR 205.2a;
    kindred counts, 308.1; a split card's halves both count, 709.4)."""
    types: set[str] = set()
    for obj in selected(ctx, spec):
        chars = ctx.chars_of(obj.id)
        types |= {t.casefold() for t in chars.types}
        for half in chars.halves:
            types |= {t.casefold() for t in half.types}
    return len(types)


@amount("colors_among", params=_SELECTION, cr=("105.2", "105.2b"),
        example='Faeburrow Elder: +1/+1 for each {colors_among = {filter = {controller = '
                '"you"}}}')
def _colors_among(ctx: AmountContext, spec: Any) -> int:
    """The number of colors among the selected objects ("colors among permanents you
    control"): each color once, a multicolored object giving each of its colors (105.2b)."""
    seen: set[str] = set()
    for obj in selected(ctx, spec):
        seen |= {c.word for c in ctx.chars_of(obj.id).colors}
    return len(seen)


def devotion(state: GameState, player: str, colors: list[str], chars_of: CharsOf) -> int:
    """Check 700.5: a player's devotion to one or more colors is the number of mana symbols of
    those colors among the mana costs of permanents they control; a hybrid symbol counts if any
    of its halves is one of them, once (700.5a); a Phyrexian symbol counts for its color."""
    wanted = {color_from_word(c) for c in colors}
    total = 0
    for obj in state.battlefield():
        if obj.controller != player:
            continue
        cost = chars_of(obj.id).mana_cost
        if cost is None:
            continue
        total += sum(1 for s in cost.symbols if s.colors & wanted)
    return total


@amount("devotion", arg="any", cr=("700.5", "700.5a"),
        example='Gray Merchant of Asphodel: each opponent loses {devotion = "black"} life')
def _devotion(ctx: AmountContext, colors: Any) -> int:
    """Your devotion to a color (``"black"``) or to several (``["white", "black"]``): the mana
    symbols of those colors among the mana costs of permanents you control (CR 700.5)."""
    words = [colors] if isinstance(colors, str) else list(colors or [])
    if not words or not all(isinstance(w, str) for w in words):
        raise SetupError(f"devotion needs a color word or a list of them, not {colors!r}")
    try:
        return devotion(ctx.state, ctx.player("you"), words, ctx.chars_of)
    except ValueError as exc:
        raise SetupError(f"devotion: {exc}") from None


def _chars_of_named(ctx: AmountContext, ref: Any) -> list[Characteristics]:
    out = []
    for oid in ctx.objects(ref):
        if oid in ctx.state.objects:
            out.append(ctx.chars_of(oid))
        else:
            lki = ctx.last_known(oid)
            if lki is not None:
                out.append(lki)
    return out


def _int_value(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


@amount("power_of", arg="str", cr=("208.1", "608.2h"),
        example='Rabid Bite: damage equal to {power_of = "mine"}')
def _power_of(ctx: AmountContext, ref: Any) -> int:
    """The power of an object: ``"self"``, ``"itself"``, a target slot or a remembered name;
    its last known power if it left its zone (608.2h). Several objects: the first."""
    found = _chars_of_named(ctx, ref)
    return _int_value(found[0].power) if found else 0


@amount("toughness_of", arg="str", cr=("208.1", "608.2h"),
        example='Lose Calm-like "damage equal to its toughness": {toughness_of = "t"}')
def _toughness_of(ctx: AmountContext, ref: Any) -> int:
    """The toughness of an object named like ``power_of``."""
    found = _chars_of_named(ctx, ref)
    return _int_value(found[0].toughness) if found else 0


@amount("counters", params={
    "kind": "str: the kind of counter (default \"+1/+1\"; \"any\": every counter)",
    "on": "str: \"self\" (default), \"itself\", a target slot or a remembered name"},
    cr=("122.1",), example='Triskelion-like "for each +1/+1 counter on it": '
                           '{counters = {kind = "+1/+1"}}')
def _counters(ctx: AmountContext, spec: Any) -> int:
    """The number of counters of one kind on an object ("for each +1/+1 counter on it"), or
    of every kind ("for each counter on it"); the counters it last had if an earlier part of
    the resolving effect moved it (CR 608.2h, 122.2: counters don't follow it)."""
    spec = {"kind": spec} if isinstance(spec, str) else dict(spec or {})
    kind = str(spec.get("kind", "+1/+1"))
    known = ctx.extra.get("last_known_counters")
    total = 0
    for oid in ctx.objects(spec.get("on", "self")):
        obj = ctx.state.objects.get(oid)
        counters = obj.counters if obj is not None else (known(oid) if known else None)
        if counters:
            total += (sum(int(n) for n in counters.values()) if kind == "any"
                      else int(counters.get(kind, 0)))
    return total


@amount("life", arg="str", cr=("119.1",),
        example='Serra Avatar: power = {life = "you"}')
def _life(ctx: AmountContext, who: Any) -> int:
    """A player's life total ("you" by default)."""
    return int(ctx.state.players[ctx.player(who)].life)


@amount("cards_in_hand", arg="str", cr=("402.1",),
        example='Maro: power = {cards_in_hand = "you"}')
def _cards_in_hand(ctx: AmountContext, who: Any) -> int:
    """The number of cards in a player's hand ("you" by default)."""
    return len(ctx.state.zone_list("hand", ctx.player(who)))



@amount("targets", params={"beyond": "int: count only the targets beyond this many (\"each "
                                     "target beyond the first\": 1)"},
        cr=("601.2c", "601.2f", "115.1"),
        example='Fireball: {kind = "cost", affected = "self", increase = "{1}", per = '
                '{targets = {beyond = 1}}}')
def _targets(ctx: AmountContext, spec: Any) -> int:
    """The number of targets chosen for this spell or ability (601.2c, so a cost can count
    them as the total cost is determined, 601.2f), less ``beyond``."""
    obj = ctx.state.objects.get(ctx.source) if ctx.source is not None else None
    if obj is None:
        return 0
    beyond = int(spec.get("beyond", 0)) if isinstance(spec, Mapping) else 0
    return max(len(obj.targets) - beyond, 0)


# -- a player's party (700.8) ----------------------------------------------------------------

#: 700.8: the creature types a party has one place for each.
PARTY_TYPES = ("Cleric", "Rogue", "Warrior", "Wizard")


def party_size(roles: list[frozenset[str]]) -> int:
    """The number of creatures in a party, given each creature's party types: each type holds
    at most one creature and each creature fills at most one type, counted the way that gives
    the most (700.8, 700.8b), so a number from zero to four (700.8a)."""
    best = 0

    def place(i: int, free: frozenset[str], placed: int) -> None:
        nonlocal best
        best = max(best, placed)
        if i == len(roles) or best == len(PARTY_TYPES):
            return
        for role in roles[i] & free:
            place(i + 1, free - {role}, placed + 1)
        place(i + 1, free, placed)

    place(0, frozenset(PARTY_TYPES), 0)
    return best


@amount("party", arg="str", cr=("700.8", "700.8a", "700.8b"),
        example='Shepherd of Heroes: gain {party = "you", times = 2} life')
def _party(ctx: AmountContext, who: Any) -> int:
    """The number of creatures in a player's party ("you" by default): up to one each of
    Cleric, Rogue, Warrior and Wizard among the creatures they control, a creature of several
    of those types counted for one of them, whichever way gives the most (700.8-700.8b)."""
    player = ctx.player(who)
    roles = []
    for obj in ctx.state.battlefield():
        if obj.controller != player:
            continue
        chars = ctx.chars_of(obj.id)
        if chars.has_type("Creature"):
            types = frozenset(t for t in PARTY_TYPES if chars.has_subtype(t))
            if types:
                roles.append(types)
    return party_size(roles)
