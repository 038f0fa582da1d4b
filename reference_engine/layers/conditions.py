"""Conditions of static abilities and effects ("as long as ...", "if ..."), written as data.

A condition is a table with one key naming the test; :data:`CONDITIONS` maps each key to a
function. Conditions see the characteristics computed so far, so a condition about colors that
gates a power/toughness effect sees the layer-5 result (CR 613.1e before 613.4c).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.amounts import AmountContext, evaluate
from reference_engine.core.errors import SetupError, unreadable
from reference_engine.core.symbols import COLORS, color_from_word
from reference_engine.core.vocab_spec import Params, describe
from reference_engine.layers.amounts import selected
from reference_engine.layers.filters import FilterContext, matches

if TYPE_CHECKING:
    from reference_engine.core.characteristics import Characteristics
    from reference_engine.core.state import GameState

__all__ = ["CONDITIONS", "color_counts", "condition", "holds"]

CharsOf = Callable[[int], "Characteristics"]
Test = Callable[["GameState", Any, "ConditionContext"], bool]


class ConditionContext:
    """The source of the ability, its controller and the characteristics computed so far."""

    def __init__(self, *, source: int | None, you: str | None, chars_of: CharsOf,
                 x: int = 0, named: Callable[[str], list[int]] | None = None) -> None:
        self.source = source
        self.you = you
        self.chars_of = chars_of
        self.x = x
        #: Objects a resolving spell or ability names (its targets, what it remembered).
        self.named: Callable[[str], list[int]] = named or (lambda name: [])

    def amounts(self, state: GameState) -> AmountContext:
        """An amount context with the same "you", "this" and characteristics."""
        return AmountContext(state=state, you=self.you, source=self.source,
                             chars_of=self.chars_of, x=self.x)


CONDITIONS: dict[str, Test] = {}


def condition(name: str, *, arg: str = "table", params: Params = None,
              cr: tuple[str, ...] = (), example: str = "") -> Callable[[Test], Test]:
    """Register condition ``name``; ``arg`` is the type of its value (``table`` with
    ``params``, or one of :data:`~reference_engine.vocab_spec.TYPES`)."""
    def register(fn: Test) -> Test:
        CONDITIONS[name] = fn
        describe("conditions", name, fn, params=params, cr=cr, example=example,
                 arg=None if arg == "table" else arg)
        return fn
    return register


def color_counts(state: GameState, chars_of: CharsOf) -> dict[str, int]:
    """Permanents of each color; a multicolored permanent counts once for each of its colors
    (CR 105.2b)."""
    counts = {c.word: 0 for c in COLORS}
    for obj in state.battlefield():
        for c in chars_of(obj.id).colors:
            counts[c.word] += 1
    return counts


@condition("most_common_color", arg="str", cr=("105.2b",),
           example='Halam Djinn: {most_common_color = "red"}')
def _most_common_color(state: GameState, value: Any, ctx: ConditionContext) -> bool:
    """The color is the most common among all permanents or tied for most common (the
    Invasion Djinns; CR 105.2b counts a multicolored permanent for each of its colors)."""
    word = color_from_word(str(value)).word
    counts = color_counts(state, ctx.chars_of)
    return counts[word] == max(counts.values())


@condition("you_control", arg="filter", cr=("109.5",),
           example='Kird Ape: {you_control = {subtype = "Forest"}}')
def _you_control(state: GameState, value: Any, ctx: ConditionContext) -> bool:
    """You control a permanent matching the filter."""
    fctx = FilterContext(you=ctx.you, source=ctx.source, chars_of=ctx.chars_of)
    return any(
        obj.controller == ctx.you and matches(state, obj, value, ctx=fctx)
        for obj in state.battlefield()
    )


@condition("source_kicked", arg="bool", cr=("702.33d",),
           example="Ana Battlemage's kicker triggers: {source_kicked = true}")
def _source_kicked(state: GameState, value: Any, ctx: ConditionContext) -> bool:
    """The source was kicked (CR 702.33d)."""
    obj = state.objects.get(ctx.source) if ctx.source is not None else None
    return (obj is not None and obj.kicked > 0) == bool(value)


@condition("chosen", params={"key": "str: the choice's name (default \"color\")",
                             "is": "any!: the value it must be"},
           cr=("607.2d", "607.2m", "614.12c"),
           example='Citadel Siege\'s Khans ability: {chosen = {key = "mode", is = "Khans"}}')
def _chosen_is(state: GameState, value: Any, ctx: ConditionContext) -> bool:
    """The source made this choice as it entered ("choose Khans or Dragons", an anchor word:
    the abilities after "Khans —" exist only as long as Khans was chosen, 614.12c, 607.2m); an
    undefined choice matches nothing (607.5a)."""
    if not isinstance(value, Mapping):
        raise SetupError("condition 'chosen' must be a table {key, is}")
    obj = state.objects.get(ctx.source) if ctx.source is not None else None
    if obj is None:
        return False
    return bool(obj.choices.get(str(value.get("key", "color"))) == value.get("is"))


_BOUNDS = {
    "at_least": "int: holds if the number is at least this (\"N or more\")",
    "at_most": "int: holds if the number is at most this (\"N or fewer\", \"less than N+1\")",
}


def _within(n: int, spec: Mapping[str, Any], what: str) -> bool:
    if "at_least" not in spec and "at_most" not in spec:
        raise SetupError(f"condition {what!r} needs 'at_least' or 'at_most'")
    low, high = spec.get("at_least"), spec.get("at_most")
    return (low is None or n >= int(low)) and (high is None or n <= int(high))


@condition("count", params={
    "filter": "filter!: what to count",
    "zone": "str: the zone to look in (default battlefield)",
    "player": "str: whose library, hand or graveyard (\"you\", \"opponent\", a player)",
    **_BOUNDS}, cr=("107.1", "207.2c"),
    example='Carapace Forger (metalcraft): {count = {filter = {type = "Artifact", '
            'controller = "you"}, at_least = 3}}')
def _count(state: GameState, value: Any, ctx: ConditionContext) -> bool:
    """A number of objects matching a filter is within bounds: "as long as you control three
    or more artifacts" (metalcraft), "if you control no other creatures"."""
    if not isinstance(value, Mapping):
        raise SetupError(f"condition 'count' needs a table, not {value!r}")
    sel = {k: value[k] for k in ("zone", "player", "filter") if k in value}
    return _within(len(selected(ctx.amounts(state), sel)), value, "count")


@condition("amount", params={"of": "amount!: the amount to compare", **_BOUNDS},
           cr=("107.1", "700.5"),
           example='Heliod, Sun-Crowned: not a creature while {amount = {of = {devotion = '
                   '"white"}, at_most = 4}}')
def _amount(state: GameState, value: Any, ctx: ConditionContext) -> bool:
    """A counted amount is within bounds: "as long as your devotion to white is less than
    five", "if you have 10 or less life"."""
    if not isinstance(value, Mapping) or "of" not in value:
        raise SetupError(f"condition 'amount' needs {{of = amount, at_least/at_most}}: {value!r}")
    return _within(evaluate(value["of"], ctx.amounts(state)), value, "amount")


@condition("life_at_most_half_starting", arg="bool", cr=("103.4", "119.1"),
           example="Cecil, Dark Knight: untap and transform it "
                   "{life_at_most_half_starting = true}")
def _life_at_most_half_starting(state: GameState, value: Any, ctx: ConditionContext) -> bool:
    """"If your life total is less than or equal to half your starting life total" (CR 103.4
    starting life, 119.1 life total); ``false`` asks for the opposite."""
    if ctx.you is None:
        return not bool(value)
    player = state.players[ctx.you]
    return (2 * player.life <= player.starting_life) == bool(value)


@condition("not", arg="condition", cr=("608.2c",),
           example='Galvanic Blast: 2 damage {not = {count = ...}}, 4 damage if metalcraft')
def _not(state: GameState, value: Any, ctx: ConditionContext) -> bool:
    """The condition inside does not hold (the "otherwise" of an "if ... instead")."""
    if not isinstance(value, Mapping):
        raise SetupError(f"condition 'not' needs a condition table, not {value!r}")
    return not holds(state, value, ctx)


@condition("all", arg="any", cr=("608.2c",),
           example='Coalition Victory: {all = [{amount = {of = {domain = "you"}, at_least = 5}}, '
                   '{amount = {of = {colors_among = ...}, at_least = 5}}]}')
def _all(state: GameState, value: Any, ctx: ConditionContext) -> bool:
    """Every condition of the list holds ("if you control X and Y"), for conditions that
    share a name and so can't be keys of one table."""
    if not isinstance(value, list) or not all(isinstance(c, Mapping) for c in value):
        raise SetupError(f"condition 'all' needs a list of condition tables, not {value!r}")
    return all(holds(state, c, ctx) for c in value)


def holds(state: GameState, cond: Mapping[str, Any] | None, ctx: ConditionContext) -> bool:
    """True if every test in ``cond`` holds (an absent condition always holds)."""
    if not cond:
        return True
    for key, value in cond.items():
        try:
            test = CONDITIONS[key]
        except KeyError:
            raise SetupError(
                f"unknown condition {key!r} (known: {', '.join(sorted(CONDITIONS))})"
            ) from None
        with unreadable(f"condition {key!r}", value):
            if not test(state, value, ctx):
                return False
    return True


@condition("source_is", arg="filter", cr=("611.3a",),
           example='Trinisphere: {source_is = {tapped = false}} ("as long as it is untapped")')
def _source_is(state: GameState, value: Any, ctx: ConditionContext) -> bool:
    """The ability's source matches the filter ("as long as this is untapped")."""
    obj = state.objects.get(ctx.source) if ctx.source is not None else None
    if obj is None or not isinstance(value, Mapping):
        return False
    fctx = FilterContext(you=ctx.you, source=ctx.source, chars_of=ctx.chars_of)
    return matches(state, obj, dict(value), ctx=fctx)


_COMPARISONS: dict[str, Callable[[int, int], bool]] = {
    "greater": lambda a, b: a > b, "less": lambda a, b: a < b, "equal": lambda a, b: a == b,
    "at_least": lambda a, b: a >= b, "at_most": lambda a, b: a <= b,
}


def _for_player(value: Any, player: str) -> Any:
    """``value`` with every ``"that_opponent"`` replaced by ``player``."""
    if value == "that_opponent":
        return player
    if isinstance(value, Mapping):
        return {k: _for_player(v, player) for k, v in value.items()}
    if isinstance(value, list):
        return [_for_player(v, player) for v in value]
    return value


@condition("compare", params={
    "left": "amount!: the first amount", "right": "amount!: the second amount",
    "is": "str!: greater, less, equal, at_least or at_most (left compared with right)",
    "an_opponent": "bool: holds if it holds for some opponent, with \"that_opponent\" in the "
                   "amounts meaning that opponent (\"if an opponent controls more lands than "
                   "you\")"},
    cr=("107.1", "608.2c", "603.4"),
    example='Gift of Estates: {compare = {left = {count = {filter = {type = "Land", controller '
            '= "that_opponent"}}}, right = {count = {filter = {type = "Land", controller = '
            '"you"}}}, is = "greater", an_opponent = true}}')
def _compare(state: GameState, value: Any, ctx: ConditionContext) -> bool:
    """Two amounts compared, each counted now: "if an opponent controls more lands than you",
    "if you have less life than that player"."""
    if not isinstance(value, Mapping) or not {"left", "right", "is"} <= set(value):
        raise SetupError(f"condition 'compare' needs left, right and is: {value!r}")
    test = _COMPARISONS.get(str(value["is"]))
    if test is None:
        raise SetupError(f"compare: 'is' must be one of {sorted(_COMPARISONS)}, "
                         f"not {value['is']!r}")
    actx = ctx.amounts(state)
    if not value.get("an_opponent"):
        return test(evaluate(value["left"], actx), evaluate(value["right"], actx))
    return any(test(evaluate(_for_player(value["left"], o), actx),
                    evaluate(_for_player(value["right"], o), actx))
               for o in (state.opponents(ctx.you) if ctx.you else []))


@condition("remembered", params={
    "name": "str!: the name the objects were remembered under (or a target slot)",
    "filter": "filter: what one of them must match (default: any object)"},
    cr=("608.2c",),
    example='Wand of Ith: {remembered = {name = "revealed", filter = {type = "Land"}}} '
            '("if it\'s a land card")')
def _remembered(state: GameState, value: Any, ctx: ConditionContext) -> bool:
    """One of the objects an earlier part of the effect remembered (or a target slot holds)
    matches ``filter`` as it is now: "if it's a land card" (608.2c)."""
    if not isinstance(value, Mapping) or "name" not in value:
        raise SetupError(f"condition 'remembered' needs a name: {value!r}")
    flt = dict(value.get("filter", {}))
    fctx = FilterContext(you=ctx.you, source=ctx.source, chars_of=ctx.chars_of)
    objs = [state.objects[i] for i in ctx.named(str(value["name"])) if i in state.objects]
    return any(not flt or matches(state, o, flt, ctx=fctx) for o in objs)
