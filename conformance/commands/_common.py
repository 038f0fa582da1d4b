"""Helpers shared by the command modules."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape

from conformance.spec.textsafe import clean_text

__all__ = ["WIDE", "console", "quoted", "shown", "write_output"]

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


def shown(value: object, limit: int = 2000) -> str:
    """Any text (a path, an option's value, an engine's or a file's words) fit to go into a
    console message: invisible and control code points escaped (:func:`clean_text`), console
    markup escaped (``[/red]`` prints as itself), cut after ``limit`` characters."""
    text = clean_text(str(value))
    if len(text) > limit:
        text = text[:limit] + f"... ({len(text) - limit} more characters)"
    return escape(text)


def quoted(value: object) -> str:
    """:func:`shown`, in single quotes."""
    return f"'{shown(value)}'"


def write_output(err: Console, option: str, path: Path, write: Callable[[], object]) -> bool:
    """Run ``write`` (an atomic write of one output); on an :class:`OSError` (a full disk, a
    read-only directory, a report another run holds) say so on ``err`` and return False: the
    previous file, if any, is left as it was, and the command goes on."""
    try:
        write()
    except OSError as exc:
        why = exc.strerror or str(exc)
        err.print(f"[red]error[/red] cannot write {option} {quoted(path)}: {shown(why)}; "
                  "the previous file, if any, is unchanged", highlight=False)
        return False
    return True
