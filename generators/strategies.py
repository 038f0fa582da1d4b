"""Hypothesis strategies for card data: mana costs, faces, normal and split cards.

Strategies produce card data in the ``spec/cards`` format (plain mappings), valid by
construction, so they can feed any engine and be written into generated cases.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from .source import Source, from_source

if TYPE_CHECKING:  # Hypothesis is imported by the strategies, not by emission
    from hypothesis import strategies as st

__all__ = [
    "COLOR_WORDS", "build_colors", "build_dfc_card", "build_face", "build_game_state",
    "build_kindred_card", "build_land_card", "build_mana_cost", "build_normal_card",
    "build_split_card", "build_token", "card_faces", "colors", "dfc_cards", "game_states",
    "kindred_cards", "land_cards", "mana_costs", "normal_cards", "split_cards", "tokens",
    "unique_name",
]

COLOR_WORDS = ("white", "blue", "black", "red", "green")
_LETTER = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_CARD_TYPES = ("Creature", "Instant", "Sorcery", "Enchantment", "Artifact")
#: The ten two-color hybrid symbols as Oracle text prints them (CR 107.4e).
_HYBRID_PAIRS = ("W/U", "U/B", "B/R", "R/G", "G/W", "W/B", "U/R", "B/G", "R/W", "G/U")


def _check_range(name: str, value: int, low: int, high: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(f"{name}={value!r} must be an integer from {low} to {high}")


def mana_costs(*, max_generic: int = 8, max_colored: int = 4, hybrid: bool = True,
               x: bool = False) -> st.SearchStrategy[str]:
    """Mana costs in Oracle notation, such as ``"{2}{W}{U}"`` or ``"{G/W}{1}"``."""
    _check_range("max_generic", max_generic, 0, 20)
    _check_range("max_colored", max_colored, 0, 10)
    return from_source(lambda src: build_mana_cost(src, max_generic=max_generic,
                                                   max_colored=max_colored, hybrid=bool(hybrid),
                                                   x=bool(x)))


_NAME_WORDS = ("Ash", "Brine", "Cinder", "Dusk", "Ember", "Frost", "Gale", "Husk", "Iron",
               "Jade", "Kiln", "Loam", "Mire", "Nettle", "Onyx", "Pyre")


def _face(card_types: tuple[str, ...], name: str | None) -> st.SearchStrategy[dict[str, Any]]:
    from hypothesis import strategies as st

    @st.composite
    def face_of(draw: st.DrawFn) -> dict[str, Any]:
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

    return face_of()


def card_faces(*, card_types: tuple[str, ...] = _CARD_TYPES) -> st.SearchStrategy[dict[str, Any]]:
    """Single-faced cards (``layout = "normal"``) with random cost, type and P/T."""
    if not card_types or not all(isinstance(t, str) for t in card_types):
        raise ValueError(f"card_types={card_types!r} must be a non-empty tuple of type names")
    return _face(tuple(card_types), None).map(lambda f: {**f, "layout": "normal"})


def _split() -> st.SearchStrategy[dict[str, Any]]:
    from hypothesis import strategies as st

    @st.composite
    def split_of(draw: st.DrawFn) -> dict[str, Any]:
        kind = draw(st.sampled_from(("Instant", "Sorcery")))
        left = draw(_face((kind,), None))
        right = draw(_face((kind,), None).filter(lambda f: f["name"] != left["name"]))
        return {"name": f"{left['name']} // {right['name']}", "layout": "split",
                "faces": [left, right]}

    return split_of()


def split_cards() -> st.SearchStrategy[dict[str, Any]]:
    """Split cards (two instant or two sorcery halves with distinct names and random costs)."""
    return _split()


# -- builders over a Source (shared by emission and Hypothesis) --------------------------------
#
# Each ``build_*`` function makes one value from a :class:`~generators.source.Source`; the public
# strategies below wrap them with :func:`~generators.source.from_source`, and emission runs them on
# a seeded ``random.Random``. Names are made unique within one case through a ``used`` set.

_BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")
_CREATURE_TYPES = ("Elf", "Goblin", "Wizard", "Soldier", "Djinn", "Eldrazi", "Bird", "Human")
_KEYWORDS = ("flying", "trample", "vigilance", "haste", "reach", "deathtouch", "lifelink")


def build_colors(src: Source, *, min_size: int = 0, max_size: int = 5) -> list[str]:
    """A set of color words in WUBRG order."""
    size = src.integer(min_size, max_size)
    pool = list(COLOR_WORDS)
    chosen: set[str] = set()
    while len(chosen) < size:
        chosen.add(src.choice(pool))
    return [c for c in COLOR_WORDS if c in chosen]


def build_mana_cost(src: Source, *, max_generic: int = 8, max_colored: int = 4,
                    hybrid: bool = True, x: bool = False, allow_empty: bool = True) -> str:
    """A mana cost in Oracle notation, symbols in printed order: X, generic, colorless, then
    colored and hybrid symbols (hybrid pairs as printed, e.g. ``{W/U}``, ``{G/U}``, ``{2/R}``);
    ``"{0}"`` when empty, unless ``allow_empty`` is false (then it has generic mana)."""
    parts: list[str] = []
    if x and src.integer(0, 3) == 0:
        parts.append("{X}")
    generic = src.integer(0 if allow_empty else 1, max_generic)
    if generic:
        parts.append(f"{{{generic}}}")
    colorless = 0
    colored: list[str] = []
    for _ in range(src.integer(0, max_colored)):
        letter = _LETTER[src.choice(COLOR_WORDS)]
        kind = src.integer(0, 7) if hybrid else 0
        if kind == 5:
            colored.append(f"{{2/{letter}}}")
        elif kind == 6:
            colored.append(f"{{{src.choice(_HYBRID_PAIRS)}}}")
        elif kind == 7:
            colorless += 1
        else:
            colored.append(f"{{{letter}}}")
    return "".join(parts + ["{C}"] * colorless + colored) or "{0}"


def unique_name(src: Source, used: set[str]) -> str:
    """A name of one to three words not yet in ``used`` (added to it)."""
    while True:
        words: list[str] = []
        for _ in range(src.integer(1, 3)):
            word = src.choice(_NAME_WORDS)
            if word not in words:
                words.append(word)
        name = " ".join(words)
        if name in used:
            name = f"{name} {len(used) + 1}"
        if name not in used:
            used.add(name)
            return name


def build_face(src: Source, used: set[str], *, card_types: Sequence[str] = _CARD_TYPES,
               mana_cost: bool = True) -> dict[str, Any]:
    """One face: a unique name, a mana cost (unless ``mana_cost`` is false), a type and P/T."""
    ctype = src.choice(list(card_types))
    face: dict[str, Any] = {"name": unique_name(src, used), "types": [ctype]}
    if mana_cost:
        face["mana_cost"] = build_mana_cost(src)
    if ctype == "Creature":
        face["subtypes"] = [src.choice(_CREATURE_TYPES)]
        face["power"] = src.integer(0, 9)
        face["toughness"] = src.integer(1, 9)
    return face


def build_normal_card(src: Source, used: set[str], *,
                      card_types: Sequence[str] = _CARD_TYPES) -> dict[str, Any]:
    """A single-faced card (``layout = "normal"``)."""
    return {**build_face(src, used, card_types=card_types), "layout": "normal"}


def build_split_card(src: Source, used: set[str]) -> dict[str, Any]:
    """A split card: two instant or two sorcery halves with distinct names (CR 709.1)."""
    kind = src.choice(("Instant", "Sorcery"))
    left = build_face(src, used, card_types=(kind,))
    right = build_face(src, used, card_types=(kind,))
    name = f"{left['name']} // {right['name']}"
    used.add(name)
    return {"name": name, "layout": "split", "faces": [left, right]}


def build_dfc_card(src: Source, used: set[str]) -> dict[str, Any]:
    """A transforming double-faced card: a front face with a mana cost and a back face without
    one, usually with a color indicator (CR 712.1, 204.1)."""
    front = build_face(src, used, card_types=("Creature", "Enchantment", "Artifact"))
    back = build_face(src, used, card_types=("Creature", "Enchantment", "Artifact"),
                      mana_cost=False)
    indicator = build_colors(src, min_size=0, max_size=2)
    if indicator:
        back["color_indicator"] = indicator
    name = f"{front['name']} // {back['name']}"
    used.add(name)
    return {"name": name, "layout": "transform", "faces": [front, back]}


def build_kindred_card(src: Source, used: set[str]) -> dict[str, Any]:
    """A kindred noncreature card with one or two creature types (CR 308)."""
    other = src.choice(("Instant", "Sorcery", "Enchantment", "Artifact"))
    subtypes = [src.choice(_CREATURE_TYPES)]
    second = src.choice(_CREATURE_TYPES)
    if src.boolean() and second not in subtypes:
        subtypes.append(second)
    return {"name": unique_name(src, used), "layout": "normal", "mana_cost": build_mana_cost(src),
            "types": ["Kindred", other], "subtypes": subtypes}


def build_land_card(src: Source, used: set[str]) -> dict[str, Any]:
    """A land with zero to three basic land types and no mana cost (CR 305.6, 205.3i)."""
    kinds: list[str] = []
    for _ in range(src.integer(0, 3)):
        kind = src.choice(_BASIC_LAND_TYPES)
        if kind not in kinds:
            kinds.append(kind)
    return {"name": unique_name(src, used), "layout": "normal", "types": ["Land"],
            "subtypes": [k for k in _BASIC_LAND_TYPES if k in kinds]}


def build_token(src: Source) -> dict[str, Any]:
    """A creature token's definition (``setup.objects[].token``), sometimes without a name."""
    token: dict[str, Any] = {
        "types": ["Creature"], "subtypes": [src.choice(_CREATURE_TYPES)],
        "colors": build_colors(src, max_size=2),
        "power": src.integer(0, 5), "toughness": src.integer(1, 5),
    }
    if src.boolean():
        token["name"] = src.choice(_NAME_WORDS) + " Sentinel"
    return token


def _strategy(build: Callable[[Source, set[str]], dict[str, Any]]
              ) -> st.SearchStrategy[dict[str, Any]]:
    return from_source(lambda src: build(src, set()))


def colors(*, min_size: int = 0, max_size: int = 5) -> st.SearchStrategy[list[str]]:
    """Sets of colors as words in WUBRG order."""
    _check_range("min_size", min_size, 0, 5)
    _check_range("max_size", max_size, min_size, 5)
    return from_source(lambda src: build_colors(src, min_size=min_size, max_size=max_size))


def normal_cards(*, card_types: tuple[str, ...] = _CARD_TYPES
                 ) -> st.SearchStrategy[dict[str, Any]]:
    """Single-faced cards with unique-word names, random costs, types and P/T."""
    if not card_types or not all(isinstance(t, str) for t in card_types):
        raise ValueError(f"card_types={card_types!r} must be a non-empty tuple of type names")
    return from_source(lambda src: build_normal_card(src, set(), card_types=card_types))


def dfc_cards() -> st.SearchStrategy[dict[str, Any]]:
    """Transforming double-faced cards (back face without mana cost, maybe a color indicator)."""
    return _strategy(build_dfc_card)


def kindred_cards() -> st.SearchStrategy[dict[str, Any]]:
    """Kindred noncreature cards with creature types."""
    return _strategy(build_kindred_card)


def land_cards() -> st.SearchStrategy[dict[str, Any]]:
    """Lands with zero to three basic land types."""
    return _strategy(build_land_card)


def tokens() -> st.SearchStrategy[dict[str, Any]]:
    """Creature token definitions, named or not (a token without a name is named by CR 111.4)."""
    return from_source(build_token)


_ZONES = ("library", "hand", "graveyard", "battlefield", "exile")
_BUILDERS: dict[str, Callable[[Source, set[str]], dict[str, Any]]] = {
    "normal": build_normal_card, "split": build_split_card, "transform": build_dfc_card,
    "kindred": build_kindred_card, "land": build_land_card,
}


def build_game_state(src: Source, *, max_objects: int = 6) -> dict[str, Any]:
    """A setup of cards (each kind of card) in random zones, with the inline card data.

    Returns ``{"setup": ..., "cards": [...]}``: the case's ``setup`` table and its ``cards``.
    """
    used: set[str] = set()
    cards: list[dict[str, Any]] = []
    objects: list[dict[str, Any]] = []
    for i in range(src.integer(1, max_objects)):
        kind = src.choice(tuple(_BUILDERS))
        card = _BUILDERS[kind](src, used)
        cards.append(card)
        zone = src.choice(_ZONES)
        obj: dict[str, Any] = {"handle": f"o{i}", "card": card["name"], "zone": zone,
                               "owner": src.choice(("alice", "bob"))}
        if zone == "battlefield" and card["layout"] == "split":
            obj["zone"] = "graveyard"  # a split card is an instant or sorcery: never a permanent
        if obj["zone"] == "battlefield" and card["layout"] == "transform" and src.boolean():
            obj["face"] = "back"
        objects.append(obj)
    return {"setup": {"objects": objects}, "cards": cards}


def game_states(*, max_objects: int = 6) -> st.SearchStrategy[dict[str, Any]]:
    """Game setups holding random cards of every layout in random zones (with card data)."""
    _check_range("max_objects", max_objects, 1, 40)
    return from_source(lambda src: build_game_state(src, max_objects=max_objects))
