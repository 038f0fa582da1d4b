"""Paying mana costs from a pool (CR 601.2g-h, 107.4, 106.6): find_payment against a
brute-force restatement of "this pool can pay this cost"."""

from __future__ import annotations

from itertools import permutations, product
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from reference_engine.core.symbols import parse_mana_cost
from reference_engine.mana.pool import find_payment

TYPES = ["W", "U", "B", "R", "G", "C"]
COLORS = ["W", "U", "B", "R", "G"]

symbols = st.one_of(
    st.integers(min_value=1, max_value=3).map(lambda n: "{" + str(n) + "}"),
    st.sampled_from(TYPES).map(lambda t: "{" + t + "}"),
    st.tuples(st.sampled_from(COLORS), st.sampled_from(COLORS)).filter(
        lambda p: p[0] != p[1]).map(lambda p: "{" + p[0] + "/" + p[1] + "}"),
    st.sampled_from(COLORS).map(lambda c: "{2/" + c + "}"),
)
costs = st.lists(symbols, min_size=0, max_size=4).map("".join)
pools = st.lists(st.tuples(st.sampled_from(TYPES), st.booleans()), min_size=0, max_size=6)


def _alternatives(text: str) -> list[list[str]]:
    """Each way one symbol can be paid: a list of unit needs ("any" or a type letter)."""
    inner = text.strip("{}")
    if inner.isdigit():
        return [["any"] * int(inner)]
    if inner.startswith("2/"):
        return [[inner[2:]], ["any", "any"]]
    if "/" in inner:
        return [[part] for part in inner.split("/")]
    return [[inner]]


def _payable(cost: str, pool: list[str]) -> bool:
    """The rule restated: some choice of payment for every symbol, and some distinct units of
    the pool matching those needs one for one."""
    parts = ["{" + p for p in cost.split("{") if p]
    for choice in product(*(_alternatives(p) for p in parts)):
        needs = [n for alt in choice for n in alt]
        if len(needs) > len(pool):
            continue
        for chosen in permutations(range(len(pool)), len(needs)):
            if all(n == "any" or pool[i] == n for n, i in zip(needs, chosen, strict=True)):
                return True
    return False


def _units(pool: list[tuple[str, bool]]) -> list[dict[str, Any]]:
    return [{"type": t, **({"spend_only": {"spell": {}}} if r else {})} for t, r in pool]


@given(costs, pools)
def test_find_payment_pays_exactly_the_payable_costs(cost: str, pool: list[tuple[str, bool]]
                                                      ) -> None:
    units = _units(pool)
    spendable = [t for t, restricted in pool if not restricted]
    found = find_payment(parse_mana_cost(cost), units,
                         can_spend=lambda u: "spend_only" not in u)
    assert (found is not None) == _payable(cost, spendable)
    if found is not None:
        assert len(set(found)) == len(found)
        assert all("spend_only" not in units[i] for i in found)
        assert _payable(cost, [units[i]["type"] for i in found])


def test_monocolored_hybrid_can_be_paid_with_two_generic() -> None:
    pool = [{"type": "R"}, {"type": "G"}]
    assert find_payment(parse_mana_cost("{2/W}"), pool) is not None


def test_restricted_units_are_left_alone_when_others_can_pay() -> None:
    pool = [{"type": "R", "spend_only": {"spell": {"type": "Creature"}}}, {"type": "R"}]
    found = find_payment(parse_mana_cost("{R}"), pool, can_spend=lambda u: "spend_only" not in u)
    assert found == [1]
