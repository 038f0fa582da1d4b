"""Subcommands of ``mtgconf``, one module each.

A command module defines ``NAME``, ``HELP``, ``add_arguments(parser)`` and ``run(args) -> int``
and is listed in :data:`COMMANDS`. Keep the list sorted; adding a command is one line here.
"""

from __future__ import annotations

from types import ModuleType

from . import (
    adapters,
    coverage,
    eras,
    explain,
    features,
    fuzz,
    generate,
    new,
    report,
    run,
    smoke,
    validate,
)

__all__ = ["COMMANDS"]

COMMANDS: tuple[ModuleType, ...] = (run, smoke, validate, adapters, features, eras, coverage,
                                    generate, new, explain, report, fuzz)
