"""Defaults of a run that the command line needs before it imports the runner."""

from __future__ import annotations

__all__ = ["DEFAULT_TIMEOUT"]

#: Default time limit for one case, in seconds. A case takes milliseconds on the reference engine
#: and well under a second on the real engines; the limit is there for an engine that hangs. It is
#: set far above a case's real time because a limit near it turns a busy machine's slowness into
#: ``errored`` results (a whole test run beside four others on two cores once took 11 s for a
#: reference-engine case).
DEFAULT_TIMEOUT = 60.0
