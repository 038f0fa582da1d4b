"""Families over mana-area rulings: domain counts basic land types among lands you control;
paying {T} needs an untapped permanent free of summoning sickness.

Both draw real catalog cards (:mod:`generators.catalog`): lands (basic, dual, shock, Triome,
none with an ability that changes land types), and the catalog's permanents whose only ability
is one {T} mana ability."""

from __future__ import annotations

from typing import Any

from ..catalog import catalog, mana_source, pick
from ..family import Draft, family, obj, observe
from ..source import Source

_BASIC = ("Plains", "Island", "Swamp", "Mountain", "Forest")


def _basics() -> list[dict[str, Any]]:
    return [dict(c) for c in catalog() if c["name"] in _BASIC]


def _type_changing(card: Any) -> bool:
    """A land whose static ability changes land types (Urborg): domain's count would then
    depend on more than the lands' own types."""
    return any(a.get("kind") == "static" for a in card.get("abilities", []) or [])


def _domain_land(card: Any) -> bool:
    return (card.get("layout", "normal") == "normal" and "Land" in card.get("types", [])
            and not _type_changing(card))


def _domain_params(src: Source) -> dict[str, Any]:
    used: set[str] = set()
    lands = [pick(src, used, _domain_land, "land") if src.integer(0, 3)
             else dict(src.choice(_basics())) for _ in range(src.integer(0, 7))]
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
            types[player] |= set(land.get("subtypes", [])) & set(_BASIC)
    steps = []
    for player in ("alice", "bob"):
        steps.append(observe("basic_land_types", [t for t in _BASIC if t in types[player]],
                             player=player))
        steps.append(observe("domain", len(types[player]), player=player))
    return Draft(setup={"objects": objects}, cards=p["lands"], steps=steps)


def _tap_params(src: Source) -> dict[str, Any]:
    card = dict(src.choice([c for c in catalog() if mana_source(c)
                            and "Land" not in c.get("types", [])]))
    status = src.choice(("sick", "ready", "tapped"))
    return {"card": card, "tapped": status == "tapped", "sick": status == "sick"}


@family(name="tap-for-mana",
        title="Paying {T} needs an untapped permanent free of summoning sickness",
        area="mana", rulings=("TAP-01", "MANA-04"), rules=("107.5", "302.6", "605.3a", "106.4"),
        eras=("modern",), features=("mana-abilities",), params=_tap_params)
def _tap_for_mana(p: dict[str, Any], era: str) -> Draft:
    """{T} can't be paid by a tapped permanent; a summoning-sick creature (no haste) can't pay
    it, but an artifact can; paying it taps the permanent and the mana goes to the pool."""
    card = p["card"]
    produce = str(mana_source(card))
    haste = any(a.get("keyword") == "haste" for a in card.get("abilities", []) or [])
    status = {k: True for k in ("tapped", "sick") if p[k]}
    setup = {"objects": [{**obj("m", card["name"], "battlefield"), **status}]}
    step: dict[str, Any] = {"action": {"type": "activate", "player": "alice", "object": "m",
                                       "ability": 0}}
    sick = p["sick"] and "Creature" in card.get("types", []) and not haste
    if p["tapped"]:
        step["reject"] = "tapped"
    elif sick:
        step["reject"] = "summoning-sick"
    ok = "reject" not in step
    return Draft(setup=setup, cards=[card], steps=[
        step,
        observe("mana_pool", produce if ok else "", player="alice"),
        observe("tapped", True if ok else p["tapped"], object="m"),
    ])
