"""Commander damage (CR 903.10a, 704.6c; not in Brawl games, 903.12h).

In a Commander game each player keeps a count of the combat damage each commander has dealt
them over the game: damage dealt by a commander on the battlefield in a combat damage step
(510.2), after prevention and replacement. A player who has been dealt 21 or more combat damage
by the same commander loses the game, as a state-based action (704.6c); noncombat damage and
damage from a copy of a commander (903.3) don't count.

Query ``commander_damage {player, commander}``: the combat damage ``commander`` (a handle)
has dealt ``player`` this game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.registry import query
from reference_engine.damage.events import DAMAGE_RESULTS, DamageEvent
from reference_engine.sba.checks import state_based_action
from reference_engine.sba.commander import commander_of, is_brawl
from reference_engine.sba.outcome import mark_lost

if TYPE_CHECKING:
    from reference_engine.core.handlers import GameView
    from reference_engine.core.state import GameState

__all__ = ["COMMANDER_DAMAGE_LIMIT", "commander_damage"]

#: Combat damage from one commander that makes a player lose (903.10a).
COMMANDER_DAMAGE_LIMIT = 21
_KEY = "commander_damage"


def commander_damage(state: GameState, player: str, commander: str) -> int:
    """The combat damage the commander keyed ``commander`` has dealt ``player`` this game."""
    table: dict[str, dict[str, int]] = state.extra.get(_KEY, {})
    return table.get(player, {}).get(commander, 0)


def _count(state: GameState, event: DamageEvent) -> None:
    """903.10a: combat damage a commander deals a player is counted for the game."""
    if not event.combat or event.target_player is None or event.amount <= 0:
        return
    source = state.objects.get(event.source)
    key = commander_of(source) if source is not None else None
    if key is None:
        return
    table = state.extra.setdefault(_KEY, {})
    mine = table.setdefault(event.target_player, {})
    mine[key] = mine.get(key, 0) + event.amount


@state_based_action(cr="704.6c")
def _twenty_one(state: GameState) -> bool:
    """Check 704.6c: a player dealt 21 or more combat damage by one commander loses; Brawl
    games don't use this state-based action (903.12h)."""
    if is_brawl(state):
        return False
    did = False
    table: dict[str, dict[str, int]] = state.extra.get(_KEY, {})
    for player, by_commander in table.items():
        if any(n >= COMMANDER_DAMAGE_LIMIT for n in by_commander.values()) and mark_lost(
                state, player, "commander-damage"):
            did = True
    return did


@query("commander_damage", params={"player": "str!: the player dealt the damage",
                                   "commander": "str!: the commander's handle"},
       cr=("903.10a", "704.6c"), example='{query = "commander_damage", player = "bob", '
       'commander = "kresh"}')
def _q_commander_damage(game: GameView, q: Mapping[str, Any]) -> int:
    """The combat damage a commander has dealt a player over the game (903.10a)."""
    player = game.player(q.get("player"))
    obj = game.object(q.get("commander"), field="commander")
    key = commander_of(obj)
    return commander_damage(game.state, player, key) if key is not None else 0


DAMAGE_RESULTS.append(_count)
