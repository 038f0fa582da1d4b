"""Aftermath (CR 702.127a): the aftermath half cast from a graveyard is exiled as it leaves
the stack; the other half, and the card cast from hand, go to the graveyard as usual."""

from __future__ import annotations

from tests.helpers import game, observe


def test_aftermath_half_cast_from_graveyard_is_exiled() -> None:
    g = game({"mana_pool": {"alice": "{G}{C}{C}{C}"}, "objects": [
        {"handle": "dl", "card": "Destined // Lead", "zone": "graveyard"},
        {"handle": "bears", "card": "Grizzly Bears", "zone": "battlefield", "owner": "bob"}]})
    g.perform({"type": "cast", "player": "alice", "object": "dl", "half": "Lead",
               "targets": ["bears"]})
    g.perform({"type": "resolve"})
    assert observe(g, "zone", object="dl") == "exile"


def test_non_aftermath_half_cast_from_hand_goes_to_graveyard() -> None:
    g = game({"mana_pool": {"alice": "{B}{C}"}, "objects": [
        {"handle": "dl", "card": "Destined // Lead", "zone": "hand"},
        {"handle": "bears", "card": "Grizzly Bears", "zone": "battlefield"}]})
    g.perform({"type": "cast", "player": "alice", "object": "dl", "half": "Destined",
               "targets": ["bears"]})
    g.perform({"type": "resolve"})
    assert observe(g, "zone", object="dl") == "graveyard"
    assert observe(g, "power", object="bears") == 3
