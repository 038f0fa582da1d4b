"""Make text from engines and files safe to store, print and write into any report format.

An engine's replies, its stderr and a case file's strings are untrusted text. Written as they are,
some code points break a report or mislead its reader:

* a lone surrogate (``"\\ud800"`` in a JSON reply) cannot be encoded as UTF-8, so writing the
  report raises :class:`UnicodeEncodeError`;
* C0 and C1 control characters (other than tab and line feed), ``DEL``, U+FFFE and U+FFFF are not
  allowed in XML, so JUnit becomes invalid; on a terminal, ``ESC`` starts an ANSI sequence that can
  recolour, move the cursor or erase lines (hide a failure), and a carriage return overwrites one;
* U+2028, U+2029 and U+0085 are line breaks to :meth:`str.splitlines` and to some viewers, so a
  record holding one would be split in two;
* bidirectional overrides (U+202A-U+202E, U+2066-U+2069) reorder the text a reader sees.

:func:`clean_text` replaces each such code point by a visible escape (``\\x1b``, ``\\u2028``,
``\\ud800``), so nothing is lost and nothing acts. It is applied once, on the way in: every
:class:`~conformance.results.CaseResult` cleans its fields when it is made (from a run or from a
report file), and the subprocess transport cleans the engine's ``info``. Cleaning is idempotent.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

__all__ = ["UNSAFE", "clean_text", "clean_value", "is_clean"]

#: Every code point :func:`clean_text` escapes.
UNSAFE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069"
    "\ud800-\udfff\ufeff\ufffe\uffff]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def clean_text(text: str) -> str:
    """``text`` with every :data:`UNSAFE` code point replaced by a visible escape."""
    if not UNSAFE.search(text):
        return text
    return UNSAFE.sub(_escape, text)


def is_clean(text: str) -> bool:
    """Whether ``text`` holds no :data:`UNSAFE` code point."""
    return UNSAFE.search(text) is None


def clean_value(value: Any, depth: int = 0) -> Any:
    """A JSON-like ``value`` with every string in it (keys too) cleaned; other values as they
    are. Nesting deeper than 200 levels is cut (replaced by its text form, cleaned)."""
    if isinstance(value, str):
        return clean_text(value)
    if depth > 200:
        return clean_text(repr(value)[:200])
    if isinstance(value, Mapping):
        return {clean_text(k) if isinstance(k, str) else k: clean_value(v, depth + 1)
                for k, v in value.items()}
    if isinstance(value, list):
        return [clean_value(v, depth + 1) for v in value]
    if isinstance(value, tuple):
        return tuple(clean_value(v, depth + 1) for v in value)
    return value
