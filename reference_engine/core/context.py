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

from reference_engine.core.amounts import AMOUNTS, AmountContext, amount, evaluate
from reference_engine.core.errors import SetupError
from reference_engine.core.objects import GameObject
from reference_engine.core.ordering import in_cr_order
from reference_engine.core.vocab_spec import Params, describe

if TYPE_CHECKING:
    from reference_engine.core.state import GameState

__all__ = [
    "AMOUNTS",
    "AMOUNT_CONTEXTS",
    "EFFECTS",
    "LINKED_KEY",
    "REFERENCES",
    "REF_LIMITS",
    "RESOLVE_HOOKS",
    "TARGET_CONTROLLERS",
    "TARGET_RESTRICTIONS",
    "ResolveContext",
    "amount",
    "effect",
    "objects_of",
    "reference",
    "resolve_hook",
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

    @property
    def x(self) -> int:
        """X while this resolves (CR 107.3): the announced X; for an enters-triggered ability,
        the X of the spell that became its source (107.3m)."""
        if self.obj.x is not None:
            return int(self.obj.x)
        event = self.obj.extra.get("trigger_event")
        if self.obj.ability is not None and event is not None and event.kind == "enters":
            source = self.state.objects.get(int(event.details["object"]))
            if source is not None:
                return int(source.extra.get("cast_x") or 0)
        return 0

    def amount_context(self) -> AmountContext:
        """Where this effect's amounts are counted: now (CR 608.2h), with "you" its controller
        and "this" its source; target slots and remembered objects may be named, with their
        last known information once they have left (the layer system fills this in)."""
        if not AMOUNT_CONTEXTS:
            raise RuntimeError("the layer system is not loaded (import reference_engine.areas)")
        return AMOUNT_CONTEXTS[0](self)

    def amount(self, value: Any) -> int:
        """An amount: an integer, ``"X"`` for the value chosen for X (CR 107.3), or a table
        ``{name = argument}`` counted now by the amount registered as ``name`` (e.g.
        ``{domain = "you"}``, counted as the effect happens, CR 608.2h); see
        :mod:`reference_engine.core.amounts`."""
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if value == "X":
            return self.x
        return evaluate(value, self.amount_context())

    def named(self, name: str) -> list[int]:
        """Ids this spell or ability names as ``name``: a target slot's objects (legal or not:
        "that creature" after it was destroyed reads its last known information), else the
        objects remembered as ``name`` (CR 608.2c)."""
        slot = [int(r["object"]) for r in self.obj.targets
                if str(r.get("slot")) == name and "object" in r]
        if slot or any(str(r.get("slot")) == name for r in self.obj.targets):
            return slot
        return [int(i) for i in self.obj.extra.get("remembered", {}).get(name, [])]

    def last_known_controller(self, name: str) -> str | None:
        """The controller of the first object named ``name``, now or as it last existed
        while this was resolving (608.2h)."""
        for oid in self.named(name):
            obj = self.state.objects.get(oid)
            if obj is not None:
                return obj.controller
            known = self.obj.extra.get(TARGET_CONTROLLERS, {}).get(oid)
            if known is not None:
                return str(known)
        return None

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
        refs = self._refs(params.get("target", params.get("to")))
        for limit in REF_LIMITS:
            refs = limit(self, refs)
        return refs

    def _refs(self, who: Any) -> list[dict[str, Any]]:
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
        this way"; CR 608.2c, 603.7c); with ``link = "name"``, also for the source's linked
        abilities (``target = { linked = "name" }``: "return the exiled card", 607.2a)."""
        ids = [o.id for o in objects if o is not None]
        memory: dict[str, list[int]] = self.obj.extra.setdefault("remembered", {})
        memory["moved"] = ids
        if "remember" in params:
            memory[str(params["remember"])] = list(ids)
        if "link" in params:
            # 607.2a: "the exiled card" of a linked ability is what this ability of the same
            # source exiled; kept with the source's id (a new object is a new source, 400.7).
            links: dict[str, dict[str, list[int]]] = self.state.extra.setdefault(LINKED_KEY, {})
            by_source = links.setdefault(str(self.source_id), {})
            by_source[str(params["link"])] = [*by_source.get(str(params["link"]), []), *ids]


#: Key in ``state.extra``: objects linked abilities refer to, by source id and link name (607.2a).
LINKED_KEY = "linked_objects"
EffectFn = Callable[[ResolveContext, Mapping[str, Any]], None]
EFFECTS: dict[str, EffectFn] = {}
#: Builds the amount context of a resolving spell or ability (registered by the layers).
AMOUNT_CONTEXTS: list[Callable[[ResolveContext], AmountContext]] = []
#: Where a resolving spell or ability keeps its targets' last known controllers (608.2h).
TARGET_CONTROLLERS = "target_controllers"

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


@reference("controller_of")
def _controller_of(ctx: ResolveContext, arg: Any) -> list[dict[str, Any]]:
    """``{controller_of = slot}``: "that creature's controller", the player who controls the
    object the slot (or a remembered name) holds, or controlled it as it last existed (608.2h)."""
    player = ctx.last_known_controller(str(arg))
    return [{"player": player}] if player is not None else []


@reference("each_player")
def _each_player(ctx: ResolveContext, arg: Any) -> list[dict[str, Any]]:
    """``"each_player"``: every player in the game, without targeting ("deals 4 damage to each
    player", "each player loses 2 life"), in APNAP order (CR 101.4); the damage or life loss
    happens to all of them at once, so state-based actions see every result together (704.3)."""
    order = ctx.state.turn_order
    start = order.index(ctx.state.active_player)
    return [{"player": p} for p in order[start:] + order[:start]]


def effect(name: str, *, params: Params = None, cr: tuple[str, ...] = (),
           example: str = "") -> Callable[[EffectFn], EffectFn]:
    """Register effect ``name`` of the resolution vocabulary, with its parameters, CR numbers
    and an example for the docs and validation (:mod:`reference_engine.core.vocab_spec`)."""
    def register(fn: EffectFn) -> EffectFn:
        EFFECTS[name] = fn
        describe("effects", name, fn, params=params, cr=cr, example=example)
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


RefLimit = Callable[["ResolveContext", list[dict[str, Any]]], list[dict[str, Any]]]
#: Rules that keep an effect from reaching some of the players and objects it refers to,
#: asked in CR order with the context and the references: e.g. a limited range of influence
#: (CR 801.10).
REF_LIMITS: list[RefLimit] = []


def ref_limit(*, cr: str) -> Callable[[RefLimit], RefLimit]:
    """Register the rule ``cr`` that narrows what a resolving effect reaches; they run in CR
    order."""
    return in_cr_order(REF_LIMITS, cr=cr)


def target_restriction(*, cr: str) -> Callable[[Restriction], Restriction]:
    """Register the rule ``cr`` restricting targets (returns True to forbid); they are asked
    in CR order."""
    return in_cr_order(TARGET_RESTRICTIONS, cr=cr)


def resolve_hook(*, cr: str) -> Callable[[ResolveHook], ResolveHook]:
    """Register a hook run as a spell or ability starts to resolve (rule ``cr``); they run in
    CR order."""
    return in_cr_order(RESOLVE_HOOKS, cr=cr)


def objects_of(ctx: ResolveContext, refs: Iterable[Mapping[str, Any]]) -> list[GameObject]:
    """The objects among ``refs`` that still exist."""
    return [ctx.state.objects[int(r["object"])] for r in refs
            if "object" in r and int(r["object"]) in ctx.state.objects]
