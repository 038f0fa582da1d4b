"""The adapter contract: how the harness talks to an engine, in process.

An :class:`Adapter` says what it is (:meth:`Adapter.info`) and starts a :class:`Session` per case.
A session performs actions and answers queries; it never sees an expected value. The subprocess
transport (:mod:`conformance.transports.subprocess`) carries the same messages as JSON lines.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from conformance.spec.textsafe import clean_text

__all__ = [
    "Adapter",
    "AdapterInfo",
    "Outcome",
    "Session",
    "StartRequest",
    "Unsupported",
]


@dataclass(frozen=True)
class AdapterInfo:
    """What an adapter is and what it can do: the eras it implements and its features."""

    name: str
    version: str
    eras: tuple[str, ...]
    features: frozenset[str]
    homepage: str = ""
    #: The queries the engine answers, when it declares them (None: it does not say; every
    #: query is tried). A case using another query is planned ``unsupported`` without running.
    queries: frozenset[str] | None = None
    #: The action types the engine performs, when it declares them (as ``queries``).
    actions: frozenset[str] | None = None

    def to_dict(self) -> dict[str, Any]:
        """The info as the protocol's ``info`` table."""
        out: dict[str, Any] = {"name": self.name, "version": self.version,
                               "eras": list(self.eras), "features": sorted(self.features),
                               "homepage": self.homepage}
        if self.queries is not None:
            out["queries"] = sorted(self.queries)
        if self.actions is not None:
            out["actions"] = sorted(self.actions)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> AdapterInfo:
        """Read the protocol's ``info`` table (an engine's text: cleaned, see
        :mod:`conformance.spec.textsafe`)."""
        return cls(name=clean_text(str(data["name"])), version=clean_text(str(data["version"])),
                   eras=tuple(clean_text(str(e)) for e in data["eras"]),
                   features=frozenset(clean_text(str(f)) for f in data["features"]),
                   homepage=clean_text(str(data.get("homepage", ""))),
                   queries=_names(data.get("queries")), actions=_names(data.get("actions")))


def _names(value: Any) -> frozenset[str] | None:
    """An optional declared list of names (``queries``, ``actions``); None when absent."""
    if value is None:
        return None
    return frozenset(clean_text(str(v)) for v in value)


@dataclass(frozen=True)
class StartRequest:
    """Everything an engine gets to set up one case: never the expected values."""

    case: str
    era: str
    setup: Mapping[str, Any]
    #: Card data by full name for every card the setup names (``spec/cards`` format).
    cards: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)


@dataclass(frozen=True)
class Outcome:
    """The result of performing an action: done, or rejected by the rules with a failure class."""

    ok: bool
    failure: str | None = None
    message: str = ""

    @classmethod
    def done(cls) -> Outcome:
        """The action happened."""
        return cls(True)

    @classmethod
    def rejected(cls, failure: str, message: str = "") -> Outcome:
        """The rules forbid the action; ``failure`` is its class (``"timing"``, ...)."""
        return cls(False, failure, message)


class Unsupported(Exception):
    """Raised by a session (or adapter) that cannot express a setup, action or query.

    The case is reported ``unsupported``, not failed.
    """


@runtime_checkable
class Session(Protocol):
    """One game, for one case."""

    def perform(self, action: Mapping[str, Any]) -> Outcome:
        """Perform ``action`` and say whether the rules allowed it."""
        ...

    def observe(self, query: Mapping[str, Any]) -> Any:
        """Answer ``query`` with a JSON value (raise :class:`Unsupported` if it can't)."""
        ...

    def close(self) -> None:
        """The case is over."""
        ...


@runtime_checkable
class Adapter(Protocol):
    """An engine, as the harness sees it."""

    def info(self) -> AdapterInfo:
        """Name, version, eras and features."""
        ...

    def start(self, request: StartRequest) -> Session:
        """Set up the game a case describes."""
        ...

    def close(self) -> None:
        """The run is over (stop processes, free resources)."""
        ...
