"""Creature keywords about +1/+1 counters and tokens: outlast (702.107), evolve (702.100),
renown (702.112), fabricate (702.123), afterlife (702.135).

Each is keyword data (``{kind = "keyword", keyword = "renown", n = 1}``; outlast with its
``cost``); the triggered ones are counted instance by instance
(:func:`reference_engine.triggers.keyword_instances.triggered_keyword`), so each instance
triggers separately (702.100d, 702.112c, 702.123b, 702.135b).

* Outlast [cost] (702.107a): "[Cost], {T}: Put a +1/+1 counter on this creature. Activate only as
  a sorcery."
* Evolve (702.100a): whenever a creature you control enters, if its power is greater than this
  creature's and/or its toughness is greater than this creature's, a +1/+1 counter on this
  creature; the comparison is made as it triggers and again as it resolves (an intervening if,
  603.4), with the entering creature's last known values if it has left (608.2h).
* Renown N (702.112a-c): when this deals combat damage to a player, if it isn't renowned, N +1/+1
  counters on it and it becomes renowned (a designation that lasts until it leaves the
  battlefield; ``extra["renowned"]``, filter key ``renowned``); a second instance finds it
  renowned and does nothing.
* Fabricate N (702.123a): when this enters, you may put N +1/+1 counters on it; if you don't,
  create N 1/1 colorless Servo artifact creature tokens (choice ``fabricate``: "counters", the
  default, or "tokens").
* Afterlife N (702.135a): when this is put into a graveyard from the battlefield, create N 1/1
  white and black Spirit creature tokens with flying.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.choices import choose
from reference_engine.core.context import ResolveContext, effect
from reference_engine.damage.counter_replacements import put_counters
from reference_engine.layers.conditions import ConditionContext, condition
from reference_engine.layers.filters import filter_key
from reference_engine.layers.keywords import keyword_expansion
from reference_engine.layers.system import compute_all
from reference_engine.objects.tokens import create_token
from reference_engine.triggers.abilities import trigger_matcher
from reference_engine.triggers.keyword_instances import triggered_keyword
from reference_engine.triggers.last_known import last_known_info

if TYPE_CHECKING:
    from reference_engine.core.characteristics import Characteristics
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import Event, GameState

__all__: list[str] = []

RENOWNED = "renowned"
_SERVO = {"name": "Servo Token", "types": ["Artifact", "Creature"], "subtypes": ["Servo"],
          "colors": [], "power": 1, "toughness": 1}
_SPIRIT = {"name": "Spirit Token", "types": ["Creature"], "subtypes": ["Spirit"],
           "colors": ["white", "black"], "power": 1, "toughness": 1,
           "abilities": [{"kind": "keyword", "keyword": "flying"}]}


def _n(n: int | None) -> int:
    return 1 if n is None else n


@keyword_expansion(lambda name: name == "outlast")
def _outlast(ability: Mapping[str, Any]) -> list[dict[str, Any]]:
    """702.107a: "[Cost], {T}: Put a +1/+1 counter on this creature. Activate only as a
    sorcery"."""
    cost = str(ability.get("cost", "{0}"))
    return [{"kind": "activated", "text": str(ability.get("text") or f"Outlast {cost}"),
             "cost": {"mana": cost, "tap": True}, "timing": "sorcery",
             "effects": [{"type": "put_counters", "target": "self", "counter": "+1/+1",
                          "amount": 1}]}]


triggered_keyword("evolve", lambda n: [{
    "kind": "triggered", "keyword": "evolve", "text": "Evolve",
    "trigger": {"event": "creature_you_control_enters_bigger"},
    "effects": [{"type": "evolve"}]}])
triggered_keyword("renown", lambda n: [{
    "kind": "triggered", "keyword": "renown", "text": f"Renown {_n(n)}",
    "trigger": {"event": "deals_combat_damage_to_player"},
    "condition": {"source_renowned": False},
    "effects": [{"type": "renown", "amount": _n(n)}]}])
triggered_keyword("fabricate", lambda n: [{
    "kind": "triggered", "keyword": "fabricate", "text": f"Fabricate {_n(n)}",
    "trigger": {"event": "enters", "self": True},
    "effects": [{"type": "fabricate", "amount": _n(n)}]}])
triggered_keyword("afterlife", lambda n: [{
    "kind": "triggered", "keyword": "afterlife", "text": f"Afterlife {_n(n)}",
    "trigger": {"event": "leaves_battlefield", "self": True, "to": "graveyard"},
    "effects": [{"type": "create_token", "token": dict(_SPIRIT), "amount": _n(n)}]}])


def _bigger(entering: Characteristics, this: Characteristics) -> bool:
    """702.100a: greater power and/or greater toughness (a value that isn't a number loses)."""
    def gt(a: Any, b: Any) -> bool:
        return isinstance(a, int) and isinstance(b, int) and a > b
    return gt(entering.power, this.power) or gt(entering.toughness, this.toughness)


@trigger_matcher("creature_you_control_enters_bigger", cr=("702.100a", "603.4"),
                 example='Evolve: {event = "creature_you_control_enters_bigger"}')
def _enters_bigger(state: GameState, obj: GameObject, spec: Mapping[str, Any],
                   event: Event) -> bool:
    """Whenever a creature you control enters, if its power or toughness is greater than this
    creature's (evolve, 702.100a)."""
    if event.kind != "enters":
        return False
    entered = state.objects.get(int(event.details.get("object", -1)))
    if entered is None or entered.id == obj.id or entered.controller != obj.controller:
        return False
    chars = compute_all(state)
    c, mine = chars.get(entered.id), chars.get(obj.id)
    return (c is not None and mine is not None and c.has_type("Creature")
            and mine.has_type("Creature") and _bigger(c, mine))


@effect("evolve", params={}, cr=("702.100a", "603.4", "608.2h"),
        example='Evolve: {type = "evolve"}')
def _evolve(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """A +1/+1 counter on the source if the creature that entered is still greater in power
    or toughness (checked again as this resolves, 603.4; its last known values if it left)."""
    state = ctx.state
    source = state.objects.get(ctx.source_id)
    if source is None or source.zone != "battlefield":
        return
    event = ctx.obj.extra.get("trigger_event")
    oid = getattr(event, "details", {}).get("object")
    chars = compute_all(state)
    entering = chars.get(int(oid)) if isinstance(oid, int) else None
    if entering is None and isinstance(oid, int):
        known = last_known_info(state, oid)
        entering = known.chars if known is not None else None
    if entering is not None and _bigger(entering, chars[source.id]):
        put_counters(state, source, "+1/+1", 1)
        state.changed()


@condition("source_renowned", arg="bool", cr=("702.112a", "702.112b"),
           example='Renown: {source_renowned = false}')
def _is_renowned(state: GameState, value: Any, ctx: ConditionContext) -> bool:
    """Whether the source is renowned (702.112b)."""
    obj = state.objects.get(ctx.source) if ctx.source is not None else None
    renowned = obj is not None and bool(obj.extra.get(RENOWNED))
    return renowned == bool(value)


@effect("renown", params={"amount": "int: N, the +1/+1 counters to put"},
        cr=("702.112a", "702.112b"), example='Renown 1: {type = "renown", amount = 1}')
def _renown(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """N +1/+1 counters on the source, which becomes renowned (702.112a)."""
    source = ctx.state.objects.get(ctx.source_id)
    if source is None or source.zone != "battlefield":
        return
    put_counters(ctx.state, source, "+1/+1", ctx.amount(p.get("amount", 1)))
    source.extra[RENOWNED] = True
    ctx.state.changed()


@filter_key(RENOWNED, characteristic=False)
def _renowned_key(state: GameState, obj: GameObject, chars: Characteristics, value: Any,
                  ctx: Any) -> bool:
    """true: is a renowned permanent (702.112b)."""
    return (obj.zone == "battlefield" and bool(obj.extra.get(RENOWNED))) == bool(value)


@effect("fabricate", params={"amount": "int: N"}, cr=("702.123a",),
        example='Fabricate 2: {type = "fabricate", amount = 2}')
def _fabricate(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """N +1/+1 counters on the source, or, if its controller doesn't (choice ``fabricate =
    "tokens"``, or the source has left the battlefield), N 1/1 Servo tokens (702.123a)."""
    n = ctx.amount(p.get("amount", 1))
    source = ctx.state.objects.get(ctx.source_id)
    pick = choose(ctx.state, "fabricate", ["counters", "tokens"], default="counters",
                  has_default=True)
    if pick == "counters" and source is not None and source.zone == "battlefield":
        put_counters(ctx.state, source, "+1/+1", n)
    else:
        for _ in range(n):
            create_token(ctx.state, dict(_SERVO), ctx.controller)
    ctx.state.changed()
