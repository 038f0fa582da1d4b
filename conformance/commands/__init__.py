"""Subcommands of ``mtgconf``, one module each.

A command module defines ``NAME``, ``HELP``, ``add_arguments(parser)`` and ``run(args) -> int``
and is listed in :data:`COMMANDS`. Keep the list sorted; adding a command is one line here.
"""

from __future__ import annotations

from types import ModuleType

from . import adapters, coverage, explain, fuzz, generate, new, report, run, validate

__all__ = ["COMMANDS"]

COMMANDS: tuple[ModuleType, ...] = (run, validate, adapters, coverage, generate, new, explain,
                                    report, fuzz)
