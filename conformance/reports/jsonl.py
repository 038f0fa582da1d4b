"""The JSON-lines report: one record per case result, written and flushed as results arrive,
so an interrupted run still leaves every finished result on disk."""

from __future__ import annotations

import json
import os
from pathlib import Path
from types import TracebackType
from typing import IO

from conformance.results.records import CaseResult

__all__ = ["JsonlWriter", "read_report"]


class JsonlWriter:
    """Append results to ``path`` one line at a time (``append=False`` starts afresh)."""

    def __init__(self, path: Path | str, *, append: bool = False) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._file: IO[str] = self.path.open("a" if append else "w", encoding="utf-8")

    def write(self, result: CaseResult) -> None:
        """Write one record and push it to the disk."""
        self._file.write(json.dumps(result.to_record(), sort_keys=True, ensure_ascii=False)
                         + "\n")
        self._file.flush()
        os.fsync(self._file.fileno())

    def close(self) -> None:
        """Close the file."""
        self._file.close()

    def __enter__(self) -> JsonlWriter:
        return self

    def __exit__(self, t: type[BaseException] | None, e: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


def read_report(path: Path | str) -> list[CaseResult]:
    """Read a JSON-lines report; a torn last line (an interrupted write) is ignored."""
    results: list[CaseResult] = []
    for line in Path(path).read_text("utf-8").splitlines():
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(record, dict) and "case" in record and "result" in record:
            results.append(CaseResult.from_record(record))
    return results
