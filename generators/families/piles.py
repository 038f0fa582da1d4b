"""Piles (CR 700.3): Fact or Fiction's top five cards are separated into two piles; the
chosen pile goes to its caster's hand and the other to the graveyard. Real cards."""

from __future__ import annotations

from typing import Any

from ..family import Draft, family, obj, observe
from ..source import Source

_CARDS = ("Lightning Bolt", "Grizzly Bears", "Shock", "Llanowar Elves", "Giant Growth",
          "Hill Giant", "Island")


def _params(src: Source) -> dict[str, Any]:
    library = [src.choice(_CARDS) for _ in range(src.integer(5, 7))]
    return {"library": library, "pile_1": [i for i in range(5) if src.boolean()],
            "pile": src.integer(1, 2)}


@family(name="fact-or-fiction-piles",
        title="Fact or Fiction's chosen pile goes to hand and the other to the graveyard",
        area="objects", rulings=("DIVVY-01",), rules=("700.3", "700.3a"),
        eras=("invasion-2000", "modern"), features=("piles", "stack"), params=_params,
        dynamic=False)
def _piles(p: dict[str, Any], era: str) -> Draft:
    """Only the top five cards are separated (either pile may be empty); the chosen pile goes
    to hand, the other to the graveyard, the rest of the library stays."""
    objects = [obj(f"c{i}", name, "library") for i, name in enumerate(p["library"])]
    objects.append(obj("fof", "Fact or Fiction", "stack"))
    first = set(p["pile_1"])
    chosen = first if p["pile"] == 1 else set(range(5)) - first
    steps: list[dict[str, Any]] = [{"action": {"type": "resolve", "choices": {
        "pile_1": [f"c{i}" for i in sorted(first)], "pile": p["pile"]}}}]
    for i in range(len(p["library"])):
        zone = "library" if i >= 5 else "hand" if i in chosen else "graveyard"
        steps.append(observe("zone", zone, object=f"c{i}"))
    return Draft(setup={"objects": objects}, steps=steps)
