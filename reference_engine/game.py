"""The engine's public face: build a game from a setup, perform actions, answer queries."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import reference_engine.areas  # noqa: F401 - fills the registry with every rules area, from the top
from reference_engine.core.cards import CardCatalog
from reference_engine.core.characteristics import Characteristics
from reference_engine.core.eras import Era
from reference_engine.core.errors import RulesViolation, SetupError, UnsupportedQuery
from reference_engine.core.objects import GameObject
from reference_engine.core.registry import ACTIONS, QUERIES
from reference_engine.core.state import GameState, snapshot
from reference_engine.layers.system import characteristics_of
from reference_engine.setup import build_state

__all__ = ["Game"]


class Game:
    """One game of the reference engine.

    >>> game = Game.from_setup(setup, catalog=catalog, era=era)   # doctest: +SKIP
    >>> game.perform({"type": "pass_priority", "player": "alice"})  # doctest: +SKIP
    >>> game.observe({"query": "mana_value", "object": "ab"})  # doctest: +SKIP
    5
    """

    def __init__(self, state: GameState) -> None:
        self.state = state

    @classmethod
    def from_setup(cls, setup: Mapping[str, Any], *, catalog: CardCatalog, era: Era) -> Game:
        """Build the game a case's ``setup`` describes."""
        return cls(build_state(setup, catalog=catalog, era=era))

    # -- the two verbs ---------------------------------------------------------------------------

    def perform(self, action: Mapping[str, Any]) -> None:
        """Perform ``action``; raise :class:`~reference_engine.errors.RulesViolation` if the
        rules forbid it (the state is then unchanged)."""
        kind = str(action.get("type", ""))
        handler = ACTIONS.get(kind)
        if handler is None:
            raise UnsupportedQuery(
                f"unknown action type {kind!r} (known: {', '.join(sorted(ACTIONS))})"
            )
        before = snapshot(self.state)
        self.state.log("action", action=dict(action))
        try:
            handler(self, action)
        except (RulesViolation, SetupError):
            # An illegal action changes nothing (601.2 for casting; an illegal combat damage
            # division found only as the combat damage step begins, CR 510.1e): put it back.
            self.state.__dict__.clear()
            self.state.__dict__.update(before.__dict__)
            self.state.changed()
            raise
        self.state.changed()

    def observe(self, query: Mapping[str, Any]) -> Any:
        """Answer ``query`` with a JSON value."""
        kind = str(query.get("query", ""))
        handler = QUERIES.get(kind)
        if handler is None:
            raise UnsupportedQuery(
                f"unknown query {kind!r} (known: {', '.join(sorted(QUERIES))})"
            )
        return handler(self, query)

    # -- helpers for area modules ---------------------------------------------------------------

    @property
    def era(self) -> Era:
        """The rules era this game follows."""
        return self.state.era

    def object(self, ref: Any, *, field: str = "object") -> GameObject:
        """The object a query or action names by handle."""
        if not isinstance(ref, str):
            raise SetupError(f"{field} must be an object handle (a string), not {ref!r}")
        return self.state.by_handle(ref)

    def chars(self, obj: GameObject) -> Characteristics:
        """The current characteristics of ``obj`` (CR 613)."""
        return characteristics_of(self.state, obj.id)

    def player(self, ref: Any, *, field: str = "player") -> str:
        """A player named by a query or action."""
        if ref not in self.state.players:
            raise SetupError(
                f"{field}: unknown player {ref!r} (players: {', '.join(self.state.players)})"
            )
        return str(ref)

