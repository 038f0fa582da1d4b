"""Results of running cases: one :class:`CaseResult` per case and era."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from conformance.spec.textsafe import clean_text, clean_value

__all__ = ["RESULT_KINDS", "CaseResult", "Summary", "refuses_nothing", "summarize"]

#: Result kinds, in report order. ``known-failure`` and ``fixed`` come from a baseline.
RESULT_KINDS = ("passed", "failed", "errored", "unsupported", "skipped", "known-failure", "fixed")
#: Kinds that make a run fail.
BAD_KINDS = frozenset({"failed", "errored"})
#: The adapter whose engine claims every feature and era of the spec.
REFERENCE = "reference"


@dataclass
class CaseResult:
    """What happened to one case under one era on one adapter."""

    case: str
    era: str
    result: str
    adapter: str = ""
    adapter_version: str = ""
    area: str = "unknown"
    file: str | None = None
    title: str = ""
    rulings: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    generated: bool = False
    step: int | None = None
    expected: Any = None
    observed: Any = None
    message: str = ""
    detail: str = ""
    duration_ms: float = 0.0
    baseline_reason: str = ""
    #: The TOML text of a case with no file (a generated case), byte for byte as
    #: ``mtgconf generate --out`` writes it.
    case_text: str = ""
    #: What the engine lacks to run this case (``unsupported`` only): ``feature:NAME``,
    #: ``era:NAME``, ``query:NAME``, ``action:TYPE`` or ``setup``
    #: (:mod:`conformance.results.blockers`).
    missing: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        """Clean every text field (see :mod:`conformance.spec.textsafe`): a result holds text from
        engines and files, and must be writable to every report format as it is."""
        for name in ("case", "era", "result", "adapter", "adapter_version", "area", "title",
                     "message", "detail", "baseline_reason"):
            value = getattr(self, name)
            if isinstance(value, str):
                setattr(self, name, clean_text(value))
        if self.file is not None:
            self.file = clean_text(self.file)
        self.rulings = tuple(clean_text(str(r)) for r in self.rulings)
        self.rules = tuple(clean_text(str(r)) for r in self.rules)
        self.missing = tuple(clean_text(str(m)) for m in self.missing)
        if self.expected is not None:
            self.expected = clean_value(self.expected)
        if self.observed is not None:
            self.observed = clean_value(self.observed)

    @property
    def key(self) -> tuple[str, str]:
        """(case id, era): what identifies a result within a run."""
        return (self.case, self.era)

    def to_record(self) -> dict[str, Any]:
        """The JSON-lines record (``spec/schema/report.schema.json``)."""
        record: dict[str, Any] = {
            "case": self.case, "result": self.result, "era": self.era,
            "adapter": self.adapter, "adapter_version": self.adapter_version,
            "area": self.area, "file": self.file, "title": self.title,
            "rulings": list(self.rulings), "rules": list(self.rules),
            "generated": self.generated, "duration_ms": round(self.duration_ms, 3),
        }
        if self.step is not None:
            record["step"] = self.step
        if self.result in ("failed", "known-failure"):
            record["expected"] = self.expected
            record["observed"] = self.observed
        if self.message:
            record["message"] = self.message
        if self.detail:
            record["detail"] = self.detail
        if self.baseline_reason:
            record["baseline_reason"] = self.baseline_reason
        if self.case_text:
            record["case_text"] = self.case_text
        if self.missing:
            record["missing"] = list(self.missing)
        return record

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> CaseResult:
        """Read a JSON-lines record back."""
        return cls(
            case=record["case"], era=record.get("era", ""), result=record["result"],
            adapter=record.get("adapter", ""), adapter_version=record.get("adapter_version", ""),
            area=record.get("area", "unknown"), file=record.get("file"),
            title=record.get("title", ""), rulings=tuple(record.get("rulings", [])),
            rules=tuple(record.get("rules", [])), generated=bool(record.get("generated")),
            step=record.get("step"), expected=record.get("expected"),
            observed=record.get("observed"), message=record.get("message", ""),
            detail=record.get("detail", ""), duration_ms=float(record.get("duration_ms", 0)),
            baseline_reason=record.get("baseline_reason", ""),
            case_text=str(record.get("case_text") or ""),
            missing=tuple(record.get("missing") or ()),
        )


@dataclass
class Summary:
    """Counts by result kind, overall, by area, by era and by set (spec / generated)."""

    total: Counter[str] = field(default_factory=Counter)
    by_area: dict[str, Counter[str]] = field(default_factory=dict)
    by_era: dict[str, Counter[str]] = field(default_factory=dict)
    by_set: dict[str, Counter[str]] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        """True when nothing failed or errored."""
        return not any(self.total[k] for k in BAD_KINDS)


def summarize(results: Iterable[CaseResult]) -> Summary:
    """Count ``results`` every way a report shows them."""
    s = Summary()
    for r in results:
        s.total[r.result] += 1
        s.by_area.setdefault(r.area, Counter())[r.result] += 1
        s.by_era.setdefault(r.era, Counter())[r.result] += 1
        s.by_set.setdefault("generated" if r.generated else "spec", Counter())[r.result] += 1
    return s


def refuses_nothing(info: Any) -> bool:
    """Whether ``info`` (an :class:`~conformance.adapter.AdapterInfo`) is the reference engine's,
    which declares every feature and era of the spec: an ``unsupported`` result from it means
    it refused an action or a query it should know, a bug to report like a failure, never a
    case to skip."""
    return str(getattr(info, "name", "")) == REFERENCE
