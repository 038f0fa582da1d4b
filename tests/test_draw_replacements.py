"""Draw replacement effects (CR 614.11): a replacement of draws from an empty library applies
although no card could be drawn, draw by draw, against a restatement."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import game, observe


@settings(max_examples=10)
@given(st.integers(0, 3), st.integers(1, 3), st.booleans())
def test_laboratory_maniac_wins_on_the_first_draw_from_an_empty_library(
        library: int, draws: int, maniac: bool) -> None:
    """614.11 restated: with the replacement, the first draw beyond the library wins the game
    instead; without it, that draw is from an empty library and the player loses (704.5b)."""
    spell = {"name": "Test Draw", "types": ["Sorcery"], "mana_cost": "{U}", "abilities": [
        {"kind": "spell", "effects": [{"type": "draw", "amount": draws}]}]}
    objects = [{"handle": f"c{i}", "card": "Island", "zone": "library", "owner": "alice"}
               for i in range(library)]
    objects.append({"handle": "s", "card": "Test Draw", "zone": "hand", "owner": "alice"})
    if maniac:
        objects.append({"handle": "m", "card": "Laboratory Maniac", "zone": "battlefield",
                        "owner": "alice"})
    g = game({"mana_pool": {"alice": "{U}"}, "objects": objects}, cards=[spell])
    g.perform({"type": "cast", "player": "alice", "object": "s"})
    g.perform({"type": "resolve"})
    short = draws > library
    assert observe(g, "won", player="alice") is (short and maniac)
    assert observe(g, "lost", player="alice") is (short and not maniac)
    assert observe(g, "count", zone="hand", player="alice") == min(draws, library)



@settings(max_examples=10)
@given(st.lists(st.integers(0, 3), max_size=2), st.integers(1, 2))
def test_draw_instead_replacements_multiply_and_never_replace_their_own_draws(
        amounts: list[int], draws: int) -> None:
    """614.11a and 614.5 restated: each "draw N instead" replaces a draw with N draws, which the
    other such effects may replace again but it may not, so the draws multiply: a spell's
    ``draws`` draws become ``draws`` times the product of the amounts."""
    cards = [{"name": "Test Draw", "types": ["Sorcery"], "mana_cost": "{U}", "abilities": [
        {"kind": "spell", "effects": [{"type": "draw", "amount": draws}]}]}]
    objects = [{"handle": f"c{i}", "card": "Island", "zone": "library", "owner": "alice"}
               for i in range(20)]
    objects.append({"handle": "s", "card": "Test Draw", "zone": "hand", "owner": "alice"})
    for i, n in enumerate(amounts):
        cards.append({"name": f"Test Reflection {i}", "types": ["Enchantment"], "mana_cost": "",
                      "abilities": [{"kind": "replacement", "event": "draw", "players": "you",
                                     "instead": "draw", "amount": n}]})
        objects.append({"handle": f"r{i}", "card": f"Test Reflection {i}", "zone": "battlefield",
                        "owner": "alice"})
    g = game({"mana_pool": {"alice": "{U}"}, "objects": objects}, cards=cards)
    g.perform({"type": "cast", "player": "alice", "object": "s"})
    g.perform({"type": "resolve"})
    expected = draws
    for n in amounts:
        expected *= n
    assert observe(g, "count", zone="hand", player="alice") == expected
    assert observe(g, "lost", player="alice") is False
