"""Keyword actions that put counters (CR 122, 701): putting counters, proliferate (701.34),
adapt (701.46), monstrosity (701.37), bolster (701.39), doubling counters (701.10e).

Every counter put here goes through :func:`reference_engine.damage.counter_replacements.
put_counters`, so replacement effects on counters apply (614.16).

* ``put_counters {target, counter = "+1/+1", amount = 1}``: on each object referred to.
* ``proliferate {}``: the controller chooses any number of permanents and players that have
  a counter (choice ``proliferate``: handles and player names, ``"none"`` for none; without an
  answer, all of them); each gets one more counter of each kind it already has (701.34a). In
  Two-Headed Giant a team's shared poison counters grow by one however many of its players
  are chosen (701.34b, 810.10).
* ``adapt {amount, target = "self"}``: if it has no +1/+1 counter, put ``amount`` on it
  (701.46a).
* ``monstrosity {amount, target = "self"}``: if it isn't monstrous, put ``amount`` +1/+1
  counters on it and it becomes monstrous (701.37a-b); its other abilities read that X as the
  amount ``{monstrosity_x = "self"}`` (701.37c); trigger event ``becomes_monstrous``.
* ``bolster {amount}``: put ``amount`` +1/+1 counters on a creature you control with the least
  toughness (choice ``bolster`` among those tied, 701.39a).
* ``double_counters {target, counter}``: it gets as many more counters of that kind as it has
  (701.10e).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.amounts import AmountContext, amount
from reference_engine.core.choices import choose
from reference_engine.core.context import ResolveContext, effect, objects_of
from reference_engine.core.errors import RulesViolation, SetupError
from reference_engine.core.state import shares_life, team_of
from reference_engine.damage.counter_replacements import put_counters
from reference_engine.damage.kinds import POISON_KEY, poison
from reference_engine.layers.system import compute_all
from reference_engine.resolution.stack import effect_condition_holds
from reference_engine.triggers.abilities import trigger_matcher
from reference_engine.triggers.last_known import last_known_info

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import Event, GameState

__all__ = ["MONSTROUS"]

#: Where a permanent remembers that it became monstrous (701.37b) and its X (701.37c).
MONSTROUS = "monstrosity_x"
#: The kinds of counter a player can have here, kept in ``Player.extra`` under their names:
#: poison (122.1f) and rad (727.1).
RAD = "rad"
PLAYER_COUNTERS = (POISON_KEY, RAD)


def _amount(ctx: ResolveContext, value: Any) -> int:
    return ctx.x if value == "X" else ctx.amount(value)


def _targets(ctx: ResolveContext, p: Mapping[str, Any]) -> list[GameObject]:
    return [o for o in objects_of(ctx, ctx.refs({"target": p.get("target", "self")}))
            if o.zone == "battlefield"]


@effect("put_counters", params={
    "target": "ref: what gets the counters (a target slot, \"self\", ...)",
    "counter": "str: the kind of counter (default \"+1/+1\")",
    "amount": "amount: how many (default 1; \"X\": the X of the spell, or in an enters "
              "trigger the X of the spell that became the permanent, 107.3m)",
    "instead": "table: a self-replacement {amount, condition}: that many instead when the "
               "condition holds, applied before other replacements (614.15, 616.1a)"},
    cr=("122.1", "614.16", "614.15"),
    example='{type = "put_counters", target = "t", amount = 2}')
def _put_counters(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Put ``amount`` counters of kind ``counter`` on each target (CR 122.1), as modified by
    counter replacement effects (614.16). ``instead = {amount, condition}`` is the effect's
    own self-replacement ("put three counters on it instead if a creature died this turn"),
    applied before the others (614.15, 616.1a)."""
    amount = _amount(ctx, p.get("amount", 1))
    instead = p.get("instead")
    if isinstance(instead, Mapping) and effect_condition_holds(ctx, instead.get("condition", {})):
        # 614.15, 616.1a: a self-replacement ("put three counters instead if ...") changes the
        # event first, before any other replacement effect applies to it.
        amount = _amount(ctx, instead.get("amount", amount))
    kind = str(p.get("counter", "+1/+1"))
    refs = ctx.refs(p)
    for obj in objects_of(ctx, refs):
        put_counters(ctx.state, obj, kind, amount)
    if kind in PLAYER_COUNTERS:
        # 122.1f, 727.1: a player can have poison counters ("that player gets N poison
        # counters", poisonous 702.70a) and rad counters.
        for ref in refs:
            if "player" in ref and amount > 0:
                player = ctx.state.players[str(ref["player"])]
                player.extra[kind] = int(player.extra.get(kind, 0)) + amount
                ctx.state.log("counters-added", player=player.name, counter=kind, amount=amount)
    ctx.state.changed()


@effect("proliferate", params={}, cr=("701.34a",), example='{type = "proliferate"}')
def _proliferate(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Proliferate (701.34a): choose any number of permanents and players with a counter; each
    gets one more counter of each kind it already has (choice ``proliferate``)."""
    state = ctx.state
    permanents = {o.name_for_log: o for o in state.battlefield()
                  if any(n > 0 for n in o.counters.values())}
    # 810.10: in Two-Headed Giant a team's poison counters are shared: each of its players
    # has them.
    players = [name for name, pl in state.players.items()
               if poison(state, name) > 0 or int(pl.extra.get(RAD, 0)) > 0]
    options = [*permanents, *players]
    answer = choose(state, "proliferate", None, default=options, has_default=True)
    chosen = [] if answer in ("none", None) else (
        [answer] if isinstance(answer, str) else list(answer))
    for label in chosen:
        if label not in options:
            raise RulesViolation("illegal-choice", f"proliferate: {label!r} has no counter "
                                 f"(choose among {options}, CR 701.34a)")
    poisoned: set[tuple[str, ...]] = set()
    for label in dict.fromkeys(chosen):
        if label in permanents:
            obj = permanents[label]
            for kind in sorted(k for k, n in obj.counters.items() if n > 0):
                put_counters(state, obj, kind, 1)
        else:
            pl = state.players[label]
            if int(pl.extra.get(RAD, 0)) > 0:
                pl.extra[RAD] = int(pl.extra[RAD]) + 1
            team = tuple(team_of(state, label)) if shares_life(state) else (label,)
            if poison(state, label) > 0 and team not in poisoned:
                # 701.34b: of a team sharing poison counters, one player chosen gets one.
                poisoned.add(team)
                pl.extra[POISON_KEY] = int(pl.extra.get(POISON_KEY, 0)) + 1
    state.log("proliferated", player=ctx.controller, chosen=list(dict.fromkeys(chosen)))
    state.changed()


@effect("adapt", params={"amount": "amount: N", "target": "ref: what adapts (default self)"},
        cr=("701.46a",), example='{type = "adapt", amount = 2}')
def _adapt(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Adapt N (701.46a): if the permanent has no +1/+1 counters, put N on it."""
    for obj in _targets(ctx, p):
        if obj.counters.get("+1/+1", 0) <= 0:
            put_counters(ctx.state, obj, "+1/+1", _amount(ctx, p.get("amount", 1)))
    ctx.state.changed()


@effect("monstrosity", params={"amount": "amount: N (or \"X\")",
                               "target": "ref: what becomes monstrous (default self)"},
        cr=("701.37a", "701.37b", "701.37c"), example='{type = "monstrosity", amount = 3}')
def _monstrosity(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Monstrosity N (701.37a): if the permanent isn't monstrous, put N +1/+1 counters on it
    and it becomes monstrous (701.37b); N is remembered for its other abilities (701.37c)."""
    n = _amount(ctx, p.get("amount", 1))
    for obj in _targets(ctx, p):
        if MONSTROUS in obj.extra:
            continue
        put_counters(ctx.state, obj, "+1/+1", n)
        obj.extra[MONSTROUS] = n
        ctx.state.log("became-monstrous", object=obj.id, card=obj.card.name, x=n)
    ctx.state.changed()


@amount("monstrosity_x", arg="str", cr=("701.37c",),
        example='"When this creature becomes monstrous, you gain X life": {monstrosity_x = '
                '"self"}')
def _monstrosity_x(ctx: AmountContext, ref: Any) -> int:
    """The X of "monstrosity X" as the permanent (``"self"``: the source) became monstrous,
    which its other abilities refer to (701.37c); 0 if it never did. A permanent that has left
    the battlefield is read as it last was there."""
    if ref not in (None, "self"):
        raise SetupError(f"monstrosity_x reads the source (\"self\"), not {ref!r}")
    if ctx.source is None:
        return 0
    obj = ctx.state.objects.get(ctx.source)
    if obj is None or obj.zone != "battlefield":
        info = last_known_info(ctx.state, ctx.source)
        obj = info.object if info is not None else None
    return int(obj.extra.get(MONSTROUS, 0)) if obj is not None else 0


@trigger_matcher("becomes_monstrous", cr=("701.37b",),
                 example='Polukranos, World Eater: {event = "becomes_monstrous"}')
def _becomes_monstrous(state: GameState, obj: GameObject, spec: Mapping[str, Any],
                       event: Event) -> bool:
    """"When this permanent becomes monstrous" (701.37b)."""
    return event.kind == "became-monstrous" and event.details.get("object") == obj.id


@effect("bolster", params={"amount": "amount: N"}, cr=("701.39a",),
        example='{type = "bolster", amount = 2}')
def _bolster(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Bolster N (701.39a): N +1/+1 counters on a creature you control with the least
    toughness, chosen among those tied (choice ``bolster``)."""
    state = ctx.state
    chars = compute_all(state)
    mine = [o for o in state.battlefield() if o.controller == ctx.controller
            and chars[o.id].has_type("Creature")]
    if not mine:
        return
    least = min(int(chars[o.id].toughness or 0) for o in mine)
    tied = {o.name_for_log: o for o in mine if int(chars[o.id].toughness or 0) == least}
    label = str(choose(state, "bolster", list(tied)))
    put_counters(state, tied[label], "+1/+1", _amount(ctx, p.get("amount", 1)))
    state.changed()


@effect("double_counters", params={"target": "ref: the permanents",
                                   "counter": "str: the kind (default \"+1/+1\")"},
        cr=("701.10e",), example='{type = "double_counters", target = "t"}')
def _double_counters(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Double the counters of a kind on each permanent (701.10e): it gets as many more as it
    has."""
    kind = str(p.get("counter", "+1/+1"))
    for obj in objects_of(ctx, ctx.refs(p)):
        have = obj.counters.get(kind, 0)
        if have > 0:
            put_counters(ctx.state, obj, kind, have)
    ctx.state.changed()
