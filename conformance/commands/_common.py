"""Helpers shared by the command modules."""

from __future__ import annotations

from rich.console import Console

__all__ = ["console"]


def console(stderr: bool = False) -> Console:
    """A console for command output (no syntax highlighting of numbers and paths)."""
    return Console(stderr=stderr, highlight=False)
