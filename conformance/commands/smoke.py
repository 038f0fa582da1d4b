"""``mtgconf smoke --adapter X``: a quick check that an engine speaks the protocol and that what
it declares holds, with advice for each problem (in the spirit of Bowtie's ``smoke``).

It checks the ``hello`` reply (name, version, eras and features the spec knows), that an unknown
query is answered ``unsupported`` rather than with a crash, and runs a few small spec cases: for
each feature the engine declares, in each era it declares, the case with the fewest steps that
needs that feature and nothing the engine lacks.
"""

from __future__ import annotations

import argparse
import difflib
import shlex
import threading
from collections.abc import Sequence
from typing import Any

from rich.markup import escape

from conformance.results.blockers import blockers, case_blockers
from conformance.results.records import CaseResult
from conformance.running.runner import DEFAULT_TIMEOUT, Runner, WorkItem
from conformance.spec.catalog import Spec, default_spec
from conformance.spec.loader import load_cases
from conformance.spec.model import Case

from ..adapter import AdapterInfo, StartRequest, Unsupported
from ..adapters import resolve_adapter
from ..errors import AdapterError, CommandNotFound
from ..reports.console import error_cause
from . import _options as opt
from ._common import console
from ._exit import FAILED, OK, USAGE

__all__ = ["advice", "choose_cases"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``mtgconf smoke``."""
    parser.add_argument("--adapter", required=True,
                        help="adapter name, module:Class, or cmd:<command line>")
    parser.add_argument("--timeout", type=opt.seconds, default=DEFAULT_TIMEOUT,
                        help=f"seconds allowed per case (default: {DEFAULT_TIMEOUT:g})")
    parser.add_argument("--max-cases", type=opt.positive_count, default=12, metavar="N",
                        help="run at most N cases (default: 12)")


def choose_cases(cases: Sequence[Case], info: AdapterInfo, limit: int) -> list[WorkItem]:
    """For each declared feature and era, the smallest case needing that feature and only
    declared features (ties broken by id); at most ``limit`` items, one per case."""
    runnable = sorted((c for c in cases if set(c.features) <= info.features),
                      key=lambda c: (len(c.steps), c.id))
    runnable = [c for c in runnable  # and only queries and actions it declares, if it does
                if not any(case_blockers(c, e, info) for e in c.eras if e in info.eras)]
    chosen: list[WorkItem] = []
    seen: set[str] = set()
    for era in info.eras:
        for feature in sorted(info.features):
            case = next((c for c in runnable if feature in c.features and era in c.eras
                         and c.id not in seen), None)
            if case is not None and len(chosen) < limit:
                seen.add(case.id)
                chosen.append(WorkItem(case, era))
    return chosen


def advice(result: CaseResult, adapter: str) -> str:
    """What an engine author should do about a result that is not a pass."""
    text = result.message + "\n" + result.detail
    if result.result == "errored":
        if "is not JSON" in text:
            return ("write exactly one JSON object per line on stdout, and send logs and "
                    "debugging output to stderr")
        if "seq" in text and "expected" in text:
            return "echo each request's 'seq' in its reply, one reply per request, in order"
        if "timed out" in text or "no reply" in text:
            return ("reply to every request, and flush stdout after each line, or make stdout "
                    "line-buffered (a block-buffered reply never arrives)")
        if "exited" in text or "is gone" in text:
            return ("the engine process died: its stderr is shown above; never exit before "
                    "'quit'")
        if "reported an error" in text:
            return ("the engine replied with an error: answer {\"unsupported\": why} for what it "
                    "cannot do, and keep 'error' for bugs")
        return "see the cause above; --timeout raises the time allowed"
    if result.result == "unsupported":
        found = blockers(result)
        what = found[0].partition(":") if found else ("setup", "", "")
        if what[0] in ("query", "action"):
            plural = {"query": "queries", "action": "actions"}[what[0]]
            return (f"the engine refused {what[0]} {what[2]!r}, which this case uses: "
                    f"implement it, or list the {plural} you answer in hello "
                    f"('{plural}'), so that cases using others are reported unsupported "
                    "without being run")
        return ("the engine declares every feature this case needs but refused its setup: "
                "implement what the setup uses, or leave the feature out of 'features' in "
                "hello")
    return (f"the engine disagrees with the rules here: mtgconf explain --adapter "
            f"{shlex.quote(adapter)} {result.case} --era {result.era} shows each message "
            "beside the reference engine's trace")


def _check_info(info: AdapterInfo, spec: Spec) -> list[str]:
    problems = []
    for era in info.eras:
        if era not in spec.eras:
            close = difflib.get_close_matches(era, list(spec.eras), n=1)
            problems.append(f"declares unknown era {era!r}"
                            + (f" (did you mean {close[0]!r}?)" if close else
                               f" (known: {', '.join(spec.eras)})"))
    for feature in sorted(info.features - set(spec.features)):
        close = difflib.get_close_matches(feature, list(spec.features), n=1)
        problems.append(f"declares unknown feature {feature!r}"
                        + (f" (did you mean {close[0]!r}?)" if close else
                           " (mtgconf features lists them)"))
    if not info.eras:
        problems.append("declares no era: every case will be unsupported")
    if not info.features & set(spec.features):
        problems.append("declares no known feature: every case needing one will be "
                        "unsupported (start with 'characteristics')")
    return problems


def _unknown_query(adapter: Any, timeout: float) -> str | None:
    """Start an empty game and ask a query no engine knows; None if the engine answered
    unsupported, else what went wrong."""
    found: list[str | None] = ["no answer to an unknown query within the time limit"]

    def probe() -> None:
        try:
            session = adapter.start(StartRequest(case="smoke.unknown-query", era="modern",
                                                 setup={}, cards={}))
        except Unsupported:
            found[0] = None  # an engine may refuse an empty game; that is fine
            return
        except Exception as exc:
            found[0] = f"starting an empty game failed: {str(exc).splitlines()[0]}"
            return
        try:
            value = session.observe({"query": "smoke-no-such-query"})
            found[0] = f"an unknown query was answered with a value ({value!r})"
        except Unsupported:
            found[0] = None
        except Exception as exc:
            found[0] = f"an unknown query gave an error: {str(exc).splitlines()[0]}"
        finally:
            try:
                session.close()
            except Exception:
                pass

    thread = threading.Thread(target=probe, daemon=True)
    thread.start()
    thread.join(timeout + 5)  # the transport's own time limit says which reply never came
    return found[0]


def stderr_tail(text: str, *, lines: int = 12) -> list[str]:
    """The engine's stderr lines quoted in ``text`` (a message or detail), the last ``lines``."""
    marker = "engine stderr (last lines):"
    if marker not in text:
        return []
    tail = [ln for ln in text.split(marker, 1)[1].splitlines() if ln.strip()]
    return tail[-lines:]


def _print_start_failure(err: Any, text: str) -> None:
    """The engine did not answer ``hello``: what happened, its stderr, its environment, and
    what to try."""
    first, _, rest = text.partition("\n")
    err.print(f"[red]error[/red] the engine did not start or answer hello: {escape(first)}",
              highlight=False, soft_wrap=True)
    tail = stderr_tail(text)
    if tail:
        err.print("  engine stderr (last lines):", highlight=False)
        for line in tail:
            err.print(f"    {escape(line)}", highlight=False, soft_wrap=True)
    elif "engine stderr: empty" in text:
        err.print("  engine stderr: empty", highlight=False)
    for line in rest.splitlines():
        if line.startswith(("engine environment", "to try it by hand")):
            err.print(f"  {escape(line)}", highlight=False, soft_wrap=True)
    advice = ("run the command by hand (with the same environment: the line above) and type "
              '{"cmd": "hello", "protocol": 1, "seq": 1}; it must print one JSON line with an '
              "'info' table (docs/engine-authors.md)")
    if "no reply" in first:
        advice = ("the engine started but its reply never arrived: flush stdout after each "
                  "line (or make it line-buffered), then " + advice)
    elif "filtered environment" in first:
        advice = ("if the engine needs a variable it was not given (CLASSPATH, JAVA_HOME, ...), "
                  "pass it with --engine-env NAME[=VALUE]; else " + advice)
    err.print(f"advice: {escape(advice)}", highlight=False, soft_wrap=True)


def run(args: argparse.Namespace) -> int:
    """Exit 0 when every check passed, 1 when one did not (or the engine did not start), 2
    for bad usage (an unknown adapter)."""
    out = console()
    err = console(stderr=True)
    spec = default_spec()
    try:
        adapter = resolve_adapter(args.adapter, timeout=args.timeout)
    except AdapterError as exc:  # no such adapter, a malformed cmd: (bad usage)
        err.print(f"[red]error[/red] {escape(str(exc))}", highlight=False, soft_wrap=True)
        return USAGE
    try:
        runner = Runner(adapter, spec=spec, timeout=args.timeout)
    except AdapterError as exc:  # the engine is broken (1), or its command is wrong (2)
        _print_start_failure(err, str(exc))
        return USAGE if isinstance(exc, CommandNotFound) else FAILED
    info = runner.info
    bad = notes = 0
    out.print(f"[bold]{escape(info.name)} {escape(info.version)}[/bold]: eras "
              f"{escape(', '.join(info.eras)) or '(none)'}; {len(info.features)} features",
              highlight=False, soft_wrap=True)
    for problem in _check_info(info, spec):
        bad += 1
        out.print(f"  [red]problem[/red] hello: {escape(problem)}", highlight=False,
                  soft_wrap=True)
    items = choose_cases(load_cases(None, spec).cases, info, args.max_cases)
    with runner:
        unknown = _unknown_query(adapter, args.timeout)
        if unknown is None:
            out.print("  [green]ok[/green] an unknown query is answered unsupported")
        else:
            bad += 1
            out.print(f"  [red]problem[/red] {escape(unknown)}", highlight=False)
            out.print("    advice: answer {\"unsupported\": why} to any query or action you "
                      "do not know; the suite counts it apart from failures", highlight=False)
        for item in items:
            result = runner.run_item(item)
            features = ", ".join(f for f in item.case.features)
            head = f"{item.case.id} [{item.era}] ({features})"
            if result.result == "passed":
                out.print(f"  [green]ok[/green] {escape(head)}", highlight=False,
                          soft_wrap=True)
                continue
            warn = result.result == "unsupported"
            bad += not warn
            notes += warn
            cause = error_cause(result) if result.result == "errored" else ""
            color = "yellow" if warn else "red"
            out.print(f"  [{color}]{result.result}[/{color}] {escape(head)}: "
                      f"{escape(result.message)}" + (f" [{escape(cause)}]" if cause else ""),
                      highlight=False, soft_wrap=True)
            if result.result == "errored":
                tail = stderr_tail(result.detail)
                out.print("    engine stderr: " + ("empty" if not tail else "(last lines)"),
                          highlight=False)
                for line in tail:
                    out.print(f"      {escape(line)}", highlight=False, soft_wrap=True)
            out.print(f"    advice: {escape(advice(result, args.adapter))}", highlight=False,
                      soft_wrap=True)
    if not items:
        out.print("  [yellow]no spec case needs only the declared features[/yellow]; "
                  "`mtgconf features --adapter ...` shows what you declare", highlight=False)
    problems = bad - len(_check_info(info, spec))
    checks = len(items) + 1
    out.print(f"{checks - problems - notes} of {checks} checks ok"
              + (f", {bad} problem(s)" if bad else "") + (f", {notes} unsupported" if notes
                                                        else "")
              + "; next: mtgconf run --adapter " + escape(shlex.quote(args.adapter)),
              highlight=False, soft_wrap=True)
    return OK if not bad else FAILED
