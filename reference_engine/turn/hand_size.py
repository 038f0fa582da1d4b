"""Maximum hand size and the cleanup step's discard (CR 402.2, 514.1).

As the cleanup step begins, if the active player's hand has more cards than their maximum hand
size (normally seven, 402.2; none while they control a permanent with the static ability
``{kind = "static", no_maximum_hand_size = true}``, Reliquary Tower, 402.2), they discard the
excess (514.1), choosing which cards: choice
``discard``, the handles of the cards discarded (a list, or a table by player). No other player
discards, and a player at or below the maximum discards nothing. This is a turn-based action, so
it doesn't use the stack; the discards are events abilities can trigger on (701.9).
"""

from __future__ import annotations

from reference_engine.core.state import GameState
from reference_engine.layers.system import compute_all, static_abilities
from reference_engine.resolution.hidden_zones import discard_card, pick_cards

__all__ = ["MAXIMUM_HAND_SIZE", "discard_to_hand_size", "maximum_hand_size"]

#: The normal maximum hand size (CR 402.2).
MAXIMUM_HAND_SIZE = 7


def maximum_hand_size(state: GameState, player: str) -> int | None:
    """``player``'s maximum hand size (CR 402.2): seven, or None (no maximum) while they
    control a permanent with ``no_maximum_hand_size`` ("You have no maximum hand size")."""
    chars = compute_all(state)
    if any(a.get("no_maximum_hand_size") for obj, a in static_abilities(state, chars)
           if obj.controller == player):
        return None
    return MAXIMUM_HAND_SIZE


def discard_to_hand_size(state: GameState) -> None:
    """Turn-based action 514.1: the active player discards down to their maximum hand size."""
    player = state.active_player
    hand = state.objects_in("hand", player)
    maximum = maximum_hand_size(state, player)
    if maximum is None:
        return
    excess = len(hand) - maximum
    if excess <= 0:
        return
    for obj in pick_cards(state, "discard", hand, excess, excess, player=player):
        discard_card(state, obj)
