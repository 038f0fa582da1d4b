"""Validate card data and case steps against the vocabulary the engine registered.

Every table of card data is checked against the registered specs
(:mod:`reference_engine.core.vocab_spec`): an ability's ``kind``, an effect's or operation's
``type``, a trigger's ``event``, an amount's or a condition's name, a static ``rule``, a filter's
keys, and every key of each of them. A name or key the engine does not know is a
:class:`Problem` with its place (a path of keys and indexes) and a did-you-mean hint, instead of
data that validates and then silently does nothing.

Entries registered without a parameter spec get one read from their handler's source: the keys
it (or a helper it hands the table to) reads from the table (:func:`keys_read`), typed by name
(``effects`` are effects, ``op`` an operation, ``filter`` a filter, ``amount`` an amount, ...).
"""

from __future__ import annotations

import ast
import difflib
import inspect
import textwrap
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import reference_engine.areas  # noqa: F401 - fills the registries
from reference_engine.core.amounts import AMOUNTS, MODIFIERS
from reference_engine.core.context import EFFECTS, ResolveContext
from reference_engine.core.registry import ACTIONS, QUERIES
from reference_engine.core.vocab_spec import VOCABULARY, Entry, Param, describe, parse_params
from reference_engine.layers import filters
from reference_engine.layers.conditions import CONDITIONS
from reference_engine.layers.effects import OPERATIONS
from reference_engine.static_rules import STATIC_RULES
from reference_engine.triggers.abilities import TRIGGER_MATCHERS

__all__ = ["Problem", "check_action", "check_card_data", "check_query", "check_setup_effect",
           "entries", "keys_read"]


@dataclass(frozen=True)
class Problem:
    """One thing wrong with card data or a step, at ``path`` (keys and list indexes)."""

    path: tuple[str | int, ...]
    message: str
    hint: str | None = None


def _hint(word: str, known: Sequence[str]) -> str:
    close = difflib.get_close_matches(word, list(known), n=3, cutoff=0.6)
    if close:
        return "did you mean " + " or ".join(repr(c) for c in close) + "?"
    return "known: " + ", ".join(sorted(known))


# -- parameters read from a handler's source ---------------------------------------------------

#: Parameter types by parameter name, for entries described only by their handler's source.
_TYPE_BY_NAME: dict[str, str] = {
    "effects": "effects", "op": "op", "except": "ops", "filter": "filter", "among": "filter",
    "spells": "filter", "amount": "amount", "condition": "condition", "token": "token",
    "abilities": "abilities", "targets": "targets", "trigger": "trigger", "cost": "any",
}


def _arg_index(node: ast.Call, name: str) -> int | None:
    for i, arg in enumerate(node.args):
        if isinstance(arg, ast.Name) and arg.id == name:
            return i
    return None


def _callee(fn: Callable[..., Any], node: ast.Call) -> Callable[..., Any] | None:
    func = node.func
    if isinstance(func, ast.Name):
        found = getattr(fn, "__globals__", {}).get(func.id)
        return found if callable(found) else None
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) \
            and func.value.id == "ctx":
        found = getattr(ResolveContext, func.attr, None)
        return found if callable(found) else None
    return None


@cache
def keys_read(fn: Callable[..., Any], position: int) -> frozenset[str]:
    """The keys ``fn`` reads from its parameter number ``position`` (a mapping): ``p["k"]``,
    ``p.get("k")``, ``"k" in p``, ``require(p, "k", ...)``, and what the functions it passes
    ``p`` to read (followed through module functions and the resolve context's methods)."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
    except (OSError, TypeError, SyntaxError):
        return frozenset()
    func = next((n for n in ast.walk(tree)
                 if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))), None)
    if func is None or position >= len(func.args.args):
        return frozenset()
    name = func.args.args[position].arg
    # A key held in a parameter with a default, ``def _count(p, key="count")``.
    args = func.args.args
    defaults = dict(zip([a.arg for a in args[len(args) - len(func.args.defaults):]],
                        func.args.defaults, strict=True))
    names = {k: str(v.value) for k, v in defaults.items()
             if isinstance(v, ast.Constant) and isinstance(v.value, str)}

    def key_of(node: ast.expr) -> str | None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        if isinstance(node, ast.Name) and node.id in names:
            return names[node.id]
        return None

    out: set[str] = set()
    for node in ast.walk(func):
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) \
                and node.value.id == name and key_of(node.slice) is not None:
            out.add(str(key_of(node.slice)))
        elif isinstance(node, ast.Compare) and isinstance(node.left, ast.Constant) \
                and isinstance(node.left.value, str) and any(
                    isinstance(c, ast.Name) and c.id == name for c in node.comparators):
            out.add(node.left.value)
        elif isinstance(node, ast.Call):
            f = node.func
            if isinstance(f, ast.Attribute) and f.attr == "get" \
                    and isinstance(f.value, ast.Name) and f.value.id == name and node.args \
                    and key_of(node.args[0]) is not None:
                out.add(str(key_of(node.args[0])))
                continue
            index = _arg_index(node, name)
            if index is None:
                continue
            # A helper given the table and a key, ``_int(params, "power", ctx)``.
            if index + 1 < len(node.args) and key_of(node.args[index + 1]) is not None:
                out.add(str(key_of(node.args[index + 1])))
            callee = _callee(fn, node)
            if callee is not None and callee is not fn:
                offset = 1 if isinstance(f, ast.Attribute) else 0
                out |= keys_read(callee, index + offset)
    return frozenset(out)


def _derived(table: str, name: str, fn: Callable[..., Any], position: int,
             skip: frozenset[str] = frozenset()) -> Entry:
    """The entry of ``name`` in ``table``: as described, else with parameters read from
    ``fn``'s source (registered in the vocabulary so the docs list them too)."""
    found = VOCABULARY[table].get(name)
    if found is not None and found.params:
        return found
    keys = sorted(keys_read(fn, position) - skip)
    params = {k: f"{_TYPE_BY_NAME.get(k, 'any')}: read by the handler" for k in keys}
    doc = found.doc if found is not None else None
    return describe(table, name, fn, params=params, cr=found.cr if found else (),
                    example=found.example if found else "", arg=found.arg if found else None,
                    doc=doc)


@cache
def entries() -> dict[str, dict[str, Entry]]:
    """Every table of the vocabulary, each entry with its parameters (described or read)."""
    for name, fn in EFFECTS.items():
        _derived("effects", name, fn, 1, frozenset({"type"}))
    for name, op in OPERATIONS.items():
        _derived("operations", name, op.apply, 1, frozenset({"type"}))
    for name, matcher in TRIGGER_MATCHERS.items():
        _derived("trigger events", name, matcher, 2, frozenset({"event", "zones"}))
    for name, cond in CONDITIONS.items():
        if VOCABULARY["conditions"].get(name) is None:
            describe("conditions", name, cond, arg="any")
    for name, amt in AMOUNTS.items():
        if VOCABULARY["amounts"].get(name) is None:
            describe("amounts", name, amt, arg="any")
    for name, handler in QUERIES.items():
        _derived("queries", name, handler, 1, frozenset({"query"}))
    for name, handler in ACTIONS.items():
        _derived("actions", name, handler, 1, frozenset({"type"}))
    return VOCABULARY


# -- checking data ----------------------------------------------------------------------------

Path = tuple[str | int, ...]
#: Keys every effect may carry, handled by the resolution machinery itself (CR 608.2c, 702.33e).
COMMON_EFFECT_PARAMS = parse_params({
    "type": "str!: the effect (one of Effects)",
    "if_kicked": "bool: only if the spell was (true) or wasn't (false) kicked (702.33e)",
    "condition": "condition: only if this holds as the effect is reached (608.2c)",
    "remember": "str: remember the objects the effect moved under this name (608.2c)",
    "if_remembered": "any: a name: only if an earlier part of the effect remembered something "
                     "under it (\"if you do\", 608.2c); transform also takes {what, filter}",
    "link": "str: keep the objects it moved for the source's linked abilities (607.2a)",
    "note": "str: a remark for readers; ignored",
})
#: Keys of a target slot (CR 115.1, 601.2c).
TARGET_PARAMS = parse_params({
    "name": "str: the slot's name, used by effects' ``target`` (default t0, t1, ...)",
    "kind": "str: creature, player, any, permanent, spell, card or player_or_planeswalker",
    "filter": "filter: what the target must match",
    "zone": "str: the zone the target is in (default from the kind)",
    "count": "any: how many targets the slot takes",
    "if_kicked": "bool: the slot exists only if the spell is kicked (702.33g)",
    "player": "str: for a player target, \"opponent\" or \"you\"",
    "optional": "bool: \"up to one\": the slot may be left empty",
})
COST_PARAMS = parse_params({
    "mana": "mana: a mana cost paid from the pool", "tap": "bool: {T} (107.5)",
    "untap": "bool: {Q} (107.6)", "life": "int: pay life (119.4)",
    "sacrifice_self": "bool: sacrifice this permanent", "sacrifice": "filter: sacrifice a "
    "permanent you control matching the filter", "discard_self": "bool: discard this card",
    "discard": "filter: discard a card matching the filter",
    "remove_counters": "table: remove counters from this permanent",
    "exile_self": "bool: exile this card",
    "loyalty": "int: a loyalty ability's cost, +N or -N loyalty counters (606.4)",
})
TOKEN_PARAMS = parse_params({
    "name": "str: the token's name (default its subtypes + Token, 111.4)",
    "types": "words: card types", "subtypes": "words: subtypes", "supertypes": "words: "
    "supertypes", "colors": "colors: colors", "power": "any: power", "toughness": "any: "
    "toughness", "abilities": "abilities: abilities as data", "keywords": "words: keywords",
    "mana_cost": "mana: a mana cost, if the effect gives one",
})


def _params_of(entry: Entry, extra: tuple[Param, ...] = ()) -> dict[str, Param]:
    out = {p.name: p for p in (*entry.params, *extra)}
    if "target" in out and "to" not in out and out["target"].type == "ref":
        # "to" is the other spelling of "target" ("deals 2 damage to ..."), read alike.
        out["to"] = Param("to", "ref", "the same as target")
    return out


def _check_keys(data: Mapping[str, Any], allowed: Mapping[str, Param], path: Path,
                what: str) -> Iterator[Problem]:
    for key in data:
        if key not in allowed:
            yield Problem((*path, key), f"unknown key {key!r} in {what}",
                          _hint(str(key), list(allowed)))
    for p in allowed.values():
        if p.required and p.name not in data:
            yield Problem(path, f"{what} needs {p.name!r}", p.doc or None)


def _check_params(data: Mapping[str, Any], allowed: Mapping[str, Param], path: Path,
                  what: str) -> Iterator[Problem]:
    yield from _check_keys(data, allowed, path, what)
    for key, value in data.items():
        param = allowed.get(key)
        if param is not None:
            yield from check_value(param.type, value, (*path, key))


def _named(table: str, data: Any, key: str, path: Path, what: str
           ) -> tuple[Entry | None, list[Problem]]:
    if not isinstance(data, Mapping):
        return None, [Problem(path, f"{what} must be a table, not {data!r}")]
    name = data.get(key)
    known = entries()[table]
    if not isinstance(name, str):
        return None, [Problem((*path, key), f"{what} needs {key!r}", _hint("", list(known)))]
    if name not in known:
        singular = table[:-1] if table.endswith("s") else table
        return None, [Problem((*path, key), f"unknown {singular} {name!r}",
                              _hint(name, list(known)))]
    return known[name], []


def check_effect(data: Any, path: Path) -> Iterator[Problem]:
    """Check one effect table (its ``type`` and keys, recursively)."""
    found, problems = _named("effects", data, "type", path, "an effect")
    yield from problems
    if found is not None:
        yield from _check_params(data, _params_of(found, COMMON_EFFECT_PARAMS), path,
                                 f"effect {found.name!r}")


def check_operation(data: Any, path: Path) -> Iterator[Problem]:
    """Check one layer operation table."""
    found, problems = _named("operations", data, "type", path, "an operation")
    yield from problems
    if found is not None:
        extra = parse_params({"type": "str!: the operation"})
        yield from _check_params(data, _params_of(found, extra), path,
                                 f"operation {found.name!r}")


def check_filter(data: Any, path: Path) -> Iterator[Problem]:
    """Check a filter table's keys (``any`` and ``not`` recursively)."""
    if not isinstance(data, Mapping):
        if isinstance(data, str):
            return  # "self", "enchanted", ... where an area accepts a name
        yield Problem(path, f"a filter must be a table, not {data!r}")
        return
    for key, value in data.items():
        if key not in filters.FILTER_KEYS:
            yield Problem((*path, key), f"unknown filter key {key!r}",
                          _hint(str(key), sorted(filters.FILTER_KEYS)))
        elif key == "any" and isinstance(value, list):
            for i, sub in enumerate(value):
                yield from check_filter(sub, (*path, key, i))
        elif key == "not":
            yield from check_filter(value, (*path, key))


def check_amount(data: Any, path: Path) -> Iterator[Problem]:
    """Check an amount: an integer, "X", or a table naming one registered amount."""
    if isinstance(data, bool) or not isinstance(data, (int, str, Mapping)):
        yield Problem(path, f"an amount must be an integer, 'X' or a table, not {data!r}")
        return
    if not isinstance(data, Mapping):
        return
    known = entries()["amounts"]
    names = [k for k in data if k not in MODIFIERS]
    if len(names) != 1:
        yield Problem(path, f"an amount table names exactly one amount, not {names!r}",
                      "known: " + ", ".join(sorted(known)))
        return
    name = names[0]
    if name not in known:
        yield Problem((*path, name), f"unknown amount {name!r}", _hint(name, list(known)))
        return
    entry = known[name]
    if entry.arg is None and entry.params and isinstance(data[name], Mapping):
        yield from _check_params(data[name], _params_of(entry), (*path, name),
                                 f"amount {name!r}")


def check_condition(data: Any, path: Path) -> Iterator[Problem]:
    """Check a condition table: each key a registered condition."""
    if not isinstance(data, Mapping):
        yield Problem(path, f"a condition must be a table, not {data!r}")
        return
    known = entries()["conditions"]
    for key, value in data.items():
        if key not in known:
            yield Problem((*path, key), f"unknown condition {key!r}", _hint(str(key),
                                                                             list(known)))
            continue
        entry = known[key]
        if entry.arg is not None:
            yield from check_value(entry.arg, value, (*path, key))
        elif entry.params and isinstance(value, Mapping):
            yield from _check_params(value, _params_of(entry), (*path, key),
                                     f"condition {key!r}")


def check_trigger(data: Any, path: Path) -> Iterator[Problem]:
    """Check a trigger table (its ``event`` and keys)."""
    found, problems = _named("trigger events", data, "event", path, "a trigger")
    yield from problems
    if found is not None:
        extra = parse_params({"event": "str!: the trigger event",
                              "zones": "words: zones it triggers from (default battlefield)"})
        yield from _check_params(data, _params_of(found, extra), path,
                                 f"trigger {found.name!r}")


def check_ability(data: Any, path: Path) -> Iterator[Problem]:
    """Check one ability table (its ``kind`` and keys, recursively)."""
    found, problems = _named("ability kinds", data, "kind", path, "an ability")
    yield from problems
    if found is not None:
        yield from _check_params(data, _params_of(found), path, f"a {found.name} ability")


def _listed(check: Callable[[Any, Path], Iterator[Problem]], data: Any, path: Path
            ) -> Iterator[Problem]:
    if not isinstance(data, list):
        yield Problem(path, f"expected a list, not {data!r}")
        return
    for i, item in enumerate(data):
        yield from check(item, (*path, i))


def _check_rule(data: Any, path: Path) -> Iterator[Problem]:
    if not isinstance(data, str) or data not in STATIC_RULES:
        yield Problem(path, f"unknown static rule {data!r}", _hint(str(data),
                                                                  sorted(STATIC_RULES)))


def _check_table(params: tuple[Param, ...], what: str) -> Callable[[Any, Path],
                                                                  Iterator[Problem]]:
    def check(data: Any, path: Path) -> Iterator[Problem]:
        if not isinstance(data, Mapping):
            yield Problem(path, f"{what} must be a table, not {data!r}")
            return
        yield from _check_params(data, {p.name: p for p in params}, path, what)
    return check


_CHECKS: dict[str, Callable[[Any, Path], Iterator[Problem]]] = {
    "effects": lambda d, p: _listed(check_effect, d, p),
    "op": check_operation,
    "ops": lambda d, p: _listed(check_operation, d, p),
    "filter": check_filter,
    "amount": check_amount,
    "condition": check_condition,
    "trigger": check_trigger,
    "abilities": lambda d, p: _listed(check_ability, d, p),
    "targets": lambda d, p: _listed(_check_table(TARGET_PARAMS, "a target slot"), d, p),
    "cost": _check_table(COST_PARAMS, "a cost"),
    "token": _check_table(TOKEN_PARAMS, "a token"),
    "rule": _check_rule,
}


def check_value(kind: str, value: Any, path: Path) -> Iterator[Problem]:
    """Check ``value`` as a parameter of type ``kind`` (types without structure pass)."""
    check = _CHECKS.get(kind)
    if check is not None:
        yield from check(value, path)


def check_card_data(card: Mapping[str, Any]) -> list[Problem]:
    """Every problem with the abilities of a card mapping (the ``spec/cards`` format)."""
    out: list[Problem] = []
    faces = card.get("faces")
    if isinstance(faces, list):
        for i, face in enumerate(faces):
            if isinstance(face, Mapping):
                out += _listed(check_ability, face.get("abilities", []), ("faces", i,
                                                                          "abilities"))
    out += _listed(check_ability, card.get("abilities", []), ("abilities",))
    return out


def check_setup_effect(entry: Mapping[str, Any]) -> list[Problem]:
    """Every problem with a case's ``setup.effects`` entry: its operation and keys (the keys
    that describe the effect itself, ``affected``, ``duration``, ..., aside)."""
    from reference_engine.setup import EFFECT_META_KEYS

    op = {k: v for k, v in entry.items() if k not in EFFECT_META_KEYS}
    out = list(check_operation(op, ()))
    if isinstance(entry.get("affected"), Mapping):
        out += check_filter(entry["affected"], ("affected",))
    if "condition" in entry:
        out += check_condition(entry["condition"], ("condition",))
    return out


def _check_step(table: str, key: str, data: Mapping[str, Any], what: str) -> list[Problem]:
    name = data.get(key)
    known = entries()[table]
    if not isinstance(name, str) or name not in known:
        return [Problem((key,), f"the reference engine knows no {what} {name!r}",
                        _hint(str(name), list(known)))]
    return []


def check_action(action: Mapping[str, Any]) -> list[Problem]:
    """A problem if ``action.type`` is not an action the reference engine knows."""
    return _check_step("actions", "type", action, "action")


def check_query(query: Mapping[str, Any]) -> list[Problem]:
    """A problem if ``observe.query`` is not a query the reference engine knows."""
    return _check_step("queries", "query", query, "query")

