"""Serve any in-process adapter over the JSON-lines protocol: the command line of
:mod:`conformance.transports.serve`.

Usage::

    python -m conformance.adapters.serve phase-rs
    mtgconf run --adapter "cmd:python -m conformance.adapters.serve phase-rs"

The adapter is named as for ``--adapter`` (a registered name or ``module:Class``).
"""

from __future__ import annotations

import sys

from ..transports.serve import PROTOCOL_VERSION, Server

__all__ = ["PROTOCOL_VERSION", "Server", "main"]


def main(argv: list[str] | None = None) -> int:
    """Serve the adapter named by the first argument (default ``reference``)."""
    from . import resolve_adapter

    args = sys.argv[1:] if argv is None else argv
    if args and args[0] in ("-h", "--help"):
        print(__doc__, file=sys.stderr)
        return 0
    name = args[0] if args else "reference"
    protocol_out = sys.stdout
    sys.stdout = sys.stderr  # anything an engine prints must not corrupt the protocol
    try:
        adapter = resolve_adapter(name)
    except Exception as exc:  # reported on stderr, exit code 2
        print(f"serve: {exc}", file=sys.stderr)
        return 2
    Server(adapter).serve(sys.stdin, protocol_out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
