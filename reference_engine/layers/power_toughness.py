"""Power and toughness: abilities that define them (CR 604.3, 613.4a) and who has them (208.3).

Layer-7a operation ``define_pt {power, toughness}``: each value is an integer or a counted
amount read from the game as the layers see it at that point (types after layer 4, colors after
layer 5):

* ``{card_types_among = {zone = "graveyard", player?, filter?}, plus = 0}``: the number of card
  types among the matching cards (CR 205.2a; kindred counts, 308.1), as Tarmogoyf counts;
* ``{count = {zone = "battlefield", filter = {...}}, plus = 0}``: the number of matching
  objects, as "power is equal to the number of creatures you control" counts;
* ``{mana_value = "itself"}``: the mana value of the object being changed.

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

from reference_engine.core.characteristics import Characteristics
from reference_engine.core.errors import SetupError
from reference_engine.core.objects import PER_PLAYER_ZONES, GameObject
from reference_engine.core.state import GameState
from reference_engine.layers.effects import LayerContext, operation
from reference_engine.layers.filters import FilterContext, check_filter, matches
from reference_engine.layers.system import layer_rule

__all__ = ["counted_amount"]


def _objects(ctx: LayerContext, spec: Mapping[str, Any]) -> list[GameObject]:
    """The objects a counted amount looks at: ``zone`` (of ``player``), matching ``filter``."""
    state = ctx.state
    flt = dict(spec.get("filter", {}))
    check_filter(flt, "define_pt")
    zone = str(spec.get("zone", "battlefield"))
    you = ctx.effect.controller
    player = spec.get("player")
    owner = {"you": you}.get(str(player), player) if player is not None else None
    objs = state.objects_in(zone, owner if zone in PER_PLAYER_ZONES else None)
    fctx = FilterContext(you=you, source=ctx.effect.source, chars_of=ctx.current.__getitem__)
    return [o for o in objs if o.id in ctx.current
            and matches(state, o, flt, ctx=fctx, chars=ctx.current[o.id])]


def counted_amount(value: Any, ctx: LayerContext) -> int:
    """The value of a ``define_pt`` field (see the module docstring)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if not isinstance(value, Mapping):
        raise SetupError(f"define_pt: a value must be an integer or a table, not {value!r}")
    plus = value.get("plus", 0)
    if not isinstance(plus, int) or isinstance(plus, bool):
        raise SetupError(f"define_pt: 'plus' must be an integer, not {plus!r}")
    if "card_types_among" in value:
        types: set[str] = set()
        for obj in _objects(ctx, value["card_types_among"]):
            # 205.2a: each card type counts once; a split card is one card (709.2).
            types |= {t.casefold() for t in ctx.current[obj.id].types}
            for half in ctx.current[obj.id].halves:
                types |= {t.casefold() for t in half.types}
        return len(types) + plus
    if "count" in value:
        return len(_objects(ctx, value["count"])) + plus
    if value.get("mana_value") == "itself":
        # "equal to its mana value": of the object being changed, as computed so far.
        obj = ctx.state.objects[ctx.object_id]
        x = (obj.x or 0) if obj.zone == "stack" else 0
        return ctx.current[ctx.object_id].mana_value(x) + plus
    raise SetupError(f"define_pt: unknown amount {dict(value)!r} "
                     "(expected 'card_types_among', 'count' or 'mana_value = \"itself\"')")


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
