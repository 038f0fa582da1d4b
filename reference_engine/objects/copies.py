"""Copy effects and copiable values (CR 707): what a copy of an object copies, and what not.

The copiable values of an object (CR 707.2) are the values printed on it, as modified by other
copy effects and by the exceptions of those copy effects (707.9b); its status (tapped,
transformed is the exception below), counters, other continuous effects, name stickers and
whether it was kicked are not copied (707.2, 702.33d, 123.6c). Here they are a
:class:`CopySource`: a card definition, which face is up, and the "except" modifications.

A copy effect is the layer-1 operation ``copy`` (CR 613.1a). In case data it is written
``{type = "copy", of = "handle", except = [ops]}``; the handle is locked in when the setup is
built (CR 707.2: the values are those of the object as it is then). Engine code builds it with
:func:`copy_op`.

Copying a transforming double-faced permanent copies only the face that is up (CR 707.8), except
for tokens, which become double-faced tokens with both faces (707.8a, see :mod:`.tokens`).

Last known information (CR 608.2h): as an object leaves a zone its copiable values are
remembered, so an effect that uses last known information can still copy it (CR 111.12).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from reference_engine.core.cards import CardDef
from reference_engine.core.characteristics import Characteristics, printed_characteristics
from reference_engine.core.choices import choose
from reference_engine.core.errors import SetupError
from reference_engine.core.ordering import in_cr_order
from reference_engine.core.registry import setup_hook
from reference_engine.core.state import ZONE_CHANGE_HOOKS
from reference_engine.core.symbols import parse_mana_cost
from reference_engine.layers.effects import OPERATIONS, ContinuousEffect, LayerContext, operation
from reference_engine.layers.filters import FilterContext, matches
from reference_engine.layers.system import compute_all

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["CopySource", "copiable_values", "copy_op", "enter_as_copy", "last_known"]


@dataclass(frozen=True)
class CopySource:
    """Copiable values (CR 707.2): a card, whether its back face is up, and exceptions (707.9)."""

    card: CardDef
    transformed: bool = False
    excepts: tuple[Mapping[str, Any], ...] = ()


def _copy_effects_on(state: GameState, object_id: int) -> list[ContinuousEffect]:
    return sorted((e for e in state.effects if e.op.get("type") == "copy"
                   and isinstance(e.affected, list) and object_id in e.affected),
                  key=lambda e: e.timestamp)


def copiable_values(state: GameState, obj: GameObject) -> CopySource:
    """The copiable values of ``obj`` (CR 707.2): printed values as modified by the latest copy
    effect on it (a copy of a copy copies what the first copy copied, 707.3)."""
    effects = _copy_effects_on(state, obj.id)
    if effects:
        src = effects[-1].op.get("source")
        if isinstance(src, CopySource):
            if src.card.is_double_faced and obj.card is src.card:
                # A double-faced token copy: the face up now is the one copied (707.8).
                return CopySource(src.card, obj.transformed, src.excepts)
            return src
    return CopySource(obj.card, obj.transformed and obj.card.is_double_faced)


def copy_op(source: CopySource, excepts: tuple[Mapping[str, Any], ...] = ()) -> dict[str, Any]:
    """The layer-1 operation that makes an object a copy of ``source`` (with extra exceptions,
    CR 707.9, which become part of the copy's copiable values, 707.9b)."""
    return {"type": "copy",
            "source": CopySource(source.card, source.transformed, source.excepts + excepts)}


def _assign(chars: Characteristics, new: Characteristics) -> None:
    for f in fields(Characteristics):
        setattr(chars, f.name, getattr(new, f.name))


@operation("copy", "1", params={
    "of": "str: in a case's setup, the handle of the object copied (its copiable values are "
          "locked in as the game starts, 707.2)",
    "source": "any: the copiable values themselves (filled in by the engine)",
    "except": "ops: exceptions to the copy effect (707.9b), as operations"},
    cr=("707.2", "613.1a", "707.9b"),
    example='setup: {type = "copy", of = "bears", affected = ["clone"]}')
def _copy(chars: Characteristics, params: Mapping[str, Any], ctx: LayerContext) -> None:
    """Become a copy of another object: take its copiable values (CR 707.2, 613.1a).

    Only the face that is up is copied from a double-faced object (CR 707.8); "except" changes
    are applied on top and are copiable values themselves (707.9b).
    """
    src = params.get("source")
    if not isinstance(src, CopySource):
        raise SetupError("a copy effect needs the object it copies ('of = \"handle\"')")
    obj = ctx.state.objects[ctx.object_id]
    if src.card.is_double_faced and obj.card is src.card:
        # 707.8a: a token copy of a double-faced object is double-faced; its own face is up.
        face, back = src.card, obj.transformed
    elif src.card.is_double_faced:
        # 707.8: only the face that is up is copied.
        face = CardDef(name=src.card.faces[int(src.transformed)].name, layout="normal",
                       faces=(src.card.faces[int(src.transformed)],))
        back = src.transformed
    else:
        face, back = src.card, False
    values = printed_characteristics(face, zone=obj.zone, transformed=back,
                                     cast_half=obj.cast_half if face.is_split else None,
                                     era=ctx.state.era)
    if back:
        # 712.8e: a permanent copying the back face of a double-faced card has mana value 0.
        values.mana_value_override = 0
    for op in src.excepts:
        kind = str(op.get("type"))
        if kind not in OPERATIONS:
            raise SetupError(f"copy exception: unknown operation {kind!r}")
        _drop_defining_abilities(values, kind)
        OPERATIONS[kind].apply(values, op, ctx)
    _assign(chars, values)


@operation("set_mana_cost", "1", params={
    "mana_cost": "str: the mana cost it has instead (absent or empty: no mana cost)"},
    cr=("707.9b", "702.128a", "702.129a"),
    example='a copy "with no mana cost": except = [{type = "set_mana_cost"}]')
def _set_mana_cost(chars: Characteristics, params: Mapping[str, Any],
                   ctx: LayerContext) -> None:
    """Give the object another mana cost, or none: an exception of a copy effect (707.9b),
    such as the token of embalm or eternalize "with no mana cost" (702.128a, 702.129a); a
    mana cost that is absent has mana value 0 (202.3)."""
    text = str(params.get("mana_cost") or "")
    chars.mana_cost = parse_mana_cost(text) if text else None
    chars.mana_value_override = None


#: The characteristic an "except" operation gives a specific value, and the operations of
#: characteristic-defining abilities that define the same characteristic (CR 707.9d).
_SPECIFIC_VALUES: dict[str, frozenset[str]] = {
    "set_pt": frozenset({"define_pt", "set_pt", "set_base_pt"}),
    "set_base_pt": frozenset({"define_pt", "set_pt", "set_base_pt"}),
    "set_colors": frozenset({"set_colors", "add_colors"}),
    "set_types": frozenset({"set_types", "add_types"}),
}


def _drop_defining_abilities(values: Characteristics, except_kind: str) -> None:
    """Check 707.9d: a copy "except" it has a specific value of a characteristic doesn't copy
    the characteristic-defining abilities that define that characteristic (a token copy of
    Tarmogoyf "except it's 1/1" has no power-defining ability)."""
    defined = _SPECIFIC_VALUES.get(except_kind)
    if not defined:
        return

    def defines(ability: Mapping[str, Any]) -> bool:
        ops = [ability.get("effect")] if "effect" in ability else ability.get("effects", [])
        return bool(ability.get("cda")) and any(
            isinstance(op, Mapping) and op.get("type") in defined for op in ops)

    values.abilities = tuple(a for a in values.abilities if not defines(a))


def make_copy(state: GameState, obj: GameObject, source: CopySource,
              excepts: tuple[Mapping[str, Any], ...] = ()) -> ContinuousEffect:
    """Make ``obj`` a copy of ``source`` from now on (a copy effect, CR 707.1, 613.1a)."""
    effect = ContinuousEffect(op=copy_op(source, excepts), timestamp=state.new_timestamp(),
                              affected=[obj.id], source=obj.id, controller=obj.controller)
    state.effects.append(effect)
    state.changed()
    return effect


def enter_as_copy(state: GameState, new: GameObject, spec: Mapping[str, Any]) -> None:
    """Apply "you may have this enter as a copy of [a permanent]" (CR 707.5, 614.1c).

    The controller chooses the permanent with choice ``copy`` (a handle, or ``"none"`` when the
    copy is optional); it must match ``filter``. Its copiable values are copied, never its
    kicked status, counters or other status (CR 707.2).
    """
    chars = compute_all(state)
    flt = dict(spec.get("filter", {}))
    fctx = FilterContext(you=new.controller, source=new.id, chars_of=chars.__getitem__)
    options = [o.handle for o in state.battlefield()
               if o.id != new.id and o.handle is not None
               and matches(state, o, flt, ctx=fctx, chars=chars[o.id])]
    if spec.get("optional", True):
        options.append("none")
    if not options:
        return
    answer = choose(state, "copy", options)
    if answer == "none":
        return
    original = state.by_handle(str(answer))
    make_copy(state, new, copiable_values(state, original),
              tuple(dict(e) for e in spec.get("except", [])))


@in_cr_order(ZONE_CHANGE_HOOKS, cr="608.2h")
def _remember(state: GameState, old: GameObject, new: GameObject) -> None:
    """Keep the last known copiable values of an object leaving its zone (CR 608.2h)."""
    lki: dict[int, CopySource] = state.extra.setdefault("last_known", {})
    lki[old.id] = copiable_values(state, old)




def last_known(state: GameState, object_id: int) -> CopySource | None:
    """The copiable values an object had when it last existed, if it left a zone."""
    lki: dict[int, CopySource] = state.extra.get("last_known", {})
    return lki.get(object_id)


@setup_hook(stage="copies")
def _lock_setup_copies(state: GameState, setup: Mapping[str, Any]) -> None:
    """Lock in the copiable values of the objects named by setup copy effects (CR 707.2)."""
    for effect in state.effects:
        if effect.op.get("type") != "copy" or "source" in effect.op:
            continue
        of = effect.op.get("of")
        if not isinstance(of, str):
            raise SetupError("setup effect 'copy' needs 'of', the handle of the copied object")
        excepts = tuple(dict(e) for e in effect.op.get("except", []))
        effect.op = copy_op(copiable_values(state, state.by_handle(of)), excepts)
