"""Keyword actions that mark a permanent or change values: suspect (701.60), exert (701.43),
endure (701.63), tripling power and toughness (701.11), doubling a life total (701.10d) and
exchanges of life totals and of control (701.12).

* ``suspect {target}``: each target creature becomes suspected until it leaves the battlefield:
  it has menace and "this creature can't block" (701.60a, 701.60c); suspected is a designation
  on the permanent, not copiable (701.60b), and a suspected permanent can't become suspected
  again (701.60d).
* ``exert {target = "self"}``: the permanent doesn't untap during its controller's next untap
  step (701.43a), whether or not it is tapped, and exerting it twice before then still skips
  only that one untap (701.43b); an object not on the battlefield can't be exerted (701.43c).
* ``endure {amount, target = "self"}``: its controller puts N +1/+1 counters on it unless they
  create an N/N white Spirit creature token instead (choice ``endure``: ``"counters"``, the
  default, or ``"token"``, 701.63a); endure 0 does nothing (701.63b).
* ``triple_pt {target, power = true, toughness = true}``: +X/+Y until end of turn, X and Y
  twice its power and toughness now, negative for a negative value (701.11a-c).
* ``double_life {target}``: the player gains or loses life to have twice their life total
  (701.10d).
* ``exchange_life {target}``: the two players referred to exchange life totals, each gaining or
  losing the difference (701.12c); a player who can't gain life isn't raised (119.7).
* ``harness {target = "self"}``: if the permanent isn't harnessed, it becomes harnessed
  (701.64a): a marker other abilities read (filter key ``harnessed``), on the permanent until
  it leaves the battlefield; not an ability and not copiable (701.64b).
* ``exchange_control {target}``: the two permanents referred to change controllers, only if both
  are still on the battlefield (701.12a), and nothing happens if one player controls both
  (701.12b).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from reference_engine.core.choices import choose
from reference_engine.core.context import ResolveContext, effect, objects_of
from reference_engine.core.continuous import ContinuousEffect
from reference_engine.core.objects import SKIP_UNTAP, GameObject
from reference_engine.core.state import GameState
from reference_engine.damage.counter_replacements import put_counters
from reference_engine.layers.control import change_control
from reference_engine.layers.effects import add_rule_effect
from reference_engine.layers.filters import filter_key
from reference_engine.layers.system import compute_all
from reference_engine.objects.tokens import create_token
from reference_engine.triggers.life import gain_life

__all__ = ["HARNESSED", "SUSPECTED"]

#: Where a permanent remembers that it is suspected (701.60b).
SUSPECTED = "suspected"
#: Where a permanent remembers that it is harnessed (701.64b).
HARNESSED = "harnessed"


def _on_battlefield(ctx: ResolveContext, p: Mapping[str, Any]) -> list[GameObject]:
    return [o for o in objects_of(ctx, ctx.refs({"target": p.get("target", "self")}))
            if o.zone == "battlefield"]


@effect("suspect", params={"target": "ref: the creatures suspected"},
        cr=("701.60a", "701.60b", "701.60c", "701.60d"),
        example='{type = "suspect", target = "t"}')
def _suspect(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Suspect (701.60a): the permanent has menace and can't block for as long as it is
    suspected (701.60c), i.e. until it leaves the battlefield; one already suspected can't
    become suspected again (701.60d)."""
    state = ctx.state
    for obj in _on_battlefield(ctx, p):
        if obj.extra.get(SUSPECTED):
            continue
        obj.extra[SUSPECTED] = True
        # Both effects follow this object only: a new object after a zone change is not
        # suspected (400.7, 701.60a).
        state.effects.append(ContinuousEffect(
            op={"type": "add_abilities", "keywords": ["menace"]},
            timestamp=state.new_timestamp(), affected=[obj.id], source=ctx.source_id,
            controller=ctx.controller, duration="permanent"))
        add_rule_effect(state, "cant_block", [obj.id], controller=ctx.controller,
                        source=ctx.source_id, duration="permanent")
        state.log("suspected", object=obj.id, card=obj.card.name)
    state.changed()


@effect("harness", params={"target": "ref: what is harnessed (default self)"},
        cr=("701.64a", "701.64b"), example='{type = "harness"}')
def _harness(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Harness (701.64a): a permanent not harnessed becomes harnessed, a designation of that
    object only: a new object after a zone change isn't, and a copy doesn't copy it
    (701.64b)."""
    for obj in _on_battlefield(ctx, p):
        if not obj.extra.get(HARNESSED):
            obj.extra[HARNESSED] = True
            ctx.state.log("harnessed", object=obj.id, card=obj.card.name)
    ctx.state.changed()


@filter_key("harnessed", characteristic=False)
def _is_harnessed(state: GameState, obj: GameObject, chars: Any, value: Any, ctx: Any) -> bool:
    """701.64b: the permanent is harnessed (true) or isn't (false)."""
    return bool(obj.extra.get(HARNESSED)) == bool(value)


@effect("exert", params={"target": "ref: what is exerted (default self)"},
        cr=("701.43a", "701.43b", "701.43c"), example='{type = "exert"}')
def _exert(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Exert (701.43a): the permanent won't untap during its controller's next untap step;
    exerting it again before then changes nothing (701.43b); only a permanent can be
    exerted (701.43c)."""
    for obj in _on_battlefield(ctx, p):
        obj.extra[SKIP_UNTAP] = True
        ctx.state.log("exerted", object=obj.id, card=obj.card.name)
    ctx.state.changed()


@effect("endure", params={"amount": "amount: N", "target": "ref: what endures (default self)"},
        cr=("701.63a", "701.63b"), example='{type = "endure", amount = 2}')
def _endure(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Endure N (701.63a): N +1/+1 counters on the permanent, or an N/N white Spirit creature
    token for its controller (choice ``endure``); endure 0 does nothing (701.63b)."""
    n = ctx.amount(p.get("amount", 1))
    if n <= 0:
        return
    for obj in objects_of(ctx, ctx.refs({"target": p.get("target", "self")})):
        choice = choose(ctx.state, "endure", ["counters", "token"], default="counters",
                        has_default=True)
        if choice == "counters" and obj.zone == "battlefield":
            put_counters(ctx.state, obj, "+1/+1", n)
            continue
        # 701.63a: "unless": the token comes when the counters aren't put (chosen, or the
        # permanent is gone and can't get them).
        create_token(ctx.state, {"name": "Spirit", "types": ["Creature"],
                                 "subtypes": ["Spirit"], "colors": ["white"], "power": n,
                                 "toughness": n}, obj.controller)
    ctx.state.changed()


def _tripled(value: Any) -> int:
    # 701.11b-c: twice the value, which is negative for a negative value.
    return 2 * value if isinstance(value, int) else 0


@effect("triple_pt", params={"target": "ref: the creatures",
                             "power": "bool: triple its power (default true)",
                             "toughness": "bool: triple its toughness (default true)"},
        cr=("701.11a", "701.11b", "701.11c"), example='{type = "triple_pt", target = "t"}')
def _triple_pt(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Triple power and/or toughness (701.11a): +X/+Y until end of turn, X twice its power
    and Y twice its toughness as this resolves (701.11b), -X for a negative value (701.11c),
    a modification in layer 7c, not a set value (613.4c)."""
    state = ctx.state
    chars = compute_all(state)
    for obj in _on_battlefield(ctx, p):
        c = chars[obj.id]
        power = _tripled(c.power) if p.get("power", True) else 0
        tough = _tripled(c.toughness) if p.get("toughness", True) else 0
        state.effects.append(ContinuousEffect(
            op={"type": "modify_pt", "power": power, "toughness": tough},
            timestamp=state.new_timestamp(), affected=[obj.id], source=ctx.source_id,
            controller=ctx.controller, duration="end-of-turn"))
    state.changed()


def _set_life(state: GameState, player: str, new: int, source: int) -> None:
    """Gain or lose life to reach ``new`` (701.10d, 701.12c): a gain is a life gain event
    (it can't happen if the player can't gain life, 119.7)."""
    difference = new - state.players[player].life
    if difference > 0:
        gain_life(state, player, difference, source=source)
    elif difference < 0:
        state.players[player].life += difference
        state.log("life-lost", player=player, amount=-difference, source=source)
    state.changed()


def _players(ctx: ResolveContext, p: Mapping[str, Any]) -> list[str]:
    return [str(r["player"]) for r in ctx.refs(p) if "player" in r]


@effect("double_life", params={"target": "ref: whose life total is doubled"},
        cr=("701.10d",), example='{type = "double_life", target = "controller"}')
def _double_life(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Double a life total (701.10d): the player gains or loses life so that their total is
    twice what it is now."""
    for player in _players(ctx, p):
        _set_life(ctx.state, player, 2 * ctx.state.players[player].life, ctx.source_id)


@effect("exchange_life", params={"target": "ref: the two players (a slot of two targets, or "
                                           "a list of two references)"},
        cr=("701.12a", "701.12c"), example='{type = "exchange_life", target = ["controller", "t"]}')
def _exchange_life(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Exchange life totals (701.12c): each player gains or loses the life needed to have the
    other's previous total; gains are life gain events and may be stopped (119.7)."""
    players = _refs_of(ctx, p.get("target"), "player")
    if len(players) != 2 or players[0] == players[1]:
        return  # 701.12a: the whole exchange can't be completed
    a, b = (str(x) for x in players)
    life_a, life_b = ctx.state.players[a].life, ctx.state.players[b].life
    _set_life(ctx.state, a, life_b, ctx.source_id)
    _set_life(ctx.state, b, life_a, ctx.source_id)


def _refs_of(ctx: ResolveContext, target: Any, kind: str) -> list[Any]:
    parts = target if isinstance(target, list) else [target]
    out: list[Any] = []
    for part in parts:
        out += [r[kind] for r in ctx.refs({"target": part}) if kind in r]
    return out


@effect("exchange_control", params={"target": "ref: the two permanents (a slot of two "
                                               "targets, or a list of two references)"},
        cr=("701.12a", "701.12b"), example='{type = "exchange_control", target = "t"}')
def _exchange_control(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Exchange control of two permanents (701.12b): each player gains control of the one the
    other controlled, at once; nothing happens if the whole exchange can't be completed
    (701.12a: one of them left the battlefield) or if one player controls both (701.12b)."""
    ids = [int(i) for i in _refs_of(ctx, p.get("target"), "object")]
    objs = [ctx.state.objects.get(i) for i in ids]
    if len(objs) != 2 or any(o is None or o.zone != "battlefield" for o in objs):
        return
    first, second = objs
    assert first is not None and second is not None
    if first.controller == second.controller:
        return
    was_first, was_second = first.controller, second.controller
    change_control(ctx.state, first, was_second)
    change_control(ctx.state, second, was_first)
