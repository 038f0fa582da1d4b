"""What an action or query handler sees of the game: :class:`GameView`.

Handlers live in every rules area, below the top-level :class:`reference_engine.game.Game`
facade that calls them. They are typed against this protocol, defined at the bottom of the
engine, so no area names the facade above it, not even for type checking (the architecture
test counts ``TYPE_CHECKING`` imports too). ``Game`` implements it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from reference_engine.core.characteristics import Characteristics
    from reference_engine.core.eras import Era
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["GameView"]


class GameView(Protocol):
    """The game as a handler uses it: its state and small readers of what a request names."""

    state: GameState

    @property
    def era(self) -> Era:
        """The rules era the game follows."""
        ...

    def object(self, ref: Any, *, field: str = "object") -> GameObject:
        """The object a request names by handle (a located setup error otherwise)."""
        ...

    def chars(self, obj: GameObject) -> Characteristics:
        """The current characteristics of ``obj`` (CR 613)."""
        ...

    def player(self, ref: Any, *, field: str = "player") -> str:
        """The player a request names (a located setup error otherwise)."""
        ...
