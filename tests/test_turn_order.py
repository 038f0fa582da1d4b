"""Extra turns (CR 500.7): added directly after the current turn, the most recently created
first; then the turn order goes on from the last extra turn's player."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import game, observe

_WARP = {"name": "Test Warp", "mana_cost": "", "types": ["Sorcery"], "oracle_text": "",
         "abilities": [{"kind": "spell", "targets": [{"name": "p", "kind": "player"}],
                        "effects": [{"type": "extra_turn", "target": "p"}]}]}


@given(st.lists(st.sampled_from(["alice", "bob", "carol"]), max_size=4))
def test_extra_turns_follow_the_current_turn_newest_first(takers: list[str]) -> None:
    players = ["alice", "bob", "carol"]
    objects = [{"handle": f"w{i}", "card": "Test Warp", "zone": "stack", "owner": "alice",
                "targets": [p]} for i, p in enumerate(takers)]
    objects += [{"handle": f"{p}{i}", "card": "Island", "zone": "library", "owner": p}
                for p in players for i in range(len(takers) + 3)]
    g = game({"players": players, "objects": objects}, cards=[_WARP])
    for _ in takers:  # the top of the stack (the last listed) resolves first
        g.perform({"type": "resolve"})
    # The oracle: the extra turns in the order their effects were created, newest first,
    # then the normal order from the last one's player.
    created = takers[::-1]  # the stack resolves its last-listed (top) spell first
    expected = created[::-1]  # 500.7: the most recently created extra turn is taken first
    last = expected[-1] if expected else "alice"
    following = players[(players.index(last) + 1) % 3]
    seen = []
    for _ in range(len(expected) + 1):
        g.perform({"type": "advance", "to": "upkeep"})
        seen.append(observe(g, "active_player"))
    assert seen == [*expected, following]
