"""Defaults of a run that the command line needs before it imports the runner."""

from __future__ import annotations

__all__ = ["DEFAULT_TIMEOUT"]

#: Default time limit for one case, in seconds.
DEFAULT_TIMEOUT = 10.0
