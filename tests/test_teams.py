"""Games between teams (CR 102.3, 104.2c, 104.3g, 805.5b, 810.4, 810.8a, 810.9, 810.11).

The oracles below restate the rules on their own: who an opponent is, when a game between
teams is over and who won, how many passes resolve a spell under shared team turns, and a Two-
Headed Giant team's one life total."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference_engine import RulesViolation, SetupError
from tests.helpers import game, observe

_NAMES = ["alice", "bob", "carol", "dave", "erin", "frank"]


@st.composite
def _teams(draw: st.DrawFn) -> list[list[str]]:
    """Two or three teams of one to three players, seated together in list order."""
    sizes = draw(st.lists(st.integers(1, 3), min_size=2, max_size=3))
    while sum(sizes) > len(_NAMES):
        sizes.pop()
    out: list[list[str]] = []
    start = 0
    for size in sizes:
        out.append(_NAMES[start:start + size])
        start += size
    return out if len(out) >= 2 else [out[0], _NAMES[start:start + 1]]


@given(_teams(), st.data())
def test_a_team_wins_together(teams: list[list[str]], data: st.DataObject) -> None:
    """104.3g, 104.2c: as players concede one by one, the game is over once one team has a
    player left, and every player of that team has won, also those who lost before."""
    players = [p for t in teams for p in t]
    g = game({"players": players, "teams": teams, "variant": "team-vs-team"})
    order = data.draw(st.permutations(players))
    lost: set[str] = set()
    for player in order:
        standing = [t for t in teams if any(p not in lost for p in t)]
        if len(standing) <= 1:
            break
        g.perform({"type": "concede", "player": player})
        lost.add(player)
        standing = [t for t in teams if any(p not in lost for p in t)]
        for team in teams:
            wins = len(standing) == 1 and team == standing[0]
            assert all(observe(g, "won", player=p) is wins for p in team), (team, lost)
    assert observe(g, "draw") is False


@given(st.integers(2, 3), st.integers(0, 1))
def test_a_spell_resolves_after_one_pass_per_team(n_teams: int, caster: int) -> None:
    """805.5b: under shared team turns the top of the stack resolves once every team has
    passed in succession: one pass per team, whoever of the team passes."""
    teams = [_NAMES[2 * i:2 * i + 2] for i in range(n_teams)]
    g = game({"players": [p for t in teams for p in t], "teams": teams,
              "shared_team_turns": True, "mana_pool": {teams[0][caster]: "{R}"},
              "objects": [{"handle": "shock", "card": "Shock", "zone": "hand",
                           "owner": teams[0][caster]}]})
    g.perform({"type": "cast", "player": teams[0][caster], "object": "shock",
               "targets": [teams[1][0]]})
    for i, team in enumerate(teams):
        assert observe(g, "stack") == ["Shock"]
        assert observe(g, "priority") == team[0]  # the team's primary player, 805.2
        g.perform({"type": "pass_priority", "player": team[-1 if i % 2 else 0]})
    assert observe(g, "stack") == []
    assert observe(g, "life", player=teams[1][0]) == 18


@given(st.integers(2, 3), st.lists(st.integers(0, 5), max_size=4))
def test_a_giant_team_shares_one_life_total(size: int, hits: list[int]) -> None:
    """810.4, 810.11, 810.9: each team starts at 30 plus 15 per player beyond the second, and
    the damage dealt to any of its players comes off it (Lightning Bolts on the setup's
    stack, resolved one by one)."""
    players = _NAMES[:2 * size]
    teams = [players[:size], players[size:]]
    totals = [30 + 15 * (size - 2)] * 2
    objects = []
    for k, who in enumerate(hits):
        objects.append({"handle": f"s{k}", "card": "Lightning Bolt", "zone": "stack",
                        "owner": "alice", "targets": [players[who % len(players)]]})
    g = game({"players": players, "teams": teams, "variant": "two-headed-giant",
              "objects": objects})
    assert [observe(g, "life", player=t[-1]) for t in teams] == totals
    for k in reversed(range(len(hits))):  # the top of the stack resolves first
        target = players[hits[k] % len(players)]
        totals[0 if target in teams[0] else 1] -= 3
        g.perform({"type": "resolve"})
        assert [observe(g, "life", player=p) for p in players] == [
            totals[0 if p in teams[0] else 1] for p in players]


def test_team_setups_are_checked() -> None:
    """Bad team setups are refused with a message naming the place."""
    with pytest.raises(SetupError, match="on no team"):
        game({"players": ["alice", "bob", "carol"], "teams": [["alice"], ["bob"]]})
    with pytest.raises(SetupError, match="adjacent seats"):
        game({"players": ["alice", "carol", "bob", "dave"],
              "teams": [["alice", "bob"], ["carol", "dave"]], "shared_team_turns": True})
    with pytest.raises(SetupError, match="next to a teammate"):
        game({"players": ["alice", "bob", "carol", "dave"],
              "teams": [["alice", "bob"], ["carol", "dave"]], "variant": "alternating-teams"})
    with pytest.raises(SetupError, match="share one life total"):
        game({"players": ["alice", "bob", "carol", "dave"], "life": {"alice": 3, "bob": 4},
              "teams": [["alice", "bob"], ["carol", "dave"]], "variant": "two-headed-giant"})


def test_a_giant_players_loss_is_the_teams() -> None:
    """810.8a: in Two-Headed Giant one player's loss is the whole team's."""
    g = game({"players": ["alice", "bob", "carol", "dave"],
              "teams": [["alice", "bob"], ["carol", "dave"]], "variant": "two-headed-giant"})
    g.perform({"type": "concede", "player": "carol"})
    assert observe(g, "lost", player="dave") is True
    assert observe(g, "won", player="alice") is True
    with pytest.raises(RulesViolation):
        g.perform({"type": "concede", "player": "alice"})
