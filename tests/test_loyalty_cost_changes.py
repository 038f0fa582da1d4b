"""Additional loyalty costs (CR 606.5, 606.6) as a property over the printed cost, the
number of additional costs and the loyalty counters, against a restatement of the rule: the
costs combine into one; a combined removal needs that many counters."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from reference_engine import RulesViolation
from tests.helpers import game, observe


@given(st.integers(-4, 3), st.integers(0, 2), st.integers(0, 5))
def test_loyalty_costs_combine(printed: int, extra: int, loyalty: int) -> None:
    walker = {"name": "Walker", "mana_cost": "{3}", "types": ["Planeswalker"], "loyalty": 9,
              "abilities": [{"kind": "activated", "cost": {"loyalty": printed},
                             "effects": [{"type": "gain_life", "target": "controller",
                                          "amount": 1}]}]}
    adder = {"name": "Adder", "mana_cost": "{1}", "types": ["Artifact"],
             "abilities": [{"kind": "static", "rule": "additional_loyalty_cost", "count": 1,
                            "filter": {"type": "Planeswalker"}}]}
    objects = [{"handle": "w", "card": "Walker", "owner": "alice",
                "counters": {"loyalty": loyalty}}]
    objects += [{"handle": f"a{n}", "card": "Adder", "owner": "alice"} for n in range(extra)]
    g = game({"objects": objects}, cards=[walker, adder])
    total = printed + extra
    try:
        g.perform({"type": "activate", "player": "alice", "object": "w"})
    except RulesViolation as err:
        assert err.failure == "cannot-pay"
        assert total < 0 and loyalty < -total
        return
    assert total >= 0 or loyalty >= -total
    if loyalty + total > 0:
        assert observe(g, "counters", object="w").get("loyalty", 0) == loyalty + total
    else:
        assert observe(g, "zone", object="w") == "graveyard"
