"""How the game ends (CR 104): who has lost, who has won, whether it is over.

The state keeps the players who lost in ``extra["lost"]`` (in the order they lost), those an
effect made win in ``extra["won"]`` and those for whom an effect made the game a draw in
``extra["drawn"]`` (104.4c, 104.4e). A player who loses leaves the game (104.5), and so does a
player for whom the game is a draw while it goes on for others (104.4e).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from reference_engine.core.state import team_of, teams

if TYPE_CHECKING:
    from reference_engine.core.state import GameState

__all__ = ["game_is_over", "has_won", "is_draw", "mark_drawn", "mark_lost", "mark_won", "out"]


def mark_lost(state: GameState, player: str, reason: str) -> bool:
    """``player`` loses the game (CR 104.3) unless they already have; whether they just did."""
    lost = state.extra.setdefault("lost", [])
    if player in lost:
        return False
    lost.append(player)
    state.log("player-loses", player=player, reason=reason)
    state.changed()
    return True


def mark_won(state: GameState, player: str) -> None:
    """An effect says ``player`` wins the game (CR 104.2b): the game ends at once (104.1)."""
    won = state.extra.setdefault("won", [])
    if player not in won:
        won.append(player)
        state.log("player-wins", player=player)
        state.changed()


def mark_drawn(state: GameState, player: str) -> None:
    """An effect makes the game a draw for ``player`` (CR 104.4c, 104.4e): they neither win
    nor lose, and they are out of the game."""
    drawn = state.extra.setdefault("drawn", [])
    if player not in drawn and player not in state.extra.get("lost", ()):
        drawn.append(player)
        state.log("game-drawn", player=player)
        state.changed()


def out(state: GameState) -> set[str]:
    """The players no longer playing: those who lost (104.3) and those for whom the game is a
    draw (104.4c, 104.4e)."""
    return set(state.extra.get("lost", [])) | set(state.extra.get("drawn", []))


def game_is_over(state: GameState) -> bool:
    """Whether the game has ended (CR 104.1): a player won by an effect (104.2b), or at most
    one player, or in a game between teams one team, has not lost (104.2a, 104.2c: the one
    left wins; none left: a draw, 104.4a, 104.4d). Each player is a team of their own in a
    game without teams."""
    if state.extra.get("won"):
        return True
    gone = out(state)
    standing = [t for t in teams(state) if any(p not in gone for p in t)]
    return len(state.players) > 1 and len(standing) <= 1


def has_won(state: GameState, player: str) -> bool:
    """Whether ``player`` has won (CR 104.2a: the one player still in the game once every
    opponent has left it; 104.2b: an effect says so, unless they lost too, 104.3f). In a game
    between teams the team wins together: once every other team has left the game, each
    player of the team with a player still in it wins, also one who lost before (104.2c);
    a player an effect makes win wins with their whole team (810.8a). A player for whom the
    game is a draw doesn't win (104.4), and an opponent for whom it is has left the game."""
    lost = set(state.extra.get("lost", []))
    if player in state.extra.get("drawn", ()):
        return False
    gone = out(state)
    team = team_of(state, player)
    won = state.extra.get("won", [])
    if any(p in won and p not in lost for p in team):
        return True
    if player in lost and len(team) == 1:
        return False
    if all(p in gone for p in team):
        return False
    return all(p in gone for p in state.players if p not in team)


def is_draw(state: GameState, player: str | None = None) -> bool:
    """Whether the game is a draw (CR 104.4a: every player lost, none won; 104.4c: an effect
    says so, for every player still in it). With ``player``: whether it is a draw for that
    player, also while the game goes on for others (104.4e), or the whole game's draw found
    them still in it."""
    gone = out(state)
    whole = not state.extra.get("won") and all(p in gone for p in state.players)
    if player is None:
        return whole
    if player in state.extra.get("drawn", ()):
        return True
    return whole and player not in state.extra.get("left", ())
