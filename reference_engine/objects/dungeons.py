"""Dungeons and venturing into the dungeon (CR 309, 701.49, 704.5t).

* A dungeon is a card of type Dungeon whose rooms are card data, in order from the topmost:
  ``{kind = "triggered", trigger = {event = "room", room = "<name>", leads_to = [...],
  zones = ["command"]}, effects = [...]}``: each room's ability is "When you move your venture
  marker into this room, [effect]" (309.4c), and ``leads_to`` names the rooms its arrows point
  to; a room leading nowhere is a bottommost room (309.4, 309.5a). Its abilities function from
  the command zone, and they are controlled by the dungeon's owner (309.4c).
* Dungeon cards begin outside the game (309.2): a case lists the cards each player owns there
  in ``setup.outside`` (400.11), and venturing chooses among that player's Dungeon cards
  (choice ``dungeon``, a card name; one such card needs no answer). Only venturing brings one
  into the game, into the command zone (309.2a-b), where it is not a permanent and can't be
  cast (309.2c); a player owns one there at a time (309.3), and one they completed is outside
  the game again and may be chosen again.
* ``venture`` (701.49a-c, 309.5): with no dungeon of theirs in the command zone the player puts
  one there with the venture marker on its topmost room (309.2a, 309.4a); otherwise the marker
  moves along an arrow to the next room (the player choosing the room when several arrows
  leave it, choice ``room``, 309.5a); from a bottommost room the dungeon is removed from the game
  (the player completes it, 309.7) and a new one is put into the command zone (309.5b). Moving
  the marker into a room makes that room's ability trigger.
* State-based action 704.5t (309.6): a dungeon whose marker is on a bottommost room and that is
  not the source of a room ability that has triggered but not yet left the stack is removed
  from the game by its owner, who completes it (309.7).
* Queries: ``dungeon`` (the name of the dungeon a player owns in the command zone, or null),
  ``venture_room`` (the room their venture marker is on, or null) and ``dungeons_completed``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.choices import choose
from reference_engine.core.context import ResolveContext, effect
from reference_engine.core.errors import SetupError
from reference_engine.core.registry import query, setup_hook
from reference_engine.layers.values import players_of
from reference_engine.sba.checks import state_based_action
from reference_engine.triggers.abilities import trigger_matcher

if TYPE_CHECKING:
    from reference_engine.core.cards import CardDef
    from reference_engine.core.handlers import GameView
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import Event, GameState

__all__ = ["ENTERED_ONLY_BY_QUALITY", "rooms"]

#: ``obj.extra`` key of a dungeon in the command zone: the room its venture marker is on.
_MARKER = "venture_room"
#: ``state.extra`` key: how many dungeons each player has completed (309.7).
_COMPLETED = "dungeons_completed"
#: ``state.extra`` key: the names of the cards each player owns outside the game (400.11).
_OUTSIDE = "outside_cards"
_ROOM_EVENT = "room"
#: Dungeons whose text says "You can't enter this dungeon unless you venture into [its
#: subtype]" (Undercity): venturing into the dungeon without that quality never picks them.
ENTERED_ONLY_BY_QUALITY = ("Undercity",)


def _is_dungeon(card: CardDef) -> bool:
    return "Dungeon" in card.front.types


def rooms(card: CardDef) -> list[tuple[str, list[str]]]:
    """The rooms of a dungeon card, topmost first: (name, the rooms it leads to)."""
    out = []
    for ability in card.front.abilities:
        trig = ability.get("trigger") if ability.get("kind") == "triggered" else None
        if isinstance(trig, Mapping) and trig.get("event") == _ROOM_EVENT:
            out.append((str(trig.get("room")), [str(r) for r in trig.get("leads_to", [])]))
    if not out:
        raise SetupError(f"the dungeon {card.name} has no rooms (room abilities)")
    return out


def _dungeon_of(state: GameState, player: str) -> GameObject | None:
    """The dungeon card ``player`` owns in the command zone (309.3: at most one)."""
    return next((o for o in state.objects_in("command", player)
                 if o.owner == player and _is_dungeon(o.card)), None)


def _mark(state: GameState, dungeon: GameObject, room: str) -> None:
    """Move the venture marker into ``room``: its room ability triggers (309.4c)."""
    dungeon.extra[_MARKER] = room
    state.log("venture-marker-moved", object=dungeon.id, player=dungeon.owner, room=room)
    state.changed()


def _enter_dungeon(state: GameState, player: str, quality: str | None = None) -> None:
    """309.2a, 309.4a: a dungeon card the player owns outside the game goes into the command
    zone with the venture marker on its topmost room; venturing into [quality], one with that
    quality (its subtype, 701.49d)."""
    owned: Mapping[str, list[str]] = state.extra.get(_OUTSIDE, {})
    names = sorted(n for n in owned.get(player, [])
                   if (c := state.catalog.get(n)) is not None and _is_dungeon(c)
                   and (quality in c.front.subtypes if quality is not None
                        else not set(c.front.subtypes) & set(ENTERED_ONLY_BY_QUALITY)))
    if not names:
        # 701.49a: a player with no dungeon card outside the game can't choose one.
        state.log("venture-no-dungeon", player=player)
        return
    card = state.catalog[str(choose(state, "dungeon", names))]
    dungeon = state.create_object(card, owner=player, zone="command", controller=player)
    state.log("dungeon-entered", object=dungeon.id, card=card.name, player=player)
    _mark(state, dungeon, rooms(card)[0][0])


def _complete(state: GameState, dungeon: GameObject) -> None:
    """309.7: the owner completes the dungeon as it is removed from the game."""
    completed: dict[str, int] = state.extra.setdefault(_COMPLETED, {})
    completed[dungeon.owner] = completed.get(dungeon.owner, 0) + 1
    state.log("dungeon-completed", object=dungeon.id, card=dungeon.card.name,
              player=dungeon.owner)
    state.remove(dungeon)


def venture(state: GameState, player: str, quality: str | None = None) -> None:
    """Venture into the dungeon (701.49a-c, 309.5a-b), or into [quality] (701.49d): the quality
    limits only the choice of a dungeon to bring in; a player who has one in the command zone
    ventures in it as usual, and one completed is followed by any dungeon (701.49c)."""
    dungeon = _dungeon_of(state, player)
    if dungeon is None:
        _enter_dungeon(state, player, quality)
        return
    graph = dict(rooms(dungeon.card))
    here = str(dungeon.extra.get(_MARKER))
    exits = graph.get(here, [])
    if not exits:
        # 309.5b, 701.49c: from the bottommost room the dungeon is completed, then a new one.
        _complete(state, dungeon)
        _enter_dungeon(state, player)
        return
    _mark(state, dungeon, str(choose(state, "room", exits)))


@setup_hook(stage="permissions")
def _setup_outside(state: GameState, setup: Mapping[str, Any]) -> None:
    """``setup.outside``: the cards each player owns outside the game (400.11), by name."""
    outside = setup.get("outside")
    if not outside:
        return
    table: dict[str, list[str]] = {}
    for player, names in dict(outside).items():
        if player not in state.players:
            raise SetupError(f"setup.outside: unknown player {player!r}")
        for name in names:
            if state.catalog.get(str(name)) is None:
                raise SetupError(f"setup.outside.{player}: no card data for {name!r}")
        table[str(player)] = [str(n) for n in names]
    state.extra[_OUTSIDE] = table


@effect("venture", params={"player": "any: who ventures (default the controller)"},
        cr=("701.49a", "701.49b", "701.49c", "309.2a", "309.5a", "309.5b"),
        example='{type = "venture"}')
def _venture(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Venture into the dungeon (701.49): bring a dungeon into the command zone, or move the
    venture marker to the next room (choice ``room``), or complete the dungeon and start a new
    one (choice ``dungeon``)."""
    for player in players_of(ctx, p.get("player", "controller")):
        venture(ctx.state, player)


@trigger_matcher(_ROOM_EVENT, params={
    "room": "str!: the room's name", "leads_to": "words: the rooms its arrows point to (none: "
    "a bottommost room)"}, cr=("309.4c",),
    example='Lost Mine of Phandelver: {event = "room", room = "Cave Entrance", leads_to = '
            '["Goblin Lair", "Mine Tunnels"], zones = ["command"]}')
def _room(state: GameState, obj: GameObject, spec: Mapping[str, Any], event: Event) -> bool:
    """A room ability: "When you move your venture marker into this room" (309.4c)."""
    return (event.kind == "venture-marker-moved" and event.details.get("object") == obj.id
            and event.details.get("room") == spec.get("room"))


def _room_waiting(state: GameState, dungeon: GameObject) -> bool:
    """309.6: the dungeon is the source of a room ability that has triggered but not yet left
    the stack: pending, on the stack, or triggered by an event not yet looked at."""
    from reference_engine.triggers.abilities import PendingTrigger

    def is_room(ability: Mapping[str, Any] | None) -> bool:
        trig = (ability or {}).get("trigger")
        return isinstance(trig, Mapping) and trig.get("event") == _ROOM_EVENT

    pending: list[PendingTrigger] = state.extra.get("pending_triggers", [])
    if any(t.source == dungeon.id and is_room(t.ability) for t in pending):
        return True
    if any(state.objects[i].source_id == dungeon.id and is_room(state.objects[i].ability)
           for i in state.zone_list("stack")):
        return True
    unseen = state.events[int(state.extra.get("trigger_cursor", 0)):]
    return any(e.kind == "venture-marker-moved" and e.details.get("object") == dungeon.id
               for e in unseen)


@state_based_action(cr="704.5t")
def _dungeon_completed(state: GameState) -> bool:
    """Check 704.5t (309.6): a dungeon whose venture marker is on a bottommost room, with no
    room ability of it waiting, is removed from the game: its owner completes it (309.7)."""
    done = [o for o in state.objects.values() if o.zone == "command" and _is_dungeon(o.card)
            and not dict(rooms(o.card)).get(str(o.extra.get(_MARKER)), [None])
            and not _room_waiting(state, o)]
    for dungeon in done:
        _complete(state, dungeon)
    return bool(done)


@query("dungeon")
def _q_dungeon(game: GameView, q: Mapping[str, Any]) -> str | None:
    """The name of the dungeon card ``player`` owns in the command zone, or null (309.3)."""
    dungeon = _dungeon_of(game.state, game.player(q.get("player")))
    return dungeon.card.name if dungeon is not None else None


@query("venture_room")
def _q_room(game: GameView, q: Mapping[str, Any]) -> str | None:
    """The room ``player``'s venture marker is on, or null without a dungeon (309.4)."""
    dungeon = _dungeon_of(game.state, game.player(q.get("player")))
    return str(dungeon.extra.get(_MARKER)) if dungeon is not None else None


@query("dungeons_completed")
def _q_completed(game: GameView, q: Mapping[str, Any]) -> int:
    """How many dungeons ``player`` has completed this game (309.7)."""
    counts: Mapping[str, int] = game.state.extra.get(_COMPLETED, {})
    return int(counts.get(game.player(q.get("player")), 0))
