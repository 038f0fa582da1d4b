"""Errors of the conformance harness. All share :class:`ConformanceError`.

Every error a user sees carries a stable ``code`` and says where it happened: for spec input the
file, the case id, the JSON path and, where it can, the line; for adapters the adapter and case.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

__all__ = ["AdapterError", "ConformanceError", "ProtocolError", "SpecError"]


#: The longest message (and hint) a :class:`SpecError` keeps, and the longest file, case id or
#: JSON path; longer text is cut, saying how much was left out.
MAX_MESSAGE = 1000
MAX_PART = 300


def _cut(text: str, limit: int) -> str:
    if not isinstance(text, str) or len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text) - limit} more characters)"


class ConformanceError(Exception):
    """Base class of every error the harness raises."""


@dataclass
class SpecError(ConformanceError):
    """A problem in a spec file (case, card, ruling, era or feature data)."""

    code: str
    message: str
    file: str | None = None
    case: str | None = None
    path: str | None = None
    line: int | None = None
    hint: str | None = None
    #: "error" (the spec is wrong) or "warning" (worth a look; ``validate`` still passes).
    severity: str = "error"

    def __post_init__(self) -> None:
        # A message may echo a value of the file (a schema error quotes it whole): each part
        # is cut, so a 1 MB string in a case gives a readable one-line error.
        self.message = _cut(self.message, MAX_MESSAGE)
        self.hint = _cut(self.hint, MAX_MESSAGE) if self.hint is not None else None
        self.path = _cut(self.path, MAX_PART) if self.path is not None else None
        self.case = _cut(self.case, MAX_PART) if self.case is not None else None
        self.file = _cut(self.file, MAX_PART) if self.file is not None else None
        super().__init__(self.format())

    def __reduce__(self) -> tuple[type[SpecError], tuple[object, ...]]:
        # An exception pickles as its class called with ``args`` (here the formatted text),
        # which this dataclass can't take: rebuild it from its fields, as a split run's
        # workers send their spec errors to the parent.
        return (type(self), tuple(getattr(self, f.name) for f in fields(self)))

    def location(self) -> str:
        """``file:line`` (or just the file), then the case id and the JSON path."""
        parts: list[str] = []
        if self.file:
            parts.append(f"{self.file}:{self.line}" if self.line else self.file)
        if self.case:
            parts.append(f"case {self.case}")
        if self.path:
            parts.append(f"at {self.path}")
        return ", ".join(parts) or "<spec>"

    def format(self) -> str:
        """The message users see: location, code, message and hint on one or two lines."""
        text = f"{self.location()}: [{self.code}] {self.message}"
        if self.hint:
            text += f"\n    hint: {self.hint}"
        return text

    def __str__(self) -> str:
        return self.format()

    def to_dict(self) -> dict[str, object]:
        """The error as a JSON table (for ``--json`` output)."""
        return {"code": self.code, "message": self.message, "file": self.file,
                "case": self.case, "path": self.path, "line": self.line, "hint": self.hint,
                "severity": self.severity}


class AdapterError(ConformanceError):
    """An adapter could not be found, started or used."""


class CommandNotFound(AdapterError):
    """A ``cmd:`` engine's command could not be executed at all (no such file, not
    executable): the command line is wrong, so it is bad usage, not a broken engine."""


class ProtocolError(AdapterError):
    """A subprocess engine broke the JSON-lines protocol (garbage, wrong seq, wrong shape)."""
