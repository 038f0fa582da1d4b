"""The registered ruling families, one module per rules area (importing registers them)."""

from __future__ import annotations

from . import (  # noqa: F401 - registers families
    casting,
    characteristics,
    combat,
    combat_costs,
    combat_keywords,
    copies,
    haste,
    life_costs,
    mana,
    modes,
    multiplayer,
    naming,
    objects,
    overload,
    piles,
    pregame,
    replacements,
    strike,
    teams,
    timing,
)

__all__: list[str] = []
