"""Filter keys ``attacking`` and ``blocking`` (CR 506.4) and Order's "target attacking creature"."""

from __future__ import annotations

from tests.helpers import game, observe


def test_attacking_and_blocking_filters_follow_the_declarations() -> None:
    g = game({"active": "alice", "objects": [
        {"handle": "bears", "card": "Grizzly Bears", "zone": "battlefield"},
        {"handle": "ape", "card": "Kird Ape", "zone": "battlefield"},
        {"handle": "giant", "card": "Hill Giant", "zone": "battlefield", "owner": "bob"}]})
    assert observe(g, "count", filter={"attacking": True}) == 0
    g.perform({"type": "declare_attackers", "player": "alice", "attackers": ["bears"]})
    assert observe(g, "count", filter={"attacking": True}) == 1
    assert observe(g, "count", filter={"attacking": False, "type": "Creature"}) == 2
    assert observe(g, "matches", object="bears", filter={"attacking": True}) is True
    assert observe(g, "matches", object="ape", filter={"attacking": True}) is False
    g.perform({"type": "declare_blockers", "player": "bob", "blockers": {"giant": "bears"}})
    assert observe(g, "matches", object="giant", filter={"blocking": True}) is True
    assert observe(g, "matches", object="bears", filter={"blocking": True}) is False
