"""``mtgconf report REPORT.jsonl… --html DIR``: merge JSON-lines reports into a static HTML page.

Each report holds one engine's results (``mtgconf run --report``); several reports make the
engines × rules areas × eras matrix. The page links each result to its case's TOML, read from the
spec (by the file the result names, else by the case id).
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from rich.console import Console

from conformance.results.records import CaseResult
from conformance.running.trace import describe_step
from conformance.spec.catalog import AREAS, Spec, default_spec
from conformance.spec.limits import read_spec_text
from conformance.spec.loader import load_case_text, load_cases
from conformance.spec.model import Case
from conformance.spec.textsafe import clean_text

from ..adapters import builtin_adapters
from ..reports.html import CaseSource, write_html
from ..reports.identity import contents_differences
from ..reports.jsonl import load_report
from ..reports.markdown import write_markdown
from ..results.outputs import Output, OutputConflict, claim_outputs
from . import _options as opt
from ._common import console, quoted, shown, write_output


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``mtgconf report``."""
    parser.add_argument("reports", nargs="+", type=opt.input_file, metavar="REPORT.jsonl",
                        help="reports written by `mtgconf run --report`")
    parser.add_argument("--html", type=opt.output_dir, metavar="DIR",
                        help="write index.html, summary.json and badges/<engine>.json here")
    parser.add_argument("--markdown", type=opt.output_file, metavar="FILE",
                        help="also write the merged results as Markdown")
    parser.add_argument("--title", default="MTG rules conformance", help="the page title")


def _may_open(path: Path, roots: list[Path]) -> bool:
    """Whether the report may read ``path`` for a result's case: a ``.toml`` file inside the
    spec's project or the working directory (a record names any path it likes; the page is
    published, so ``/etc/passwd`` or a private key must never end up in it)."""
    if path.suffix != ".toml":
        return False
    try:
        real = path.resolve()
    except (OSError, RuntimeError):
        return False
    return any(real.is_relative_to(root) for root in roots)


def case_source(spec: Spec) -> CaseSource:
    """Find a result's case TOML and its steps in words: the text the report carries (a
    generated case), else by the result's file, else by id. Files are read through the
    loader's guards (regular files only, the size cap)."""
    roots = [spec.root.parent.resolve(), Path.cwd().resolve()]
    cache: dict[str, tuple[str | None, list[str]]] = {}
    by_id: dict[str, Case] = {}

    def lookup(result: CaseResult) -> tuple[str | None, list[str]]:
        if result.case in cache:
            return cache[result.case]
        if result.case_text:  # a generated case: its text travels in the report
            case, _ = load_case_text(result.case_text, spec, display=result.file or result.case)
            steps = [describe_step(s) for s in case.steps] if case is not None else []
            cache[result.case] = (result.case_text, steps)
            return cache[result.case]
        candidates: list[Path] = []
        if result.file:
            candidates += [spec.root / result.file, Path(result.file),
                           spec.root.parent / result.file]
        if not by_id:
            by_id.update({c.id: c for c in load_cases(None, spec).cases})
        known = by_id.get(result.case)
        if known is not None and known.file:
            candidates.append(Path(known.file))
        found: tuple[str | None, list[str]] = (None, [])
        for path in candidates:
            if not _may_open(path, roots):
                continue
            text, _error = read_spec_text(path, display=str(path))
            if text is None:
                continue
            case, _ = load_case_text(text, spec, display=str(path))
            if case is None or case.id != result.case:
                continue
            found = (text, [describe_step(s) for s in case.steps])
            break
        cache[result.case] = found
        return found

    return lookup


def _source_label(result: CaseResult, header: dict[str, object] | None) -> str:
    """The engine name a result is shown under: its adapter's name, unless that is the name of
    a built-in adapter and the report's header says another adapter made it (a ``cmd:`` engine
    calling itself "reference" is kept apart from the reference engine)."""
    source = header.get("adapter_source") if header else None
    builtin = builtin_adapters()
    if not isinstance(source, str) or result.adapter not in builtin:
        return result.adapter
    if source in (result.adapter, builtin[result.adapter]):
        return result.adapter
    cut = source if len(source) <= 60 else source[:60] + "..."
    return clean_text(f"{result.adapter} (via {cut})")


def merge_reports(paths: list[Path], err: Console) -> tuple[list[CaseResult], int] | None:
    """Read ``paths``: (every result counted once, the number of bad lines), or None when one
    cannot be read. A result is the same as one read before when it has the same engine
    (name as shown, version), case and era: kept once, with a warning naming both files."""
    results: list[CaseResult] = []
    headers: dict[str, Mapping[str, Any] | None] = {}
    problems = 0
    seen: dict[tuple[str, str, str, str], tuple[str, CaseResult]] = {}
    duplicates = 0
    conflicts = 0
    for path in paths:
        try:
            report = load_report(path)
        except OSError as exc:
            err.print(f"error: cannot read {quoted(path)}: {shown(exc)}")
            return None
        for problem in report.problems:  # located; the good lines are still reported
            err.print(f"error: {shown(problem.format())}", soft_wrap=True)
        problems += len(report.problems)
        if not report.results:
            err.print(f"warning: {quoted(path)} holds no results")
        headers[str(path)] = report.header
        for result in report.results:
            result.adapter = _source_label(result, report.header)
            key = (result.adapter, result.adapter_version, result.case, result.era)
            first = seen.get(key)
            if first is not None:
                duplicates += 1
                conflicts += first[1].result != result.result
                continue
            seen[key] = (str(path), result)
            results.append(result)
    if duplicates:
        err.print(f"warning: {duplicates} result(s) appear in more than one report (same "
                  "engine, version, case and era): each is counted once, from the first report "
                  "given" + (f"; {conflicts} of them disagree between the reports" if conflicts
                             else ""))
    for warning in contents_differences(headers):
        err.print(f"warning: {shown(warning)}", soft_wrap=True)
    return results, problems


def run(args: argparse.Namespace) -> int:
    """Exit 0 once the outputs are written; 1 if they were written without some lines that are
    not valid records (each printed, located), or an output could not be written; 2 if a report
    cannot be read or holds nothing, or an output is refused (another command writes it, or it
    is one of the inputs)."""
    out = console()
    err = console(stderr=True)
    if not args.html and not args.markdown:
        err.print("error: say where to write: --html DIR and/or --markdown FILE")
        return 2
    outputs = ([Output("--html", args.html, directory=True)] if args.html else []) + \
        ([Output("--markdown", args.markdown)] if args.markdown else [])
    try:
        claim = claim_outputs(outputs, [("report", p) for p in args.reports])
    except (OutputConflict, OSError) as exc:
        err.print(f"error: {shown(exc)}")
        return 2
    with claim:
        return _write(args, out, err)


def _write(args: argparse.Namespace, out: Console, err: Console) -> int:
    merged = merge_reports(list(args.reports), err)
    if merged is None:
        return 2
    results, problems = merged
    if not results:
        err.print("error: no results in the reports")
        return 2
    spec = default_spec()
    stamp = datetime.now(timezone.utc).strftime("generated %Y-%m-%d %H:%M UTC")
    ok = True
    if args.html:
        pages: list[Path] = []
        ok &= write_output(err, "--html", args.html, lambda: pages.append(write_html(
            results, args.html, title=args.title, areas=AREAS, eras=list(spec.eras),
            source=case_source(spec), generated=stamp,
            rulings={r.id: r.statement for r in spec.rulings.values()})))
        if pages:
            out.print(f"wrote {quoted(pages[0])} ({len(results)} results)")
    if args.markdown:
        names = sorted({f"{r.adapter} {r.adapter_version}".strip() for r in results})
        if write_output(err, "--markdown", args.markdown,
                        lambda: write_markdown(results, args.markdown, name=", ".join(names))):
            out.print(f"wrote {quoted(args.markdown)}")
        else:
            ok = False
    if problems:
        err.print(f"{problems} line(s) of the reports are not valid records and were left out")
        return 1
    return 0 if ok else 1
