"""Keywords of permanents that stand for "enters with counters" and upkeep or dies triggers:
echo (702.30), fading (702.32), modular (702.43), bloodthirst (702.54), vanishing (702.63),
living weapon (702.92).

Each is a keyword ability as data (``{kind = "keyword", keyword = "fading", n = 3}``, echo with
its ``cost``) expanded after layer 6 into the abilities it means
(:func:`reference_engine.layers.keywords.keyword_expansion`), one set per instance:

* Echo [cost] (702.30a): "At the beginning of your upkeep, if this permanent came under your
  control since the beginning of your last upkeep, sacrifice it unless you pay [cost]" (condition
  ``controlled_since_last_upkeep``, an intervening if, 603.4).
* Fading N (702.32a): enters with N fade counters; at the beginning of your upkeep, remove a fade
  counter from it; if you can't, sacrifice it (effect ``remove_counter`` with ``if_cant``).
* Modular N (702.43a-b): enters with N +1/+1 counters; when it dies, you may put a +1/+1 counter
  on target artifact creature for each +1/+1 counter it had as it last existed (effect
  ``put_last_known_counters``, 603.10a, 608.2h).
* Bloodthirst N (702.54a, c): if an opponent was dealt damage this turn, enters with N +1/+1
  counters (amount ``if_opponent_damaged``); each instance applies separately.
* Vanishing [N] (702.63a-c): enters with N time counters (none without N); at the beginning of
  your upkeep, if it has a time counter, remove one; when the last is removed, sacrifice it
  (trigger ``last_counter_removed``).
* Living weapon (702.92a): when this Equipment enters, create a 0/0 black Phyrexian Germ creature
  token, then attach this to it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.amounts import AmountContext, amount
from reference_engine.core.context import ResolveContext, effect, objects_of
from reference_engine.damage.counter_replacements import put_counters
from reference_engine.layers.conditions import ConditionContext, condition
from reference_engine.layers.keywords import keyword_expansion
from reference_engine.resolution.stack import run_effect
from reference_engine.triggers.abilities import trigger_matcher
from reference_engine.triggers.last_known import last_known_info

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import Event, GameState

__all__: list[str] = []

_UPKEEP = {"event": "beginning_of_step", "step": "upkeep", "player": "you"}


def _n(ability: Mapping[str, Any]) -> int | None:
    n = ability.get("n")
    return int(n) if isinstance(n, int) and not isinstance(n, bool) else None


def _enters_with(kind: str, n: Any) -> dict[str, Any]:
    return {"kind": "replacement", "event": "enters", "counters": {kind: n}}


def _text(ability: Mapping[str, Any], name: str) -> str:
    n = _n(ability)
    return str(ability.get("text") or (name if n is None else f"{name} {n}"))


@keyword_expansion(lambda name: name == "echo")
def _echo(ability: Mapping[str, Any]) -> list[dict[str, Any]]:
    """702.30a: sacrifice it at your upkeep unless you pay the echo cost, if it came under your
    control since your last upkeep."""
    return [{"kind": "triggered", "text": _text(ability, "Echo"), "trigger": dict(_UPKEEP),
             "condition": {"controlled_since_last_upkeep": True},
             "effects": [{"type": "unless_pays", "mana": str(ability.get("cost", "{0}")),
                          "effects": [{"type": "sacrifice", "target": "self"}]}]}]


@keyword_expansion(lambda name: name == "fading")
def _fading(ability: Mapping[str, Any]) -> list[dict[str, Any]]:
    """702.32a: N fade counters as it enters; each upkeep remove one, or sacrifice it."""
    return [_enters_with("fade", _n(ability) or 0),
            {"kind": "triggered", "text": _text(ability, "Fading"), "trigger": dict(_UPKEEP),
             "effects": [{"type": "remove_counter", "target": "self", "counter": "fade",
                          "if_cant": [{"type": "sacrifice", "target": "self"}]}]}]


@keyword_expansion(lambda name: name == "vanishing")
def _vanishing(ability: Mapping[str, Any]) -> list[dict[str, Any]]:
    """702.63a-b: N time counters as it enters (none for vanishing without a number); each
    upkeep, if it has one, remove one; when the last is removed, sacrifice it."""
    n = _n(ability)
    out = [] if n is None else [_enters_with("time", n)]
    return [
        *out,
        {"kind": "triggered", "text": _text(ability, "Vanishing"), "trigger": dict(_UPKEEP),
         "condition": {"source_has_counter": "time"},
         "effects": [{"type": "remove_counter", "target": "self", "counter": "time"}]},
        {"kind": "triggered", "text": _text(ability, "Vanishing"),
         "trigger": {"event": "last_counter_removed", "counter": "time"},
         "effects": [{"type": "sacrifice", "target": "self"}]}]


@keyword_expansion(lambda name: name == "modular")
def _modular(ability: Mapping[str, Any]) -> list[dict[str, Any]]:
    """702.43a: N +1/+1 counters as it enters; when it dies, you may put its +1/+1 counters on
    target artifact creature."""
    return [_enters_with("+1/+1", _n(ability) or 0),
            {"kind": "triggered", "text": _text(ability, "Modular"), "optional": True,
             "trigger": {"event": "dies", "self": True},
             "targets": [{"name": "t", "kind": "creature", "filter": {"type": "Artifact"}}],
             "effects": [{"type": "put_last_known_counters", "target": "t",
                          "counter": "+1/+1"}]}]


@keyword_expansion(lambda name: name == "bloodthirst")
def _bloodthirst(ability: Mapping[str, Any]) -> list[dict[str, Any]]:
    """702.54a: if an opponent was dealt damage this turn, N +1/+1 counters as it enters."""
    return [_enters_with("+1/+1", {"if_opponent_damaged": _n(ability) or 0})]


@keyword_expansion(lambda name: name == "living weapon")
def _living_weapon(ability: Mapping[str, Any]) -> list[dict[str, Any]]:
    """702.92a: when this Equipment enters, a 0/0 black Phyrexian Germ creature token, then
    attach this to it."""
    germ = {"name": "Phyrexian Germ Token", "types": ["Creature"],
            "subtypes": ["Phyrexian", "Germ"], "colors": ["black"], "power": 0, "toughness": 0}
    return [{"kind": "triggered", "text": "Living weapon",
             "trigger": {"event": "enters", "self": True},
             "effects": [{"type": "create_token", "token": germ, "remember": "germ"},
                         {"type": "attach", "target": "germ"}]}]


# -- conditions, amounts, effects, triggers ------------------------------------------------------

def _previous_upkeep(state: GameState, player: str) -> int | None:
    """The turn of ``player``'s most recent upkeep before this turn's, if the log has it."""
    for event in reversed(state.events):
        d = event.details
        if (event.kind == "step" and d.get("step") == "upkeep" and d.get("active") == player
                and int(d.get("turn", state.turn)) < state.turn):
            return int(d["turn"])
    return None


@condition("controlled_since_last_upkeep", arg="bool", cr=("702.30a",),
           example='Echo: {controlled_since_last_upkeep = true}')
def _since_last_upkeep(state: GameState, value: Any, ctx: ConditionContext) -> bool:
    """The source came under its controller's control since the beginning of their last
    upkeep (702.30a): during or after the turn of that upkeep; with no earlier upkeep of
    theirs in this game, since the game began."""
    obj = state.objects.get(ctx.source) if ctx.source is not None else None
    if obj is None or ctx.you is None:
        return False
    last = _previous_upkeep(state, ctx.you)
    came = obj.controlled_since >= last if last is not None else obj.controlled_since > 0
    return came == bool(value)


@condition("source_has_counter", arg="str", cr=("702.63a",),
           example='Vanishing: {source_has_counter = "time"}')
def _has_counter(state: GameState, value: Any, ctx: ConditionContext) -> bool:
    """The source has at least one counter of this kind."""
    obj = state.objects.get(ctx.source) if ctx.source is not None else None
    return obj is not None and obj.counters.get(str(value), 0) > 0


def _damage_turn_events(state: GameState) -> list[Event]:
    out: list[Event] = []
    for event in reversed(state.events):
        if event.kind == "step" and int(event.details.get("turn", state.turn)) < state.turn:
            break
        if event.kind == "damage":
            out.append(event)
    return out


@amount("if_opponent_damaged", arg="int", cr=("702.54a",),
        example='Bloodthirst 2: {if_opponent_damaged = 2}')
def _if_opponent_damaged(ctx: AmountContext, arg: Any) -> int:
    """The number if an opponent of "you" was dealt damage this turn, else 0 (702.54a)."""
    you = ctx.player(None)
    hurt = any(e.details.get("player") in ctx.state.opponents(you)
               for e in _damage_turn_events(ctx.state))
    return int(arg) if hurt else 0


@effect("remove_counter", params={
    "target": "ref: the permanent (\"self\")", "counter": "str: the kind of counter",
    "if_cant": "effects: what happens if no such counter could be removed"},
    cr=("122.1", "702.32a", "702.63a", "702.62a"),
    example='Fading: {type = "remove_counter", target = "self", counter = "fade", '
    'if_cant = [{type = "sacrifice", target = "self"}]}')
def _remove_counter(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Remove one counter of a kind from each permanent referred to; "if you can't", the
    ``if_cant`` effects happen instead (fading, 702.32a)."""
    kind = str(p.get("counter", "+1/+1"))
    removed = False
    for obj in objects_of(ctx, ctx.refs(p)):
        have = obj.counters.get(kind, 0)
        # A permanent's counters, or a suspended card's in exile (702.62a).
        if obj.zone not in ("battlefield", "exile") or have <= 0:
            continue
        obj.counters[kind] = have - 1
        if obj.counters[kind] == 0:
            del obj.counters[kind]
        removed = True
        ctx.state.log("counters-removed", object=obj.id, counter=kind, amount=1,
                      left=have - 1)
    ctx.state.changed()
    if not removed:
        for eff in p.get("if_cant", []):
            run_effect(ctx, eff)


@effect("put_last_known_counters", params={
    "target": "ref: what gets the counters", "counter": "str: the kind (default +1/+1)"},
    cr=("702.43a", "603.10a", "608.2h"),
    example='Modular: {type = "put_last_known_counters", target = "t", counter = "+1/+1"}')
def _put_last_known(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Put on each target as many counters of a kind as the permanent whose leaving triggered
    this ability had as it last existed on the battlefield (702.43a, 608.2h)."""
    kind = str(p.get("counter", "+1/+1"))
    event = ctx.obj.extra.get("trigger_event")
    old = getattr(event, "details", {}).get("old")
    known = last_known_info(ctx.state, int(old)) if isinstance(old, int) else None
    n = known.object.counters.get(kind, 0) if known is not None else 0
    for obj in objects_of(ctx, ctx.refs(p)):
        if n > 0:
            put_counters(ctx.state, obj, kind, n)
    ctx.state.changed()


@trigger_matcher("last_counter_removed", cr=("702.63a",),
                 example='Vanishing: {event = "last_counter_removed", counter = "time"}')
def _last_removed(state: GameState, obj: GameObject, spec: Mapping[str, Any],
                  event: Event) -> bool:
    """When the last counter of a kind is removed from this permanent (702.63a)."""
    d = event.details
    return (event.kind == "counters-removed" and d.get("object") == obj.id
            and d.get("counter") == spec.get("counter") and d.get("left") == 0)
