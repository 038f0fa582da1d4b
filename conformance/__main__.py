"""``python -m conformance``: the same as the ``mtgconf`` command.

A Ctrl-C that arrives while the harness is still being imported ends as quietly as one during a
run (one line on stderr, status 130).
"""

from __future__ import annotations

import sys


def _run() -> None:
    try:
        from conformance.cli import exit_now, main
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        sys.exit(130)
    exit_now(main())


_run()
