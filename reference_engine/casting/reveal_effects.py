"""Revealing a card at random and acting on what it is (CR 701.20a, 608.2c, 118.12).

Resolution effects:

* ``reveal_random {player, remember = "revealed"}``: each named player reveals a card at
  random from their hand (701.20a; choice ``reveal_random`` fixes which, else seeded), which
  is remembered under ``remember`` for the rest of the effect (608.2c).
* ``unless_pays {player, life, mana, effects}``: the named player may pay the cost (choice
  ``pay``, true or false; life only up to their life total, 119.4; mana from their pool);
  unless they do, ``effects`` happen ("that player discards it unless they pay 1 life",
  118.12). ``life`` is an amount counted now ("life equal to its mana value":
  ``{mana_value_of = "revealed"}``).

With the condition ``remembered = {name, filter}`` ("if it's a land card") and the effect key
``if_remembered`` ("if you do"), an effect branches on the card it revealed: Wand of Ith.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.choices import choose
from reference_engine.core.context import ResolveContext, effect
from reference_engine.core.randomness import random_pick
from reference_engine.core.symbols import ManaCost, parse_mana_cost
from reference_engine.layers.values import players_of, remember
from reference_engine.mana.pool import pay
from reference_engine.resolution.stack import run_effect

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject

__all__: list[str] = []


def _label(obj: GameObject) -> str:
    return obj.handle or f"#{obj.id}"


@effect("reveal_random", params={
    "player": "player: whose hand (default the controller)",
    "remember": "str: the name the revealed card is remembered under (default revealed)"},
    cr=("701.20a", "608.2c"),
    example='Wand of Ith: {type = "reveal_random", player = "t"}')
def _reveal_random(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Each named player reveals a card at random from their hand (701.20a): choice
    ``reveal_random`` (a handle) fixes the card, else a seeded random pick; it is remembered
    for the rest of the effect (608.2c). An empty hand reveals nothing."""
    state = ctx.state
    found: list[int] = []
    for player in players_of(ctx, p.get("player", "controller")):
        hand = state.objects_in("hand", player)
        if not hand:
            continue
        by_label = {_label(o): o for o in hand}
        picked = by_label[random_pick(state, "reveal_random", list(by_label), 1)[0]]
        state.log("revealed", object=picked.id, card=picked.card.name, player=player)
        found.append(picked.id)
    remember(ctx, str(p.get("remember", "revealed")), found)


@effect("unless_pays", params={
    "player": "player: who may pay (default the controller)",
    "life": "amount: life to pay",
    "mana": "str: mana to pay from their pool",
    "times": "amount: the cost is paid this many times over (\"[cost] for each age counter\", "
             "cumulative upkeep 702.24a; default 1)",
    "effects": "effects!: what happens unless they pay"},
    cr=("118.12", "119.4", "702.24a"),
    example='Wand of Ith: {type = "unless_pays", player = "t", life = 1, effects = [...]}')
def _unless_pays(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """"... unless [that player] pays [cost]" (118.12): the player chooses (choice ``pay``);
    a cost they can't pay isn't paid (119.4: life only up to their life total). With ``times``,
    the cost is that many copies of it ("pay [cost] for each age counter on it", 702.24a);
    zero times is a cost of nothing, which can always be paid."""
    state = ctx.state
    times = max(ctx.amount(p["times"]), 0) if "times" in p else 1
    for player in players_of(ctx, p.get("player", "controller")):
        life = (max(ctx.amount(p["life"]), 0) if "life" in p else 0) * times
        paid = False
        if choose(state, "pay", [True, False]) and life <= state.players[player].life:
            mana = parse_mana_cost(str(p.get("mana", "")))
            mana = ManaCost(mana.symbols * times)
            if not mana.symbols or pay(state, player, mana):
                state.players[player].life -= life
                if life:
                    state.log("life-paid", player=player, amount=life)
                paid = True
        if not paid:
            for eff in p.get("effects", []):
                run_effect(ctx, eff)
