"""When a spell may be cast (CR 307.1, 702.8a, 117.1a): instants and spells with flash
whenever their caster has priority, anything else only in the caster's main phase, precombat
or postcombat, with an empty stack. Real cards, paid for with basic lands tapped at each stop."""

from __future__ import annotations

from typing import Any

from ..family import Draft, family, obj, observe
from ..source import Source

#: Cards cast from hand: (the basic land paying for it, instant speed). Each costs two mana.
_CARDS = {"Ambush Viper": ("Forest", True), "Grizzly Bears": ("Forest", False),
          "Night's Whisper": ("Swamp", False), "Think Twice": ("Island", True)}
#: Alice's turn, in order, from the upkeep the case starts in.
_STOPS = ("upkeep", "precombat-main", "beginning-of-combat", "postcombat-main", "end")


def _params(src: Source) -> dict[str, Any]:
    stops = [s for s in _STOPS if src.integer(0, 2) > 0 or s == "postcombat-main"]
    return {"stops": [(s, [src.choice(sorted(_CARDS)) for _ in range(src.integer(1, 2))])
                      for s in stops]}


@family(name="flash-and-sorcery-timing",
        title="Instants and flash spells are cast any time; others in your main phases only",
        area="casting", rulings=("FLASH-M01", "TIMING-M01"),
        rules=("702.8a", "307.1", "505.1", "117.1a"), eras=("modern",),
        features=("casting", "stack", "flash", "mana-abilities", "activated-abilities"),
        params=_params, dynamic=False)
def _timing(p: dict[str, Any], era: str) -> Draft:
    """At each stop of her turn Alice taps two lands per card and casts the cards in turn. An
    instant or a card with flash can be cast; any other card only in a main phase with an empty
    stack (a card cast before it at the same stop is still on the stack). Then all resolve."""
    objects: list[dict[str, Any]] = [obj(f"x{i}", "Island", "library") for i in range(8)]
    steps: list[dict[str, Any]] = []
    n = 0
    for stop, cards in p["stops"]:
        if stop != "upkeep":
            steps.append({"action": {"type": "advance", "to": stop}})
        stack = 0
        for name in cards:
            land, fast = _CARDS[name]
            for k in ("a", "b"):
                objects.append(obj(f"l{n}{k}", land, "battlefield"))
                steps.append({"action": {"type": "activate", "player": "alice",
                                         "object": f"l{n}{k}", "ability": 0}})
            objects.append(obj(f"s{n}", name, "hand"))
            ok = fast or (stop in ("precombat-main", "postcombat-main") and not stack)
            steps.append(observe("can_cast", ok, object=f"s{n}", player="alice"))
            cast: dict[str, Any] = {"action": {"type": "cast", "player": "alice",
                                               "object": f"s{n}"}}
            if not ok:
                cast["reject"] = "timing"
            steps.append(cast)
            steps.append(observe("zone", "stack" if ok else "hand", object=f"s{n}"))
            stack += ok
            n += 1
        if stack:
            steps.append({"action": {"type": "resolve", "count": stack}})
    return Draft(setup={"step": "upkeep", "objects": objects}, steps=steps)
