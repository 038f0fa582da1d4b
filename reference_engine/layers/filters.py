"""Object filters: the data form of "red creatures you control", "cards with mana value 1" ...

A filter is a table whose keys must all hold (``{type = "Creature", color = "red"}``); ``any``
holds if one of its filters holds and ``not`` negates one. The same filters describe what an
effect affects, what a query counts and what a search can find.

Split cards and eras (CR 709.4): in the modern rules a split card off the stack is matched on its
combined characteristics. Under the Invasion-era rules (``split_characteristics = "two-sets"``) a
question "does it match this value?" gets one answer, yes if either half matches, so a filter
holds if it holds for either half.

A value ``{choice = "key"}`` stands for the value the filter's source chose for ``key`` as it
entered ("each other creature you control of the chosen type", CR 607.2, 614.12); a choice
the source never made matches nothing (607.5a).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.characteristics import Characteristics, is_legendary
from reference_engine.core.errors import SetupError, unreadable
from reference_engine.core.objects import GameObject
from reference_engine.core.symbols import color_from_word

if TYPE_CHECKING:
    from reference_engine.core.state import GameState

__all__ = ["FILTER_KEYS", "check_filter", "filter_key", "matches"]

CharsOf = Callable[[int], Characteristics]
Test = Callable[["GameState", GameObject, Characteristics, Any, "FilterContext"], bool]


class FilterContext:
    """Who "you" is and which object is "this" while a filter is evaluated."""

    def __init__(self, *, you: str | None = None, source: int | None = None,
                 chars_of: CharsOf | None = None) -> None:
        self.you = you
        self.source = source
        self.chars_of = chars_of


def _player(state: GameState, ref: Any, ctx: FilterContext) -> set[str]:
    if ref == "you":
        return {ctx.you} if ctx.you else set()
    if ref == "opponent":
        return set(state.opponents(ctx.you)) if ctx.you else set()
    if ref == "monarch":
        # 724.5: with no monarch, an effect about "the monarch" finds no player.
        monarch = state.extra.get("monarch")
        return {str(monarch)} if monarch else set()
    if isinstance(ref, str):
        return {ref}
    raise SetupError(f"a player reference must be a string, not {ref!r}")


def _has_supertype(state: GameState, chars: Characteristics, supertype: str) -> bool:
    """A supertype test; "legendary" also finds an Invasion-era Legend creature (Sixth Edition
    rule 215, era switch ``legendary_creatures``)."""
    if supertype.casefold() == "legendary":
        return is_legendary(chars, state.era)
    return chars.has_supertype(supertype)


def _names(v: Any) -> list[str]:
    return [v] if isinstance(v, str) else [str(x) for x in v]


def _has_color(c: Characteristics, v: Any) -> bool:
    return any(color_from_word(w) in c.colors for w in _names(v))


#: The permanent types (CR 110.4a): a card with one of them is a permanent card, and a spell
#: with one is a permanent spell (110.4b; a land is never a spell).
_PERMANENT_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")


def _is_permanent_kind(c: Characteristics) -> bool:
    return any(c.has_type(t) for t in _PERMANENT_TYPES)


def _x_of(obj: GameObject) -> int:
    return obj.x or 0 if obj.zone == "stack" else 0


# Characteristic tests: evaluated per half for a split card in the two-sets era.
_CHAR_TESTS: dict[str, Test] = {
    "name": lambda s, o, c, v, x: any(n.casefold() in {m.casefold() for m in c.names}
                                      for n in _names(v)),
    "type": lambda s, o, c, v, x: any(c.has_type(t) for t in _names(v)),
    "not_type": lambda s, o, c, v, x: not any(c.has_type(t) for t in _names(v)),
    "permanent": lambda s, o, c, v, x: _is_permanent_kind(c) == bool(v),
    "subtype": lambda s, o, c, v, x: any(c.has_subtype(t) for t in _names(v)),
    "supertype": lambda s, o, c, v, x: any(_has_supertype(s, c, t) for t in _names(v)),
    "not_supertype": lambda s, o, c, v, x: not any(_has_supertype(s, c, t) for t in _names(v)),
    "color": lambda s, o, c, v, x: _has_color(c, v),
    "not_color": lambda s, o, c, v, x: not _has_color(c, v),
    "colorless": lambda s, o, c, v, x: (len(c.colors) == 0) == bool(v),
    "multicolored": lambda s, o, c, v, x: (len(c.colors) >= 2) == bool(v),
    "monocolored": lambda s, o, c, v, x: (len(c.colors) == 1) == bool(v),
    "mana_value": lambda s, o, c, v, x: c.mana_value(_x_of(o)) == v,
    "mana_value_max": lambda s, o, c, v, x: c.mana_value(_x_of(o)) <= v,
    "mana_value_min": lambda s, o, c, v, x: c.mana_value(_x_of(o)) >= v,
    "keyword": lambda s, o, c, v, x: all(c.has_keyword_family(k) for k in _names(v)),
    "power_max": lambda s, o, c, v, x: isinstance(c.power, int) and c.power <= v,
    "power_min": lambda s, o, c, v, x: isinstance(c.power, int) and c.power >= v,
}

#: 700.12: the creature types that make an object an outlaw.
OUTLAW_TYPES = ("Assassin", "Mercenary", "Pirate", "Rogue", "Warlock")


def _historic(state: GameState, chars: Characteristics) -> bool:
    """700.6: legendary, an artifact, or a Saga."""
    return (_has_supertype(state, chars, "legendary") or chars.has_type("Artifact")
            or chars.has_subtype("Saga"))


def _modified(state: GameState, obj: GameObject, ctx: FilterContext) -> bool:
    """700.9: a permanent with a counter on it, that is equipped, or that is enchanted by an
    Aura its controller controls."""
    if obj.zone != "battlefield":
        return False
    if any(n > 0 for n in obj.counters.values()):
        return True
    for other in state.battlefield():
        if other.attached_to != obj.id:
            continue
        chars = ctx.chars_of(other.id) if ctx.chars_of else _default_chars(state, other)
        if chars.has_subtype("Equipment"):
            return True
        if chars.has_subtype("Aura") and other.controller == obj.controller:
            return True
    return False


_CHAR_TESTS.update({
    "historic": lambda s, o, c, v, x: _historic(s, c) == bool(v),
    "outlaw": lambda s, o, c, v, x: any(c.has_subtype(t) for t in OUTLAW_TYPES) == bool(v),
})

# Status tests: facts about the object, not its characteristics.
_STATUS_TESTS: dict[str, Test] = {
    "controller": lambda s, o, c, v, x: o.controller in _player(s, v, x),
    "owner": lambda s, o, c, v, x: o.owner in _player(s, v, x),
    # 702.16k: "from a player": what the player controls, and what they own that no other
    # player controls (a card in a hand, library or graveyard has no controller).
    "player": lambda s, o, c, v, x: (
        o.controller if o.zone in ("battlefield", "stack") else o.owner) in _player(s, v, x),
    "zone": lambda s, o, c, v, x: o.zone in _names(v),
    "tapped": lambda s, o, c, v, x: o.tapped == bool(v),
    "token": lambda s, o, c, v, x: o.is_token == bool(v),
    "other": lambda s, o, c, v, x: (o.id != x.source) == bool(v),
    "handle": lambda s, o, c, v, x: o.handle in _names(v),
    "kicked": lambda s, o, c, v, x: (o.kicked > 0) == bool(v),
    "modified": lambda s, o, c, v, x: _modified(s, o, x) == bool(v),
    # 122.1: "with N or more [kind] counters on it", for each kind listed.
    "counters_min": lambda s, o, c, v, x: all(
        o.counters.get(str(k), 0) >= int(n) for k, n in dict(v).items()),
    # 715.2a, 720.2a: "has an Adventure" / "has an Omen", whether or not it is cast as one.
    "has_adventure": lambda s, o, c, v, x: (o.card.inset_spell == "Adventure") == bool(v),
    "has_omen": lambda s, o, c, v, x: (o.card.inset_spell == "Omen") == bool(v),
}

#: Questions asked once of the whole card even under the Invasion-era rules: how many colors
#: it has. The 2000 FAQ: "split cards are multicolored, except while they're on the stack", so
#: Wax // Wane is a multicolored card, not a monocolored one, though each half has one color.
_WHOLE_CARD_KEYS = frozenset({"colorless", "multicolored", "monocolored"})

#: Every key a filter may use (``any`` and ``not`` combine filters).
FILTER_KEYS: frozenset[str] = frozenset(_CHAR_TESTS) | frozenset(_STATUS_TESTS) | {"any", "not"}


def filter_key(name: str, *, characteristic: bool) -> Callable[[Test], Test]:
    """Register filter key ``name`` from an area module; a ``characteristic`` test is asked of
    each half of an Invasion-era split card (see the module docstring)."""
    def register(fn: Test) -> Test:
        global FILTER_KEYS
        (_CHAR_TESTS if characteristic else _STATUS_TESTS)[name] = fn
        FILTER_KEYS = FILTER_KEYS | {name}
        return fn
    return register


def check_filter(flt: Mapping[str, Any], where: str = "filter") -> None:
    """Raise :class:`SetupError` naming the first unknown key in ``flt`` (recursively)."""
    for key, value in flt.items():
        if key not in FILTER_KEYS:
            raise SetupError(
                f"{where}: unknown filter key {key!r} (known: {', '.join(sorted(FILTER_KEYS))})"
            )
        if key == "any":
            for i, sub in enumerate(value):
                check_filter(sub, f"{where}.any[{i}]")
        elif key == "not":
            check_filter(value, f"{where}.not")


def _holds(state: GameState, obj: GameObject, chars: Characteristics,
           flt: Mapping[str, Any], ctx: FilterContext) -> bool:
    for key, value in flt.items():
        if key == "any":
            if not isinstance(value, list) or not all(isinstance(v, Mapping) for v in value):
                raise SetupError(f"filter key 'any' needs a list of filter tables, not {value!r}")
            if not any(matches(state, obj, sub, ctx=ctx, chars=chars) for sub in value):
                return False
        elif key == "not":
            if not isinstance(value, Mapping):
                raise SetupError(f"filter key 'not' needs a filter table, not {value!r}")
            if matches(state, obj, value, ctx=ctx, chars=chars):
                return False
        elif isinstance(value, Mapping) and set(value) == {"choice"}:
            source = state.objects.get(ctx.source) if ctx.source is not None else None
            if source is None or str(value["choice"]) not in source.choices:
                return False  # 607.5a: an undefined choice describes nothing
            if not _holds(state, obj, chars, {key: source.choices[str(value["choice"])]}, ctx):
                return False
        elif key in _CHAR_TESTS:
            with unreadable(f"filter key {key!r}", value):
                if not _CHAR_TESTS[key](state, obj, chars, value, ctx):
                    return False
        elif key in _STATUS_TESTS:
            with unreadable(f"filter key {key!r}", value):
                if not _STATUS_TESTS[key](state, obj, chars, value, ctx):
                    return False
        else:
            check_filter({key: value})
    return True


def matches(state: GameState, obj: GameObject, flt: Mapping[str, Any], *,
            ctx: FilterContext | None = None, chars: Characteristics | None = None) -> bool:
    """True if ``obj`` satisfies ``flt`` (see the module docstring for split cards)."""
    ctx = ctx or FilterContext(you=obj.controller)
    if chars is None:
        chars = ctx.chars_of(obj.id) if ctx.chars_of else _default_chars(state, obj)
    if chars.halves and state.era.is_("split_characteristics", "two-sets"):
        whole = {k: v for k, v in flt.items() if k in _WHOLE_CARD_KEYS}
        rest = {k: v for k, v in flt.items() if k not in _WHOLE_CARD_KEYS}
        return (_holds(state, obj, chars, whole, ctx)
                and any(_holds(state, obj, half, rest, ctx) for half in chars.halves))
    return _holds(state, obj, chars, flt, ctx)


#: The function that computes an object's characteristics after continuous effects (CR 613),
#: set by :mod:`reference_engine.layers.system` as it is imported: filters sit below the layer
#: system, which itself applies filters (an effect's affected set), so the layer system hands
#: itself down instead of being imported from here.
CHARACTERISTICS: list[Callable[[GameState, int], Characteristics]] = []


def _default_chars(state: GameState, obj: GameObject) -> Characteristics:
    if not CHARACTERISTICS:
        raise RuntimeError("the layer system is not loaded (import reference_engine.layers.system)")
    return CHARACTERISTICS[0](state, obj.id)
