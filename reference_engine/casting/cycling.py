"""Cycling and typecycling (CR 702.29): keyword abilities that stand for an activated ability.

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
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.layers.keywords import keyword_expansion
from reference_engine.triggers.abilities import trigger_matcher

if TYPE_CHECKING:
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
