"""Answer shapes as data: ``spec/schema/answers.schema.json`` holds a JSON Schema for the value of
every query and the outcome of every action, with the conventions an exact comparison needs
(list orders, the Oracle order of mana symbols, era-dependent answers). This module checks an
answer against it, beyond what JSON Schema says (``x-order``, ``x-eras``), and renders it as
the table of ``docs/engine-authors.md``.

    python -m conformance.authoring.answers            # the table, on stdout
    python -m conformance.authoring.answers --write    # rewrite it in the guide
    python -m conformance.authoring.answers --check    # exit 1 if the guide is out of date
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

from conformance.spec.paths import spec_root

__all__ = ["GUIDE", "answer_problems", "guide_table", "load_answers", "oracle_color_order",
           "oracle_order_problem", "total_order_problem"]

ROOT = Path(__file__).resolve().parent.parent.parent
GUIDE = ROOT / "docs" / "engine-authors.md"
_BEGIN = "<!-- answers:begin (python -m conformance.authoring.answers --write) -->"
_END = "<!-- answers:end -->"
WUBRG = ("W", "U", "B", "R", "G")
_WORDS = {"white": 0, "blue": 1, "black": 2, "red": 3, "green": 4}
_BASICS = {"Plains": 0, "Island": 1, "Swamp": 2, "Mountain": 3, "Forest": 4}
_WUBRGC = {"W": 0, "U": 1, "B": 2, "R": 3, "G": 4, "C": 5}
_SYMBOL = re.compile(r"\{([^{}]+)\}")


@cache
def load_answers(root: Path | None = None) -> dict[str, Any]:
    """The answers schema of the spec at ``root`` (default: the spec in use)."""
    path = (root or spec_root()) / "schema" / "answers.schema.json"
    data: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return data


def oracle_color_order(colors: set[int]) -> list[int]:
    """Colors (0-4, WUBRG) in the order Oracle text writes them in one mana cost: a wedge (one
    color and its two enemies) as ally, enemy, ally with the later ally (in the wheel's
    direction) first; any other set in WUBRG order rotated to start after the widest gap."""
    pos = sorted(colors)
    if len(pos) == 3:
        for mid in pos:
            others = [p for p in pos if p != mid]
            if all((p - mid) % 5 in (2, 3) for p in others):
                first, second = others
                later = first if (second + 1) % 5 == first else second
                earlier = second if later == first else first
                return [later, mid, earlier]
    if len(pos) < 2:
        return pos
    gaps = [((pos[(i + 1) % len(pos)] - p) % 5 or 5, i) for i, p in enumerate(pos)]
    widest = max(gaps)[1]
    start = (widest + 1) % len(pos)
    return pos[start:] + pos[:start]


def oracle_order_problem(cost: str) -> str | None:
    """What breaks Oracle order in ``cost`` (see the schema's ``mana_cost``), or None."""
    symbols = _SYMBOL.findall(cost)
    rank: list[tuple[int, int]] = []
    colors: set[int] = set()
    for s in symbols:
        parts = s.split("/")
        cs = [WUBRG.index(p) for p in parts if p in WUBRG]
        colors |= set(cs)
        if s in ("X", "Y", "Z"):
            rank.append((0, "XYZ".index(s)))
        elif s.isdigit():
            rank.append((1, 0))
        elif not cs:
            rank.append((2, 0))
        else:
            rank.append((3, -1))  # filled below, once every color is known
    order = oracle_color_order(colors)
    for i, s in enumerate(symbols):
        if rank[i][0] == 3:
            cs = [WUBRG.index(p) for p in s.split("/") if p in WUBRG]
            rank[i] = (3, min(order.index(c) for c in cs))
    if sum(1 for r in rank if r[0] == 1) > 1:
        return f"{cost!r} has more than one generic number"
    if rank != sorted(rank):
        return f"{cost!r} is not in Oracle order"
    return None


def total_order_problem(cost: str) -> str | None:
    """What breaks the order of a total cost (the schema's ``total_cost``), or None."""
    symbols = _SYMBOL.findall(cost)
    rank = [(0, 0) if s.isdigit() else (1, WUBRG.index(s)) if s in WUBRG else (2, 0)
            for s in symbols]
    if sum(1 for r in rank if r[0] == 0) > 1:
        return f"{cost!r} has more than one generic number"
    if rank != sorted(rank):
        return f"{cost!r} is not generic, then WUBRG, then the other symbols"
    return None


def _order_problem(order: str, value: Any) -> str | None:
    """Whether the list ``value`` keeps the ``x-order`` that can be checked from it alone."""
    if isinstance(value, str) and order == "wubrgc":  # a mana pool's symbols
        value = _SYMBOL.findall(value)
    if not isinstance(value, list):
        return None
    keys: dict[str, Mapping[str, int]] = {"wubrg": {**_WORDS, **_BASICS}, "wubrgc": _WUBRGC}
    if order in keys:
        ranks = [keys[order].get(str(v), 99) for v in value]
        if ranks != sorted(ranks):
            return f"{value!r} is not in {order.upper()} order"
    elif order == "sorted" and value != sorted(value):
        return f"{value!r} is not sorted"
    return None


def _walk(schema: Any, value: Any, defs: Mapping[str, Any], out: list[str]) -> None:
    """Check ``x-order`` along ``schema`` and ``value`` (through ``$ref``, ``items``,
    ``properties`` and the ``oneOf`` branch the value's type takes)."""
    if not isinstance(schema, Mapping):
        return
    ref = schema.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        _walk(defs.get(ref.rsplit("/", 1)[1]), value, defs, out)
    order = schema.get("x-order")
    if order in ("oracle", "total") and isinstance(value, str):
        problem = (oracle_order_problem if order == "oracle" else total_order_problem)(value)
        if problem:
            out.append(problem)
    elif isinstance(order, str):
        problem = _order_problem(order, value)
        if problem:
            out.append(problem)
    if isinstance(value, list) and "items" in schema:
        for item in value:
            _walk(schema["items"], item, defs, out)
    if isinstance(value, dict) and isinstance(schema.get("properties"), Mapping):
        for key, sub in schema["properties"].items():
            if key in value:
                _walk(sub, value[key], defs, out)
    for branch in schema.get("oneOf", []):
        if Draft202012Validator(_with_defs(branch, defs)).is_valid(value):
            _walk(branch, value, defs, out)
            break


def _with_defs(schema: Mapping[str, Any], defs: Mapping[str, Any]) -> dict[str, Any]:
    return {"$defs": dict(defs), **schema}


def answer_problems(kind: str, name: str, value: Any, *, era: str,
                    doc: Mapping[str, Any] | None = None) -> list[str]:
    """What is wrong with ``value`` as the answer to query ``name`` (``kind`` = "queries") or
    the outcome of action ``name`` (``kind`` = "actions") under ``era``: its schema, its era's
    narrower schema, and its list and cost orders. [] when it is right in shape."""
    doc = doc if doc is not None else load_answers()
    defs = doc["$defs"]
    schema = doc[kind].get(name)
    if schema is None:
        return [f"no schema for {kind[:-1]} {name!r}"]
    value = json.loads(json.dumps(value))  # as it travels: tuples are lists
    out: list[str] = []
    for label, sub in (("", schema), (f" in era {era}", schema.get("x-eras", {}).get(era))):
        if sub is None:
            continue
        validator = Draft202012Validator(_with_defs(sub, defs))
        out += [f"{name}{label}: {e.message}" for e in validator.iter_errors(value)]
    _walk(schema, value, defs, out)
    return out


def _shape(schema: Mapping[str, Any]) -> str:
    """A schema in a few words, for the guide's table."""
    if "$ref" in schema:
        return str(schema["$ref"]).rsplit("/", 1)[1].replace("_", " ")
    if "oneOf" in schema:
        return " or ".join(_shape(s) for s in schema["oneOf"])
    kind = schema.get("type")
    if "enum" in schema:
        return " / ".join(f"`{json.dumps(v)}`" for v in schema["enum"])
    if kind == "array":
        return f"list of {_shape(schema.get('items', {}))}"
    if kind == "object":
        props = schema.get("properties")
        return "object" + (f" {{{', '.join(props)}}}" if isinstance(props, Mapping) else "")
    names = {"integer": "integer", "boolean": "boolean", "string": "string", "null": "null"}
    return names.get(str(kind), "any value")


def guide_table(doc: Mapping[str, Any] | None = None) -> str:
    """The guide's table of every query's answer, and the value conventions, from the schema."""
    doc = doc if doc is not None else load_answers()
    defs = doc["$defs"]
    lines = [_BEGIN, "",
             "Generated from `spec/schema/answers.schema.json`, which every answer of the "
             "reference engine to every case is checked against (`tests/test_author_answers.py`"
             "). A list is in the order named; *era* gives a narrower shape the answer has in "
             "that era.", "",
             f"**Oracle order** (every mana cost in an answer but a total cost): "
             f"{defs['mana_cost']['description']}", "",
             f"**Total cost** (`total_cost`): {defs['total_cost']['description']}.", "",
             f"**Mana pool**: {defs['mana_pool']['description']}.", "",
             "| query | answer | order and conventions | per era |", "|---|---|---|---|"]
    for name, schema in doc["queries"].items():
        conv = "; ".join(str(x) for x in (schema.get("x-order") and
                                          f"order: {schema['x-order']}",
                                          schema.get("x-convention")) if x)
        eras = "; ".join(f"{era}: {_shape(s)}" for era, s in schema.get("x-eras", {}).items())
        lines.append(f"| `{name}` | {_shape(schema)} | {_cell(conv)} | {_cell(eras)} |")
    lines += ["", "Every action's outcome is `{\"status\": \"ok\"}` or `{\"status\": \"rejected\", "
              "\"failure\": CLASS}` (CLASS one of " + ", ".join(
                  f"`{f}`" for f in defs["outcome"]["oneOf"][1]["properties"]["failure"]["enum"])
              + "), for the actions " + ", ".join(f"`{a}`" for a in doc["actions"]) + ".", "",
              _END]
    return "\n".join(lines)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def write_guide(path: Path = GUIDE, *, check: bool = False) -> bool:
    """Put the table between the guide's markers; with ``check``, only say whether it is
    current. True when the guide is (now) current."""
    text = path.read_text("utf-8")
    start, end = text.find(_BEGIN), text.find(_END)
    if start < 0 or end < 0:
        raise SystemExit(f"{path}: the answers markers are missing")
    new = text[:start] + guide_table() + text[end + len(_END):]
    if check:
        return new == text
    if new != text:
        path.write_text(new, "utf-8")
    return True


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (see the module docstring)."""
    parser = argparse.ArgumentParser(prog="python -m conformance.authoring.answers")
    parser.add_argument("--write", action="store_true", help="rewrite the guide's table")
    parser.add_argument("--check", action="store_true", help="exit 1 if the guide is stale")
    args = parser.parse_args(argv)
    if args.check:
        ok = write_guide(check=True)
        if not ok:
            print(f"{GUIDE} is out of date: python -m conformance.authoring.answers --write",
                  file=sys.stderr)
        return 0 if ok else 1
    if args.write:
        write_guide()
        return 0
    print(guide_table())
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
