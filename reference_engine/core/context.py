"""What an effect sees while its spell or ability resolves (CR 608.2), and the tables of the
effect vocabulary: effects, amounts, target restrictions and resolve hooks.

These tables sit at the bottom of the engine so that every rules area can register its effects
without importing the resolution machinery (:mod:`reference_engine.resolution.stack`), which
runs them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from reference_engine.core.errors import SetupError
from reference_engine.core.objects import GameObject

if TYPE_CHECKING:
    from reference_engine.core.state import GameState

__all__ = [
    "AMOUNTS",
    "EFFECTS",
    "REFERENCES",
    "RESOLVE_HOOKS",
    "TARGET_RESTRICTIONS",
    "ResolveContext",
    "amount",
    "effect",
    "objects_of",
    "reference",
    "target_restriction",
]


@dataclass
class ResolveContext:
    """What an effect sees while its spell or ability resolves."""

    state: GameState
    obj: GameObject
    controller: str
    #: Legal targets by slot name: each ``{"object": id}`` or ``{"player": name}``.
    targets: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    #: Slots whose targets all became illegal (CR 608.2b).
    illegal: set[str] = field(default_factory=set)

    @property
    def source_id(self) -> int:
        """The source of the effect: the spell itself, or an ability's source (CR 113.7)."""
        return self.obj.source_id if self.obj.source_id is not None else self.obj.id

    @property
    def kicked(self) -> bool:
        """Whether the spell was kicked (CR 702.33d)."""
        return self.obj.kicked > 0

    def amount(self, value: Any) -> int:
        """An amount: an integer, ``"X"`` for the value chosen for X (CR 107.3), or a table
        ``{name = argument}`` computed now by the amount registered as ``name`` (e.g.
        ``{domain = "controller"}``, counted as the effect happens, CR 608.2h)."""
        if value == "X":
            return int(self.obj.x or 0)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, Mapping) and len(value) == 1:
            name, arg = next(iter(value.items()))
            fn = AMOUNTS.get(str(name))
            if fn is None:
                raise SetupError(f"unknown amount {name!r} (known: {', '.join(sorted(AMOUNTS))})")
            return fn(self, arg)
        raise SetupError(f"an amount must be an integer, 'X' or {{name = ...}}, not {value!r}")

    def event_player(self) -> str | None:
        """The player named by the event that triggered this ability ("that player")."""
        event = self.obj.extra.get("trigger_event")
        details = getattr(event, "details", {})
        player = details.get("player")
        return str(player) if player in self.state.players else None

    def refs(self, params: Mapping[str, Any]) -> list[dict[str, Any]]:
        """What an effect acts on (its ``target``, or ``to``): a target slot's legal targets;
        ``"controller"``, ``"each_opponent"``, ``"self"`` (the source), ``"event_player"``;
        the name of objects remembered earlier in the effect (``"moved"``: the objects the
        last effect that moved objects put into their new zone, "that card", CR 608.2c, 400.7);
        a reference registered in :data:`REFERENCES`, by name (``"event_object"``) or as a
        table with one key (``{each = filter}``: every permanent matching the filter, without
        targeting)."""
        who = params.get("target", params.get("to"))
        if who is None:
            return []
        if isinstance(who, Mapping) and len(who) == 1:
            name, arg = next(iter(who.items()))
            if str(name) not in REFERENCES:
                raise SetupError(f"unknown reference {dict(who)!r} (known: "
                                 f"{', '.join(sorted(REFERENCES))})")
            return REFERENCES[str(name)](self, arg)
        memory: Mapping[str, list[int]] = self.obj.extra.get("remembered", {})
        if isinstance(who, str) and who in memory and who not in self.targets:
            return [{"object": i} for i in memory[who] if i in self.state.objects]
        if isinstance(who, str) and who in REFERENCES:
            return REFERENCES[who](self, None)
        if who == "controller":
            return [{"player": self.controller}]
        if who == "each_opponent":
            return [{"player": p} for p in self.state.opponents(self.controller)]
        if who == "self":
            return [{"object": self.source_id}]
        if who == "event_player":
            player = self.event_player()
            return [{"player": player}] if player is not None else []
        return list(self.targets.get(str(who), []))


    def note_moved(self, objects: Iterable[GameObject | None],
                   params: Mapping[str, Any]) -> None:
        """Remember the objects an effect just put into a new zone as ``"moved"`` and under
        the effect's ``remember`` name, for later effects of the same ability and for delayed
        triggered abilities it creates ("that card", "the creature put onto the battlefield
        this way"; CR 608.2c, 603.7c)."""
        ids = [o.id for o in objects if o is not None]
        memory: dict[str, list[int]] = self.obj.extra.setdefault("remembered", {})
        memory["moved"] = ids
        if "remember" in params:
            memory[str(params["remember"])] = list(ids)


EffectFn = Callable[[ResolveContext, Mapping[str, Any]], None]
EFFECTS: dict[str, EffectFn] = {}
ReferenceFn = Callable[[ResolveContext, Any], list[dict[str, Any]]]
#: Named references an effect's ``target`` may use besides target slots and the built-in
#: names, computed as the effect happens: ``(context, argument) -> refs``; the argument is
#: None for a reference by name (``"event_object"``), the value for a table
#: (``{each = filter}``).
REFERENCES: dict[str, ReferenceFn] = {}


def reference(name: str) -> Callable[[ReferenceFn], ReferenceFn]:
    """Register the reference ``name`` (an effect's ``target = "name"`` or
    ``target = {name = argument}``)."""
    def register(fn: ReferenceFn) -> ReferenceFn:
        REFERENCES[name] = fn
        return fn
    return register
AmountFn = Callable[[ResolveContext, Any], int]
#: Amounts computed while an effect happens, by name (registered with :func:`amount`).
AMOUNTS: dict[str, AmountFn] = {}


def amount(name: str) -> Callable[[AmountFn], AmountFn]:
    """Register the amount ``name`` (an effect's ``amount = {name = argument}``)."""
    def register(fn: AmountFn) -> AmountFn:
        AMOUNTS[name] = fn
        return fn
    return register


def effect(name: str) -> Callable[[EffectFn], EffectFn]:
    """Register effect ``name`` of the resolution vocabulary."""
    def register(fn: EffectFn) -> EffectFn:
        EFFECTS[name] = fn
        return fn
    return register


Restriction = Callable[["GameState", GameObject, Mapping[str, Any], Mapping[str, Any]], bool]
#: Rules that can make a target illegal beyond its slot's filter (protection, hexproof, ...):
#: each returns True when the target is *not* allowed.
TARGET_RESTRICTIONS: list[Restriction] = []

ResolveHook = Callable[["ResolveContext", "Mapping[str, Any] | None"], None]
#: Run as a spell or ability starts to resolve, after its targets are checked (CR 608.2b), with
#: the context and the ability's data; e.g. overload makes "target" mean "each" (CR 702.96b).
RESOLVE_HOOKS: list[ResolveHook] = []


def target_restriction(fn: Restriction) -> Restriction:
    """Register a restriction on targets (returns True to forbid)."""
    TARGET_RESTRICTIONS.append(fn)
    return fn


def objects_of(ctx: ResolveContext, refs: Iterable[Mapping[str, Any]]) -> list[GameObject]:
    """The objects among ``refs`` that still exist."""
    return [ctx.state.objects[int(r["object"])] for r in refs
            if "object" in r and int(r["object"]) in ctx.state.objects]
