"""The layer system (CR 613): characteristics of every object after continuous effects.

One pass computes all objects together, layer by layer (1 copy, 2 control, 3 text, 4 type,
5 color, 6 abilities, 7a-7d power/toughness). Within a layer, characteristic-defining abilities
apply first (613.3) and then effects in timestamp order (613.7). Static abilities are read from
the characteristics as computed so far, so an ability granted in an earlier layer applies in the
later ones, and conditions ("as long as white is the most common color") see the colors that
layer 5 produced. An effect that depends on another (613.8a: the other would change its
existence or what it applies to) applies after it, otherwise timestamp order decides (613.8b);
an effect whose static ability was removed earlier in the layer no longer applies (see
:mod:`reference_engine.layers.dependencies`).

Results are cached until the state changes (:meth:`GameState.changed`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from reference_engine.core.characteristics import Characteristics, printed_characteristics
from reference_engine.core.objects import ZONES, GameObject
from reference_engine.core.state import GameState
from reference_engine.layers.conditions import ConditionContext, holds
from reference_engine.layers.dependencies import apply_in_dependency_order
from reference_engine.layers.effects import (
    LAYERS,
    OPERATIONS,
    ContinuousEffect,
    LayerContext,
    operation_of,
)
from reference_engine.layers.filters import CHARACTERISTICS, FilterContext, matches

__all__ = ["COUNTER_TIMESTAMPS", "KEYWORD_COUNTERS", "LAYER_RULES", "characteristics_of",
           "compute_all", "layer_rule", "static_abilities"]

#: Keyword counters (CR 122.1b): a counter with one of these names grants that keyword.
KEYWORD_COUNTERS: frozenset[str] = frozenset({
    "flying", "first strike", "double strike", "deathtouch", "decayed", "exalted", "haste",
    "hexproof", "indestructible", "lifelink", "menace", "reach", "shadow", "trample",
    "vigilance",
})
#: ``GameObject.extra`` key: the timestamp of each kind of counter put on the object by an
#: effect since it arrived (CR 613.7c: a counter gets one as it's put on, and the counters of
#: that kind already there get the same); a kind not listed has the object's timestamp.
COUNTER_TIMESTAMPS = "counter_timestamps"
_PT_COUNTER = re.compile(r"^([+-]\d+)/([+-]\d+)$")

LayerRule = Callable[[GameState, dict[int, Characteristics]], None]
#: Rules of the game that change characteristics once a layer's effects are applied, by layer
#: (e.g. CR 305.6: a land's intrinsic mana abilities follow from its land types after layer 4).
LAYER_RULES: dict[str, list[LayerRule]] = {}


def layer_rule(layer: str) -> Callable[[LayerRule], LayerRule]:
    """Register a rule applied to every object's characteristics after ``layer``'s effects."""
    if layer not in LAYERS:
        raise ValueError(f"unknown layer {layer!r}")

    def register(fn: LayerRule) -> LayerRule:
        LAYER_RULES.setdefault(layer, []).append(fn)
        return fn
    return register


#: Printed characteristics by (card, zone, face up, half cast, era), as computed once: card
#: definitions never change during a game, so each layer pass starts from a copy of these.
_PRINTED: dict[tuple[int, str, bool, int | None, int],
               tuple[Any, Any, Characteristics]] = {}
_PRINTED_LIMIT = 8192


def _printed(state: GameState, obj: GameObject) -> Characteristics:
    """The object's printed characteristics (CR 109.3): a fresh copy the layers may change."""
    card, era = obj.card, state.era
    key = (id(card), obj.zone, obj.transformed, obj.cast_half, id(era))
    hit = _PRINTED.get(key)
    if hit is None or hit[0] is not card or hit[1] is not era:  # an id can be reused
        if len(_PRINTED) >= _PRINTED_LIMIT:
            _PRINTED.clear()
        hit = (card, era, printed_characteristics(
            card, zone=obj.zone, transformed=obj.transformed, cast_half=obj.cast_half, era=era))
        _PRINTED[key] = hit
    return _fresh(hit[2])


def _fresh(chars: Characteristics) -> Characteristics:
    """A copy of ``chars`` as printed_characteristics would build it anew: its own ability
    tables and halves; the other values are immutable and shared."""
    new: Characteristics = object.__new__(Characteristics)
    fields = dict(chars.__dict__)
    fields["abilities"] = tuple(dict(a) for a in chars.abilities)
    if chars.halves:
        fields["halves"] = tuple(_fresh(h) for h in chars.halves)
    new.__dict__.update(fields)
    return new


def static_abilities(
    state: GameState, chars: Mapping[int, Characteristics], *, kind: str = "static"
) -> Iterator[tuple[GameObject, dict[str, Any]]]:
    """Yield (source, ability) for every ability of ``kind`` that functions now.

    Static abilities function only on the battlefield (an emblem's in the command zone, CR
    113.6p) unless the ability lists other ``zones`` (CR 113.6); a characteristic-defining
    ability (``cda = true``) functions everywhere, in every zone and outside the game (CR
    604.3, 113.6a).
    """
    for obj in list(state.objects.values()):
        c = chars.get(obj.id)
        if c is None:
            continue
        for ability in c.abilities:
            if ability.get("kind") != kind:
                continue
            default = ZONES if ability.get("cda") else obj.ability_zones
            zones = ability.get("zones", default)
            if obj.zone in zones:
                yield obj, ability


#: Static abilities whose effect began to apply in an earlier layer of the pass being computed,
#: by (source id, ability text): the source, the ability and the objects it applied to (613.6).
Started = dict[tuple[int, str], tuple[int, dict[str, Any], list[int]]]


def _ops_in(ability: Mapping[str, Any], layer: str) -> list[Mapping[str, Any]]:
    """The operations of a static ability that apply in ``layer``: its ``effect``, or each of
    its ``effects`` when one ability changes several characteristics (Opalescence: a type in
    layer 4 and base power and toughness in layer 7b)."""
    ops = [ability["effect"]] if "effect" in ability else list(ability.get("effects", []))
    out: list[Mapping[str, Any]] = []
    for op in ops:
        known = OPERATIONS.get(str(op.get("type"))) if isinstance(op, Mapping) else None
        if known is not None and known.layer == layer:
            out.append(op)
    return out


def _static_effects(state: GameState, chars: Mapping[int, Characteristics],
                    layer: str, started: Started | None = None) -> list[ContinuousEffect]:
    """The effects static abilities create in ``layer``; with ``started``, also those of
    abilities that began to apply in an earlier layer and have since been removed (613.6)."""
    out: list[ContinuousEffect] = []
    functioning: set[tuple[int, str]] = set()
    for obj, ability in static_abilities(state, chars):
        key = (obj.id, repr(ability))
        functioning.add(key)
        for op in _ops_in(ability, layer):
            affected = ability.get("affected", "self")
            if affected in ("enchanted", "equipped", "fortified"):
                # "Enchanted land is a Swamp" (CR 303.4, 301.5, 301.6): what it's attached to.
                affected = [obj.attached_to] if obj.attached_to is not None else []
            out.append(ContinuousEffect(
                op=op,
                timestamp=obj.timestamp,
                affected=[obj.id] if affected == "self" else affected,
                source=obj.id,
                controller=obj.controller,
                duration="static",
                condition=ability.get("condition"),
                cda=bool(ability.get("cda", False)),
                extra={"ability": ability, "key": key},
            ))
    for key, (source_id, ability, ids) in (started or {}).items():
        source = state.objects.get(source_id)
        if key in functioning or source is None:
            continue
        # 613.6: an effect that started to apply in an earlier layer keeps applying to the
        # same objects in the later layers, even if its ability was removed meanwhile.
        for op in _ops_in(ability, layer):
            out.append(ContinuousEffect(
                op=op, timestamp=source.timestamp, affected=list(ids), source=source_id,
                controller=source.controller, duration="static",
                condition=ability.get("condition"), cda=bool(ability.get("cda", False)),
                extra={"ability": ability, "key": key, "continuing": True}))
    return out


def _counter_effects(state: GameState, layer: str) -> list[ContinuousEffect]:
    """Counters as effects: keyword counters in layer 6 (613.1f), P/T counters in 7c (613.4c)."""
    out: list[ContinuousEffect] = []
    for obj in state.objects.values():
        for name, n in obj.counters.items():
            if n <= 0:
                continue
            if layer == "6" and name.casefold() in KEYWORD_COUNTERS:
                stamp = obj.extra.get(COUNTER_TIMESTAMPS, {}).get(name, obj.timestamp)
                out.append(ContinuousEffect(
                    op={"type": "add_abilities", "keywords": [name]},
                    timestamp=stamp, affected=[obj.id], source=obj.id))  # 613.7c
            elif layer == "7c" and obj.zone == "battlefield":
                m = _PT_COUNTER.match(name)
                if m:
                    out.append(ContinuousEffect(
                        op={"type": "modify_pt", "power": int(m.group(1)) * n,
                            "toughness": int(m.group(2)) * n},
                        timestamp=obj.timestamp, affected=[obj.id], source=obj.id))
    return out


def _affected_ids(state: GameState, effect: ContinuousEffect,
                  current: Mapping[int, Characteristics]) -> list[int]:
    if isinstance(effect.affected, list):
        return [i for i in effect.affected if i in current]
    flt = dict(effect.affected)
    zone = flt.pop("zone", "battlefield")
    fctx = FilterContext(you=effect.controller, source=effect.source,
                         chars_of=current.__getitem__)
    zones = [zone] if isinstance(zone, str) else list(zone)
    return [
        obj.id for obj in state.objects.values()
        if obj.zone in zones and matches(state, obj, flt, ctx=fctx, chars=current[obj.id])
    ]


def _settle_pt(chars: Characteristics) -> None:
    """Printed "*" P/T without a defining ability counts as 0 (CR 208.2); "1+*" as 1."""
    for attr in ("power", "toughness"):
        value = getattr(chars, attr)
        if isinstance(value, str):
            m = re.match(r"^(-?\d+)", value)
            setattr(chars, attr, int(m.group(1)) if m else 0)


def _exists(effect: ContinuousEffect, chars: Mapping[int, Characteristics]) -> bool:
    """An effect of a static ability exists while its source still has the ability (613.8a),
    or once it has started to apply in an earlier layer (613.6)."""
    ability = effect.extra.get("ability")
    if ability is None or effect.source is None or effect.extra.get("continuing"):
        return True
    source = chars.get(effect.source)
    return source is not None and ability in source.abilities


def _apply_effect(state: GameState, effect: ContinuousEffect,
                  current: dict[int, Characteristics]) -> None:
    """Apply one effect to the objects it affects, if its condition holds."""
    cctx = ConditionContext(source=effect.source, you=effect.controller,
                            chars_of=current.__getitem__)
    if not holds(state, effect.condition, cctx):
        return
    op = operation_of(effect)
    for oid in _affected_ids(state, effect, current):
        lctx = LayerContext(state=state, effect=effect, object_id=oid, current=current)
        op.apply(current[oid], effect.op, lctx)
        for half in current[oid].halves if op.layer != "1" else ():
            # 709.4 (Invasion-era rules): a split card off the stack has two sets of
            # characteristics, and an effect on the card changes both of them.
            op.apply(half, effect.op, lctx)


def compute_all(state: GameState) -> dict[int, Characteristics]:
    """Characteristics of every object, after every layer (cached per state version, and
    looked up in the state's history of earlier versions when the game keeps one).

    Asked again while a pass is under way (a count inside a layer operation: domain in a
    power/toughness ability, a filter or condition reading another object), it answers with
    that pass's characteristics as the earlier layers settled them (CR 613.1, 613.4, 604.3),
    never a new pass inside the pass (which would never end)."""
    partial = state._chars_partial
    if partial is not None:
        return partial
    cached = state._chars_cache
    if cached is not None and cached[0] == state.version:
        return cached[1]
    history = state._chars_history
    if history is not None and (known := history.get(state.version)) is not None:
        state._chars_cache = (state.version, known)  # computed before at this very state
        return known
    active = [e for e in state.effects if _still_active(state, e)]
    if len(active) != len(state.effects):
        state.effects = active  # an effect ended (CR 611.2b): a change of the state
        state.changed()
        if history is not None and (known := history.get(state.version)) is not None:
            state._chars_cache = (state.version, known)
            return known
    current = {oid: _printed(state, obj) for oid, obj in state.objects.items()}
    state._chars_partial = current
    try:
        _apply_layers(state, current)
    finally:
        state._chars_partial = None
    state._chars_cache = (state.version, current)
    if history is not None:
        history[state.version] = current
    return current


def _apply_layers(state: GameState, current: dict[int, Characteristics]) -> None:
    """Apply every layer's effects to ``current``, layer by layer (CR 613.1)."""
    started: Started = {}

    def apply(effect: ContinuousEffect, chars: dict[int, Characteristics]) -> None:
        key = effect.extra.get("key")
        if chars is current and key is not None and key not in started:
            # The real pass (not a dependency trial): remember what the ability applied to.
            started[key] = (int(effect.source or 0), effect.extra["ability"],
                            _affected_ids(state, effect, chars))
        _apply_effect(state, effect, chars)

    for layer in LAYERS:
        if layer == "7b":
            for chars in current.values():
                _settle_pt(chars)
        effects = [e for e in state.effects if e.layer == layer]
        effects += _static_effects(state, current, layer, started)
        effects += _counter_effects(state, layer)
        effects.sort(key=lambda e: (not e.cda, e.timestamp))
        # 613.8: an effect applies after those it depends on (e.g. Blood Moon before Urborg).
        apply_in_dependency_order(
            effects, current, exists=_exists,
            affects=lambda e, chars: _affected_ids(state, e, chars),
            apply=apply,
            may_depend=lambda e: "ability" in e.extra or not isinstance(e.affected, list))
        for rule in LAYER_RULES.get(layer, []):
            rule(state, current)


def _still_active(state: GameState, effect: ContinuousEffect) -> bool:
    """An effect tied to its source (``duration = "while-source"``) ends when the source
    leaves the battlefield (CR 611.2b)."""
    if effect.duration == "while-source":
        src = state.objects.get(effect.source) if effect.source is not None else None
        return src is not None and src.zone == "battlefield"
    return True


def characteristics_of(state: GameState, object_id: int) -> Characteristics:
    """The current characteristics of one object."""
    return compute_all(state)[object_id]


CHARACTERISTICS[:] = [characteristics_of]
