"""Families over casting-area rulings: kicker is outside the mana cost but inside the total
cost; a split card is cast as one half; targets are rechecked; Leeches tax spells.

The cards are real catalog cards (:mod:`generators.catalog`): kicker cards, split cards, the five
Leeches and the spells they tax, Tandem Tactics for target-recheck. Only a third of
target-recheck's cases cast a synthetic spell (see its builder)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..catalog import catalog, kicker_cost, pick, pick_creature, pick_normal, spell_targets
from ..family import Draft, family, obj, observe
from ..rules import colors_of_cost, mana_value_of_cost, symbols
from ..source import Source

_ZONES = ("library", "hand", "graveyard", "exile", "battlefield")
#: A mana cost of generic, colored and colorless symbols only (no X, hybrid or Phyrexian).
_MANA_ONLY = re.compile(r"(\{([0-9]+|[WUBRGC])\})+")


def _has_kicker(card: Mapping[str, Any]) -> bool:
    return kicker_cost(card) is not None


def _kicker_params(src: Source) -> dict[str, Any]:
    card = pick(src, set(), _has_kicker, "card with kicker")
    return {"card": card, "zone": src.choice(_ZONES)}


@family(name="kicker-outside-mana-cost",
        title="A kicker cost adds neither mana value nor color to a card",
        area="casting", rulings=("KICK-07", "MULTI-08"),
        rules=("118.8d", "202.3", "202.4", "702.33a"), eras=("invasion-2000", "modern"),
        features=("characteristics",), params=_kicker_params)
def _kicker(p: dict[str, Any], era: str) -> Draft:
    """Mana value and color come from the mana cost only; kicker is an additional cost."""
    card, zone = p["card"], p["zone"]
    if zone == "battlefield" and card["types"][0] != "Creature":
        zone = "graveyard"
    return Draft(setup={"objects": [obj("k", card["name"], zone)]}, cards=[card], steps=[
        observe("mana_value", mana_value_of_cost(card["mana_cost"]), object="k"),
        observe("colors", colors_of_cost(card["mana_cost"]), object="k"),
        observe("mana_cost", card["mana_cost"], object="k"),
    ])


_POOL_ORDER = ("W", "U", "B", "R", "G", "C")


def _pool_for(src: Source, cost: str) -> list[str]:
    """Mana (one letter each) that pays ``cost`` exactly: each colored or {C} symbol with its
    own mana, generic mana with mana of any type."""
    pool: list[str] = []
    for sym in symbols(cost):
        if sym.isdigit():
            pool += [src.choice(_POOL_ORDER) for _ in range(int(sym))]
        else:
            pool.append(sym)
    return pool


def _pool_text(pool: list[str]) -> str:
    return "".join("{%s}" % m for m in sorted(pool, key=_POOL_ORDER.index))  # noqa: UP031


def _kickable(card: dict[str, Any] | Any) -> bool:
    """A kicker card cast without choices: a creature or sorcery with no targets and no X."""
    kicker = kicker_cost(card)
    return (kicker is not None and _MANA_ONLY.fullmatch(kicker) is not None
            and _MANA_ONLY.fullmatch(str(card.get("mana_cost", ""))) is not None
            and card.get("types", [""])[0] in ("Creature", "Sorcery")
            and not spell_targets(card)
            and not any(a.get("targets") for a in card.get("abilities", []) or []))


def _kicked_cast_params(src: Source) -> dict[str, Any]:
    card = pick(src, set(), _kickable, "kicker creature or sorcery without targets")
    kicker = str(kicker_cost(card))
    kicked = src.boolean()
    pool = _pool_for(src, card["mana_cost"]) + (_pool_for(src, kicker) if kicked else [])
    short = bool(pool) and src.integer(0, 3) == 0
    if short:
        pool.pop(src.integer(0, len(pool) - 1))
    return {"card": card, "kicked": kicked, "pool": pool, "short": short}


@family(name="kicker-total-cost",
        title="A kicked spell costs its mana cost plus kicker, and keeps its mana value",
        area="casting", rulings=("COST-01", "KICK-01", "KICK-07"),
        rules=("601.2f", "601.2h", "118.8", "702.33a", "202.3"), eras=("invasion-2000", "modern"),
        features=("casting", "kicker", "stack"), params=_kicked_cast_params)
def _kicked_cast(p: dict[str, Any], era: str) -> Draft:
    """The total cost is the mana cost plus the kicker if it is paid; a pool one mana short
    can't pay it; on the stack and after, the mana value is still the mana cost's."""
    card = p["card"]
    mv = mana_value_of_cost(card["mana_cost"])
    pool = _pool_text(p["pool"])
    setup = {"objects": [obj("k", card["name"], "hand")], "mana_pool": {"alice": pool}}
    cast: dict[str, Any] = {"action": {"type": "cast", "player": "alice", "object": "k",
                                       "kicked": p["kicked"]}}
    if p["short"]:
        cast["reject"] = "cannot-pay"
        return Draft(setup=setup, cards=[card], steps=[
            cast, observe("zone", "hand", object="k"),
            observe("mana_pool", pool, player="alice", note="a failed cast pays nothing"),
        ])
    final = "battlefield" if card["types"][0] == "Creature" else "graveyard"
    return Draft(setup=setup, cards=[card], steps=[
        cast,
        observe("stack", [card["name"]]),
        observe("mana_value", mv, object="k"),
        observe("mana_pool", "", player="alice"),
        {"action": {"type": "resolve"}},
        observe("zone", final, object="k"),
        observe("mana_value", mv, object="k"),
    ])


def _castable_halves() -> list[tuple[str, int]]:
    """(split card, half) pairs cast without choices: no targets, no X (CR 709.3)."""
    return [(str(c["name"]), i) for c in catalog() if c.get("layout") == "split"
            for i, face in enumerate(c["faces"])
            if not spell_targets(face) and "X" not in str(face.get("mana_cost", ""))]


def _split_cast_params(src: Source) -> dict[str, Any]:
    name, half = src.choice(_castable_halves())
    card = dict(next(c for c in catalog() if c["name"] == name))
    return {"card": card, "half": half,
            "pool": _pool_for(src, card["faces"][half]["mana_cost"])}


@family(name="split-cast-one-half",
        title="Casting a split card casts one half, which alone is on the stack",
        area="casting", rulings=("SPLIT-01", "SPLIT-M06", "SPLIT-M03"),
        rules=("709.3", "709.3a", "709.3b"), eras=("invasion-2000", "modern"),
        features=("casting", "split-cards", "stack"), params=_split_cast_params)
def _split_cast(p: dict[str, Any], era: str) -> Draft:
    """Only the chosen half's cost is paid, and on the stack the spell has only that half's
    name, mana value and colors."""
    card = p["card"]
    half = card["faces"][p["half"]]
    setup = {"objects": [obj("s", card["name"], "hand")],
             "mana_pool": {"alice": _pool_text(p["pool"])}}
    return Draft(setup=setup, cards=[card], steps=[
        {"action": {"type": "cast", "player": "alice", "object": "s", "half": half["name"]}},
        observe("stack", [half["name"]]),
        observe("name", half["name"], object="s"),
        observe("mana_value", mana_value_of_cost(half["mana_cost"]), object="s"),
        observe("colors", colors_of_cost(half["mana_cost"]), object="s"),
        observe("mana_pool", "", player="alice"),
    ])


#: The catalog's spell for target-recheck: one or two creature targets ("up to two") and a
#: rider, the life gain, that shows whether the spell resolved at all (CR 608.2b).
_RECHECK_SPELL = "Tandem Tactics"


def _recheck_params(src: Source) -> dict[str, Any]:
    used: set[str] = {"Test Bolt", _RECHECK_SPELL}
    creatures = [pick_creature(src, used) for _ in range(src.integer(1, 2))]
    return {"amount": src.integer(1, 5), "creatures": creatures,
            "gone": [src.integer(0, 2) == 0 for _ in creatures], "gain": src.integer(1, 3),
            "real": src.integer(0, 2) != 0}


def _recheck_bolt(n: int, slots: list[str], gain: int) -> dict[str, Any]:
    """The synthetic damage spell, in Oracle wording."""
    return {
        "name": "Test Bolt", "layout": "normal", "mana_cost": "{R}", "types": ["Instant"],
        "oracle_text": (f"Test Bolt deals {n} damage to target creature. "
                        if len(slots) == 1 else
                        f"Test Bolt deals {n} damage to each of two target creatures. ")
                       + f"You gain {gain} life.",
        "abilities": [{"kind": "spell",
                       "targets": [{"name": s, "kind": "creature"} for s in slots],
                       "effects": [*({"type": "damage", "target": s, "amount": n}
                                     for s in slots),
                                   {"type": "gain_life", "amount": gain}]}],
    }


@family(name="target-recheck",
        title="A spell whose targets are all illegal doesn't resolve; legal ones are affected",
        area="casting", rulings=("TARGET-01", "RECHECK-G01"), rules=("608.2b", "115.1", "704.5g"),
        eras=("invasion-2000", "modern"), features=("stack", "targets"), params=_recheck_params)
def _target_recheck(p: dict[str, Any], era: str) -> Draft:
    """On resolution each target is rechecked: with none legal the spell does nothing (no life
    is gained); otherwise it affects the legal ones only.

    Two thirds of the cases cast the catalog's Tandem Tactics ("Up to two target creatures each
    get +1/+2 until end of turn. You gain 2 life."): a real card, so engines with their own card
    databases can run them. The rest cast a synthetic damage spell (in Oracle wording, so
    engines that read Oracle text still play it), because the ruling's damage half, a legal
    target dealt lethal damage dying while an illegal one is untouched (704.5g), needs a damage
    spell with one or two creature targets and a rider showing that it resolved, and the
    catalog has none (Fire // Ice's Fire has no rider, Electrodominance one target of any
    kind)."""
    n, creatures, gone = p["amount"], p["creatures"], p["gone"]
    real = bool(p.get("real"))
    slots = [f"t{i}" for i in range(len(creatures))]
    if real:
        spell = dict(next(c for c in catalog() if c["name"] == _RECHECK_SPELL))
        gain = 2
    else:
        gain = int(p["gain"])
        spell = _recheck_bolt(n, slots, gain)
    objects = [obj(f"c{i}", c["name"], "graveyard" if gone[i] else "battlefield", "bob")
               for i, c in enumerate(creatures)]
    objects.append(obj("bolt", spell["name"], "stack", targets=[f"c{i}"
                                                                for i in range(len(slots))]))
    resolves = not all(gone)
    steps = [{"action": {"type": "resolve"}},
             observe("zone", "graveyard", object="bolt"),
             observe("life", 20 + (gain if resolves else 0), player="alice")]
    for i, c in enumerate(creatures):
        if real:  # +1/+2 until end of turn on each legal target; a card in a graveyard keeps
            # its printed values (613.1, 400.7)
            steps.append(observe("zone", "graveyard" if gone[i] else "battlefield",
                                 object=f"c{i}"))
            steps.append(observe("power", c["power"] + (0 if gone[i] else 1), object=f"c{i}"))
            steps.append(observe("toughness", c["toughness"] + (0 if gone[i] else 2),
                                 object=f"c{i}"))
            continue
        dies = not gone[i] and n >= c["toughness"]
        steps.append(observe("zone", "battlefield" if not gone[i] and not dies else "graveyard",
                             object=f"c{i}"))
        steps.append(observe("damage", n if not gone[i] and not dies else 0, object=f"c{i}"))
    return Draft(setup={"objects": objects}, cards=[*creatures, spell], steps=steps)


_COLOR_LETTER = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
#: The catalog's Leeches ("<Color> spells you cast cost {C} more to cast."), by color.
_LEECHES = {"white": "Alabaster Leech", "blue": "Sapphire Leech", "black": "Andradite Leech",
            "red": "Ruby Leech", "green": "Jade Leech"}


def _plain_spell(card: dict[str, Any] | Any) -> bool:
    """Cast with no choices (no targets, no modes to choose, 700.2) and no cost of its own
    beyond its mana cost; not a legendary sorcery, which needs a legend to be cast (205.4e)."""
    cost = str(card.get("mana_cost", ""))
    if "Legendary" in (card.get("supertypes") or []) and "Sorcery" in (card.get("types") or []):
        return False
    return (bool(cost) and "X" not in cost and "/" not in cost and not spell_targets(card)
            and not any(a.get("kind") in ("cost", "additional_cost") or a.get("modes")
                        for a in card.get("abilities", []) or []))


def _leech_params(src: Source) -> dict[str, Any]:
    card = pick_normal(src, {*_LEECHES.values()}, card_types=("Creature", "Sorcery"),
                       where=_plain_spell)
    leeches = [(src.choice(tuple(_COLOR_LETTER)), src.choice(("alice", "alice", "bob")))
               for _ in range(src.integer(0, 3))]
    mine = [_COLOR_LETTER[c] for c, who in leeches
            if who == "alice" and c in colors_of_cost(card["mana_cost"])]
    tax = "".join(f"{{{m}}}" for m in mine)
    pool = _pool_for(src, card["mana_cost"] + tax)
    short = bool(pool) and src.integer(0, 3) == 0
    if short:
        pool.pop(src.integer(0, len(pool) - 1))
    return {"card": card, "leeches": leeches, "pool": pool, "short": short}


@family(name="leech-tax",
        title="A Leech taxes its controller's spells of its color but not their mana value",
        area="casting", rulings=("LEECH-01", "LEECH-02"), rules=("601.2f", "202.3", "113.6"),
        eras=("invasion-2000", "modern"), features=("casting", "cost-modifiers", "stack"),
        params=_leech_params)
def _leech_tax(p: dict[str, Any], era: str) -> Draft:
    """Each Leech its caster controls whose color the spell has adds one mana of that color to
    the total cost (another player's Leech doesn't); the mana value stays the mana cost's."""
    card = p["card"]
    cards: list[dict[str, Any]] = [card]
    objects = [obj("spell", card["name"], "hand")]
    for i, (color, who) in enumerate(p["leeches"]):
        objects.append(obj(f"leech{i}", _LEECHES[color], "battlefield", who))
    pool = _pool_text(p["pool"])
    setup = {"objects": objects, "mana_pool": {"alice": pool}}
    cast: dict[str, Any] = {"action": {"type": "cast", "player": "alice", "object": "spell"}}
    if p["short"]:
        cast["reject"] = "cannot-pay"
        return Draft(setup=setup, cards=cards, steps=[cast,
                                                      observe("zone", "hand", object="spell")])
    return Draft(setup=setup, cards=cards, steps=[
        cast,
        observe("mana_pool", "", player="alice"),
        observe("mana_value", mana_value_of_cost(card["mana_cost"]), object="spell"),
        observe("mana_cost", card["mana_cost"], object="spell"),
    ])
