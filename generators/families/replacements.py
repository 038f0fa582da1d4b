"""Replacement and prevention effects (CR 614-616) and the total cost (601.2f), on real cards.

* ``counter-replacement-order``: Hardened Scales ("that many plus one"), Corpsejack Menace and
  Doubling Season ("twice that many") in any subset, applied in the order the creature's
  controller chooses (616.1), each once (614.5), to the counters Battlegrowth puts.
* ``total-cost-floor``: Blasphemous Act ({1} less per creature), Sphere of Resistance ({1}
  more) and Trinisphere (at least three mana while untapped): increases, then reductions, then
  the floor (601.2f).
* ``prevention-shield``: Mending Hands' "prevent the next 4 damage" against Shock or Lightning
  Bolt, used up by what it prevents (615.7), unless Leyline of Punishment makes the damage
  unpreventable, when the shield stays whole (615.12).
* ``damage-replacement-order``: a red spell's damage to a player, modified by any of Torbran
  ("plus 2"), Furnace of Rath ("double"), Urza's Armor ("prevent 1") and a Mending Hands shield
  ("prevent the next 4"), in the order the player dealt damage chooses (616.1, 616.1e); each
  applies once, and what is left after each decides whether the rest still apply (616.1f).
* ``total-cost-alternative``: Cyclonic Rift (overload) or Force of Will (pay life and exile a
  blue card), cast for its mana cost or its alternative cost, under Sphere of Resistance,
  Thalia, Goblin Electromancer and Trinisphere: the alternative cost replaces the mana cost,
  then increases, reductions (generic mana only) and the floor apply (118.9d, 118.7a, 601.2f).

Each oracle restates its rule in a few lines and never asks the reference engine.
"""

from __future__ import annotations

from typing import Any

from ..family import Draft, family, obj, observe
from ..source import Source

_DOUBLERS = {"scales": ("Hardened Scales", "plus"), "menace": ("Corpsejack Menace", "double"),
             "season": ("Doubling Season", "double")}


def _counter_params(src: Source) -> dict[str, Any]:
    chosen = [k for k in _DOUBLERS if src.boolean()]
    order: list[str] = []
    pool = list(chosen)
    while pool:
        order.append(pool.pop(src.integer(0, len(pool) - 1)))
    return {"order": order}


@family(name="counter-replacement-order",
        title="Counter replacements apply once each, in the order the controller chooses",
        area="objects", rulings=("REPL-M01", "REPL-M02"),
        rules=("614.1a", "614.5", "616.1", "616.1e", "616.1f"), eras=("modern",),
        features=("casting", "stack", "targets", "counters", "replacement"),
        params=_counter_params, dynamic=False)
def _counter_order(p: dict[str, Any], era: str) -> Draft:
    """One +1/+1 counter, then each chosen effect in turn: plus one, or twice that many."""
    objects = [obj(k, _DOUBLERS[k][0], "battlefield") for k in p["order"]]
    objects += [obj("bears", "Grizzly Bears", "battlefield"), obj("g", "Battlegrowth", "hand")]
    count = 1
    for key in p["order"]:
        count = count + 1 if _DOUBLERS[key][1] == "plus" else count * 2
    resolve: dict[str, Any] = {"type": "resolve"}
    if len(p["order"]) > 1:
        # Each card's replacement is its first (index 0) ability.
        resolve["choices"] = {"replacement_order": [f"replacement:{k}:0" for k in p["order"]]}
    return Draft(setup={"mana_pool": {"alice": "{G}"}, "objects": objects}, steps=[
        {"action": {"type": "cast", "player": "alice", "object": "g", "targets": ["bears"]}},
        {"action": resolve},
        observe("counters", {"+1/+1": count}, object="bears")])


def _cost_params(src: Source) -> dict[str, Any]:
    return {"creatures": src.integer(0, 10), "sphere": src.boolean(),
            "trinisphere": src.choice((None, "untapped", "tapped"))}


@family(name="total-cost-floor",
        title="Blasphemous Act costs: increases, reductions per creature, then a floor",
        area="casting", rulings=("COSTCALC-M01", "COST-01"),
        rules=("601.2f", "118.7a", "611.3a"), eras=("modern",),
        features=("casting", "cost-modifiers"), params=_cost_params, dynamic=False)
def _cost_floor(p: dict[str, Any], era: str) -> Draft:
    """{8}{R} plus {1} (Sphere) minus {1} per creature, never below {R}; an untapped
    Trinisphere then raises a total under three mana to three."""
    objects = [obj("act", "Blasphemous Act", "hand")]
    objects += [obj(f"c{i}", "Grizzly Bears", "battlefield", "bob") for i in range(p["creatures"])]
    if p["sphere"]:
        objects.append(obj("sphere", "Sphere of Resistance", "battlefield", "bob"))
    if p["trinisphere"]:
        objects.append(obj("tri", "Trinisphere", "battlefield", "bob",
                           **({"tapped": True} if p["trinisphere"] == "tapped" else {})))
    generic = max(8 + (1 if p["sphere"] else 0) - p["creatures"], 0)
    if p["trinisphere"] == "untapped" and generic + 1 < 3:
        generic = 2
    expect = ("{" + str(generic) + "}" if generic else "") + "{R}"
    return Draft(setup={"objects": objects}, steps=[
        observe("total_cost", expect, player="alice", object="act")])


def _shield_params(src: Source) -> dict[str, Any]:
    return {"spell": src.choice(("Shock", "Lightning Bolt")), "unpreventable": src.boolean(),
            "twice": src.boolean()}


@family(name="prevention-shield",
        title="A prevent-the-next-4 shield is used up as it prevents, unless unpreventable",
        area="combat", rulings=("CANT-M01",),
        rules=("615.7", "615.12", "615.12a"), eras=("modern",),
        features=("casting", "stack", "targets", "damage", "prevention"),
        params=_shield_params, dynamic=False)
def _shield(p: dict[str, Any], era: str) -> Draft:
    """Each hit: the shield prevents min(left, damage) and keeps the rest; under Leyline of
    Punishment it prevents nothing and keeps all 4."""
    damage = 2 if p["spell"] == "Shock" else 3
    objects = [obj("hands", "Mending Hands", "hand", "bob"),
               obj("s1", p["spell"], "hand"), obj("s2", p["spell"], "hand")]
    if p["unpreventable"]:
        objects.append(obj("leyline", "Leyline of Punishment", "battlefield"))
    steps: list[dict[str, Any]] = [
        {"action": {"type": "cast", "player": "bob", "object": "hands", "targets": ["bob"]}},
        {"action": {"type": "resolve"}}]
    left, life = 4, 20
    for handle in (("s1", "s2") if p["twice"] else ("s1",)):
        steps += [{"action": {"type": "cast", "player": "alice", "object": handle,
                              "targets": ["bob"]}},
                  {"action": {"type": "resolve"}}]
        prevented = 0 if p["unpreventable"] else min(left, damage)
        left -= prevented
        life -= damage - prevented
        steps += [observe("life", life, player="bob"),
                  observe("prevention_remaining", left, player="bob")]
    return Draft(setup={"mana_pool": {"alice": "{R}{R}", "bob": "{W}"}, "priority": "bob",
                        "objects": objects}, steps=steps)


#: The damage modifiers of ``damage-replacement-order``: (card, controller, kind, amount).
_MODIFIERS = {"torbran": ("Torbran, Thane of Red Fell", "alice", "add", 2),
              "furnace": ("Furnace of Rath", "bob", "double", 0),
              "armor": ("Urza's Armor", "bob", "prevent", 1)}


def _damage_order_params(src: Source) -> dict[str, Any]:
    chosen = [k for k in (*_MODIFIERS, "shield") if src.boolean()]
    order: list[str] = []
    while chosen:
        order.append(chosen.pop(src.integer(0, len(chosen) - 1)))
    return {"spell": src.choice(("Shock", "Lightning Bolt")), "order": order}


def _modifier_id(key: str) -> str:
    # A static replacement is named by its card's handle and ability index; a shield made by
    # a resolving effect by its creation number (the only shield here is the first).
    return "shield:1" if key == "shield" else f"replacement:{key}:0"


@family(name="damage-replacement-order",
        title="The player dealt damage orders its replacement and prevention effects",
        area="combat", rulings=("REPLACE-G01",),
        rules=("616.1", "616.1e", "616.1f", "615.1a", "615.7", "614.1a"), eras=("modern",),
        features=("casting", "stack", "targets", "damage", "prevention", "replacement"),
        params=_damage_order_params, dynamic=False)
def _damage_order(p: dict[str, Any], era: str) -> Draft:
    """Fold the effects over the damage in bob's order: +2, x2, -1, or the shield's next 4;
    once nothing is left to deal, no later effect applies (there is no damage event)."""
    objects = [obj(k, _MODIFIERS[k][0], "battlefield", _MODIFIERS[k][1])
               for k in p["order"] if k in _MODIFIERS]
    objects.append(obj("bolt", p["spell"], "hand"))
    steps: list[dict[str, Any]] = []
    if "shield" in p["order"]:
        objects.append(obj("hands", "Mending Hands", "hand", "bob"))
        steps += [{"action": {"type": "cast", "player": "bob", "object": "hands",
                              "targets": ["bob"]}},
                  {"action": {"type": "resolve"}}]
    amount, left = (2 if p["spell"] == "Shock" else 3), 4
    for key in p["order"]:
        if amount == 0:
            break
        if key == "shield":
            prevented = min(left, amount)
            left, amount = left - prevented, amount - prevented
            continue
        kind, n = _MODIFIERS[key][2], _MODIFIERS[key][3]
        amount = amount + n if kind == "add" else amount * 2 if kind == "double" \
            else max(amount - n, 0)
    resolve: dict[str, Any] = {"type": "resolve"}
    if len(p["order"]) > 1:
        resolve["choices"] = {"damage_order": [_modifier_id(k) for k in p["order"]]}
    steps += [{"action": {"type": "cast", "player": "alice", "object": "bolt",
                          "targets": ["bob"]}},
              {"action": resolve},
              observe("life", 20 - amount, player="bob")]
    if "shield" in p["order"]:
        steps.append(observe("prevention_remaining", left, player="bob"))
    setup: dict[str, Any] = {"mana_pool": {"alice": "{R}"}, "objects": objects}
    if "shield" in p["order"]:
        setup.update(mana_pool={"alice": "{R}", "bob": "{W}"}, priority="bob")
    return Draft(setup=setup, steps=steps)


#: The spells of ``total-cost-alternative``: (card, alternative name, mana cost as (generic,
#: colored), alternative cost's mana part as (generic, colored)).
_ALT_SPELLS = {"rift": ("Cyclonic Rift", "overload", (1, "{U}"), (6, "{U}")),
               "fow": ("Force of Will", "alternative cost", (3, "{U}{U}"), (0, ""))}


def _alt_cost_params(src: Source) -> dict[str, Any]:
    return {"spell": src.choice(tuple(_ALT_SPELLS)), "alternative": src.boolean(),
            "spheres": src.integer(0, 2), "thalia": src.boolean(),
            "electromancers": src.integer(0, 2),
            "trinisphere": src.choice((None, "untapped", "tapped"))}


@family(name="total-cost-alternative",
        title="An alternative cost takes the mana cost's place before increases and reductions",
        area="casting", rulings=("COST-01", "ALTCOST-M01", "OVER-04"),
        rules=("601.2f", "118.9", "118.9d", "118.7a"), eras=("modern",),
        features=("casting", "cost-modifiers"), params=_alt_cost_params, dynamic=False)
def _alt_cost(p: dict[str, Any], era: str) -> Draft:
    """Start from the mana cost or the alternative cost's mana; add {1} per Sphere and for
    Thalia (both spells are noncreature); take {1} of generic per Electromancer (instants),
    never below zero; an untapped Trinisphere raises a total under three mana to three."""
    name, alt, normal, alternative = _ALT_SPELLS[p["spell"]]
    generic, colored = alternative if p["alternative"] else normal
    generic = max(generic + p["spheres"] + (1 if p["thalia"] else 0) - p["electromancers"], 0)
    total = generic + colored.count("{")
    if p["trinisphere"] == "untapped" and total < 3:
        generic += 3 - total
    expect = ("{" + str(generic) + "}" if generic or not colored else "") + colored
    objects = [obj("spell", name, "hand"), obj("blue", "Unsummon", "hand")]
    objects += [obj(f"sphere{i}", "Sphere of Resistance", "battlefield", "bob")
                for i in range(p["spheres"])]
    objects += [obj(f"el{i}", "Goblin Electromancer", "battlefield")
                for i in range(p["electromancers"])]
    if p["thalia"]:
        objects.append(obj("thalia", "Thalia, Guardian of Thraben", "battlefield", "bob"))
    if p["trinisphere"]:
        objects.append(obj("tri", "Trinisphere", "battlefield", "bob",
                           **({"tapped": True} if p["trinisphere"] == "tapped" else {})))
    query: dict[str, Any] = {"player": "alice", "object": "spell"}
    if p["alternative"]:
        query["alternative"] = alt
    return Draft(setup={"objects": objects}, steps=[observe("total_cost", expect, **query)])
