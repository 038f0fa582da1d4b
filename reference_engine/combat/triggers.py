"""More trigger events of combat and damage (CR 603.2, 509.3, 510.2, 120).

Written in card data as ``trigger = { event = ... }``:

* ``deals_combat_damage {to = "any" | "player" | "creature" | "permanent"}``: whenever this
  deals combat damage (to that kind of recipient), CR 510.2;
* ``deals_damage {to = ...}``: whenever this deals damage, combat or not (CR 120.1);
* ``creature_you_control_deals_combat_damage_to_player {filter}``: whenever a creature you
  control (matching ``filter``) deals combat damage to a player; "that creature" and "that
  player" are the event's;
* ``is_dealt_damage {combat}``: whenever this permanent is dealt damage (CR 120.3);
* ``becomes_blocked``: whenever this creature becomes blocked, once however many creatures
  block it (CR 509.3c); ``becomes_blocked_by_creature``: once for each blocker (509.3d);
* ``is_attacked {who = "you" | "enchanted_player" | "self"}``: whenever that player (or this
  planeswalker or battle) is attacked, once however many creatures attack it (CR 508.3b);
* ``player_attacks {player = "you" | "opponent" | "any", attacked = "you" |
  "enchanted_player"}``: whenever that player attacks [the player named by ``attacked``]
  with one or more creatures, once per declaration (CR 508.3d, 508.3e).

Each dealt damage event is its own trigger event, so a double striker triggers in both combat
damage steps (510.4) and prevented damage (not dealt, 615.1a) triggers nothing: a ``"damage"``
event is logged only for damage actually dealt, 1 or more (damage/events.py).

The amount ``{event_damage = true}`` is the damage dealt by the triggering event ("that much",
e.g. "you gain that much life", CR 608.2h).
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import takewhile
from typing import TYPE_CHECKING, Any

from reference_engine.core.amounts import AmountContext, amount
from reference_engine.layers.filters import FilterContext, matches
from reference_engine.layers.system import compute_all
from reference_engine.objects.auras import enchanted_player
from reference_engine.triggers.abilities import trigger_matcher

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import Event, GameState

__all__: list[str] = []


def _recipient_ok(details: Mapping[str, Any], to: Any) -> bool:
    if to in (None, "any"):
        return True
    if to == "player":
        return details.get("player") is not None
    return details.get("object") is not None  # "creature" | "permanent": checked by caller


def _dealt_by(state: GameState, obj: GameObject, spec: Mapping[str, Any], event: Event,
              *, combat: bool) -> bool:
    d = event.details
    # "Whenever enchanted / equipped creature deals damage" (an Aura's or Equipment's trigger):
    # the source is the permanent it is attached to; only that source's damage counts (120.9).
    source = obj.attached_to if spec.get("by") in ("enchanted", "equipped") else obj.id
    if event.kind != "damage" or source is None or d.get("source") != source:
        return False
    if combat and not d.get("combat"):
        return False
    to = spec.get("to", "any")
    if not _recipient_ok(d, to):
        return False
    if to == "creature":
        target = state.objects.get(int(d.get("object", -1)))
        return target is not None and compute_all(state)[target.id].has_type("Creature")
    return True


@trigger_matcher("deals_combat_damage")
def _deals_combat_damage(state: GameState, obj: GameObject, spec: Mapping[str, Any],
                         event: Event) -> bool:
    """Whenever this deals combat damage [to a player / creature / permanent] (CR 510.2)."""
    return _dealt_by(state, obj, spec, event, combat=True)


@trigger_matcher("deals_damage", params={
    "to": "str: \"player\", \"creature\", \"permanent\" or \"any\" (default)",
    "by": "str: \"enchanted\" or \"equipped\": the creature this is attached to deals it"},
    cr=("120.1", "120.9"))
def _deals_damage(state: GameState, obj: GameObject, spec: Mapping[str, Any],
                  event: Event) -> bool:
    """Whenever this (or the creature it enchants or equips) deals damage [to a player /
    creature / permanent] (CR 120.1); only damage from that source counts (120.9)."""
    return _dealt_by(state, obj, spec, event, combat=False)


@trigger_matcher("creature_you_control_deals_combat_damage_to_player")
def _ally_combat_damage(state: GameState, obj: GameObject, spec: Mapping[str, Any],
                        event: Event) -> bool:
    """Whenever a creature you control [matching ``filter``] deals combat damage to a player
    (CR 510.2, 603.2)."""
    d = event.details
    if event.kind != "damage" or not d.get("combat") or d.get("player") is None:
        return False
    source = state.objects.get(int(d.get("source", -1)))
    if source is None or source.controller != obj.controller:
        return False
    chars = compute_all(state)
    if not chars[source.id].has_type("Creature"):
        return False
    flt = spec.get("filter")
    return not flt or matches(state, source, dict(flt), chars=chars[source.id],
                              ctx=FilterContext(you=obj.controller, source=obj.id,
                                                chars_of=chars.__getitem__))


@trigger_matcher("is_dealt_damage")
def _is_dealt_damage(state: GameState, obj: GameObject, spec: Mapping[str, Any],
                     event: Event) -> bool:
    """Whenever this permanent is dealt [combat] damage (CR 120.3)."""
    d = event.details
    if event.kind != "damage" or d.get("object") != obj.id:
        return False
    return not spec.get("combat") or bool(d.get("combat"))


def _first_block_of(state: GameState, event: Event) -> bool:
    """Whether ``event`` is the first "blocks" event naming its attacker in its declaration
    (the declaration's "blocks" events are logged one after another, 509.1)."""
    attacker = event.details.get("attacker")
    # Matchers are asked only about events of the log (triggers/abilities.py).
    index = next(i for i, e in enumerate(state.events) if e is event)
    declaration = takewhile(lambda e: e.kind == "blocks", reversed(state.events[:index]))
    return all(e.details.get("attacker") != attacker for e in declaration)


@trigger_matcher("becomes_blocked")
def _becomes_blocked(state: GameState, obj: GameObject, spec: Mapping[str, Any],
                     event: Event) -> bool:
    """Whenever this creature becomes blocked: once, however many block it (CR 509.3c)."""
    return (event.kind == "blocks" and event.details.get("attacker") == obj.id
            and _first_block_of(state, event))


@trigger_matcher("becomes_blocked_by_creature")
def _blocked_by_creature(state: GameState, obj: GameObject, spec: Mapping[str, Any],
                         event: Event) -> bool:
    """Whenever this creature becomes blocked by a creature [matching ``filter``, flanking's
    "a creature without flanking", 702.25a]: once per blocker (CR 509.3d)."""
    if event.kind != "blocks" or event.details.get("attacker") != obj.id:
        return False
    flt = spec.get("filter")
    if not flt:
        return True
    blocker = state.objects.get(int(event.details.get("object", -1)))
    return blocker is not None and matches(state, blocker, dict(flt),
                                           ctx=FilterContext(you=obj.controller, source=obj.id))


@amount("event_damage", arg="bool", cr=("608.2h", "603.2"),
        example="Jackal Pup: it deals that much damage to you, {event_damage = true}")
def _event_damage(ctx: AmountContext, arg: Any) -> int:
    """The damage dealt by the event that triggered this ability ("that much", 608.2h)."""
    event = ctx.extra.get("trigger_event")
    details = getattr(event, "details", {})
    return int(details.get("amount", 0)) if getattr(event, "kind", None) == "damage" else 0


def _player_named(obj: GameObject, who: Any) -> Any:
    """The player (or, for "self", the object id) a combat trigger names."""
    if who in (None, "you"):
        return obj.controller
    if who == "enchanted_player":
        return enchanted_player(obj)
    if who == "self":
        return obj.id
    return who


@trigger_matcher("is_attacked", params={
    "who": "str: \"you\" (default), \"enchanted_player\" or \"self\" (this planeswalker "
           "or battle)"}, cr=("508.3b",))
def _is_attacked(state: GameState, obj: GameObject, spec: Mapping[str, Any],
                 event: Event) -> bool:
    """Whenever [that player or this permanent] is attacked: one or more creatures are
    declared attacking it, once however many (CR 508.3b)."""
    if event.kind != "attackers-declared":
        return False
    who = _player_named(obj, spec.get("who"))
    return who is not None and any(d == who for _, d in event.details.get("attacked", []))


@trigger_matcher("player_attacks", params={
    "player": "str: who attacks: \"you\" (default), \"opponent\" or \"any\"",
    "attacked": "str: only attacks on \"you\" or \"enchanted_player\" (default: any)"},
    cr=("508.3d", "508.3e"))
def _player_attacks(state: GameState, obj: GameObject, spec: Mapping[str, Any],
                    event: Event) -> bool:
    """Whenever [a player] attacks [a player]: that player declares one or more creatures as
    attackers [attacking the second player], once per declaration (CR 508.3d, 508.3e)."""
    if event.kind != "attackers-declared":
        return False
    attacker = state.active_player  # 508.1: the active player declares attackers
    who = spec.get("player", "you")
    if (who == "you" and attacker != obj.controller) or (
            who == "opponent" and attacker not in state.opponents(obj.controller)):
        return False
    pairs = event.details.get("attacked", [])
    if "attacked" not in spec:
        return bool(pairs)
    target = _player_named(obj, spec["attacked"])
    return target is not None and any(d == target for _, d in pairs)


@trigger_matcher("creature_attacks", params={
    "filter": "filter: which attacking creatures count (as each is declared, 508.2a)",
    "player": "str: whose creatures: \"you\" (the ability's controller), \"opponent\" or "
              "\"any\" (default)"},
    cr=("508.3a", "508.2a"),
    example='Whenever a creature you control attacks: {event = "creature_attacks", player = '
            '"you"}')
def _creature_attacks(state: GameState, obj: GameObject, spec: Mapping[str, Any],
                      event: Event) -> bool:
    """Whenever a [filter] creature [you control] attacks: once for each creature declared as
    an attacker that matches as it is declared (508.3a, 508.2a); a creature put onto the
    battlefield attacking was never declared (508.4)."""
    if event.kind != "attacks":
        return False
    return _matching_creature(state, obj, spec, int(event.details.get("object", -1)))


@trigger_matcher("creature_blocks", params={
    "filter": "filter: which blocking creatures count (as each is declared, 509.3f)",
    "player": "str: whose creatures: \"you\" (the ability's controller), \"opponent\" or "
              "\"any\" (default)"},
    cr=("509.3a", "509.3f"),
    example='Whenever a creature with defender blocks: {event = "creature_blocks", filter = '
            '{keyword = "defender"}}')
def _creature_blocks(state: GameState, obj: GameObject, spec: Mapping[str, Any],
                     event: Event) -> bool:
    """Whenever a [filter] creature [you control] blocks: once for each creature declared as
    a blocker that matches as it is declared (509.3a, 509.3f)."""
    if event.kind != "blocks":
        return False
    return _matching_creature(state, obj, spec, int(event.details.get("object", -1)))


def _matching_creature(state: GameState, obj: GameObject, spec: Mapping[str, Any],
                       creature_id: int) -> bool:
    creature = state.objects.get(creature_id)
    if creature is None:
        return False
    who = spec.get("player", "any")
    if (who == "you" and creature.controller != obj.controller) or (
            who == "opponent" and creature.controller not in state.opponents(obj.controller)):
        return False
    flt = spec.get("filter")
    return not flt or matches(state, creature, dict(flt),
                              ctx=FilterContext(you=obj.controller, source=obj.id))
