"""Write a case as readable TOML, laid out like the hand-written ones.

Header keys first, then ``[[cards]]``, ``[setup]`` with ``[[setup.objects]]`` and
``[[setup.effects]]``, then ``[[steps]]`` with one inline ``action``/``observe`` table each. Keys
come in a fixed order (the usual ones first, the rest sorted), so the text is deterministic;
``tomllib.loads(case_text(case)) == case`` holds for every case (tested).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["case_text", "inline"]

_BARE = re.compile(r"^[A-Za-z0-9_-]+$")
_HEADER = ("id", "title", "description", "rulings", "rules", "eras", "features")
_CARD = ("name", "layout", "mana_cost", "color_indicator", "supertypes", "types", "subtypes",
         "power", "toughness", "oracle_text")
_FACE = _CARD[:1] + _CARD[2:]
_SETUP = ("players", "active", "priority", "turn", "step", "life", "mana_pool", "choices")
_OBJECT = ("handle", "card", "token", "zone", "owner", "controller")
_STEP = ("action", "observe", "expect", "expect_null", "compare", "reject", "note")
_INLINE = ("type", "query", "player", "object", "kind", "name")


def _key(key: str) -> str:
    return key if _BARE.match(key) else json.dumps(key, ensure_ascii=False)


def inline(value: Any) -> str:
    """A TOML value on one line (strings, numbers, booleans, arrays and inline tables)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, Mapping):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{_key(k)} = {inline(v)}"
                                for k, v in _ordered(value, _INLINE)) + " }"
    if isinstance(value, Sequence):
        return "[" + ", ".join(inline(v) for v in value) + "]"
    raise TypeError(f"cannot write {value!r} ({type(value).__name__}) as TOML")


def _ordered(table: Mapping[str, Any], first: Sequence[str]) -> list[tuple[str, Any]]:
    keys = [k for k in first if k in table] + sorted(k for k in table if k not in first)
    return [(k, table[k]) for k in keys]


def _lines(table: Mapping[str, Any], first: Sequence[str], skip: Sequence[str] = ()
           ) -> list[str]:
    return [f"{_key(k)} = {inline(v)}" for k, v in _ordered(table, first) if k not in skip]


def case_text(case: Mapping[str, Any]) -> str:
    """The case as TOML text."""
    known = set(_HEADER) | {"generated", "cards", "setup", "steps"}
    out = _lines({k: v for k, v in case.items() if k in _HEADER}, _HEADER)
    out += _lines({k: v for k, v in case.items() if k not in known}, ())
    if "generated" in case:
        out.append(f"generated = {inline(case['generated'])}")
    for card in case.get("cards", []):
        out += ["", "[[cards]]", *_lines(card, _CARD, skip=("faces",) if card.get("faces")
                                         else ())]
        for face in card.get("faces", []):
            out += ["", "[[cards.faces]]", *_lines(face, _FACE)]
    setup = case.get("setup", {})
    tables = [k for k in ("objects", "effects") if setup.get(k)]
    out += ["", "[setup]", *_lines(setup, _SETUP, skip=tables)]
    for o in setup.get("objects", []):
        out += ["", "[[setup.objects]]", *_lines(o, _OBJECT)]
    for e in setup.get("effects", []):
        out += ["", "[[setup.effects]]", *_lines(e, ("type",))]
    for step in case.get("steps", []):
        out += ["", "[[steps]]", *_lines(step, _STEP)]
    return "\n".join(out) + "\n"
