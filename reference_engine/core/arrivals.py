"""When permanents arrived: objects that one event puts onto the battlefield arrive together.

Rules that compare how long permanents have been in play need to know which of them arrived at
the same time: the Sixth Edition legend rule (420.5e: all but the one that has been a Legend with
that name the longest go, timed from arrival for one printed so, and none stays on a tie) and
the world rule (CR 704.5k, Sixth Edition 420.5i: on a tie for the newest, all go). Each
object's timestamp orders arrivals (CR 613.7); objects created inside one
:func:`arriving_together` block (the tokens one instruction creates, CR 111.1; every object one
instruction of a resolving effect puts onto the battlefield, such as the pile Death or Glory
returns, CR 608.2c) share the earliest timestamp among them as their arrival.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["arrival", "arriving_together"]

_KEY = "arrivals"


def arrival(state: GameState, obj: GameObject) -> int:
    """The moment ``obj`` arrived in its zone: its timestamp, or its group's earliest one."""
    groups: dict[int, int] = state.extra.get(_KEY, {})
    return groups.get(obj.id, obj.timestamp)


@contextmanager
def arriving_together(state: GameState) -> Iterator[None]:
    """Objects created while the block runs arrive together (one event puts them in play)."""
    before = set(state.objects)
    yield
    new = [o for oid, o in state.objects.items() if oid not in before]
    if len(new) < 2:
        return
    first = min(o.timestamp for o in new)
    groups: dict[int, int] = state.extra.setdefault(_KEY, {})
    for o in new:
        groups[o.id] = first
