"""Casting a spell while another resolves, without paying its mana cost (CR 608.2g, 118.9).

Resolution effect ``cast_without_paying {from = "hand", filter, optional = true, choice =
"free_cast"}``: the controller may cast a card matching ``filter`` from that zone of theirs
(Electrodominance: "you may cast a spell with mana value X or less from your hand without paying
its mana cost"). The choice ``free_cast`` is answered with ``"none"``, a handle, or a table
``{object = handle, targets = [...], half, kicked, modes, choices}`` giving the cast's other
announcements; X is 0 (107.3b), and an answer announcing another X is refused.

The spell is cast during the resolution, so timing restrictions based on its card type and the
need for priority don't apply (608.2g); it is cast for the alternative cost "without paying its
mana cost" (118.9), so no other alternative cost can be paid, but additional costs such as
kicker can (118.9d); a spell with {X} in its mana cost has X = 0 (107.3b). The filter is checked
on the spell as proposed (601.3e): a split card is offered if it, or one of its halves, matches,
and may then be cast only as a half that matches, or fused only if the fused spell does
(709.3a, 702.102c: Electrodominance for X = 2 casts Wear of Wear // Tear, not both halves).
It goes on the stack above the resolving spell, which then finishes resolving. An answer that
can't legally be cast is rejected (failure class of the cast), and the action that led to it
changes nothing.

Discover N (701.57a), effect ``discover {amount}``: the controller exiles cards from the top of
their library until they exile a nonland card with mana value N or less; they may cast it
without paying its mana cost if the resulting spell's mana value is N or less (the choice
``free_cast``, answered as above, default ``"none"``), otherwise it goes to their hand; the
other cards exiled go on the bottom of their library in a random order (choice
``discover_order``, their handles from the top down). With no such card in the library every
card is exiled and put back so, and nothing is discovered (701.57b-c).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from reference_engine.casting.cast import CAST_TRANSFORMED, FREE, cast_spell
from reference_engine.casting.permissions import Permission
from reference_engine.core.characteristics import printed_characteristics
from reference_engine.core.choices import choose, offer_choices, withdraw_choices
from reference_engine.core.context import ResolveContext, effect
from reference_engine.core.errors import RulesViolation
from reference_engine.core.objects import GameObject
from reference_engine.core.state import GameState
from reference_engine.layers.filters import FilterContext, matches
from reference_engine.layers.values import with_choices

__all__: list[str] = []

_PERMS = "cast_permissions"


def _cast_action(ctx: ResolveContext, answer: Any) -> dict[str, Any]:
    """The ``cast`` action an answer to the free-cast choice stands for."""
    fields = dict(answer) if isinstance(answer, Mapping) else {"object": answer}
    fields.pop("type", None)
    # 107.3b: cast without paying its mana cost, the only legal value of X is 0.
    if fields.get("x", 0) != 0:
        raise RulesViolation("illegal-choice", f"X can only be 0 for a spell cast without "
                             f"paying its mana cost, not {fields['x']!r} (CR 107.3b)")
    return {**fields, "player": ctx.controller, "alternative": FREE, "x": 0}


def _cast_now(ctx: ResolveContext, action: Mapping[str, Any], zone: str,
              spells: Mapping[str, Any]) -> None:
    """Cast under a one-off permission for just that card from ``zone``, covering only a spell
    matching ``spells`` as it is proposed: the half being cast of a split card, or both halves
    of a fused one (CR 601.3e, 709.3a, 702.102c)."""
    state = ctx.state
    obj = state.by_handle(str(action.get("object")))
    perms: list[Permission] = state.extra.setdefault(_PERMS, [])
    perm = Permission(player=ctx.controller, zones=(zone,), spells=spells or None, free=True,
                      only_object=obj.id, source=ctx.source_id)
    perms.append(perm)
    offer_choices(state, action.get("choices"))
    try:
        cast_spell(state, action, during_resolution=True)
    finally:
        withdraw_choices(state)
        state.extra[_PERMS] = [p for p in state.extra.get(_PERMS, []) if p is not perm]


def _may_match(state: GameState, obj: GameObject, flt: Mapping[str, Any],
               fctx: FilterContext) -> bool:
    """Whether ``obj`` could be cast as a spell matching ``flt``: as it is in its zone, or, for
    a split card, as one of its halves, since only the half being cast counts (CR 709.3a,
    601.3e). Whatever is then proposed is checked again as a spell (``_cast_now``)."""
    if matches(state, obj, flt, ctx=fctx):
        return True
    card = obj.card
    return card.is_split and any(
        matches(state, obj, flt, ctx=fctx, chars=printed_characteristics(
            card, zone="stack", transformed=obj.transformed, cast_half=i, era=state.era))
        for i in range(len(card.faces)))


@effect("cast_without_paying", params={
    "from": "str: the zone of the controller's to cast from (default \"hand\")",
    "filter": "filter: what may be cast (\"{choice = ...}\" and \"X\" allowed)",
    "optional": "bool: \"you may\" (default true): the answer may be \"none\"",
    "choice": "str: the name of the choice (default \"free_cast\")",
    "self": "bool: the card is this ability's source itself (suspend, 702.62a)"},
    cr=("608.2g", "118.9", "118.9d", "107.3b", "601.2", "702.62a"),
    example='Electrodominance: {type = "cast_without_paying", filter = {mana_value_max = '
            '"X"}}')
def _cast_without_paying(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """The controller may cast a matching card from a zone without paying its mana cost, now,
    during the resolution (CR 608.2g, 118.9): choice ``free_cast``."""
    state = ctx.state
    zone = str(p.get("from", "hand"))
    raw = dict(p.get("filter", {}))
    raw = {k: (ctx.x if v == "X" else v) for k, v in raw.items()}
    flt = with_choices(ctx, raw)
    if flt is None:
        return
    fctx = FilterContext(you=ctx.controller, source=ctx.source_id)
    options = [o for o in state.objects_in(zone, ctx.controller)
               if _may_match(state, o, flt, fctx)
               and (not p.get("self") or o.id == ctx.source_id)]
    names = [o.handle or f"#{o.id}" for o in options]
    optional = bool(p.get("optional", True))
    choice = str(p.get("choice", "free_cast"))
    if not names:
        return
    answer = choose(state, choice, None, default="none" if optional else None,
                    has_default=optional)
    if answer == "none" and optional:
        state.log("free-cast-declined", player=ctx.controller)
        return
    action = _cast_action(ctx, answer)
    if str(action.get("object")) not in names:
        raise RulesViolation("illegal-choice", f"{action.get('object')!r} can't be cast this "
                             f"way (it must be one of {names})")
    # 601.2: an illegal cast is rejected; the action that led here is then undone whole. The
    # card matched the filter in its zone (a split card there matches if either half does,
    # 709.4); the spell as proposed must match it too (601.3e, 709.3a).
    _cast_now(ctx, action, zone, flt)


@effect("discover", params={"amount": "amount: N"}, cr=("701.57a", "701.57b", "701.57c"),
        example='{type = "discover", amount = 3}')
def _discover(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Discover N (701.57a): exile from the top until a nonland card of mana value N or less,
    which may be cast free if its spell's mana value is N or less, else goes to the hand; the
    rest goes to the bottom in a random order."""
    from reference_engine.core.randomness import random_order
    from reference_engine.layers.system import characteristics_of

    state = ctx.state
    player = ctx.controller
    n = ctx.amount(p.get("amount", 0))
    exiled: list[GameObject] = []
    found: GameObject | None = None
    while state.zone_list("library", player):
        top = state.objects[state.zone_list("library", player)[0]]
        new = state.move(top, "exile")
        chars = characteristics_of(state, new.id)
        if not chars.has_type("Land") and chars.mana_value() <= n:
            found = new
            break
        exiled.append(new)
    state.log("discovered", player=player, card=found.card.name if found else None)
    if found is not None:
        label = found.handle or f"#{found.id}"
        answer = choose(state, "free_cast", None, default="none", has_default=True)
        if answer != "none":
            action = _cast_action(ctx, answer)
            if str(action.get("object")) != label:
                raise RulesViolation("illegal-choice", f"discover: only {label!r} may be cast "
                                     f"(CR 701.57a), not {action.get('object')!r}")
            # The spell as proposed must have mana value N or less (701.57a, 601.3e).
            _cast_now(ctx, action, "exile", {"mana_value_max": n})
        else:
            state.move(found, "hand")
    labels = {o.handle or f"#{o.id}": o for o in exiled}
    for label in random_order(state, "discover_order", list(labels)):
        state.move(labels[label], "library", position=len(state.zone_list("library", player)))
    state.changed()


@effect("cast_transformed", params={
    "target": "ref!: the card to cast (\"moved\": the card the last effect moved)",
    "optional": "bool: \"you may\" (default true): the answer may be \"none\"",
    "choice": "str: the name of the choice (default \"free_cast\")"},
    cr=("310.11b", "712.11a", "712.8c", "608.2g", "118.9", "400.7j"),
    example='a Siege defeated: {type = "cast_transformed", target = "moved"}')
def _cast_transformed(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """The controller may cast the card referred to transformed, back face up, without paying
    its mana cost, now, during the resolution (CR 310.11b, 712.11a, 608.2g): choice
    ``free_cast`` (``"none"``, the card's handle, or a table with the cast's announcements;
    without an answer the card is cast). A card that isn't a transforming double-faced card
    can't be cast transformed: nothing happens. The spell's mana value is still its front
    face's (712.8c)."""
    state = ctx.state
    for ref in ctx.refs(p):
        obj = state.objects.get(int(ref["object"])) if "object" in ref else None
        if obj is None or not obj.card.is_double_faced or obj.card.is_modal_dfc:
            continue
        label = obj.handle or f"#{obj.id}"
        optional = bool(p.get("optional", True))
        answer = choose(state, str(p.get("choice", "free_cast")), None, default=label,
                        has_default=True)
        if answer == "none" and optional:
            state.log("free-cast-declined", player=ctx.controller)
            continue
        action = _cast_action(ctx, answer)
        if str(action.get("object")) != label:
            raise RulesViolation("illegal-choice", f"{action.get('object')!r} can't be cast "
                                 f"this way (only {label})")
        state.extra[CAST_TRANSFORMED] = obj.id
        try:
            _cast_now(ctx, action, obj.zone, {})
        finally:
            state.extra.pop(CAST_TRANSFORMED, None)
