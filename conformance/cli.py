"""``mtgconf``: the command line. Each subcommand lives in :mod:`conformance.commands`."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import __version__
from .commands import COMMANDS

__all__ = ["build_parser", "main"]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``mtgconf``."""
    parser = argparse.ArgumentParser(
        prog="mtgconf",
        description="Magic: The Gathering rules-conformance suite: run the spec cases against "
                    "an engine, validate the spec, report coverage.")
    parser.add_argument("--version", action="version", version=f"mtgconf {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for command in COMMANDS:
        command.add_arguments(sub.add_parser(command.NAME, help=command.HELP,
                                             description=command.HELP))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``mtgconf`` command."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    by_name = {c.NAME: c for c in COMMANDS}
    code: int = by_name[args.command].run(args)
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
