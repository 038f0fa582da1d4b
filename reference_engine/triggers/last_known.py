"""Last known information of permanents that leave the battlefield (CR 603.10a, 608.2h), and
events that happen at the same time.

* As a permanent leaves the battlefield its object and characteristics are kept, as they last
  existed there. Leaves-the-battlefield abilities "look back in time" (603.10a): whether such an
  ability triggers, and whether a permanent that left with the event has one, is decided from
  the game as it was immediately before the event. :func:`trigger_sources` lists the objects
  whose abilities may trigger on an event, those that left with it included.
* Moves made by one instruction of an effect, or by one pass of state-based actions (704.3),
  happen at the same time: :func:`simultaneously` groups them, so a permanent that dies with
  others "sees" each of them die (603.10a; e.g. Blood Artist and the creatures destroyed with it).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from reference_engine.core.amounts import LAST_KNOWN_LOOKUPS
from reference_engine.core.ordering import in_cr_order
from reference_engine.core.state import BEFORE_MOVE_HOOKS
from reference_engine.layers.system import characteristics_of, compute_all

if TYPE_CHECKING:
    from reference_engine.core.characteristics import Characteristics
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import Event, GameState

__all__ = ["LastKnown", "last_known_info", "leaves_battlefield", "remember_leaving",
           "simultaneously", "trigger_sources"]

_KEY = "last_known_info"
_SEQ = "simultaneous_seq"
_GROUP_CHARS = "simultaneous_chars"


@dataclass
class LastKnown:
    """A permanent as it last existed on the battlefield (CR 608.2h)."""

    object: GameObject
    chars: Characteristics


@in_cr_order(BEFORE_MOVE_HOOKS, cr="603.10a")
def _remember(state: GameState, obj: GameObject, zone: str) -> None:
    remember_leaving(state, obj)


def remember_leaving(state: GameState, obj: GameObject) -> None:
    """Keep the last known information of permanent ``obj`` as it leaves the battlefield, to
    another zone or out of the game with the player who owns it (603.10a, 603.10f, 800.4a)."""
    if obj.zone != "battlefield" or obj.id not in state.objects:
        return
    info: dict[int, LastKnown] = state.extra.setdefault(_KEY, {})
    info[obj.id] = LastKnown(obj, _before_the_group(state, obj.id))


def _before_the_group(state: GameState, object_id: int) -> Characteristics:
    """The characteristics of ``object_id`` before the group of moves it is part of began
    (603.10a; 704.8: a permanent leaving by a state-based action performed with others is seen
    as the game was before any of them), or now when it moves alone."""
    group = state.extra.get("simultaneous")
    if group is None:
        return characteristics_of(state, object_id)
    kept = state.extra.get(_GROUP_CHARS)
    if kept is None or kept[0] != group:
        kept = (group, dict(compute_all(state)))
        state.extra[_GROUP_CHARS] = kept
    found: Characteristics | None = kept[1].get(object_id)
    return found if found is not None else characteristics_of(state, object_id)


@in_cr_order(LAST_KNOWN_LOOKUPS, cr="608.2h")
def _last_known_chars(state: GameState, object_id: int) -> Characteristics | None:
    """The characteristics a permanent that left the battlefield last had there (608.2h)."""
    info = last_known_info(state, object_id)
    return info.chars if info is not None else None



def last_known_info(state: GameState, object_id: int) -> LastKnown | None:
    """The last known information of a permanent that left the battlefield, if any."""
    info: dict[int, LastKnown] = state.extra.get(_KEY, {})
    return info.get(object_id)


@contextmanager
def simultaneously(state: GameState) -> Iterator[None]:
    """Group the zone changes made inside the block as simultaneous (nested blocks join the
    outer one)."""
    if state.extra.get("simultaneous") is not None:
        yield
        return
    seq = int(state.extra.get(_SEQ, 0)) + 1
    state.extra[_SEQ] = seq
    state.extra["simultaneous"] = seq
    try:
        yield
    finally:
        state.extra["simultaneous"] = None
        state.extra.pop(_GROUP_CHARS, None)


def leaves_battlefield(event: Event) -> bool:
    """Whether ``event`` is a permanent leaving the battlefield (603.6c, 603.10a)."""
    return event.kind == "zone-change" and event.details.get("from_zone") == "battlefield"


def _together(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    return a.get("together") is not None and a.get("together") == b.get("together")


def trigger_sources(state: GameState, events: list[Event], index: int,
                    chars: Mapping[int, Characteristics]
                    ) -> list[tuple[GameObject, Characteristics]]:
    """The objects whose triggered abilities are checked against ``events[index]``, with the
    characteristics to check them with.

    Normally every object as it is now. For a leaves-the-battlefield event (603.10a), the game
    looks back in time: permanents that left the battlefield with the event, or after it in the
    same batch of events, are checked as they last existed; permanents that arrived after it
    are not.
    """
    event = events[index]
    current = [(obj, chars[obj.id]) for obj in list(state.objects.values()) if obj.id in chars]
    if event.kind == "player-loses":
        # 603.10f: abilities that trigger on a player losing look back in time: permanents
        # that left the game after it (with the player who owns them, 800.4a) are checked.
        gone = [last_known_info(state, int(e.details["object"])) for e in events[index + 1:]
                if e.kind == "leaves-game" and e.details.get("zone") == "battlefield"]
        return current + [(i.object, i.chars) for i in gone if i is not None]
    if not leaves_battlefield(event):
        return current
    left: list[tuple[GameObject, Characteristics]] = []
    arrived_later: set[int] = set()
    for j, other in enumerate(events):
        if other.kind != "zone-change":
            continue
        later = j > index and not _together(other.details, event.details)
        if other.details.get("to_zone") == "battlefield" and later:
            arrived_later.add(int(other.details["new"]))
        if leaves_battlefield(other) and (j >= index or _together(other.details, event.details)):
            info = last_known_info(state, int(other.details["old"]))
            if info is not None:
                left.append((info.object, info.chars))
    return [(o, c) for o, c in current if o.id not in arrived_later] + left
