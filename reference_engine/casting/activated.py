"""Activating abilities (CR 602) and paying their costs, with the tap symbol (CR 107.5, 302.6).

An activated ability is card data ``{kind = "activated", cost = {...}, targets = [...],
effects = [...], timing = "sorcery"}``; a mana ability is ``{kind = "mana", cost = {...},
produce = ...}`` (see :mod:`reference_engine.mana.abilities`). A cost is a table:

* ``tap = true``: {T}, "tap this permanent" (107.5); ``untap = true``: {Q} (107.6);
* ``mana = "{1}"``: a mana cost paid from the activator's pool (601.2g-h via 602.2b);
* ``sacrifice_self = true``: sacrifice this permanent (701.21);
* ``sacrifice = {filter}``: sacrifice a permanent you control matching the filter (choice
  ``sacrifice``, answered with a handle);
* ``discard_self = true``: discard this card (cycling; the ability lists ``zones = ["hand"]``);
* ``exile_self = true``: exile this card (118.3; scavenge, embalm, eternalize from a graveyard,
  702.97a, 702.128a, 702.129a): the ability remembers the exiled card as ``"exiled"`` (its
  effects may name it, "the card you exiled");
* ``life = 2``: pay 2 life (119.4);
* ``loyalty = 2`` / ``loyalty = -1``: a loyalty ability's cost (606.4, see
  :mod:`reference_engine.casting.loyalty`).

Only an object's controller may activate its abilities (602.2), unless the ability says any
player may (``any_player = true``); with a limited range of influence, no player may activate
those of an object outside their range (801.6).

The action ``activate {player, object, ability, targets, choices, x}`` picks the ability by its
index among the object's activated and mana abilities (a land's intrinsic mana abilities come
first, CR 305.6). Mana abilities resolve at once without the stack (605.3b); other abilities go on
the stack as objects whose ``ability`` is that data (602.2a) and resolve like spells (608.2).

Failure classes: ``tapped`` (a tapped permanent can't pay {T}), ``summoning-sick`` (302.6),
``cannot-pay``, ``no-priority``, ``timing``, ``illegal-target``, ``illegal-action``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from reference_engine.actions.class_levels import class_level_of
from reference_engine.casting.loyalty import (
    check_loyalty_cost,
    loyalty_cost,
    loyalty_text,
    pay_loyalty_cost,
)
from reference_engine.casting.spell_keywords import split_second_spell
from reference_engine.casting.target_slots import count_range, split_targets
from reference_engine.core.choices import choose, offer_choices, withdraw_choices
from reference_engine.core.errors import RulesViolation, SetupError
from reference_engine.core.objects import GameObject
from reference_engine.core.registry import action, query
from reference_engine.core.state import active_team, holds_priority
from reference_engine.core.symbols import parse_mana_cost
from reference_engine.layers.filters import FilterContext, matches
from reference_engine.layers.seating import object_within_range
from reference_engine.layers.system import characteristics_of, compute_all, static_abilities
from reference_engine.mana.abilities import is_mana_ability, produce_mana, spend_check
from reference_engine.mana.phyrexian import plan_payment
from reference_engine.resolution.stack import is_legal_target
from reference_engine.triggers.abilities import log_became_targets
from reference_engine.turn.priority import give_priority

if TYPE_CHECKING:
    from reference_engine.core.handlers import GameView
    from reference_engine.core.state import GameState

__all__ = [
    "Activation",
    "ability_text",
    "activate",
    "activated_abilities",
    "activation_prohibition",
    "check_activation",
    "cost_text",
    "is_summoning_sick",
]

#: Steps in which a sorcery-speed ability may be activated (CR 307.1, 602.5d).
MAIN_STEPS = ("precombat-main", "postcombat-main")


def activated_abilities(state: GameState, obj: GameObject) -> list[dict[str, Any]]:
    """The object's activated abilities, mana abilities included, in index order."""
    return [dict(a) for a in characteristics_of(state, obj.id).abilities
            if a.get("kind") in ("activated", "mana")]


def is_summoning_sick(state: GameState, obj: GameObject) -> bool:
    """Check 302.6: a creature its controller hasn't controlled continuously since their most
    recent turn began (haste aside, 702.10) can't use {T} abilities or attack."""
    chars = characteristics_of(state, obj.id)
    if not chars.has_type("Creature") or chars.has_keyword("haste"):
        return False
    # A player who has not had a turn yet has no "most recent turn": everything is sick.
    return obj.controlled_since >= state.players[obj.controller].last_turn_began


def _cost(ability: Mapping[str, Any]) -> Mapping[str, Any]:
    cost = ability.get("cost", {})
    if not isinstance(cost, Mapping):
        raise SetupError(f"an ability's cost must be a table, not {cost!r}")
    return cost


@dataclass
class Activation:
    """A checked activation, ready to pay and resolve or put on the stack."""

    player: str
    source: GameObject
    ability: dict[str, Any]
    targets: list[dict[str, Any]] = field(default_factory=list)
    payment: list[int] = field(default_factory=list)
    #: Life paid for Phyrexian mana symbols of the mana cost (107.4f).
    phyrexian_life: int = 0
    x: int = 0
    #: The permanent chosen to pay a ``sacrifice`` cost.
    victim: GameObject | None = None
    #: The card chosen to pay a ``discard`` cost ("Discard a card", 118.3, 701.9).
    discard: GameObject | None = None
    #: The card in exile after paying an ``exile_self`` cost (118.3).
    exiled: GameObject | None = None


def _targets(state: GameState, source: GameObject, ability: Mapping[str, Any],
             refs: Any) -> list[dict[str, Any]]:
    """Check 602.2b/601.2c: bind the chosen targets to the ability's slots, each slot taking
    as many targets as its ``count`` says ("untap two target lands"), each legal, and the same
    object or player at most once for any one instance of the word "target"."""
    slots = [(str(s.get("name", f"t{i}")), s) for i, s in enumerate(ability.get("targets", []))]
    out: list[dict[str, Any]] = []
    for name, slot, values in split_targets("the ability", slots, refs):
        low, high = count_range(slot)
        if not low <= len(values) <= high:
            raise RulesViolation("illegal-target", f"the ability needs {low}-{high} target(s) "
                                 f"for {name!r}, {len(values)} given (CR 602.2b, 601.2c)")
        if len({str(v) for v in values}) != len(values):
            raise RulesViolation("illegal-target", "the same target is chosen twice for one "
                                 "instance of the word target (CR 601.2c)")
        for ref in values:
            bound: dict[str, Any] = ({"slot": name, "player": ref} if ref in state.players else
                                     {"slot": name, "object": state.by_handle(str(ref)).id})
            if not is_legal_target(state, source, slot, bound):
                raise RulesViolation("illegal-target",
                                     f"{ref} is not a legal target for {name}")
            out.append(bound)
    return out


def check_activation(state: GameState, player: str, source: GameObject, index: int, *,
                     targets: list[Any] | None = None, x: int = 0,
                     check_targets: bool = True) -> Activation:
    """Check every rule for activating ability ``index`` of ``source`` now; change nothing.

    Raises :class:`RulesViolation` with the failure class of the first rule broken. With
    ``check_targets`` false (the ``can_activate`` question) targets and the permanent to
    sacrifice are not chosen.
    """
    abilities = activated_abilities(state, source)
    if not 0 <= index < len(abilities):
        raise RulesViolation("illegal-action", f"{source.name_for_log} has no activated ability "
                             f"{index} (it has {len(abilities)})")
    ability = abilities[index]
    if not is_mana_ability(ability) and split_second_spell(state) is not None:
        # 702.61a-b: under split second only mana abilities can be activated.
        raise RulesViolation("illegal-action", "a spell with split second is on the stack: only "
                             "mana abilities can be activated (CR 702.61a)")
    why = activation_prohibition(state, source)
    if why is not None:
        raise RulesViolation("illegal-action", why)
    if source.zone not in ability.get("zones", source.ability_zones):  # 113.6, 113.6p
        raise RulesViolation("illegal-action", f"{source.name_for_log} is in the {source.zone}")
    if source.controller != player and not ability.get("any_player"):
        # 602.2: only its controller may activate it, unless it says any player may.
        raise RulesViolation("illegal-action", f"{player} doesn't control {source.name_for_log}")
    if not object_within_range(state, player, source):
        # 801.6: not the abilities of an object outside the player's range of influence.
        raise RulesViolation("illegal-action", f"{source.name_for_log} is outside {player}'s "
                             "range of influence (CR 801.6)")
    if not holds_priority(state, player):  # 602.2, 605.3a; 805.5a
        raise RulesViolation("no-priority", f"{player} does not have priority")
    if ability.get("timing") == "sorcery" and not (
            player in active_team(state) and state.step in MAIN_STEPS
            and not state.zone_list("stack")):
        raise RulesViolation("timing", "this ability can be activated only as a sorcery")
    if ability.get("timing") == "your_turn" and player not in active_team(state):
        # 602.5b: "activate only during your turn" limits when it can be activated.
        raise RulesViolation("timing", "this ability can be activated only during its "
                             "controller's turn (CR 602.5b)")
    if "class_level" in ability and class_level_of(source) != int(ability["class_level"]) - 1:
        # 716.2a: a class level bar's ability: "activate only if this Class is level N-1".
        raise RulesViolation("illegal-action", f"{source.name_for_log} is level "
                             f"{class_level_of(source)}: its level {ability['class_level']} "
                             "ability needs the level just below (CR 716.2a)")
    if ability.get("once_each_turn") and source.extra.get(_ONCE_KEY, {}).get(
            _ability_key(ability)) == state.turn:
        # 602.5b: "activate only once each turn" is about the object, whoever controls it now.
        raise RulesViolation("illegal-action", f"this ability of {source.name_for_log} has "
                             "already been activated this turn (CR 602.5b)")
    act = Activation(player=player, source=source, ability=ability, x=x)
    if check_targets:
        act.targets = _targets(state, source, ability, targets or [])
    cost = _cost(ability)
    check_loyalty_cost(state, player, source, cost)  # 606.3, 606.6
    if cost.get("tap") and source.tapped:  # 107.5: it can't be tapped again to pay
        raise RulesViolation("tapped", f"{source.name_for_log} is already tapped")
    if cost.get("untap") and not source.tapped:  # 107.6: only a tapped one can be untapped
        raise RulesViolation("cannot-pay", f"{source.name_for_log} is already untapped")
    # 302.6 covers abilities with {T} or {Q} in their cost.
    if (cost.get("tap") or cost.get("untap")) and is_summoning_sick(state, source):
        raise RulesViolation("summoning-sick", f"{source.name_for_log} hasn't been under "
                             f"{player}'s control since their most recent turn began")
    if "mana" in cost:
        can_spend = spend_check(state, ability_source=source)
        planned = plan_payment(state, player, parse_mana_cost(str(cost["mana"])), x=x,
                               can_spend=can_spend)
        if planned is None:
            raise RulesViolation("cannot-pay", f"{player} can't pay {cost['mana']}")
        act.payment, act.phyrexian_life = planned
    life = int(cost.get("life", 0)) + act.phyrexian_life
    if life > state.players[player].life:  # 119.4: can pay life only up to one's total
        raise RulesViolation("cannot-pay", f"{player} can't pay {life} life")
    if cost.get("discard_self") and source.zone != "hand":
        raise RulesViolation("cannot-pay", f"{source.name_for_log} isn't in a hand to discard")
    if cost.get("exile_self") and source.zone in ("exile", "stack"):
        raise RulesViolation("cannot-pay", f"{source.name_for_log} can't be exiled from the "
                             f"{source.zone} to pay the cost (CR 118.3)")
    if "sacrifice" in cost:
        act.victim = _victim(state, player, source, cost["sacrifice"], pick=check_targets)
    if "discard" in cost:
        act.discard = _discarded(state, player, source, cost["discard"], pick=check_targets)
    return act


def activation_prohibition(state: GameState, source: GameObject) -> str | None:
    """602.5: why no player can begin to activate the activated abilities of ``source`` (a
    static rule ``cant_be_activated`` whose ``filter`` matches it, read with "you" the rule's
    controller: Cursed Totem, Linvala), or None. It covers activated abilities only, mana and
    loyalty abilities among them, never triggered abilities (602.1c, 603.2a)."""
    all_chars = compute_all(state)
    for src, rule in static_abilities(state, all_chars):
        if rule.get("rule") != "cant_be_activated":
            continue
        fctx = FilterContext(you=src.controller, source=src.id, chars_of=all_chars.__getitem__)
        if matches(state, source, dict(rule.get("filter", {})), ctx=fctx):
            return (f"{all_chars[src.id].name} says activated abilities of "
                    f"{source.name_for_log} can't be activated (CR 602.5)")
    return None


#: ``obj.extra`` key: for each "activate only once each turn" ability of the object (by its
#: data, so an identically worded ability from elsewhere is another one, 602.5c), the turn it
#: was last activated.
_ONCE_KEY = "activated_once_turn"


def _ability_key(ability: Mapping[str, Any]) -> str:
    return json.dumps(ability, sort_keys=True, default=str)


def _victim(state: GameState, player: str, source: GameObject, flt: Any, *,
            pick: bool = True) -> GameObject | None:
    """The permanent ``player`` sacrifices to pay a ``sacrifice = {filter}`` cost (118.3);
    with ``pick`` false, only check that there is one."""
    fctx = FilterContext(you=player, source=source.id)
    options = [o for o in state.battlefield()
               if o.controller == player and matches(state, o, dict(flt), ctx=fctx)]
    if not options:
        raise RulesViolation("cannot-pay", f"{player} controls nothing to sacrifice ({flt})")
    if not pick:
        return None
    names = [o.handle or f"#{o.id}" for o in options]
    return options[names.index(choose(state, "sacrifice", names))]


def _discarded(state: GameState, player: str, source: GameObject, flt: Any, *,
               pick: bool = True) -> GameObject | None:
    """The card ``player`` discards from their hand to pay a ``discard = {filter}`` cost
    (choice ``discard``; 118.3: with no such card the cost can't be paid); with ``pick``
    false, only check that there is one."""
    fctx = FilterContext(you=player, source=source.id)
    options = [o for o in state.objects_in("hand", player)
               if o.id != source.id and matches(state, o, dict(flt), ctx=fctx)]
    if not options:
        raise RulesViolation("cannot-pay", f"{player} has no card to discard ({flt})")
    if not pick:
        return None
    names = [o.handle or f"#{o.id}" for o in options]
    return options[names.index(choose(state, "discard", names))]


def _pay(state: GameState, act: Activation) -> GameObject:
    """Pay the checked costs (602.2h); return the source as it last existed."""
    cost = _cost(act.ability)
    pool = state.players[act.player].mana_pool
    for idx in sorted(act.payment, reverse=True):
        del pool[idx]
    if cost.get("tap"):
        act.source.tapped = True
        state.log("tapped", object=act.source.id, card=act.source.card.name, cost=True)
    if cost.get("untap"):
        act.source.tapped = False
        state.log("untapped", object=act.source.id, card=act.source.card.name, cost=True)
    life = int(cost.get("life", 0)) + act.phyrexian_life
    if life:
        state.players[act.player].life -= life
    pay_loyalty_cost(state, act.source, cost, act.player)  # 606.4, 606.5
    for victim in ([act.source] if cost.get("sacrifice_self") else []) + (
            [act.victim] if act.victim is not None else []):
        if victim.id not in state.objects:
            continue
        state.log("sacrificed", object=victim.id, card=victim.card.name, player=act.player)
        if characteristics_of(state, victim.id).has_type("Creature"):
            # 700.4: a creature put into a graveyard from the battlefield dies.
            state.log("dies", object=victim.id, card=victim.card.name, reason="sacrificed")
        state.move(victim, "graveyard")
    if act.discard is not None and act.discard.zone == "hand":
        state.log("discarded", object=act.discard.id, card=act.discard.card.name,
                  player=act.player)
        state.move(act.discard, "graveyard")
    if cost.get("discard_self"):
        state.log("discarded", object=act.source.id, card=act.source.card.name,
                  player=act.player)
        card = state.move(act.source, "graveyard")
        if act.ability.get("cycling"):
            # 702.29c: discarding a card to pay a cycling cost is cycling it.
            state.log("cycled", object=act.source.id, new=card.id, player=act.player)
    if cost.get("exile_self") and act.source.id in state.objects:
        # 118.3: "Exile this card from your graveyard" (702.97a, 702.128a, 702.129a).
        state.log("exiled-as-cost", object=act.source.id, card=act.source.card.name,
                  player=act.player)
        act.exiled = state.move(act.source, "exile")
    state.changed()
    return act.source


def activate(state: GameState, act: Activation) -> None:
    """Pay and then resolve (a mana ability, 605.3b) or put on the stack (602.2a) ``act``."""
    chars = characteristics_of(state, act.source.id)  # last known information for the source
    state.log("activate", object=act.source.id, card=act.source.card.name, player=act.player,
              mana_ability=is_mana_ability(act.ability))
    if act.ability.get("once_each_turn"):
        act.source.extra.setdefault(_ONCE_KEY, {})[_ability_key(act.ability)] = state.turn
    _pay(state, act)
    if is_mana_ability(act.ability):
        produce_mana(state, act.source, chars, act.ability, act.player)
    else:
        obj = state.create_object(act.source.card, owner=act.player, zone="stack",
                                  controller=act.player, is_copy=True, ability=act.ability,
                                  source_id=act.source.id, x=act.x or None)
        obj.targets = list(act.targets)
        if act.exiled is not None:
            # "the card you exiled" (702.97a): the card in exile, a new object (400.7).
            obj.extra.setdefault("remembered", {})["exiled"] = [act.exiled.id]
        log_became_targets(state, obj)
    give_priority(state, act.player)  # 117.3c: the player receives priority again


@action("activate")
def _activate(game: GameView, a: Mapping[str, Any]) -> None:
    """Activate an ability of a permanent (CR 602; mana abilities CR 605 resolve at once)."""
    state = game.state
    player = game.player(a.get("player", state.priority_player))
    source = game.object(a.get("object"))
    offer_choices(state, a.get("choices"))
    try:
        act = check_activation(state, player, source, int(a.get("ability", 0)),
                               targets=list(a.get("targets", [])), x=int(a.get("x", 0)))
        activate(state, act)
    finally:
        withdraw_choices(state)


@query("can_activate")
def _can_activate(game: GameView, q: Mapping[str, Any]) -> bool:
    """Whether ``player`` (default: the controller) could activate ability ``ability`` of
    ``object`` now, targets aside (CR 602.2, 107.5, 302.6)."""
    source = game.object(q.get("object"))
    player = game.player(q.get("player", source.controller))
    try:
        check_activation(game.state, player, source, int(q.get("ability", 0)),
                         check_targets=False)
    except RulesViolation:
        return False
    return True


def cost_text(cost: Mapping[str, Any]) -> str:
    """A cost in Oracle form: ``"{1}, {T}, Sacrifice this permanent"``."""
    parts = []
    loyalty = loyalty_cost(cost)
    if loyalty is not None:
        parts.append(loyalty_text(loyalty))
    if cost.get("mana"):
        parts.append(str(cost["mana"]))
    if cost.get("tap"):
        parts.append("{T}")
    if cost.get("untap"):
        parts.append("{Q}")
    if cost.get("life"):
        parts.append(f"Pay {int(cost['life'])} life")
    if cost.get("sacrifice_self"):
        parts.append("Sacrifice this permanent")
    if cost.get("sacrifice"):
        parts.append("Sacrifice a permanent")
    if cost.get("discard_self"):
        parts.append("Discard this card")
    if "discard" in cost:
        parts.append("Discard a card")
    if cost.get("exile_self"):
        parts.append("Exile this card")
    return ", ".join(parts)


def _produce_text(produce: Any) -> str:
    if isinstance(produce, str):
        return f"Add {produce}"
    if not isinstance(produce, Mapping):
        return "Add mana"
    if "one_of" in produce:
        opts = ["{" + str(t).strip("{}") + "}" for t in produce["one_of"]]
        listed = " or ".join(opts) if len(opts) == 2 else ", ".join(opts[:-1]) + ", or " + opts[-1]
        return f"Add {listed}" if len(opts) > 1 else f"Add {opts[0]}"
    if produce.get("any_color"):
        return "Add one mana of any color"
    return "Add one mana of any " + ("color" if produce.get("colors_only") else "type") + \
        " that a matching permanent could produce"


def ability_text(ability: Mapping[str, Any]) -> str:
    """An ability's text: its ``text`` field, or for a mana ability ``"{T}: Add {B}"``."""
    if ability.get("text"):
        return str(ability["text"])
    effect = _produce_text(ability.get("produce")) if is_mana_ability(ability) else "..."
    return f"{cost_text(_cost(ability))}: {effect}"


@query("activated_abilities")
def _activated_abilities(game: GameView, q: Mapping[str, Any]) -> list[str]:
    """The object's activated abilities (mana abilities included) as text, in index order."""
    obj = game.object(q.get("object"))
    return [ability_text(a) for a in activated_abilities(game.state, obj)]


@query("summoning_sick")
def _summoning_sick(game: GameView, q: Mapping[str, Any]) -> bool:
    """Whether a creature is affected by summoning sickness now (CR 302.6)."""
    return is_summoning_sick(game.state, game.object(q.get("object")))
