"""Drawing (CR 121) and the loss for drawing from an empty library (CR 704.5b)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from .helpers import game, observe


@given(st.integers(0, 3))
def test_the_draw_step_draws_and_an_empty_library_loses(cards_in_library: int) -> None:
    objects = [{"card": "Grizzly Bears", "zone": "library", "owner": "alice"}
               for _ in range(cards_in_library)]
    g = game({"active": "bob", "step": "end", "objects": objects})
    g.perform({"type": "advance", "to": "precombat-main"})
    assert observe(g, "count", zone="hand", player="alice") == min(cards_in_library, 1)
    assert observe(g, "count", zone="library", player="alice") == max(cards_in_library - 1, 0)
    assert observe(g, "lost", player="alice") is (cards_in_library == 0)
    assert observe(g, "lost", player="bob") is False
