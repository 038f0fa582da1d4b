"""Objects: counters annihilating (CR 704.5q), copies, and setup order."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from reference_engine.sba.checks import check_state_based_actions
from tests.helpers import game, observe


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=6), st.integers(min_value=0, max_value=6),
       st.integers(min_value=0, max_value=3))
def test_plus_and_minus_counters_annihilate_in_pairs(plus: int, minus: int, other: int) -> None:
    """704.5q: N of each kind is removed, N the smaller number; other counters stay, and the
    creature's power and toughness are the same before and after."""
    counters = {"+1/+1": plus, "-1/-1": minus, "charge": other}
    g = game({"objects": [{"handle": "giant", "card": "Hill Giant", "counters": counters}]})
    before = (observe(g, "power", object="giant"), observe(g, "toughness", object="giant"))
    check_state_based_actions(g.state)
    if 3 + plus - minus <= 0:
        assert observe(g, "zone", object="giant") == "graveyard"
        return
    n = min(plus, minus)
    expected = {k: v for k, v in {"+1/+1": plus - n, "-1/-1": minus - n, "charge": other}.items()
                if v > 0}
    assert observe(g, "counters", object="giant") == dict(sorted(expected.items()))
    assert (observe(g, "power", object="giant"), observe(g, "toughness", object="giant")) == before


def test_counters_on_a_card_outside_the_battlefield_are_not_annihilated() -> None:
    """704.5q speaks of permanents only."""
    g = game({"objects": [{"handle": "giant", "card": "Hill Giant", "zone": "graveyard",
                           "counters": {"+1/+1": 1, "-1/-1": 1}}]})
    check_state_based_actions(g.state)
    assert observe(g, "counters", object="giant") == {"+1/+1": 1, "-1/-1": 1}


def test_a_setup_copy_is_locked_before_a_spell_target_is_bound() -> None:
    """A setup with a copy effect and a targeted spell on the stack builds (CR 707.2)."""
    g = game({"objects": [
        {"handle": "giant", "card": "Hill Giant"},
        {"handle": "clone", "card": "Clone"},
        {"handle": "bolt", "card": "Lightning Bolt", "zone": "stack", "targets": ["clone"]},
    ], "effects": [{"type": "copy", "of": "giant", "affected": ["clone"]}]})
    assert observe(g, "name", object="clone") == "Hill Giant"
    assert observe(g, "targets", object="bolt") == ["clone"]
