"""Trigger events of casting and transforming (CR 601.2i, 603.2, 701.27), and "that much".

Written in card data as ``trigger = { event = ... }``:

* ``spell_cast {player = "you" | "opponent" | "any", filter}``: "whenever [you | an opponent |
  a player] cast(s) a [filter] spell" (CR 601.2i, 603.2); the filter is checked on the spell
  as it is on the stack. "That player" (``target = "event_player"``) is the caster, "that
  spell" (``"event_object"``) the spell.
* ``spell_countered {player = "you" | "opponent" | "any"}``: "whenever a spell [you've]
  cast is countered" (CR 701.6a). It looks back in time (603.10e): the spell is judged as it was
  on the stack just before it was countered (its controller, that it was a spell and was cast,
  not a copy), though it is now a card in a graveyard or gone. A spell that doesn't resolve
  because all its targets became illegal is not countered (608.2b).
* ``transforms {self = true, into = "face name"}``: "whenever this creature transforms [into
  <face>]" (CR 701.27): only a permanent that transforms triggers it, not one that enters the
  battlefield transformed (712.14, 701.27g).

The amount ``{event_amount = true}`` is the amount of the triggering event ("that much": the
life gained, the damage dealt, CR 608.2h).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.amounts import AmountContext, amount
from reference_engine.layers.filters import FilterContext, matches
from reference_engine.layers.system import characteristics_of
from reference_engine.triggers.abilities import trigger_matcher
from reference_engine.triggers.life import player_matches

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import Event, GameState

__all__: list[str] = []


@trigger_matcher("spell_cast")
def _spell_cast(state: GameState, obj: GameObject, spec: Mapping[str, Any],
                event: Event) -> bool:
    """"Whenever [you | an opponent | a player] cast(s) a [filter] spell" (601.2i, 603.2)."""
    if event.kind != "cast":
        return False
    if spec.get("self") and event.details.get("object") != obj.id:
        return False  # "when you cast this spell" (storm, 702.40a)
    if not player_matches(state, spec.get("player", "any"), event.details.get("player"),
                          obj.controller):
        return False
    # The spell is on the stack: cast triggers are looked at before anyone can respond
    # (603.3, 117.5), so nothing can have moved it yet.
    spell = state.objects[int(event.details["object"])]
    flt = spec.get("filter")
    return not flt or matches(state, spell, dict(flt),
                              ctx=FilterContext(you=obj.controller, source=obj.id))


@trigger_matcher("spell_countered", params={
    "player": "str: whose spell: you (\"a spell you've cast\"), opponent, any (default)"},
    cr=("701.6a", "603.10e"),
    example='Multani\'s Presence: {event = "spell_countered", player = "you"}')
def _spell_countered(state: GameState, obj: GameObject, spec: Mapping[str, Any],
                     event: Event) -> bool:
    """"Whenever a spell [you've] cast is countered" (701.6a): judged from the spell as it was
    just before it was countered (603.10e); a copy of a spell was not cast (707.10)."""
    d = event.details
    if event.kind != "countered" or not d.get("spell") or d.get("copy"):
        return False
    return player_matches(state, spec.get("player", "any"), d.get("player"), obj.controller)


@trigger_matcher("transforms")
def _transforms(state: GameState, obj: GameObject, spec: Mapping[str, Any],
                event: Event) -> bool:
    """"Whenever this creature transforms [into <face>]" (701.27); the face up now is the one it
    transformed into."""
    if event.kind != "transformed" or event.details.get("object") != obj.id:
        return False
    into = spec.get("into")
    return into is None or characteristics_of(state, obj.id).name == into


@amount("event_amount", arg="bool", cr=("608.2h", "603.2"),
        example="Sanguine Bond: target opponent loses that much life, {event_amount = true}")
def _event_amount(ctx: AmountContext, arg: Any) -> int:
    """"That much": the amount of the event that triggered this ability (life gained, damage
    dealt), 0 if it had none (608.2h)."""
    event = ctx.extra.get("trigger_event")
    details = getattr(event, "details", {})
    value = details.get("amount")
    return int(value) if isinstance(value, int) and not isinstance(value, bool) else 0
