"""Families over combat-area rulings: the Invasion Djinns' size depends on the most common color
among permanents; which creatures may attack (CR 508.1a)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..family import Draft, family, obj, observe
from ..rules import WUBRG, colors_of_cost
from ..source import Source
from ..strategies import build_normal_card

_LETTER = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def _djinn_params(src: Source) -> dict[str, Any]:
    used: set[str] = {"Test Djinn"}
    others = [build_normal_card(src, used, card_types=("Creature", "Enchantment", "Artifact"))
              for _ in range(src.integer(0, 6))]
    return {"color": src.choice(WUBRG), "generic": src.integer(1, 5), "others": others,
            "power": src.integer(3, 7), "toughness": src.integer(3, 7)}


@family(name="djinn-most-common-color",
        title="A Djinn gets -2/-2 while its color is the most common among permanents",
        area="combat", rulings=("DJINN-01", "DJINN-02", "DJINN-03"),
        rules=("611.3a", "613.4c", "105.2b"), eras=("invasion-2000", "modern"),
        features=("characteristics", "custom-cards", "layers"), params=_djinn_params)
def _djinn(p: dict[str, Any], era: str) -> Draft:
    """Count every permanent once under each of its colors (the Djinn too); the Djinn shrinks
    while its color's count is the highest or tied for highest."""
    color = p["color"]
    djinn = {
        "name": "Test Djinn", "layout": "normal",
        "mana_cost": f"{{{p['generic']}}}{{{_LETTER[color]}}}",
        "types": ["Creature"], "subtypes": ["Djinn"],
        "power": p["power"], "toughness": p["toughness"],
        "oracle_text": f"This creature gets -2/-2 as long as {color} is the most common color "
                       "among all permanents or is tied for most common.",
        "abilities": [{"kind": "static", "affected": "self",
                       "effect": {"type": "modify_pt", "power": -2, "toughness": -2},
                       "condition": {"most_common_color": color}}],
    }
    counts = Counter({c: 0 for c in WUBRG})
    counts[color] += 1
    for card in p["others"]:
        counts.update(colors_of_cost(card["mana_cost"]))
    shrinks = counts[color] == max(counts.values())
    objects = [obj("djinn", djinn["name"], "battlefield")]
    objects += [obj(f"p{i}", c["name"], "battlefield", "bob" if i % 2 else "alice")
                for i, c in enumerate(p["others"])]
    delta = -2 if shrinks else 0
    return Draft(setup={"objects": objects}, cards=[djinn, *p["others"]], steps=[
        observe("power", p["power"] + delta, object="djinn"),
        observe("toughness", p["toughness"] + delta, object="djinn"),
    ])


def _attack_params(src: Source) -> dict[str, Any]:
    used: set[str] = set()
    creatures = []
    for _ in range(src.integer(1, 4)):
        card = build_normal_card(src, used, card_types=("Creature",))
        keywords = [k for k in ("haste", "vigilance") if src.integer(0, 2) == 0]
        if keywords:
            card["abilities"] = [{"kind": "keyword", "keyword": k} for k in keywords]
        creatures.append({"card": card, "tapped": src.integer(0, 2) == 0,
                          "sick": src.integer(0, 3) == 0, "keywords": keywords})
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


def _protection_params(src: Source) -> dict[str, Any]:
    used: set[str] = set()
    attacker = build_normal_card(src, used, card_types=("Creature",))
    blockers = [build_normal_card(src, used, card_types=("Creature",))
                for _ in range(src.integer(1, 3))]
    return {"attacker": attacker, "blockers": blockers, "color": src.choice(WUBRG),
            "block": src.integer(0, len(blockers) - 1)}


@family(name="protection-from-color-blocks",
        title="A creature with protection from a color can't be blocked by that color",
        area="combat", rulings=("PROT-01",), rules=("702.16a", "702.16f", "509.1b"),
        eras=("modern",), features=("combat", "protection"), params=_protection_params)
def _protection(p: dict[str, Any], era: str) -> Draft:
    """Protection from a color: no creature having that color (multicolored ones too) can
    block it; creatures without that color can."""
    attacker, color = dict(p["attacker"]), p["color"]
    attacker["abilities"] = [{"kind": "keyword", "keyword": "protection",
                              "from": {"color": color}}]
    attacker["oracle_text"] = f"Protection from {color}"
    objects = [obj("a", attacker["name"], "battlefield")]
    objects += [obj(f"b{i}", b["name"], "battlefield", "bob")
                for i, b in enumerate(p["blockers"])]
    can = [color not in colors_of_cost(b["mana_cost"]) for b in p["blockers"]]
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
