"""Transforming double-faced objects (CR 712, 701.27 Transform) and putting cards onto the
battlefield transformed.

Resolution effects:

* ``transform {target = slot | "self"}`` or ``transform {affected = filter}``: turn each
  permanent over so its other face is up (701.27a). It stays the same object (712.18). Only a
  transforming double-faced card or token can transform; for any other permanent, or into an
  instant or sorcery face, nothing happens (701.27c-d, 712.9). A permanent's own ability
  transforms it only if it hasn't transformed since the ability went on the stack (701.27f).
* ``exile {target = slot | "self", remember = "name", link = "name", until = "source_leaves"}``:
  exile objects, remembering the new objects in exile for the rest of the effect (and for
  linked abilities, 607.2a); ``until``: only until the source leaves the battlefield (610.3,
  :mod:`reference_engine.objects.until`).
* ``return_to_battlefield {what = "name" | target = ref, transformed = true, under = "owner" |
  "controller"}``: put remembered cards (or the objects a reference names, e.g. ``"moved"``,
  ``"event_object"``) onto the battlefield, transformed if told so. A card that isn't a
  transforming double-faced card, told to enter transformed, doesn't enter and stays where it
  was (712.14a; entering.py). ``is = [ops]``: what the effect says the permanent "is" ("that
  creature is a black Zombie in addition to its other colors and types"), layer operations
  that apply as it enters, not after (611.2e), for as long as it stays there.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.arrivals import arriving_together
from reference_engine.core.choices import choose
from reference_engine.core.context import ResolveContext, effect, objects_of
from reference_engine.core.errors import SetupError
from reference_engine.core.registry import query
from reference_engine.damage.counter_replacements import put_counters
from reference_engine.layers.filters import FilterContext, matches
from reference_engine.layers.values import remember, remembered, require
from reference_engine.objects.entering import EnteringAs, enter_battlefield
from reference_engine.objects.until import source_still_there, until_source_leaves

if TYPE_CHECKING:
    from reference_engine.core.handlers import GameView
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["can_transform", "transform"]


def can_transform(obj: GameObject) -> bool:
    """Check 701.27c-d: only a permanent represented by a transforming double-faced card or token
    can transform, and not into an instant or sorcery face."""
    if obj.zone != "battlefield" or not obj.card.is_double_faced:
        return False
    other = obj.card.faces[0 if obj.transformed else 1]
    return not any(t in ("Instant", "Sorcery") for t in other.types)


def transform(state: GameState, obj: GameObject) -> bool:
    """Transform ``obj`` (701.27a) if it can; True if it did. It remains the same object."""
    if not can_transform(obj):
        state.log("transform-failed", object=obj.id, card=obj.card.name, reason="701.27c")
        return False
    obj.transformed = not obj.transformed
    obj.extra["transformed_at"] = state.new_timestamp()
    state.log("transformed", object=obj.id, card=obj.card.name,
              face="back" if obj.transformed else "front")
    state.changed()
    return True


@effect("transform")
def _transform(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Transform each permanent referred to (CR 701.27); non-double-faced ones don't change.

    ``if_remembered = {what, filter}`` makes it conditional on an object remembered earlier in
    the effect ("if an instant or sorcery card is revealed this way").
    """
    cond = p.get("if_remembered")
    if isinstance(cond, Mapping):
        fctx = FilterContext(you=ctx.controller, source=ctx.source_id)
        seen = remembered(ctx, str(require(cond, "what", "transform.if_remembered")))
        if not any(matches(ctx.state, o, dict(cond.get("filter", {})), ctx=fctx) for o in seen):
            return
    if "affected" in p:
        fctx = FilterContext(you=ctx.controller, source=ctx.source_id)
        objs = [o for o in ctx.state.battlefield()
                if matches(ctx.state, o, p["affected"], ctx=fctx)]
    else:
        objs = objects_of(ctx, ctx.refs(p))
    for obj in objs:
        if (ctx.obj.ability is not None and obj.id == ctx.source_id
                and int(obj.extra.get("transformed_at", 0)) > ctx.obj.timestamp):
            # 701.27f: a permanent's own ability transforms it only if it hasn't transformed
            # since the ability was put onto the stack.
            continue
        transform(ctx.state, obj)


@effect("reveal_top")
def _reveal_top(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Look at the top card of your library and reveal it, or may reveal it (choice ``reveal``,
    true or false, when ``optional``); a revealed card is remembered as ``remember``."""
    library = ctx.state.zone_list("library", ctx.controller)
    if not library:
        return
    top = ctx.state.objects[library[0]]
    if p.get("optional", False) and not choose(ctx.state, "reveal", [True, False]):
        return
    ctx.state.log("revealed", object=top.id, card=top.card.name, player=ctx.controller)
    remember(ctx, str(p.get("remember", "revealed")), [top.id])


@effect("exile")
def _exile(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Exile each object referred to (CR 406.1), remembering the cards in exile; with
    ``until = "source_leaves"``, only until the source leaves the battlefield (610.3)."""
    until = p.get("until")
    if until is not None and until != "source_leaves":
        raise SetupError(f"exile: until must be 'source_leaves', not {until!r}")
    if until and not source_still_there(ctx):
        return  # 610.3c: the source already left; the effect does nothing
    moved = [ctx.state.move(o, "exile") for o in objects_of(ctx, ctx.refs(p))]
    if until:
        until_source_leaves(ctx, moved)
    ctx.note_moved(moved, p)


@effect("return_to_battlefield")
def _return(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Put remembered cards onto the battlefield, transformed if the effect says so (712.14);
    a card that can't enter transformed stays where it was (712.14a). The cards arrive together
    (:mod:`reference_engine.core.arrivals`). ``is``: layer operations saying what the
    permanent is, applied as it enters (CR 611.2e)."""
    what = p.get("what", p.get("target"))
    ops = p.get("is", [])
    if not isinstance(ops, list) or not all(isinstance(o, Mapping) and "type" in o for o in ops):
        raise SetupError("return_to_battlefield: 'is' must be a list of layer operations, "
                         f"each a table with a type, not {ops!r}")
    entering_as = EnteringAs(ops, ctx.source_id, ctx.controller) if ops else None
    objs = (remembered(ctx, str(what)) if isinstance(what, str) and what in ctx.obj.extra.get(
        "remembered", {}) else objects_of(ctx, ctx.refs({"target": require(
            p, "what" if "target" not in p else "target", "return_to_battlefield")})))
    moved = []
    with arriving_together(ctx.state):
        for obj in objs:
            controller = obj.owner if p.get("under", "owner") == "owner" else ctx.controller
            new = enter_battlefield(ctx.state, obj, controller=controller,
                                    transformed=bool(p.get("transformed", False)),
                                    entering_as=entering_as)
            for kind, n in dict(p.get("counters", {})).items():
                if new is not None:
                    # "return it ... with a -1/-1 counter on it" (702.79a, 702.93a)
                    put_counters(ctx.state, new, str(kind), int(n))
            moved.append(new)
    ctx.note_moved(moved, p)


@query("face_up")
def _face_up(game: GameView, q: Mapping[str, Any]) -> str:
    """Which face of the object is up: "front" or "back" (CR 712.8)."""
    return "back" if game.object(q.get("object")).transformed else "front"


@query("is_double_faced")
def _is_double_faced(game: GameView, q: Mapping[str, Any]) -> bool:
    """Whether the object is a double-faced card or token, transforming or modal (CR 712.1,
    712.3, 707.8a)."""
    card = game.object(q.get("object")).card
    return card.is_double_faced or card.is_modal_dfc
