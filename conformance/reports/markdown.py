"""A Markdown report: counts by area and era, then every failure with what diverged.

Text from engines and case files is put in as text, never as Markdown: inline text has every
ASCII punctuation character backslash-escaped and line breaks folded (:func:`md_text`), code spans
and fenced blocks are delimited by more backticks than the code holds (:func:`md_code`,
:func:`md_block`), so no engine message can close a fence or add a heading, link or HTML.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from conformance.results.blockers import describe, rank_results, unsupported_reason
from conformance.results.files import atomic_write
from conformance.results.records import RESULT_KINDS, CaseResult, summarize
from conformance.spec.textsafe import clean_text
from conformance.spec.tomlio import canonical_json

__all__ = ["render_markdown", "write_markdown"]


_PUNCT = re.compile(r"([!-/:-@\[-`{-~])")


def md_text(text: object) -> str:
    """``text`` as literal Markdown inline text: punctuation escaped, one line."""
    flat = " ".join(clean_text(str(text)).split())
    return _PUNCT.sub(r"\\\1", flat)


def _longest_run(text: str, ch: str) -> int:
    runs = re.findall(re.escape(ch) + "+", text)
    return max((len(r) for r in runs), default=0)


def md_code(text: object) -> str:
    """``text`` as one code span, delimited by more backticks than any run inside it."""
    flat = " ".join(clean_text(str(text)).split())
    ticks = "`" * (_longest_run(flat, "`") + 1)
    pad = " " if flat.startswith("`") or flat.endswith("`") or not flat.strip() else ""
    return f"{ticks}{pad}{flat}{pad}{ticks}"


def md_block(text: str) -> list[str]:
    """``text`` as a fenced code block whose fence is longer than any backtick or tilde run in
    it, so the text cannot end the block."""
    body = clean_text(text)
    fence = "`" * max(3, _longest_run(body, "`") + 1)
    return [fence, body, fence]


def _table(title: str, rows: dict[str, object]) -> list[str]:
    kinds = [k for k in RESULT_KINDS]
    lines = [f"| {title} | " + " | ".join(kinds) + " | total |",
             "|---|" + "---:|" * (len(kinds) + 1)]
    for key, counter in rows.items():
        counts = [counter[k] for k in kinds]  # type: ignore[index]
        lines.append(f"| {md_text(key)} | " + " | ".join(str(c) for c in counts)
                     + f" | {sum(counts)} |")
    return lines


def render_markdown(results: Sequence[CaseResult], *, name: str) -> str:
    """The report as Markdown text."""
    s = summarize(results)
    out = [f"# Conformance report: {md_text(name)}", ""]
    total = sum(s.total.values())
    out.append(f"{total} results: " + ", ".join(f"{s.total[k]} {k}" for k in RESULT_KINDS
                                                 if s.total[k]) + ".")
    out += ["", "## By rules area", ""]
    out += _table("area", dict(sorted(s.by_area.items())))
    out += ["", "## By era", ""]
    out += _table("era", dict(sorted(s.by_era.items())))
    out += _unsupported(results)
    bad = [r for r in results if r.result in ("failed", "errored")]
    if bad:
        out += ["", "## Failures and errors", ""]
        for r in bad:
            out.append(f"### {md_code(r.case)} ({md_text(r.era)}): {r.result}")
            out.append("")
            if r.title:
                out.append(f"*{md_text(r.title)}*")
                out.append("")
            out.append(f"- file: {md_code(r.file)}")
            out.append(f"- rulings: {md_text(', '.join(r.rulings))}; CR "
                       f"{md_text(', '.join(r.rules))}")
            if r.step is not None:
                out.append(f"- step: {r.step}")
            if r.result == "failed":
                out.append(f"- expected: {md_code(canonical_json(r.expected))}")
                out.append(f"- observed: {md_code(canonical_json(r.observed))}")
            out.append(f"- message: {md_text(r.message)}")
            if r.detail:
                out += ["", *md_block(r.detail.strip()[-2000:])]
            out.append("")
    return "\n".join(out) + "\n"


def _unsupported(results: Sequence[CaseResult]) -> list[str]:
    """What to build next (every blocker, by the results it alone would unlock), then the
    unsupported results grouped by their reason, with their areas."""
    refused = [r for r in results if r.result == "unsupported"]
    if not refused:
        return []
    out = ["", "## What to build next", "",
           f"{len(refused)} results were unsupported. Each row is a thing the engine lacks: "
           "*alone* counts the results it is the only missing thing of (build it and they "
           "run), *among* the results it is one of the missing things of.", "",
           "| missing | alone | among |", "|---|---:|---:|"]
    out += [f"| {md_text(describe(u.blocker))} | {u.alone} | {u.blocks} |"
            for u in rank_results(refused)]
    groups: dict[str, list[CaseResult]] = {}
    for r in refused:
        groups.setdefault(unsupported_reason(r), []).append(r)
    out += ["", "## Unsupported results by reason", "", "| reason | results | areas |",
            "|---|---:|---|"]
    for reason, rs in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        areas = Counter(r.area for r in rs)
        out.append(f"| {md_text(reason)} | {len(rs)} | "
                   + md_text(", ".join(f"{a} {n}" for a, n in sorted(areas.items()))) + " |")
    return out


def write_markdown(results: Sequence[CaseResult], path: Path | str, *, name: str) -> None:
    """Write the Markdown report to ``path`` atomically."""
    atomic_write(Path(path), render_markdown(results, name=name))
