"""Effects keyed to a chosen color, number or name, and to an object's values (Persecute, Void,
Infernal Genesis, Golgothian Sylex), plus the step triggers that start some of them.

Resolution effects:

* ``choose_value {what = "color" | "number" | "card_name" | "creature_type", key}``: a player
  chooses on resolution (CR 608.2d); the value is remembered on the spell as ``key``.
* ``discard_all {player, filter}``: the player reveals their hand and discards every card that
  matches (CR 701.9). Filters may use ``{choice = key}`` (see :mod:`.values`).
* ``destroy_all {filter}``: destroy every permanent that matches (CR 701.8).
* ``sacrifice_all {filter}``: each matching permanent is sacrificed by its controller (701.21).
* ``mill {player, amount = 1, remember}``: the player puts the top cards of their library into
  their graveyard (CR 701.17), remembered for the rest of the effect.

Whether a split card matches a value follows the era (filters.py): under the Invasion-era rules a
match question gets one answer, yes if either half matches; a value question ("X is that card's
mana value") gets both answers (values.py). So Void naming 1 discards Wax // Wane under the 2000
rules and naming 2 under the modern ones; Infernal Genesis milling Wax // Wane makes two tokens
either way (1, and 1; or 2).

Trigger event ``beginning_of_step {step, player = "each" | "you" | "opponent"}``: "at the
beginning of [each player's / your] [step]" (CR 503.1a, 603.2).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.choices import choose
from reference_engine.core.context import ResolveContext, effect
from reference_engine.core.errors import SetupError
from reference_engine.damage.counter_kinds import destroy as destroy_permanent
from reference_engine.layers.filters import FilterContext, check_filter, matches
from reference_engine.layers.values import players_of, remember, require, with_choices
from reference_engine.objects.entering import ENTER_CHOICES
from reference_engine.triggers.abilities import trigger_matcher

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import Event, GameState

__all__: list[str] = []


@effect("choose_value")
def _choose_value(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """A player chooses a color, number, card name or creature type on resolution (CR 608.2d)."""
    what = str(p.get("what", "color"))
    check = ENTER_CHOICES.get(what)
    if check is None:
        raise SetupError(f"choose_value: unknown kind {what!r} (known: {sorted(ENTER_CHOICES)})")
    key = str(p.get("key", what))
    value = check(ctx.state, choose(ctx.state, key, p.get("options")), p)
    ctx.obj.choices[key] = value
    ctx.state.log("choice", object=ctx.obj.id, key=key, player=ctx.controller, value=value)


def _filter(ctx: ResolveContext, p: Mapping[str, Any], what: str) -> dict[str, Any] | None:
    flt = with_choices(ctx, dict(require(p, "filter", what)))
    if flt is not None:
        check_filter(flt, f"{what}.filter")
    return flt


def _matching(ctx: ResolveContext, objs: list[GameObject], flt: Mapping[str, Any]
              ) -> list[GameObject]:
    fctx = FilterContext(you=ctx.controller, source=ctx.source_id)
    return [o for o in objs if matches(ctx.state, o, flt, ctx=fctx)]


@effect("discard_all")
def _discard_all(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Each player named reveals their hand and discards all cards matching the filter (CR 701.9);
    nothing if the filter needs a choice that is undefined (CR 607.5a)."""
    flt = _filter(ctx, p, "discard_all")
    if flt is None:
        return
    for player in players_of(ctx, p.get("player", "controller")):
        for obj in _matching(ctx, ctx.state.objects_in("hand", player), flt):
            ctx.state.log("discard", object=obj.id, card=obj.card.name, player=player)
            ctx.state.move(obj, "graveyard")


@effect("destroy_all")
def _destroy_all(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Destroy every permanent matching the filter (CR 701.8); indestructible ones survive."""
    flt = _filter(ctx, p, "destroy_all")
    if flt is None:
        return
    doomed = _matching(ctx, ctx.state.battlefield(), flt)
    for obj in doomed:
        destroy_permanent(ctx.state, obj)  # 702.12b indestructible, 122.1c shield counters


@effect("sacrifice_all")
def _sacrifice_all(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Each permanent matching the filter is sacrificed by its controller (CR 701.21)."""
    flt = _filter(ctx, p, "sacrifice_all")
    if flt is None:
        return
    for obj in _matching(ctx, ctx.state.battlefield(), flt):
        ctx.state.log("sacrificed", object=obj.id, card=obj.card.name, player=obj.controller)
        ctx.state.move(obj, "graveyard")


@effect("mill")
def _mill(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Each player named mills: puts the top card(s) of their library into their graveyard
    (CR 701.17), remembered as ``remember`` for the rest of the effect."""
    milled: list[int] = []
    for player in players_of(ctx, p.get("player", "controller")):
        for _ in range(ctx.amount(p.get("amount", 1))):
            library = ctx.state.zone_list("library", player)
            if not library:
                break
            top = ctx.state.objects[library[0]]
            new = ctx.state.move(top, "graveyard")
            ctx.state.log("milled", object=new.id, card=new.card.name, player=player)
            milled.append(new.id)
    if "remember" in p:
        remember(ctx, str(p["remember"]), milled)


@trigger_matcher("beginning_of_step")
def _beginning_of_step(state: GameState, obj: GameObject, spec: Mapping[str, Any],
                       event: Event) -> bool:
    """"At the beginning of [each player's | your | each opponent's] [step]" (CR 603.2, 503.1)."""
    if event.kind != "step" or event.details.get("step") != spec.get("step"):
        return False
    whose = spec.get("player", "each")
    active = event.details.get("active")
    if whose == "you":
        return bool(active == obj.controller)
    if whose == "opponent":
        return bool(active != obj.controller)
    return True
