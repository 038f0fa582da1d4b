"""Teams in a multiplayer game (CR 102.3, 102.4, 805, 808-811): who plays with whom.

A game between teams lists its teams in ``state.extra[TEAMS_KEY]``, each a list of player
names in seating order (the order of ``setup.players``, which is the turn order, 101.4). A
game without teams is one where every player is a team of their own, so every function here
also answers for a free-for-all or a two-player game.

* 102.3: a player's teammates are the other players on their team; their opponents are all
  players not on it (:meth:`GameState.opponents` reads the teams).
* 805.2: under the shared team turns option the primary player of a team is the one in the
  rightmost seat from the team's point of view. Turn order goes to each player's left, so
  the primary player is the team's first player in turn order.
* 805.4, 805.5: with shared team turns the team takes the turn and has priority: the active
  team is the active player's team; the player who holds priority stands for their team.
* 810.4, 810.11: in Two-Headed Giant each team has one life total, 30, plus 15 for each
  player beyond the second; 810.10, 810.11: the team shares its poison counters and loses
  with 15, plus 5 for each player beyond the second.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from reference_engine.core.state import GameState

__all__ = ["SHARED_TURNS_KEY", "TEAMS_KEY", "VARIANT_KEY", "active_team", "holds_priority",
           "is_team_game", "next_team_player", "poison_limit", "primary_player",
           "seated_next_to", "shares_life", "shares_turns", "team_of", "teammates", "teams",
           "variant"]

#: ``state.extra`` key of the teams: a list of lists of player names, in seating order.
TEAMS_KEY = "teams"
#: ``state.extra`` key of the multiplayer variant (800.2: one per game), e.g. "emperor".
VARIANT_KEY = "variant"
#: ``state.extra`` key set when the shared team turns option is used (805).
SHARED_TURNS_KEY = "shared_team_turns"

#: Poison counters that make a player lose (704.5c), and a Two-Headed Giant team (810.10).
_POISON = 10
_TEAM_POISON = 15


def teams(state: GameState) -> list[list[str]]:
    """The teams, each in seating order; without teams, each player alone (in turn order)."""
    given: list[list[str]] | None = state.extra.get(TEAMS_KEY)
    return [list(t) for t in given] if given else [[p] for p in state.turn_order]


def is_team_game(state: GameState) -> bool:
    """Whether this is a multiplayer game between teams (102.3, 104.2c)."""
    return bool(state.extra.get(TEAMS_KEY))


def team_of(state: GameState, player: str) -> list[str]:
    """``player``'s team, ``player`` included, in seating order (102.3)."""
    for team in teams(state):
        if player in team:
            return team
    return [player]


def teammates(state: GameState, player: str) -> list[str]:
    """The other players on ``player``'s team (102.3); none outside a team game."""
    return [p for p in team_of(state, player) if p != player]


def variant(state: GameState) -> str | None:
    """The multiplayer variant the game uses, if the setup named one (800.2)."""
    value = state.extra.get(VARIANT_KEY)
    return str(value) if value is not None else None


def shares_turns(state: GameState) -> bool:
    """Whether the shared team turns option is used (805.1; always in Two-Headed Giant,
    810.2)."""
    return bool(state.extra.get(SHARED_TURNS_KEY))


def shares_life(state: GameState) -> bool:
    """Whether each team has one life total and shares its poison counters (810.4, 810.10)."""
    return variant(state) == "two-headed-giant"


def poison_limit(state: GameState, player: str) -> int:
    """How many poison counters make ``player`` (or, sharing them, their team) lose: 10
    (704.5c); a Two-Headed Giant team 15, and 5 more for each player beyond the second
    (810.10, 810.11)."""
    if not shares_life(state):
        return _POISON
    return _TEAM_POISON + 5 * max(len(team_of(state, player)) - 2, 0)


def primary_player(state: GameState, player: str) -> str:
    """The primary player of ``player``'s team still in the game (805.2): the team's first
    player in turn order; ``player`` itself outside shared team turns."""
    if not shares_turns(state):
        return player
    left = state.extra.get("left", ())
    members = [p for p in team_of(state, player) if p not in left]
    return members[0] if members else player


def active_team(state: GameState) -> list[str]:
    """The players taking the current turn still in the game: the active team under shared
    team turns (805.4a), else the active player alone."""
    if not shares_turns(state):
        return [state.active_player]
    left = state.extra.get("left", ())
    return [p for p in team_of(state, state.active_player) if p not in left]


def next_team_player(state: GameState, player: str) -> str:
    """The first player in turn order after ``player`` who is still in the game and not on
    ``player``'s team (805.4, 805.5b: turns and priority go from team to team); ``player``'s
    own primary player when no other team is left."""
    order = state.turn_order
    i = order.index(player)
    left = state.extra.get("left", ())
    own = team_of(state, player)
    for p in order[i + 1:] + order[:i]:
        if p not in left and p not in own:
            return primary_player(state, p)
    return primary_player(state, player)


def holds_priority(state: GameState, player: str) -> bool:
    """Whether ``player`` may act with priority now (117.1): they hold it, or under shared
    team turns their team has it (805.5a)."""
    holder = state.priority_player
    if holder is None:
        return False
    return player == holder or (shares_turns(state) and player in team_of(state, holder))


def seated_next_to(state: GameState, player: str, other: str) -> bool:
    """Whether ``other`` sits immediately next to ``player`` (811.4, 809.3c), on either side,
    among the players still in the game."""
    in_game = [p for p in state.turn_order if p not in state.extra.get("left", ())]
    if player not in in_game or other not in in_game or player == other:
        return False
    i, n = in_game.index(player), len(in_game)
    return other in (in_game[(i + 1) % n], in_game[(i - 1) % n])
