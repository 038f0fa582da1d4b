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

from conformance.results.blockers import Unlock, rank_results
from conformance.results.records import RESULT_KINDS, CaseResult, summarize
from conformance.spec.textsafe import clean_text

from ..errors import SpecError

__all__ = ["UnsupportedBreakdown", "engine_reason", "error_cause", "make_progress",
           "print_spec_errors",
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
    """Why results were ``unsupported``: every blocker ranked by the results it alone would
    unlock (:mod:`conformance.results.blockers`), and the reasons the engine gave."""

    ranking: list[Unlock] = field(default_factory=list)
    reasons: Counter[str] = field(default_factory=Counter)
    total: int = 0

    @property
    def features(self) -> Counter[str]:
        """Results blocked by each missing feature (among other blockers or alone)."""
        return Counter({u.name: u.blocks for u in self.ranking if u.kind == "feature"})

    @property
    def eras(self) -> Counter[str]:
        """Results blocked by each missing era."""
        return Counter({u.name: u.blocks for u in self.ranking if u.kind == "era"})


_STEP_PREFIX = re.compile(r"^(?:setup|step \d+ \([^)]*\)): ")


def engine_reason(result: CaseResult) -> str:
    """The reason an engine gave for refusing a step or a setup, without the step's prefix
    (empty for a result planned unsupported from the engine's declarations)."""
    if result.result != "unsupported" or not result.message.startswith(("setup", "step ")):
        return ""
    return _STEP_PREFIX.sub("", result.message).strip()[:120] or "(no reason given)"


def unsupported_breakdown(results: Sequence[CaseResult]) -> UnsupportedBreakdown:
    """Count why the ``unsupported`` results were so."""
    refused = [r for r in results if r.result == "unsupported"]
    reasons = Counter(engine_reason(r) for r in refused)
    del reasons[""]
    return UnsupportedBreakdown(ranking=rank_results(refused), reasons=reasons,
                                total=len(refused))


def print_unsupported(console: Console, results: Sequence[CaseResult], *, top: int = 5,
                      listing: str = "mtgconf features --adapter ADAPTER") -> None:
    """Say why results were unsupported, as what to build next: every blocker that alone
    holds results back, most first (with how many results it is one blocker of), then the
    blockers that never do alone in one line, then the engine's most frequent reasons.
    ``listing``: the command that lists every blocker with the queries and actions its cases
    use."""
    b = unsupported_breakdown(results)
    if not b.total:
        return
    console.print(f"[yellow]{b.total} unsupported[/yellow] results, because: what to build "
                  "next, by the results each would unlock alone (the only thing they lack; "
                  "'of' = results it is one of the missing things of)", highlight=False,
                  soft_wrap=True)
    never: list[Unlock] = []
    for u in b.ranking:
        if not u.alone:
            never.append(u)
            continue
        console.print(f"  {u.alone:>5} of {u.blocks:<5} {_lacks_words(u)}", highlight=False,
                      soft_wrap=True)
    if never:
        console.print("  unlock nothing alone (always missing beside others): " + escape(
            ", ".join(f"{u.kind} {u.name} ({u.blocks})".replace(" ()", "") for u in never)),
            highlight=False, soft_wrap=True)
    console.print(f"  (every one, with the queries and actions its cases use: {escape(listing)}"
                  " [--report FILE])", highlight=False, soft_wrap=True)
    for what, n in b.reasons.most_common(top):
        console.print(f"  {n:>5}  the engine said " + escape(repr(what)), highlight=False,
                      soft_wrap=True)
    if len(b.reasons) > top:
        console.print(f"         ... {len(b.reasons) - top} other reason(s) the engine gave: "
                      "every one is in the --markdown and HTML reports", highlight=False)


def _lacks_words(u: Unlock) -> str:
    if u.kind == "setup":
        return "setup refused by the engine"
    if u.kind in ("query", "action"):
        return f"{u.kind} {escape(u.name)} (refused or undeclared)"
    return f"lacks {u.kind} {escape(u.name)}"


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
                  show_failures: int = 20, listing: str = "") -> None:
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
            table.add_row(f"({name} results)", *(str(c[k]) for k in kinds), str(sum(c.values())))
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
    if listing:
        print_unsupported(console, results, listing=listing)
    else:
        print_unsupported(console, results)
