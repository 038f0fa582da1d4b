"""Loyalty abilities (CR 606): activated abilities whose cost puts loyalty counters on their
permanent or removes them from it.

Card data writes the loyalty symbol as the cost key ``loyalty``: ``cost = { loyalty = 2 }`` for
[+2], ``cost = { loyalty = -1 }`` for [−1], ``cost = { loyalty = 0 }`` for [0].

* 606.3: a player may activate a loyalty ability of a permanent they control only any time
  they have priority and the stack is empty during a main phase of their turn, and only if no
  player has activated a loyalty ability of that permanent this turn;
* 606.4: the cost is putting that many loyalty counters on the permanent or removing that many
  from it (a [+N] cost can be paid even by a permanent with no loyalty counters);
* 606.5: effects that add to a loyalty cost (a static rule ``additional_loyalty_cost`` with
  ``count`` N and ``filter`` on the permanent, applying to abilities its controller activates:
  Carth the Lion's "Planeswalkers' loyalty abilities you activate cost an additional [+1] to
  activate") combine with the printed cost into a single cost to put on or remove counters:
  [−4] and [+1] make [−3];
* 606.6: an ability with a negative loyalty cost can't be activated unless the permanent has
  at least that many loyalty counters on it (the combined cost, 606.5).

A planeswalker whose last loyalty counter is removed to pay a cost has loyalty 0 (306.5c) and
is put into its owner's graveyard the next time state-based actions are checked (704.5i); the
ability on the stack resolves anyway, independent of its source (113.7a).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.characteristics import printed_characteristics
from reference_engine.core.errors import RulesViolation, SetupError
from reference_engine.core.registry import query
from reference_engine.layers.system import compute_all

if TYPE_CHECKING:
    from reference_engine.core.handlers import GameView
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["check_loyalty_cost", "loyalty_cost", "loyalty_text", "pay_loyalty_cost",
           "total_loyalty_cost"]

#: ``obj.extra`` key: the turn a loyalty ability of this permanent was last activated (606.3).
_ACTIVATED_TURN = "loyalty_ability_turn"
_MAIN_STEPS = ("precombat-main", "postcombat-main")


def loyalty_cost(cost: Mapping[str, Any]) -> int | None:
    """The loyalty cost of an ability's cost table, or None if it isn't a loyalty ability
    (606.2: an ability with a loyalty symbol in its cost)."""
    if "loyalty" not in cost:
        return None
    value = cost["loyalty"]
    if not isinstance(value, int) or isinstance(value, bool):
        raise SetupError(f"a loyalty cost must be an integer (+N, -N or 0), not {value!r}")
    return value


def total_loyalty_cost(state: GameState, player: str, source: GameObject,
                       cost: Mapping[str, Any]) -> int | None:
    """The loyalty cost of activating ``source``'s ability with ``cost`` for ``player``: the
    printed cost and each additional loyalty cost that applies, combined into one (CR 606.5);
    None if it isn't a loyalty ability."""
    n = loyalty_cost(cost)
    if n is None:
        return None
    from reference_engine.layers.filters import FilterContext, matches
    from reference_engine.layers.system import compute_all, static_abilities

    chars = compute_all(state)
    for src, rule in static_abilities(state, chars):
        if rule.get("rule") != "additional_loyalty_cost" or src.controller != player:
            continue
        fctx = FilterContext(you=src.controller, source=src.id, chars_of=chars.__getitem__)
        if matches(state, source, dict(rule.get("filter", {})), ctx=fctx):
            n += int(rule.get("count", 0))
    return n


def check_loyalty_cost(state: GameState, player: str, source: GameObject,
                       cost: Mapping[str, Any]) -> None:
    """Check 606.3 and 606.6 for activating a loyalty ability of ``source``; change nothing."""
    n = total_loyalty_cost(state, player, source, cost)
    if n is None:
        return
    if not (state.active_player == player and state.step in _MAIN_STEPS
            and not state.zone_list("stack")):
        raise RulesViolation("timing", "a loyalty ability can be activated only during a main "
                             "phase of its controller's turn with the stack empty (CR 606.3)")
    if source.extra.get(_ACTIVATED_TURN) == state.turn:
        raise RulesViolation("illegal-action", f"a loyalty ability of {source.name_for_log} "
                             "was already activated this turn (CR 606.3)")
    if n < 0 and source.counters.get("loyalty", 0) < -n:
        raise RulesViolation("cannot-pay", f"{source.name_for_log} has "
                             f"{source.counters.get('loyalty', 0)} loyalty counter(s); the "
                             f"cost removes {-n} (CR 606.6)")


def pay_loyalty_cost(state: GameState, source: GameObject, cost: Mapping[str, Any],
                     player: str | None = None) -> None:
    """Pay a loyalty cost (606.4): put on or remove that many loyalty counters, the printed
    cost and the additional ones combined (606.5)."""
    n = total_loyalty_cost(state, player or source.controller, source, cost)
    if n is None:
        return
    source.extra[_ACTIVATED_TURN] = state.turn
    source.counters["loyalty"] = source.counters.get("loyalty", 0) + n
    state.log("loyalty-cost", object=source.id, card=source.card.name, amount=n)
    state.changed()


def loyalty_text(n: int) -> str:
    """A loyalty cost as printed: ``+2``, ``−1`` (a minus sign), ``0``."""
    return f"+{n}" if n > 0 else "\u2212" + str(-n) if n < 0 else "0"


@query("loyalty", params={"object": "str!: the handle of an object, in any zone"},
       cr=("306.5", "306.5a", "306.5c"))
def _loyalty(game: GameView, q: Mapping[str, Any]) -> int | None:
    """A planeswalker's loyalty: on the battlefield the number of loyalty counters on it (CR
    306.5c), elsewhere its printed loyalty (306.5a); null for an object that isn't a
    planeswalker, as only planeswalkers have loyalty (306.5)."""
    state = game.state
    obj = game.object(q.get("object"))
    if obj.zone == "battlefield":
        chars = compute_all(state)[obj.id]
        return obj.counters.get("loyalty", 0) if chars.has_type("Planeswalker") else None
    printed = printed_characteristics(obj.card, zone=obj.zone, transformed=obj.transformed,
                                      cast_half=None, era=state.era)
    return printed.loyalty if printed.has_type("Planeswalker") else None
