"""Power and toughness: abilities that define them (CR 604.3, 613.4a) and who has them (208.3).

Layer-7a operation ``define_pt {power, toughness}``: each value is an integer or a counted
amount (:mod:`reference_engine.amounts`) read from the game as the layers see it at that point
(types after layer 4, colors after layer 5): ``{card_types_among = {zone = "graveyard"}, plus =
1}`` as Tarmogoyf counts, ``{count = {filter = {...}}}`` for "equal to the number of creatures you
control", ``{mana_value = "itself"}`` for the mana value of the object being changed.

Written as a static ability with ``cda = true`` it functions in every zone (CR 604.3, 113.6a),
applies before the other effects of layer 7 (613.3) and, like every ability, is lost to a
"loses all abilities" effect of layer 6; a printed ``*`` then counts as 0 (CR 208.2a).

Layer-7b operation ``set_base_pt {power, toughness}`` takes the same values for effects that
set base power and toughness to a counted value without being characteristic-defining
(Opalescence: "base power and base toughness each equal to its mana value").

After layer 7 a noncreature permanent has no power or toughness, even one printed on its card
(CR 208.3): a creature made into a land by Song of the Dryads has neither.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from reference_engine.core.amounts import AmountContext, amount, evaluate
from reference_engine.core.characteristics import Characteristics
from reference_engine.core.state import GameState
from reference_engine.layers.effects import LayerContext, layer_amounts, operation
from reference_engine.layers.system import layer_rule

__all__ = ["counted_amount"]


def counted_amount(value: Any, ctx: LayerContext) -> int:
    """The value of a power/toughness field: an integer or a counted amount
    (:mod:`reference_engine.amounts`)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return evaluate(value, layer_amounts(ctx))


@amount("mana_value", arg="str", cr=("202.3",),
        example='Opalescence: base power = {mana_value = "itself"}')
def _mana_value(ctx: AmountContext, ref: Any) -> int:
    """The mana value of an object: ``"itself"`` (the object a layer operation changes),
    ``"self"`` (the source) or a target slot; X counts only on the stack (CR 202.3e)."""
    for oid in ctx.objects(ref):
        obj = ctx.state.objects.get(oid)
        if obj is None:
            continue
        x = (obj.x or 0) if obj.zone == "stack" else 0
        return ctx.chars_of(oid).mana_value(x)
    return 0


@operation("set_base_pt", "7b")
def _set_base_pt(chars: Characteristics, params: Mapping[str, Any], ctx: LayerContext) -> None:
    """Set base power and/or toughness to counted values, e.g. "has base power and base
    toughness each equal to its mana value" (Opalescence, March of the Machines; CR 613.4b)."""
    if "power" in params:
        chars.power = counted_amount(params["power"], ctx)
    if "toughness" in params:
        chars.toughness = counted_amount(params["toughness"], ctx)


@operation("define_pt", "7a")
def _define_pt(chars: Characteristics, params: Mapping[str, Any], ctx: LayerContext) -> None:
    """A characteristic-defining ability sets power and/or toughness (CR 604.3, 613.4a)."""
    if "power" in params:
        chars.power = counted_amount(params["power"], ctx)
    if "toughness" in params:
        chars.toughness = counted_amount(params["toughness"], ctx)


@layer_rule("7d")
def _noncreature_permanents_have_no_pt(state: GameState,
                                       current: dict[int, Characteristics]) -> None:
    """Check 208.3: a noncreature permanent has no power or toughness, even if its card has
    them printed (a Vehicle, a creature turned into a land)."""
    for obj in state.battlefield():
        chars = current.get(obj.id)
        if chars is not None and not chars.has_type("Creature"):
            chars.power = None
            chars.toughness = None


@layer_rule("7b")
def _creature_without_pt_value(state: GameState, current: dict[int, Characteristics]) -> None:
    """Check 208.5: a creature with no value for its power or toughness (a noncreature
    permanent an effect made a creature without setting them) has 0 for it, before effects
    modify power and toughness (613.4c)."""
    for obj in state.battlefield():
        chars = current.get(obj.id)
        if chars is not None and chars.has_type("Creature"):
            if chars.power is None:
                chars.power = 0
            if chars.toughness is None:
                chars.toughness = 0
