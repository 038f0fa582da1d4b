"""The rules as the families' oracles restate them: a few lines each, independent of the engine.

Nothing here imports :mod:`reference_engine`; a family's oracle is built from these helpers so
that "the reference engine agrees with the oracle" compares two separate readings of the rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

__all__ = [
    "WUBRG", "color_identity", "colors_of_cost", "in_wubrg_order", "mana_value_of_cost",
    "symbols",
]

#: Color words in the order the rules list them (WUBRG).
WUBRG = ("white", "blue", "black", "red", "green")
_WORD = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def symbols(cost: str) -> list[str]:
    """The mana symbols of ``cost`` without braces: ``"{2}{W/U}"`` -> ``["2", "W/U"]``."""
    return re.findall(r"\{([^}]*)\}", cost)


def mana_value_of_cost(cost: str) -> int:
    """CR 202.3: add up the mana in the cost; X is 0, a hybrid symbol counts its largest part
    ({2/W} is 2), any other symbol (colored, {C}, {W/U}) is 1."""
    total = 0
    for sym in symbols(cost):
        parts = sym.split("/")
        if sym == "X":
            continue
        numbers = [int(p) for p in parts if p.isdigit()]
        total += max(numbers) if numbers else 1
    return total


def in_wubrg_order(colors: Iterable[str]) -> list[str]:
    """Color words once each, in WUBRG order."""
    found = set(colors)
    return [c for c in WUBRG if c in found]


def colors_of_cost(cost: str) -> list[str]:
    """CR 202.2: an object is each color of the colored mana symbols in its mana cost."""
    return in_wubrg_order(_WORD[p] for sym in symbols(cost) for p in sym.split("/")
                          if p in _WORD)


#: Reminder text: a parenthesized passage of rules text (207.2).
_REMINDER = re.compile(r"\([^()]*\)")


def color_identity(card: Mapping[str, Any]) -> list[str]:
    """CR 903.4: the colors of every mana symbol in the costs and text of every face of the
    card, and of its color indicators; reminder text (in parentheses) doesn't count (903.4c):
    Syndic of Tithes, whose extort reminder says {W/B}, is white only."""
    faces = card.get("faces") or [card]
    found: list[str] = []
    for face in faces:
        found += colors_of_cost(face.get("mana_cost", ""))
        found += colors_of_cost(_REMINDER.sub("", str(face.get("oracle_text", ""))))
        found += list(face.get("color_indicator", []))
    return in_wubrg_order(found)
