"""``mtgconf coverage``: rulings and CR numbers covered by cases, in honest buckets per era."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rich.table import Table

from conformance.authoring.coverage import BUCKETS, RULE_BUCKETS, compute_coverage
from conformance.reports.rulemap import render_rule_map_html, rule_group_table, section_table
from conformance.results.records import CaseResult
from conformance.running.runner import Runner
from conformance.spec.catalog import default_spec
from conformance.spec.loader import load_cases

from ..adapters import resolve_adapter
from ..errors import AdapterError
from ..reports.jsonl import read_report
from . import _options as opt
from ._common import console, shown


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``mtgconf coverage``."""
    parser.add_argument("--json", action="store_true", help="print the coverage as JSON")
    parser.add_argument("--adapter", default="reference", help="judge cases on this adapter")
    parser.add_argument("--report", type=opt.input_file, metavar="REPORT.jsonl",
                        help="judge cases by this report instead of running them")
    parser.add_argument("--rules", action="store_true",
                        help="also show the CR map per three-digit rule, and list the CR "
                             "numbers of every bucket (text output)")
    parser.add_argument("--uncovered", nargs="?", const="", default=None, metavar="PREFIX",
                        help="list the testable CR numbers without a passing case, per "
                             "three-digit rule (only those starting with PREFIX, e.g. 70)")
    parser.add_argument("--html", type=opt.output_file, metavar="FILE",
                        help="also write the CR map with its coverage as an HTML page")


def _results(args: argparse.Namespace, cases: list[Any]) -> list[CaseResult] | None:
    spec = default_spec()
    if args.report is not None:
        try:
            return read_report(args.report)
        except OSError as exc:
            print(f"error: cannot read {args.report}: {exc}", file=sys.stderr)
            return None
    try:
        adapter = resolve_adapter(args.adapter)
    except AdapterError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return None
    with Runner(adapter, spec=spec) as runner:
        return list(runner.run(cases))


def run(args: argparse.Namespace) -> int:
    """Print the coverage; exit 2 if the adapter or report cannot be used."""
    spec = default_spec()
    loaded = load_cases(None, spec)
    results = _results(args, loaded.cases)
    if results is None:
        return 2
    cov = compute_coverage(spec, loaded.cases, results)
    judged = f"report {args.report}" if args.report else f"adapter {args.adapter}"
    if args.html is not None:
        try:
            args.html.write_text(render_rule_map_html(cov, judged=f"judged by {judged}"),
                                 "utf-8")
        except OSError as exc:
            print(f"error: cannot write {args.html}: {exc}", file=sys.stderr)
            return 2
    if args.json:
        print(json.dumps(cov, indent=2, sort_keys=True))
        return 0
    out = console()
    s = cov["summary"]
    out.print(f"{s['rulings']} rulings, {s['cases']} cases, judged by {shown(judged)}: "
              + ", ".join(f"{s[b]} {b}" for b in BUCKETS), soft_wrap=True)
    table = Table(title="Rulings by era", title_justify="left")
    table.add_column("era")
    for b in BUCKETS:
        table.add_column(b, justify="right")
    for era, counts in cov["eras"].items():
        table.add_row(era, *(str(counts[b]) for b in BUCKETS))
    table.add_section()
    table.add_row("overall", *(str(s[b]) for b in BUCKETS), style="bold")
    out.print(table)
    for bucket in BUCKETS:
        ids = [rid for rid, e in cov["rulings"].items() if e["bucket"] == bucket]
        if ids:
            out.print(f"[bold]{bucket}[/bold] ({len(ids)}): {shown(', '.join(ids), 10**6)}",
                      soft_wrap=True)
    missing = {rid: e["missing_eras"] for rid, e in cov["rulings"].items()
               if e["missing_eras"] and e["bucket"] not in ("no-case", "not-testable")}
    if missing:
        out.print("[bold]eras still without a case[/bold]: " + "; ".join(
            f"{shown(rid)} ({shown(', '.join(eras))})" for rid, eras in missing.items()),
            soft_wrap=True)
    for rid, e in cov["rulings"].items():
        if e["bucket"] == "not-testable":
            out.print(f"  {shown(rid)}: not testable: {shown(e.get('reason'))}", soft_wrap=True)
    _print_rules(out, cov, args)
    if args.html is not None:
        out.print(f"CR map written to {shown(args.html)}", soft_wrap=True)
    return 0


def _print_rules(out: Any, cov: dict[str, Any], args: argparse.Namespace) -> None:
    """The CR map: its table by section, then (on request) by rule and the numbers."""
    rc = cov["summary"]["rule_buckets"]
    out.print(f"{cov['summary']['rules']} CR numbers: "
              + ", ".join(f"{rc[b]} {b}" for b in RULE_BUCKETS), soft_wrap=True)
    out.print(section_table(cov["rule_map"]))
    if args.rules:
        out.print(rule_group_table(cov["rule_map"]))
    listed = RULE_BUCKETS if args.rules else ("testable-failing", "testable-not-run")
    for bucket in listed:
        nums = [n for n, e in cov["rules"].items() if e["bucket"] == bucket]
        if nums:
            out.print(f"  CR {bucket} ({len(nums)}): {shown(', '.join(nums), 10**6)}",
                      soft_wrap=True)
    unreached = {n: e["unreached_case_ids"] for n, e in cov["rules"].items()
                 if e["unreached_case_ids"]}
    if unreached:
        out.print("  not counted (the case only restates its setup): " + "; ".join(
            f"{shown(n)} ({shown(', '.join(ids))})" for n, ids in unreached.items()),
            soft_wrap=True)
    if args.uncovered is not None:
        groups: dict[str, list[str]] = {}
        for n, e in cov["rules"].items():
            if (e["kind"] == "testable" and not e["passing"] and e["in_index"]
                    and n.startswith(args.uncovered)):
                groups.setdefault(n.split(".")[0], []).append(n)
        out.print(f"testable CR numbers without a passing case"
                  f"{' under ' + shown(args.uncovered) if args.uncovered else ''}: "
                  f"{sum(len(v) for v in groups.values())}", soft_wrap=True)
        for rule, nums in groups.items():
            out.print(f"  {shown(rule)}: {shown(', '.join(nums), 10**6)}", soft_wrap=True)
