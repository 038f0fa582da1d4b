"""Tables of the actions, queries and setup hooks the engine understands.

Each rules-area module registers its handlers with the decorators here; :mod:`.areas` imports
every area module once. A case's ``action.type`` / ``observe.query`` picks the handler.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game
    from .state import GameState

__all__ = ["ACTIONS", "QUERIES", "SETUP_HOOKS", "action", "query", "setup_hook"]

ActionHandler = Callable[["Game", Mapping[str, Any]], None]
QueryHandler = Callable[["Game", Mapping[str, Any]], Any]
SetupHook = Callable[["GameState", Mapping[str, Any]], None]

ACTIONS: dict[str, ActionHandler] = {}
QUERIES: dict[str, QueryHandler] = {}
SETUP_HOOKS: list[SetupHook] = []


def action(name: str) -> Callable[[ActionHandler], ActionHandler]:
    """Register the handler of action ``name``."""
    def register(fn: ActionHandler) -> ActionHandler:
        if name in ACTIONS and ACTIONS[name] is not fn:
            raise ValueError(f"action {name!r} is registered twice")
        ACTIONS[name] = fn
        return fn
    return register


def query(name: str) -> Callable[[QueryHandler], QueryHandler]:
    """Register the handler of query ``name``."""
    def register(fn: QueryHandler) -> QueryHandler:
        if name in QUERIES and QUERIES[name] is not fn:
            raise ValueError(f"query {name!r} is registered twice")
        QUERIES[name] = fn
        return fn
    return register


def setup_hook(fn: SetupHook) -> SetupHook:
    """Register a function run after the common setup (for area-specific setup keys)."""
    SETUP_HOOKS.append(fn)
    return fn
