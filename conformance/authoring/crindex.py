"""The index of Comprehensive Rules numbers shipped in ``spec/cr-index.txt`` (numbers only).

The file lists every rule and subrule number of one CR edition, one per line (``#`` starts a
comment; a ``# edition: YYYY-MM-DD`` comment names the edition and ``# complete: yes`` says the
file holds every rule of it; a partial index judges only the three-digit rules it lists).

Lint checks that each CR number a case or ruling cites is well formed and present in the index,
so a typo such as ``709.4z`` or a number from a renumbered edition is caught before anyone reads
the case.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

__all__ = ["CR_NUMBER", "CrIndex", "is_well_formed", "load_cr_index", "sort_key"]

#: A CR number: a three-digit rule (``709``), a numbered rule (``709.4``) or a subrule
#: (``709.4b``). Subrule letters skip ``l`` and ``o`` (CR introduction).
CR_NUMBER = re.compile(r"^[1-9][0-9]{2}(?:\.[0-9]+[a-km-np-z]?)?$")
_EDITION = re.compile(r"^#\s*edition:\s*(\S+)", re.IGNORECASE)
_COMPLETE = re.compile(r"^#\s*complete:\s*(yes|true)\b", re.IGNORECASE)


def is_well_formed(number: str) -> bool:
    """True when ``number`` has the shape of a CR number (``702``, ``702.33`` or ``702.33a``)."""
    return bool(CR_NUMBER.match(number))


def sort_key(number: str) -> tuple[int, int, str]:
    """Order CR numbers as the rules do: 702.9 before 702.10, 702.10 before 702.10a."""
    m = re.match(r"^(\d+)(?:\.(\d+)([a-z]?))?", number)
    if not m:
        return (10**6, 0, number)
    return (int(m.group(1)), int(m.group(2) or -1), m.group(3) or "")


@dataclass(frozen=True)
class CrIndex:
    """A set of CR numbers of one edition, with the sections (``100``..``905``) it covers."""

    numbers: frozenset[str] = field(default_factory=frozenset)
    edition: str = ""
    path: str = ""
    #: True when the index lists every rule of its edition (``# complete: yes``): then any
    #: number it lacks is unknown, even one whose three-digit rule is absent (``124.1``).
    complete: bool = False

    def __contains__(self, number: object) -> bool:
        return number in self.numbers

    def __len__(self) -> int:
        return len(self.numbers)

    @property
    def sections(self) -> frozenset[str]:
        """The three-digit rules present in the index."""
        return _sections(self.numbers)

    def covers(self, number: str) -> bool:
        """True when the index can tell whether ``number`` exists: it is complete, or it lists
        the rule ``number`` belongs to (``702`` for ``702.33a``)."""
        if not self.numbers:
            return False
        return self.complete or number.split(".")[0] in self.sections

    def has(self, number: str) -> bool:
        """True when ``number`` is a rule of this edition."""
        return number in self.numbers

    def nearest(self, number: str, limit: int = 3) -> list[str]:
        """Numbers of the same rule that do exist, to suggest in a lint hint."""
        stem = number.rstrip("abcdefghijkmnpqrstuvwxyz")
        head = stem if "." in stem else number
        same = sorted((n for n in self.numbers if n.startswith(head)), key=sort_key)
        if not same and "." in number:
            section = number.split(".")[0]
            same = sorted((n for n in self.numbers if n.split(".")[0] == section
                           and n.count(".") == 1 and not n[-1].isalpha()), key=sort_key)
        return same[:limit]

    @classmethod
    def from_lines(cls, lines: Iterable[str], *, path: str = "") -> CrIndex:
        """Read the index text: one number per line, ``#`` comments, blank lines ignored."""
        numbers: set[str] = set()
        edition = ""
        complete = False
        for raw in lines:
            m = _EDITION.match(raw.strip())
            if m:
                edition = m.group(1)
            complete = complete or bool(_COMPLETE.match(raw.strip()))
            line = raw.split("#", 1)[0].strip()
            if line:
                numbers.add(line)
        return cls(frozenset(numbers), edition, path, complete)


def load_cr_index(path: Path | str) -> CrIndex:
    """Load ``path``; a missing file gives an empty index (lint then skips the presence check)."""
    return _load(str(path))


@cache
def _sections(numbers: frozenset[str]) -> frozenset[str]:
    return frozenset(n.split(".")[0] for n in numbers)


@cache
def _load(path: str) -> CrIndex:
    p = Path(path)
    if not p.is_file():
        return CrIndex(path=path)
    return CrIndex.from_lines(p.read_text("utf-8").splitlines(), path=path)
