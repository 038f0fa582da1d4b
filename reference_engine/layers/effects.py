"""Continuous effects (CR 611) and the table of effect operations the layers apply (CR 613).

An operation is written as data, ``{type = "set_colors", colors = ["blue"]}``; :data:`OPERATIONS`
maps each ``type`` to its layer and a small function that changes a
:class:`~reference_engine.characteristics.Characteristics`. Card abilities (``kind = "static"``),
effects that exist at a case's setup and effects created by resolving spells all use it.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from reference_engine.core.amounts import AmountContext, evaluate
from reference_engine.core.characteristics import SUBTYPE_OWNERS, Characteristics, in_family
from reference_engine.core.continuous import OPERATION_LAYERS, ContinuousEffect
from reference_engine.core.errors import SetupError
from reference_engine.core.symbols import color_from_word
from reference_engine.core.vocab_spec import Params, describe

if TYPE_CHECKING:
    from reference_engine.core.state import GameState

__all__ = [
    "LAYERS",
    "OPERATIONS",
    "RULE_EFFECTS_KEY",
    "ContinuousEffect",
    "LayerContext",
    "Operation",
    "add_rule_effect",
    "operation",
    "operation_of",
]

#: Layers and sublayers in the order they apply (CR 613.1, 613.4).
LAYERS: tuple[str, ...] = ("1", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d")


@dataclass
class LayerContext:
    """What an operation may look at: the game, the effect and the object being changed."""

    state: GameState
    effect: ContinuousEffect
    object_id: int
    #: Characteristics of every object as computed so far in this pass (earlier layers applied).
    current: Mapping[int, Characteristics]


Apply = Callable[[Characteristics, Mapping[str, Any], LayerContext], None]


@dataclass(frozen=True)
class Operation:
    """One kind of continuous-effect operation: the layer it applies in and how."""

    name: str
    layer: str
    apply: Apply


OPERATIONS: dict[str, Operation] = {}


def operation(name: str, layer: str, *, params: Params = None, cr: tuple[str, ...] = (),
              example: str = "") -> Callable[[Apply], Apply]:
    """Register an operation ``name`` applying in ``layer`` (one of :data:`LAYERS`), with its
    parameters, CR numbers and an example for the docs and validation."""
    if layer not in LAYERS:
        raise ValueError(f"unknown layer {layer!r}")

    def register(fn: Apply) -> Apply:
        OPERATIONS[name] = Operation(name, layer, fn)
        OPERATION_LAYERS[name] = layer
        describe("operations", name, fn, params=params, cr=cr, example=example,
                 doc=f"Layer {layer}. {inspect.cleandoc(fn.__doc__ or '')}")
        return fn

    return register


def operation_of(effect: ContinuousEffect) -> Operation:
    """The registered operation ``effect`` performs (a setup error for an unknown type)."""
    effect.layer  # noqa: B018 - raises SetupError for an unknown effect type
    return OPERATIONS[effect.kind]


def _colors(params: Mapping[str, Any]) -> frozenset[Any]:
    try:
        return frozenset(color_from_word(str(c)) for c in params.get("colors", []))
    except ValueError as exc:
        raise SetupError(str(exc)) from None


def layer_amounts(ctx: LayerContext) -> AmountContext:
    """Where an operation's amounts are counted: in the layers, seeing the characteristics
    computed so far (types after layer 4, colors after layer 5), "you" the effect's controller,
    "this" its source and "itself" the object being changed (a static ability counts
    continuously, CR 611.3a)."""
    obj = ctx.state.objects.get(ctx.object_id)
    x = (obj.x or 0) if obj is not None and obj.zone == "stack" else 0
    return AmountContext(state=ctx.state, you=ctx.effect.controller, source=ctx.effect.source,
                         chars_of=ctx.current.__getitem__, x=x, object_id=ctx.object_id)


def _int(params: Mapping[str, Any], key: str, ctx: LayerContext) -> int:
    """A numeric field: an integer or a counted amount ("+1/+1 for each Forest you control")."""
    value = params.get(key, 0)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, Mapping):
        return evaluate(value, layer_amounts(ctx))
    raise SetupError(f"effect field {key!r} must be an integer or an amount, not {value!r}")


# -- layer 3: text-changing effects ---------------------------------------------------------

@operation("set_name", "3", params={"name": "str!: the name the object gets"},
           cr=("612.1", "613.1c"),
           example='{type = "set_name", name = "Ornithopter"}')
def _set_name(chars: Characteristics, params: Mapping[str, Any], ctx: LayerContext) -> None:
    """Give the object a new name (a text-changing effect on its name, CR 612, 613.1c)."""
    chars.names = (str(params["name"]),)


# -- layer 4: type-changing effects ---------------------------------------------------------

@operation("add_types", "4")
def _add_types(chars: Characteristics, params: Mapping[str, Any], ctx: LayerContext) -> None:
    """Add card types, subtypes and supertypes "in addition to its other types" (CR 205.1b).

    A subtype is gained only if it corresponds to one of the object's card types once the
    effect's own card types are added (CR 205.3d): a noncreature artifact told it is a Goblin
    doesn't become one, while "it's an artifact creature Golem" gives the Golem too.
    ``remove``: card types it no longer has ("isn't a planeswalker and is a creature in
    addition to its other types", Luxior, Giada's Gift).
    """
    removed = {str(t).casefold() for t in params.get("remove", [])}
    chars.types = tuple(t for t in dict.fromkeys(chars.types + tuple(params.get("types", [])))
                        if t.casefold() not in removed)
    gained = _gainable(params.get("subtypes", []), chars.types)
    chars.subtypes = tuple(dict.fromkeys(chars.subtypes + gained))
    chars.supertypes = tuple(
        dict.fromkeys(chars.supertypes + tuple(params.get("supertypes", [])))
    )


#: Subtypes that belong to card types other than creature (and kindred), CR 205.3g-205.3q.
_SUBTYPE_OWNERS = SUBTYPE_OWNERS


def _subtype_kept(subtype: str, types: tuple[str, ...]) -> bool:
    """Check 205.1a: a subtype stays only while the object has a card type it belongs to."""
    owners = _SUBTYPE_OWNERS.get(subtype, ("Creature", "Kindred", "Planeswalker"))
    return any(t.casefold() == o.casefold() for t in types for o in owners)


def _gainable(subtypes: Any, types: tuple[str, ...]) -> tuple[str, ...]:
    """Check 205.3d: of the subtypes an effect gives, those that correspond to a card type the
    object has; an object can't gain a subtype of a card type it doesn't have."""
    return tuple(str(t) for t in subtypes if _subtype_kept(str(t), types))


@operation("set_types", "4")
def _set_types(chars: Characteristics, params: Mapping[str, Any], ctx: LayerContext) -> None:
    """Replace card types with new ones (CR 205.1a).

    Subtypes the effect names replace the old ones (those of a card type the object has,
    205.3d); otherwise the old subtypes that belong to
    a card type the object still has are kept ("becomes an artifact creature" keeps a Bear a
    Bear) and the others are removed (a creature that becomes a land loses its creature types).
    Supertypes change only if the effect says so.
    """
    if "types" in params:
        chars.types = tuple(params["types"])
    if "subtypes" in params:
        chars.subtypes = _gainable(params["subtypes"], chars.types)
        chars.every_creature_type = False  # its creature types are the ones the effect says
    else:
        chars.subtypes = tuple(t for t in chars.subtypes if _subtype_kept(t, chars.types))
    if "supertypes" in params:
        chars.supertypes = tuple(params["supertypes"])


@operation("lose_creature_types", "4", cr=("205.3m", "613.1d"),
           example='Ego Erasure: {type = "lose_creature_types"}')
def _lose_creature_types(chars: Characteristics, params: Mapping[str, Any],
                         ctx: LayerContext) -> None:
    """The object loses all creature types (CR 205.3m), keeping its card types and its other
    subtypes (an artifact creature Equipment stays an Equipment)."""
    chars.subtypes = tuple(t for t in chars.subtypes if t in _SUBTYPE_OWNERS)
    chars.every_creature_type = False  # changeling's "every creature type" is lost too


# -- layer 5: color-changing effects --------------------------------------------------------

@operation("set_colors", "5")
def _set_colors(chars: Characteristics, params: Mapping[str, Any], ctx: LayerContext) -> None:
    """Make the object exactly the given colors, overwriting its old ones (CR 105.3)."""
    chars.colors = _colors(params)
    for half in chars.halves:
        half.colors = chars.colors


@operation("add_colors", "5")
def _add_colors(chars: Characteristics, params: Mapping[str, Any], ctx: LayerContext) -> None:
    """Make the object a color "in addition to its other colors" (CR 105.3)."""
    chars.colors = chars.colors | _colors(params)


# -- layer 6: ability-adding and -removing effects ------------------------------------------

@operation("add_abilities", "6")
def _add_abilities(chars: Characteristics, params: Mapping[str, Any], ctx: LayerContext) -> None:
    """Grant keyword abilities (CR 702) and abilities written as data (CR 613.1f)."""
    chars.keywords = chars.keywords | frozenset(
        str(k).casefold() for k in params.get("keywords", [])
    )
    source = ctx.state.objects.get(ctx.effect.source) if ctx.effect.source is not None else None
    choices = source.choices if source is not None else {}
    granted = tuple(_granted(dict(a), choices, ctx.effect.source)
                    for a in params.get("abilities", []))
    chars.abilities = chars.abilities + granted
    # A keyword ability written as data is a keyword the object has, as a printed one is.
    chars.keywords = chars.keywords | frozenset(
        str(a.get("keyword", "")).casefold() for a in granted if a.get("kind") == "keyword")


@operation("remove_all_abilities", "6")
def _remove_all(chars: Characteristics, params: Mapping[str, Any], ctx: LayerContext) -> None:
    """The object loses all abilities (CR 613.1f)."""
    chars.keywords = frozenset()
    chars.abilities = ()


@operation("remove_abilities", "6")
def _remove_abilities(chars: Characteristics, params: Mapping[str, Any],
                      ctx: LayerContext) -> None:
    """The object loses the listed keyword abilities (CR 613.1f), each with its variants: losing
    hexproof loses every "hexproof from [quality]" too (702.11e)."""
    lost = [str(k).casefold() for k in params.get("keywords", [])]
    chars.keywords = frozenset(k for k in chars.keywords
                               if not any(in_family(k, f) for f in lost))
    chars.abilities = tuple(
        a for a in chars.abilities
        if a.get("kind") != "keyword"
        or not any(in_family(str(a.get("keyword", "")), f) for f in lost))


def _granted(ability: dict[str, Any], choices: Mapping[str, Any],
             source: int | None) -> dict[str, Any]:
    """A granted ability as the object gets it: a ``{choice = key}`` value is the value chosen
    for the source of the effect ("protection from the chosen color", 607.2); "this effect
    doesn't remove" the source names it (702.16n-p)."""
    def fill(value: Any) -> Any:
        if isinstance(value, Mapping):
            if set(value) == {"choice"} and str(value["choice"]) in choices:
                return choices[str(value["choice"])]
            return {k: fill(v) for k, v in value.items()}
        if isinstance(value, list):
            return [fill(v) for v in value]
        return value
    out: dict[str, Any] = fill(ability)
    if "doesnt_remove" in out and source is not None:
        out["granted_by"] = source
    return out


# -- layer 7: power/toughness ---------------------------------------------------------------

@operation("set_pt", "7b")
def _set_pt(chars: Characteristics, params: Mapping[str, Any], ctx: LayerContext) -> None:
    """Set base power and/or toughness to specific values (CR 613.4b)."""
    if "power" in params:
        chars.power = _int(params, "power", ctx)
    if "toughness" in params:
        chars.toughness = _int(params, "toughness", ctx)


@operation("modify_pt", "7c")
def _modify_pt(chars: Characteristics, params: Mapping[str, Any], ctx: LayerContext) -> None:
    """Add to power and toughness, e.g. +2/+2 or -2/-2 (CR 613.4c)."""
    chars.power = int(chars.power or 0) + _int(params, "power", ctx)
    chars.toughness = int(chars.toughness or 0) + _int(params, "toughness", ctx)


@operation("switch_pt", "7d")
def _switch_pt(chars: Characteristics, params: Mapping[str, Any], ctx: LayerContext) -> None:
    """Switch power and toughness (CR 613.4d)."""
    chars.power, chars.toughness = chars.toughness, chars.power


#: Where rule-modifying effects live in ``state.extra`` (CR 611.2c): "can't attack", "must
#: block", ... each read by the rules area it modifies.
RULE_EFFECTS_KEY = "rule_effects"


def add_rule_effect(state: GameState, rule: str, affected: Any, *, controller: str | None,
                    source: int | None, duration: str = "end-of-turn") -> None:
    """Create a rule-modifying continuous effect (CR 611.2c): it applies to every object that
    matches ``affected`` while it lasts, including objects that arrive later."""
    state.extra.setdefault(RULE_EFFECTS_KEY, []).append({
        "rule": rule, "affected": affected, "controller": controller, "source": source,
        "duration": duration, "turn": state.turn, "timestamp": state.new_timestamp()})
    state.changed()
