"""Imported first by the workers' fork server (:data:`conformance.running.start.PRELOAD`), and
only there. The fork server is a fresh interpreter holding the harness's environment; it:

* ignores Ctrl-C from its first import on: it is in the terminal's process group, and a
  Ctrl-C while it imports the harness (a second or more on a busy machine) printed a
  ``KeyboardInterrupt`` traceback per process (the harness handles the interrupt; the fork
  server's own loop ignores it too, but only once its imports are done);
* becomes non-dumpable (:func:`conformance.transports.procgroup.drop_dumpable`), and so does
  every worker forked from it, before any of them starts an engine: an engine must not read
  the fork server's or a worker's memory through ``/proc``.
"""

from __future__ import annotations

import signal

from conformance.transports.procgroup import drop_dumpable

__all__: list[str] = []

signal.signal(signal.SIGINT, signal.SIG_IGN)
drop_dumpable()
