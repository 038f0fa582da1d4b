"""Subcommands of ``mtgconf``, one module each, imported only when their command runs.

A command module defines ``add_arguments(parser)`` and ``run(args) -> int``; its name and one-line
help are listed in :data:`COMMANDS` (the first one is the default job of the quick start). Adding a
command is a module and one line here. Listing them here, rather than importing every module to
read its name, keeps ``mtgconf run`` from importing the code of eleven other commands (their
imports were about half of a default run's start-up), and lets ``mtgconf run --jobs N`` start its
workers' interpreter before the harness is imported (:func:`conformance.running.start.prestart`).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType

__all__ = ["COMMANDS", "Command", "by_name"]


@dataclass(frozen=True)
class Command:
    """One subcommand: its name (also its module's name) and its one-line help."""

    name: str
    help: str

    def load(self) -> ModuleType:
        """The command's module (``add_arguments``, ``run``), imported now."""
        return importlib.import_module(f"{__name__}.{self.name}")


COMMANDS: tuple[Command, ...] = (
    Command("run", "run cases against an adapter (default: reference)"),
    Command("smoke", "check quickly that an engine speaks the protocol and passes a few cases of "
                     "each feature it declares, with advice"),
    Command("validate", "check the spec and case files; print every problem"),
    Command("adapters", "list the adapters that can be named with --adapter"),
    Command("features", "list the features of spec/features.toml, with case counts (and an "
                        "adapter's view)"),
    Command("eras", "list the rules eras (spec/eras.toml): dates, switches and how many cases hold "
                    "in each"),
    Command("coverage", "rulings and CR numbers covered by cases: passing, failing, not run, not "
                        "testable, no case"),
    Command("generate", "write generated cases from ruling families (--list to see them)"),
    Command("new", "scaffold a case file for a ruling (metadata filled from spec/rulings.toml)"),
    Command("explain", "show a case in words, its rulings and CR numbers, the reference engine's "
                       "trace, and with --adapter every message exchanged with that engine"),
    Command("report", "turn JSON-lines reports (one per engine) into an HTML matrix, badges and "
                      "Markdown"),
    Command("diff", "compare two runs' JSON-lines reports: new failures, fixes, changed reasons "
                    "(console, Markdown for a pull request, JSON)"),
    Command("fuzz", "a differential campaign: an adapter beside the reference engine on every "
                    "family it can play; minimal cases and a campaign report"),
    Command("history", "run the suite on several releases of one engine, each in its own "
                       "environment, and write a history page (fixed, regressed, changed)"),
)


def by_name(name: str) -> Command | None:
    """The command called ``name``, if there is one."""
    return next((c for c in COMMANDS if c.name == name), None)
