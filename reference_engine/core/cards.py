"""Card definitions built from card data (CR 200-series characteristics, 709 split, 712 DFC).

Card data is plain mappings (read from ``spec/cards/*.toml`` by the suite, or given inline by a
case). Nothing here reads files; :class:`CardCatalog` is filled by whoever owns the data.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from reference_engine.core.errors import CardDataError
from reference_engine.core.symbols import (
    Color,
    ManaCost,
    ManaCostError,
    color_from_word,
    parse_mana_cost,
)

__all__ = [
    "EMBLEM_LAYOUT", "INSET_SPELL_LAYOUTS", "CardCatalog", "CardDef", "FaceDef", "Layout",
    "parse_card", "parse_face",
]

Layout = str  # "normal" | "split" | "transform" | "modal_dfc" | "token" | "adventure" | "omen"
LAYOUTS = ("normal", "split", "transform", "modal_dfc", "token", "leveler", "adventure", "omen")
#: The layout of an emblem's definition (CR 114): made by an effect, never a card file's.
EMBLEM_LAYOUT = "emblem"
#: Layouts whose second face is an alternative set of characteristics the card may have only
#: as a spell (an Adventure, CR 715.2; an Omen, 720.2), with the word its type line carries.
INSET_SPELL_LAYOUTS = {"adventure": "Adventure", "omen": "Omen"}


@dataclass(frozen=True)
class FaceDef:
    """The printed characteristics of one face (CR 109.3): name, cost, indicator, types, P/T, text,
    and the abilities written as data in the engine's vocabulary."""

    name: str
    mana_cost: ManaCost | None
    color_indicator: frozenset[Color]
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    power: int | str | None
    toughness: int | str | None
    loyalty: int | None
    defense: int | None
    oracle_text: str
    abilities: tuple[Mapping[str, Any], ...] = ()

    @property
    def colors(self) -> frozenset[Color]:
        """Color from mana cost and color indicator (CR 105.2, 202.2, 204)."""
        base = self.mana_cost.colors if self.mana_cost is not None else frozenset()
        return base | self.color_indicator


@dataclass(frozen=True)
class CardDef:
    """A card: its layout and faces. Normal cards have one face."""

    name: str
    layout: Layout
    faces: tuple[FaceDef, ...]
    data: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def front(self) -> FaceDef:
        """The front face (or the only face; the left half of a split card)."""
        return self.faces[0]

    @property
    def is_split(self) -> bool:
        """True for split cards (CR 709)."""
        return self.layout == "split"

    @property
    def is_double_faced(self) -> bool:
        """True for transforming double-faced cards (CR 712)."""
        return self.layout == "transform"

    @property
    def is_modal_dfc(self) -> bool:
        """True for modal double-faced cards (CR 712.3): either face may be cast or played
        (712.11b, 712.12), and each face keeps its own mana value (712.8f)."""
        return self.layout == "modal_dfc"

    @property
    def inset_spell(self) -> str | None:
        """"Adventure" or "Omen" for a card with such an inset spell (CR 715.2, 720.2): its
        second face is the alternative characteristics it may have as a spell; else None."""
        return INSET_SPELL_LAYOUTS.get(self.layout)

    def face_named(self, name: str) -> FaceDef | None:
        """The face whose name is ``name`` (case-insensitive), if any."""
        for f in self.faces:
            if f.name.casefold() == name.casefold():
                return f
        return None


def _strs(value: Any, what: str, where: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise CardDataError(f"{where}: {what} must be a list of strings")
    return tuple(value)


def _pt(value: Any, what: str, where: str) -> int | str | None:
    if value is None or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    if isinstance(value, str):
        return value
    raise CardDataError(f"{where}: {what} must be an integer or a string such as '*'")


def parse_face(data: Mapping[str, Any], where: str) -> FaceDef:
    """Build a :class:`FaceDef` from a face mapping; ``where`` locates errors."""
    name = data.get("name")
    if not isinstance(name, str) or not name:
        raise CardDataError(f"{where}: a face needs a name")
    cost: ManaCost | None = None
    if data.get("mana_cost") is not None:
        try:
            cost = parse_mana_cost(str(data["mana_cost"]))
        except ManaCostError as exc:
            raise CardDataError(f"{where}: {exc}") from None
    try:
        indicator = frozenset(color_from_word(w) for w in _strs(
            data.get("color_indicator"), "color_indicator", where))
    except ValueError as exc:
        raise CardDataError(f"{where}: {exc}") from None
    types = _strs(data.get("types"), "types", where)
    abilities = data.get("abilities", [])
    if not isinstance(abilities, list) or not all(isinstance(a, Mapping) for a in abilities):
        raise CardDataError(f"{where}: abilities must be a list of tables")
    loyalty = data.get("loyalty")
    defense = data.get("defense")
    return FaceDef(
        name=name,
        mana_cost=cost,
        color_indicator=indicator,
        supertypes=_strs(data.get("supertypes"), "supertypes", where),
        types=types,
        subtypes=_strs(data.get("subtypes"), "subtypes", where),
        power=_pt(data.get("power"), "power", where),
        toughness=_pt(data.get("toughness"), "toughness", where),
        loyalty=loyalty if isinstance(loyalty, int) else None,
        defense=defense if isinstance(defense, int) else None,
        oracle_text=str(data.get("oracle_text", "")),
        abilities=tuple(abilities),
    )


def parse_card(data: Mapping[str, Any], where: str = "card") -> CardDef:
    """Build a :class:`CardDef` from a card mapping (the ``spec/cards`` format)."""
    name = data.get("name")
    if not isinstance(name, str) or not name:
        raise CardDataError(f"{where}: a card needs a name")
    where = f"{where} ({name})"
    layout = data.get("layout", "normal")
    if layout not in LAYOUTS:
        raise CardDataError(f"{where}: unknown layout {layout!r} (expected one of {LAYOUTS})")
    faces_data = data.get("faces")
    if layout in ("split", "transform", "modal_dfc", *INSET_SPELL_LAYOUTS):
        if not isinstance(faces_data, list) or len(faces_data) != 2:
            raise CardDataError(f"{where}: a {layout} card needs exactly two faces")
        faces = tuple(parse_face(f, f"{where} face {i + 1}") for i, f in enumerate(faces_data))
    else:
        faces = (parse_face(data, where),)
    return CardDef(name=name, layout=layout, faces=faces, data=dict(data))


class CardCatalog:
    """Card definitions by name. Split and double-faced cards are also found by a face's name."""

    def __init__(self, cards: Iterable[CardDef] = ()) -> None:
        self._cards: dict[str, CardDef] = {}
        self._by_face: dict[str, CardDef] = {}
        for card in cards:
            self.add(card)

    def add(self, card: CardDef) -> None:
        """Add ``card``; a later card with the same name replaces the earlier one."""
        self._cards[card.name.casefold()] = card
        if len(card.faces) > 1:
            for face in card.faces:
                self._by_face.setdefault(face.name.casefold(), card)

    def get(self, name: str) -> CardDef | None:
        """The card named ``name`` (full name, or one face's name), or None."""
        key = name.casefold()
        return self._cards.get(key) or self._by_face.get(key)

    def __getitem__(self, name: str) -> CardDef:
        card = self.get(name)
        if card is None:
            raise KeyError(name)
        return card

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.get(name) is not None

    def __iter__(self) -> Any:
        return iter(self._cards.values())

    def __len__(self) -> int:
        return len(self._cards)

    def names(self) -> list[str]:
        """All full card names, sorted."""
        return sorted(c.name for c in self._cards.values())
