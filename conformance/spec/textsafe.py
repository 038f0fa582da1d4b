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
* bidirectional controls (U+202A-U+202E, U+2066-U+2069, U+200E/F, U+061C) reorder the text a
  reader sees;
* invisible code points (zero-width spaces and joiners U+200B-U+200D, word joiner and invisible
  operators U+2060-U+2064, U+180E, tag characters U+E0000-U+E007F, variation selectors, Hangul
  fillers, blanks other than the space) make two different names look the same: an engine could
  pass for the reference engine.

The rule is by Unicode category, not a list of examples: every code point of category ``Cc``
(controls; tab and line feed kept), ``Cf`` (format: bidi controls, zero-width and invisible
characters, tags, BOM), ``Co`` (private use), ``Cs`` (surrogates), ``Zl`` and ``Zp`` (line and
paragraph separators), ``Zs`` other than the space (blanks that look like one), every
noncharacter (U+FDD0-U+FDEF and the last two of each plane) and every other default-ignorable
code point (variation selectors, Hangul fillers, U+034F, U+17B4/5, U+180B-U+180F, the Braille
blank U+2800) is unsafe.

:func:`clean_text` replaces each unsafe code point by a visible escape (``\\x1b``, ``\\u2028``,
``\\U000e0041``), so nothing is lost and nothing acts. It is applied once, on the way in: every
:class:`~conformance.results.CaseResult` cleans its fields when it is made (from a run or from a
report file), the subprocess transport cleans the engine's ``info``, and the commands clean
every text they print (:func:`conformance.commands._common.shown`). Cleaning is idempotent.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

__all__ = ["UNSAFE", "UNSAFE_CATEGORIES", "clean_text", "clean_value", "is_clean", "is_unsafe"]

#: Unicode categories whose every code point is unsafe (tab and line feed excepted).
UNSAFE_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cs", "Zl", "Zp", "Zs"})
#: Default-ignorable code points outside those categories (they show as nothing).
_IGNORABLE = (range(0x034F, 0x0350), range(0x115F, 0x1161), range(0x17B4, 0x17B6),
              range(0x180B, 0x1810), range(0x2800, 0x2801), range(0x3164, 0x3165),
              range(0xFE00, 0xFE10), range(0xFFA0, 0xFFA1), range(0xE0100, 0xE01F0))
#: Printable ASCII, tab and line feed: text made only of these is safe as it is.
_PLAIN = re.compile(r"[^\t\n\x20-\x7e]")


@lru_cache(maxsize=4096)
def is_unsafe(ch: str) -> bool:
    """Whether the code point ``ch`` is unsafe (see the module's docstring)."""
    code = ord(ch)
    if ch in "\t\n" or ch == " ":
        return False
    if unicodedata.category(ch) in UNSAFE_CATEGORIES:
        return True
    if 0xFDD0 <= code <= 0xFDEF or (code & 0xFFFE) == 0xFFFE:  # noncharacters
        return True
    return any(code in r for r in _IGNORABLE)


def _escape(ch: str) -> str:
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


class _Unsafe:
    """The set of unsafe code points with the two methods of a compiled pattern the harness
    uses (``search``, ``sub``), decided by :func:`is_unsafe`."""

    def search(self, text: str) -> bool:
        """Whether ``text`` holds an unsafe code point."""
        if _PLAIN.search(text) is None:
            return False
        return any(is_unsafe(ch) for ch in text)

    def sub(self, text: str) -> str:
        """``text`` with every unsafe code point escaped."""
        if _PLAIN.search(text) is None:
            return text
        return "".join(_escape(ch) if is_unsafe(ch) else ch for ch in text)


#: Every code point :func:`clean_text` escapes.
UNSAFE = _Unsafe()


def clean_text(text: str) -> str:
    """``text`` with every unsafe code point replaced by a visible escape."""
    return UNSAFE.sub(text)


def is_clean(text: str) -> bool:
    """Whether ``text`` holds no unsafe code point."""
    return not UNSAFE.search(text)


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
