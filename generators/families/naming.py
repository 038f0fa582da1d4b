"""Naming a card (CR 201.4b): Meddling Mage's chosen name stops every spell with that name,
in any player's hand, and no other spell; a land's name can't be chosen. Real cards."""

from __future__ import annotations

from typing import Any

from ..family import Draft, family, obj, observe
from ..source import Source

_SPELLS = ("Lightning Bolt", "Grizzly Bears", "Giant Growth", "Shock", "Counterspell",
           "Hill Giant")


def _params(src: Source) -> dict[str, Any]:
    hand = [(src.choice(_SPELLS), src.choice(("alice", "bob"))) for _ in range(src.integer(1, 4))]
    named = src.choice([n for n, _o in hand]) if src.integer(0, 4) else src.choice(_SPELLS)
    return {"hand": hand, "named": named, "land_first": src.integer(0, 3) == 0}


@family(name="named-card-prohibited",
        title="Spells with the name Meddling Mage chose can't be cast; others can",
        area="objects", rulings=("NAME-M01", "SPLIT-M07"), rules=("201.4b", "101.2", "601.2"),
        eras=("modern",), features=("naming", "stack"), params=_params, dynamic=False)
def _naming(p: dict[str, Any], era: str) -> Draft:
    """A nonland name must be chosen (a land's name is refused); then a card can be cast
    exactly when its name differs from the chosen one, whoever holds it."""
    objects = [obj(f"h{i}", name, "hand", owner) for i, (name, owner) in enumerate(p["hand"])]
    objects.append(obj("mage", "Meddling Mage", "stack"))
    steps: list[dict[str, Any]] = []
    if p["land_first"]:
        steps.append({"action": {"type": "resolve", "choices": {"name": "Forest"}},
                      "reject": "illegal-choice"})
    steps.append({"action": {"type": "resolve", "choices": {"name": p["named"]}}})
    steps.append(observe("chosen", [p["named"]], object="mage", choice="name"))
    steps += [observe("can_be_cast", name != p["named"], object=f"h{i}")
              for i, (name, _owner) in enumerate(p["hand"])]
    return Draft(setup={"objects": objects}, steps=steps)
