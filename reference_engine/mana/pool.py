"""The mana pool and paying mana costs from it (CR 106.4, 107.4, 601.2g-h).

A unit of mana is a table ``{"type": "W"|"U"|"B"|"R"|"G"|"C", ...}``; riders such as a spending
restriction are extra keys that never change the type (CR 106.6). Paying a cost chooses, for
every symbol, a unit that can pay it; :func:`find_payment` searches for a complete assignment so a
payable cost is never reported unpayable because of a greedy early choice.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from reference_engine.core.errors import SetupError
from reference_engine.core.registry import query, setup_hook
from reference_engine.core.symbols import ManaCost, ManaSymbol, parse_mana_cost

if TYPE_CHECKING:
    from reference_engine.core.handlers import GameView
    from reference_engine.core.state import GameState

__all__ = ["MANA_TYPES", "add_mana", "can_pay_symbol", "find_payment", "pay", "pool_text",
           "spends_as_any_color"]

#: Types of mana (CR 106.1): the five colors and colorless.
MANA_TYPES = ("W", "U", "B", "R", "G", "C")

SpendCheck = Callable[[Mapping[str, Any]], bool]


@setup_hook(stage="mana")
def _setup_pools(state: GameState, setup: Mapping[str, Any]) -> None:
    for player, text in dict(setup.get("mana_pool", {})).items():
        if player not in state.players:
            continue
        for sym in parse_mana_cost(str(text)).symbols:
            if sym.text not in MANA_TYPES:
                raise SetupError(f"setup.mana_pool.{player}: {sym} is not a type of mana "
                                 f"(one of {{W}} {{U}} {{B}} {{R}} {{G}} {{C}}, CR 106.1b)")
            add_mana(state, str(player), sym.text)


def add_mana(state: GameState, player: str, mana_type: str, amount: int = 1,
             **riders: Any) -> None:
    """Add ``amount`` mana of ``mana_type`` to ``player``'s pool (CR 106.4)."""
    if mana_type not in MANA_TYPES:
        raise ValueError(f"unknown mana type {mana_type!r}")
    for _ in range(amount):
        state.players[player].mana_pool.append({"type": mana_type, **riders})
    state.changed()


def pool_text(state: GameState, player: str) -> str:
    """The pool in mana-symbol form, sorted WUBRGC: ``"{W}{R}{R}"``."""
    order = {t: i for i, t in enumerate(MANA_TYPES)}
    types = sorted((m["type"] for m in state.players[player].mana_pool), key=order.__getitem__)
    return "".join("{" + t + "}" for t in types)


def can_pay_symbol(symbol: ManaSymbol, unit: Mapping[str, Any], *,
                   any_color: bool = False) -> bool:
    """Whether one unit of mana can pay (part of) ``symbol`` (CR 107.4); ``any_color``: the
    payer may spend mana as though it were mana of any color (609.4b), so any unit pays a
    colored symbol (not a {C} one: colorless isn't a color)."""
    t = unit["type"]
    text = symbol.text
    if text.isdigit() or symbol.is_variable:
        return True
    if text == "C":
        return bool(t == "C")
    if text == "S":
        return bool(unit.get("snow"))
    colors = [p for p in text.split("/") if p in "WUBRG"]
    return t in colors or (any_color and bool(colors))


def spends_as_any_color(state: GameState, player: str) -> bool:
    """Whether ``player`` may spend mana as though it were mana of any color (CR 609.4b): a
    static rule ``spend_as_any_color`` of a permanent, for its controller (``players =
    "you"``, Chromatic Orrery) or for every player (``"each"``, Mycosynth Lattice)."""
    from reference_engine.layers.system import compute_all, static_abilities

    for src, ability in static_abilities(state, compute_all(state)):
        if ability.get("rule") != "spend_as_any_color":
            continue
        who = ability.get("players", "you")
        if who in ("each", "each_player", "any") or (who == "you" and src.controller == player):
            return True
        if who not in ("you", "each", "each_player", "any"):
            raise SetupError(f"spend_as_any_color: players must be you or each, not {who!r}")
    return False


def _expand(cost: ManaCost, x: int) -> list[tuple[str, ManaSymbol]]:
    """Units to pay: ("color", sym) needing a specific unit, ("generic", sym) for one of any."""
    out: list[tuple[str, ManaSymbol]] = []
    for sym in cost.symbols:
        if sym.text.isdigit():
            out += [("generic", sym)] * int(sym.text)
        elif sym.is_variable:
            out += [("generic", sym)] * x
        elif "/P" in sym.text:
            out.append(("color", ManaSymbol(sym.text.replace("/P", ""))))
        elif sym.text.startswith("2/"):
            # 107.4e: a monocolored hybrid symbol is paid with one mana of its color or with
            # two generic mana; find_payment tries both.
            out.append(("mono-hybrid", ManaSymbol(sym.text[2:])))
        else:
            out.append(("color", sym))
    return out


def find_payment(cost: ManaCost, pool: Sequence[Mapping[str, Any]], *, x: int = 0,
                 can_spend: SpendCheck | None = None,
                 any_color: bool = False) -> list[int] | None:
    """Indices of pool units paying ``cost`` (X = ``x``), or None if it can't be paid.

    Colored symbols are matched first by backtracking (a monocolored hybrid symbol either takes
    a unit of its color or adds two to the generic part), then generic symbols take what is left.
    """
    spendable = [i for i, u in enumerate(pool) if can_spend is None or can_spend(u)]
    needs = _expand(cost, x)
    colored = sorted(((k, s) for k, s in needs if k != "generic"),
                     key=lambda ks: (ks[0] == "mono-hybrid", len(ks[1].colors) or 9))
    used: list[int] = []
    generic = [sum(1 for k, _ in needs if k == "generic")]

    def assign(i: int) -> bool:
        if i == len(colored):
            return len(spendable) - len(used) >= generic[0]
        kind, sym = colored[i]
        for idx in spendable:
            if idx not in used and can_pay_symbol(sym, pool[idx], any_color=any_color):
                used.append(idx)
                if assign(i + 1):
                    return True
                used.pop()
        if kind == "mono-hybrid":
            generic[0] += 2
            if assign(i + 1):
                return True
            generic[0] -= 2
        return False

    if not assign(0):
        return None
    rest = [i for i in spendable if i not in used]
    return used + rest[:generic[0]]


def pay(state: GameState, player: str, cost: ManaCost | str, *, x: int = 0,
        can_spend: SpendCheck | None = None) -> bool:
    """Pay ``cost`` from ``player``'s pool; return False (pool unchanged) if it can't."""
    if isinstance(cost, str):
        cost = parse_mana_cost(cost)
    pool = state.players[player].mana_pool
    chosen = find_payment(cost, pool, x=x, can_spend=can_spend,
                          any_color=spends_as_any_color(state, player))
    if chosen is None:
        return False
    for idx in sorted(chosen, reverse=True):
        del pool[idx]
    state.changed()
    return True


@query("mana_pool")
def _mana_pool(game: GameView, q: Mapping[str, Any]) -> str:
    """A player's mana pool as mana symbols in WUBRGC order (CR 106.4)."""
    return pool_text(game.state, game.player(q.get("player")))
