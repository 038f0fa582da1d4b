"""Helpers shared by the command modules."""

from __future__ import annotations

import os

from rich.console import Console

__all__ = ["WIDE", "console"]

#: The width of output that does not go to a terminal (a CI log, a file, a pipe) when
#: ``COLUMNS`` does not say otherwise: wide enough that no table column or message is cut.
WIDE = 400


def console(stderr: bool = False) -> Console:
    """A console for command output (no syntax highlighting of numbers and paths). On a
    terminal it takes the terminal's width; elsewhere ``COLUMNS`` if set, else :data:`WIDE`."""
    probe = Console(stderr=stderr, highlight=False)
    if probe.is_terminal or os.environ.get("COLUMNS", "").strip().isdigit():
        return probe
    return Console(stderr=stderr, highlight=False, width=WIDE)
