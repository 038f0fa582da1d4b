"""What the phase.rs adapter's helpers see of a session: :class:`SessionView`, and of the
prompt answerer: :class:`PromptsView`.

The session (:class:`conformance.adapters.phase_rs.PhaseSession`) builds its helpers (casting,
combat, mana, prompts, queries) and hands them itself; typed against these protocols, the
helpers never name the session's module, so the adapter's modules import one way even for type
checking.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ...adapter import Outcome
    from .._views import ObjectView
    from .setup import PhaseSetup

__all__ = ["PromptsView", "SessionView"]


class SessionView(Protocol):
    """A phase.rs session as its helpers use it: the engine, the game, the case's setup and
    the small readers and writers the session offers them."""

    phase: Any
    engine: Any
    game: Any
    setup: PhaseSetup
    choices: dict[str, Any]
    events: list[Mapping[str, Any]]
    _asked: dict[str, int]

    @property
    def players(self) -> Sequence[str]:
        """The players in seat order."""
        ...

    def _apply(self, seat: int, data: Mapping[str, Any], game: Any = None) -> Any: ...
    def _id(self, handle: str) -> int: ...
    def _target(self, ref: str) -> dict[str, int]: ...
    def _handle_of(self, oid: int) -> str: ...
    def _seat_of(self, player: str) -> int: ...
    def card_of(self, handle: str) -> Mapping[str, Any]: ...
    def learn_card(self, name: str) -> bool: ...
    def _object_view(self, obj: Mapping[str, Any], handle: str | None = None
                     ) -> ObjectView: ...
    def _stack_name(self, entry: Mapping[str, Any]) -> str: ...
    def snapshot(self) -> Any: ...
    def view(self, handle: str) -> ObjectView: ...
    def zone_views(self, zone: str, player: str | None) -> list[ObjectView]: ...
    def _answer_prompts(self, seat: int, action: Mapping[str, Any], *,
                        setup: bool = False, trial: bool = False) -> Outcome: ...
    def _do_cast(self, action: Mapping[str, Any]) -> Outcome: ...
    def _paid_from_pool(self, action: Mapping[str, Any], untapped: set[int],
                        first_event: int) -> Outcome: ...
    def _do_activate(self, action: Mapping[str, Any]) -> Outcome: ...


class PromptsView(Protocol):
    """The prompt answerer as the free-cast helper uses it."""

    s: SessionView
    pending: dict[str, Any]

    def _act(self, data: Mapping[str, Any], kind: str, **payload: Any) -> None: ...
