"""``python -m conformance``: the same as the ``mtgconf`` command.

A Ctrl-C that arrives while the harness is still being imported ends as quietly as one during a
run (one line on stderr, status 130).
"""

from __future__ import annotations

import sys


def _run() -> int:
    try:
        from conformance.cli import main
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    return main()


sys.exit(_run())
