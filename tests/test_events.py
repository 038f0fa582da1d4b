"""The table of event kinds (``reference_engine/core/events.py``): every kind the engine logs
or matches is listed, each entry is logged somewhere, and logging an unknown kind is refused
with a message that says where to add it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from reference_engine.core.errors import EngineError
from reference_engine.core.events import EVENT_KINDS

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted((ROOT / "reference_engine").rglob("*.py"))

_MATCHED = re.compile(r'\b(?:event|e|ev)\.kind\s*[!=]=\s*"([a-z_-]+)"')
_MATCHED_IN = re.compile(r'\b(?:event|e|ev)\.kind\s+(?:not\s+)?in\s+[(\[{]([^)\]}]*)')


def _logged() -> dict[str, str]:
    """Every string the first argument of a ``.log(...)`` call can be (a conditional kind
    included), with a file that logs it."""
    found: dict[str, str] = {}
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "log" and node.args):
                for kind in _values(node.args[0]):
                    found.setdefault(kind, str(path.relative_to(ROOT)))
    return found


def _values(expr: ast.expr) -> list[str]:
    """The strings an expression can evaluate to: a literal, or either branch of a
    conditional (its test is not a value)."""
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return [expr.value]
    if isinstance(expr, ast.IfExp):
        return _values(expr.body) + _values(expr.orelse)
    return [f"<not a literal: {ast.unparse(expr)}>"]


def _matched() -> dict[str, str]:
    found: dict[str, str] = {}
    for path in SOURCES:
        text = path.read_text(encoding="utf-8")
        for m in _MATCHED.finditer(text):
            found.setdefault(m.group(1), str(path.relative_to(ROOT)))
        for m in _MATCHED_IN.finditer(text):
            for kind in re.findall(r'"([a-z_-]+)"', m.group(1)):
                found.setdefault(kind, str(path.relative_to(ROOT)))
    return found


def test_every_logged_kind_is_in_the_table() -> None:
    logged = _logged()
    assert logged, "the pattern finds the engine's log calls"
    assert {k: f for k, f in logged.items() if k not in EVENT_KINDS} == {}


def test_every_matched_kind_is_in_the_table() -> None:
    matched = _matched()
    assert "damage" in matched and "attacks" in matched  # the patterns find matchers
    assert {k: f for k, f in matched.items() if k not in EVENT_KINDS} == {}


def test_every_kind_in_the_table_is_logged_somewhere() -> None:
    assert sorted(set(EVENT_KINDS) - set(_logged())) == []


def test_each_kind_says_what_it_records_and_its_rule() -> None:
    for kind, meaning in EVENT_KINDS.items():
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*", kind), kind
        assert re.search(r"\(.*\d{3}.*\)$", meaning), (kind, meaning)


def test_logging_an_unknown_kind_is_refused() -> None:
    from reference_engine.core.state import GameState

    state = GameState.__new__(GameState)
    state.events = []
    with pytest.raises(EngineError, match=r"unknown event kind 'damgae'.*core/events\.py"):
        state.log("damgae", amount=1)
    assert state.log("damage", amount=1).kind == "damage"


# -- the slots of state.extra (reference_engine/core/state_keys.py) ------------------------------

def _extra_keys_in_source() -> dict[str, set[str]]:
    """Every key the engine's source reads or writes in ``state.extra`` (a literal, or a
    module constant resolved by importing its module) -> where."""
    import importlib

    import reference_engine  # noqa: F401 - every area imported

    def is_extra(node: ast.AST) -> bool:
        return isinstance(node, ast.Attribute) and node.attr == "extra" and (
            (isinstance(node.value, ast.Name) and node.value.id in ("state", "self"))
            or (isinstance(node.value, ast.Attribute) and node.value.attr == "state"))

    found: dict[str, set[str]] = {}
    root = Path(__file__).resolve().parent.parent
    for path in sorted((root / "reference_engine").rglob("*.py")):
        name = ".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__")
        module = importlib.import_module(name)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            key: ast.expr | None = None
            if isinstance(node, ast.Subscript) and is_extra(node.value):
                key = node.slice
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                  and node.func.attr in ("get", "setdefault", "pop") and node.args
                  and is_extra(node.func.value)):
                key = node.args[0]
            elif (isinstance(node, ast.Compare) and len(node.comparators) == 1
                  and isinstance(node.ops[0], (ast.In, ast.NotIn))
                  and is_extra(node.comparators[0])):
                key = node.left
            if key is None:
                continue
            value = (key.value if isinstance(key, ast.Constant)
                     else getattr(module, key.id, None) if isinstance(key, ast.Name) else None)
            found.setdefault(str(value) if value is not None else ast.unparse(key),
                             set()).add(f"{name}:{node.lineno}")
    return found


def test_every_key_of_state_extra_in_the_source_is_a_slot() -> None:
    from reference_engine.core.state_keys import STATE_KEYS

    used = _extra_keys_in_source()
    assert {k: sorted(v) for k, v in used.items() if k not in STATE_KEYS} == {}
    assert sorted(set(STATE_KEYS) - set(used)) == []  # a slot no code uses: take it out


def test_each_slot_names_its_area_and_rule() -> None:
    from reference_engine.core.state_keys import STATE_KEYS

    areas = {"core", "layers", "triggers", "sba", "damage", "objects", "resolution", "turn",
             "mana", "actions", "casting", "combat"}
    for key, slot in STATE_KEYS.items():
        assert slot.area in areas, key
        assert re.search(r"\(\d{3}", slot.holds), key


def test_an_unknown_key_of_state_extra_fails_loudly() -> None:
    from reference_engine.core.state import snapshot
    from reference_engine.core.state_keys import StateSlots, UnknownStateKey
    from tests.helpers import game

    state = game({}).state
    state.extra["passes"] = 7
    for use in (lambda: state.extra.get("pases"), lambda: state.extra.setdefault("pases", 0),
                lambda: state.extra.__setitem__("pases", 1), lambda: "pases" in state.extra,
                lambda: state.extra.pop("pases", None), lambda: state.extra["pases"]):
        with pytest.raises(UnknownStateKey, match="unknown state key 'pases'"):
            use()
    copied = snapshot(state)
    assert type(copied.extra) is StateSlots and copied.extra["passes"] == 7
    assert dict(copied.extra) == dict(state.extra)
    with pytest.raises(UnknownStateKey):
        copied.extra["pases"] = 1
