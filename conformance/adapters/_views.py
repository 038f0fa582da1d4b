"""Engine-neutral views of what a third-party engine reports, and the queries asked of them.

A third-party adapter reads each object's characteristics and status from its engine and turns
them into an :class:`ObjectView`; :class:`ViewSession` then answers the case format's queries
(``name``, ``colors``, ``count`` with a filter, ...) from those views alone. The values in a view
are always the engine's own (its name, its mana cost, its colors, its P/T); the only things
computed here are those an engine exposes no field for, derived the way the CR defines them
(mana value from the mana cost, CR 202.3; "multicolored" from the colors, CR 105.2b), and the
filter questions an effect would ask, evaluated over the engine's characteristics.

Nothing here knows the reference engine: a view is what the engine said.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..adapter import Unsupported

__all__ = ["COLOR_WORDS", "LAND_TYPES", "ObjectView", "ViewSession", "mana_value_of", "matches"]

#: Colors as the case format writes them, in WUBRG order (CR 105.1).
COLOR_WORDS = ("white", "blue", "black", "red", "green")

#: The land types (CR 205.3i); the first five are the basic land types, in WUBRG order.
LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest", "Cave", "Cloud", "Desert",
              "Gate", "Lair", "Locus", "Mine", "Power-Plant", "Sphere", "Tower", "Town",
              "Urza's")

_SYMBOL = re.compile(r"\{([^{}]+)\}")


def mana_value_of(cost: str) -> int:
    """Compute 202.3e: the mana value of a mana cost written in Oracle notation.

    Each generic number counts its value, X counts 0 off the stack (107.3b), and every other
    symbol (colored, hybrid, Phyrexian, colorless, snow) counts 1; a hybrid symbol with a number
    such as {2/W} counts that number (202.3f).
    """
    total = 0
    for sym in _SYMBOL.findall(cost):
        if sym.isdigit():
            total += int(sym)
        elif sym in ("X", "Y", "Z"):
            continue
        elif "/" in sym and sym.split("/")[0].isdigit():
            total += int(sym.split("/")[0])
        else:
            total += 1
    return total


@dataclass
class ObjectView:
    """One object as an engine reports it (characteristics and status)."""

    name: str
    zone: str
    owner: str
    controller: str
    names: tuple[str, ...] = ()
    mana_cost: str = ""
    mana_value: int = 0
    colors: frozenset[str] = frozenset()
    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    keywords: tuple[str, ...] = ()
    tapped: bool = False
    token: bool = False
    counters: Mapping[str, int] = field(default_factory=dict)
    damage: int = 0
    handle: str | None = None
    #: Whether it is a kicked spell or permanent (CR 702.33d); None if the engine's view
    #: doesn't say.
    kicked: bool | None = None
    #: Whether it is a blocking creature (CR 509.1g); None if the engine's view doesn't say.
    blocking: bool | None = None

    def all_names(self) -> tuple[str, ...]:
        """Every name the engine gives the object."""
        return self.names or (self.name,)

    def colors_in_order(self) -> list[str]:
        """The colors in WUBRG order (CR 105.2)."""
        return [c for c in COLOR_WORDS if c in self.colors]


def _words(value: Any) -> list[str]:
    return [value] if isinstance(value, str) else [str(v) for v in value]


def _has(values: Sequence[str], wanted: Any) -> bool:
    have = {v.casefold() for v in values}
    return any(w.casefold() in have for w in _words(wanted))


def _has_keyword(values: Sequence[str], wanted: str) -> bool:
    """Whether an object with keywords ``values`` has keyword ``wanted``: a "hexproof from
    [quality]" ability is a hexproof ability, which a look for hexproof finds (CR 702.11d,
    702.11e)."""
    if _has(values, wanted):
        return True
    return wanted.casefold() == "hexproof" and any(
        v.casefold().startswith("hexproof from") for v in values)


def _player_set(ref: Any, you: str | None, players: Sequence[str]) -> set[str]:
    if ref == "you":
        return {you} if you else set()
    if ref == "opponent":
        return {p for p in players if p != you}
    return set(_words(ref))


_FilterTest = Callable[[ObjectView, Any], bool]

_CHAR_TESTS: dict[str, _FilterTest] = {
    "name": lambda v, x: _has(v.all_names(), x),
    "type": lambda v, x: _has(v.types, x),
    "not_type": lambda v, x: not _has(v.types, x),
    "subtype": lambda v, x: _has(v.subtypes, x),
    "supertype": lambda v, x: _has(v.supertypes, x),
    "not_supertype": lambda v, x: not _has(v.supertypes, x),
    "color": lambda v, x: any(w in v.colors for w in _words(x)),
    "not_color": lambda v, x: not any(w in v.colors for w in _words(x)),
    "colorless": lambda v, x: (not v.colors) == bool(x),
    "multicolored": lambda v, x: (len(v.colors) >= 2) == bool(x),
    "monocolored": lambda v, x: (len(v.colors) == 1) == bool(x),
    "mana_value": lambda v, x: v.mana_value == x,
    "mana_value_max": lambda v, x: v.mana_value <= x,
    "mana_value_min": lambda v, x: v.mana_value >= x,
    "keyword": lambda v, x: all(_has_keyword(v.keywords, k) for k in _words(x)),
    "power_max": lambda v, x: v.power is not None and v.power <= x,
    "power_min": lambda v, x: v.power is not None and v.power >= x,
    "zone": lambda v, x: v.zone in _words(x),
    "tapped": lambda v, x: v.tapped == bool(x),
    "token": lambda v, x: v.token == bool(x),
    "handle": lambda v, x: v.handle in _words(x),
}


def matches(view: ObjectView, flt: Mapping[str, Any], *, you: str | None,
            players: Sequence[str]) -> bool:
    """Whether ``view`` has every quality ``flt`` asks for (the case format's filter table)."""
    for key, value in flt.items():
        if key == "any":
            if not any(matches(view, sub, you=you, players=players) for sub in value):
                return False
        elif key == "not":
            if matches(view, value, you=you, players=players):
                return False
        elif key in ("controller", "owner"):
            if getattr(view, key) not in _player_set(value, you, players):
                return False
        elif key == "kicked" and view.kicked is not None:
            if view.kicked != bool(value):
                return False
        elif key == "blocking" and view.blocking is not None:
            if view.blocking != bool(value):
                return False
        elif key in _CHAR_TESTS:
            if not _CHAR_TESTS[key](view, value):
                return False
        else:
            raise Unsupported(f"filter key {key!r} is not expressible through this adapter")
    return True


class ViewSession:
    """Answers the case format's queries from an engine's object and player views.

    Subclasses provide :meth:`view` (one object by handle), :meth:`zone_views` (a zone's
    objects in order, library top first) and :meth:`player_query` (life, priority, step, ...).
    """

    players: Sequence[str] = ("alice", "bob")

    def view(self, handle: str) -> ObjectView:
        """The engine's view of the object the case calls ``handle``."""
        raise Unsupported("this adapter has no object views")

    def zone_views(self, zone: str, player: str | None) -> list[ObjectView]:
        """The engine's views of the objects in ``zone`` (of ``player``), in zone order."""
        raise Unsupported(f"this adapter cannot list the {zone}")

    def player_query(self, name: str, query: Mapping[str, Any]) -> Any:
        """Answer a query about players or the turn (``life``, ``priority``, ``step`` ...)."""
        raise Unsupported(f"query {name!r} is not supported by this adapter")

    # -- the generic part -----------------------------------------------------------------------

    def observe(self, query: Mapping[str, Any]) -> Any:
        """Answer ``query`` from the engine's views."""
        name = str(query.get("query"))
        if name in _OBJECT_QUERIES:
            return _OBJECT_QUERIES[name](self.view(str(query.get("object"))))
        if name == "matches":
            obj = self.view(str(query.get("object")))
            you = query.get("you", obj.controller)
            return matches(obj, dict(query.get("filter", {})), you=str(you),
                           players=self.players)
        if name in _SELECTION_QUERIES:
            return _SELECTION_QUERIES[name](self._selected(query))
        return self.player_query(name, query)

    def _selected(self, query: Mapping[str, Any]) -> list[ObjectView]:
        flt = dict(query.get("filter", {}))
        zone = str(query.get("zone", flt.pop("zone", "battlefield")))
        player = query.get("player")
        you = query.get("you", player)
        if you is None:
            you = self.player_query("active_player", {})
        return [v for v in self.zone_views(zone, None if player is None else str(player))
                if matches(v, flt, you=str(you), players=self.players)]


def _characteristics(v: ObjectView) -> dict[str, Any]:
    return {"name": v.name, "mana_cost": v.mana_cost, "mana_value": v.mana_value,
            "colors": v.colors_in_order(), "supertypes": list(v.supertypes),
            "types": list(v.types), "subtypes": list(v.subtypes), "power": v.power,
            "toughness": v.toughness, "keywords": sorted(v.keywords)}


#: The zones whose objects aren't permanents (CR 110.5d: they have no status).
_NOT_BATTLEFIELD = frozenset({"library", "hand", "graveyard"})

_OBJECT_QUERIES: dict[str, Callable[[ObjectView], Any]] = {
    "name": lambda v: v.name,
    "names": lambda v: list(v.all_names()),
    "mana_cost": lambda v: v.mana_cost,
    "mana_value": lambda v: v.mana_value,
    "colors": lambda v: v.colors_in_order(),
    "is_colorless": lambda v: not v.colors,
    "is_monocolored": lambda v: len(v.colors) == 1,
    "is_multicolored": lambda v: len(v.colors) >= 2,
    "types": lambda v: list(v.types),
    "subtypes": lambda v: list(v.subtypes),
    "supertypes": lambda v: list(v.supertypes),
    "power": lambda v: v.power,
    "toughness": lambda v: v.toughness,
    "keywords": lambda v: sorted(v.keywords),
    "zone": lambda v: v.zone,
    # 110.5d: only permanents have status; a card in another zone is neither tapped nor
    # untapped (a view whose zone the engine leaves unsaid keeps the engine's answer).
    "tapped": lambda v: None if v.zone in _NOT_BATTLEFIELD else v.tapped,
    "controller": lambda v: v.controller,
    "damage": lambda v: v.damage,
    "counters": lambda v: {k: n for k, n in sorted(v.counters.items()) if n > 0},
    "characteristics": _characteristics,
}

_SELECTION_QUERIES: dict[str, Callable[[list[ObjectView]], Any]] = {
    "count": len,
    "objects": lambda vs: [v.name for v in vs],
    "colors_among": lambda vs: [c for c in COLOR_WORDS if any(c in v.colors for v in vs)],
    "card_types_among": lambda vs: sorted({t for v in vs for t in v.types}),
}
