"""Hypothesis strategies for card data: mana costs, faces, normal and split cards.

Strategies produce card data in the ``spec/cards`` format (plain mappings), valid by
construction, so they can feed any engine and be written into generated cases.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

__all__ = ["COLOR_WORDS", "card_faces", "mana_costs", "split_cards"]

COLOR_WORDS = ("white", "blue", "black", "red", "green")
_LETTER = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_CARD_TYPES = ("Creature", "Instant", "Sorcery", "Enchantment", "Artifact")


def _check_range(name: str, value: int, low: int, high: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(f"{name}={value!r} must be an integer from {low} to {high}")


@st.composite
def _mana_cost(draw: st.DrawFn, max_generic: int, max_colored: int, hybrid: bool,
               x: bool) -> str:
    parts: list[str] = []
    if x and draw(st.booleans()):
        parts.append("{X}")
    generic = draw(st.integers(0, max_generic))
    if generic:
        parts.append("{%d}" % generic)
    n = draw(st.integers(0, max_colored))
    for _ in range(n):
        c = _LETTER[draw(st.sampled_from(COLOR_WORDS))]
        if hybrid and draw(st.integers(0, 4)) == 0:
            other = _LETTER[draw(st.sampled_from(COLOR_WORDS))]
            if other != c:
                parts.append("{%s/%s}" % (c, other))
                continue
            parts.append("{2/%s}" % c)
            continue
        parts.append("{%s}" % c)
    if draw(st.integers(0, 9)) == 0:
        parts.append("{C}")
    return "".join(parts) or "{0}"


def mana_costs(*, max_generic: int = 8, max_colored: int = 4, hybrid: bool = True,
               x: bool = False) -> st.SearchStrategy[str]:
    """Mana costs in Oracle notation, such as ``"{2}{W}{U}"`` or ``"{G/W}{1}"``."""
    _check_range("max_generic", max_generic, 0, 20)
    _check_range("max_colored", max_colored, 0, 10)
    return _mana_cost(max_generic, max_colored, bool(hybrid), bool(x))


_NAME_WORDS = ("Ash", "Brine", "Cinder", "Dusk", "Ember", "Frost", "Gale", "Husk", "Iron",
               "Jade", "Kiln", "Loam", "Mire", "Nettle", "Onyx", "Pyre")


@st.composite
def _face(draw: st.DrawFn, card_types: tuple[str, ...], name: str | None) -> dict[str, Any]:
    ctype = draw(st.sampled_from(card_types))
    face: dict[str, Any] = {
        "name": name or " ".join(draw(st.lists(st.sampled_from(_NAME_WORDS), min_size=1,
                                               max_size=3, unique=True))),
        "mana_cost": draw(mana_costs()),
        "types": [ctype],
    }
    if ctype == "Creature":
        face["power"] = draw(st.integers(0, 9))
        face["toughness"] = draw(st.integers(1, 9))
    return face


def card_faces(*, card_types: tuple[str, ...] = _CARD_TYPES) -> st.SearchStrategy[dict[str, Any]]:
    """Single-faced cards (``layout = "normal"``) with random cost, type and P/T."""
    if not card_types or not all(isinstance(t, str) for t in card_types):
        raise ValueError(f"card_types={card_types!r} must be a non-empty tuple of type names")
    return _face(tuple(card_types), None).map(lambda f: {**f, "layout": "normal"})


@st.composite
def _split(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from(("Instant", "Sorcery")))
    left = draw(_face((kind,), None))
    right = draw(_face((kind,), None).filter(lambda f: f["name"] != left["name"]))
    return {"name": f"{left['name']} // {right['name']}", "layout": "split",
            "faces": [left, right]}


def split_cards() -> st.SearchStrategy[dict[str, Any]]:
    """Split cards (two instant or two sorcery halves with distinct names and random costs)."""
    return _split()
