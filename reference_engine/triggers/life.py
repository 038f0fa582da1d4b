"""Gaining life (CR 119.3, 119.9) and the trigger event ``gains_life``.

Every life gain goes through :func:`gain_life`, which logs a ``life-gained`` event. A player who
would gain 0 life gains none: no life gain event happens and "whenever you gain life" doesn't
trigger (119.9). Lifelink damage is one life gain event per damage event (702.15b).

Trigger event ``gains_life {player = "you" | "opponent" | "any"}``: "whenever you gain life"
(Ajani's Pridemate), "whenever an opponent gains life"; the amount ``{event_amount = true}``
is "that much" (Sanguine Bond).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.triggers.abilities import trigger_matcher

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import Event, GameState

__all__ = ["gain_life", "player_matches"]


def gain_life(state: GameState, player: str, amount: int, *, source: int | None = None) -> None:
    """``player`` gains ``amount`` life (119.3); 0 or less is no life gain event (119.9)."""
    if amount <= 0:
        return
    state.players[player].life += amount
    state.log("life-gained", player=player, amount=amount, source=source)


def player_matches(state: GameState, whose: Any, player: Any, controller: str) -> bool:
    """Whether ``player`` is the player a trigger's ``player`` field names from the point of
    view of ``controller``: ``"you"``, ``"opponent"`` or ``"any"`` (default)."""
    if whose in (None, "any", "each"):
        return player in state.players
    if whose == "you":
        return bool(player == controller)
    if whose == "opponent":
        return player in state.opponents(controller)
    raise ValueError(f"a trigger's player must be 'you', 'opponent' or 'any', not {whose!r}")


@trigger_matcher("gains_life")
def _gains_life(state: GameState, obj: GameObject, spec: Mapping[str, Any],
                event: Event) -> bool:
    """"Whenever [you | an opponent | a player] gains life" (CR 119.9, 603.2): once per life
    gain event."""
    return event.kind == "life-gained" and player_matches(
        state, spec.get("player", "you"), event.details.get("player"), obj.controller)
