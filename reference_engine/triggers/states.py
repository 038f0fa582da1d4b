"""Triggers on the state of the game rather than on an event: state triggers (CR 603.8) and
the game-loss trigger (603.9, 603.10f).

State triggers (603.8): ``trigger = {event = "state", condition = {...}}`` ("When you control
no Islands, sacrifice this creature": ``condition = {count = {filter = {subtype = "Island",
controller = "you"}, at_most = 0}}``). The condition is read with "you" the ability's
controller and "this" its source. :func:`check_state_triggers` looks at the game whenever
triggers are collected (before a player would receive priority) and after each instruction of
a resolving spell or ability (so a hand emptied for a moment during a resolution counts): as
soon as the condition holds, the ability triggers once, noted as a ``state-trigger`` event for
that object and ability, which its matcher recognises. It doesn't trigger again while that
instance waits to be put on the stack or is on the stack; once it has left the stack
(resolved, countered, removed), it triggers again if its source is still there and the
condition still holds. State triggers are not state-based actions: nothing else about them
differs from other triggered abilities (targets, APNAP order, intervening "if").

"Whenever a player loses the game" (603.9): ``trigger = {event = "player_loses", player =
"any" | "opponent" | "you"}`` triggers whenever a player loses, whatever the reason (life,
poison, an empty library, conceding), unless the game is a draw. It looks back in time
(603.10f): a permanent that left the game with the player who lost (its owner, 800.4a) is
checked as it last existed, so a permanent its owner's opponent had taken control of still
triggers for that opponent (see :func:`reference_engine.triggers.last_known.trigger_sources`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.ordering import in_cr_order
from reference_engine.layers.conditions import ConditionContext, holds
from reference_engine.layers.system import compute_all
from reference_engine.triggers.abilities import STATE_CHECKS, trigger_matcher

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import Event, GameState

__all__ = ["STATE_EVENT", "check_state_triggers"]

#: The kind of event a state trigger's condition becoming true is noted as.
STATE_EVENT = "state-trigger"


def _key(spec: Mapping[str, Any]) -> str:
    """Which state trigger of an object an event is about: its trigger table, as data."""
    return json.dumps(spec, sort_keys=True, default=str)


def _waiting(state: GameState, source: int, key: str) -> bool:
    """603.8: whether an instance of the state trigger ``key`` of ``source`` has triggered and
    not yet left the stack: noted and not yet collected, waiting to be put on the stack, or on
    it."""
    def about(event: Any) -> bool:
        return (getattr(event, "kind", None) == STATE_EVENT
                and event.details.get("object") == source and event.details.get("key") == key)

    cursor = int(state.extra.get("trigger_cursor", 0))
    if any(about(e) for e in state.events[cursor:]):
        return True
    if any(t.source == source and about(t.event)
           for t in state.extra.get("pending_triggers", [])):
        return True
    return any(o.source_id == source and about(o.extra.get("trigger_event"))
               for o in state.objects_in("stack"))


@in_cr_order(STATE_CHECKS, cr="603.8")
def check_state_triggers(state: GameState) -> None:
    """603.8: note each state trigger whose condition holds now and that has no instance
    waiting or on the stack."""
    chars = compute_all(state)
    for obj in list(state.objects.values()):
        c = chars.get(obj.id)
        if c is None:
            continue
        for ability in c.abilities:
            spec = ability.get("trigger")
            if ability.get("kind") != "triggered" or not isinstance(spec, Mapping) \
                    or spec.get("event") != "state":
                continue
            if obj.zone not in spec.get("zones", ["battlefield"]):
                continue
            key = _key(spec)
            if _waiting(state, obj.id, key):
                continue
            ctx = ConditionContext(source=obj.id, you=obj.controller,
                                   chars_of=chars.__getitem__)
            if holds(state, dict(spec.get("condition", {})), ctx):
                state.log("state-trigger", object=obj.id, key=key)


@trigger_matcher("state", params={
    "condition": "condition: the game state it triggers on, read with \"you\" its controller"},
    cr=("603.8",),
    example='Sea Serpent: {event = "state", condition = {count = {filter = {subtype = '
            '"Island", controller = "you"}, at_most = 0}}}')
def _state(state: GameState, obj: GameObject, spec: Mapping[str, Any], event: Event) -> bool:
    """A state trigger (CR 603.8): it triggers as soon as ``condition`` holds, and not again
    until that instance has left the stack."""
    return (event.kind == STATE_EVENT and event.details.get("object") == obj.id
            and event.details.get("key") == _key(spec))


@trigger_matcher("player_loses", params={
    "player": "str: whose loss: any (default), opponent, you"},
    cr=("603.9", "603.10f"),
    example='Blood Tyrant: {event = "player_loses"}')
def _player_loses(state: GameState, obj: GameObject, spec: Mapping[str, Any],
                  event: Event) -> bool:
    """A player loses the game, for any reason (CR 603.9, 104.3); not when the game is a draw
    (every player lost at once, 104.4a). Looks back in time (603.10f)."""
    if event.kind != "player-loses":
        return False
    lost = state.extra.get("lost", [])
    if not state.extra.get("won") and all(p in lost for p in state.players):
        return False  # 104.4a: a draw
    who = str(event.details.get("player"))
    wanted = str(spec.get("player", "any"))
    if wanted == "you":
        return who == obj.controller
    if wanted == "opponent":
        return who != obj.controller
    return True
