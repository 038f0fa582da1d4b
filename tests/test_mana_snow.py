"""Snow mana (CR 107.4h): mana produced by a snow source is marked, and only it pays {S}."""

from __future__ import annotations

import pytest

from tests.helpers import game, observe


@pytest.mark.parametrize(("land", "snow"), [("Snow-Covered Forest", True), ("Forest", False)])
def test_mana_from_a_snow_source_is_marked_snow(land: str, snow: bool) -> None:
    g = game({"objects": [{"handle": "land", "card": land, "zone": "battlefield"}]})
    g.perform({"type": "activate", "player": "alice", "object": "land", "ability": 0,
               "choices": {}, "targets": []})
    assert observe(g, "mana_pool", player="alice") == "{G}"
    assert [bool(u.get("snow")) for u in g.state.players["alice"].mana_pool] == [snow]


@pytest.mark.parametrize(("land", "castable"), [("Snow-Covered Forest", True), ("Forest", False)])
def test_only_snow_mana_pays_the_snow_symbol(land: str, castable: bool) -> None:
    g = game({"objects": [{"handle": "land", "card": land, "zone": "battlefield"},
                          {"handle": "astrolabe", "card": "Arcum's Astrolabe", "zone": "hand"}]})
    g.perform({"type": "activate", "player": "alice", "object": "land", "ability": 0,
               "choices": {}, "targets": []})
    assert observe(g, "can_cast", player="alice", object="astrolabe") is castable
