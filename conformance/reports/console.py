"""The console report: a progress bar while cases run, then a summary table by rules area."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table

from conformance.results.records import RESULT_KINDS, CaseResult, summarize
from conformance.spec.textsafe import clean_text

from ..errors import SpecError

__all__ = ["UnsupportedBreakdown", "error_cause", "make_progress", "print_spec_errors",
           "print_summary", "print_unsupported", "unsupported_breakdown"]

_STYLE = {"passed": "green", "failed": "red", "errored": "magenta", "unsupported": "yellow",
          "skipped": "dim", "known-failure": "cyan", "fixed": "bold green"}


def make_progress(console: Console) -> Progress:
    """A progress bar showing cases done, failures so far and elapsed time."""
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("[red]{task.fields[bad]} failing"),
        TimeElapsedColumn(),
        console=console,
        transient=False,
    )


def print_spec_errors(console: Console, errors: Sequence[SpecError]) -> None:
    """Print every spec error, located."""
    for err in errors:
        label = "[yellow]warning[/yellow]" if err.severity == "warning" else "[red]error[/red]"
        console.print(f"{label} {escape(clean_text(err.format()))}", highlight=False,
                      soft_wrap=True)


@dataclass
class UnsupportedBreakdown:
    """Why cases were ``unsupported``: missing features and eras (from the adapter's
    declaration) and the reasons the engine gave while running."""

    features: Counter[str] = field(default_factory=Counter)
    eras: Counter[str] = field(default_factory=Counter)
    reasons: Counter[str] = field(default_factory=Counter)
    total: int = 0


_LACKS = re.compile(r" lacks feature\(s\): (.+)$")
_ERA = re.compile(r" does not implement era '([^']+)'")
_STEP_PREFIX = re.compile(r"^(?:setup|step \d+ \([^)]*\)): ")


def unsupported_breakdown(results: Sequence[CaseResult]) -> UnsupportedBreakdown:
    """Count why the ``unsupported`` results were so."""
    b = UnsupportedBreakdown()
    for r in results:
        if r.result != "unsupported":
            continue
        b.total += 1
        lacks = _LACKS.search(r.message)
        era = _ERA.search(r.message)
        if lacks:
            b.features.update(f.strip() for f in lacks.group(1).split(","))
        elif era:
            b.eras[era.group(1)] += 1
        else:
            b.reasons[_STEP_PREFIX.sub("", r.message).strip()[:120] or "(no reason given)"] += 1
    return b


def print_unsupported(console: Console, results: Sequence[CaseResult], *, top: int = 5) -> None:
    """Say why cases were unsupported: the most missing features, eras and engine reasons."""
    b = unsupported_breakdown(results)
    if not b.total:
        return
    console.print(f"[yellow]{b.total} unsupported[/yellow], because:", highlight=False)
    for counter, label in ((b.features, "lacks feature"), (b.eras, "lacks era"),
                           (b.reasons, "the engine said")):
        for what, n in counter.most_common(top):
            console.print(f"  {n:>5}  {label} " + escape(repr(what) if label ==
                                                           "the engine said" else what),
                          highlight=False, soft_wrap=True)
        if len(counter) > top:
            console.print(f"         ... and {len(counter) - top} more", highlight=False)


def error_cause(result: CaseResult) -> str:
    """The cause of an ``errored`` result in one line: the last lines of the engine's stderr,
    else the last line of a traceback (the message already says the step and exit code)."""
    detail = result.detail.strip()
    if not detail:
        return ""
    marker = "engine stderr (last lines):"
    if marker in detail:
        tail = [ln.strip() for ln in detail.split(marker, 1)[1].splitlines() if ln.strip()]
        return "stderr: " + " | ".join(tail[-2:]) if tail else ""
    if "engine stderr: empty" in detail:
        return "stderr: empty"
    lines = [ln.strip() for ln in detail.splitlines() if ln.strip()]
    if lines and lines[0].startswith("Traceback"):
        return lines[-1]
    return ""


def print_summary(console: Console, results: Sequence[CaseResult], *, adapter: str,
                  show_failures: int = 20) -> None:
    """Print counts by area and by set, then the first failures with what diverged."""
    s = summarize(results)
    kinds = [k for k in RESULT_KINDS if s.total[k] or k in ("passed", "failed", "errored")]
    table = Table(title=f"Conformance of {escape(clean_text(adapter))}", title_justify="left")
    table.add_column("rules area")
    for k in kinds:
        table.add_column(k, justify="right", style=_STYLE.get(k, ""))
    table.add_column("total", justify="right")
    for area in sorted(s.by_area):
        c = s.by_area[area]
        table.add_row(escape(clean_text(area)), *(str(c[k]) for k in kinds), str(sum(c.values())))
    if len(s.by_set) > 1:
        table.add_section()
        for name in sorted(s.by_set):
            c = s.by_set[name]
            table.add_row(f"({name} cases)", *(str(c[k]) for k in kinds), str(sum(c.values())))
    table.add_section()
    table.add_row("all", *(str(s.total[k]) for k in kinds), str(sum(s.total.values())),
                  style="bold")
    console.print(table)
    bad = [r for r in results if r.result in ("failed", "errored")]
    for r in bad[:show_failures]:
        cause = error_cause(r) if r.result == "errored" else ""
        console.print(f"[{_STYLE[r.result]}]{r.result.upper()}[/] "
                      + escape(clean_text(f"{r.case} [{r.era}] ({r.file}): {r.message}"
                                          + (f" [{cause}]" if cause else ""))),
                      highlight=False, soft_wrap=True)
    if len(bad) > show_failures:
        console.print(f"... and {len(bad) - show_failures} more (see --report/--markdown)")
    print_unsupported(console, results)
