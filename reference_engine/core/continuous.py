"""Continuous effects as data (CR 611): :class:`ContinuousEffect`, held by the game state.

What an effect *does* lives in the layer system (``reference_engine/layers/effects.py``
registers each operation and its layer); here is only the record the state keeps: the
operation as data, what it affects, its timestamp (CR 613.7), duration (CR 611.2) and source.
:data:`OPERATION_LAYERS`, filled as the layers register their operations, tells an effect's
layer without this module knowing the layer system.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from reference_engine.core.errors import SetupError

__all__ = ["OPERATION_LAYERS", "ContinuousEffect"]

#: Each registered operation's layer (CR 613.1): filled by
#: :func:`reference_engine.layers.effects.operation`.
OPERATION_LAYERS: dict[str, str] = {}


@dataclass
class ContinuousEffect:
    """A continuous effect (CR 611): an operation, what it affects, its timestamp and duration.

    ``affected`` is either a list of object ids locked in when the effect began (CR 611.2c) or a
    filter table evaluated continuously (static abilities, CR 611.3a).
    """

    op: Mapping[str, Any]
    timestamp: int
    affected: list[int] | Mapping[str, Any]
    source: int | None = None
    controller: str | None = None
    #: "permanent" | "end-of-turn" | "end-of-combat" | "until-your-next-turn" | "static"
    duration: str = "permanent"
    condition: Mapping[str, Any] | None = None
    #: Characteristic-defining abilities apply first within their layer (CR 613.3).
    cda: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def kind(self) -> str:
        """The operation's type (``set_colors``, ...)."""
        return str(self.op.get("type", ""))

    @property
    def layer(self) -> str:
        """The layer this effect applies in (a setup error for an unknown operation)."""
        try:
            return OPERATION_LAYERS[self.kind]
        except KeyError:
            known = ", ".join(sorted(OPERATION_LAYERS))
            raise SetupError(f"unknown effect type {self.kind!r} (known: {known})") from None
