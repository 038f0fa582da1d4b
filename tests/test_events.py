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
