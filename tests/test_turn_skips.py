"""Skipping steps and phases (CR 614.1b, 614.10, 614.10a): N skip effects skip the player's
next N occurrences of the step, whatever N and whichever step, against a restatement."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import game, observe

_SKIP = {"name": "Test Skipper", "types": ["Instant"], "mana_cost": "{U}", "abilities": [
    {"kind": "spell", "targets": [{"name": "t", "kind": "player"}],
     "effects": [{"type": "skip_next", "target": "t", "step": "draw"}]}]}


@settings(max_examples=8)
@given(st.integers(0, 2))
def test_n_skip_effects_skip_the_next_n_draw_steps(n: int) -> None:
    """614.10a restated: each effect is satisfied by one skipped occurrence, so bob draws
    first in his (n + 1)th turn."""
    objects = [{"handle": f"s{i}", "card": "Test Skipper", "zone": "hand", "owner": "alice"}
               for i in range(n)]
    objects += [{"handle": f"b{i}", "card": "Island", "zone": "library", "owner": "bob"}
                for i in range(4)]
    objects += [{"handle": f"a{i}", "card": "Island", "zone": "library", "owner": "alice"}
                for i in range(4)]
    g = game({"mana_pool": {"alice": "{U}" * n}, "objects": objects}, cards=[_SKIP])
    for i in range(n):
        g.perform({"type": "cast", "player": "alice", "object": f"s{i}", "targets": ["bob"]})
        g.perform({"type": "resolve"})
    for turn in range(n + 1):
        g.perform({"type": "advance", "to": "precombat-main"})
        assert observe(g, "active_player") == "bob"
        expected = 1 if turn == n else 0
        assert observe(g, "count", zone="hand", player="bob") == expected
        g.perform({"type": "advance", "to": "end"})
        g.perform({"type": "advance", "to": "precombat-main"})
        g.perform({"type": "advance", "to": "end"})


def test_a_skipped_phase_skips_all_its_steps() -> None:
    """614.10: "skip their next combat phase" replaces all five combat steps with nothing."""
    silence = {"name": "Test Silence", "types": ["Instant"], "mana_cost": "{W}", "abilities": [
        {"kind": "spell", "targets": [{"name": "t", "kind": "player"}],
         "effects": [{"type": "skip_next", "target": "t", "step": "combat"}]}]}
    g = game({"mana_pool": {"alice": "{W}"}, "objects": [
        {"handle": "s", "card": "Test Silence", "zone": "hand", "owner": "alice"}]},
        cards=[silence])
    g.perform({"type": "cast", "player": "alice", "object": "s", "targets": ["alice"]})
    g.perform({"type": "resolve"})
    g.perform({"type": "pass_priority", "player": "alice"})
    g.perform({"type": "pass_priority", "player": "bob"})
    assert observe(g, "step") == "postcombat-main"
