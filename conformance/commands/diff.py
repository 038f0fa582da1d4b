"""``mtgconf diff OLD.jsonl NEW.jsonl``: what changed between two runs (new failures, fixes,
changed reasons, other changes), on the console and as Markdown for a pull-request comment
(:mod:`conformance.reports.diff`)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from rich.markup import escape

from conformance.reports.diff import console_lines, diff_results, render_diff_markdown
from conformance.reports.identity import contents_differences
from conformance.reports.jsonl import ReportFile, load_report
from conformance.results.files import atomic_write
from conformance.spec.textsafe import clean_text

from ._common import console
from ._exit import FAILED, OK, USAGE


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``mtgconf diff``."""
    parser.add_argument("old", type=Path, help="the earlier run's JSON-lines report")
    parser.add_argument("new", type=Path, help="the later run's JSON-lines report")
    parser.add_argument("--markdown", type=Path, metavar="FILE",
                        help="also write the changes as Markdown (a pull-request comment); "
                             "'-' prints it instead of the console text")
    parser.add_argument("--json", action="store_true", help="print the changes as JSON")


def _load(path: Path, err: object) -> ReportFile | None:
    try:
        return load_report(path)
    except OSError as exc:
        console(stderr=True).print(f"[red]error[/red] cannot read "
                                   f"{escape(clean_text(str(path)))}: "
                                   f"{escape(clean_text(exc.strerror or str(exc)))}",
                                   highlight=False)
        return None


def run(args: argparse.Namespace) -> int:
    """Exit 0 when nothing fails that did not before, 1 when something does (new failures),
    2 when a report cannot be read or holds no results."""
    err = console(stderr=True)
    old, new = _load(args.old, err), _load(args.new, err)
    if old is None or new is None:
        return USAGE
    for report in (old, new):
        for problem in report.problems:
            err.print(f"warning: {escape(clean_text(problem.format()))}", soft_wrap=True,
                      highlight=False)
        if not report.results:
            err.print(f"[red]error[/red] {escape(clean_text(report.path))} holds no results",
                      highlight=False)
            return USAGE
    names = (str(args.old), str(args.new))
    for warning in contents_differences({names[0]: old.header, names[1]: new.header}):
        err.print(f"[yellow]warning[/yellow] {escape(clean_text(warning))}", highlight=False,
                  soft_wrap=True)
    d = diff_results(old.results, new.results)
    markdown = render_diff_markdown(d, names=names)
    if args.json:
        print(json.dumps(d.to_dict(), indent=2))
    elif str(args.markdown) == "-":
        print(markdown, end="")
    else:
        out = console()
        for line in console_lines(d, names=names):
            out.print(escape(clean_text(line)), highlight=False, soft_wrap=True)
    if args.markdown is not None and str(args.markdown) != "-":
        atomic_write(args.markdown, markdown)
    return FAILED if d.regressed else OK
