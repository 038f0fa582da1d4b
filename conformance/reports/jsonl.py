"""The JSON-lines report: a run header, then one record per case result, written and flushed as
results arrive, so an interrupted run still leaves every finished result on disk.

The first line is the run's header (``{"record": "run", ...}``): the suite version and commit,
the run's identity (spec and selection hashes, era, skip patterns, adapter name and version,
generated count and seed; see :mod:`conformance.reports.identity`) and the adapter's info.
``--resume`` compares it with the run it is asked to finish. Result records follow, one per
line.

Lines are separated by ``\\n`` only: a record is written with U+2028, U+2029 and U+0085 escaped
and read back by splitting on line feeds, never with :meth:`str.splitlines` (which also splits on
those, and would cut a record in two). Reading never raises on content: each line that is not a
valid record is a located problem (file, line, what is wrong), a torn last line (an interrupted
write) is reported apart.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from conformance.errors import SpecError
from conformance.results.files import open_locked
from conformance.results.records import RESULT_KINDS, CaseResult

__all__ = ["HEADER_RECORD", "MAX_REPORT_BYTES", "JsonlWriter", "ReportFile", "ReportWriteError",
           "dump_line",
           "load_report", "read_report", "record_problem"]

#: The ``record`` value of a run header line.
HEADER_RECORD = "run"
#: A report file larger than this is refused (a run of 10,000 cases writes a few MB).
MAX_REPORT_BYTES = 1024 * 1024 * 1024


def dump_line(record: Mapping[str, Any]) -> str:
    """One JSON line: sorted keys, UTF-8 text, and every code point a reader could take for a
    line break (U+2028, U+2029, U+0085) escaped."""
    text = json.dumps(record, sort_keys=True, ensure_ascii=False)
    for ch in ("\u2028", "\u2029", "\u0085"):
        text = text.replace(ch, f"\\u{ord(ch):04x}")
    return text + "\n"


class ReportWriteError(OSError):
    """A record could not be written (a full disk, an I/O error): the report was cut back to
    its last complete record, and the writer takes no more."""


class JsonlWriter:
    """Append results to ``path`` one line at a time (``append=False`` starts afresh).

    The file is locked for as long as the writer is open (:class:`~.files.ReportBusy` if
    another run writes it); ``header`` (a run header, see :mod:`conformance.reports.identity`) is
    written first when given and the file is new or emptied.

    Each line goes to the file descriptor in one piece and is synced before :meth:`write`
    returns. When a write fails (``ENOSPC``, ``EIO``, a quota), the file is cut back to the end
    of its last complete line (so it stays a valid, resumable report) and
    :class:`ReportWriteError` says so; every later write raises it again.
    """

    def __init__(self, path: Path | str, *, append: bool = False,
                 header: Mapping[str, Any] | None = None) -> None:
        self.path = Path(path)
        self._file: IO[str] = open_locked(self.path, append=append)
        self._fd = self._file.fileno()
        self._good = os.fstat(self._fd).st_size
        #: Complete records written by this writer.
        self.written = 0
        self.failure: ReportWriteError | None = None
        if header is not None and (not append or self._good == 0):
            self.write_header(header)

    def write_header(self, header: Mapping[str, Any]) -> None:
        """Write the run header line."""
        self._put({**header, "record": HEADER_RECORD})

    def _put(self, record: Mapping[str, Any]) -> None:
        if self.failure is not None:
            raise self.failure
        data = memoryview(dump_line(record).encode("utf-8", "backslashreplace"))
        try:
            while data:
                data = data[os.write(self._fd, data):]
            os.fsync(self._fd)
        except OSError as exc:
            with contextlib.suppress(OSError):
                os.ftruncate(self._fd, self._good)  # never leave half a record
            self.failure = ReportWriteError(
                exc.errno, f"cannot write to {self.path}: {exc.strerror or exc}; it holds "
                           "every result written before this one")
            raise self.failure from exc
        self._good = os.lseek(self._fd, 0, os.SEEK_CUR)

    def write(self, result: CaseResult) -> None:
        """Write one record and push it to the disk."""
        self._put(result.to_record())
        self.written += 1

    def close(self) -> None:
        """Close the file (and release its lock); nothing is left to flush."""
        with contextlib.suppress(OSError):
            self._file.close()

    def __enter__(self) -> JsonlWriter:
        return self

    def __exit__(self, t: type[BaseException] | None, e: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


@dataclass
class ReportFile:
    """What a JSON-lines report holds: its header (if any), its results, and a located problem
    for every line that is not a valid record."""

    path: str
    header: dict[str, Any] | None = None
    results: list[CaseResult] = field(default_factory=list)
    problems: list[SpecError] = field(default_factory=list)
    #: Bytes of an unfinished last line (an interrupted write), ignored.
    torn: int = 0


_STR_FIELDS = ("adapter", "adapter_version", "era", "area", "title", "message", "detail",
               "baseline_reason")


def record_problem(record: Any) -> str | None:
    """What makes ``record`` (one parsed line) not a result record, or None."""
    if not isinstance(record, dict):
        return f"a record is a JSON object, not {type(record).__name__}"
    if not isinstance(record.get("case"), str):
        return "'case' must be a string"
    if record.get("result") not in RESULT_KINDS:
        return f"'result' must be one of {', '.join(RESULT_KINDS)}, not {record.get('result')!r}"
    for key in _STR_FIELDS:
        if key in record and not isinstance(record[key], str):
            return f"{key!r} must be a string"
    if record.get("file") is not None and not isinstance(record["file"], str):
        return "'file' must be a string or null"
    for key in ("rulings", "rules"):
        value = record.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            return f"{key!r} must be a list of strings"
    if "generated" in record and not isinstance(record["generated"], bool):
        return "'generated' must be true or false"
    step = record.get("step")
    if step is not None and (type(step) is not int or step < 0):
        return "'step' must be a non-negative integer or null"
    duration = record.get("duration_ms", 0)
    if type(duration) not in (int, float) or not 0 <= duration < 1e15:
        return "'duration_ms' must be a non-negative number"
    return None


def _short(raw: bytes) -> str:
    text = raw[:80].decode("utf-8", "backslashreplace")
    return repr(text) + ("..." if len(raw) > 80 else "")


def load_report(path: Path | str) -> ReportFile:
    """Read the report at ``path``. Raises :class:`OSError` only when the file cannot be read
    at all (missing, a directory, a device or pipe, over :data:`MAX_REPORT_BYTES`)."""
    p = Path(path)
    shown = str(path)
    st = p.stat()
    if not stat.S_ISREG(st.st_mode):
        raise OSError(f"{shown} is not a regular file")
    if st.st_size > MAX_REPORT_BYTES:
        raise OSError(f"{shown} is {st.st_size} bytes, over the limit of {MAX_REPORT_BYTES}")
    with p.open("rb") as f:
        data = f.read(MAX_REPORT_BYTES + 1)
    found = ReportFile(path=shown)
    lines = data.split(b"\n")
    last = lines.pop()  # after the final line feed: empty, or a torn line
    found.torn = len(last)
    seen: set[tuple[str, str]] = set()
    for number, raw in enumerate(lines, 1):
        if not raw.strip():
            continue

        def problem(message: str, _n: int = number) -> None:
            found.problems.append(SpecError("report-record", message, file=shown, line=_n,
                                            hint="each line of a report is one JSON record "
                                                 "written by mtgconf run --report"))

        try:
            record = json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError:
            problem(f"the line is not UTF-8: {_short(raw)}")
            continue
        except (ValueError, RecursionError) as exc:
            problem(f"the line is not JSON ({str(exc)[:120]}): {_short(raw)}")
            continue
        if isinstance(record, dict) and record.get("record") == HEADER_RECORD:
            if found.header is not None or found.results:
                problem("a run header must be the first line, once")
            else:
                found.header = record
            continue
        why = record_problem(record)
        if why is not None:
            problem(why)
            continue
        result = CaseResult.from_record(record)
        if result.key in seen:
            problem(f"a second result for case {result.case!r} under era {result.era!r}")
            continue
        seen.add(result.key)
        found.results.append(result)
    return found


def read_report(path: Path | str) -> list[CaseResult]:
    """The results of a JSON-lines report (lines that are not valid records are left out; use
    :func:`load_report` to see them)."""
    return load_report(path).results
