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

__all__ = [
    "MAX_ARRAY_ITEMS",
    "MAX_DEPTH",
    "MAX_NODES",
    "MAX_SPEC_FILE_BYTES",
    "data_bounds",
    "decode_spec_bytes",
    "escaped_root",
    "non_json_values",
    "parse_untrusted_toml",
    "read_spec_bytes",
    "read_spec_text",
    "too_deep",
    "too_large",
    "unique_items",
    "value_key",
]

#: A spec file (case, card, catalog) larger than this is refused unread. The largest file the
#: project ships (``spec/rulings.toml``) is about 45 kB; a case is a few kB.
MAX_SPEC_FILE_BYTES = 2 * 1024 * 1024


#: Bounds on the parsed data of one spec file. The size cap alone does not bound the work done
#: on a file (a 128 KB array of tables, a 20 KB dotted header): checks that are not linear in
#: the data stay fast because the data stays small. The largest shipped file has ~3,000 values.
MAX_NODES = 200_000
MAX_ARRAY_ITEMS = 10_000
MAX_DEPTH = 100
#: Python refuses to turn a decimal text of more digits than this into an int (and back).
MAX_INT_DIGITS = 4300


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


def read_spec_bytes(path: Path, *, display: str) -> tuple[bytes | None, SpecError | None]:
    """The bytes of ``path``, or (None, a located error): missing, unreadable, not a regular
    file, or larger than :data:`MAX_SPEC_FILE_BYTES` (read no further than the limit)."""
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
    return raw, None


def decode_spec_bytes(raw: bytes, *, display: str) -> tuple[str | None, SpecError | None]:
    """``raw`` (read by :func:`read_spec_bytes`) as UTF-8 text, or (None, a located error)."""
    try:
        return raw.decode("utf-8"), None
    except UnicodeDecodeError as exc:
        return None, SpecError("unreadable", f"cannot read the file: {exc}", file=display,
                               hint="spec files are UTF-8 text")


def read_spec_text(path: Path, *, display: str) -> tuple[str | None, SpecError | None]:
    """The UTF-8 text of ``path``, or (None, a located error): missing, unreadable, not UTF-8,
    or larger than :data:`MAX_SPEC_FILE_BYTES` (read no further than the limit)."""
    raw, error = read_spec_bytes(path, display=display)
    if raw is None:
        return None, error
    return decode_spec_bytes(raw, display=display)


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
        except (OSError, RuntimeError):  # a link loop: let the read report it
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
    elif isinstance(value, int) and not isinstance(value, bool) and (
            value.bit_length() > MAX_INT_DIGITS * 3.32):
        yield ("not-json", f"an integer of {value.bit_length()} bits is too long to send as "
               "JSON", list(path), f"integers in spec files have at most {MAX_INT_DIGITS} "
               "digits")
    elif isinstance(value, float) and not math.isfinite(value):
        yield ("not-json", f"the number {value} is not a JSON value", list(path),
               "engines receive the case as JSON, which has no NaN or infinity")


def _huge_int_line(text: str) -> int | None:
    """The line of the first decimal literal of more than :data:`MAX_INT_DIGITS` digits."""
    import re

    m = re.search(r"[0-9][0-9_]{" + str(MAX_INT_DIGITS) + ",}", text)
    return text.count("\n", 0, m.start()) + 1 if m else None


def parse_untrusted_toml(text: str, *, display: str
                         ) -> tuple[dict[str, Any] | None, SpecError | None]:
    """Parse TOML ``text`` from an untrusted file: the data, or (None, one located error).
    Never raises: a syntax error, nesting too deep for the parser, an integer too long for
    Python (over 4,300 digits) and data over :func:`data_bounds` are each a located error."""
    from conformance.spec import tomlio

    try:
        data = tomlio.loads(text)
    except tomlio.TOMLDecodeError as exc:
        line = getattr(exc, "lineno", None)
        msg = str(exc)
        if line is None:
            import re

            m = re.search(r"line (\d+)", msg)
            line = int(m.group(1)) if m else None
        return None, SpecError("toml-syntax", f"not valid TOML: {msg}", file=display,
                               line=line, hint="check quotes, brackets and '=' on that line")
    except RecursionError:
        return None, too_deep(display)
    except ValueError as exc:  # int('9' * 5000): "Exceeds the limit (4300 digits) ..."
        line = _huge_int_line(text)
        what = (f"an integer has more than {MAX_INT_DIGITS} digits" if line is not None
                else f"a value cannot be read: {str(exc)[:200]}")
        return None, SpecError("too-large", what, file=display, line=line,
                               hint=f"integers in spec files have at most {MAX_INT_DIGITS} "
                                    "digits")
    problem = data_bounds(data)
    if problem is not None:
        code, message = problem
        return None, SpecError(code, message, file=display,
                               hint="spec data is small: a case has a few hundred values")
    return data, None


def data_bounds(data: Any) -> tuple[str, str] | None:
    """(code, message) when ``data`` is over :data:`MAX_NODES` values, has an array over
    :data:`MAX_ARRAY_ITEMS` items or nests deeper than :data:`MAX_DEPTH`; None when it is
    within bounds. Iterative: safe on any depth."""
    nodes = 0
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        nodes += 1
        if nodes > MAX_NODES:
            return "too-large", f"the file holds more than {MAX_NODES} values"
        if depth > MAX_DEPTH:
            return "too-deep", f"tables or arrays are nested more than {MAX_DEPTH} deep"
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            if len(value) > MAX_ARRAY_ITEMS:
                return "too-large", (f"an array has {len(value)} items, over the limit of "
                                     f"{MAX_ARRAY_ITEMS}")
            stack.extend((v, depth + 1) for v in value)
    return None


def value_key(value: Any) -> Any:
    """A hashable key equal for two values exactly when JSON Schema calls them equal (numbers
    by value, ``true`` apart from ``1``, tables whatever their key order)."""
    if isinstance(value, bool) or value is None:
        return ("b", value)
    if isinstance(value, (int, float)):
        return ("n", value)
    if isinstance(value, str):
        return ("s", value)
    if isinstance(value, list):
        return ("l", tuple(value_key(v) for v in value))
    if isinstance(value, dict):
        return ("d", frozenset((k, value_key(v)) for k, v in value.items()))
    return ("o", repr(value))


def unique_items(validator: Any, unique: Any, instance: Any, schema: Any) -> Iterator[Any]:
    """The ``uniqueItems`` keyword in linear time (jsonschema's own compares every pair of
    items that cannot be sorted: 85 s for a 128 KB array of tables)."""
    if not unique or not isinstance(instance, list):
        return
    seen: set[Any] = set()
    for item in instance:
        try:
            key = value_key(item)
            if key in seen:
                break
            seen.add(key)
        except (TypeError, RecursionError):
            return  # unhashable or too deep: data_bounds refuses those before the schema
    else:
        return
    from jsonschema.exceptions import ValidationError

    yield ValidationError(f"{instance!r} has non-unique elements"[:300])
