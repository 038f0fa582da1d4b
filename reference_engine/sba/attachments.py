"""Attachments (CR 301.5, 303.4): Auras and Equipment attached to permanents at setup. Aura spells,
the Enchant keyword and the state-based action for Auras (704.5m) are in
:mod:`reference_engine.objects.auras`.

A setup object may say ``attached_to = "handle"``; static abilities of the attached object that
affect ``"enchanted"`` (or ``"equipped"``) apply to that permanent (see
:mod:`reference_engine.layers.system`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.errors import SetupError
from reference_engine.core.registry import setup_hook

if TYPE_CHECKING:
    from reference_engine.core.state import GameState

__all__: list[str] = []


@setup_hook(stage="attachments")
def _setup_attachments(state: GameState, setup: Mapping[str, Any]) -> None:
    """Attach each setup object that names ``attached_to`` (objects exist by now)."""
    for i, entry in enumerate(setup.get("objects", [])):
        target = entry.get("attached_to")
        handle = entry.get("handle")
        if target is None:
            continue
        if handle is None:
            raise SetupError(f"setup.objects[{i}]: an attached object needs a handle")
        obj = state.by_handle(str(handle))
        host = state.by_handle(str(target))
        if obj.zone != "battlefield" or host.zone != "battlefield":
            raise SetupError(f"setup.objects[{i}] ({handle}): only a permanent can be attached "
                             f"to a permanent")
        obj.attached_to = host.id
    state.changed()
