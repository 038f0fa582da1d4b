"""Baselines: an adapter's known failures, declared as data with a reason and a link.

A baseline file (TOML or JSON) lists the failures an engine is known to have::

    adapter = "phase-rs"
    version = "0.103.0"          # the engine version the list was made with (informative)

    [[known]]
    case = "characteristics.dfc.mana-value-of-front-face"   # a case id, or a glob
    era = "modern"               # optional: only this era
    reason = "phase.rs gives a transformed permanent mana value 0 (CR 712.8e)"
    link = "docs/engines/phase-rs.md#dfc-mana-value"        # optional
    kind = "engine-bug"          # optional: engine-bug | adapter-limitation | case-data |
                                 # unanalysed (a failure listed before its cause is known)

Applied to a run, a listed case that fails becomes ``known-failure`` (carrying the reason), and a
listed case that passes becomes ``fixed``, so the list is kept honest: ``--strict-baseline``
fails the run on a ``fixed`` result. Generated case ids carry their seed, so entries may be
globs (``gen.dfc-mana-value.*``): a glob lists a pattern of known failures (a generated family
where some parameters fail), so a passing case it matches is not reported ``fixed``; only an
entry naming the case exactly is.
"""

from __future__ import annotations

import fnmatch
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from conformance.errors import SpecError
from conformance.results.files import atomic_write
from conformance.results.records import CaseResult
from conformance.spec.limits import data_bounds, parse_untrusted_toml, read_spec_text
from conformance.spec.tomlindex import index_lines, line_of
from conformance.spec.tomlio import dumps

__all__ = ["Baseline", "BaselineEntry", "baseline_from_results", "load_baseline", "raw",
           "write_baseline"]

#: What an entry may say about the cause of a failure.
KINDS = ("engine-bug", "adapter-limitation", "case-data", "unanalysed")


@dataclass(frozen=True)
class BaselineEntry:
    """One known failure: a case id (or glob), optionally one era, and why it fails."""

    case: str
    reason: str
    era: str | None = None
    link: str = ""
    kind: str = ""

    def covers(self, result: CaseResult) -> bool:
        """Whether this entry is about ``result``'s case and era."""
        if self.era is not None and self.era != result.era:
            return False
        return self.case == result.case or fnmatch.fnmatchcase(result.case, self.case)

    def to_dict(self) -> dict[str, Any]:
        """The entry as a table of the file format."""
        data: dict[str, Any] = {"case": self.case}
        if self.era is not None:
            data["era"] = self.era
        data["reason"] = self.reason
        if self.link:
            data["link"] = self.link
        if self.kind:
            data["kind"] = self.kind
        return data


@dataclass(frozen=True)
class Baseline:
    """An adapter's known failures."""

    entries: tuple[BaselineEntry, ...]
    adapter: str = ""
    version: str = ""
    file: str | None = None

    def entry_for(self, result: CaseResult) -> BaselineEntry | None:
        """The first entry that covers ``result``, if any."""
        return next((e for e in self.entries if e.covers(result)), None)

    def apply(self, result: CaseResult) -> CaseResult:
        """``result`` as the baseline sees it: a listed failure is ``known-failure``, a listed
        case that passes is ``fixed``; anything else is unchanged."""
        if result.result not in ("failed", "passed"):
            return result
        entry = self.entry_for(result)
        if entry is None or (result.result == "passed" and entry.case != result.case):
            return result
        kind = "known-failure" if result.result == "failed" else "fixed"
        reason = entry.reason + (f" ({entry.link})" if entry.link else "")
        message = result.message
        if kind == "fixed":
            message = (f"listed in the baseline as a known failure but passed: remove the "
                       f"entry {entry.case!r}")
        return replace(result, result=kind, baseline_reason=reason, message=message)

    def unused(self, results: Iterable[CaseResult]) -> list[BaselineEntry]:
        """Entries that cover none of ``results`` (stale, or for cases not run)."""
        seen = list(results)
        return [e for e in self.entries if not any(e.covers(r) for r in seen)]

    def stale(self, results: Iterable[CaseResult]) -> list[BaselineEntry]:
        """Entries that explain no failure among ``results`` (raw, or with the baseline
        applied): no ``failed`` or ``known-failure`` result has the entry as its explanation
        (the first entry that covers it, see :meth:`entry_for`). Such an entry covers only
        cases that pass, are unsupported or were not run, or is shadowed by an earlier one,
        and can be removed; an entry naming a case that now passes is one of them."""
        used = set()
        for result in results:
            if result.result in ("failed", "known-failure"):
                entry = self.entry_for(result)
                if entry is not None:
                    used.add(id(entry))
        return [e for e in self.entries if id(e) not in used]


#: A result a baseline turned into another kind, back to what the engine did.
_RAW = {"known-failure": "failed", "fixed": "passed"}


def raw(results: Iterable[CaseResult]) -> list[CaseResult]:
    """``results`` as the engine gave them: a baseline's ``known-failure`` is ``failed`` and
    its ``fixed`` is ``passed`` again (a report written with a baseline can be compared)."""
    return [replace(r, result=_RAW[r.result]) if r.result in _RAW else r for r in results]


def _error(file: str, message: str, path: str | None = None, hint: str | None = None, *,
           line: int | None = None) -> SpecError:
    return SpecError(code="baseline", message=message, file=file, path=path, hint=hint,
                     line=line)


def _entry(data: Any, file: str, index: int, lines: Mapping[Any, int]) -> BaselineEntry:
    where = f"known[{index}]"

    def at(*keys: str) -> int | None:
        return line_of(dict(lines), ["known", index, *keys])

    if not isinstance(data, Mapping):
        raise _error(file, "each known failure must be a table", where, line=at())
    unknown = sorted(set(data) - {"case", "era", "reason", "link", "kind"})
    if unknown:
        raise _error(file, f"unknown key(s) {', '.join(map(repr, unknown))}", where,
                     "keys are case, era, reason, link, kind", line=at(unknown[0]))
    for key in ("case", "reason"):
        if not isinstance(data.get(key), str) or not data[key].strip():
            raise _error(file, f"{key!r} is required and must be a non-empty string",
                         f"{where}.{key}", line=at(key))
    for key in ("era", "link", "kind"):
        if key in data and not isinstance(data[key], str):
            raise _error(file, f"{key!r} must be a string", f"{where}.{key}", line=at(key))
    kind = str(data.get("kind", ""))
    if kind and kind not in KINDS:
        raise _error(file, f"kind {kind!r} is not one of {', '.join(KINDS)}", f"{where}.kind",
                     line=at("kind"))
    era = data.get("era")
    return BaselineEntry(case=str(data["case"]), reason=str(data["reason"]),
                         era=None if era is None else str(era), link=str(data.get("link", "")),
                         kind=kind)


def load_baseline(path: Path | str) -> Baseline:
    """Read a baseline file (``.json`` is JSON, anything else TOML); every problem is a
    :class:`~conformance.errors.SpecError` naming the file and the entry."""
    path = Path(path)
    file = str(path)
    text, problem = read_spec_text(path, display=file)  # regular files only, size cap
    if text is None:
        why = problem.message if problem is not None else "cannot read it"
        raise _error(file, f"cannot read the baseline: {why}") from None
    lines: dict[Any, int] = {}
    if path.suffix == ".json":
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as exc:
            line = getattr(exc, "lineno", None)
            raise _error(file, f"not valid JSON: {str(exc)[:300]}", line=line) from None
        bounds = data_bounds(data)
        if bounds is not None:
            raise _error(file, bounds[1])
    else:
        data, problem = parse_untrusted_toml(text, display=file)
        if data is None:
            assert problem is not None
            raise _error(file, problem.message, line=problem.line, hint=problem.hint)
        lines = index_lines(text)
    if not isinstance(data, Mapping):
        raise _error(file, "a baseline must be a table")
    known = data.get("known", [])
    if not isinstance(known, list):
        raise _error(file, "'known' must be a list of tables", "known",
                     line=line_of(lines, ["known"]))
    entries = tuple(_entry(e, file, i, lines) for i, e in enumerate(known))
    return Baseline(entries=entries, adapter=str(data.get("adapter", "")),
                    version=str(data.get("version", "")), file=file)


def baseline_from_results(results: Sequence[CaseResult], *, adapter: str = "",
                          version: str = "", previous: Baseline | None = None) -> Baseline:
    """A baseline listing every failure (and still-known failure) in ``results``.

    Reasons and links of ``previous`` entries are kept for cases they still cover; a new
    failure's reason starts as its message, to be edited into an analysis.
    """
    entries: list[BaselineEntry] = []
    for r in results:
        if r.result not in ("failed", "known-failure"):
            continue
        old = previous.entry_for(r) if previous is not None else None
        if old is not None:
            if old not in entries:
                entries.append(old)
            continue
        entries.append(BaselineEntry(case=r.case, era=r.era,
                                     reason=r.message or "fails (no analysis yet)"))
    return Baseline(entries=tuple(entries), adapter=adapter, version=version)


def write_baseline(baseline: Baseline, path: Path | str) -> None:
    """Write ``baseline`` to ``path`` (JSON for ``.json``, else TOML), entries in order."""
    path = Path(path)
    data: dict[str, Any] = {}
    if baseline.adapter:
        data["adapter"] = baseline.adapter
    if baseline.version:
        data["version"] = baseline.version
    data["known"] = [e.to_dict() for e in baseline.entries]
    if path.suffix == ".json":
        text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    else:
        text = ("# Known failures (mtgconf run --baseline); edit each reason into an analysis.\n"
                + dumps(data))
    atomic_write(path, text)  # temp file + rename: an interrupted write leaves the old file
