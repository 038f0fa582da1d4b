"""Find the line of a JSON path in TOML text, so schema errors can name a line.

The standard TOML readers keep no positions; this scanner follows table headers, arrays of
tables and keys well enough for the files this project writes (one key per line, inline tables
on one line). A path it cannot place falls back to its nearest placed parent.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

__all__ = ["index_lines", "line_of"]

Path = tuple[Any, ...]
#: Parts of a dotted key or header that are indexed (deeper data is refused by the loader's
#: bounds anyway); it keeps the index of a 20 KB dotted header small.
MAX_KEY_PARTS = 128
_KEY = re.compile(r'^\s*("(?:[^"\\]|\\.)*"|\'[^\']*\'|[A-Za-z0-9_.\-" ]+?)\s*=')


#: Escapes of TOML basic strings (``\uXXXX`` and ``\UXXXXXXXX`` are decoded apart).
_ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\",
            "e": "\x1b"}


def _split_key(text: str) -> list[str]:
    """The parts of a dotted TOML key (``a."b.c".'d'``), quotes removed, escapes decoded."""
    parts: list[str] = []
    buf = ""
    quote: str | None = None
    quoted = False  # a quoted part may be empty ("" is a valid TOML key)
    i = 0
    while i < len(text):
        ch = text[i]
        i += 1
        if quote == '"' and ch == "\\" and i < len(text):
            code = text[i]
            width = {"u": 4, "U": 8}.get(code, 0)
            digits = text[i + 1:i + 1 + width]
            if width and len(digits) == width and all(c in "0123456789abcdefABCDEF"
                                                      for c in digits):
                buf += chr(min(int(digits, 16), 0x10FFFF))
                i += 1 + width
            else:
                buf += _ESCAPES.get(code, code)
                i += 1
        elif quote:
            if ch == quote:
                quote = None
            else:
                buf += ch
        elif ch in "\"'":
            quote = ch
            quoted = True
            buf = buf.strip()  # whitespace between a dot and the quote is not part of the key
        elif ch == ".":
            if buf.strip() or quoted:
                parts.append(buf if quoted else buf.strip())
            buf = ""
            quoted = False
        elif quoted and ch in " \t":
            continue  # whitespace between a quoted part and the next dot
        else:
            buf += ch
    if buf.strip() or quoted:
        parts.append(buf if quoted else buf.strip())
    return parts[:MAX_KEY_PARTS]


def index_lines(text: str) -> dict[Path, int]:
    """Map every header and key path found in ``text`` to its 1-based line number."""
    index: dict[Path, int] = {}
    arrays: dict[Path, int] = {}  # array-of-tables path -> index of its last element
    current: Path = ()

    def resolve(parts: list[str]) -> Path:
        out: Path = ()
        for part in parts:
            out = (*out, part)
            if out in arrays:
                out = (*out, arrays[out])
        return out

    in_multiline = False
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if in_multiline:
            if line.count('"""') % 2 == 1 or line.count("'''") % 2 == 1:
                in_multiline = False
            continue
        if not line or line.startswith("#"):
            continue
        if line.startswith("[["):
            end = line.find("]]")
            parts = _split_key(line[2:end])
            if not parts:
                continue
            parent = resolve(parts[:-1])
            key = (*parent, parts[-1])
            arrays[key] = arrays.get(key, -1) + 1
            current = (*key, arrays[key])
            _index_prefixes(index, key, number)
            index[current] = number
            continue
        if line.startswith("["):
            end = line.find("]")
            current = resolve(_split_key(line[1:end]))
            _index_prefixes(index, current, number)
            index[current] = number
            continue
        m = _KEY.match(line)
        if m:
            path = (*current, *_split_key(m.group(1)))
            _index_prefixes(index, path, number)
            rest = line[m.end():]
            if rest.count('"""') == 1 or rest.count("'''") == 1:
                in_multiline = True
    return index


def _index_prefixes(index: dict[Path, int], path: Path, number: int) -> None:
    """Give ``path`` and each of its parents (``[a.b]`` also defines ``a``) a line, if unset.

    Every indexed path has all its parents indexed, so the walk stops at the first parent
    already there: a file of long dotted headers costs time linear in its size."""
    for end in range(len(path), 0, -1):
        prefix = path[:end]
        if prefix in index:
            break
        index[prefix] = number


def line_of(index: dict[Path, int], path: Sequence[Any]) -> int | None:
    """The line of ``path``, or of its nearest parent that has one."""
    p = tuple(path)
    while p:
        if p in index:
            return index[p]
        p = p[:-1]
    return None
