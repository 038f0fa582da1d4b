"""Triggered keyword abilities counted instance by instance (CR 702.1, 113.2c).

Most triggered keywords say "if a creature has multiple instances of [keyword], each triggers
separately" (rampage 702.23c, flanking 702.25b, bushido 702.45b, annihilator 702.86b, battle cry
702.91b, prowess 702.108b, ...). An object's instances of such a keyword are:

* each keyword ability written as data, ``{kind = "keyword", keyword = "bushido", n = 2}``
  (printed, or granted as an ability by ``add_abilities``): one instance each, its number ``n``
  (or a number written after the name, ``keyword = "bushido 2"``);
* each keyword granted by name only (``add_abilities {keywords = ["bushido 1"]}``) that no
  ability table stands for: one instance.

A module that owns the keyword's rule registers what one instance means with
:func:`triggered_keyword`: a function from the instance's number (None for a keyword without
one) to the triggered abilities, as data, that the instance stands for. Each instance is then a
separate ability that triggers on its own (:data:`KEYWORD_TRIGGER_FAMILIES`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.errors import SetupError
from reference_engine.triggers.abilities import KEYWORD_TRIGGER_FAMILIES

if TYPE_CHECKING:
    from reference_engine.core.characteristics import Characteristics

__all__ = ["TRIGGERED_KEYWORDS", "keyword_instances", "triggered_keyword"]

Builder = Callable[[int | None], list[dict[str, Any]]]
#: What one instance of a triggered keyword stands for, by keyword (lower case).
TRIGGERED_KEYWORDS: dict[str, Builder] = {}
_NAMED = re.compile(r"^(.*?)\s+(\d+)$")


def triggered_keyword(name: str, builder: Builder) -> None:
    """Register the triggered abilities one instance of keyword ``name`` stands for."""
    TRIGGERED_KEYWORDS[name.casefold()] = builder


def _split(text: str) -> tuple[str, int | None]:
    """``"bushido 2"`` -> ("bushido", 2); ``"prowess"`` -> ("prowess", None)."""
    m = _NAMED.match(text.casefold().strip())
    return (m.group(1), int(m.group(2))) if m else (text.casefold().strip(), None)


def _number(ability: Mapping[str, Any], written: int | None) -> int | None:
    n = ability.get("n", written)
    if n is None:
        return None
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise SetupError(f"keyword {ability.get('keyword')!r}: n must be a whole number, "
                         f"not {n!r}")
    return n


def keyword_instances(chars: Characteristics, name: str) -> list[int | None]:
    """The numbers of each instance of keyword ``name`` the object has (CR 702.1, 113.2c):
    one entry per instance, None for an instance without a number."""
    name = name.casefold()
    out: list[int | None] = []
    tabled: set[str] = set()
    for ability in chars.abilities:
        if ability.get("kind") != "keyword":
            continue
        text = str(ability.get("keyword", ""))
        base, written = _split(text)
        if base != name:
            continue
        tabled.add(text.casefold())
        out.append(_number(ability, written))
    for kw in sorted(chars.keywords):
        base, written = _split(kw)
        if base == name and kw not in tabled:
            out.append(written)
    return out


def _instance_abilities(chars: Characteristics) -> list[dict[str, Any]]:
    """The triggered abilities the object's instances of registered keywords stand for, each
    instance separately (702.23c, 702.45b, ...)."""
    out: list[dict[str, Any]] = []
    if not chars.keywords:
        return out
    bases = {_split(kw)[0] for kw in chars.keywords}
    for name in sorted(bases & set(TRIGGERED_KEYWORDS)):
        for n in keyword_instances(chars, name):
            out += TRIGGERED_KEYWORDS[name](n)
    return out


KEYWORD_TRIGGER_FAMILIES.append(_instance_abilities)
