"""A run's results, in flat memory however many there are.

:class:`ResultLog` is appended to as results come and read (iterated) by the summary and the
report writers once the run is done, as often as they like. The first results stay in memory;
past :data:`IN_MEMORY` they are written as JSON lines (each result's report record) to an
anonymous temporary file (deleted when closed or collected), so a run of a million generated
cases holds a few thousand results, not a million. Plain JSON, never pickle: nothing in the
harness rebuilds objects from bytes.
"""

from __future__ import annotations

import json
import tempfile
from array import array
from collections.abc import Iterable, Iterator, Sequence
from typing import IO, overload

from conformance.results.records import CaseResult

__all__ = ["IN_MEMORY", "ResultLog"]

#: Results kept in memory before the rest go to disk (a default run stays in memory).
IN_MEMORY = 4000


class ResultLog(Sequence[CaseResult]):
    """An append-only sequence of results, read any number of times, in order."""

    def __init__(self, results: Iterable[CaseResult] = (), *, in_memory: int = IN_MEMORY
                 ) -> None:
        self._memory: list[CaseResult] = []
        self._limit = in_memory
        self._file: IO[bytes] | None = None
        self._spilled = 0
        self._offsets = array("q")  # where each spilled result starts in the file
        for result in results:
            self.append(result)

    def append(self, result: CaseResult) -> None:
        """Add ``result`` at the end."""
        if len(self._memory) < self._limit:
            self._memory.append(result)
            return
        if self._file is None:
            self._file = tempfile.TemporaryFile(prefix="mtgconf-results-")  # noqa: SIM115
        self._offsets.append(self._file.seek(0, 2))
        line = json.dumps(result.to_record(), ensure_ascii=False, separators=(",", ":"))
        self._file.write(line.encode("utf-8") + b"\n")
        self._spilled += 1

    @overload
    def __getitem__(self, index: int) -> CaseResult: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[CaseResult]: ...

    def __getitem__(self, index: int | slice) -> CaseResult | Sequence[CaseResult]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("result index out of range")
        if index < len(self._memory):
            return self._memory[index]
        assert self._file is not None
        self._file.flush()
        with open(self._file.fileno(), "rb", closefd=False) as reader:
            reader.seek(self._offsets[index - len(self._memory)])
            return CaseResult.from_record(json.loads(reader.readline()))

    def __len__(self) -> int:
        return len(self._memory) + self._spilled

    def __bool__(self) -> bool:
        return len(self) > 0

    def __iter__(self) -> Iterator[CaseResult]:
        yield from self._memory
        if self._file is None:
            return
        self._file.flush()
        with open(self._file.fileno(), "rb", closefd=False) as reader:
            reader.seek(0)
            for _ in range(self._spilled):
                yield CaseResult.from_record(json.loads(reader.readline()))

    def close(self) -> None:
        """Drop the spilled results' file."""
        if self._file is not None:
            self._file.close()
            self._file = None
            self._spilled = 0
            self._offsets = array("q")
