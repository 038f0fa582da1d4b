"""A player leaving a multiplayer game (CR 800.4, 800.4a, 104.5).

In a two-player game the game ends as soon as one player loses (104.2a); a game of more
players goes on without them (800.4). When a player leaves, in this order (800.4a):

1. every object they own leaves the game, in every zone (the ante zone doesn't exist here);
2. effects that give them control of objects end: a permanent they control that way returns to
   the player who controls it by default (the one it entered under), or is exiled if that
   player has left too (800.4c);
3. objects on the stack they control that no card represents (abilities, copies) cease to exist;
4. any other object they still control is exiled (a spell of another player's card they cast).

It is not a state-based action but it happens as soon as the player leaves; this engine
makes players leave when their loss is recorded, right after the state-based action or the
concession that made them lose. If they had priority, the next player in turn order still in
the game receives it. The players who left are listed in ``extra["left"]``; they are no
one's opponents any more (102.3), get no turns (800.4k) and their waiting triggered
abilities are not put on the stack (800.4d).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from reference_engine.layers.control import change_control, default_controller
from reference_engine.sba.outcome import game_is_over
from reference_engine.sba.teams import spread_team_losses
from reference_engine.triggers.last_known import remember_leaving

if TYPE_CHECKING:
    from reference_engine.core.state import GameState

__all__ = ["DEPARTURE_HOOKS", "LEFT_KEY", "leave_game", "process_departures"]

#: ``state.extra`` key of the players who have left the game, in the order they left.
LEFT_KEY = "left"
#: Run as a player leaves, with the state and the player, before what they own leaves: what
#: passes to another player at the same time (the monarch, 724.4; the initiative, 725.4).
#: Registered with ``in_cr_order`` and their rule number.
DEPARTURE_HOOKS: list[Callable[[GameState, str], None]] = []


def process_departures(state: GameState) -> bool:
    """Make every player who has lost, or for whom the game is a draw, but who has not yet
    left leave the game (CR 104.5, 104.4e, 800.4a),
    unless the game is over (then it simply ends, 104.2a, and nothing leaves). Whether any
    player left."""
    left: list[str] = state.extra.setdefault(LEFT_KEY, [])
    # 810.8a, 810.8b, 809.5b: some team games take the whole team out with one player's loss.
    did = spread_team_losses(state)
    # 104.4e: a player for whom an effect made the game a draw leaves it too.
    for player in [*state.extra.get("lost", []), *state.extra.get("drawn", [])]:
        if player in left or game_is_over(state):
            continue
        leave_game(state, player)
        did = True
    return did


def leave_game(state: GameState, player: str) -> None:
    """``player`` leaves the game now (CR 800.4a), with what leaves with them."""
    left: list[str] = state.extra.setdefault(LEFT_KEY, [])
    if player in left:
        return
    left.append(player)
    state.log("player-leaves", player=player)
    for hook in DEPARTURE_HOOKS:
        hook(state, player)
    # 1. Objects the player owns leave the game, wherever they are.
    for obj in [o for o in state.all_objects() if o.owner == player]:
        if obj.id in state.objects:
            remember_leaving(state, obj)  # 603.10f: the game-loss triggers look back
            state.log("leaves-game", object=obj.id, card=obj.card.name, zone=obj.zone)
            state.remove(obj)
    # 2. Control effects giving the player control end: the player who controls it by default
    #    controls it again, or, if that player has left too, it is exiled (800.4c). What the
    #    player controls by default (a creature put onto the battlefield under their control)
    #    stays theirs until step 4.
    for obj in state.battlefield():
        if obj.controller != player or default_controller(obj) == player:
            continue
        default = default_controller(obj)
        if default in state.in_game():
            change_control(state, obj, default)
        else:
            state.move(obj, "exile")
    # 3. Objects on the stack they control that no card represents cease to exist.
    for obj in state.objects_in("stack"):
        if obj.controller == player and (obj.ability is not None or obj.is_copy
                                         or obj.is_token):
            state.remove(obj)
    # 4. Anything else they still control is exiled.
    for obj in [o for o in state.all_objects() if o.controller == player
                and o.zone in ("stack", "battlefield")]:
        state.move(obj, "exile")
    if state.priority_player == player:
        state.priority_player = state.next_in_game(player)
    state.changed()
