"""Separating objects into piles (CR 700.3), as Invasion's "divvy" cards do.

Resolution effect ``piles``::

    {type = "piles",
     objects = {zone = "library", player = "controller", top = 5, filter = {...}},
     separator = "opponent" | "controller" | <target slot>,
     chooser = "opponent" | "controller" | <target slot>,
     chosen = "hand", other = "graveyard"}

The separating player divides the objects into two piles (choice ``pile_1``: the handles of the
objects in the first pile; the rest form the second, 700.3a: a pile may be empty). The choosing
player picks one (choice ``pile``: 1 or 2). Then ``chosen`` happens to the chosen pile and
``other`` to the other one: ``hand``, ``graveyard``, ``exile``, ``battlefield`` (a zone to put the
pile into), ``destroy``, ``tap``, ``cant_attack`` / ``cant_block`` (the creatures of that pile
can't attack / block this turn, CR 611.2c), ``only_these_attack`` / ``only_these_block`` ("only
creatures in the chosen pile can attack / block this turn", Fight or Flight, Stand or Fall), or
``none``.

``only_these_attack`` / ``only_these_block`` restrict every other creature, not only the other
pile: a rule-modifying effect applies to objects that arrive later too (CR 611.2c, as Chaos's
"creatures can't block" does), and a creature that arrives after the piles were made, or leaves
and returns as a new object (400.7), is in no pile, so it can't attack / block. With
``for_each`` the chosen piles of all the players count together ("only creatures in the chosen
piles can block"), so one effect covers them all.

``for_each = "each_player" | "each_opponent" | ...`` repeats the division once per player, in
APNAP order ("each player separates all lands they control", "for each defending player");
``"that_player"`` then names that player in ``objects.player``, ``separator`` and ``chooser``
(``"that_player_opponent"``: an opponent of theirs), and the choices are named
``pile_1_<player>`` and ``pile_<player>``.

Separating into piles does not move anything: the objects stay in their zone as the same objects,
so nothing "leaves" or "enters" and no such ability triggers (700.3c; Invasion FAQ). Piles exist
only while the effect resolves (700.3b) and a graveyard keeps its order (700.3c, 404.2): each
pile is handled in the zone's order.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.choices import choose
from reference_engine.core.context import ResolveContext, effect
from reference_engine.core.errors import RulesViolation, SetupError
from reference_engine.damage.counter_kinds import destroy as destroy_permanent
from reference_engine.layers.filters import FilterContext, check_filter, matches
from reference_engine.layers.values import players_of, with_choices
from reference_engine.objects.entering import enter_battlefield

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["divide", "pile_objects"]

PILE_OUTCOMES = ("hand", "graveyard", "exile", "battlefield", "destroy", "tap", "cant_attack",
                 "cant_block", "only_these_attack", "only_these_block", "none")

#: ``only_these_<rule>`` outcomes: the rule (CR 508.1c, 509.1b) binds every creature but these.
_ONLY = {"only_these_attack": "cant_attack", "only_these_block": "cant_block"}


def pile_objects(ctx: ResolveContext, spec: Mapping[str, Any],
                 that_player: str | None = None) -> list[GameObject]:
    """The objects to separate, in their zone's order (library: top first)."""
    zone = str(spec.get("zone", "battlefield"))
    player = spec.get("player")
    players: list[str | None]
    if player == "that_player":
        players = [that_player]
    else:
        players = list(players_of(ctx, player)) if player is not None else [None]
    flt = with_choices(ctx, dict(spec.get("filter", {}))) or {}
    check_filter(flt, "piles.objects.filter")
    fctx = FilterContext(you=ctx.controller, source=ctx.source_id)
    out: list[GameObject] = []
    for p in players:
        objs = ctx.state.objects_in(zone, p) if zone != "battlefield" else [
            o for o in ctx.state.battlefield() if p is None or o.controller == p]
        if "top" in spec:
            objs = objs[:int(spec["top"])]
        out += [o for o in objs if o.id != ctx.obj.id and matches(ctx.state, o, flt, ctx=fctx)]
    return out


def divide(state: GameState, objs: list[GameObject], answer: Any) -> tuple[list[GameObject],
                                                                          list[GameObject]]:
    """Split ``objs`` into two piles from the separating player's answer (handles of the first
    pile), keeping the objects' order in each pile (CR 700.3)."""
    if not isinstance(answer, list) or not all(isinstance(h, str) for h in answer):
        raise SetupError("choice 'pile_1' must be a list of object handles")
    handles = {o.handle for o in objs}
    stray = [h for h in answer if h not in handles]
    if stray:
        raise RulesViolation("illegal-choice",
                             f"{', '.join(stray)} can't be put into a pile: not among the objects "
                             "being separated")
    first = [o for o in objs if o.handle in answer]
    second = [o for o in objs if o.handle not in answer]
    return first, second


def _apply(ctx: ResolveContext, pile: list[GameObject], outcome: str,
           spared: dict[str, list[int]]) -> None:
    """Do ``outcome`` to ``pile``; ``only_these_*`` piles are collected in ``spared`` (by rule)
    for :func:`_restrict_the_rest`."""
    state = ctx.state
    if outcome in _ONLY:
        spared.setdefault(_ONLY[outcome], []).extend(o.id for o in pile)
        return
    for obj in pile:
        if obj.id not in state.objects:
            continue
        if outcome in ("hand", "graveyard", "exile"):
            state.move(obj, outcome)
        elif outcome == "battlefield":
            enter_battlefield(state, obj, controller=ctx.controller)
        elif outcome == "destroy":
            destroy_permanent(state, obj)  # 702.12b indestructible, 122.1c shield counters
        elif outcome == "tap":
            obj.tapped = True
    if outcome in ("cant_attack", "cant_block") and pile:
        from reference_engine.layers.effects import add_rule_effect

        add_rule_effect(state, outcome, [o.id for o in pile], controller=ctx.controller,
                        source=ctx.source_id)


def _player(ctx: ResolveContext, ref: Any, that_player: str | None = None) -> str:
    if ref == "that_player" and that_player is not None:
        return that_player
    if ref in ("opponent", "that_player_opponent"):
        whose = that_player if ref == "that_player_opponent" and that_player else ctx.controller
        opponents = ctx.state.opponents(whose)
        return str(choose(ctx.state, "opponent", opponents))
    found = players_of(ctx, ref)
    if not found:
        raise SetupError(f"piles: no player for {ref!r}")
    return found[0]


def _restrict_the_rest(ctx: ResolveContext, spared: Mapping[str, list[int]]) -> None:
    """"Only creatures in the chosen pile(s) can attack / block this turn": one rule-modifying
    effect on every object but those (``{all_but = ids}``), including later arrivals (611.2c)."""
    from reference_engine.layers.effects import add_rule_effect

    for rule, ids in spared.items():
        add_rule_effect(ctx.state, rule, {"all_but": list(ids)}, controller=ctx.controller,
                        source=ctx.source_id)


def _divide_once(ctx: ResolveContext, p: Mapping[str, Any], that_player: str | None,
                 spared: dict[str, list[int]]) -> None:
    suffix = f"_{that_player}" if that_player is not None else ""
    objs = pile_objects(ctx, dict(p.get("objects", {})), that_player)
    separator = _player(ctx, p.get("separator", "controller"), that_player)
    chooser = _player(ctx, p.get("chooser", "controller"), that_player)
    first, second = divide(ctx.state, objs, choose(ctx.state, "pile_1" + suffix))
    ctx.state.extra["piles"] = [[o.id for o in first], [o.id for o in second]]
    ctx.state.log("piles", separator=separator, first=[o.id for o in first],
                  second=[o.id for o in second])
    pick = choose(ctx.state, "pile" + suffix, [1, 2])
    chosen, other = (first, second) if pick == 1 else (second, first)
    ctx.state.log("pile-chosen", player=chooser, pile=pick)
    _apply(ctx, chosen, str(p.get("chosen", "none")), spared)
    _apply(ctx, other, str(p.get("other", "none")), spared)
    ctx.state.extra.pop("piles", None)  # 700.3b: the piles exist only during the effect


@effect("piles")
def _piles(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Separate objects into two piles and treat each pile differently (CR 700.3); nothing moves
    while the piles are made (700.3c)."""
    for key in ("chosen", "other"):
        if p.get(key, "none") not in PILE_OUTCOMES:
            raise SetupError(f"piles: {key} must be one of {PILE_OUTCOMES}")
    spared: dict[str, list[int]] = {}
    if "for_each" not in p:
        _divide_once(ctx, p, None, spared)
    else:
        for player in players_of(ctx, p["for_each"]):
            _divide_once(ctx, p, player, spared)
    _restrict_the_rest(ctx, spared)
