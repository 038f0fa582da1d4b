"""``mtgconf run --resume REPORT``: finish an interrupted run.

The JSON-lines report of an interrupted run holds every result that finished (each line is
flushed and synced as it is written). Resuming reads it, drops a torn last line, plans the same
run again, runs only the (case, era) pairs the report lacks and appends their results to the same
file, so the final report equals an uninterrupted run's apart from timings.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console

from conformance.results.records import CaseResult
from conformance.running.runner import WorkItem

from ..adapter import AdapterInfo
from ..reports.jsonl import JsonlWriter, read_report

__all__ = ["add_arguments", "prepare", "repair_report", "writer"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--resume`` to ``mtgconf run``."""
    parser.add_argument("--resume", type=Path, metavar="REPORT",
                        help="finish an interrupted run: run only the cases missing from this "
                             "JSON-lines report and append to it (implies --report REPORT)")


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


def prepare(args: argparse.Namespace, items: Sequence[WorkItem], info: AdapterInfo,
            out: Console) -> tuple[bool, list[CaseResult], list[WorkItem]]:
    """For ``--resume``: (ok, results already in the report, items still to run). Without
    ``--resume`` every item is still to run. A report from another adapter, or a ``--report``
    naming another file, is printed as an error and not ok."""
    path: Path | None = getattr(args, "resume", None)
    if path is None:
        return True, [], list(items)
    if args.report is not None and Path(args.report).resolve() != path.resolve():
        out.print("[red]error[/red] --resume appends to its own report; give --report the same "
                  "file or leave it out")
        return False, [], []
    if not path.is_file():
        out.print(f"[red]error[/red] no report to resume at {path}")
        return False, [], []
    dropped = repair_report(path)
    done = read_report(path)
    others = sorted({r.adapter for r in done if r.adapter and r.adapter != info.name})
    if others:
        out.print(f"[red]error[/red] {path} holds results of adapter {', '.join(others)}, not "
                  f"{info.name}")
        return False, [], []
    keys = {r.key for r in done}
    todo = [item for item in items if (item.case.id, item.era) not in keys]
    note = f" (dropped a torn last line of {dropped} bytes)" if dropped else ""
    out.print(f"resuming {path}: {len(done)} result(s) kept, {len(todo)} to run{note}")
    return True, done, todo


def writer(args: argparse.Namespace) -> JsonlWriter | None:
    """The JSON-lines writer of the run: appending for ``--resume``, fresh for ``--report``."""
    path: Path | None = getattr(args, "resume", None)
    if path is not None:
        return JsonlWriter(path, append=True)
    return JsonlWriter(args.report) if args.report else None
