"""Text-changing effects (CR 612): a color word or a subtype replaced wherever it is used as
one, for any pair of words, against a restatement of 612.1-612.3."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import game, observe

COLORS = ["white", "blue", "black", "red", "green"]
_SLEIGHT = {"name": "Test Sleight", "types": ["Instant"], "mana_cost": "{1}", "abilities": [
    {"kind": "spell", "targets": [{"name": "t", "kind": "permanent"}],
     "effects": [{"type": "change_text", "target": "t", "words": ["color"]}]}]}


def _knight(color: str) -> dict[str, object]:
    return {"name": "Test Knight", "types": ["Creature"], "mana_cost": "{W}", "power": 2,
            "toughness": 2, "abilities": [
                {"kind": "keyword", "keyword": "protection", "from": {"color": color}}]}


def _source(color: str) -> dict[str, object]:
    return {"name": f"Test {color} Source", "types": ["Creature"], "power": 1, "toughness": 1,
            "colors": [color], "mana_cost": {"white": "{W}", "blue": "{U}", "black": "{B}",
                                             "red": "{R}", "green": "{G}"}[color]}


@settings(max_examples=12)
@given(st.sampled_from(COLORS), st.sampled_from(COLORS), st.sampled_from(COLORS),
       st.booleans())
def test_a_color_word_is_replaced_in_printed_text_only(printed: str, old: str, new: str,
                                                       granted: bool) -> None:
    """612.1-612.3 restated: the protection's color word changes if the ability is printed
    (not granted by an effect, 612.3) and its word is the one replaced."""
    if old == new:
        return
    cards = [_SLEIGHT, _knight(printed if not granted else "white"),
             *(_source(c) for c in COLORS)]
    setup: dict[str, object] = {"mana_pool": {"alice": "{C}"}, "objects": [
        {"handle": "knight", "card": "Test Knight", "zone": "battlefield", "owner": "bob"},
        {"handle": "sleight", "card": "Test Sleight", "zone": "hand", "owner": "alice"},
        *({"handle": c, "card": f"Test {c} Source", "zone": "battlefield", "owner": "alice"}
          for c in COLORS)]}
    if granted:
        setup["effects"] = [{"type": "add_abilities", "affected": ["knight"],
                             "duration": "permanent", "abilities": [
                                 {"kind": "keyword", "keyword": "protection",
                                  "from": {"color": printed}}]}]
    g = game(setup, cards=cards)
    g.perform({"type": "cast", "player": "alice", "object": "sleight", "targets": ["knight"]})
    g.perform({"type": "resolve", "choices": {"text_change": {"from": old, "to": new}}})
    protected = set()
    if not granted:
        protected.add(new if printed == old else printed)
    else:
        protected |= {printed, "white" if old != "white" else new}
    for color in COLORS:
        assert observe(g, "protected_from", object="knight", source=color) is (
            color in protected), (printed, old, new, granted, color)
