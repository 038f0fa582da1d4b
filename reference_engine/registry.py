"""Tables of the actions, queries and setup hooks the engine understands.

Each rules-area module registers its handlers with the decorators here; :mod:`.areas` imports
every area module once. A case's ``action.type`` / ``observe.query`` picks the handler.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from .vocab_spec import Params, describe

if TYPE_CHECKING:
    from .game import Game
    from .objects import GameObject
    from .state import GameState

__all__ = ["ACTIONS", "CAST_RESTRICTIONS", "LAND_PLAY_RESTRICTIONS", "QUERIES", "SETUP_HOOKS",
           "action", "cast_restriction", "land_play_restriction", "query", "setup_hook"]

ActionHandler = Callable[["Game", Mapping[str, Any]], None]
QueryHandler = Callable[["Game", Mapping[str, Any]], Any]
SetupHook = Callable[["GameState", Mapping[str, Any]], None]

ACTIONS: dict[str, ActionHandler] = {}
QUERIES: dict[str, QueryHandler] = {}
SETUP_HOOKS: list[SetupHook] = []
#: Rules that forbid casting a spell (CR 601.2, 601.3), each (state, the spell as proposed on
#: the stack with its chosen half) -> the reason it can't be cast, or None. The ``cast`` action
#: asks every one and rejects with failure class ``cannot-cast``.
CastRestriction = Callable[["GameState", "GameObject"], "str | None"]
CAST_RESTRICTIONS: list[CastRestriction] = []


def cast_restriction(fn: CastRestriction) -> CastRestriction:
    """Register a rule that can forbid casting a spell (returns a reason, or None)."""
    CAST_RESTRICTIONS.append(fn)
    return fn


#: Rules that forbid playing a land (CR 305.1), each (state, the land card) -> the reason, or
#: None. The ``play_land`` action asks every one and rejects with ``illegal-action``.
LAND_PLAY_RESTRICTIONS: list[CastRestriction] = []


def land_play_restriction(fn: CastRestriction) -> CastRestriction:
    """Register a rule that can forbid playing a land (returns a reason, or None)."""
    LAND_PLAY_RESTRICTIONS.append(fn)
    return fn


def action(name: str, *, params: Params = None, cr: tuple[str, ...] = (),
           example: str = "") -> Callable[[ActionHandler], ActionHandler]:
    """Register the handler of action ``name`` (with its parameters for the docs)."""
    def register(fn: ActionHandler) -> ActionHandler:
        if name in ACTIONS and ACTIONS[name] is not fn:
            raise ValueError(f"action {name!r} is registered twice")
        ACTIONS[name] = fn
        describe("actions", name, fn, params=params, cr=cr, example=example)
        return fn
    return register


def query(name: str, *, params: Params = None, cr: tuple[str, ...] = (),
          example: str = "") -> Callable[[QueryHandler], QueryHandler]:
    """Register the handler of query ``name`` (with its parameters for the docs)."""
    def register(fn: QueryHandler) -> QueryHandler:
        if name in QUERIES and QUERIES[name] is not fn:
            raise ValueError(f"query {name!r} is registered twice")
        QUERIES[name] = fn
        describe("queries", name, fn, params=params, cr=cr, example=example)
        return fn
    return register


def setup_hook(fn: SetupHook) -> SetupHook:
    """Register a function run after the common setup (for area-specific setup keys)."""
    SETUP_HOOKS.append(fn)
    return fn
