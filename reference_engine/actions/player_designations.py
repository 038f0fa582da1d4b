"""Designations a player holds and their inherent triggered abilities: the monarch (724), the
initiative (725) and rad counters (727).

* ``become_monarch {player}``: the player becomes the monarch (724.1); only one player is the
  monarch at a time, so the current monarch stops being it (724.3). Event ``became-monarch``.
* ``take_initiative {player}``: the player takes the initiative (725.1); the one who had it
  loses it (725.3). Taking it while having it creates no second designation but still
  triggers its venture ability (725.5). Event ``took-initiative``.
* Rad counters are player counters (727.1): ``put_counters {target = <player>, counter =
  "rad"}`` gives them (``actions/counters.py``); query ``player_counters``.

The inherent triggered abilities have no source (an exception to 113.8) and are controlled by
the player who holds the designation as they trigger (724.2, 725.2), or by the active player
for rad counters (727.1). They are found here for every event, like delayed triggers:

* the monarch: at the beginning of the monarch's end step that player draws a card; whenever a
  creature deals combat damage to the monarch, its controller becomes the monarch (724.2);
* the initiative: at the beginning of the upkeep of the player who has it, they venture into
  Undercity; whenever one or more creatures a player controls deal combat damage to the player
  who has the initiative, that player takes it; whenever a player takes the initiative, they
  venture into Undercity (725.2, 701.49d);
* rad counters: at the beginning of each player's precombat main phase, if that player has rad
  counters, they mill that many cards; for each nonland card milled they lose 1 life and remove
  a rad counter (727.1). That life is lost "from radiation" (727.1a): the ``life-lost`` event
  says ``radiation = true``.

When the monarch or the player with the initiative leaves a multiplayer game, the active
player takes the designation as they leave, or the next player in turn order if the active
player is the one leaving (724.4, 725.4).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.cards import CardDef, parse_card
from reference_engine.core.context import ResolveContext, effect
from reference_engine.core.ordering import in_cr_order
from reference_engine.core.registry import query
from reference_engine.layers.system import compute_all
from reference_engine.layers.values import players_of
from reference_engine.objects.dungeons import venture
from reference_engine.sba.departure import DEPARTURE_HOOKS
from reference_engine.triggers.abilities import TRIGGER_SOURCES, PendingTrigger, trigger_matcher
from reference_engine.triggers.last_known import last_known_info
from reference_engine.triggers.life import player_matches

if TYPE_CHECKING:
    from reference_engine.core.handlers import GameView
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import Event, GameState

__all__ = ["INITIATIVE_KEY", "MONARCH_KEY", "RAD", "holder"]

#: ``state.extra`` keys: the player who is the monarch (724.1) / has the initiative (725.1).
MONARCH_KEY = "monarch"
INITIATIVE_KEY = "initiative"
#: The kind of counter a player gets from radiation (727.1), kept in ``Player.extra``.
RAD = "rad"
#: Undercity's quality for "venture into Undercity" (725.2, 701.49d): its subtype.
UNDERCITY = "Undercity"
#: The sourceless abilities' stand-in card and the source number they carry (none, 113.8).
_NO_SOURCE = -1


def _card(name: str) -> CardDef:
    return parse_card({"name": name, "types": []}, where=name)


_MONARCH_CARD = _card("The monarch")
_INITIATIVE_CARD = _card("The initiative")
_RAD_CARD = _card("Rad counters")


def holder(state: GameState, key: str) -> str | None:
    """The player holding designation ``key`` (``MONARCH_KEY``, ``INITIATIVE_KEY``), if any."""
    who = state.extra.get("monarch") if key == MONARCH_KEY else state.extra.get("initiative")
    return str(who) if who in state.players else None


def _set_holder(state: GameState, key: str, player: str | None) -> None:
    if key == MONARCH_KEY:
        state.extra["monarch"] = player
    else:
        state.extra["initiative"] = player


def _designate(state: GameState, key: str, player: str) -> None:
    """724.3, 725.3: as ``player`` gets the designation, whoever had it loses it."""
    previous = holder(state, key)
    _set_holder(state, key, player)
    if key == MONARCH_KEY:
        state.log("became-monarch", player=player, previous=previous)
    else:
        state.log("took-initiative", player=player, previous=previous)
    state.changed()


@effect("become_monarch", params={"player": "any: who becomes the monarch (default the "
                                            "controller; \"event_source_controller\": the "
                                            "controller of the triggering event's source)"},
        cr=("724.1", "724.3"), example='Thorn of the Black Rose: {type = "become_monarch"}')
def _become_monarch(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """The player becomes the monarch (724.1); the monarch before them ceases to be (724.3)."""
    for player in _players(ctx, p):
        _designate(ctx.state, MONARCH_KEY, player)


@effect("take_initiative", params={"player": "any: who takes the initiative (default the "
                                             "controller; \"event_source_controller\" as for "
                                             "become_monarch)"},
        cr=("725.1", "725.3", "725.5"), example='Aarakocra Sneak: {type = "take_initiative"}')
def _take_initiative(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """The player takes the initiative (725.1), from whoever had it (725.3); taking it again
    while having it still triggers its venture ability (725.5)."""
    for player in _players(ctx, p):
        _designate(ctx.state, INITIATIVE_KEY, player)


@effect("venture_into", params={"quality": "str!: the dungeon's subtype (\"Undercity\")",
                                "player": "any: who ventures (default the controller)"},
        cr=("701.49d",), example='{type = "venture_into", quality = "Undercity"}')
def _venture_into(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Venture into [quality] (701.49d): without a dungeon in the command zone the player
    chooses one with that quality; otherwise they venture as usual (701.49b-c)."""
    for player in players_of(ctx, p.get("player", "controller")):
        venture(ctx.state, player, quality=str(p["quality"]))


def _players(ctx: ResolveContext, p: Mapping[str, Any]) -> list[str]:
    who = p.get("player", "controller")
    if who != "event_source_controller":
        return players_of(ctx, who)
    event = ctx.obj.extra.get("trigger_event")
    details = getattr(event, "details", {})
    source = details.get("source")
    if not isinstance(source, int):
        return []
    obj = ctx.state.objects.get(source)
    if obj is not None and obj.zone == "battlefield":
        return [obj.controller]
    info = last_known_info(ctx.state, source)
    if info is not None:
        return [info.object.controller]
    controller = details.get("source_controller")
    return [str(controller)] if controller in ctx.state.players else []


@effect("radiation", params={}, cr=("727.1", "727.1a"), example='{type = "radiation"}')
def _radiation(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """727.1: the active player mills as many cards as they have rad counters; for each
    nonland card milled they lose 1 life (life lost from radiation, 727.1a) and remove one
    rad counter."""
    state = ctx.state
    player = state.active_player
    record = state.players[player]
    count = int(record.extra.get(RAD, 0))
    nonland = 0
    for _ in range(count):
        library = state.zone_list("library", player)
        if not library:
            break
        top = state.objects[library[0]]
        new = state.move(top, "graveyard")
        state.log("milled", object=new.id, card=new.card.name, player=player)
        if "Land" not in new.card.front.types:
            nonland += 1
    if nonland:
        # One life-loss event for all the nonland cards milled, "that much" life (727.1a).
        record.life -= nonland
        state.log("life-lost", player=player, amount=nonland, source=None, radiation=True)
        record.extra[RAD] = max(int(record.extra.get(RAD, 0)) - nonland, 0)
        state.log("counters-removed", player=player, counter=RAD, amount=nonland)
    state.changed()


def _ability(event: Mapping[str, Any], effects: list[dict[str, Any]]) -> dict[str, Any]:
    return {"kind": "triggered", "trigger": dict(event), "effects": effects}


def _pending(card: CardDef, controller: str, ability: dict[str, Any],
             event: Event) -> PendingTrigger:
    return PendingTrigger(_NO_SOURCE, card, controller, ability, event, label=card.name)


def _creature_combat_damage(state: GameState, event: Event, to: str | None) -> str | None:
    """The controller of the creature dealing ``event``, if it is combat damage from a
    creature to player ``to``."""
    d = event.details
    if to is None or event.kind != "damage" or not d.get("combat") or d.get("player") != to:
        return None
    source = state.objects.get(int(d.get("source", -1)))
    if source is None:
        info = last_known_info(state, int(d.get("source", -1)))
        return info.object.controller if info is not None and \
            info.chars.has_type("Creature") else None
    return source.controller if compute_all(state)[source.id].has_type("Creature") else None


def _same_damage_batch(state: GameState, index: int, to: str, controller: str) -> bool:
    """Whether an earlier event of the same combat damage dealing (the run of damage events
    before ``index``) already was combat damage to ``to`` from a creature ``controller``
    controls: "one or more creatures" triggers once (725.2)."""
    i = index - 1
    while i >= 0 and state.events[i].kind in ("damage", "life-lost", "damage-prevented"):
        earlier = state.events[i]
        if earlier.kind == "damage" and _creature_combat_damage(state, earlier, to) == controller:
            return True
        i -= 1
    return False


def _inherent_sources(state: GameState, event: Event, index: int) -> list[PendingTrigger]:
    """The inherent triggered abilities of the monarch (724.2), the initiative (725.2) and
    rad counters (727.1) that ``event`` triggers."""
    out: list[PendingTrigger] = []
    d = event.details
    monarch = holder(state, MONARCH_KEY)
    initiative = holder(state, INITIATIVE_KEY)
    if event.kind == "step":
        active = str(d.get("active"))
        step = {"event": "beginning_of_step", "step": d.get("step")}
        if d.get("step") == "end" and monarch == active:
            out.append(_pending(_MONARCH_CARD, monarch, _ability(
                step, [{"type": "draw", "amount": 1}]), event))
        if d.get("step") == "upkeep" and initiative == active:
            out.append(_pending(_INITIATIVE_CARD, initiative, _ability(
                step, [{"type": "venture_into", "quality": UNDERCITY}]), event))
        if d.get("step") == "precombat-main" and int(
                state.players[active].extra.get(RAD, 0)) > 0:
            # An intervening "if" (603.4): on resolution the radiation reads the rad counters
            # the player has then, and with none it mills nothing.
            out.append(_pending(_RAD_CARD, active, _ability(step, [{"type": "radiation"}]),
                                event))
    elif event.kind == "damage":
        if monarch is not None and _creature_combat_damage(state, event, monarch) is not None:
            out.append(_pending(_MONARCH_CARD, monarch, _ability(
                {"event": "monarch_dealt_combat_damage"},
                [{"type": "become_monarch", "player": "event_source_controller"}]), event))
        attacker = _creature_combat_damage(state, event, initiative)
        if initiative is not None and attacker is not None and not _same_damage_batch(
                state, index, initiative, attacker):
            out.append(_pending(_INITIATIVE_CARD, initiative, _ability(
                {"event": "initiative_dealt_combat_damage"},
                [{"type": "take_initiative", "player": "event_source_controller"}]), event))
    elif event.kind == "took-initiative":
        taker = str(d.get("player"))
        out.append(_pending(_INITIATIVE_CARD, taker, _ability(
            {"event": "takes_initiative"},
            [{"type": "venture_into", "quality": UNDERCITY}]), event))
    return out


TRIGGER_SOURCES.append(_inherent_sources)


@in_cr_order(DEPARTURE_HOOKS, cr="724.4")
def _designations_leave(state: GameState, player: str) -> None:
    """724.4, 725.4: as the monarch or the player with the initiative leaves the game, the
    active player gets the designation, or the next player in turn order still in the game if
    the active player is the one leaving; with no such player nobody has it."""
    for key in (MONARCH_KEY, INITIATIVE_KEY):
        if holder(state, key) != player:
            continue
        heir: str | None = state.active_player
        if heir == player or heir not in state.in_game():
            heir = state.next_in_game(player)
        if heir is None or heir == player:
            _set_holder(state, key, None)
            continue
        _designate(state, key, heir)


@trigger_matcher("loses_life_from_radiation", params={
    "player": "str: whose loss: \"you\" (default), \"opponent\" or \"any\""},
    cr=("727.1a",), example='{event = "loses_life_from_radiation"}')
def _radiation_loss(state: GameState, obj: GameObject, spec: Mapping[str, Any],
                    event: Event) -> bool:
    """"Whenever [you] lose life from radiation" (727.1a): life lost through the rad counters'
    triggered ability (one event, however many nonland cards were milled)."""
    return event.kind == "life-lost" and bool(event.details.get("radiation")) and \
        player_matches(state, spec.get("player", "you"), event.details.get("player"),
                       obj.controller)


@query("monarch")
def _q_monarch(game: GameView, q: Mapping[str, Any]) -> str | None:
    """The player who is the monarch, or null when there is none (724.1)."""
    return holder(game.state, MONARCH_KEY)


@query("initiative")
def _q_initiative(game: GameView, q: Mapping[str, Any]) -> str | None:
    """The player who has the initiative, or null when no one has it (725.1)."""
    return holder(game.state, INITIATIVE_KEY)


@query("player_counters")
def _q_player_counters(game: GameView, q: Mapping[str, Any]) -> dict[str, int]:
    """The counters ``player`` has, by kind: poison (122.1f) and rad (727.1); kinds they have
    none of are left out."""
    record = game.state.players[game.player(q.get("player"))]
    return {kind: int(record.extra.get(kind, 0)) for kind in ("poison", RAD)
            if int(record.extra.get(kind, 0)) > 0}
