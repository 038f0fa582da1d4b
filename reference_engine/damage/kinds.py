"""Damage with infect and wither (CR 702.80, 702.90, 120.3b, 120.3d) and poison (CR 122.1f).

* 120.3b / 702.90b: damage dealt to a player by a source with infect gives that player that
  many poison counters instead of life loss;
* 120.3d / 702.80a / 702.90b: damage dealt to a creature by a source with wither or infect
  puts that many -1/-1 counters on it instead of being marked;
* 702.164c / 120.3g: combat damage dealt to a player by a creature with toxic also gives that
  player poison counters equal to the creature's total toxic value (the sum of its toxic N,
  702.164b), besides the damage's other results;
* 704.5c: a player with ten or more poison counters loses the game.

It is still damage: lifelink, deathtouch and "whenever ... deals damage" see it (120.3f,
702.2b). Poison counters are kept in ``Player.extra["poison"]``; query ``poison {player}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.registry import query
from reference_engine.core.state import poison_limit, shares_life, team_of
from reference_engine.damage.events import DAMAGE_RESULTS, DamageEvent, damage_applier
from reference_engine.layers.system import compute_all
from reference_engine.sba.checks import state_based_action
from reference_engine.sba.counters import MINUS
from reference_engine.triggers.keyword_instances import keyword_instances

if TYPE_CHECKING:
    from reference_engine.core.handlers import GameView
    from reference_engine.core.state import GameState

__all__ = ["POISON_KEY", "poison"]

POISON_KEY = "poison"


def poison(state: GameState, player: str) -> int:
    """How many poison counters ``player`` has (CR 122.1f); in Two-Headed Giant the team's,
    which its players get one by one and share (810.10, 810.10a)."""
    members = team_of(state, player) if shares_life(state) else [player]
    return sum(int(state.players[p].extra.get(POISON_KEY, 0)) for p in members)


@damage_applier
def _infect_and_wither(state: GameState, event: DamageEvent) -> bool:
    """Apply 120.3b and 120.3d for a source with infect or wither; False otherwise."""
    source = compute_all(state).get(event.source)
    if source is None:
        return False
    infect = source.has_keyword("infect")
    if event.target_player is not None:
        if not infect:
            return False
        player = state.players[event.target_player]
        # 810.10: the counters go to the player dealt the damage; the team shares them.
        player.extra[POISON_KEY] = int(player.extra.get(POISON_KEY, 0)) + event.amount
        return True
    if not (infect or source.has_keyword("wither")):
        return False
    target = state.objects.get(event.target_object or -1)
    if target is None or not compute_all(state)[target.id].has_type("Creature"):
        return False
    target.counters[MINUS] = target.counters.get(MINUS, 0) + event.amount
    state.changed()
    return True


def total_toxic(chars: Any) -> int:
    """A creature's total toxic value: the sum of the N of its toxic abilities (702.164b)."""
    return sum(n or 0 for n in keyword_instances(chars, "toxic"))


def _toxic(state: GameState, event: DamageEvent) -> None:
    """702.164c: combat damage a creature with toxic deals to a player gives that player poison
    counters equal to its total toxic value, in addition to the damage's other results."""
    if not event.combat or event.target_player is None:
        return
    source = compute_all(state).get(event.source)
    if source is None or not source.has_type("Creature"):
        return
    value = total_toxic(source)
    if value:
        player = state.players[event.target_player]
        # 810.10: the player gets them; a Two-Headed Giant team shares them.
        player.extra[POISON_KEY] = int(player.extra.get(POISON_KEY, 0)) + value
        state.changed()


DAMAGE_RESULTS.append(_toxic)


@state_based_action(cr="704.5c")
def _poisoned(state: GameState) -> bool:
    """Check 704.5c: a player with ten or more poison counters loses the game; in Two-Headed
    Giant a team with fifteen or more, five more per player beyond the second (810.8d,
    810.11)."""
    lost = state.extra.setdefault("lost", [])
    did = False
    for p in state.players.values():
        if poison(state, p.name) >= poison_limit(state, p.name) and p.name not in lost:
            lost.append(p.name)
            state.log("player-loses", player=p.name, reason="poison")
            did = True
    return did


@query("poison")
def _q_poison(game: GameView, q: Mapping[str, Any]) -> int:
    """How many poison counters ``player`` has (CR 122.1f)."""
    return poison(game.state, game.player(q.get("player")))
