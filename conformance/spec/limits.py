"""Limits on spec input: how large a spec file may be, and how it is read safely.

Spec files are data only: they are parsed as TOML and checked against JSON Schemas, never
evaluated, imported or unpickled. A file is read with a size cap, so a huge or endless file
(``/dev/zero``) costs at most :data:`MAX_SPEC_FILE_BYTES`; nesting too deep for the parser or the
validator becomes a located ``too-deep`` error instead of a :class:`RecursionError`; only regular
files are opened (a named pipe would block the loader, a device would never end).
"""

from __future__ import annotations

import datetime
import json
import math
import stat
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from conformance.errors import SpecError

__all__ = ["MAX_SPEC_FILE_BYTES", "escaped_root", "non_json_values", "read_spec_text", "too_deep",
           "too_large"]

#: A spec file (case, card, catalog) larger than this is refused unread. The largest file the
#: project ships (``spec/rulings.toml``) is about 45 kB; a case is a few kB.
MAX_SPEC_FILE_BYTES = 2 * 1024 * 1024


def too_large(display: str, size: int | None = None) -> SpecError:
    """The error for a spec file over :data:`MAX_SPEC_FILE_BYTES`."""
    what = f"{size} bytes" if size is not None else "the file"
    return SpecError("too-large", f"{what} is over the limit of {MAX_SPEC_FILE_BYTES} bytes for "
                     "a spec file", file=display,
                     hint="split it: one case per file, one card per file")


def too_deep(display: str, case: str | None = None) -> SpecError:
    """The error for data nested too deeply to parse or validate."""
    return SpecError("too-deep", "tables or arrays are nested too deeply to read", file=display,
                     case=case, hint="spec data needs only a few levels of nesting")


def read_spec_text(path: Path, *, display: str) -> tuple[str | None, SpecError | None]:
    """The UTF-8 text of ``path``, or (None, a located error): missing, unreadable, not UTF-8,
    or larger than :data:`MAX_SPEC_FILE_BYTES` (read no further than the limit)."""
    try:
        info = path.stat()
        mode = info.st_mode
        if not stat.S_ISREG(mode):  # a pipe would block, a device never end
            kind = "a directory" if stat.S_ISDIR(mode) else "a device, pipe or socket"
            return None, SpecError("unreadable", f"cannot read the file: it is {kind}, not a "
                                   "regular file", file=display)
        with path.open("rb") as f:
            # Ask for the size the file has (asking for the limit allocates it every time),
            # then for the rest up to the limit should it have grown meanwhile.
            raw = f.read(min(info.st_size, MAX_SPEC_FILE_BYTES) + 1)
            if len(raw) <= MAX_SPEC_FILE_BYTES and len(raw) > info.st_size:
                raw += f.read(MAX_SPEC_FILE_BYTES + 1 - len(raw))
    except FileNotFoundError:
        return None, SpecError("no-such-file", "no such file", file=display)
    except OSError as exc:
        return None, SpecError("unreadable", f"cannot read the file: {exc}", file=display)
    if len(raw) > MAX_SPEC_FILE_BYTES:
        try:
            size: int | None = path.stat().st_size or None
        except OSError:
            size = None
        return None, too_large(display, size)
    try:
        return raw.decode("utf-8"), None
    except UnicodeDecodeError as exc:
        return None, SpecError("unreadable", f"cannot read the file: {exc}", file=display,
                               hint="spec files are UTF-8 text")


def escaped_root(path: Path, roots: list[Path], *,
                 resolve: Callable[[Path], Path] = Path.resolve) -> Path | None:
    """The directory of ``roots`` that ``path`` was found in but leads out of (through a
    symbolic link), or None when it stays inside (or was named directly). ``resolve`` turns a
    path into its real one (a caching resolver saves the loader most of the file system calls).
    """
    for root in roots:
        if not root.is_dir():
            continue
        try:
            path.relative_to(root)
        except ValueError:
            continue
        try:
            resolve(path).relative_to(resolve(root))
        except ValueError:
            return root
        except OSError:  # a link loop: let the read report it
            return None
    return None


def non_json_values(value: Any, path: tuple[Any, ...] = ()
                    ) -> Iterator[tuple[str, str, list[Any], str | None]]:
    """Yield (code, message, JSON path, hint) for each value TOML allows but JSON does not
    (dates, times, NaN, infinities): a case's data goes to engines as JSON."""
    if not path and _is_plain_json(value):
        return  # the usual case, decided by the C encoder without a walk in Python
    yield from _non_json_values(value, path)


def _is_plain_json(value: Any) -> bool:
    """True when the JSON encoder takes ``value`` as it is (no date, time, NaN or infinity)."""
    try:
        json.dumps(value, allow_nan=False, check_circular=False)
    except (TypeError, ValueError, RecursionError):
        return False
    return True


def _non_json_values(value: Any, path: tuple[Any, ...] = ()
                     ) -> Iterator[tuple[str, str, list[Any], str | None]]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _non_json_values(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _non_json_values(v, (*path, i))
    elif isinstance(value, (datetime.date, datetime.time)):
        yield ("not-json", f"the {type(value).__name__} {value.isoformat()} is not a JSON "
               "value", list(path), "write dates and times as strings")
    elif isinstance(value, float) and not math.isfinite(value):
        yield ("not-json", f"the number {value} is not a JSON value", list(path),
               "engines receive the case as JSON, which has no NaN or infinity")
