"""Paying a spell's total cost with Phyrexian mana symbols (CR 107.4f, 119.4, 601.2g-h).

A Phyrexian mana symbol (``{W/P}``, ``{G/U/P}``) can be paid with one mana of one of its colors
or with 2 life (107.4f). How many of the spell's Phyrexian symbols its caster pays with life is
the choice ``phyrexian_life`` (a number; the cast action's ``choices``). Without an answer the
caster pays as little life as the pool allows: mana where it can, life for the rest. Life can
be paid only up to the caster's life total (119.4: a player with 1 life can't pay 2 life);
paying life is a life loss (119.4, 119.3).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from .choices import choose
from .mana import ManaCost, ManaSymbol, parse_mana_cost
from .mana_pool import SpendCheck, find_payment

if TYPE_CHECKING:
    from .state import GameState

__all__ = ["LIFE_PER_SYMBOL", "pay_with_phyrexian"]

#: The life that pays one Phyrexian mana symbol (CR 107.4f).
LIFE_PER_SYMBOL = 2


def _payment(pool: list[dict[str, object]], cost: ManaCost, life_paid: tuple[int, ...],
             can_spend: SpendCheck | None) -> list[int] | None:
    rest = ManaCost(tuple(s for i, s in enumerate(cost.symbols) if i not in life_paid))
    order = sorted(range(len(pool)), key=lambda i: pool[i]["type"] != "C")
    chosen = find_payment(rest, [pool[i] for i in order], can_spend=can_spend)
    return None if chosen is None else [order[i] for i in chosen]


def _is_phyrexian(symbol: ManaSymbol) -> bool:
    return symbol.text.endswith("/P")


def pay_with_phyrexian(state: GameState, player: str, cost_text: str, *,
                       can_spend: SpendCheck | None = None) -> bool:
    """Pay ``cost_text`` from ``player``'s pool, each Phyrexian symbol with its mana or 2 life
    (107.4f); return False, changing nothing, if it can't be paid (601.2h)."""
    cost = parse_mana_cost(cost_text)
    phyrexian = [i for i, s in enumerate(cost.symbols) if _is_phyrexian(s)]
    pool = state.players[player].mana_pool
    life = state.players[player].life
    wanted = choose(state, "phyrexian_life", default=None, has_default=True)
    counts = range(len(phyrexian) + 1) if wanted is None else [int(wanted)]
    for count in counts:
        if not 0 <= count <= len(phyrexian) or count * LIFE_PER_SYMBOL > life:
            continue  # 119.4: life can't be paid beyond the life total
        for life_paid in combinations(phyrexian, count):
            chosen = _payment(pool, cost, life_paid, can_spend)
            if chosen is None:
                continue
            for idx in sorted(chosen, reverse=True):
                del pool[idx]
            if count:
                amount = count * LIFE_PER_SYMBOL
                state.players[player].life -= amount
                state.log("life-paid", player=player, amount=amount)
            state.changed()
            return True
    return False
