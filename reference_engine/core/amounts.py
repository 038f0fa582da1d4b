"""Counted amounts: the numbers card data may compute wherever a number goes (CR 107.1).

This module holds the table and the evaluator; the amounts themselves are registered by the
rules areas (most in :mod:`reference_engine.layers.amounts`).

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

from reference_engine.core.errors import SetupError, unreadable
from reference_engine.core.vocab_spec import Params, describe

if TYPE_CHECKING:
    from reference_engine.core.characteristics import Characteristics
    from reference_engine.core.state import GameState

__all__ = ["AMOUNTS", "LAST_KNOWN_LOOKUPS", "MODIFIERS", "AmountContext", "amount", "evaluate",
           "is_amount"]

CharsOf = Callable[[int], "Characteristics"]
#: Where the last known characteristics of an object that left a zone are kept, asked in CR
#: order (register with ``in_cr_order``): a permanent that left the battlefield (608.2h).
LAST_KNOWN_LOOKUPS: list[Callable[[GameState, int], Characteristics | None]] = []


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
    with unreadable(f"amount {names[0]!r}", value[names[0]]):
        base = AMOUNTS[names[0]](ctx, value[names[0]])
    times, plus = value.get("times", 1), value.get("plus", 0)
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (times, plus)):
        raise SetupError(f"'times' and 'plus' of an amount must be integers: {dict(value)!r}")
    return base * int(times) + int(plus)


