"""Values an effect reads while it resolves: players it names, amounts, chosen values, and
objects it remembers from an earlier part of the same effect.

* Players: ``"controller"``, ``"active_player"`` ("that player" of an "each player's upkeep"
  trigger), ``"each_player"``, ``"each_opponent"``, a target slot holding players, or a named
  reference such as ``"event_player"`` / ``"event_controller"``.
* Amounts: an integer, ``"X"``, or ``{mana_value_of = "name"}`` for the mana value of objects
  remembered as ``name`` (e.g. "where X is the milled card's mana value"). Split cards under the
  Invasion-era rules answer a value question with both answers (CR 709.4, 2000 FAQ: "it answers
  '1, and 1'... it uses both"), so amounts are lists and the effect is done once per answer.
* Chosen values: in a filter, ``{choice = "key"}`` stands for the value chosen on resolution
  (CR 608.2d) or as the source entered (CR 607.2). A choice that was never made is undefined
  (CR 607.5a): :func:`with_choices` returns None and that part of the effect does nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.amounts import LAST_KNOWN_LOOKUPS, AmountContext, amount
from reference_engine.core.context import AMOUNT_CONTEXTS, TARGET_CONTROLLERS
from reference_engine.core.errors import SetupError
from reference_engine.layers.system import characteristics_of, compute_all

if TYPE_CHECKING:
    from reference_engine.core.characteristics import Characteristics
    from reference_engine.core.context import ResolveContext
    from reference_engine.core.objects import GameObject

__all__ = ["amount_answers", "chosen", "last_known_chars", "players_of", "remember",
           "remembered", "snapshot_targets", "with_choices", "with_chosen"]


def players_of(ctx: ResolveContext, ref: Any) -> list[str]:
    """The players an effect's ``player`` field names."""
    state = ctx.state
    if ref in (None, "controller", "you"):
        return [ctx.controller]
    if ref == "active_player":
        return [state.active_player]
    if ref == "each_player":
        order = state.turn_order
        start = order.index(state.active_player)
        return order[start:] + order[:start]
    if ref == "each_opponent":
        return state.opponents(ctx.controller)
    # A target slot, "event_player", "event_controller", ... (ResolveContext.refs).
    return [str(r["player"]) for r in ctx.refs({"target": ref}) if "player" in r]


def remember(ctx: ResolveContext, name: str, ids: list[int]) -> None:
    """Remember objects under ``name`` for later parts of the same effect (CR 608.2c)."""
    ctx.obj.extra.setdefault("remembered", {})[name] = list(ids)


def remembered(ctx: ResolveContext, name: str) -> list[GameObject]:
    """The objects remembered as ``name`` that still exist (CR 400.7)."""
    ids = ctx.obj.extra.get("remembered", {}).get(name, [])
    return [ctx.state.objects[i] for i in ids if i in ctx.state.objects]


_TARGET_CHARS = "target_chars"
_TARGET_COUNTERS = "target_counters"


def snapshot_targets(ctx: ResolveContext) -> None:
    """Keep the characteristics of the objects this spell or ability names (targets and
    remembered objects) as they are now, for last known information once they have left
    (CR 608.2h, 113.7a). Called as resolution starts and before each effect."""
    store: dict[int, Any] = ctx.obj.extra.setdefault(_TARGET_CHARS, {})
    ids = [int(r["object"]) for r in ctx.obj.targets if "object" in r]
    for remembered_ids in ctx.obj.extra.get("remembered", {}).values():
        ids += [int(i) for i in remembered_ids]
    controllers: dict[int, str] = ctx.obj.extra.setdefault(TARGET_CONTROLLERS, {})
    counters: dict[int, dict[str, int]] = ctx.obj.extra.setdefault(_TARGET_COUNTERS, {})
    for oid in ids:
        if oid in ctx.state.objects:
            store[oid] = characteristics_of(ctx.state, oid).copy()
            controllers[oid] = ctx.state.objects[oid].controller
            counters[oid] = dict(ctx.state.objects[oid].counters)


def last_known_counters(ctx: ResolveContext, oid: int) -> dict[str, int] | None:
    """The counters object ``oid`` last had while ``ctx`` was resolving, if kept (608.2h)."""
    found: dict[str, int] | None = ctx.obj.extra.get(_TARGET_COUNTERS, {}).get(oid)
    return found


def last_known_chars(ctx: ResolveContext, oid: int) -> Characteristics | None:
    """The characteristics object ``oid`` last had while ``ctx`` was resolving, if kept."""
    found = ctx.obj.extra.get(_TARGET_CHARS, {}).get(oid)
    return found if found is not None else None


def resolve_amounts(ctx: ResolveContext) -> AmountContext:
    """The amount context of a resolving spell or ability: counted now (CR 608.2h), "you" its
    controller, "this" its source; it may name target slots and remembered objects, with their
    last known characteristics once they have left (608.2h, 113.7a)."""
    chars = compute_all(ctx.state)
    return AmountContext(
        state=ctx.state, you=ctx.controller, source=ctx.source_id, chars_of=chars.__getitem__,
        x=ctx.x, named=lambda name: _named(ctx, name),
        last_known=lambda oid: _last_known(ctx, oid),
        extra={"trigger_event": ctx.obj.extra.get("trigger_event"), "resolving": ctx,
               "last_known_counters": lambda oid: last_known_counters(ctx, oid)})


def _named(ctx: ResolveContext, name: str) -> list[int]:
    """What an amount of a resolving spell or ability names: a target slot or remembered
    objects, or ``"event_object"``, the object of the triggering event: for a permanent that
    left the battlefield, the permanent as it was there ("that creature's power", 603.10a,
    608.2h)."""
    if name != "event_object":
        return ctx.named(name)
    event = ctx.obj.extra.get("trigger_event")
    details = getattr(event, "details", None) or {}
    if getattr(event, "kind", None) == "zone-change":
        oid = details.get("old") if details.get("from_zone") == "battlefield" else \
            details.get("new")
    else:
        oid = details.get("object")
    return [oid] if isinstance(oid, int) and not isinstance(oid, bool) else []


def _last_known(ctx: ResolveContext, oid: int) -> Characteristics | None:
    """The characteristics ``oid`` last had: kept by this spell or ability for its targets, or
    by the game for a permanent that left the battlefield (608.2h)."""
    found = last_known_chars(ctx, oid)
    if found is not None:
        return found
    for lookup in LAST_KNOWN_LOOKUPS:
        found = lookup(ctx.state, oid)
        if found is not None:
            return found
    return None


AMOUNT_CONTEXTS.append(resolve_amounts)


@amount("mana_value_of", arg="str", cr=("202.3", "608.2c"),
        example='Infernal Genesis: X tokens, X = {mana_value_of = "milled"}')
def _mana_value_of(ctx: AmountContext, name: Any) -> int:
    """The mana value of the objects remembered as ``name`` earlier in the effect ("where X is
    the milled card's mana value"); an effect that creates tokens asks each answer of an
    Invasion-era split card (CR 709.4, see :func:`amount_answers`), this gives the first."""
    resolving = ctx.extra.get("resolving")
    if resolving is None:
        return 0
    answers = amount_answers(resolving, {"mana_value_of": name})
    return answers[0] if answers else 0


def _mana_value_answers(ctx: ResolveContext, oid: int) -> list[int]:
    """The mana value of ``oid`` now, or as it last existed if an earlier part of the effect
    moved it (CR 608.2h: "reveal it, put it into your hand, lose life equal to its mana
    value"); nothing for an object never seen."""
    obj = ctx.state.objects.get(oid)
    chars = characteristics_of(ctx.state, oid) if obj is not None else last_known_chars(ctx, oid)
    if chars is None:
        return []
    if chars.halves and ctx.state.era.is_("split_characteristics", "two-sets"):
        return [h.mana_value() for h in chars.halves]
    x = (obj.x or 0) if obj is not None and obj.zone == "stack" else 0
    return [chars.mana_value(x)]


def amount_answers(ctx: ResolveContext, value: Any) -> list[int]:
    """An amount as a list of answers (one, or one per half of an Invasion-era split card)."""
    if isinstance(value, Mapping) and "mana_value_of" in value:
        out: list[int] = []
        name = str(value["mana_value_of"])
        for oid in ctx.obj.extra.get("remembered", {}).get(name, []):
            out += _mana_value_answers(ctx, int(oid))
        return out
    return [ctx.amount(value)]


def chosen(ctx: ResolveContext, key: str) -> Any:
    """The value chosen for ``key``: on the resolving spell or ability, else on its source;
    None when it is undefined (CR 607.5a)."""
    if key in ctx.obj.choices:
        return ctx.obj.choices[key]
    source = ctx.state.objects.get(ctx.source_id)
    if source is not None and key in source.choices:
        return source.choices[key]
    return None


def with_choices(ctx: ResolveContext, flt: Mapping[str, Any]) -> dict[str, Any] | None:
    """``flt`` with every ``{choice = key}`` replaced by the chosen value; None if a choice it
    needs is undefined (CR 607.5a: that part of the ability does nothing)."""
    out: dict[str, Any] = {}
    for k, v in flt.items():
        if isinstance(v, Mapping) and set(v) == {"choice"}:
            value = chosen(ctx, str(v["choice"]))
            if value is None:
                return None
            out[k] = value
        elif k in ("any",) and isinstance(v, list):
            subs = [with_choices(ctx, s) for s in v]
            if any(s is None for s in subs):
                return None
            out[k] = subs
        elif k == "not" and isinstance(v, Mapping):
            sub = with_choices(ctx, v)
            if sub is None:
                return None
            out[k] = sub
        else:
            out[k] = v
    return out


def with_chosen(ctx: ResolveContext, value: Any) -> Any:
    """``value`` with every ``{choice = key}`` table inside it (at any depth) replaced by the
    value chosen for ``key`` (CR 608.2d, 607.2); None if a choice it needs is undefined
    (CR 607.5a)."""
    if isinstance(value, Mapping):
        if set(value) == {"choice"}:
            return chosen(ctx, str(value["choice"]))
        out: dict[str, Any] = {}
        for k, v in value.items():
            new = with_chosen(ctx, v)
            if new is None and v is not None:
                return None
            out[k] = new
        return out
    if isinstance(value, list):
        items = [with_chosen(ctx, v) for v in value]
        return None if any(i is None for i in items) else items
    return value


def require(params: Mapping[str, Any], key: str, what: str) -> Any:
    """``params[key]``, or a :class:`SetupError` naming the effect and the missing field."""
    if key not in params:
        raise SetupError(f"effect {what!r} needs {key!r}")
    return params[key]
