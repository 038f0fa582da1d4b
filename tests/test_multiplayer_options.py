"""Multiplayer options (CR 801, 803): a player's range of influence and the attack direction,
for any number of players, any ranges and any seat, against restatements of the rules that
walk round the table seat by seat."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference_engine.core.errors import RulesViolation
from tests.helpers import game, observe

_NAMES = ["p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7"]
_PING = {"name": "Test Ping", "mana_cost": "{R}", "types": ["Instant"],
         "oracle_text": "Test Ping deals 1 damage to target player.",
         "abilities": [{"kind": "spell", "targets": [{"name": "t", "kind": "player"}],
                        "effects": [{"type": "damage", "target": "t", "amount": 1}]}]}
_QUAKE = {"name": "Test Quake", "mana_cost": "{R}", "types": ["Sorcery"],
          "oracle_text": "Test Quake deals 1 damage to each player.",
          "abilities": [{"kind": "spell",
                         "effects": [{"type": "damage", "target": "each_player", "amount": 1}]}]}


def _seats_within(n: int, me: int, reach: int) -> set[int]:
    """The oracle (801.2): step left and right one seat at a time, ``reach`` times each way."""
    found = {me}
    for step in range(1, reach + 1):
        found.add((me + step) % n)
        found.add((me - step) % n)
    return found


@st.composite
def _tables(draw: st.DrawFn) -> tuple[list[str], dict[str, int], int]:
    n = draw(st.integers(min_value=3, max_value=8))
    players = _NAMES[:n]
    ranges = {p: draw(st.integers(min_value=1, max_value=3)) for p in players}
    return players, ranges, draw(st.integers(min_value=0, max_value=n - 1))


@given(_tables())
def test_targets_only_within_the_controllers_range(table: tuple[list[str], dict[str, int],
                                                                int]) -> None:
    """801.4: a spell can target exactly the players within its controller's range."""
    players, ranges, me = table
    g = game({"players": players, "active": players[me],
              "multiplayer": {"range_of_influence": ranges},
              "objects": [{"handle": "ping", "card": "Test Ping", "zone": "stack",
                           "owner": players[me], "targets": [players[me]]}]}, cards=[_PING])
    within = _seats_within(len(players), me, ranges[players[me]])
    for i, p in enumerate(players):
        assert observe(g, "legal_target", object="ping", target=p) is (i in within), (p, ranges)


@given(_tables())
def test_each_player_means_each_player_within_range(table: tuple[list[str], dict[str, int],
                                                                 int]) -> None:
    """801.10: "each player" reaches only the players within its controller's range."""
    players, ranges, me = table
    g = game({"players": players, "active": players[me],
              "multiplayer": {"range_of_influence": ranges},
              "mana_pool": {players[me]: "{R}"},
              "objects": [{"handle": "quake", "card": "Test Quake", "zone": "hand",
                           "owner": players[me]}]}, cards=[_QUAKE])
    g.perform({"type": "cast", "player": players[me], "object": "quake"})
    g.perform({"type": "resolve"})
    within = _seats_within(len(players), me, ranges[players[me]])
    assert [observe(g, "life", player=p) for p in players] == [
        19 if i in within else 20 for i in range(len(players))]


@given(st.integers(min_value=3, max_value=8), st.data(),
       st.sampled_from(["left", "right", "multiple"]))
def test_attack_direction(n: int, data: st.DataObject, option: str) -> None:
    """803.1a-b: with attack left (right) only the next player in turn order (the one before)
    can be attacked; with attack multiple players (802.2), any opponent."""
    players = _NAMES[:n]
    me = data.draw(st.integers(min_value=0, max_value=n - 1))
    g = game({"players": players, "active": players[me], "step": "beginning-of-combat",
              "multiplayer": {"attack": option},
              "objects": [{"handle": "bears", "card": "Grizzly Bears", "owner": players[me]}]})
    allowed = {"left": {(me + 1) % n}, "right": {(me - 1) % n},
               "multiple": set(range(n)) - {me}}[option]
    for i, p in enumerate(players):
        if i == me:
            continue
        action = {"type": "declare_attackers", "player": players[me],
                  "attackers": [{"object": "bears", "defender": p}]}
        if i in allowed:
            g2 = game({"players": players, "active": players[me], "step": "beginning-of-combat",
                       "multiplayer": {"attack": option},
                       "objects": [{"handle": "bears", "card": "Grizzly Bears",
                                    "owner": players[me]}]})
            g2.perform(action)
            assert observe(g2, "attacking", object="bears") == p
        else:
            with pytest.raises(RulesViolation) as caught:
                g.perform(action)
            assert caught.value.failure == "cannot-attack"
