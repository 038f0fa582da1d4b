"""Copies (CR 707.2, 707.5): Clone entering as a copy of a creature takes its copiable values,
the printed ones, never its counters, the effects on it or its tapped status. Real cards."""

from __future__ import annotations

from typing import Any

from ..family import Draft, family, obj, observe
from ..source import Source

#: Catalog creatures: (power, toughness, printed keywords).
_CREATURES = {"Grizzly Bears": (2, 2, []), "Hill Giant": (3, 3, []),
              "Serra Angel": (4, 4, ["flying", "vigilance"]), "Memnite": (1, 1, []),
              "Fencing Ace": (1, 1, ["double strike"])}


def _params(src: Source) -> dict[str, Any]:
    creatures = []
    for _ in range(src.integer(1, 3)):
        counters: dict[str, int] = {}
        if src.integer(0, 3):
            counters["+1/+1"] = src.integer(1, 3)
        if src.integer(0, 2) == 0:
            counters["trample"] = 1
        creatures.append({"card": src.choice(sorted(_CREATURES)), "counters": counters,
                          "owner": src.choice(("alice", "bob")), "tapped": src.boolean()})
    return {"creatures": creatures, "copy": src.integer(0, len(creatures) - 1)}


@family(name="clone-copiable-values",
        title="Clone copies a creature's printed values, never its counters or status",
        area="objects", rulings=("COPY-M01",), rules=("707.2", "707.5", "613.1a", "122.1"),
        eras=("modern",), features=("copies", "replacement", "stack", "counters"),
        params=_params, dynamic=False)
def _clone(p: dict[str, Any], era: str) -> Draft:
    """The copy has the original's name, printed power, toughness and keywords; no counters;
    untapped; the original keeps its own counters."""
    objects = []
    for i, c in enumerate(p["creatures"]):
        extra: dict[str, Any] = {"counters": dict(sorted(c["counters"].items()))} \
            if c["counters"] else {}
        if c["tapped"]:
            extra["tapped"] = True
        objects.append(obj(f"c{i}", c["card"], "battlefield", c["owner"], **extra))
    objects.append(obj("clone", "Clone", "stack"))
    chosen = p["creatures"][p["copy"]]
    power, toughness, keywords = _CREATURES[chosen["card"]]
    plus = chosen["counters"].get("+1/+1", 0)
    original = sorted({*keywords, *(k for k in chosen["counters"] if k != "+1/+1")})
    return Draft(setup={"objects": objects}, steps=[
        {"action": {"type": "resolve", "choices": {"copy": f"c{p['copy']}"}}},
        observe("name", chosen["card"], object="clone"),
        observe("power", power, object="clone"),
        observe("toughness", toughness, object="clone"),
        observe("keywords", sorted(keywords), object="clone"),
        observe("counters", {}, object="clone"),
        observe("tapped", False, object="clone"),
        observe("power", power + plus, object=f"c{p['copy']}"),
        observe("keywords", original, object=f"c{p['copy']}"),
    ])
