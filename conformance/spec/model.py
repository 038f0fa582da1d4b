"""The spec as Python values: cases and their steps, rulings, eras and features."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

__all__ = ["Case", "Ruling", "Step"]


@dataclass(frozen=True)
class Step:
    """One step of a case: an action to perform or an observation to make.

    ``expect`` and ``reject`` are for the runner only; the adapter sees ``body`` alone.
    """

    index: int
    kind: Literal["action", "observe"]
    body: Mapping[str, Any]
    expect: Any = None
    has_expect: bool = False
    reject: str | None = None
    compare: str = "equal"
    note: str | None = None

    def describe(self) -> str:
        """A short human description: ``observe mana_value of ab`` or ``cast ab``."""
        if self.kind == "observe":
            what = str(self.body.get("query"))
            obj = self.body.get("object")
            return f"observe {what}" + (f" of {obj}" if obj else "")
        what = str(self.body.get("type"))
        extra = self.body.get("object") or self.body.get("player")
        return f"{what}" + (f" {extra}" if extra else "")


@dataclass(frozen=True)
class Case:
    """A conformance case, loaded and validated."""

    id: str
    title: str
    rulings: tuple[str, ...]
    rules: tuple[str, ...]
    eras: tuple[str, ...]
    features: tuple[str, ...]
    setup: Mapping[str, Any]
    steps: tuple[Step, ...]
    area: str = "unknown"
    file: str | None = None
    cards: tuple[Mapping[str, Any], ...] = ()
    generated: Mapping[str, Any] | None = None
    #: CR numbers of the non-modern era's edition (``period_rules``), e.g. Sixth Edition 216.1.
    period_rules: tuple[str, ...] = ()
    data: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def card_names(self) -> list[str]:
        """Names of the catalog cards the setup uses (tokens excluded; cards owned outside the
        game included), in first-use order."""
        names: dict[str, None] = {}
        for obj in self.setup.get("objects", []):
            if "card" in obj:
                names[str(obj["card"])] = None
        for owned in dict(self.setup.get("outside", {})).values():
            for name in owned:  # cards owned outside the game (400.11)
                names[str(name)] = None
        return list(names)


@dataclass(frozen=True)
class Ruling:
    """One ruling of the catalog (``spec/rulings.toml``)."""

    id: str
    area: str
    statement: str
    source: str
    rules: tuple[str, ...]
    eras: tuple[str, ...]
    conflicts: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()
    testable: bool = True
    not_testable: str | None = None
    note: str | None = None
