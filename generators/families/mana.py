"""Families over mana-area rulings: domain counts basic land types among lands you control."""

from __future__ import annotations

from typing import Any

from ..family import Draft, family, obj, observe
from ..source import Source
from ..strategies import build_land_card

_BASIC = ("Plains", "Island", "Swamp", "Mountain", "Forest")


def _domain_params(src: Source) -> dict[str, Any]:
    used: set[str] = set()
    lands = [build_land_card(src, used) for _ in range(src.integer(0, 7))]
    places = [(src.choice(("alice", "bob")), src.choice(("battlefield", "battlefield", "hand")))
              for _ in lands]
    return {"lands": lands, "places": places}


@family(name="domain-count",
        title="Domain counts the basic land types among the lands a player controls",
        area="mana", rulings=("DOM-01", "DOM-02", "DOM-03", "DOM-05"),
        rules=("305.6", "205.3i", "207.2c"), eras=("invasion-2000", "modern"),
        features=("domain", "lands"), params=_domain_params)
def _domain(p: dict[str, Any], era: str) -> Draft:
    """Each basic land type counts once, whatever number of lands have it (so at most five);
    lands elsewhere or controlled by another player don't count."""
    objects = []
    types: dict[str, set[str]] = {"alice": set(), "bob": set()}
    for i, (land, (player, zone)) in enumerate(zip(p["lands"], p["places"], strict=True)):
        objects.append(obj(f"l{i}", land["name"], zone, player))
        if zone == "battlefield":
            types[player] |= set(land["subtypes"])
    steps = []
    for player in ("alice", "bob"):
        steps.append(observe("basic_land_types", [t for t in _BASIC if t in types[player]],
                             player=player))
        steps.append(observe("domain", len(types[player]), player=player))
    return Draft(setup={"objects": objects}, cards=p["lands"], steps=steps)
