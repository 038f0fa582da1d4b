"""Gaining life (CR 119.3, 119.9) and the trigger event ``gains_life``.

Every life gain goes through :func:`gain_life`, which logs a ``life-gained`` event. A player who
would gain 0 life gains none: no life gain event happens and "whenever you gain life" doesn't
trigger (119.9). Lifelink damage is one life gain event per damage event (702.15b).

Trigger event ``gains_life {player = "you" | "opponent" | "any"}``: "whenever you gain life"
(Ajani's Pridemate), "whenever an opponent gains life"; the amount ``{event_amount = true}``
is "that much" (Sanguine Bond).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.triggers.abilities import trigger_matcher

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import Event, GameState

__all__ = ["CANT_GAIN_LIFE", "LIFE_GAIN_REPLACEMENTS", "gain_life", "player_matches"]


#: "Can't gain life" rules (CR 119.7, 614.17): ``fn(state, player) -> bool``, filled in by
#: :mod:`reference_engine.damage.cant_rules`.
CANT_GAIN_LIFE: list[Callable[[GameState, str], bool]] = []
#: Replacement effects on gaining life (CR 119.10, 614.1a): ``fn(state, player, amount, source)
#: -> (what, amount)`` with ``what`` "gain", "lose" or "none" (the event that happens instead).
LIFE_GAIN_REPLACEMENTS: list[Callable[[GameState, str, int, int | None],
                                      tuple[str, int]]] = []


def gain_life(state: GameState, player: str, amount: int, *, source: int | None = None) -> None:
    """``player`` gains ``amount`` life (119.3); 0 or less is no life gain event (119.9). A
    player who can't gain life gains none, and then no replacement effect applies either
    (119.7, 614.17c); otherwise life gain replacements may change the event (119.10)."""
    if amount <= 0:
        return
    # 810.9g: if a player can't gain life, no player sharing their team's life total can.
    sharers = [player] + [p for p, rec in state.players.items() if p != player
                          and rec.shared is not None and rec.shared is state.players[player].shared]
    if any(check(state, who) for check in CANT_GAIN_LIFE for who in sharers):
        state.log("life-gain-impossible", player=player, amount=amount, source=source)
        return
    what = "gain"
    for replace in LIFE_GAIN_REPLACEMENTS:
        what, amount = replace(state, player, amount, source)
    if what == "lose" and amount > 0:
        state.players[player].life -= amount
        state.log("life-lost", player=player, amount=amount, source=source)
        return
    if what != "gain" or amount <= 0:
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
