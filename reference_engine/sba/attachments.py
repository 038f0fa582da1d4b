"""Attachments (CR 301.5, 303.4): Auras and Equipment attached to permanents at setup, and the
state-based action that puts an Aura whose permanent has left into its owner's graveyard.

A setup object may say ``attached_to = "handle"``; static abilities of the attached object that
affect ``"enchanted"`` (or ``"equipped"``) apply to that permanent (see
:mod:`reference_engine.layers.system`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.errors import SetupError
from reference_engine.core.registry import setup_hook
from reference_engine.layers.system import compute_all
from reference_engine.sba.checks import state_based_action

if TYPE_CHECKING:
    from reference_engine.core.state import GameState

__all__: list[str] = []


@setup_hook
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


@state_based_action
def _unattached_auras(state: GameState) -> bool:
    """Check 704.5m: an Aura whose enchanted permanent is no longer on the battlefield is put
    into its owner's graveyard (an Aura set up without ``attached_to`` is left alone)."""
    chars = compute_all(state)
    gone = []
    for obj in state.battlefield():
        if obj.attached_to is None or not chars[obj.id].has_subtype("Aura"):
            continue
        host = state.objects.get(obj.attached_to)
        if host is None or host.zone != "battlefield":
            gone.append(obj)
    for obj in gone:
        state.log("aura-unattached", object=obj.id, card=obj.card.name)
        state.move(obj, "graveyard")
    return bool(gone)
