"""A Markdown report: counts by area and era, then every failure with what diverged."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from conformance.results.files import atomic_write
from conformance.results.records import RESULT_KINDS, CaseResult, summarize
from conformance.spec.tomlio import canonical_json

__all__ = ["render_markdown", "write_markdown"]


def _table(title: str, rows: dict[str, object]) -> list[str]:
    kinds = [k for k in RESULT_KINDS]
    lines = [f"| {title} | " + " | ".join(kinds) + " | total |",
             "|---|" + "---:|" * (len(kinds) + 1)]
    for key, counter in rows.items():
        counts = [counter[k] for k in kinds]  # type: ignore[index]
        lines.append(f"| {key} | " + " | ".join(str(c) for c in counts)
                     + f" | {sum(counts)} |")
    return lines


def render_markdown(results: Sequence[CaseResult], *, name: str) -> str:
    """The report as Markdown text."""
    s = summarize(results)
    out = [f"# Conformance report: {name}", ""]
    total = sum(s.total.values())
    out.append(f"{total} results: " + ", ".join(f"{s.total[k]} {k}" for k in RESULT_KINDS
                                                 if s.total[k]) + ".")
    out += ["", "## By rules area", ""]
    out += _table("area", dict(sorted(s.by_area.items())))
    out += ["", "## By era", ""]
    out += _table("era", dict(sorted(s.by_era.items())))
    bad = [r for r in results if r.result in ("failed", "errored")]
    if bad:
        out += ["", "## Failures and errors", ""]
        for r in bad:
            out.append(f"### `{r.case}` ({r.era}): {r.result}")
            out.append("")
            if r.title:
                out.append(f"*{r.title}*")
                out.append("")
            out.append(f"- file: `{r.file}`")
            out.append(f"- rulings: {', '.join(r.rulings)}; CR {', '.join(r.rules)}")
            if r.step is not None:
                out.append(f"- step: {r.step}")
            if r.result == "failed":
                out.append(f"- expected: `{canonical_json(r.expected)}`")
                out.append(f"- observed: `{canonical_json(r.observed)}`")
            out.append(f"- message: {r.message}")
            if r.detail:
                out += ["", "```", r.detail.strip()[-2000:], "```"]
            out.append("")
    return "\n".join(out) + "\n"


def write_markdown(results: Sequence[CaseResult], path: Path | str, *, name: str) -> None:
    """Write the Markdown report to ``path`` atomically."""
    atomic_write(Path(path), render_markdown(results, name=name))
