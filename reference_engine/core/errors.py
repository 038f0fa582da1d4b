"""Errors raised by the reference engine. All share :class:`EngineError`."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

__all__ = [
    "CardDataError",
    "EngineError",
    "RulesViolation",
    "SetupError",
    "UnsupportedQuery",
    "unreadable",
]


class EngineError(Exception):
    """Base class of every error the reference engine raises."""


class CardDataError(EngineError, ValueError):
    """Card data cannot be turned into a card definition."""


class SetupError(EngineError, ValueError):
    """A case's setup describes a state the engine cannot build (unknown card, bad handle, ...)."""


class UnsupportedQuery(EngineError, LookupError):
    """An observation or action the engine does not know."""


class RulesViolation(EngineError):
    """An action the rules forbid. ``failure`` is the failure class cases expect (CR-based),
    e.g. ``"timing"``, ``"illegal-target"``, ``"cannot-pay"``."""

    def __init__(self, failure: str, message: str) -> None:
        super().__init__(f"{failure}: {message}")
        self.failure = failure
        self.message = message


#: What a value of the wrong shape raises when rules code reads it (a number where a list of
#: words belongs, a table where a name belongs).
_SHAPE_ERRORS = (TypeError, ValueError, KeyError, AttributeError, IndexError)


@contextmanager
def unreadable(what: str, value: Any) -> Iterator[None]:
    """Read card or case data ``value`` (``what`` names it: "filter key 'type'") inside this
    block: a value of a shape the rules code can't read becomes a :class:`SetupError` naming
    the entry and the value (issue 38: card data that validates never crashes the engine)
    instead of a Python error from deep inside. The engine's own errors pass unchanged."""
    try:
        yield
    except EngineError:
        raise
    except _SHAPE_ERRORS as exc:
        shown = repr(value)
        if len(shown) > 200:
            shown = shown[:200] + "..."
        raise SetupError(f"{what} = {shown} can't be read: {type(exc).__name__}: {exc}") \
            from exc
