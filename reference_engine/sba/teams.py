"""Games between teams: the setup of teams and variants, and losing as a team (CR 104.2c,
104.3g, 805.1, 808, 809.2, 809.5, 810.4, 810.8, 810.11, 811.3).

``setup.teams = [["alice", "bob"], ["carol", "dave"]]`` groups the players (every player on
exactly one team, each team in seating order); ``setup.variant`` names the variant, one per
game (800.2):

* ``team-vs-team`` (808): each team sits together (808.2); the attack multiple players option
  is used (808.3a), as in every multiplayer game of this engine;
* ``two-headed-giant`` (810): two teams of equal size (810.1, 810.11), seated together (810.3),
  with shared team turns (810.2), one life total per team starting at 30, plus 15 for each
  player beyond the second (810.4, 810.11), shared poison counters (810.10); a player's loss
  is their team's (810.8a), and a player who concedes takes the team with them (810.8b);
* ``alternating-teams`` (811): teams of equal size (811.1), no one seated next to a teammate
  (811.3);
* ``emperor`` (809): teams of the same odd size, seated together, each with its emperor in the
  middle seat (809.2); the team loses when its emperor loses (809.5b) and wins with them
  (809.5a).

``setup.shared_team_turns = true`` uses the shared team turns option (805) in another game
between teams; it needs each team seated together (805.1). A team whose players have all lost
has lost (104.3g); the game ends when one team is left, and all of it wins (104.2c).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.errors import SetupError
from reference_engine.core.registry import setup_hook
from reference_engine.core.state import (
    SHARED_TURNS_KEY,
    TEAMS_KEY,
    VARIANT_KEY,
    SharedLife,
    shares_life,
    team_of,
    teams,
    variant,
)

if TYPE_CHECKING:
    from reference_engine.core.state import GameState

__all__ = ["VARIANTS", "emperor_of", "spread_team_losses"]

#: The team variants this engine plays (808-811).
VARIANTS = ("team-vs-team", "two-headed-giant", "alternating-teams", "emperor")
#: A Two-Headed Giant team's starting life, and what each player beyond the second adds (810.4,
#: 810.11; also 103.4a).
_GIANT_LIFE = 30
_GIANT_LIFE_EXTRA = 15


def emperor_of(state: GameState, player: str) -> str | None:
    """The emperor of ``player``'s team in an Emperor game, the player in its middle seat
    (809.2); None in any other game."""
    if variant(state) != "emperor":
        return None
    team = team_of(state, player)
    return team[len(team) // 2]


def _seated_together(state: GameState, team: list[str]) -> bool:
    """Whether ``team`` occupies adjacent seats around the table, in its listed order."""
    order = state.turn_order
    n = len(order)
    start = order.index(team[0])
    return [order[(start + i) % n] for i in range(len(team))] == team


def _check_teams(state: GameState, given: Any) -> list[list[str]]:
    if not isinstance(given, list) or len(given) < 2 or not all(
            isinstance(t, list) and t for t in given):
        raise SetupError("setup.teams: a list of two or more teams, each a list of players")
    seen: list[str] = []
    for i, team in enumerate(given):
        for name in team:
            if name not in state.players:
                raise SetupError(f"setup.teams[{i}]: unknown player {name!r} (players: "
                                 f"{', '.join(state.players)})")
            if name in seen:
                raise SetupError(f"setup.teams[{i}]: {name} is on two teams")
            seen.append(str(name))
    missing = [p for p in state.players if p not in seen]
    if missing:
        raise SetupError(f"setup.teams: {', '.join(missing)} on no team; every player of a "
                         "game between teams is on one (102.3)")
    # Each team in seating order: the order of setup.players is the turn order (101.4).
    return [sorted(map(str, t), key=state.turn_order.index) for t in given]


def _check_variant(state: GameState, name: str, grouped: list[list[str]]) -> None:
    sizes = {len(t) for t in grouped}
    together = all(_seated_together(state, t) for t in grouped)
    if name == "two-headed-giant" and (len(grouped) != 2 or len(sizes) != 1 or 1 in sizes):
        raise SetupError("setup.variant: Two-Headed Giant is two teams of the same size, two "
                         "or more players each (810.1, 810.11)")
    if name in ("two-headed-giant", "team-vs-team", "emperor") and not together:
        raise SetupError(f"setup.variant: in {name} each team sits together (808.2, 809.2, "
                         "810.3): list a team's players next to each other in setup.players")
    if name == "alternating-teams":
        n = len(state.turn_order)
        nextdoor = any(state.turn_order[(state.turn_order.index(p) + 1) % n] in t
                       for t in grouped for p in t)
        if len(sizes) != 1 or nextdoor:
            raise SetupError("setup.variant: Alternating Teams are teams of equal size with no "
                             "one seated next to a teammate (811.1, 811.3)")
    if name == "emperor" and (len(sizes) != 1 or min(sizes) % 2 == 0):
        raise SetupError("setup.variant: an Emperor game is teams of the same odd size, the "
                         "emperor in the middle seat (809.1, 809.2, 809.6)")


@setup_hook(stage="teams")
def _setup_teams(state: GameState, setup: Mapping[str, Any]) -> None:
    """``setup.teams``, ``setup.variant`` and ``setup.shared_team_turns``: before the stages
    that ask who a player's opponents are (a battle's protector, 310.8) or start the game."""
    given = setup.get("teams")
    name = setup.get("variant")
    shared = bool(setup.get("shared_team_turns", False))
    if given is None:
        if name is not None or shared:
            raise SetupError("setup.variant and setup.shared_team_turns need setup.teams")
        return
    grouped = _check_teams(state, given)
    state.extra[TEAMS_KEY] = grouped
    if name is not None:
        if name not in VARIANTS:
            raise SetupError(f"setup.variant: unknown variant {name!r} (expected one of "
                             f"{', '.join(VARIANTS)})")
        _check_variant(state, str(name), grouped)
        state.extra[VARIANT_KEY] = str(name)
    if name == "two-headed-giant":
        shared = True  # 810.2
    if shared:
        if not all(_seated_together(state, t) for t in grouped):
            raise SetupError("setup.shared_team_turns: the members of each team sit in adjacent "
                             "seats (805.1)")
        state.extra[SHARED_TURNS_KEY] = True
        _team_turns_began(state, grouped)
    if shares_life(state):
        _share_life(state, grouped, dict(setup.get("life", {})))


def _team_turns_began(state: GameState, grouped: list[list[str]]) -> None:
    """Under shared team turns the setup's active player's team is taking this turn (805.4,
    103.1a), and each team's players began their most recent turn together (302.6): the team
    before it in turn order one turn ago, and so on."""
    active = next(t for t in grouped if state.active_player in t)
    by_seat = sorted(grouped, key=lambda t: state.turn_order.index(t[0]))
    start = by_seat.index(active)
    ordered = by_seat[start:] + by_seat[:start]
    for back, team in enumerate([ordered[0], *reversed(ordered[1:])]):
        for p in team:
            state.players[p].last_turn_began = max(state.turn - back, 0)


def _share_life(state: GameState, grouped: list[list[str]], given: Mapping[str, Any]) -> None:
    """810.4, 810.11: one life total per team; ``setup.life`` of a player sets their team's."""
    for team in grouped:
        start = _GIANT_LIFE + _GIANT_LIFE_EXTRA * (len(team) - 2)
        values = {int(given[p]) for p in team if p in given}
        if len(values) > 1:
            raise SetupError(f"setup.life: {' and '.join(team)} share one life total (810.4); "
                             "give it once")
        cell = SharedLife(total=values.pop() if values else start)
        for p in team:
            state.players[p].shared = cell
            state.players[p].starting_life = start


def spread_team_losses(state: GameState) -> bool:
    """A loss that takes a team with it (not a state-based action; it happens with the loss):
    in Two-Headed Giant a player's team loses with them, also by conceding (810.8a, 810.8b);
    in an Emperor game a team loses with its emperor (809.5b). Whether anyone lost by it."""
    name = variant(state)
    if name not in ("two-headed-giant", "emperor"):
        return False
    lost: list[str] = state.extra.setdefault("lost", [])
    did = False
    for team in teams(state):
        if name == "emperor":
            emperor = team[len(team) // 2]
            fallen = emperor in lost
        else:
            fallen = any(p in lost for p in team)
        if not fallen:
            continue
        for p in team:
            if p not in lost:
                lost.append(p)
                state.log("player-loses", player=p, reason="team")
                did = True
    if did:
        state.changed()
    return did
