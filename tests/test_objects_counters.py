"""Keyword counters (CR 122.1b): each grants its keyword, on the battlefield and elsewhere."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import game, observe

#: The keyword counters CR 122.1b lists, restated here independently of the engine's table.
KEYWORD_COUNTERS = ["flying", "first strike", "double strike", "deathtouch", "decayed",
                    "exalted", "haste", "hexproof", "indestructible", "lifelink", "menace",
                    "reach", "shadow", "trample", "vigilance"]
OTHER_COUNTERS = ["+1/+1", "-1/-1", "charge", "lore", "loyalty"]


@given(st.lists(st.sampled_from(KEYWORD_COUNTERS + OTHER_COUNTERS), unique=True, max_size=8),
       st.sampled_from(["battlefield", "graveyard", "exile", "hand"]),
       st.integers(min_value=1, max_value=3))
def test_keyword_counters_grant_exactly_their_keywords(counters: list[str], zone: str,
                                                      n: int) -> None:
    g = game({"objects": [{"handle": "it", "card": "Hill Giant", "zone": zone,
                           "counters": {c: n for c in counters}}]})
    expected = sorted(c for c in counters if c in KEYWORD_COUNTERS)
    assert observe(g, "keywords", object="it") == expected


def test_a_keyword_counter_adds_to_printed_keywords_once() -> None:
    g = game({"objects": [{"handle": "angel", "card": "Serra Angel",
                           "counters": {"flying": 2, "vigilance": 1}}]})
    assert observe(g, "keywords", object="angel") == ["flying", "vigilance"]


def test_counters_do_not_follow_a_card_to_a_new_zone() -> None:
    g = game({"objects": [{"handle": "giant", "card": "Hill Giant", "counters": {"flying": 1}}]})
    g.state.move(g.state.by_handle("giant"), "graveyard")
    assert observe(g, "keywords", object="giant") == []
    assert observe(g, "counters", object="giant") == {}
