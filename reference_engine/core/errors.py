"""Errors raised by the reference engine. All share :class:`EngineError`."""

from __future__ import annotations

__all__ = [
    "CardDataError",
    "EngineError",
    "RulesViolation",
    "SetupError",
    "UnsupportedQuery",
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
