"""Families over the costs to attack and to block (CR 508.1h-j, 509.1d-f): any number of
attackers or blockers, of abilities asking a cost, and of lands to pay with.

The oracle restates the rule: the total cost is the per-creature cost times the creatures the
abilities cover times the number of such abilities; the declaration stands only if the mana the
named lands make covers it all (no partial payment), and what is left stays in the pool."""

from __future__ import annotations

from typing import Any

from ..catalog import catalog
from ..family import Draft, family, obj, observe
from ..source import Source

#: Real enchantments asking {2} for each creature attacking their controller.
_PRISONS = ("Ghostly Prison", "Propaganda")


def _card(name: str) -> dict[str, Any]:
    return dict(next(c for c in catalog() if c["name"] == name))


def _attack_params(src: Source) -> dict[str, Any]:
    return {"prisons": src.integer(1, 2), "creatures": src.integer(1, 4),
            "attackers": src.integer(1, 4), "lands": src.integer(0, 9),
            "tapped_lands": src.integer(0, 2)}


@family(name="attack-cost-total",
        title="Attacking through Ghostly Prisons costs {2} per attacker per Prison, in full",
        area="combat", rulings=("CRATTACKCOST-M01",), rules=("508.1h", "508.1i", "508.1j"),
        eras=("modern",), features=("combat", "combat-costs", "mana-abilities", "lands"),
        params=_attack_params, dynamic=False)
def _attack_cost(p: dict[str, Any], era: str) -> Draft:
    """The total is 2 x attackers x Prisons; only the untapped Plains named make mana; the
    declaration stands if that mana covers the total, and the rest floats in the pool."""
    creatures = p["creatures"]
    attackers = min(p["attackers"], creatures)
    prisons = [_PRISONS[i % 2] for i in range(p["prisons"])]
    lands = p["lands"]
    tapped = min(p["tapped_lands"], lands)
    objects = [obj(f"prison{i}", name, "battlefield", "bob") for i, name in enumerate(prisons)]
    objects += [obj(f"c{i}", "Grizzly Bears", "battlefield") for i in range(creatures)]
    objects += [{**obj(f"l{i}", "Plains", "battlefield"), **({"tapped": True} if i < tapped
                                                              else {})}
                for i in range(lands)]
    handles = [f"c{i}" for i in range(attackers)]
    untapped = [f"l{i}" for i in range(tapped, lands)]
    total = 2 * attackers * len(prisons)
    made = len(untapped)
    legal = made >= total
    step: dict[str, Any] = {"action": {"type": "declare_attackers", "player": "alice",
                                       "attackers": handles, "mana": untapped}}
    if not legal:
        step["reject"] = "cannot-pay"
    steps = [step, observe("attackers", handles if legal else [], unordered=True)]
    if legal:
        steps.append(observe("mana_pool", "{W}" * (made - total), player="alice"))
        steps += [observe("tapped", True, object=h) for h in untapped[:1]]
    else:
        steps += [observe("tapped", False, object=h) for h in untapped[:1]]
    cards = [_card(n) for n in sorted(set(prisons))] + [_card("Grizzly Bears"), _card("Plains")]
    return Draft(setup={"step": "beginning-of-combat", "objects": objects}, cards=cards,
                 steps=steps)


#: A test card: the block-cost counterpart of Ghostly Prison, asking ``cost`` per blocker.
def _toll(cost: int) -> dict[str, Any]:
    return {"name": f"Test Toll of {cost}", "mana_cost": "{1}{R}", "types": ["Enchantment"],
            "oracle_text": f"Creatures can't block unless their controller pays {{{cost}}} for "
                           "each blocking creature they control.",
            "abilities": [{"kind": "static", "rule": "block_cost", "mana": f"{{{cost}}}"}]}


def _block_params(src: Source) -> dict[str, Any]:
    return {"cost": src.integer(1, 2), "tolls": src.integer(1, 2),
            "blockers": src.integer(1, 3), "lands": src.integer(0, 7)}


@family(name="block-cost-total",
        title="A cost to block is paid once per blocker per ability, in full",
        area="combat", rulings=("CRBLOCKCOST-M01",), rules=("509.1d", "509.1e", "509.1f"),
        eras=("modern",), features=("combat", "combat-costs", "mana-abilities", "lands"),
        params=_block_params, dynamic=False)
def _block_cost(p: dict[str, Any], era: str) -> Draft:
    """Each Wall blocks its own Giant; the total is cost x blockers x tolls; the Forests named
    pay it in full or the block is refused, leaving the Forests untapped. The toll is a synthetic
    card: the real cards asking a cost per blocker (War Cadence) set it with an activated {X}
    ability for the turn, while this family varies a standing cost directly."""
    toll = _toll(p["cost"])
    n = p["blockers"]
    objects = [obj(f"toll{i}", toll["name"], "battlefield") for i in range(p["tolls"])]
    objects += [obj(f"g{i}", "Hill Giant", "battlefield") for i in range(n)]
    objects += [obj(f"w{i}", "Wall of Stone", "battlefield", "bob") for i in range(n)]
    forests = [f"f{i}" for i in range(p["lands"])]
    objects += [obj(h, "Forest", "battlefield", "bob") for h in forests]
    total = p["cost"] * n * p["tolls"]
    legal = len(forests) >= total
    block: dict[str, Any] = {"action": {"type": "declare_blockers", "player": "bob",
                                        "blockers": {f"w{i}": f"g{i}" for i in range(n)},
                                        "mana": forests}}
    if not legal:
        block["reject"] = "cannot-pay"
    steps: list[dict[str, Any]] = [
        {"action": {"type": "declare_attackers", "player": "alice",
                    "attackers": [f"g{i}" for i in range(n)]}},
        block,
        observe("blocking", "g0" if legal else None, object="w0"),
    ]
    if legal:
        steps.append(observe("mana_pool", "{G}" * (len(forests) - total), player="bob"))
    elif forests:
        steps.append(observe("tapped", False, object=forests[0]))
    cards = [toll, _card("Hill Giant"), _card("Wall of Stone"), _card("Forest")]
    return Draft(setup={"step": "beginning-of-combat", "objects": objects}, cards=cards,
                 steps=steps)
