"""Imported by the workers' fork server (:data:`conformance.running.start.PRELOAD`) only: it
makes the fork server, and so every worker forked from it, non-dumpable before any worker
starts an engine (:func:`conformance.adapters._procgroup.drop_dumpable`). The fork server is a
fresh interpreter (``execve`` made it dumpable) holding the harness's environment; an engine
started by a worker must not read it through ``/proc``.
"""

from __future__ import annotations

from conformance.adapters._procgroup import drop_dumpable

__all__: list[str] = []

drop_dumpable()
