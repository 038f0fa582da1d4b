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


# -- additional phases and steps (CR 500.8, 500.9, 500.10) -------------------------------------

_ITEMS = ["combat", "main", "upkeep", "draw"]


def _adder(i: int, items: list[str]) -> dict[str, object]:
    return {"name": f"Test Adder {i}", "mana_cost": "", "types": ["Sorcery"], "oracle_text": "",
            "abilities": [{"kind": "spell",
                           "effects": [{"type": "add_phases", "phases": items}]}]}


def _expand(items: list[str]) -> list[str]:
    """The oracle's own reading of an addition: a combat phase with no creature to attack has
    its beginning, declare attackers and end of combat steps (506.1: the blockers and damage
    steps are skipped); an added main phase is a postcombat main phase (505.1a); a lone step
    is that step only (500.10)."""
    out: list[str] = []
    for item in items:
        if item == "combat":
            out += ["beginning-of-combat", "declare-attackers", "end-of-combat"]
        elif item == "main":
            out.append("postcombat-main")
        else:
            out.append(item)
    return out


@given(st.lists(st.lists(st.sampled_from(_ITEMS), min_size=1, max_size=3), max_size=3))
def test_added_phases_follow_this_phase_newest_first(additions: list[list[str]]) -> None:
    objects = [{"handle": f"a{i}", "card": f"Test Adder {i}", "zone": "stack", "owner": "alice"}
               for i in range(len(additions))]
    objects += [{"handle": f"l{i}", "card": "Island", "zone": "library", "owner": "alice"}
                for i in range(12)]
    g = game({"turn": 2, "objects": objects},
             cards=[_adder(i, items) for i, items in enumerate(additions)])
    for _ in additions:  # the last listed (top of the stack) resolves first
        g.perform({"type": "resolve"})
    seen = []
    while observe(g, "step") != "end":
        seen.append(observe(g, "step"))
        for _ in range(2):
            g.perform({"type": "pass_priority", "player": observe(g, "priority")})
    created = additions[::-1]  # in the order their spells resolved
    added = [s for items in created[::-1] for s in _expand(items)]  # 500.8: newest first
    normal = ["beginning-of-combat", "declare-attackers", "end-of-combat", "postcombat-main"]
    assert seen == ["precombat-main", *added, *normal]
