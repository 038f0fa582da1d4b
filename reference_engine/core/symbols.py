"""Mana symbols, mana costs, colors and mana value (CR 105, 107.4, 202).

A :class:`ManaCost` is an immutable sequence of :class:`ManaSymbol`. Its canonical text form is the
Oracle notation (``"{2}{W}{U}"``), which :func:`parse_mana_cost` reads back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

__all__ = [
    "COLORS",
    "Color",
    "ManaCost",
    "ManaCostError",
    "ManaSymbol",
    "color_from_word",
    "colors_in_order",
    "parse_mana_cost",
]


class Color(Enum):
    """The five colors (CR 105.1), in the conventional WUBRG order."""

    WHITE = "W"
    BLUE = "U"
    BLACK = "B"
    RED = "R"
    GREEN = "G"

    @property
    def word(self) -> str:
        """The color's name in lower case, as cases and reports spell it."""
        return self.name.lower()


COLORS: tuple[Color, ...] = tuple(Color)
_ORDER = {c: i for i, c in enumerate(COLORS)}
_LETTERS = {c.value: c for c in COLORS}


def color_from_word(word: str) -> Color:
    """Return the color named ``word`` (a color word, as every case and card format writes
    colors: "white", "blue", "black", "red" or "green"), raising ``ValueError`` otherwise.
    A letter ("W") is a mana symbol's spelling, not a color word, and is refused like any
    other unknown word, so the reference engine reads no input its formats don't allow."""
    key = word.strip()
    try:
        return Color[key.upper()]
    except KeyError:
        raise ValueError(
            f"unknown color {word!r} (expected white, blue, black, red or green)") from None


def colors_in_order(colors: frozenset[Color] | set[Color]) -> list[str]:
    """Return color words in WUBRG order: the canonical form of a set of colors."""
    return [c.word for c in sorted(colors, key=_ORDER.__getitem__)]


class ManaCostError(ValueError):
    """A mana cost string is not valid Oracle mana notation."""


@dataclass(frozen=True)
class ManaSymbol:
    """One mana symbol (CR 107.4).

    ``text`` is the symbol without braces: ``"2"``, ``"W"``, ``"W/U"``, ``"2/W"``, ``"W/P"``,
    ``"X"``, ``"C"`` or ``"S"``.
    """

    text: str

    @property
    def colors(self) -> frozenset[Color]:
        """Colors of the symbol (CR 105.2, 202.2): hybrid symbols have each of their colors."""
        return frozenset(_LETTERS[p] for p in self.text.split("/") if p in _LETTERS)

    @property
    def is_variable(self) -> bool:
        """True for {X}, {Y} and {Z} (CR 107.3)."""
        return self.text in ("X", "Y", "Z")

    def mana_value(self, x: int = 0) -> int:
        """Contribution to mana value (CR 202.3e-f): generic counts its number, X counts ``x``,
        a hybrid symbol counts its largest component, every other symbol counts one."""
        if self.text.isdigit():
            return int(self.text)
        if self.is_variable:
            return x
        parts = self.text.split("/")
        if len(parts) == 2 and parts[0].isdigit():
            return max(int(parts[0]), 1)
        return 1

    def __str__(self) -> str:
        return "{" + self.text + "}"


_SYMBOL_RE = re.compile(r"\{([^{}]+)\}")
_VALID_SYMBOL = re.compile(
    r"^(\d+|[WUBRGCSXYZ]|[WUBRG]/[WUBRG]|[WUBRG]/P|[WUBRG]/[WUBRG]/P|2/[WUBRG]|C/[WUBRG])$"
)


@dataclass(frozen=True)
class ManaCost:
    """A mana cost (CR 202.1): the ordered mana symbols printed in a card's upper right corner."""

    symbols: tuple[ManaSymbol, ...] = ()

    @property
    def colors(self) -> frozenset[Color]:
        """The colors of the cost's mana symbols (CR 202.2)."""
        out: set[Color] = set()
        for s in self.symbols:
            out |= s.colors
        return frozenset(out)

    def mana_value(self, x: int = 0) -> int:
        """The mana value of the cost (CR 202.3); X is 0 except on the stack (CR 107.3)."""
        return sum(s.mana_value(x) for s in self.symbols)

    @property
    def has_x(self) -> bool:
        """True if the cost contains {X} (CR 107.3)."""
        return any(s.is_variable for s in self.symbols)

    def __add__(self, other: ManaCost) -> ManaCost:
        return ManaCost(self.symbols + other.symbols)

    def __str__(self) -> str:
        return "".join(str(s) for s in self.symbols)



def parse_mana_cost(text: str) -> ManaCost:
    """Parse Oracle mana notation (``"{3}{G}{G}"``) into a :class:`ManaCost`.

    Raises :class:`ManaCostError` naming the offending part of ``text``.
    """
    text = text.strip()
    pos = 0
    symbols: list[ManaSymbol] = []
    for m in _SYMBOL_RE.finditer(text):
        if m.start() != pos:
            raise ManaCostError(f"unexpected {text[pos:m.start()]!r} in mana cost {text!r}")
        inner = m.group(1).upper()
        if not _VALID_SYMBOL.match(inner):
            raise ManaCostError(f"unknown mana symbol {{{m.group(1)}}} in mana cost {text!r}")
        symbols.append(ManaSymbol(inner))
        pos = m.end()
    if pos != len(text):
        raise ManaCostError(f"unexpected {text[pos:]!r} in mana cost {text!r}")
    return ManaCost(tuple(symbols))
