"""Paying a spell's total cost with Phyrexian mana symbols (CR 107.4f, 119.4, 601.2g-h).

A Phyrexian mana symbol (``{W/P}``, ``{G/U/P}``) can be paid with one mana of one of its colors
or with 2 life (107.4f). How many of the spell's Phyrexian symbols its caster pays with life is
the choice ``phyrexian_life`` (a number; the cast action's ``choices``). Without an answer the
caster pays as little life as the pool allows: mana where it can, life for the rest. Life can
be paid only up to the caster's life total (119.4: a player with 1 life can't pay 2 life);
paying life is a life loss (119.4, 119.3). Activated abilities' mana costs are paid the same
way (602.2b, :mod:`reference_engine.casting.activated`).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from reference_engine.core.choices import choose
from reference_engine.core.symbols import ManaCost, ManaSymbol, parse_mana_cost
from reference_engine.mana.pool import SpendCheck, find_payment, spends_as_any_color

if TYPE_CHECKING:
    from reference_engine.core.state import GameState

__all__ = ["LIFE_PER_SYMBOL", "pay_with_phyrexian", "plan_payment"]

#: The life that pays one Phyrexian mana symbol (CR 107.4f).
LIFE_PER_SYMBOL = 2


def _payment(pool: list[dict[str, Any]], cost: ManaCost, life_paid: tuple[int, ...], x: int,
             can_spend: SpendCheck | None, any_color: bool = False) -> list[int] | None:
    """Pool indices paying ``cost`` but the symbols at ``life_paid``; generic mana is paid with
    colorless mana first, which keeps the most options open."""
    rest = ManaCost(tuple(s for i, s in enumerate(cost.symbols) if i not in life_paid))
    order = sorted(range(len(pool)), key=lambda i: pool[i]["type"] != "C")
    chosen = find_payment(rest, [pool[i] for i in order], x=x, can_spend=can_spend,
                          any_color=any_color)
    return None if chosen is None else [order[i] for i in chosen]


def _is_phyrexian(symbol: ManaSymbol) -> bool:
    return symbol.text.endswith("/P")


def plan_payment(state: GameState, player: str, cost: ManaCost, *, x: int = 0,
                 can_spend: SpendCheck | None = None) -> tuple[list[int], int] | None:
    """How ``player`` would pay ``cost``: (pool indices, life), each Phyrexian symbol with its
    mana or 2 life (107.4f, choice ``phyrexian_life``), life only up to the life total
    (119.4); None if it can't be paid. Nothing changes."""
    phyrexian = [i for i, s in enumerate(cost.symbols) if _is_phyrexian(s)]
    pool = state.players[player].mana_pool
    life = state.players[player].life
    wanted = choose(state, "phyrexian_life", default=None, has_default=True) if phyrexian \
        else 0
    counts = range(len(phyrexian) + 1) if wanted is None else [int(wanted)]
    for count in counts:
        if not 0 <= count <= len(phyrexian) or count * LIFE_PER_SYMBOL > life:
            continue  # 119.4: life can't be paid beyond the life total
        for life_paid in combinations(phyrexian, count):
            chosen = _payment(pool, cost, life_paid, x, can_spend,
                              spends_as_any_color(state, player))
            if chosen is not None:
                return chosen, count * LIFE_PER_SYMBOL
    return None


def pay_with_phyrexian(state: GameState, player: str, cost_text: str, *,
                       can_spend: SpendCheck | None = None) -> bool:
    """Pay ``cost_text`` from ``player``'s pool, each Phyrexian symbol with its mana or 2 life
    (107.4f); return False, changing nothing, if it can't be paid (601.2h)."""
    plan = plan_payment(state, player, parse_mana_cost(cost_text), can_spend=can_spend)
    if plan is None:
        return False
    chosen, life = plan
    pool = state.players[player].mana_pool
    for idx in sorted(chosen, reverse=True):
        del pool[idx]
    if life:
        state.players[player].life -= life
        state.log("life-paid", player=player, amount=life)
    state.changed()
    return True
