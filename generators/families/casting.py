"""Families over casting-area rulings: kicker is outside the mana cost but inside the total
cost; a split card is cast as one half."""

from __future__ import annotations

from typing import Any

from ..family import Draft, family, obj, observe
from ..rules import colors_of_cost, mana_value_of_cost, symbols
from ..source import Source
from ..strategies import build_mana_cost, build_normal_card, build_split_card

_ZONES = ("library", "hand", "graveyard", "exile", "battlefield")


def _kicker_params(src: Source) -> dict[str, Any]:
    card = build_normal_card(src, set(), card_types=("Creature", "Instant", "Sorcery"))
    kicker = build_mana_cost(src, max_generic=4, max_colored=2, hybrid=False,
                             allow_empty=False)
    card["oracle_text"] = (f"Kicker {kicker} (You may pay an additional {kicker} as you cast "
                           "this spell.)")
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


def _kicked_cast_params(src: Source) -> dict[str, Any]:
    card = build_normal_card(src, set(), card_types=("Creature", "Sorcery"))
    card["mana_cost"] = build_mana_cost(src, max_generic=4, max_colored=3, hybrid=False)
    kicker = build_mana_cost(src, max_generic=3, max_colored=2, hybrid=False, allow_empty=False)
    card["abilities"] = [{"kind": "keyword", "keyword": "kicker", "cost": kicker}]
    card["oracle_text"] = f"Kicker {kicker}"
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


def _split_cast_params(src: Source) -> dict[str, Any]:
    card = build_split_card(src, set())
    for face in card["faces"]:
        face["mana_cost"] = build_mana_cost(src, max_generic=3, max_colored=2, hybrid=False)
    half = src.integer(0, 1)
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
