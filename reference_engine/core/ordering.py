"""Hook lists in an explicit order: each hook carries the CR number it carries out.

Areas register hooks into lists at the bottom of the engine (turn-based actions of a step,
restrictions, things done as an object moves, ...). Kept in the order their modules happened to
be imported, a new import line could change what a game does; here each hook states its rule,
and a list stays sorted by it (CR 514.1 before 514.2, 702.9 before 702.16). Hooks of one rule
number happen at the same time by the rules; among them the hook's qualified name decides, so
that no import order ever does.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["HOOK_ORDER", "add_in_order", "cr_order", "in_cr_order"]

_Hook = TypeVar("_Hook", bound=Callable[..., Any])

#: Each registered hook's ordering key (from :func:`cr_order`, or a setup stage's place).
HOOK_ORDER: dict[Callable[..., Any], tuple[Any, ...]] = {}


def cr_order(number: str) -> tuple[Any, ...]:
    """A CR number as a sort key: ``"514.2"`` < ``"514.10"`` < ``"702.9"`` < ``"702.96b"``."""
    if not re.fullmatch(r"\d+(\.\d+[a-z]?)?", number):
        raise ValueError(f"not a CR rule number: {number!r}")
    return tuple(int(p) if p.isdigit() else p for p in re.findall(r"\d+|[a-z]", number))


def add_in_order(hooks: list[_Hook], fn: _Hook, key: tuple[Any, ...]) -> _Hook:
    """Put ``fn`` into ``hooks`` at the place its ``key`` gives it."""
    HOOK_ORDER[fn] = key
    if fn not in hooks:
        hooks.append(fn)
    unordered = [h for h in hooks if h not in HOOK_ORDER]
    if unordered:
        raise ValueError(f"{unordered[0].__module__}.{unordered[0].__qualname__} was put into a "
                         "hook list without its rule number: register it with in_cr_order() "
                         "or the list's own decorator, naming the CR number it carries out")
    hooks.sort(key=lambda h: (HOOK_ORDER[h], h.__module__, h.__qualname__))
    return fn


def in_cr_order(hooks: list[_Hook], *, cr: str) -> Callable[[_Hook], _Hook]:
    """A decorator registering a hook of rule ``cr`` into ``hooks``, in CR order."""
    key = cr_order(cr)
    return lambda fn: add_in_order(hooks, fn, key)
