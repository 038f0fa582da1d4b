"""How worker processes start, kept apart from :mod:`conformance.running.parallel` so the command
line can start the workers' interpreter before it imports the harness itself.

Workers start from a fresh interpreter (``forkserver`` where there is one, else ``spawn``), never
as a fork of a process that may be running threads (Python 3.13 warns about it, 3.14 no longer
forks by default). The fork server imports :data:`PRELOAD` once; every worker forked from it
starts with the harness and the engine already imported.

:func:`prestart` starts the fork server at once. ``mtgconf run --jobs N`` calls it first thing,
so the fork server imports the harness on the second core while this process imports it on the
first: the imports, a tenth of a default run, then cost no more than in a one-process run.
"""

from __future__ import annotations

import multiprocessing
from typing import Any

__all__ = ["PRELOAD", "START_METHOD", "context", "prestart"]

#: How worker processes start: a fresh interpreter, never a fork of a threaded process.
START_METHOD = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() \
    else "spawn"
#: Modules a fork server imports once, so each worker starts with them loaded. The command
#: line is among them: a worker runs the calling program's main module again (as
#: ``__mp_main__``), and for ``mtgconf`` or ``python -m conformance.cli`` that is it.
PRELOAD = ["conformance.running._forkserver", "conformance.running.parallel",
           "conformance.adapters.reference", "generators.emit", "conformance.cli"]


def context() -> Any:
    """The multiprocessing context workers are made with (its fork server preloading the
    harness)."""
    ctx = multiprocessing.get_context(START_METHOD)
    if START_METHOD == "forkserver":
        ctx.set_forkserver_preload(PRELOAD)
    return ctx


def prestart() -> None:
    """Start the fork server now (a no-op with ``spawn``), so that it imports :data:`PRELOAD`
    while the caller does its own imports. Starting it twice is harmless."""
    if START_METHOD != "forkserver":
        return
    context()
    from multiprocessing import forkserver

    forkserver.ensure_running()
