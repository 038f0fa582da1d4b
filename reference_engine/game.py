"""The engine's public face: build a game from a setup, perform actions, answer queries."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

import reference_engine.areas  # noqa: F401 - fills the registry with every rules area, from the top
from reference_engine.core.cards import CardCatalog
from reference_engine.core.characteristics import Characteristics
from reference_engine.core.eras import Era
from reference_engine.core.errors import EngineError, RulesViolation, SetupError, UnsupportedQuery
from reference_engine.core.objects import GameObject
from reference_engine.core.registry import ACTIONS, PREGAME_ACTIONS, PREGAME_KEY, QUERIES
from reference_engine.core.state import GameState, snapshot
from reference_engine.layers.system import characteristics_of
from reference_engine.setup import build_state
from reference_engine.undo_check import CHECK_UNDO, check_restored, copy_if_checking

__all__ = ["CHECK_UNDO", "Game"]

#: Journal entries after which a game takes a new checkpoint, so undoing never replays more.
CHECKPOINT_EVERY = 64
#: A game takes a new checkpoint once its journal's actions took this many times as long as
#: a snapshot does (and at least CHECKPOINT_SECONDS): checkpoints then cost at most about 1/20
#: of the actions' time, and an undo replays at most about 20 snapshots' worth of work. Which
#: of the two happens changes only the time, never the state.
CHECKPOINT_RATIO = 20
CHECKPOINT_SECONDS = 0.002
#: A running estimate of what a snapshot costs, in seconds (updated as checkpoints are taken).
_SNAPSHOT_SECONDS = [0.0001]


class Game:
    """One game of the reference engine.

    >>> game = Game.from_setup(setup, catalog=catalog, era=era)   # doctest: +SKIP
    >>> game.perform({"type": "pass_priority", "player": "alice"})  # doctest: +SKIP
    >>> game.observe({"query": "mana_value", "object": "ab"})  # doctest: +SKIP
    5

    Undo without copying: an action the rules forbid must change nothing (CR 601.2, 733.1), yet
    almost every action is allowed, so none is copied ahead. The game keeps a *journal* of what
    did (the actions allowed) since a starting point (its setup, or a
    :func:`~reference_engine.state.snapshot` checkpoint); to undo an action it rebuilds the
    starting point and replays the journal. The engine is deterministic, so that gives every
    field of the state back, including fields added after this was written. Any other change
    to the state (a query that ends an effect, a test editing the state) goes through
    :meth:`GameState.changed`, so the version tells: the next action starts a new checkpoint.
    ``CHECK_UNDO`` (:mod:`reference_engine.undo_check`) compares every undo with a deep copy;
    the test suite runs every case so.
    """

    def __init__(self, state: GameState, *,
                 rebuild: Callable[[], GameState] | None = None) -> None:
        self.state = state
        #: Makes a fresh copy of the starting point; None until the first checkpoint.
        self._rebuild = rebuild
        self._journal: list[Mapping[str, Any]] = []
        #: Seconds the journal's actions took: about what replaying them costs.
        self._cost = 0.0
        #: The state's version when the journal last described it (None: it does not).
        self._synced: int | None = state.version if rebuild is not None else None

    @classmethod
    def from_setup(cls, setup: Mapping[str, Any], *, catalog: CardCatalog, era: Era) -> Game:
        """Build the game a case's ``setup`` describes."""
        own = _plain_copy(setup)  # rebuilt from this, so no later change to ``setup`` counts
        state = build_state(own, catalog=catalog, era=era)
        history = _start_history(state)
        return cls(state, rebuild=partial(_build_fresh, own, catalog, era, history))

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
        self._sync()
        before = self.state.version
        expected = copy_if_checking(self.state)
        began = time.perf_counter()
        try:
            self._apply(handler, action)
        except (RulesViolation, SetupError):
            # An illegal action changes nothing (601.2 for casting; an illegal combat damage
            # division found only as the combat damage step begins, CR 510.1e): put it back.
            self._restore(before)
            check_restored(expected, self.state, action)
            self._synced = self.state.version
            raise
        except BaseException:
            self._synced = None  # changed half-way: the journal no longer describes it
            raise
        self._record(action)
        self._cost += time.perf_counter() - began

    def _apply(self, handler: Callable[[Game, Mapping[str, Any]], None],
               action: Mapping[str, Any]) -> None:
        if PREGAME_KEY in self.state.extra and str(action.get("type")) not in PREGAME_ACTIONS:
            # CR 103, 117.1: before the first turn begins no player has priority; only the
            # pregame's choices and declarations can be made.
            raise RulesViolation("no-priority", "the game has not begun: choose the starting "
                                 "player and declare mulligans first (CR 103)")
        self.state.log("action", action=dict(action))
        handler(self, action)
        self.state.changed()

    def observe(self, query: Mapping[str, Any]) -> Any:
        """Answer ``query`` with a JSON value."""
        kind = str(query.get("query", ""))
        handler = QUERIES.get(kind)
        if handler is None:
            raise UnsupportedQuery(
                f"unknown query {kind!r} (known: {', '.join(sorted(QUERIES))})"
            )
        # A query only reads, or changes the state through GameState.changed() (e.g. ending an
        # effect whose source is gone, CR 611.2b): then the journal no longer describes the
        # state, and the next action starts a checkpoint (see _sync).
        return handler(self, query)

    # -- the journal -----------------------------------------------------------------------------

    def _sync(self) -> None:
        """Start a new checkpoint if the journal does not describe the state (a fresh
        ``Game(state)``, a change behind the game's back, a long journal)."""
        limit = max(CHECKPOINT_SECONDS, CHECKPOINT_RATIO * _SNAPSHOT_SECONDS[0])
        if (self._synced != self.state.version or len(self._journal) >= CHECKPOINT_EVERY
                or self._cost > limit):
            began = time.perf_counter()
            point = snapshot(self.state)
            took = time.perf_counter() - began
            _SNAPSHOT_SECONDS[0] = 0.9 * _SNAPSHOT_SECONDS[0] + 0.1 * took
            history = _start_history(self.state)  # what is computed from this point on
            self._rebuild = partial(_from_point, point, history)
            self._journal = []
            self._cost = 0.0
            self._synced = self.state.version

    def _record(self, action: Mapping[str, Any]) -> None:
        self._journal.append(_plain_copy(action))
        self._synced = self.state.version

    def _restore(self, before: int) -> None:
        """Put back the state as the journal describes it: rebuild the starting point, then
        replay every action in order. The replay reaches the state of version ``before`` (the
        version the rejected action started from) and takes its characteristics from the
        history of what was computed at each version since the starting point; the versions
        the rejected action used are forgotten, so the next action can use them again."""
        assert self._rebuild is not None  # _sync ran first
        replay = Game(self._rebuild())
        for request in self._journal:
            handler = ACTIONS[str(request.get("type", ""))]
            try:
                replay._apply(handler, request)
            except (RulesViolation, SetupError) as exc:
                raise EngineError(f"undo failed: replaying {dict(request)!r} was rejected "
                                  f"({exc}), though it was allowed before") from exc
        version = self.state.version
        history = replay.state._chars_history
        self.state.__dict__.clear()
        self.state.__dict__.update(replay.state.__dict__)
        if history is not None and self.state._version == before:
            # As it should be (the engine is deterministic): the state of version ``before``
            # again, under that version; what the rejected action computed is forgotten.
            for stale in [v for v in history if v > before]:
                del history[stale]
            return
        # Not the same version (never seen) or no history: number the state anew, above every
        # version used so far (a cache never mistakes old for new), and keep no history until
        # the next checkpoint.
        if history is not None:
            history.clear()
        self.state._chars_history = None
        self.state._version = max(version, self.state._version)
        self.state.changed()


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



#: Characteristics by state version since a checkpoint (see GameState._chars_history).
_History = dict[int, dict[int, Characteristics]]


def _start_history(state: GameState) -> _History:
    """A new history of computed characteristics for ``state``, holding what it has computed
    at its present version already."""
    cached = state._chars_cache
    history: _History = {} if cached is None or cached[0] != state.version else {
        cached[0]: cached[1]}
    state._chars_history = history
    return history


def _build_fresh(setup: Mapping[str, Any], catalog: CardCatalog, era: Era,
                 history: _History) -> GameState:
    state = build_state(_plain_copy(setup), catalog=catalog, era=era)
    state._chars_history = history
    return state


def _from_point(point: GameState, history: _History) -> GameState:
    state = snapshot(point)
    state._chars_history = history
    return state


_NESTED = (dict, list, tuple)


def _plain_copy(value: Any) -> Any:
    """A copy of JSON-like data (mappings, lists, tuples; other values shared): the journal
    keeps what it was asked, whatever the caller does with its own dicts later."""
    kind = type(value)
    if kind is dict:
        new = value.copy()
        for k, v in value.items():
            if type(v) in _NESTED or isinstance(v, Mapping):
                new[k] = _plain_copy(v)
        return new
    if kind is list:
        return [_plain_copy(v) if type(v) in _NESTED or isinstance(v, Mapping) else v
                for v in value]
    if kind is tuple:
        return tuple(_plain_copy(v) for v in value)
    if isinstance(value, Mapping):
        return _plain_copy(dict(value))
    return value
