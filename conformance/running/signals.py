"""Holding the signals that stop a command while it writes its final outputs.

``mtgconf run`` turns Ctrl-C, SIGTERM and SIGHUP into an orderly stop: the cases stop, and the
reports are written for what finished. A second signal during those final writes must not cut
them short (a missing JUnit file, a run claimed "interrupted before any case ran"): inside
:func:`held_signals` each such signal is only noted, and acted on once the block is done.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from typing import Any

__all__ = ["held_signals"]

_STOPPING = ("SIGINT", "SIGTERM", "SIGHUP")


@contextlib.contextmanager
def held_signals() -> Iterator[list[int]]:
    """Within the block, Ctrl-C, SIGTERM and SIGHUP are noted (in the list it yields) instead
    of raising; the previous handlers come back after it. Outside the main thread (where
    handlers cannot be set) it holds nothing."""
    got: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield got
        return

    def note(signum: int, frame: Any) -> None:
        got.append(signum)

    old: dict[int, Any] = {}
    try:
        for name in _STOPPING:
            number = getattr(signal, name, None)
            if number is not None:
                old[number] = signal.signal(number, note)
        yield got
    finally:
        for number, handler in old.items():
            signal.signal(number, handler)
