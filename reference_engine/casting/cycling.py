"""Keyword abilities used from the hand: cycling and typecycling (CR 702.29), keyword abilities
that stand for an activated ability, and suspend (702.62).

Card data ``{kind = "keyword", keyword = "cycling", cost = "{2}"}`` means "{2}, Discard this
card: Draw a card" (702.29a); a typecycling keyword names its type and searches for it:
``{kind = "keyword", keyword = "islandcycling", cost = "{2}", filter = {subtype = "Island"}}``
means "{2}, Discard this card: Search your library for an Island card, reveal it, put it into
your hand, then shuffle" (702.29e; "basic landcycling" has ``filter = {supertype = "Basic",
type = "Land"}``). Any keyword whose name ends in "cycling" is a cycling ability (702.29f). The
ability exists in every zone but can be activated only from its owner's hand (702.29b), so an
object with cycling on the battlefield still has it (query ``activated_abilities``).

Discarding a card to pay a cycling cost is cycling it: an event ``cycled`` with the card as it
is in its new zone, after the ``discarded`` event. Trigger events:

* ``cycled {self = true}``: "when you cycle this card" (702.29c), from whatever zone the card
  went to (its ``zones`` say where it functions, e.g. ``["graveyard"]``);
* ``cycles_or_discards {other}``: "whenever you cycle or discard [another] card": one discard
  event, so it triggers once for a card that is cycled (702.29d), typecycling included (702.29f).

Suspend N—[cost] is card data ``{kind = "keyword", keyword = "suspend", n = 4, cost = "{U}"}``
(702.62a). Suspending is a special action, ``{type = "suspend", player, object}``: allowed when
the player could begin to cast the card from their hand now (priority, timing, 601.3), it pays
the cost from the pool and exiles the card with N time counters. A card in exile with suspend
and a time counter is suspended (702.62b, condition ``suspended``). The keyword stands for two
triggered abilities that work in exile: at the beginning of its owner's upkeep, if it is
suspended, remove a time counter; when the last is removed, if it is still exiled, its owner
may cast it without paying its mana cost (choice ``free_cast``, 702.62d; 608.2g).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.casting.cast import CastPlan, check_begin, pay_mana, spell_characteristics
from reference_engine.core.errors import RulesViolation
from reference_engine.core.registry import action
from reference_engine.layers.conditions import ConditionContext, condition
from reference_engine.layers.keywords import keyword_expansion
from reference_engine.layers.system import characteristics_of
from reference_engine.triggers.abilities import trigger_matcher

if TYPE_CHECKING:
    from reference_engine.core.handlers import GameView
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import Event, GameState

__all__ = ["is_cycling"]


def is_cycling(name: str) -> bool:
    """Whether a keyword is cycling or a typecycling (702.29e-f)."""
    return name.endswith("cycling")


@keyword_expansion(is_cycling)
def _cycling(ability: Mapping[str, Any]) -> list[dict[str, Any]]:
    """702.29a, 702.29e: "[Cost], Discard this card: Draw a card" (cycling) or "... Search your
    library for a [type] card, reveal it, and put it into your hand. Then shuffle" (typecycling);
    activated only from the hand (702.29b)."""
    name = str(ability.get("keyword", "")).casefold()
    cost = ability.get("cost", "{0}")
    effects: list[dict[str, Any]]
    if name == "cycling":
        effects = [{"type": "draw", "amount": 1, "to": "controller"}]
    else:
        effects = [{"type": "search", "filter": dict(ability.get("filter", {})), "to": "hand"}]
    text = str(ability.get("text") or f"{name.capitalize()} {cost}")
    return [{"kind": "activated", "zones": ["hand"], "cycling": True, "text": text,
             "cost": {"mana": str(cost), "discard_self": True}, "effects": effects}]


@trigger_matcher("cycled", cr=("702.29c",), example='{event = "cycled", self = true, '
                 'zones = ["graveyard"]}')
def _cycled(state: GameState, obj: GameObject, spec: Mapping[str, Any], event: Event) -> bool:
    """"When you cycle this card": it was discarded to pay a cycling cost; it triggers from the
    zone the card went to (702.29c)."""
    return event.kind == "cycled" and (not spec.get("self") or event.details.get("new") == obj.id)


@trigger_matcher("cycles_or_discards", cr=("702.29d", "701.9"),
                 example='{event = "cycles_or_discards", other = true}')
def _cycles_or_discards(state: GameState, obj: GameObject, spec: Mapping[str, Any],
                        event: Event) -> bool:
    """"Whenever you cycle or discard [another] card": once per card discarded by this
    permanent's controller, cycled or not (702.29d)."""
    if event.kind != "discarded" or event.details.get("player") != obj.controller:
        return False
    return not spec.get("other") or event.details.get("object") != obj.id


def _suspend_ability(ability_list: Any) -> Mapping[str, Any] | None:
    return next((a for a in ability_list if a.get("kind") == "keyword"
                 and str(a.get("keyword", "")).casefold() == "suspend"), None)


@keyword_expansion(lambda name: name == "suspend")
def _suspend(ability: Mapping[str, Any]) -> list[dict[str, Any]]:
    """702.62a: the two triggered abilities of suspend, which function in exile."""
    return [{"kind": "triggered", "text": "Suspend",
             "trigger": {"event": "beginning_of_step", "step": "upkeep", "player": "you",
                         "zones": ["exile"]},
             "condition": {"suspended": True},
             "effects": [{"type": "remove_counter", "target": "self", "counter": "time"}]},
            {"kind": "triggered", "text": "Suspend",
             "trigger": {"event": "last_counter_removed", "counter": "time",
                         "zones": ["exile"]},
             "effects": [{"type": "cast_without_paying", "from": "exile", "self": True}]}]


@condition("suspended", arg="bool", cr=("702.62b",), example='{suspended = true}')
def _is_suspended(state: GameState, value: Any, ctx: ConditionContext) -> bool:
    """The source is suspended: in exile, with suspend and a time counter on it (702.62b)."""
    obj = state.objects.get(ctx.source) if ctx.source is not None else None
    found = (obj is not None and obj.zone == "exile" and obj.counters.get("time", 0) > 0
             and _suspend_ability(characteristics_of(state, obj.id).abilities) is not None)
    return found == bool(value)


@action("suspend", params={"player": "str!: the player suspending the card",
                           "object": "str!: the card in their hand"},
        cr=("702.62a", "116.2f", "601.3"),
        example='{type = "suspend", player = "alice", object = "vision"}')
def _suspend_action(game: GameView, a: Mapping[str, Any]) -> None:
    """Suspend a card (702.62a, a special action, 116.2f): if the player could begin to cast
    it from their hand now (601.3: priority, timing), pay its suspend cost and exile it with N
    time counters. Rejected: ``illegal-action`` (no suspend, not in its owner's hand),
    ``timing``, ``cannot-cast``, ``cannot-pay``."""
    state = game.state
    player = game.player(a.get("player"))
    obj = state.by_handle(str(a.get("object")))
    ability = _suspend_ability(characteristics_of(state, obj.id).abilities)
    if ability is None or obj.zone != "hand" or obj.owner != player:
        raise RulesViolation("illegal-action", f"{obj.name_for_log} can't be suspended by "
                             f"{player}: only a card with suspend in its owner's hand can "
                             "(CR 702.62a)")
    check_begin(state, obj, player, CastPlan(player=player),
                spell_characteristics(state, obj, None), check_timing=True)
    if not pay_mana(state, player, str(ability.get("cost", "{0}"))):
        raise RulesViolation("cannot-pay", f"{player} can't pay the suspend cost "
                             f"{ability.get('cost')} (CR 702.62a)")
    n = ability.get("n", 1)
    new = state.move(obj, "exile")
    new.counters["time"] = int(n) if isinstance(n, int) else 1
    state.log("suspended", object=new.id, card=new.card.name, player=player,
              counters=new.counters["time"])
    state.changed()
