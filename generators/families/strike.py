"""First strike and double strike (CR 510.4, 702.7, 702.4): who deals combat damage in which of
the two combat damage steps. Real cards, with keyword counters (122.1b) for the strike keywords."""

from __future__ import annotations

from typing import Any

from ..family import Draft, family, obj, observe
from ..source import Source

#: Catalog creatures with no ability that changes combat damage: (power, toughness, keywords).
_CREATURES: dict[str, tuple[int, int, frozenset[str]]] = {
    "Grizzly Bears": (2, 2, frozenset()),
    "Hill Giant": (3, 3, frozenset()),
    "Llanowar Elves": (1, 1, frozenset()),
    "Memnite": (1, 1, frozenset()),
    "White Knight": (2, 2, frozenset({"first strike"})),
    "Fencing Ace": (1, 1, frozenset({"double strike"})),
}
_COUNTERS = ("", "first strike", "first strike", "double strike")


def _creature(src: Source) -> dict[str, Any]:
    return {"card": src.choice(sorted(_CREATURES)), "counter": src.choice(_COUNTERS)}


def _params(src: Source) -> dict[str, Any]:
    return {"attackers": [_creature(src) for _ in range(src.integer(1, 3))],
            "blocker": _creature(src) if src.boolean() else None}


def _keywords(c: dict[str, Any]) -> frozenset[str]:
    return _CREATURES[c["card"]][2] | ({c["counter"]} if c["counter"] else set())


@family(name="first-and-double-strike",
        title="First strikers deal combat damage in the first step, double strikers in both",
        area="combat", rulings=("STRIKE-M01", "KWCTR-01"),
        rules=("510.4", "702.7b", "702.7c", "702.4b", "702.4c", "122.1b"), eras=("modern",),
        features=("combat", "damage", "counters"), params=_params, dynamic=False)
def _strike(p: dict[str, Any], era: str) -> Draft:
    """With a first or double striker in combat there are two damage steps: the first has only
    those creatures; the second the others still alive and the double strikers. Creatures with
    lethal damage die between the steps. The blocker blocks the last attacker."""
    fighters = [("a", i, c) for i, c in enumerate(p["attackers"])]
    last = len(p["attackers"]) - 1
    if p["blocker"] is not None:
        fighters.append(("b", 0, p["blocker"]))
    strikers = {id(c) for _s, _i, c in fighters if _keywords(c) & {"first strike", "double strike"}}
    damage = {id(c): 0 for _s, _i, c in fighters}
    alive = {id(c) for _s, _i, c in fighters}
    life = 20
    lives = []
    steps = 2 if strikers else 1
    for step in range(steps):
        dealers = [(s, i, c) for s, i, c in fighters if id(c) in alive and (
            steps == 1 or (step == 0 and id(c) in strikers)
            or (step == 1 and (id(c) not in strikers or "double strike" in _keywords(c))))]
        for side, i, c in dealers:
            power = _CREATURES[c["card"]][0]
            if side == "a" and (i != last or p["blocker"] is None):
                life -= power
            elif side == "a":
                damage[id(p["blocker"])] += power
            else:
                damage[id(p["attackers"][last])] += power
        alive = {k for k in alive
                 if damage[k] < next(_CREATURES[c["card"]][1] for _s, _i, c in fighters
                                     if id(c) == k)}
        lives.append(life)
    objects = []
    for side, i, c in fighters:
        extra = {"counters": {c["counter"]: 1}} if c["counter"] else {}
        objects.append(obj(f"{side}{i}", c["card"], "battlefield",
                           "alice" if side == "a" else "bob", **extra))
    handles = [f"a{i}" for i in range(len(p["attackers"]))]
    out: list[dict[str, Any]] = [
        {"action": {"type": "declare_attackers", "player": "alice", "attackers": handles}}]
    if p["blocker"] is not None:
        out.append({"action": {"type": "declare_blockers", "player": "bob",
                               "blockers": {"b0": f"a{last}"}}})
    out += [{"action": {"type": "advance", "to": "combat-damage"}},
            observe("life", lives[0], player="bob", note="after the first combat damage step"),
            {"action": {"type": "advance", "to": "end-of-combat"}},
            observe("life", lives[-1], player="bob")]
    for side, i, c in fighters:
        out.append(observe("zone", "battlefield" if id(c) in alive else "graveyard",
                           object=f"{side}{i}"))
    return Draft(setup={"objects": objects}, steps=out)
