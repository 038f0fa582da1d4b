"""``mtgconf``: the command line. Each subcommand lives in :mod:`conformance.commands`; only
the one called is imported.

The entry point turns the ways a command line ends badly into plain statuses: Ctrl-C prints
one line on stderr and exits 130, a closed standard output (``mtgconf ... | head``) exits 141
quietly, and neither shows a traceback.
"""

from __future__ import annotations

import argparse
import atexit
import os
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from conformance.spec.paths import ENV_VAR, set_spec_override

from . import __version__
from .commands import COMMANDS, by_name
from .commands._exit import INTERRUPTED, PIPE_CLOSED, USAGE, exit_table

__all__ = ["build_parser", "exit_now", "main", "run_and_exit"]

#: :data:`conformance.transports.engine_env.PASS_VAR` (not imported: the CLI starts light).
PASS_VAR = "MTGCONF_ENGINE_ENV"

_SPEC_HELP = (f"the spec directory (default: ${ENV_VAR}, else [tool.mtgconf] spec in a "
              "pyproject.toml, else the spec/ of the checkout you are in, else the installed "
              "copy)")


def build_parser(only: str | None = "") -> argparse.ArgumentParser:
    """The argument parser of ``mtgconf``: every command's arguments, or (``only``) just those
    of the command called so, the others listed with their help but not imported."""
    epilog = (exit_table() + "\n\nspec directory: " + _SPEC_HELP
              + ".\n`mtgconf COMMAND --help` describes each command.")
    parser = argparse.ArgumentParser(
        prog="mtgconf",
        description="Magic: The Gathering rules-conformance suite: run the spec cases against "
                    "an engine, validate the spec, report coverage.",
        epilog=epilog, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"mtgconf {__version__}")
    parser.add_argument("--spec", type=Path, metavar="DIR", dest="spec_dir", help=_SPEC_HELP)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for command in COMMANDS:
        p = sub.add_parser(command.name, help=command.help, description=command.help,
                           epilog=exit_table() if command.name in ("run", "smoke") else None,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
        p.add_argument("--spec", type=Path, metavar="DIR", dest="spec_dir",
                       default=argparse.SUPPRESS, help=_SPEC_HELP)
        p.add_argument("--engine-env", action="append", metavar="NAME[=VALUE]",
                       default=argparse.SUPPRESS,
                       help="pass this variable (or set it to VALUE) in the filtered "
                            "environment a cmd: engine gets (repeatable; also [tool.mtgconf] "
                            "engine-env in pyproject.toml, or $MTGCONF_ENGINE_ENV)")
        if only == "" or command.name == only:
            command.load().add_arguments(p)
    return parser


def command_named(argv: Sequence[str]) -> str | None:
    """The command an argument list names: its first word that is not an option (or the value
    of ``--spec``), if that is a command; ``None`` otherwise (``mtgconf --help``, a typo)."""
    words = iter(argv)
    for word in words:
        if word == "--spec":
            next(words, None)
        elif not word.startswith("-"):
            return word if by_name(word) is not None else None
    return None


def _dispatch(argv: Sequence[str] | None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(only=command_named(arguments))
    args = parser.parse_args(arguments)
    if args.command is None:
        parser.print_help()
        return USAGE
    spec_dir = getattr(args, "spec_dir", None)
    if spec_dir is not None:
        if not (spec_dir / "eras.toml").is_file():
            print(f"error: --spec {spec_dir}: not a spec directory (it has no eras.toml)",
                  file=sys.stderr)
            return USAGE
        set_spec_override(spec_dir)
    if not _engine_env(getattr(args, "engine_env", None) or []):
        return USAGE
    command = by_name(args.command)
    assert command is not None  # argparse accepts only the commands listed
    code: int = command.load().run(args)
    return code


def _engine_env(entries: Sequence[str]) -> bool:
    """Apply ``--engine-env`` entries: added to ``$MTGCONF_ENGINE_ENV`` for this process and
    the workers it starts (restored by :func:`main`). False (said on stderr) for a bad entry."""
    if not entries:
        return True
    from conformance.transports.engine_env import parse_entries

    try:
        parsed = parse_entries(entries)
    except ValueError as exc:
        print(f"error: --engine-env: {exc}", file=sys.stderr)
        return False
    for name, value in parsed.items():
        if value is None and name not in os.environ:
            print(f"warning: --engine-env {name}: {name} is not set in this environment, so "
                  "the engine does not get it either (give NAME=VALUE to set it)",
                  file=sys.stderr)
    joined = " ".join(shlex.quote(e) for e in entries)
    old = os.environ.get(PASS_VAR, "")
    os.environ[PASS_VAR] = f"{old} {joined}".strip()
    return True


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``mtgconf`` command."""
    saved_env = os.environ.get(PASS_VAR)
    try:
        code = _dispatch(argv)
        sys.stdout.flush()
        return code
    except KeyboardInterrupt:
        try:
            print("interrupted", file=sys.stderr)
        except OSError:
            pass
        return INTERRUPTED
    except BrokenPipeError:
        _silence_stdout()
        return PIPE_CLOSED
    finally:
        set_spec_override(None)
        if saved_env is None:
            os.environ.pop(PASS_VAR, None)
        else:
            os.environ[PASS_VAR] = saved_env


def exit_now(code: int) -> NoReturn:
    """End the process with ``code`` once a command has returned, without the interpreter's
    teardown. The command has closed every file it wrote by then; the standard streams are
    flushed here and the exit handlers run (engines' process groups killed, worker queues
    joined, coverage data saved, ``weakref.finalize`` callbacks); what is skipped only frees
    the heap object by object, about 0.2 s of a 2-3 s default run in each process."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BrokenPipeError:
            _silence_stdout()
            code = code or PIPE_CLOSED
        except (OSError, ValueError):
            pass
    atexit._run_exitfuncs()
    os._exit(code)


def run_and_exit() -> NoReturn:
    """The ``mtgconf`` console script: :func:`main`, then :func:`exit_now`."""
    exit_now(main())


if __name__ == "__main__":  # pragma: no cover
    run_and_exit()
