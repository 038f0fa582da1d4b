"""Families over combat-area rulings: the Invasion Djinns' size depends on the most common color
among permanents; which creatures may attack (CR 508.1a); protection from a color and blocks.

All of them draw real catalog cards (:mod:`generators.catalog`): the five Djinns, creatures
whose only abilities are keywords, and the creatures that have protection from a color."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..catalog import catalog, pick_creature, pick_normal
from ..family import Draft, family, obj, observe
from ..rules import WUBRG, colors_of_cost
from ..source import Source

_LETTER = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


#: The Invasion Djinns ("... gets -2/-2 as long as <color> is the most common color among all
#: permanents or is tied for most common."), by color.
_DJINNS = {"white": "Ruham Djinn", "blue": "Zanam Djinn", "black": "Goham Djinn",
           "red": "Halam Djinn", "green": "Sulam Djinn"}


def _djinn_params(src: Source) -> dict[str, Any]:
    color = src.choice(WUBRG)
    djinn = dict(next(c for c in catalog() if c["name"] == _DJINNS[color]))
    used: set[str] = set(_DJINNS.values())
    others = [pick_normal(src, used, card_types=("Creature", "Enchantment", "Artifact"))
              for _ in range(src.integer(0, 6))]
    return {"color": color, "djinn": djinn, "others": others}


@family(name="djinn-most-common-color",
        title="A Djinn gets -2/-2 while its color is the most common among permanents",
        area="combat", rulings=("DJINN-01", "DJINN-02", "DJINN-03"),
        rules=("611.3a", "613.4c", "105.2b"), eras=("invasion-2000", "modern"),
        features=("characteristics", "layers"), params=_djinn_params)
def _djinn(p: dict[str, Any], era: str) -> Draft:
    """Count every permanent once under each of its colors (the Djinn too); the Djinn shrinks
    while its color's count is the highest or tied for highest."""
    color, djinn = p["color"], p["djinn"]
    counts = Counter({c: 0 for c in WUBRG})
    counts.update(colors_of_cost(djinn["mana_cost"]))
    for card in p["others"]:
        counts.update(colors_of_cost(card["mana_cost"]))
    shrinks = counts[color] == max(counts.values())
    objects = [obj("djinn", djinn["name"], "battlefield")]
    objects += [obj(f"p{i}", c["name"], "battlefield", "bob" if i % 2 else "alice")
                for i, c in enumerate(p["others"])]
    delta = -2 if shrinks else 0
    return Draft(setup={"objects": objects}, cards=[djinn, *p["others"]], steps=[
        observe("power", djinn["power"] + delta, object="djinn"),
        observe("toughness", djinn["toughness"] + delta, object="djinn"),
    ])


def _keywords(card: dict[str, Any]) -> list[str]:
    return [str(a["keyword"]) for a in card.get("abilities", []) or []
            if a.get("kind") == "keyword"]


def _attack_params(src: Source) -> dict[str, Any]:
    used: set[str] = set()
    creatures = []
    for _ in range(src.integer(1, 4)):
        card = pick_creature(src, used)
        status = src.choice(("ready", "ready", "tapped", "sick"))  # one reason at a time
        creatures.append({"card": card, "tapped": status == "tapped", "sick": status == "sick",
                          "keywords": _keywords(card)})
    chosen = [i for i in range(len(creatures)) if src.boolean()] or [0]
    return {"creatures": creatures, "attack": chosen}


@family(name="attack-legality",
        title="Only untapped creatures controlled since the turn began or with haste attack",
        area="combat", rulings=("ATTACK-01",), rules=("508.1a", "508.1f", "302.6", "702.20b"),
        eras=("modern",), features=("combat",), params=_attack_params)
def _attack(p: dict[str, Any], era: str) -> Draft:
    """A declaration is legal only if every attacker is untapped and not summoning sick (or
    has haste); attacking taps each attacker without vigilance; an illegal one changes nothing."""
    creatures = p["creatures"]
    objects = []
    for i, c in enumerate(creatures):
        status = {k: True for k in ("tapped", "sick") if c[k]}
        objects.append({**obj(f"c{i}", c["card"]["name"], "battlefield"), **status})
    handles = [f"c{i}" for i in p["attack"]]
    legal = all(not creatures[i]["tapped"] and (not creatures[i]["sick"]
                                                or "haste" in creatures[i]["keywords"])
                for i in p["attack"])
    step: dict[str, Any] = {"action": {"type": "declare_attackers", "player": "alice",
                                       "attackers": handles}}
    if not legal:
        step["reject"] = "cannot-attack"
    steps = [step, observe("attackers", handles if legal else [], unordered=True)]
    for i, c in enumerate(creatures):
        taps = legal and i in p["attack"] and "vigilance" not in c["keywords"]
        steps.append(observe("tapped", c["tapped"] or taps, object=f"c{i}"))
    return Draft(setup={"objects": objects}, cards=[c["card"] for c in creatures], steps=steps)


def _protection_from(card: dict[str, Any] | Any) -> list[str]:
    return [str(a["from"]["color"]) for a in card.get("abilities", []) or []
            if a.get("keyword") == "protection" and "color" in (a.get("from") or {})]


#: Keywords that leave who may block a creature to its protection alone (no flying, shadow,
#: menace or landwalk: CR 509.1b).
_BLOCK_NEUTRAL = frozenset({"protection", "first strike", "double strike", "vigilance",
                            "trample", "lifelink", "deathtouch", "haste", "reach"})


def _protected_attacker(card: Any) -> bool:
    abilities = card.get("abilities", []) or []
    return bool(_protection_from(card)) and all(
        a.get("kind") == "keyword" and a.get("keyword") in _BLOCK_NEUTRAL for a in abilities)


def _protection_params(src: Source) -> dict[str, Any]:
    used: set[str] = set()
    attacker = pick_normal(src, used, card_types=("Creature",), where=_protected_attacker)
    blockers = [pick_creature(src, used) for _ in range(src.integer(1, 3))]
    return {"attacker": attacker, "blockers": blockers,
            "block": src.integer(0, len(blockers) - 1)}


@family(name="protection-from-color-blocks",
        title="A creature with protection from a color can't be blocked by that color",
        area="combat", rulings=("PROT-01",), rules=("702.16a", "702.16f", "509.1b"),
        eras=("modern",), features=("combat", "protection"), params=_protection_params)
def _protection(p: dict[str, Any], era: str) -> Draft:
    """Protection from a color: no creature having that color (multicolored ones too) can
    block it; creatures without that color can."""
    attacker = p["attacker"]
    colors = _protection_from(attacker)
    objects = [obj("a", attacker["name"], "battlefield")]
    objects += [obj(f"b{i}", b["name"], "battlefield", "bob")
                for i, b in enumerate(p["blockers"])]
    can = [not set(colors) & set(colors_of_cost(b["mana_cost"])) for b in p["blockers"]]
    steps: list[dict[str, Any]] = [
        {"action": {"type": "declare_attackers", "player": "alice", "attackers": ["a"]}}]
    steps += [observe("can_block", ok, object=f"b{i}", attacker="a") for i, ok in enumerate(can)]
    block: dict[str, Any] = {"action": {"type": "declare_blockers", "player": "bob",
                                        "blockers": {f"b{p['block']}": "a"}}}
    if not can[p["block"]]:
        block["reject"] = "cannot-block"
    steps += [block, observe("blockers", [f"b{p['block']}"] if can[p["block"]] else [],
                             object="a")]
    return Draft(setup={"objects": objects}, cards=[attacker, *p["blockers"]], steps=steps)
