"""Write a case as readable TOML, laid out like the hand-written ones.

Header keys first, then ``[[cards]]``, ``[setup]`` with ``[[setup.objects]]`` and
``[[setup.effects]]``, then ``[[steps]]`` with one inline ``action``/``observe`` table each. Keys
come in a fixed order (the usual ones first, the rest sorted), so the text is deterministic;
``tomllib.loads(case_text(case)) == case`` holds for every case (tested).

:func:`toml_layout` gives what reading that text back would give (the same values, in the same key
order, lists for tuples) without writing or parsing it, so a generated case can be loaded at the
cost of its checks while its text stays one call away (tested equal, key order included).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["case_text", "inline", "toml_layout"]

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


class _NotPlain(Exception):
    """The value is one :func:`toml_layout` does not vouch for: let TOML text decide."""


#: Characters TOML forbids unescaped in a string that JSON leaves raw (DEL), and surrogates.
_RAW = re.compile("[\x7f\ud800-\udfff]")


def _plain_str(value: str) -> str:
    if "\x7f" in value or (not value.isascii() and _RAW.search(value)):
        raise _NotPlain
    return value


def _plain(value: Any) -> Any:
    """``value`` as tomllib reads back :func:`inline` ``(value)``: inline tables key-ordered
    like :func:`inline` writes them, lists for sequences, fresh containers."""
    kind = type(value)  # the common types first, exactly (subclasses take the long way)
    if kind is str:
        return _plain_str(value)
    if kind is int or kind is bool:
        return value
    if kind is dict:
        return _plain_table(value, _INLINE)
    if kind is list:
        return [_plain(v) for v in value]
    if isinstance(value, (bool, int)):
        return value
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise _NotPlain
        return value
    if isinstance(value, str):
        return _plain_str(value)
    if isinstance(value, Mapping):
        return _plain_table(value, _INLINE)
    if isinstance(value, Sequence):
        return [_plain(v) for v in value]
    raise _NotPlain


def _plain_table(table: Mapping[str, Any], first: Sequence[str], skip: Sequence[str] = ()
                 ) -> dict[str, Any]:
    for k in table:
        if not isinstance(k, str):
            raise _NotPlain
        _plain_str(k)
    return {k: _plain(v) for k, v in _ordered(table, first) if k not in skip}


def _tables(value: Any) -> list[Mapping[str, Any]]:
    """An array of tables as :func:`case_text` writes it (``[[...]]`` per entry)."""
    if not isinstance(value, Sequence) or isinstance(value, str) or not all(
            isinstance(v, Mapping) for v in value):
        raise _NotPlain
    return list(value)


def toml_layout(case: Mapping[str, Any]) -> dict[str, Any] | None:
    """What ``tomllib.loads(case_text(case))`` returns, built without the text; None when the
    case holds something this cannot vouch for (then write and read the text)."""
    try:
        return _layout(case)
    except (_NotPlain, RecursionError):
        return None


def _layout(case: Mapping[str, Any]) -> dict[str, Any]:
    known = set(_HEADER) | {"generated", "cards", "setup", "steps"}
    out = _plain_table({k: v for k, v in case.items() if k in _HEADER}, _HEADER)
    out.update(_plain_table({k: v for k, v in case.items() if k not in known}, ()))
    if "generated" in case:
        out["generated"] = _plain(case["generated"])
    cards = []
    for card in _tables(case.get("cards", [])):
        faces = card.get("faces")
        entry = _plain_table(card, _CARD, skip=("faces",) if faces else ())
        if faces:
            entry["faces"] = [_plain_table(face, _FACE) for face in _tables(faces)]
        cards.append(entry)
    if cards:
        out["cards"] = cards
    setup = case.get("setup", {})
    if not isinstance(setup, Mapping):
        raise _NotPlain
    tables = [k for k in ("objects", "effects") if setup.get(k)]
    plain_setup = _plain_table(setup, _SETUP, skip=tables)
    if "objects" in tables:
        plain_setup["objects"] = [_plain_table(o, _OBJECT) for o in _tables(setup["objects"])]
    if "effects" in tables:
        plain_setup["effects"] = [_plain_table(e, ("type",)) for e in _tables(setup["effects"])]
    out["setup"] = plain_setup
    steps = [_plain_table(step, _STEP) for step in _tables(case.get("steps", []))]
    if steps:
        out["steps"] = steps
    return out
