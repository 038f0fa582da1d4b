"""Choices among cards in hidden zones and libraries: searching (CR 701.23), shuffling (701.24),
revealing a hand and choosing from it (701.20), discarding (701.9), scry (701.22) and surveil
(701.25).

Resolution effects (``player`` is ``"controller"``, a target slot holding players,
``"each_opponent"``, ``"each_player"`` or ``"event_player"``; the chosen cards are remembered
as ``"moved"`` and under ``remember``, for the effects that follow):

* ``search {player, filter, count = 1 | [min, max], to = "hand" | "battlefield" | "graveyard",
  tapped, then = [{to, tapped, count}], shuffle = true}``: the player searches their library
  (701.23) and chooses the cards (choice ``search``: a handle, a list of handles, or ``[]`` /
  ``"none"``). A search for cards with a stated quality (a ``filter``) may find fewer than
  asked, even none, though such cards are there (701.23b); "a card" with no quality must be
  found if the library has one. With ``then``, the found cards are split in the order chosen:
  the first ``count`` go where the first entry says, and so on (Kodama's Reach: "put one onto
  the battlefield tapped and the other into your hand"). The library is then shuffled (701.24;
  choice ``shuffle`` gives the order, else a seeded shuffle, :mod:`.randomness`).
* ``shuffle {player}``: shuffle a library (701.24a).
* ``reveal_choose {player, filter, count = 1, then = "discard" | "exile", until}``: the player
  reveals their hand (701.20a); the effect's controller chooses ``count`` cards matching
  ``filter`` from it (choice ``card``), which are discarded or exiled (Thoughtseize, Duress;
  ``until = "source_leaves"``: exiled until the source leaves the battlefield, 610.3, Kitesail
  Freebooter). A revealed hand is no hidden zone, so a matching card must be chosen if there is
  one.
* ``discard {player, amount = 1, random = false, filter}``: the player discards ``amount`` cards
  of their choice (choice ``discard``; with several players, a table by player), or at random
  (the case may answer ``discard`` to fix the outcome, else seeded; 701.9b); a player with no
  more cards than that discards their hand.
* ``scry {amount}``: look at the top ``amount`` cards and put any number on the bottom, the
  rest on top, in any order (701.22a): choice ``scry = { top = [...], bottom = [...] }``, each
  list in order from the top of the library down.
* ``surveil {amount}``: look at the top ``amount`` cards and put any number into your graveyard,
  the rest on top in any order (701.25a): choice ``surveil = { graveyard = [...],
  top = [...] }``.

Scry N and surveil N with N of 1 or more are scry and surveil events once the process is done,
even if the library had fewer cards or none (701.22d, 701.25d); scry 0 and surveil 0 are no
event at all (701.22b, 701.25c). Trigger event ``keyword_action {action, player}``: "whenever
you scry" (``action = "scry"``), "whenever you surveil", or both (``action = ["scry",
"surveil"]``, Matoya).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from reference_engine.core.choices import choose
from reference_engine.core.context import ResolveContext, effect, objects_of
from reference_engine.core.errors import RulesViolation, SetupError
from reference_engine.core.objects import GameObject
from reference_engine.core.randomness import random_order, random_pick
from reference_engine.layers.filters import FilterContext, check_filter, matches
from reference_engine.layers.values import players_of
from reference_engine.objects.until import source_still_there, until_source_leaves
from reference_engine.triggers.abilities import trigger_matcher
from reference_engine.triggers.life import player_matches

if TYPE_CHECKING:
    from reference_engine.core.state import Event, GameState

__all__ = ["discard_card", "order_top_cards", "pick_cards", "shuffle_library"]

_DESTINATIONS = ("hand", "battlefield", "graveyard", "exile")


def _label(obj: GameObject) -> str:
    return obj.name_for_log


def _as_list(value: Any) -> list[str]:
    if value is None or value == "none":
        return []
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]


def pick_cards(state: GameState, name: str, options: Sequence[GameObject], low: int, high: int,
               *, player: str | None = None) -> list[GameObject]:
    """Between ``low`` and ``high`` different cards among ``options``, chosen with choice
    ``name`` (a handle, a list, ``"none"``, or a table by ``player``). Without an answer the
    choice is made only when there is a single way to make it."""
    high = min(high, len(options))
    low = min(low, high)
    labels = [_label(o) for o in options]
    answer = choose(state, name, None, default=None, has_default=True)
    if isinstance(answer, Mapping):
        answer = answer.get(player) if player is not None else None
    if answer is None:
        if low == high == len(options):
            return list(options)
        if high == 0:
            return []
        raise SetupError(f"the case must answer choice {name!r}"
                         + (f" for {player}" if player else "")
                         + f" ({low}-{high} of {labels}): add it to the action's 'choices' "
                         "or to setup.choices")
    picked = _as_list(answer)
    # An answer the rules don't allow (too few cards for "a card", a card that doesn't
    # qualify) rejects the action, like any illegal choice.
    if not low <= len(picked) <= high or len(set(picked)) != len(picked):
        raise RulesViolation("illegal-choice", f"choice {name!r}: {answer!r} must be "
                             f"{low}-{high} different card(s) of {labels}")
    unknown = [p for p in picked if p not in labels]
    if unknown:
        raise RulesViolation("illegal-choice", f"choice {name!r}: {unknown!r} not among the "
                             f"options {labels}")
    return [options[labels.index(p)] for p in picked]


def _filter(ctx: ResolveContext, p: Mapping[str, Any], what: str) -> dict[str, Any]:
    flt = dict(p.get("filter", {}))
    check_filter(flt, f"{what}.filter")
    return flt


def _matching(ctx: ResolveContext, objs: Sequence[GameObject],
              flt: Mapping[str, Any]) -> list[GameObject]:
    fctx = FilterContext(you=ctx.controller, source=ctx.source_id)
    return [o for o in objs if not flt or matches(ctx.state, o, flt, ctx=fctx)]


def _count(p: Mapping[str, Any], key: str = "count") -> tuple[int, int]:
    count = p.get(key, 1)
    if isinstance(count, int) and not isinstance(count, bool):
        return count, count
    if isinstance(count, list) and len(count) == 2:
        return int(count[0]), int(count[1])
    raise SetupError(f"{key} must be a number or [min, max], not {count!r}")


def shuffle_library(state: GameState, player: str) -> None:
    """Shuffle ``player``'s library (701.24a): choice ``shuffle`` (the new order, top first),
    else a seeded random order."""
    ids = state.zone_list("library", player)
    objs = {_label(state.objects[i]): i for i in ids}
    order = random_order(state, "shuffle", list(objs))
    ids[:] = [objs[label] for label in order]
    state.log("shuffled", player=player)
    state.changed()


def _put(ctx: ResolveContext, obj: GameObject, to: str, *, tapped: bool) -> GameObject | None:
    if to not in _DESTINATIONS:
        raise SetupError(f"a found card can go to {', '.join(_DESTINATIONS)}, not {to!r}")
    if to == "battlefield":
        from reference_engine.objects.entering import enter_battlefield

        return enter_battlefield(ctx.state, obj, controller=ctx.controller, tapped=tapped)
    return ctx.state.move(obj, to)


@effect("search")
def _search(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Search a library for cards (CR 701.23), put them where the effect says, then shuffle
    (701.24); a search for cards with a stated quality may fail to find them (701.23b)."""
    state = ctx.state
    flt = _filter(ctx, p, "search")
    low, high = _count(p)
    moved: list[GameObject | None] = []
    for player in players_of(ctx, p.get("player", "controller")):
        library = state.objects_in("library", player)
        options = _matching(ctx, library, flt)
        found = pick_cards(state, str(p.get("choice", "search")), options,
                           0 if flt else low, high, player=player)
        state.log("searched", player=player, found=len(found))
        plan: list[tuple[str, bool, int]] = [
            (str(d.get("to", "hand")), bool(d.get("tapped", False)), int(d.get("count", 1)))
            for d in p.get("then", [])] or [(str(p.get("to", "hand")),
                                             bool(p.get("tapped", False)), len(found))]
        pos = 0
        for to, tapped, n in plan:
            for obj in found[pos:pos + n]:
                moved.append(_put(ctx, obj, to, tapped=tapped))
            pos += n
        if p.get("shuffle", True):
            shuffle_library(state, player)
    ctx.note_moved(moved, p)


@effect("shuffle")
def _shuffle(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Shuffle each named player's library (CR 701.24a)."""
    for player in players_of(ctx, p.get("player", "controller")):
        shuffle_library(ctx.state, player)


def discard_card(state: GameState, obj: GameObject) -> GameObject:
    """Discard ``obj``: move it from its owner's hand to their graveyard (701.9a)."""
    state.log("discarded", object=obj.id, card=obj.card.name, player=obj.owner)
    return state.move(obj, "graveyard")


@effect("reveal_choose")
def _reveal_choose(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """The player reveals their hand (701.20a); the effect's controller chooses cards matching
    ``filter`` from it, which are discarded (701.9) or exiled."""
    state = ctx.state
    flt = _filter(ctx, p, "reveal_choose")
    low, high = _count(p)
    then = str(p.get("then", "discard"))
    moved: list[GameObject | None] = []
    for player in players_of(ctx, p.get("player", "controller")):
        hand = state.objects_in("hand", player)
        state.log("revealed-hand", player=player, cards=[o.card.name for o in hand])
        chosen = pick_cards(state, str(p.get("choice", "card")), _matching(ctx, hand, flt),
                            low, high, player=player)
        for obj in chosen:
            if then == "discard":
                moved.append(discard_card(state, obj))
            elif then == "exile" and p.get("until") == "source_leaves":
                # 610.3: exiled only until the source leaves; nothing if it already has.
                if source_still_there(ctx):
                    exiled = state.move(obj, "exile")
                    until_source_leaves(ctx, [exiled], from_zone="hand")
                    moved.append(exiled)
            elif then == "exile":
                moved.append(state.move(obj, "exile"))
            else:
                raise SetupError(f"reveal_choose: then must be 'discard' or 'exile', not "
                                 f"{then!r}")
    ctx.note_moved(moved, p)


@effect("discard")
def _discard(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Each named player discards ``amount`` cards of their choice, or at random (701.9);
    with ``target``, the cards referred to that are still in a hand (and match ``filter``,
    "if it isn't a land card, discard it") are discarded ("that player discards it")."""
    state = ctx.state
    if p.get("target") is not None:
        only = _filter(ctx, p, "discard") if "filter" in p else None
        hand_cards = [o for o in objects_of(ctx, ctx.refs(p)) if o.zone == "hand"
                      and (not only or _matching(ctx, [o], only))]
        ctx.note_moved([discard_card(state, o) for o in hand_cards], p)
        return
    flt = _filter(ctx, p, "discard")
    n = ctx.amount(p.get("amount", 1))
    moved: list[GameObject | None] = []
    for player in players_of(ctx, p.get("player", "controller")):
        hand = _matching(ctx, state.objects_in("hand", player), flt)
        if p.get("random"):
            labels = [_label(o) for o in hand]
            by_label = dict(zip(labels, hand, strict=True))
            chosen = [by_label[x] for x in random_pick(state, str(p.get("choice", "discard")),
                                                        labels, n)]
        else:
            chosen = pick_cards(state, str(p.get("choice", "discard")), hand, n, n,
                                player=player)
        for obj in chosen:
            moved.append(discard_card(state, obj))
    ctx.note_moved(moved, p)


def _order(state: GameState, name: str, looked: list[GameObject],
           piles: tuple[str, str]) -> dict[str, list[GameObject]]:
    labels = {_label(o): o for o in looked}
    answer = choose(state, name, None, default=None, has_default=True)
    if answer is None:
        raise SetupError(f"the case must answer choice {name!r} = {{ {piles[0]} = [...], "
                         f"{piles[1]} = [...] }} for {list(labels)}: add it to the action's "
                         "'choices' or to setup.choices")
    if not isinstance(answer, Mapping) or set(answer) - set(piles):
        raise SetupError(f"choice {name!r} must be a table with {piles[0]!r} and {piles[1]!r}, "
                         f"not {answer!r}")
    out = {pile: _as_list(answer.get(pile)) for pile in piles}
    placed = out[piles[0]] + out[piles[1]]
    if sorted(placed) != sorted(labels):
        raise RulesViolation("illegal-choice", f"choice {name!r}: {answer!r} must place each "
                             f"of {list(labels)} once")
    return {pile: [labels[x] for x in out[pile]] for pile in piles}


def _top(state: GameState, player: str, n: int) -> list[GameObject]:
    return [state.objects[i] for i in state.zone_list("library", player)[:max(n, 0)]]


def order_top_cards(state: GameState, player: str, n: int, choice: str,
                    piles: tuple[str, str]) -> int:
    """Look at the top ``n`` cards of ``player``'s library and put them on top and on the bottom
    in the order chosen (choice ``choice`` with the two ``piles``, top first): scry (701.22a)
    and fateseal (701.29a). Returns how many cards were looked at."""
    looked = _top(state, player, n)
    if not looked:
        return 0
    chosen = _order(state, choice, looked, piles)
    ids = state.zone_list("library", player)
    rest = ids[len(looked):]
    ids[:] = [o.id for o in chosen[piles[0]]] + rest + [o.id for o in chosen[piles[1]]]
    state.changed()
    return len(looked)


@effect("scry")
def _scry(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Scry N (CR 701.22a): the top N cards, any number to the bottom, the rest on top, each in
    the order chosen."""
    state = ctx.state
    for player in players_of(ctx, p.get("player", "controller")):
        n = ctx.amount(p.get("amount", 1))
        if n <= 0:
            continue  # 701.22b: scry 0: no scry event, nothing triggers
        looked = _top(state, player, n)
        piles = (_order(state, "scry", looked, ("top", "bottom")) if looked
                 else {"top": [], "bottom": []})
        ids = state.zone_list("library", player)
        rest = ids[len(looked):]
        ids[:] = [o.id for o in piles["top"]] + rest + [o.id for o in piles["bottom"]]
        # 701.22d: the player has scried once the process is done, even with an empty library.
        state.log("scried", player=player, amount=len(looked),
                  top=len(piles["top"]), bottom=len(piles["bottom"]))
        state.changed()


@effect("surveil")
def _surveil(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Surveil N (CR 701.25a): the top N cards, any number into the graveyard, the rest on top
    in the order chosen."""
    state = ctx.state
    moved: list[GameObject | None] = []
    for player in players_of(ctx, p.get("player", "controller")):
        n = ctx.amount(p.get("amount", 1))
        if n <= 0:
            continue  # 701.25c: surveil 0: no surveil event, nothing triggers
        looked = _top(state, player, n)
        piles = (_order(state, "surveil", looked, ("graveyard", "top")) if looked
                 else {"graveyard": [], "top": []})
        ids = state.zone_list("library", player)
        rest = ids[len(looked):]
        ids[:] = [o.id for o in piles["top"]] + rest + [o.id for o in piles["graveyard"]]
        for obj in piles["graveyard"]:
            moved.append(state.move(obj, "graveyard"))
        # 701.25d: the player has surveilled once the process is done, even with an empty
        # library.
        state.log("surveilled", player=player, amount=len(looked),
                  graveyard=len(piles["graveyard"]))
        state.changed()
    ctx.note_moved(moved, p)


#: The keyword actions a ``keyword_action`` trigger can wait for, by the event each logs.
_ACTION_EVENTS = {"scry": "scried", "surveil": "surveilled"}


@trigger_matcher("keyword_action", params={
    "action": "any: the keyword action, \"scry\" or \"surveil\", or a list of them (\"whenever "
              "you scry or surveil\")",
    "player": "str: who performs it: \"you\" (default), \"opponent\" or \"any\""},
    cr=("701.22b", "701.22d", "701.25c", "701.25d"),
    example='Dimir Spybug: {event = "keyword_action", action = "surveil"}')
def _keyword_action(state: GameState, obj: GameObject, spec: Mapping[str, Any],
                    event: Event) -> bool:
    """"Whenever [you] scry / surveil": once the whole action is done, even if it looked at no
    card (701.22d, 701.25d); scry 0 and surveil 0 never happen (701.22b, 701.25c)."""
    actions = spec.get("action", "scry")
    wanted = [actions] if isinstance(actions, str) else list(actions)
    unknown = [a for a in wanted if a not in _ACTION_EVENTS]
    if unknown:
        raise SetupError(f"keyword_action trigger: unknown action(s) {unknown!r} (known: "
                         f"{', '.join(_ACTION_EVENTS)})")
    return event.kind in {_ACTION_EVENTS[a] for a in wanted} and player_matches(
        state, spec.get("player", "you"), event.details.get("player"), obj.controller)
