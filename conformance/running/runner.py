"""Run cases through an adapter and turn what happens into results.

Isolation: each case runs on a worker thread with a time limit, so an engine that raises, hangs or
breaks the protocol in one case gives that case an ``errored`` result and the run goes on. The
adapter sees the setup, the actions and the queries, never an expected value or ``reject``.
"""

from __future__ import annotations

import fnmatch
import queue
import threading
import time
import traceback
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from conformance.adapter import Adapter, AdapterInfo, Outcome, StartRequest, Unsupported
from conformance.errors import AdapterError, ProtocolError
from conformance.results.blockers import case_blockers, step_blocker
from conformance.results.records import CaseResult
from conformance.running.defaults import DEFAULT_TIMEOUT
from conformance.running.judge import cards_for, judge_action, judge_observation
from conformance.spec.catalog import Spec, default_spec
from conformance.spec.model import Case, Step
from conformance.spec.paths import relative_file

__all__ = ["DEFAULT_TIMEOUT", "Runner", "WorkItem", "plan"]

#: Longest ``message`` / ``detail`` of a result: the start of a message, the end of a detail
#: (a traceback's last lines say the most) are kept, so a report line stays a sane size.
MAX_MESSAGE_CHARS = 2000
MAX_DETAIL_CHARS = 32 * 1024


@dataclass(frozen=True)
class WorkItem:
    """One case to run under one era (or to report without running, with ``verdict``)."""

    case: Case
    era: str
    verdict: str | None = None
    reason: str = ""
    #: An ``unsupported`` item's blockers (:func:`conformance.results.blockers.case_blockers`).
    missing: tuple[str, ...] = ()


def _lacks(name: str, missing: Sequence[str]) -> str:
    """Why an item is planned unsupported: its era first, else its features, else the
    undeclared queries and actions."""
    kinds: dict[str, list[str]] = {}
    for blocker in missing:
        kind, _, what = blocker.partition(":")
        kinds.setdefault(kind, []).append(what)
    if "era" in kinds:
        return f"{name} does not implement era {kinds['era'][0]!r}"
    if "feature" in kinds:
        return f"{name} lacks feature(s): {', '.join(kinds['feature'])}"
    said = [f"{kind} {', '.join(whats)}" for kind, whats in kinds.items()]
    return f"{name} does not declare " + "; ".join(said)


#: Start-ups of an engine that may fail in a row before the run stops trying it (the rest of
#: its cases are reported errored at once, with the last failure's cause).
MAX_START_FAILURES = 3


def plan(cases: Iterable[Case], info: AdapterInfo, *, era: str | None = None,
         skip: Sequence[str] = ()) -> list[WorkItem]:
    """What to run: each case under each of its eras the adapter implements (or only ``era``).

    A case the adapter cannot run is planned as ``unsupported`` with the reason; a case whose id
    matches a ``skip`` pattern is ``skipped``.
    """
    items: list[WorkItem] = []
    for case in cases:
        eras = [e for e in case.eras if era is None or e == era]
        if not eras:
            continue
        pattern = next((p for p in skip if fnmatch.fnmatchcase(case.id, p)), None)
        for e in eras:
            if pattern is not None:
                items.append(WorkItem(case, e, "skipped", f"skipped by pattern {pattern!r}"))
                continue
            missing = case_blockers(case, e, info)
            if missing:
                items.append(WorkItem(case, e, "unsupported", _lacks(info.name, missing),
                                      missing=missing))
            else:
                items.append(WorkItem(case, e))
    return items


class _Hung(Exception):
    pass


class _Raised(Exception):
    """The worker's job raised something ``_execute`` does not catch (SystemExit, a
    KeyboardInterrupt raised by adapter code, ...): the case's error, not the run's."""

    def __init__(self, error: BaseException) -> None:
        super().__init__(error)
        self.error = error


class _Worker:
    """A thread that runs one callable at a time; abandoned (and replaced) if it hangs."""

    def __init__(self) -> None:
        self.jobs: queue.Queue[Callable[[], Any] | None] = queue.Queue()
        self.done: queue.Queue[tuple[bool, Any]] = queue.Queue()
        threading.Thread(target=self._loop, daemon=True, name="mtgconf-case").start()

    def _loop(self) -> None:
        while True:
            job = self.jobs.get()
            if job is None:
                return
            try:
                self.done.put((True, job()))
            except BaseException as exc:
                self.done.put((False, exc))

    def call(self, fn: Callable[[], Any], timeout: float) -> Any:
        self.jobs.put(fn)
        try:
            ok, value = self.done.get(timeout=timeout)
        except queue.Empty:
            raise _Hung() from None
        if ok:
            return value
        raise _Raised(value)

    def stop(self) -> None:
        self.jobs.put(None)


class Runner:
    """Runs cases on one adapter. Use as a context manager, or call :meth:`close`."""

    def __init__(self, adapter: Adapter, *, spec: Spec | None = None,
                 timeout: float = DEFAULT_TIMEOUT) -> None:
        self.adapter = adapter
        self.spec = spec or default_spec()
        self.timeout = timeout
        try:
            info = adapter.info()
        except AdapterError:
            raise
        except Exception as exc:  # an adapter that cannot say what it is
            raise AdapterError(f"the adapter's info() failed: {_short(exc)}") from exc
        if not isinstance(info, AdapterInfo):
            raise AdapterError(f"the adapter's info() returned {_type_name(info)}, "
                               "not an AdapterInfo")
        self.info = info
        self._worker = _Worker()
        #: The step the worker is on (None: setup), to say where a hung case stopped.
        self._at: Step | None = None
        #: Start-ups of the engine that failed in a row, and the last one's result.
        self._start_failures = 0
        self._start_failure: CaseResult | None = None

    def __enter__(self) -> Runner:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, *exc: object) -> None:
        if exc_type is not None and issubclass(exc_type, KeyboardInterrupt):
            _abort(self.adapter)  # Ctrl-C, SIGTERM: stop the engine now, do not wait for it
        self.close()

    def close(self) -> None:
        """Stop the worker and the adapter."""
        self._worker.stop()
        closer = _Worker()  # an adapter whose close() hangs must not hang the run
        try:
            closer.call(self.adapter.close, self.timeout)
        except (_Hung, _Raised):
            _abort(self.adapter)
        finally:
            closer.stop()

    def cards_for(self, case: Case) -> dict[str, Mapping[str, Any]]:
        """Card data for every card the case's setup names (inline cards first)."""
        return cards_for(case, self.spec)

    def _result(self, item: WorkItem, kind: str, **fields: Any) -> CaseResult:
        case = item.case
        if len(fields.get("message", "")) > MAX_MESSAGE_CHARS:  # an engine's text is bounded
            fields["message"] = fields["message"][:MAX_MESSAGE_CHARS] + " [...]"
        if len(fields.get("detail", "")) > MAX_DETAIL_CHARS:
            fields["detail"] = "[...] " + fields["detail"][-MAX_DETAIL_CHARS:]
        return CaseResult(
            case=case.id, era=item.era, result=kind, adapter=self.info.name,
            adapter_version=self.info.version, area=case.area,
            file=relative_file(case.file, self.spec.root),
            title=case.title, rulings=case.rulings, rules=case.rules,
            generated=case.generated is not None, **fields)

    def run_item(self, item: WorkItem) -> CaseResult:
        """Run (or report) one work item."""
        if item.verdict is not None:
            return self._result(item, item.verdict, message=item.reason,
                                missing=item.missing)
        if self._start_failures >= MAX_START_FAILURES and self._start_failure is not None:
            # An engine that failed to start this many times in a row is not tried again for
            # every remaining case (each would wait the whole start-up timeout).
            last = self._start_failure
            return self._result(item, "errored",
                                message=f"not run: the engine failed to start "
                                        f"{self._start_failures} times in a row ("
                                        f"{last.message})", detail=last.detail)
        not_started = self._warm_up(item)
        if not_started is not None:
            self._start_failures += 1
            self._start_failure = not_started
            return not_started
        self._start_failures = 0
        start = time.perf_counter()
        try:
            result: CaseResult = self._worker.call(lambda: self._execute(item), self.timeout)
        except _Hung:
            self._worker = _Worker()  # the old one is stuck; abandon it
            context = _abort(self.adapter)  # e.g. kill a hung engine process
            result = self._result(item, "errored", step=_index(self._at),
                                  message=f"timed out after {self.timeout:g}s at "
                                          f"{_where(self._at)}",
                                  detail="the adapter did not finish the case in time"
                                         + (f"\n{context}" if context else ""))
        except _Raised as raised:
            result = self._result(item, "errored",
                                  message=f"the adapter raised {_short(raised.error)}",
                                  detail="".join(traceback.format_exception(raised.error)))
        result.duration_ms = (time.perf_counter() - start) * 1000
        return result

    def _warm_up(self, item: WorkItem) -> CaseResult | None:
        """Start (or restart, after a fault) the adapter's engine before the case's clock
        starts, within the adapter's own ``startup_timeout``: a slow start-up (a JVM) must not
        eat the case's time. None when ready; else the case's ``errored`` result."""
        warm_up = getattr(self.adapter, "warm_up", None)
        if not callable(warm_up):
            return None
        limit = float(getattr(self.adapter, "startup_timeout", self.timeout)) + 1.0
        try:
            self._worker.call(warm_up, limit)
        except _Hung:
            self._worker = _Worker()
            context = _abort(self.adapter)
            return self._result(item, "errored",
                                message=f"the engine did not start within {limit:g}s",
                                detail=context)
        except _Raised as raised:
            return self._result(item, "errored",
                                message=f"the engine could not be started: "
                                        f"{_short(raised.error)}",
                                detail=str(raised.error))
        return None

    def run(self, cases: Iterable[Case], *, era: str | None = None,
            skip: Sequence[str] = ()) -> Iterator[CaseResult]:
        """Run every case (see :func:`plan`), yielding results as they come."""
        for item in plan(cases, self.info, era=era, skip=skip):
            yield self.run_item(item)

    # -- one case -------------------------------------------------------------------------------

    def _execute(self, item: WorkItem) -> CaseResult:
        case = item.case
        request = StartRequest(case=case.id, era=item.era, setup=case.setup,
                               cards=self.cards_for(case))
        self._at = None
        try:
            session = self.adapter.start(request)
        except Unsupported as exc:
            return self._result(item, "unsupported", message=f"setup: {exc}",
                                missing=("setup",))
        except ProtocolError as exc:
            return self._result(item, "errored",
                                message=f"protocol error during setup: {_first_line(exc)}",
                                detail=str(exc))
        except Exception as exc:
            return self._result(item, "errored", message=f"setup failed: {_short(exc)}",
                                detail=traceback.format_exc())
        try:
            verdict = self._steps(item, session)
        finally:
            ended = _end(session)
        if ended is None:
            return verdict
        # The engine broke on 'end' (it crashed, hung or replied garbage): a verdict reached
        # before stands only if the case did not pass, and the breakage is reported either way.
        note = f"the engine failed to end the case: {_first_line(ended)}"
        if verdict.result == "passed":
            return self._result(item, "errored", message=f"after the last step: {note}",
                                detail=str(ended))
        verdict.detail = (verdict.detail + "\n" if verdict.detail else "") + note
        return verdict

    def _steps(self, item: WorkItem, session: Any) -> CaseResult:
        """Run the case's steps on ``session``: the case's verdict."""
        step: Step | None = None
        try:
            for step in item.case.steps:
                self._at = step
                verdict = self._step(item, session, step)
                if verdict is not None:
                    return verdict
            return self._result(item, "passed")
        except Unsupported as exc:
            return self._result(item, "unsupported", step=_index(step),
                                message=f"step {_index(step)} ({_describe(step)}): {exc}",
                                missing=(step_blocker(step.kind, step.body)
                                         if step is not None else "setup",))
        except (AdapterError, ProtocolError) as exc:
            return self._result(item, "errored", step=_index(step),
                                message=f"step {_index(step)} ({_describe(step)}): adapter error: "
                                        f"{_first_line(exc)}",
                                detail=str(exc))
        except Exception as exc:
            return self._result(item, "errored", step=_index(step),
                                message=f"step {_index(step)} ({_describe(step)}): "
                                        f"{_short(exc)}",
                                detail=traceback.format_exc())

    def _step(self, item: WorkItem, session: Any, step: Step) -> CaseResult | None:
        where = f"step {step.index} ({step.describe()})"
        if step.kind == "action":
            outcome = session.perform(step.body)
            if not isinstance(outcome, Outcome):
                raise AdapterError(f"perform() returned {_type_name(outcome)}, not an Outcome")
            miss = judge_action(step.reject, outcome)
        else:
            observed = session.observe(step.body)
            problem = _json_problem(observed)
            if problem is not None:
                raise AdapterError(f"observe() returned a value that is not JSON: {problem}")
            miss = judge_observation(step.expect, observed, step.compare)
        if miss is None:
            return None
        return self._result(item, "failed", step=step.index, expected=miss.expected,
                            observed=miss.observed, message=f"{where}: {miss.message}")


def _end(session: Any) -> ProtocolError | None:
    """Close ``session``; a protocol breakage while the engine ends the case (a crash on
    ``end``) is returned, any other exception from ``close`` ignored (the verdict stands)."""
    try:
        session.close()
    except ProtocolError as exc:
        return exc
    except Exception:
        pass
    return None


def _abort(adapter: Adapter) -> str:
    """Call the adapter's optional ``abort()`` (stop work in flight); return what it says."""
    abort = getattr(adapter, "abort", None)
    if not callable(abort):
        return ""
    try:
        return str(abort() or "")
    except Exception as exc:  # aborting is best effort
        return f"abort() failed: {_short(exc)}"


def _type_name(value: object) -> str:
    return "None" if value is None else f"a {type(value).__name__}"


def _json_problem(value: Any, depth: int = 0) -> str | None:
    """Why ``value`` is not a JSON value (null, bool, number, string, list, string-keyed
    table), or None if it is one."""
    if depth > 100:
        return "nested more than 100 levels deep"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 14_000:
        return "an integer of more than 4,000 digits"  # too long to write as decimal text
    if value is None or isinstance(value, (bool, int, str)):
        return None
    if isinstance(value, float):
        return None if value == value and value not in (float("inf"), float("-inf")) else (
            f"the number {value!r}")
    if isinstance(value, (list, tuple)):
        for v in value:
            problem = _json_problem(v, depth + 1)
            if problem:
                return problem
        return None
    if isinstance(value, Mapping):
        for k, v in value.items():
            if not isinstance(k, str):
                return f"a table key {k!r} that is not a string"
            problem = _json_problem(v, depth + 1)
            if problem:
                return problem
        return None
    return f"{_type_name(value)} ({str(value)[:80]!r})"


def _index(step: Step | None) -> int | None:
    return step.index if step is not None else None


def _describe(step: Step | None) -> str:
    return step.describe() if step is not None else "setup"


def _where(step: Step | None) -> str:
    return f"step {step.index} ({step.describe()})" if step is not None else "setup"


def _first_line(exc: BaseException) -> str:
    lines = str(exc).strip().splitlines()
    return lines[0] if lines else type(exc).__name__


def _short(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0] if text else ''}"
