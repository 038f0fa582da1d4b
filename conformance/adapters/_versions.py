"""The releases of a third-party engine an adapter supports, checked as the adapter starts.

Each real-engine adapter states the range of the engine's releases it was tested with (the
engine state and prompts it reads are those releases'). Outside that range the adapter refuses
to start with a message naming the installed release and the range, unless the environment
variable the range names is set to ``1``, which turns the refusal into a warning.
"""

from __future__ import annotations

import itertools
import os
import sys
from dataclasses import dataclass

from ..errors import AdapterError

__all__ = ["SupportedReleases", "release"]


def release(version: str) -> tuple[int, ...]:
    """A release number as a tuple of ints (``0.103.0`` -> ``(0, 103, 0)``); a suffix such as
    ``rc1`` ends it."""
    parts: list[int] = []
    for piece in version.split("."):
        digits = "".join(itertools.takewhile(str.isdigit, piece))
        if not digits:
            break
        parts.append(int(digits))
        if digits != piece:
            break
    return tuple(parts)


@dataclass(frozen=True)
class SupportedReleases:
    """Releases ``low`` (inclusive) up to ``high`` (exclusive) of ``package``."""

    package: str
    low: str
    high: str
    #: Set to ``1`` to run an unsupported release anyway (with a warning).
    override_env: str
    tested: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f">={self.low}, <{self.high}"

    def problem(self, version: str) -> str | None:
        """None if ``version`` is supported; else what is wrong, in words."""
        if release(self.low) <= release(version) < release(self.high):
            return None
        tested = f"; tested: {', '.join(self.tested)}" if self.tested else ""
        return (f"{self.package} {version} is outside the releases this adapter supports "
                f"({self}{tested}): the engine state and prompts it reads may differ")

    def check(self, version: str) -> None:
        """Refuse an unsupported ``version`` (:class:`AdapterError`), or only warn on standard
        error when the override variable is ``1``."""
        problem = self.problem(version)
        if problem is None:
            return
        if os.environ.get(self.override_env) != "1":
            raise AdapterError(f"{problem}. Set {self.override_env}=1 to run it anyway.")
        print(f"warning: {problem}", file=sys.stderr)
