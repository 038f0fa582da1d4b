"""A debugging aid: check every undo of a rejected action against a deep copy (off by default).

``REFERENCE_ENGINE_CHECK_UNDO=1`` in the environment (or ``CHECK_UNDO[0] = True`` in a test)
makes :meth:`reference_engine.game.Game.perform` take a deep copy of the state before each
action; when the action is rejected and undone (by replaying the journal, see
:class:`~reference_engine.game.Game`), the restored state must equal that copy field for field,
or the action raises AssertionError naming the differences. With the switch off (every run of
``mtgconf``, every engine answer) :func:`copy_if_checking` returns None and
:func:`check_restored` does nothing, so no answer depends on this module; ``tests/test_undo.py``
runs the spec suite with it on and checks that it catches a state that was not restored.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Mapping
from typing import Any

from reference_engine.core.state import _CACHES, SHARED_TYPES, GameState

__all__ = ["CHECK_UNDO", "check_restored", "checked_copy", "copy_if_checking", "differences"]

#: The switch: true while every undo is checked.
CHECK_UNDO = [os.environ.get("REFERENCE_ENGINE_CHECK_UNDO", "") not in ("", "0")]


def copy_if_checking(state: GameState) -> GameState | None:
    """A deep copy of ``state`` to compare an undo with, or None while the check is off."""
    return checked_copy(state) if CHECK_UNDO[0] else None


def checked_copy(state: GameState) -> GameState:
    """A deep copy of ``state`` that shares what a snapshot shares (card data, eras)."""
    memo: dict[int, Any] = {}
    for v in state.__dict__.values():
        _share(v, memo)
    memo[id(state.__dict__.get("_chars_cache"))] = None
    memo[id(state.__dict__.get("_chars_history"))] = None
    copied: GameState = copy.deepcopy(state, memo)
    return copied


def _share(value: Any, memo: dict[int, Any], depth: int = 0) -> None:
    """Mark the values a snapshot shares, so the checking copy shares them too."""
    if type(value) in SHARED_TYPES:
        memo[id(value)] = value
    elif depth < 50 and isinstance(value, (dict, list, tuple, set)):
        for v in (value.values() if isinstance(value, dict) else value):
            _share(v, memo, depth + 1)
    elif depth < 50 and hasattr(value, "__dict__") and not isinstance(value, type):
        for v in vars(value).values():
            _share(v, memo, depth + 1)


def check_restored(expected: GameState | None, state: GameState,
                   action: Mapping[str, Any]) -> None:
    """The restored state equals the copy taken before the action (nothing to check when
    ``expected`` is None), except for the version (a change counter for caches, which a
    rejected action still advances)."""
    if expected is None:
        return
    found = [d for d in differences(expected, state, limit=40)
             if not d.startswith("state['_version']")]
    if found:
        raise AssertionError(f"undoing the rejected action {dict(action)!r} did not restore "
                             "the state:\n  " + "\n  ".join(found))


def differences(a: Any, b: Any, where: str = "state", limit: int = 20) -> list[str]:
    """Where two states (or any values) differ, as ``path: a != b`` lines (at most ``limit``):
    fields, dict keys in order, list items, objects by type and fields. The characteristics
    cache and history are ignored; everything else, fields added later included, is compared."""
    out: list[str] = []
    _diff(a, b, where, out, limit)
    return out


def _diff(a: Any, b: Any, where: str, out: list[str], limit: int) -> None:
    if len(out) >= limit or a is b:
        return
    if type(a) is not type(b):
        out.append(f"{where}: {type(a).__name__} != {type(b).__name__}")
    elif isinstance(a, dict):
        if list(a) != list(b):
            out.append(f"{where}: keys {list(a)!r} != {list(b)!r}")
            return
        for k in a:
            _diff(a[k], b[k], f"{where}[{k!r}]", out, limit)
    elif isinstance(a, (list, tuple)):
        if len(a) != len(b):
            out.append(f"{where}: {len(a)} items != {len(b)} items")
            return
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            _diff(x, y, f"{where}[{i}]", out, limit)
    elif isinstance(a, GameState) or (hasattr(a, "__dict__") and type(a) not in SHARED_TYPES
                                      and not isinstance(a, type)):
        da = {k: v for k, v in vars(a).items() if k not in _CACHES}
        db = {k: v for k, v in vars(b).items() if k not in _CACHES}
        _diff(da, db, where if isinstance(a, GameState) else f"{where}<{type(a).__name__}>",
              out, limit)
    elif a != b:
        out.append(f"{where}: {a!r} != {b!r}")
