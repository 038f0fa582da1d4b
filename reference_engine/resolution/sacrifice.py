"""Sacrificing permanents as an effect (CR 701.21): "sacrifice it" and edicts.

Resolution effect ``sacrifice``, in two forms:

* ``sacrifice {target}``: the controller of the effect sacrifices each permanent referred to
  (``"self"``, a remembered ``"moved"``, a target slot), if they still control it: a player
  can sacrifice only a permanent they control (701.21a). Ball Lightning's end-step trigger,
  Sneak Attack's delayed "sacrifice the creature".
* ``sacrifice {player, filter, amount = 1}``: each named player sacrifices ``amount``
  permanents matching ``filter`` that they control, of their own choice (an edict: Diabolic
  Edict, Gatekeeper of Malakir). The choice is ``sacrifice`` (a handle, a list, or with several
  players a table by player); a player with no more such permanents than that sacrifices them
  all. It doesn't target the permanents, so hexproof or protection doesn't stop it.
  ``if_cant = [effects]``: what happens instead when a player couldn't sacrifice that many
  ("sacrifice a creature other than this. If you can't, it deals 7 damage to you", 608.2c).

A sacrificed permanent goes to its owner's graveyard (701.21a); a creature that does "dies"
(700.4). The sacrificed objects are remembered as ``"moved"``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.context import ResolveContext, effect, objects_of
from reference_engine.layers.filters import FilterContext, check_filter, matches
from reference_engine.layers.values import players_of
from reference_engine.resolution.hidden_zones import pick_cards
from reference_engine.resolution.stack import run_effect

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["sacrifice"]


def sacrifice(state: GameState, obj: GameObject) -> GameObject:
    """Sacrifice ``obj``: its controller moves it to its owner's graveyard (701.21a)."""
    state.log("sacrificed", object=obj.id, card=obj.card.name, player=obj.controller)
    return state.move(obj, "graveyard")


@effect("sacrifice")
def _sacrifice(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Sacrifice the permanents referred to, or each named player sacrifices permanents of their
    choice matching ``filter`` (CR 701.21)."""
    state = ctx.state
    moved: list[GameObject | None] = []
    if p.get("target") is not None:
        for obj in objects_of(ctx, ctx.refs(p)):
            if obj.zone == "battlefield" and obj.controller == ctx.controller:
                moved.append(sacrifice(state, obj))
        ctx.note_moved(moved, p)
        return
    flt = dict(p.get("filter", {}))
    check_filter(flt, "sacrifice.filter")
    n = ctx.amount(p.get("amount", 1))
    chosen: list[GameObject] = []
    short = False
    for player in players_of(ctx, p.get("player", "controller")):
        fctx = FilterContext(you=player, source=ctx.source_id)
        options = [o for o in state.battlefield() if o.controller == player
                   and (not flt or matches(state, o, flt, ctx=fctx))]
        picked = pick_cards(state, str(p.get("choice", "sacrifice")), options, n, n,
                            player=player)
        short = short or len(picked) < n
        chosen += picked
    # Every player's permanents are sacrificed at the same time (608.2e, 101.4).
    for obj in chosen:
        moved.append(sacrifice(state, obj))
    ctx.note_moved(moved, p)
    if short:
        # "Sacrifice a creature. If you can't, ...": the rest of the instruction happens only
        # if the sacrifice couldn't be done in full (608.2c).
        for eff in p.get("if_cant", []):
            run_effect(ctx, eff)
