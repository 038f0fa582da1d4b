"""``mtgconf explain CASE_ID``: a case in words and the reference engine's trace of it; with
``--adapter X``, also every request and reply exchanged with engine X, step by step.

A case id may be a spec case's, a generated case's (``gen.<family>.s<seed>.i<index>``, drawn
again exactly as ``mtgconf generate`` wrote it), or a case file's path.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
from pathlib import Path
from typing import Any

from rich.markup import escape

from conformance.results.records import CaseResult
from conformance.running.recording import Exchange, recording
from conformance.running.runner import DEFAULT_TIMEOUT, Runner, plan
from conformance.running.trace import Trace, describe_case, format_trace, trace_case
from conformance.spec.catalog import Spec, default_spec
from conformance.spec.loader import load_case_file, load_case_text, load_cases
from conformance.spec.model import Case

from ..adapters import resolve_adapter
from ..errors import AdapterError
from ..reports.console import error_cause, print_spec_errors
from . import _options as opt
from ._common import console
from ._exit import USAGE


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``mtgconf explain``."""
    parser.add_argument("case", help="case id (a spec case, or a generated gen.* id) or a "
                                     "case file")
    parser.add_argument("--era", help="trace this era only (default: every era of the case)")
    parser.add_argument("--adapter", help="also run the case on this engine and show each "
                                          "request and reply beside the reference trace")
    parser.add_argument("--timeout", type=opt.seconds, default=DEFAULT_TIMEOUT,
                        help=f"seconds allowed for the engine (default: {DEFAULT_TIMEOUT:g})")
    parser.add_argument("--transcript", action="store_true",
                        help="with --adapter: print only the exchanged JSON lines "
                             "(> request, < reply)")
    parser.add_argument("--json", action="store_true", help="print the explanation as JSON")


def _generated(ref: str, spec: Spec) -> Case | None:
    from generators.emit import case_path, case_text, regenerate

    data = regenerate(ref)
    if data is None:
        return None
    text = case_text(data)
    case, errors = load_case_text(text, spec, display=f"<generated:{case_path(data)}>")
    if case is None:
        print_spec_errors(console(stderr=True), errors)
    return case


def _text(case: Case) -> str:
    from generators.emit import generated_text

    return generated_text(case)


def find_case(ref: str, spec: Spec) -> tuple[Case | None, list[str]]:
    """The case named by id, generated id or file; else (None, ids that look alike)."""
    path = Path(ref)
    if path.suffix == ".toml" and path.is_file():
        case, errors = load_case_file(path, spec)
        if case is None:
            print_spec_errors(console(stderr=True), errors)
        return case, []
    if ref.startswith("gen."):
        found = _generated(ref, spec)
        if found is not None:
            return found, []
    cases = load_cases(None, spec).cases
    for case in cases:
        if case.id == ref:
            return case, []
    pattern = f"*{ref}*"
    return None, [c.id for c in cases if fnmatch.fnmatchcase(c.id, pattern)][:10]


def _line(prefix: str, message: dict[str, Any] | None) -> str:
    if message is None:
        return f"{prefix} (no reply)"
    return prefix + " " + json.dumps(message, ensure_ascii=False)


def _engine_run(case: Case, era: str, spec: Spec, adapter_name: str, timeout: float
                ) -> tuple[CaseResult, list[Exchange]]:
    adapter = recording(resolve_adapter(adapter_name, timeout=timeout))
    with Runner(adapter, spec=spec, timeout=timeout) as runner:
        item = next(i for i in plan([case], runner.info, era=era) if i.era == era)
        result = runner.run_item(item)
    return result, list(adapter.log)


def _per_step(log: list[Exchange]) -> tuple[list[Exchange], dict[int, Exchange], list[Exchange]]:
    """Split the log into (hello and start, step index -> its exchange, end and quit)."""
    head: list[Exchange] = []
    steps: dict[int, Exchange] = {}
    tail: list[Exchange] = []
    for ex in log:
        if ex.cmd in ("perform", "observe"):
            steps[len(steps)] = ex
        elif steps or ex.cmd in ("end", "quit"):
            tail.append(ex)
        else:
            head.append(ex)
    return head, steps, tail


def _side_by_side(trace: Trace, result: CaseResult, log: list[Exchange]) -> list[str]:
    head, steps, tail = _per_step(log)
    lines = [f"on {result.adapter} {result.adapter_version}, era {trace.era}: "
             f"{result.result.upper()}" + (f": {result.message}" if result.message else "")]
    cause = error_cause(result) if result.result == "errored" else ""
    if cause:
        lines.append(f"  cause: {cause}")
    for ex in head:
        lines += [_line("  >", ex.request), _line("  <", ex.reply)]
    ref_lines = {st.index: st for st in trace.steps}
    for index in sorted(set(ref_lines) | set(steps)):
        st = ref_lines.get(index)
        mark = " <- diverges here" if result.step == index and result.result != "passed" else ""
        lines.append(f"  step {index}: {st.text if st else '?'}{mark}")
        if st is not None:
            ref = (f"observed {json.dumps(st.observed, ensure_ascii=False)}"
                   if st.outcome == "observed" else
                   st.outcome + (f" ({st.failure})" if st.failure else ""))
            lines.append(f"    reference: {ref}")
        step_ex = steps.get(index)
        if step_ex is None:
            lines.append("    engine: (not asked)")
        else:
            lines += [_line("    >", step_ex.request), _line("    <", step_ex.reply)]
    for ex in tail:
        lines += [_line("  >", ex.request), _line("  <", ex.reply)]
    return lines


def run(args: argparse.Namespace) -> int:
    """Exit 0 when the reference engine (and with --adapter, the engine) agrees with the case,
    1 if one diverges, 2 if the case or era does not exist or the adapter cannot start."""
    spec = default_spec()
    case, similar = find_case(args.case, spec)
    err = console(stderr=True)
    if case is None:
        hint = f"; similar ids: {', '.join(similar)}" if similar else ""
        err.print(escape(f"error: no case {args.case!r}{hint}"), highlight=False)
        return USAGE
    eras = [e for e in case.eras if args.era is None or e == args.era]
    if not eras:
        err.print(escape(f"error: case {case.id} does not hold in era {args.era!r} "
                         f"(its eras: {', '.join(case.eras)})"), highlight=False)
        return USAGE
    traces = [trace_case(case, spec, era) for era in eras]
    agrees = all(t.diverged_at is None and not t.error for t in traces)
    engine: list[tuple[CaseResult, list[Exchange]]] = []
    if args.adapter:
        try:
            engine = [_engine_run(case, era, spec, args.adapter, args.timeout) for era in eras]
        except AdapterError as exc:
            err.print(escape(f"error: {exc}"), highlight=False)
            return USAGE
        agrees = agrees and all(r.result == "passed" for r, _ in engine)
    if args.transcript and engine:
        for _, log in engine:
            for ex in log:
                print(_line(">", ex.request))
                print(_line("<", ex.reply))
        return 0 if agrees else 1
    if args.json:
        print(json.dumps({
            "case": case.id, "title": case.title, "file": case.file,
            "rulings": {r: spec.rulings[r].statement if r in spec.rulings else None
                        for r in case.rulings},
            "rules": list(case.rules), "eras": list(case.eras),
            "features": list(case.features), "words": describe_case(case, spec),
            "traces": [t.to_dict() for t in traces],
            **({"text": _text(case)} if case.generated is not None else {}),
            **({"engine": [{"result": r.to_record(),
                            "exchanges": [{"request": e.request, "reply": e.reply}
                                          for e in log]} for r, log in engine]}
               if engine else {}),
        }, indent=2, ensure_ascii=False))
        return 0 if agrees else 1
    out = console()
    lines = describe_case(case, spec)
    out.print(f"[bold]{escape(lines[0])}[/bold]", markup=True, soft_wrap=True)
    for line in lines[1:]:
        out.print(line, markup=False, soft_wrap=True)
    if case.generated is not None:
        out.print("")
        out.print("its TOML (as `mtgconf generate --out` writes it):", markup=False)
        out.print(_text(case).rstrip(), markup=False, soft_wrap=True)
    for i, trace in enumerate(traces):
        out.print("")
        for line in format_trace(trace):
            out.print(line, markup=False, soft_wrap=True)
        if engine:
            out.print("")
            result, log = engine[i]
            for line in _side_by_side(trace, result, log):
                out.print(line, markup=False, soft_wrap=True)
    return 0 if agrees else 1
