"""Counted amounts: the numbers card data may compute wherever a number goes (CR 107.1).

An amount is an integer, ``"X"`` (the value chosen for X, CR 107.3), or a table with one key
naming a registered amount and its argument, optionally with ``times`` (a multiplier: "2 life
for each creature", Congregate) and ``plus`` (added after multiplying): ``{count = {filter =
{type = "Creature", controller = "you"}}, times = 2}``.

The same amounts are read by resolving effects (damage, life, cards drawn, counters, tokens),
by continuous effects in the layers (a characteristic-defining ability, CR 604.3 and 613.4a; a
"gets +1/+1 for each" pump, 613.4c), by mana abilities ("add {G} for each Elf you control") and
by conditions ("as long as you control three or more artifacts"). A resolving effect counts
once, as it happens (CR 608.2h); a static ability counts continuously (CR 611.3a), seeing the
characteristics the layers have produced so far.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import SetupError
from .filters import FilterContext, check_filter, matches
from .mana import COLORS, color_from_word
from .objects import PER_PLAYER_ZONES
from .vocab_spec import Params, describe

if TYPE_CHECKING:
    from .characteristics import Characteristics
    from .objects import GameObject
    from .state import GameState

__all__ = ["AMOUNTS", "MODIFIERS", "AmountContext", "amount", "devotion", "evaluate",
           "is_amount"]

CharsOf = Callable[[int], "Characteristics"]


@dataclass
class AmountContext:
    """Where an amount is counted: the game, "you", "this" object, and how to read
    characteristics (as the layers see them so far, or as they are now)."""

    state: GameState
    you: str | None
    source: int | None
    chars_of: CharsOf
    x: int = 0
    #: The object a layer operation is changing ("its mana value").
    object_id: int | None = None
    #: Objects an amount may name besides "self": a target slot's objects, remembered objects.
    named: Callable[[str], list[int]] = field(default=lambda name: [])
    #: Last known power/toughness/counters of named objects that left (CR 608.2h, 113.7a).
    last_known: Callable[[int], Characteristics | None] = field(default=lambda oid: None)
    #: Other values of the resolving spell or ability (the triggering event, ...).
    extra: Mapping[str, Any] = field(default_factory=dict)

    def filter_context(self) -> FilterContext:
        """A filter context where "you" and "this" are this amount's."""
        return FilterContext(you=self.you, source=self.source, chars_of=self.chars_of)

    def player(self, ref: Any) -> str:
        """A player named by an amount: "you" (the default) or a player's name."""
        if ref in (None, True, "you", "controller"):
            if self.you is None:
                raise SetupError("this amount needs a controller ('you')")
            return self.you
        if isinstance(ref, str) and ref in self.state.players:
            return ref
        raise SetupError(f"unknown player {ref!r} in an amount")

    def objects(self, ref: Any) -> list[int]:
        """Objects an amount names: "self" (the source), "itself" (the object being changed),
        a target slot or a remembered name."""
        if ref in (None, "self", "this"):
            return [self.source] if self.source is not None else []
        if ref == "itself":
            oid = self.object_id if self.object_id is not None else self.source
            return [oid] if oid is not None else []
        return self.named(str(ref))


AmountFn = Callable[[AmountContext, Any], int]
#: Amounts by name (register with :func:`amount`).
AMOUNTS: dict[str, AmountFn] = {}
#: Keys that modify an amount table instead of naming an amount.
MODIFIERS = ("times", "plus")


def amount(name: str, *, arg: str = "table", params: Params = None,
           cr: tuple[str, ...] = (), example: str = "") -> Callable[[AmountFn], AmountFn]:
    """Register amount ``name`` with the type of its argument (``table`` with ``params``, or
    one of the :data:`~reference_engine.vocab_spec.TYPES`) for the docs and validation."""
    def register(fn: AmountFn) -> AmountFn:
        AMOUNTS[name] = fn
        describe("amounts", name, fn, params=params, cr=cr, example=example,
                 arg=None if arg == "table" else arg)
        return fn
    return register


def is_amount(value: Any) -> bool:
    """Whether ``value`` is written as an amount (an int, "X" or an amount table)."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int) or value == "X":
        return True
    return isinstance(value, Mapping) and any(k in AMOUNTS for k in value)


def evaluate(value: Any, ctx: AmountContext) -> int:
    """The amount ``value`` counted now in ``ctx`` (see the module docstring)."""
    if isinstance(value, bool):
        raise SetupError(f"an amount must be a number, not {value!r}")
    if isinstance(value, int):
        return value
    if value == "X":
        return ctx.x
    if not isinstance(value, Mapping):
        raise SetupError(f"an amount must be an integer, 'X' or {{name = ...}}, not {value!r}")
    names = [k for k in value if k not in MODIFIERS]
    if len(names) != 1 or names[0] not in AMOUNTS:
        known = ", ".join(sorted(AMOUNTS))
        raise SetupError(f"unknown amount {dict(value)!r} (known: {known})")
    base = AMOUNTS[names[0]](ctx, value[names[0]])
    times, plus = value.get("times", 1), value.get("plus", 0)
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (times, plus)):
        raise SetupError(f"'times' and 'plus' of an amount must be integers: {dict(value)!r}")
    return base * int(times) + int(plus)


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
    fctx = ctx.filter_context()
    out: list[GameObject] = []
    for owner in owners:
        for obj in ctx.state.objects_in(zone, owner):
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
    "kind": "str: the kind of counter (default \"+1/+1\")",
    "on": "str: \"self\" (default), \"itself\", a target slot or a remembered name"},
    cr=("122.1",), example='Triskelion-like "for each +1/+1 counter on it": '
                           '{counters = {kind = "+1/+1"}}')
def _counters(ctx: AmountContext, spec: Any) -> int:
    """The number of counters of one kind on an object ("for each +1/+1 counter on it")."""
    spec = {"kind": spec} if isinstance(spec, str) else dict(spec or {})
    kind = str(spec.get("kind", "+1/+1"))
    total = 0
    for oid in ctx.objects(spec.get("on", "self")):
        obj = ctx.state.objects.get(oid)
        if obj is not None:
            total += int(obj.counters.get(kind, 0))
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


def color_words() -> list[str]:
    """The five color words in WUBRG order."""
    return [c.word for c in COLORS]
