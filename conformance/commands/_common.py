"""Helpers shared by the command modules."""

from __future__ import annotations

import os
from typing import Any

from rich.console import Console

__all__ = ["WIDE", "console"]

#: The width of output that does not go to a terminal (a CI log, a file, a pipe) when
#: ``COLUMNS`` does not say otherwise: wide enough that no table column or message is cut.
WIDE = 400


class _Console(Console):
    """A rich console that leaves a closed pipe to ``mtgconf``'s entry point (exit 141)."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError


def console(stderr: bool = False) -> Console:
    """A console for command output (no syntax highlighting of numbers and paths). On a
    terminal it takes the terminal's width; elsewhere ``COLUMNS`` if set, else :data:`WIDE`."""
    # Error messages on stderr are never wrapped: a CI log keeps each one on one line.
    options: dict[str, Any] = {"stderr": stderr, "highlight": False, "soft_wrap": stderr}
    probe = _Console(**options)
    if probe.is_terminal or os.environ.get("COLUMNS", "").strip().isdigit():
        return probe
    return _Console(width=WIDE, **options)
