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


_PRODUCE = ("W", "U", "B", "R", "G", "C")


def _tap_params(src: Source) -> dict[str, Any]:
    kind = src.choice(("Creature", "Creature", "Artifact"))
    status = src.choice(("sick", "ready", "tapped"))
    produce = sorted((src.choice(_PRODUCE) for _ in range(src.integer(1, 2))),
                     key=_PRODUCE.index)
    return {"kind": kind, "tapped": status == "tapped", "sick": status == "sick",
            "haste": src.integer(0, 3) == 3, "produce": "".join(f"{{{m}}}" for m in produce)}


@family(name="tap-for-mana",
        title="Paying {T} needs an untapped permanent free of summoning sickness",
        area="mana", rulings=("TAP-01", "MANA-04"), rules=("107.5", "302.6", "605.3a", "106.4"),
        eras=("modern",), features=("mana-abilities",), params=_tap_params)
def _tap_for_mana(p: dict[str, Any], era: str) -> Draft:
    """{T} can't be paid by a tapped permanent; a summoning-sick creature (no haste) can't pay
    it, but an artifact can; paying it taps the permanent and the mana goes to the pool."""
    card: dict[str, Any] = {
        "name": "Test Mana Source", "layout": "normal", "mana_cost": "{2}",
        "types": [p["kind"]],
        "oracle_text": f"{{T}}: Add {p['produce']}.",
        "abilities": [{"kind": "mana", "cost": {"tap": True}, "produce": p["produce"]}],
    }
    if p["kind"] == "Creature":
        card.update(power=1, toughness=1)
    if p["haste"]:
        card["abilities"].insert(0, {"kind": "keyword", "keyword": "haste"})
    status = {k: True for k in ("tapped", "sick") if p[k]}
    setup = {"objects": [{**obj("m", card["name"], "battlefield"), **status}]}
    step: dict[str, Any] = {"action": {"type": "activate", "player": "alice", "object": "m",
                                       "ability": 0}}
    sick = p["sick"] and p["kind"] == "Creature" and not p["haste"]
    if p["tapped"]:
        step["reject"] = "tapped"
    elif sick:
        step["reject"] = "summoning-sick"
    ok = "reject" not in step
    return Draft(setup=setup, cards=[card], steps=[
        step,
        observe("mana_pool", p["produce"] if ok else "", player="alice"),
        observe("tapped", True if ok else p["tapped"], object="m"),
    ])
