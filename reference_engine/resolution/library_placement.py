"""Putting a card into its owner's library at a stated position (CR 401.1, 400.3).

Resolution effect ``put_into_library {target, from, position}``: each object referred to
(``target``: a target slot, ``"self"``, ``"event_object"`` for "it" of a triggered ability,
CR 400.7) that is still in the zone ``from`` (default the battlefield) is put into its owner's
library (400.3), on top (``position = "top"``), at the bottom (``"bottom"``, the default) or
``N``-th from the top (``position = N``, an integer: Oust's "second from the top" is 2); a library
with fewer than N cards gets it at the bottom (401.7). It becomes a new object there (400.7).
A card that already left that zone is not followed: "When
Chaos dies, put it on the bottom of its owner's library" does nothing if the card is no longer
in the graveyard as the ability resolves (400.7, 608.2b).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from reference_engine.core.context import ResolveContext, effect, objects_of
from reference_engine.core.errors import SetupError

__all__: list[str] = []

_POSITIONS = ("top", "bottom")


@effect("put_into_library", params={
    "target": "ref: what is put into its owner's library (a target slot, \"self\", "
              "\"event_object\")",
    "from": "str: the zone it must still be in (default \"battlefield\")",
    "position": "any: \"top\", \"bottom\" (default), or N for Nth from the top (401.7)"},
    cr=("401.1", "400.3", "400.7", "401.7"),
    example='Chaos, the Endless: {type = "put_into_library", target = "event_object", '
            'from = "graveyard", position = "bottom"}')
def _put_into_library(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Put each object referred to that is still in ``from`` into its owner's library, on top,
    at the bottom or Nth from the top (CR 401.1, 400.3, 401.7); it is a new object there
    (400.7)."""
    raw = p.get("position", "bottom")
    nth = raw if isinstance(raw, int) and not isinstance(raw, bool) else None
    position = str(raw)
    if (nth is None and position not in _POSITIONS) or (nth is not None and nth < 1):
        raise SetupError(f"put_into_library: position must be one of {_POSITIONS} or a "
                         f"number from 1 (Nth from the top), not {raw!r}")
    zone = str(p.get("from", "battlefield"))
    moved = []
    for obj in objects_of(ctx, ctx.refs(p)):
        if obj.zone != zone:
            continue
        ctx.state.log("put-into-library", object=obj.id, card=obj.card.name, owner=obj.owner,
                      position=position)
        moved.append(ctx.state.move(obj, "library", position=_index(ctx, obj.owner, nth, position)))
    ctx.note_moved(moved, p)


def _index(ctx: ResolveContext, owner: str, nth: int | None, position: str) -> int | None:
    """Where in ``owner``'s library (top first) the card goes; None is the bottom. Nth from the
    top is after N - 1 cards; with fewer than N cards there, the bottom (401.7)."""
    if nth is None:
        return 0 if position == "top" else None
    size = len(ctx.state.zone_list("library", owner))
    return nth - 1 if nth - 1 < size else None
