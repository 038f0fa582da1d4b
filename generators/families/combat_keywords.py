"""Triggered combat keywords with exalted (CR 702.23 rampage, 702.25 flanking, 702.45 bushido,
702.83 exalted): one creature attacks alone, is blocked by one to three creatures, every trigger
resolves, then combat damage is dealt. The oracle restates each keyword in a line or two and
works out the sizes, who dies before damage (a blocker flanking shrinks to toughness 0) and who
dies from combat damage. Real catalog cards only."""

from __future__ import annotations

from typing import Any

from ..family import Draft, family, obj, observe
from ..source import Source

#: Catalog creatures: (power, toughness, the combat keyword that matters here).
_ATTACKERS: dict[str, tuple[int, int, str]] = {
    "Suq'Ata Lancer": (2, 2, "flanking"),
    "Devoted Retainer": (1, 1, "bushido 1"),
    "Wolverine Pack": (2, 4, "rampage 2"),
}
_BLOCKERS: dict[str, tuple[int, int, str]] = {
    "Grizzly Bears": (2, 2, ""),
    "Hill Giant": (3, 3, ""),
    "Llanowar Elves": (1, 1, ""),
    "Memnite": (1, 1, ""),
    "Suq'Ata Lancer": (2, 2, "flanking"),
}


def _params(attacker: str) -> Any:
    def draw(src: Source) -> dict[str, Any]:
        return {"attacker": attacker,
                "blockers": [src.choice(sorted(_BLOCKERS)) for _ in range(src.integer(1, 3))],
                "squires": src.integer(1, 2)}
    return draw


_COMMON = {"area": "combat", "eras": ("modern",), "dynamic": False,
           "features": ("combat", "triggers", "stack", "damage")}


@family(name="flanking-with-exalted",
        title="Exalted and flanking resolve before combat damage",
        rulings=("KEYW-M02", "KWB-G01"), rules=("702.25a", "702.83a"),
        params=_params("Suq'Ata Lancer"), **_COMMON)
def _flanking(p: dict[str, Any], era: str) -> Draft:
    """Exalted, then flanking for each blocker without flanking (see :func:`_combat`)."""
    return _combat(p)


@family(name="bushido-with-exalted",
        title="Exalted and bushido resolve before combat damage",
        rulings=("KEYW-M03", "KWB-G01"), rules=("702.45a", "702.83a"),
        params=_params("Devoted Retainer"), **_COMMON)
def _bushido(p: dict[str, Any], era: str) -> Draft:
    """Exalted, then bushido once blocked (see :func:`_combat`)."""
    return _combat(p)


@family(name="rampage-with-exalted",
        title="Exalted and rampage resolve before combat damage",
        rulings=("KEYW-M01", "KWB-G01"), rules=("702.23a", "702.23b", "702.83a"),
        params=_params("Wolverine Pack"), **_COMMON)
def _rampage(p: dict[str, Any], era: str) -> Draft:
    """Exalted, then rampage for each blocker beyond the first (see :func:`_combat`)."""
    return _combat(p)


def _combat(p: dict[str, Any]) -> Draft:
    """Oracle. Exalted: each instance among alice's permanents gives the lone attacker +1/+1
    (702.83a-b; an Akrasan Squire has one). Flanking: each blocker without flanking gets -1/-1
    (702.25a). Bushido N: +N/+N once it becomes blocked (702.45a). Rampage N: +N/+N for each
    blocker beyond the first (702.23a-b). A blocker left with toughness 0 dies before damage;
    the attacker stays blocked (509.1h) and assigns its damage to the blockers still there,
    lethal damage to each in order and the rest to the last (510.1c)."""
    name = p["attacker"]
    power, tough, keyword = _ATTACKERS[name]
    exalted = p["squires"]
    power, tough = power + exalted, tough + exalted
    blockers = [[b, *_BLOCKERS[b][:2]] for b in p["blockers"]]
    if keyword == "flanking":
        for b in blockers:
            if _BLOCKERS[b[0]][2] != "flanking":
                b[1], b[2] = b[1] - 1, b[2] - 1
    elif keyword.startswith("bushido"):
        n = int(keyword.split()[1])
        power, tough = power + n, tough + n
    elif keyword.startswith("rampage"):
        n = int(keyword.split()[1]) * (len(blockers) - 1)
        power, tough = power + n, tough + n
    alive = [i for i, b in enumerate(blockers) if b[2] > 0]
    assigned: dict[str, int] = {}
    left = power
    for pos, i in enumerate(alive):
        share = left if pos == len(alive) - 1 else min(left, blockers[i][2])
        assigned[f"b{i}"] = share
        left -= share
    survivors = {i for i in alive if assigned[f"b{i}"] < blockers[i][2]}
    attacker_damage = sum(max(blockers[i][1], 0) for i in alive)
    objects = [obj("att", name, "battlefield")]
    objects += [obj(f"sq{i}", "Akrasan Squire", "battlefield") for i in range(exalted)]
    objects += [obj(f"b{i}", b, "battlefield", "bob") for i, b in enumerate(p["blockers"])]
    triggers = (len(blockers) if keyword == "flanking" else 0) - sum(
        1 for b in p["blockers"] if keyword == "flanking" and _BLOCKERS[b][2] == "flanking")
    triggers += 1 if keyword.startswith(("bushido", "rampage")) else 0
    steps: list[dict[str, Any]] = [
        {"action": {"type": "declare_attackers", "player": "alice", "attackers": ["att"]}}]
    if exalted:
        steps.append({"action": {"type": "resolve", "count": exalted}})
    steps.append({"action": {"type": "declare_blockers", "player": "bob",
                             "blockers": {f"b{i}": "att" for i in range(len(blockers))}}})
    if triggers:
        steps.append({"action": {"type": "resolve", "count": triggers}})
    steps.append(observe("power", power, object="att", note="every trigger has resolved"))
    steps.append(observe("toughness", tough, object="att"))
    damage: dict[str, Any] = {"type": "advance", "to": "end-of-combat"}
    if len(alive) > 1:
        damage["choices"] = {"combat_damage": {"att": assigned}}
    steps.append({"action": damage})
    steps.append(observe("zone", "battlefield" if attacker_damage < tough else "graveyard",
                         object="att"))
    for i in range(len(blockers)):
        steps.append(observe("zone", "battlefield" if i in survivors else "graveyard",
                             object=f"b{i}"))
    steps.append(observe("life", 20, player="bob", note="a blocked attacker deals no damage "
                         "to the player"))
    return Draft(setup={"objects": objects}, steps=steps)
