"""Two runs compared (``mtgconf diff OLD.jsonl NEW.jsonl``): what a pull request changed.

Results are matched by adapter, case id and era. Each change falls in one group:

* ``new failures``: failed or errored now, not before (it passed, was unsupported, known,
  skipped, or did not run);
* ``fixed``: failed or errored before, passes now;
* ``changed reasons``: still failing (or still unsupported), for another reason: the kind
  (failed/errored), the step, the observed value or the message changed;
* ``other changes``: any other change of kind (passed -> unsupported, unsupported -> passed,
  ...);
* ``added`` / ``removed``: results only in the new / only in the old run.

Rendered for a terminal (:func:`console_lines`) and as Markdown for a pull-request comment
(:func:`render_diff_markdown`); :func:`diff_results` gives the data (``to_dict`` for JSON).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from conformance.results.blockers import unsupported_reason
from conformance.results.records import BAD_KINDS, CaseResult
from conformance.spec.tomlio import canonical_json

from .markdown import md_code, md_text

__all__ = ["GROUPS", "Change", "Diff", "console_lines", "diff_results", "render_diff_markdown"]

#: Change groups, in report order, with their headings.
GROUPS = {"new_failures": "New failures", "fixed": "Fixed", "changed_reasons":
          "Changed reasons", "other": "Other changes", "added": "Added", "removed": "Removed"}
_PASS = ("passed", "fixed")


@dataclass(frozen=True)
class Change:
    """One result that differs between the runs (``old`` or ``new`` is None when absent)."""

    key: tuple[str, str, str]
    old: CaseResult | None
    new: CaseResult | None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        adapter, case, era = self.key
        either = self.new or self.old
        return {"adapter": adapter, "case": case, "era": era,
                "old": _kind(self.old), "new": _kind(self.new),
                "old_reason": _reason(self.old), "new_reason": _reason(self.new),
                "file": either.file if either is not None else None}


@dataclass
class Diff:
    """The changes, by group, and how many results were unchanged."""

    groups: dict[str, list[Change]] = field(default_factory=lambda: {g: [] for g in GROUPS})
    unchanged: int = 0

    @property
    def regressed(self) -> bool:
        """Whether anything fails now that did not before."""
        return bool(self.groups["new_failures"])

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {"unchanged": self.unchanged,
                **{g: [c.to_dict() for c in cs] for g, cs in self.groups.items()}}


def _kind(result: CaseResult | None) -> str:
    return result.result if result is not None else "absent"


def _reason(result: CaseResult | None) -> str:
    """Why a result is what it is, in one line (empty for a pass)."""
    if result is None or result.result in _PASS:
        return ""
    if result.result == "unsupported":
        return unsupported_reason(result)
    if result.result in ("failed", "known-failure") and result.step is not None:
        return (f"step {result.step}: expected {canonical_json(result.expected)}, observed "
                f"{canonical_json(result.observed)}")
    return result.message.splitlines()[0][:200] if result.message else ""


def _bad(result: CaseResult | None) -> bool:
    return result is not None and result.result in BAD_KINDS


def _group(old: CaseResult | None, new: CaseResult | None) -> str | None:
    """The group of a pair of results, or None when nothing changed."""
    if old is None:
        return "new_failures" if _bad(new) else "added"
    if new is None:
        return "removed"
    if _bad(new) and not _bad(old):
        return "new_failures"
    if _bad(old) and new.result in _PASS:
        return "fixed"
    if old.result == new.result or (_bad(old) and _bad(new)):
        if old.result != new.result or _reason(old) != _reason(new):
            return "changed_reasons"
        return None
    return "other"


def diff_results(old: Sequence[CaseResult], new: Sequence[CaseResult]) -> Diff:
    """Compare two runs' results."""
    def keyed(results: Sequence[CaseResult]) -> dict[tuple[str, str, str], CaseResult]:
        return {(r.adapter, r.case, r.era): r for r in results}

    before, after = keyed(old), keyed(new)
    out = Diff()
    for key in sorted(set(before) | set(after)):
        group = _group(before.get(key), after.get(key))
        if group is None:
            out.unchanged += 1
        else:
            out.groups[group].append(Change(key, before.get(key), after.get(key)))
    return out


def _counts(d: Diff) -> str:
    return ", ".join(f"{len(cs)} {GROUPS[g].lower()}" for g, cs in d.groups.items()) + \
        f", {d.unchanged} unchanged"


def console_lines(d: Diff, *, names: tuple[str, str] = ("old", "new")) -> list[str]:
    """The diff as plain text lines (every change listed)."""
    out = [f"{names[0]} -> {names[1]}: {_counts(d)}"]
    for group, changes in d.groups.items():
        if not changes:
            continue
        out.append(f"{GROUPS[group]} ({len(changes)}):")
        for c in changes:
            adapter, case, era = c.key
            where = (c.new or c.old)
            file = f" ({where.file})" if where is not None and where.file else ""
            out.append(f"  {case} [{era}]{file}: {_kind(c.old)} -> {_kind(c.new)}"
                       + (f" [{adapter}]" if adapter else ""))
            for label, reason in (("was", _reason(c.old)), ("now", _reason(c.new))):
                if reason and (group != "fixed" or label == "was"):
                    out.append(f"      {label}: {reason}")
    return out


def render_diff_markdown(d: Diff, *, names: tuple[str, str] = ("old", "new")) -> str:
    """The diff as Markdown, for a pull-request comment: a count line, then a table per
    group that has changes."""
    out = [f"## Conformance changes: {md_text(names[0])} → {md_text(names[1])}", "",
           md_text(_counts(d)) + ".", ""]
    if d.regressed:
        out += [f"**{len(d.groups['new_failures'])} new failure(s).**", ""]
    for group, changes in d.groups.items():
        if not changes:
            continue
        out += [f"### {GROUPS[group]} ({len(changes)})", "",
                "| case | era | before | after | reason before | reason after |",
                "|---|---|---|---|---|---|"]
        for c in changes:
            _, case, era = c.key
            out.append(f"| {md_code(case)} | {md_text(era)} | {md_text(_kind(c.old))} | "
                       f"{md_text(_kind(c.new))} | {md_text(_reason(c.old))} | "
                       f"{md_text(_reason(c.new))} |")
        out.append("")
    return "\n".join(out) + "\n"
