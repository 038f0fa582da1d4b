"""Delayed triggered abilities with and without a stated duration (CR 603.7b), as a property
over the number of matching events, against a restatement of the rule: without a duration the
ability triggers only the first time; with "this turn" it triggers each time that turn."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import game, observe


def _glimpse(duration: bool) -> dict[str, Any]:
    delayed: dict[str, Any] = {
        "type": "delayed_trigger",
        "trigger": {"event": "spell_cast", "player": "you", "filter": {"type": "Creature"}},
        "effects": [{"type": "gain_life", "target": "controller", "amount": 1}]}
    if duration:
        delayed["duration"] = "turn"
    return {"name": "Glimpse", "mana_cost": "{G}", "types": ["Sorcery"],
            "abilities": [{"kind": "spell", "effects": [delayed]}]}


@given(st.integers(0, 4), st.booleans())
def test_a_delayed_trigger_triggers_once_unless_it_has_a_duration(spells: int,
                                                                  duration: bool) -> None:
    elf = {"name": "Elf", "mana_cost": "{G}", "types": ["Creature"], "power": 1,
           "toughness": 1}
    objects = [{"handle": "glimpse", "card": "Glimpse", "zone": "hand", "owner": "alice"}]
    objects += [{"handle": f"e{n}", "card": "Elf", "zone": "hand", "owner": "alice"}
                for n in range(spells)]
    g = game({"mana_pool": {"alice": "{G}" * (spells + 1)}, "objects": objects},
             cards=[_glimpse(duration), elf])
    g.perform({"type": "cast", "player": "alice", "object": "glimpse"})
    g.perform({"type": "resolve"})
    for n in range(spells):
        g.perform({"type": "cast", "player": "alice", "object": f"e{n}"})
        while observe(g, "stack"):
            g.perform({"type": "resolve"})
    expected = spells if duration else min(spells, 1)
    assert observe(g, "life", player="alice") == 20 + expected
