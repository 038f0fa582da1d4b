"""Haste from any source (CR 302.6, 702.10): printed, a haste keyword counter (122.1b), or an
effect (Fires of Yavimaya), for attacking and for {T} abilities. Real cards."""

from __future__ import annotations

from typing import Any

from ..family import Draft, family, obj, observe
from ..source import Source

#: Creatures: whether the card itself has haste, whether it has a {T} mana ability (index 0).
_CREATURES = {"Grizzly Bears": (False, False), "Raging Goblin": (True, False),
              "Llanowar Elves": (False, True), "Elvish Mystic": (False, True)}
_COUNTERS = ("", "haste", "haste", "vigilance")


def _params(src: Source) -> dict[str, Any]:
    creatures = [{"card": src.choice(sorted(_CREATURES)), "sick": src.integer(0, 3) > 0,
                  "counter": src.choice(_COUNTERS)} for _ in range(src.integer(2, 4))]
    return {"creatures": creatures, "fires": src.choice(("none", "none", "alice", "bob"))}


@family(name="haste-sources",
        title="Haste from the card, a counter or an effect lets a new creature attack and tap",
        area="combat", rulings=("ATTACK-01", "TAP-01", "KWCTR-01"),
        rules=("302.6", "508.1a", "702.10b", "702.10c", "122.1b", "613.1f"),
        eras=("modern",), features=("combat", "counters", "mana-abilities",
                                    "activated-abilities"), params=_params, dynamic=False)
def _haste(p: dict[str, Any], era: str) -> Draft:
    """A creature its controller has not controlled since the turn began can neither attack nor
    pay {T} unless it has haste, from whatever source: its own text, a haste counter (not
    another keyword counter), or Fires of Yavimaya of its controller (not the opponent's)."""
    objects = []
    steps: list[dict[str, Any]] = []
    attackers, able, mana = [], [], 0
    for i, c in enumerate(p["creatures"]):
        printed, taps = _CREATURES[c["card"]]
        haste = printed or c["counter"] == "haste" or p["fires"] == "alice"
        sick = c["sick"] and not haste
        status: dict[str, Any] = {"sick": True} if c["sick"] else {}
        if c["counter"]:
            status["counters"] = {c["counter"]: 1}
        objects.append(obj(f"c{i}", c["card"], "battlefield", **status))
        steps.append(observe("summoning_sick", sick, object=f"c{i}"))
        if taps:
            act: dict[str, Any] = {"action": {"type": "activate", "player": "alice",
                                              "object": f"c{i}", "ability": 0}}
            if sick:
                act["reject"] = "summoning-sick"
            steps.append(act)
            mana += not sick
        else:
            attackers.append(f"c{i}")
            if not sick:
                able.append(f"c{i}")
    if p["fires"] != "none":
        objects.append(obj("fires", "Fires of Yavimaya", "battlefield", p["fires"]))
    steps.append(observe("mana_pool", "{G}" * mana, player="alice"))
    if attackers:
        declare: dict[str, Any] = {"action": {"type": "declare_attackers", "player": "alice",
                                              "attackers": attackers}}
        if able != attackers:
            declare["reject"] = "cannot-attack"
        steps.append(declare)
        if able != attackers and able:
            steps.append({"action": {"type": "declare_attackers", "player": "alice",
                                     "attackers": able}})
        steps.append(observe("attackers", able, unordered=True))
    return Draft(setup={"objects": objects}, steps=steps)
