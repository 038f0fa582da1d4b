"""The one place a run reads its case files: all of them, before any engine starts.

An engine runs as the user who runs the suite, so it can write to the case files. A run that
read a case only when its turn came (each worker of ``--jobs N`` reading its own chunk, the run
header hashing the files after the adapter started) would let an engine rewrite the cases it is
about to be judged on. :func:`read_case_files` reads every case file of the run once, up front;
the loader (:func:`conformance.spec.loader.load_cases`, ``snapshot=``), the workers of a split
run (the bytes travel with their chunks) and the run header's hash all use those bytes.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from conformance.errors import SpecError

from .limits import read_spec_bytes

__all__ = ["FileBytes", "Snapshot", "read_case_files"]


@dataclass(frozen=True)
class FileBytes:
    """One case file as read: its bytes, or the error reading it gave (located by its path as
    given; the loader relocates it)."""

    data: bytes | None
    error: SpecError | None = None

    @property
    def digest(self) -> str:
        """A short hash of the bytes (what the run header records), or what went wrong."""
        if self.data is None:
            return f"unreadable ({self.error.code if self.error else '?'})"
        return hashlib.sha256(self.data).hexdigest()[:16]


#: Case files by their path as found (``str(path)``).
Snapshot = Mapping[str, FileBytes]


def read_case_files(files: Sequence[Path]) -> dict[str, FileBytes]:
    """Read every one of ``files`` now, through the loader's guards (regular files only, the
    size cap)."""
    out: dict[str, FileBytes] = {}
    for path in files:
        key = str(path)
        if key in out:
            continue
        data, error = read_spec_bytes(path, display=key)
        out[key] = FileBytes(data, error)
    return out
