"""Loyalty and defense (CR 306.5b-c, 310.4b-c, 704.5i, 704.5v) and loyalty costs (CR 606)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference_engine.core.errors import RulesViolation
from reference_engine.sba.checks import check_state_based_actions
from tests.helpers import game, observe

BATTLE = {"name": "Test Plain Battle", "mana_cost": "{3}", "types": ["Battle"], "defense": 5,
          "oracle_text": ""}


@given(st.one_of(st.none(), st.integers(min_value=0, max_value=6)))
def test_setup_gives_printed_loyalty_unless_listed(listed: int | None) -> None:
    entry: dict[str, object] = {"handle": "jace", "card": "Jace Beleren"}
    if listed is not None:
        entry["counters"] = {"loyalty": listed}
    g = game({"objects": [entry]})
    expected = 3 if listed is None else listed  # Jace Beleren's printed loyalty is 3
    assert observe(g, "counters", object="jace").get("loyalty", 0) == expected


def test_setup_gives_printed_defense_to_a_battle() -> None:
    g = game({"objects": [{"handle": "b", "card": "Test Plain Battle"}]}, cards=[BATTLE])
    assert observe(g, "counters", object="b") == {"defense": 5}


@pytest.mark.parametrize("card,kind", [("Jace Beleren", "loyalty"),
                                       ("Test Plain Battle", "defense")])
def test_no_counter_of_the_kind_at_all_means_zero(card: str, kind: str) -> None:
    """306.5c / 310.4c: with the counters removed entirely (no entry at all), the value is 0."""
    g = game({"objects": [{"handle": "p", "card": card}]}, cards=[BATTLE])
    obj = g.state.by_handle("p")
    del obj.counters[kind]
    g.state.changed()
    check_state_based_actions(g.state)
    assert observe(g, "zone", object="p") == "graveyard"


@given(st.integers(min_value=0, max_value=5), st.integers(min_value=-6, max_value=4))
def test_loyalty_cost_needs_enough_counters_and_moves_them(counters: int, cost: int) -> None:
    """606.4, 606.6: +N/0 is always payable; -N needs N counters; paying moves the counters."""
    card = {"name": "Test Walker", "mana_cost": "{2}", "types": ["Planeswalker"], "loyalty": 1,
            "oracle_text": "",
            "abilities": [{"kind": "activated", "cost": {"loyalty": cost}, "effects": []}]}
    g = game({"objects": [{"handle": "w", "card": "Test Walker", "owner": "alice",
                           "counters": {"loyalty": counters}}]}, cards=[card])
    action = {"type": "activate", "player": "alice", "object": "w", "ability": 0}
    if counters + cost < 0:
        with pytest.raises(RulesViolation) as err:
            g.perform(action)
        assert err.value.failure == "cannot-pay"
        assert observe(g, "counters", object="w").get("loyalty", 0) == counters
        return
    g.perform(action)
    after = counters + cost
    if after == 0:
        assert observe(g, "zone", object="w") == "graveyard"  # 704.5i
    else:
        assert observe(g, "counters", object="w") == {"loyalty": after}
