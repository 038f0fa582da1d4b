"""The console report: a progress bar while cases run, then a summary table by rules area."""

from __future__ import annotations

from collections.abc import Sequence

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

__all__ = ["make_progress", "print_spec_errors", "print_summary"]

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
        console.print(f"[{_STYLE[r.result]}]{r.result.upper()}[/] "
                      + escape(clean_text(f"{r.case} [{r.era}] ({r.file}): {r.message}")),
                      highlight=False, soft_wrap=True)
    if len(bad) > show_failures:
        console.print(f"... and {len(bad) - show_failures} more (see --report/--markdown)")
