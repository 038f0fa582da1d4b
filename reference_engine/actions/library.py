"""Keyword actions of a permanent that look at the library or the hand: explore (701.44) and
connive (701.50); learning (701.48).

* ``explore {target = "self"}``: the permanent's controller reveals the top card of their
  library; a land card goes to their hand; otherwise the permanent gets a +1/+1 counter and
  the player may put the card into their graveyard (choice ``explore``: ``"graveyard"`` or
  ``"keep"``; without an answer, it stays on top) (701.44a). A permanent that has left the
  battlefield still explores, by its last known information: its controller reveals and
  decides, and no counter can be put on it (701.44b-c).
* ``connive {amount = 1, target = "self"}``: its controller draws N cards, then discards N
  cards (choice ``discard``), then puts a +1/+1 counter on the permanent for each nonland card
  discarded (701.50a, 701.50e), by last known information if it has left (701.50c).
* ``clash {win = [effects]}``: "clash with an opponent" (701.30b): the controller chooses an
  opponent (choice ``opponent``); both reveal the top card of their library at the same time,
  then decide in APNAP order whether to put it on the bottom (choice ``clash``, a table by
  player: ``"top"``, the default, or ``"bottom"``), and the cards move together (701.30a,
  701.30c). The controller wins if the card they revealed has a greater mana value than every
  other card revealed (701.30d), and then ``win`` runs; a player with an empty library reveals
  nothing.
* ``learn {}``: the controller may discard a card, and if they do they draw a card; if they
  didn't, they may reveal a Lesson card they own from outside the game (``setup.outside``) and
  put it into their hand (701.48a). Choice ``learn``: ``{discard = handle}``, ``{lesson =
  card name}`` or ``"nothing"`` (the default).
* ``fateseal {amount}``: look at the top N cards of an opponent's library (choice
  ``opponent``), put any number on the bottom and the rest on top, in any order (701.29a):
  choice ``scry = { top = [...], bottom = [...] }``, as for scry.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.choices import choose
from reference_engine.core.context import ResolveContext, effect
from reference_engine.core.errors import RulesViolation
from reference_engine.damage.counter_replacements import put_counters
from reference_engine.layers.system import characteristics_of
from reference_engine.resolution.drawing import draw_cards
from reference_engine.resolution.hidden_zones import discard_card, order_top_cards, pick_cards
from reference_engine.resolution.stack import run_effect
from reference_engine.triggers.last_known import last_known_info

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject

__all__: list[str] = []


def _actors(ctx: ResolveContext, p: Mapping[str, Any]) -> list[tuple[GameObject | None, str]]:
    """Each permanent told to act with its controller: the permanent if it is still on the
    battlefield, else None with the controller it last had there (701.44c, 701.50c)."""
    out: list[tuple[GameObject | None, str]] = []
    for ref in ctx.refs({"target": p.get("target", "self")}):
        oid = ref.get("object")
        if not isinstance(oid, int):
            continue
        obj = ctx.state.objects.get(oid)
        if obj is not None and obj.zone == "battlefield":
            out.append((obj, obj.controller))
            continue
        known = last_known_info(ctx.state, oid)
        if known is not None:
            out.append((None, known.object.controller))
    return out


@effect("explore", params={"target": "ref: what explores (default self)"},
        cr=("701.44a", "701.44b", "701.44c"), example='{type = "explore"}')
def _explore(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Explore (701.44a): reveal the top card; a land goes to hand, else a +1/+1 counter and
    the card may go to the graveyard (choice ``explore``)."""
    state = ctx.state
    for obj, player in _actors(ctx, p):
        library = state.zone_list("library", player)
        if library:
            top = state.objects[library[0]]
            state.log("revealed", object=top.id, card=top.card.name, player=player)
            if characteristics_of(state, top.id).has_type("Land"):
                state.move(top, "hand")
            else:
                if obj is not None:
                    put_counters(state, obj, "+1/+1", 1)
                where = choose(state, "explore", ["graveyard", "keep"], default="keep",
                               has_default=True)
                if where not in ("graveyard", "keep"):
                    raise RulesViolation("illegal-choice", f"explore: {where!r} is neither "
                                         "'graveyard' nor 'keep' (CR 701.44a)")
                if where == "graveyard":
                    state.move(top, "graveyard")
        elif obj is not None:
            put_counters(state, obj, "+1/+1", 1)  # nothing revealed: not a land (701.44b)
        state.log("explored", object=obj.id if obj is not None else None, player=player)
    state.changed()


@effect("connive", params={"amount": "amount: N (default 1)",
                           "target": "ref: what connives (default self)"},
        cr=("701.50a", "701.50b", "701.50c", "701.50e"), example='{type = "connive"}')
def _connive(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Connive N (701.50a, 701.50e): draw N, discard N (choice ``discard``), then a +1/+1
    counter on the permanent for each nonland card discarded."""
    state = ctx.state
    n = max(ctx.amount(p.get("amount", 1)), 0)
    for obj, player in _actors(ctx, p):
        draw_cards(state, player, n)
        hand = state.objects_in("hand", player)
        discarded = pick_cards(state, "discard", hand, n, n, player=player)
        nonland = sum(1 for card in discarded
                      if not characteristics_of(state, card.id).has_type("Land"))
        for card in discarded:
            discard_card(state, card)
        if obj is not None and nonland:
            put_counters(state, obj, "+1/+1", nonland)
        state.log("connived", object=obj.id if obj is not None else None, player=player)
    state.changed()


def _opponent(ctx: ResolveContext) -> str | None:
    opponents = list(ctx.state.opponents(ctx.controller))
    return str(choose(ctx.state, "opponent", opponents)) if opponents else None


@effect("clash", params={"win": "effects: what happens if the controller wins the clash "
                                "(701.30d)"},
        cr=("701.30a", "701.30b", "701.30c", "701.30d"),
        example='Lash Out: {type = "clash", win = [{type = "damage", ...}]}')
def _clash(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Clash with an opponent (701.30b): both reveal their top card at the same time, decide in
    APNAP order where it goes (choice ``clash``), the cards move together (701.30a, 701.30c);
    the controller wins with a greater mana value than every other card revealed (701.30d)."""
    state = ctx.state
    opponent = _opponent(ctx)
    order = state.turn_order
    start = order.index(state.active_player)
    players = [pl for pl in order[start:] + order[:start] if pl in (ctx.controller, opponent)]
    revealed: dict[str, GameObject] = {}
    for player in players:
        library = state.zone_list("library", player)
        if library:
            revealed[player] = state.objects[library[0]]
            state.log("revealed", object=library[0], card=revealed[player].card.name,
                      player=player)
    answers = choose(state, "clash", None, default={}, has_default=True)
    if not isinstance(answers, Mapping):
        raise RulesViolation("illegal-choice", f"choice 'clash' is a table by player, not "
                             f"{answers!r} (701.30c)")
    for player in players:  # APNAP order (701.30c); the cards move together after
        where = answers.get(player, "top")
        if where not in ("top", "bottom"):
            raise RulesViolation("illegal-choice", f"clash: {player} puts the card on "
                                 f"\"top\" or \"bottom\", not {where!r} (701.30a)")
        card = revealed.get(player)
        if card is not None and where == "bottom":
            ids = state.zone_list("library", player)
            ids.remove(card.id)
            ids.append(card.id)
    values = {pl: characteristics_of(state, c.id).mana_value() for pl, c in revealed.items()}
    mine = values.get(ctx.controller)
    won = mine is not None and all(mine > v for pl, v in values.items() if pl != ctx.controller)
    state.log("clashed", player=ctx.controller, opponent=opponent, won=won)
    state.changed()
    if won:
        for eff in p.get("win", []) or []:
            run_effect(ctx, eff)


@effect("learn", params={}, cr=("701.48a",), example='{type = "learn"}')
def _learn(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Learn (701.48a): discard a card to draw one, or else bring a Lesson card from outside
    the game into the hand, or do neither (choice ``learn``)."""
    state = ctx.state
    player = ctx.controller
    answer = choose(state, "learn", None, default="nothing", has_default=True)
    if answer == "nothing":
        state.log("learned", player=player, how="nothing")
        return
    if not isinstance(answer, Mapping) or len(answer) != 1 or not (
            {"discard", "lesson"} & set(answer)):
        raise RulesViolation("illegal-choice", f"learn: answer {{discard = handle}}, "
                             f"{{lesson = name}} or 'nothing', not {answer!r} (CR 701.48a)")
    if "discard" in answer:
        card = state.by_handle(str(answer["discard"]))
        if card.zone != "hand" or card.owner != player:
            raise RulesViolation("illegal-choice", f"learn: {answer['discard']!r} is not a "
                                 f"card in {player}'s hand (CR 701.48a)")
        discard_card(state, card)
        draw_cards(state, player, 1)
        state.log("learned", player=player, how="discard")
        state.changed()
        return
    name = str(answer["lesson"])
    outside: dict[str, list[str]] = state.extra.get("outside_cards", {})
    owned = outside.get(player, [])
    card_def = state.catalog.get(name)
    if name not in owned or card_def is None or "Lesson" not in card_def.front.subtypes:
        raise RulesViolation("illegal-choice", f"learn: {name!r} is not a Lesson card {player} "
                             f"owns outside the game (CR 701.48a)")
    owned.remove(name)
    lesson = state.create_object(card_def, owner=player, zone="hand", controller=player)
    state.log("revealed", player=player, cards=[name])
    state.log("learned", player=player, how="lesson", card=name, object=lesson.id)
    state.changed()


@effect("fateseal", params={"amount": "amount: N, how many cards to look at"},
        cr=("701.29a",), example='Spin into Myth: {type = "fateseal", amount = 2}')
def _fateseal(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Fateseal N (701.29a): the top N cards of an opponent's library, any number to the bottom,
    the rest on top, each in the order chosen (choice ``scry``)."""
    opponent = _opponent(ctx)
    if opponent is not None:
        order_top_cards(ctx.state, opponent, ctx.amount(p.get("amount", 1)), "scry",
                        ("top", "bottom"))
