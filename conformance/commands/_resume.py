"""``mtgconf run --resume REPORT``: finish an interrupted run.

The JSON-lines report of an interrupted run holds every result that finished (each line is
flushed and synced as it is written). Resuming reads it, drops a torn last line, plans the same
run again, runs only the (case, era) pairs the report lacks and appends their results to the same
file, so the final report equals an uninterrupted run's apart from timings.
"""

from __future__ import annotations

import os
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

from rich.console import Console

from conformance.reports.identity import identity_differences
from conformance.reports.jsonl import JsonlWriter, ReportFile, load_report
from conformance.results.records import CaseResult
from conformance.running.options import RunOptions
from conformance.running.runner import WorkItem

from ..adapter import AdapterInfo
from ._common import quoted
from ._common import shown as text

__all__ = ["prepare", "repair_report"]


def repair_report(path: Path) -> int:
    """Cut a torn last line (an interrupted write) off the report at ``path``; return how many
    bytes were dropped. Complete lines are never touched."""
    with path.open("rb+") as f:
        data = f.read()
        keep = data.rfind(b"\n") + 1
        if keep == len(data):
            return 0
        f.truncate(keep)
        f.flush()
        os.fsync(f.fileno())
        return len(data) - keep


def prepare(options: RunOptions, items: Collection[WorkItem], info: AdapterInfo,
            out: Console, header: Mapping[str, Any] | None = None
            ) -> tuple[bool, list[CaseResult], Collection[WorkItem], JsonlWriter | None]:
    """Open the run's report and say what is left to run: (ok, results already in the report,
    items still to run, the writer). Without ``--resume``, every item is still to run and the
    writer (for ``--report``) starts the file afresh with ``header``.

    For ``--resume`` the report is locked first (a second run resuming the same file is
    refused), a torn last line is cut, every other line must be a valid record (else each bad
    one is printed, located), and the report's header must describe this same run (suite,
    spec, selection, era, skip, shard, adapter and version, generated cases, baseline): each
    difference is printed and nothing runs.
    """
    path: Path | None = options.resume
    if path is None:  # every item is still to run (as given: a lazy work list stays lazy)
        if not options.report:
            return True, [], items, None
        try:
            return True, [], items, JsonlWriter(options.report, header=header)
        except OSError as exc:
            out.print(f"[red]error[/red] cannot write --report {quoted(options.report)}: "
                      f"{text(exc)}")
            return False, [], [], None
    where = quoted(path)
    if options.report is not None and os.path.realpath(options.report) != os.path.realpath(path):
        out.print("[red]error[/red] --resume appends to its own report; give --report the same "
                  "file or leave it out")
        return False, [], [], None
    if not path.is_file():
        out.print(f"[red]error[/red] no report to resume at {where}")
        return False, [], [], None
    try:
        writer = JsonlWriter(path, append=True)
        dropped = repair_report(path)
        found = load_report(path)
    except OSError as exc:
        out.print(f"[red]error[/red] cannot resume {where}: {text(exc)}")
        return False, [], [], None
    problem = _refusal(found, info, header)
    if problem:
        writer.close()
        out.print(f"[red]error[/red] cannot resume {where}: {text(problem[0])}")
        for line in problem[1:]:
            out.print(f"  {text(line)}", soft_wrap=True)
        return False, [], [], None
    if found.header is None and header is not None and not found.results:
        writer.write_header(header)  # killed before its header was written: start it now
    # Only records of this run's selection count: a record of another case (an edited or
    # concatenated report) stays in the file but is neither counted nor reported again.
    planned = {(item.case.id, item.era) for item in items}
    done = [r for r in found.results if r.key in planned]
    outside = len(found.results) - len(done)
    keys = {r.key for r in done}
    todo = [item for item in items if (item.case.id, item.era) not in keys]
    note = f" (dropped a torn last line of {dropped} bytes)" if dropped else ""
    if outside:
        note += (f"; {outside} record(s) of cases outside this run's selection ignored "
                 "(left in the file)")
    out.print(f"resuming {where}: {len(done)} result(s) kept, {len(todo)} to run{note}")
    return True, done, todo, writer


def _refusal(found: ReportFile, info: AdapterInfo, header: Mapping[str, Any] | None
             ) -> list[str]:
    """Why the report ``found`` cannot be resumed by this run (empty if it can)."""
    if found.problems:
        return [f"{len(found.problems)} line(s) are not valid records; fix or remove them"]\
            + [p.format() for p in found.problems[:20]]
    others = sorted({r.adapter for r in found.results if r.adapter and r.adapter != info.name})
    if others:
        return [f"it holds results of adapter {', '.join(others)}, not {info.name}"]
    if header is None or (found.header is None and not found.results):
        return []
    if found.header is None:
        return ["it has no run header (written by an older mtgconf?), so this run cannot "
                "check that it is the same run; start a new report"]
    differences = identity_differences(found.header, header)
    if differences:
        return ["it is the report of a different run; run again with the same options, or "
                "start a new report", *differences]
    return []
