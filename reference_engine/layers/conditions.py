"""Conditions of static abilities and effects ("as long as ...", "if ..."), written as data.

A condition is a table with one key naming the test; :data:`CONDITIONS` maps each key to a
function. Conditions see the characteristics computed so far, so a condition about colors that
gates a power/toughness effect sees the layer-5 result (CR 613.1e before 613.4c).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.errors import SetupError
from reference_engine.core.symbols import COLORS, color_from_word
from reference_engine.layers.filters import FilterContext, matches

if TYPE_CHECKING:
    from reference_engine.core.characteristics import Characteristics
    from reference_engine.core.state import GameState

__all__ = ["CONDITIONS", "color_counts", "condition", "holds"]

CharsOf = Callable[[int], "Characteristics"]
Test = Callable[["GameState", Any, "ConditionContext"], bool]


class ConditionContext:
    """The source of the ability, its controller and the characteristics computed so far."""

    def __init__(self, *, source: int | None, you: str | None, chars_of: CharsOf) -> None:
        self.source = source
        self.you = you
        self.chars_of = chars_of


CONDITIONS: dict[str, Test] = {}


def condition(name: str) -> Callable[[Test], Test]:
    """Register condition ``name``."""
    def register(fn: Test) -> Test:
        CONDITIONS[name] = fn
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


@condition("most_common_color")
def _most_common_color(state: GameState, value: Any, ctx: ConditionContext) -> bool:
    """The color is the most common among all permanents or tied for most common (the
    Invasion Djinns; CR 105.2b counts a multicolored permanent for each of its colors)."""
    word = color_from_word(str(value)).word
    counts = color_counts(state, ctx.chars_of)
    return counts[word] == max(counts.values())


@condition("you_control")
def _you_control(state: GameState, value: Any, ctx: ConditionContext) -> bool:
    """You control a permanent matching the filter."""
    fctx = FilterContext(you=ctx.you, source=ctx.source, chars_of=ctx.chars_of)
    return any(
        obj.controller == ctx.you and matches(state, obj, value, ctx=fctx)
        for obj in state.battlefield()
    )


@condition("source_kicked")
def _source_kicked(state: GameState, value: Any, ctx: ConditionContext) -> bool:
    """The source was kicked (CR 702.33d)."""
    obj = state.objects.get(ctx.source) if ctx.source is not None else None
    return (obj is not None and obj.kicked > 0) == bool(value)


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
        if not test(state, value, ctx):
            return False
    return True
