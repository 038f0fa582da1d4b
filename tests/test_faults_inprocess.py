"""Faulty in-process adapters: whatever an adapter raises, returns or blocks on, the case gets an
``errored`` result with context and the run goes on."""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

from conformance import Runner
from conformance.adapter import AdapterInfo, Outcome, StartRequest
from conformance.adapters.reference import ReferenceAdapter
from conformance.errors import AdapterError
from conformance.results.records import CaseResult
from conformance.spec.model import Case

from .limits import run_with_limits
from .test_faults_engine import write_probes


@pytest.fixture(scope="module")
def probes(tmp_path_factory: pytest.TempPathFactory) -> list[Case]:
    """Three probe cases: an action, an observation and an expected rejection each."""
    return write_probes(tmp_path_factory.mktemp("probes"), 3)


class Boom(RuntimeError):
    """The error a faulty adapter raises."""


def hang() -> None:
    """Block far longer than any test timeout."""
    threading.Event().wait(3600)


#: What a faulty method does instead of its job.
BEHAVIOURS: dict[str, Callable[[], Any]] = {
    "raise": lambda: (_ for _ in ()).throw(Boom("injected failure")),
    "system-exit": lambda: (_ for _ in ()).throw(SystemExit(7)),
    "keyboard-interrupt": lambda: (_ for _ in ()).throw(KeyboardInterrupt()),
    "hang": hang,
    "return-none": lambda: None,
    "return-set": lambda: {"red", "green"},
    "return-object": lambda: object(),
    "return-nan": lambda: float("nan"),
    "return-bytes": lambda: b"\x00\x01",
    "return-int-keys": lambda: {1: "one"},
}


class FaultySession:
    """A reference session whose ``method`` misbehaves when ``armed``."""

    def __init__(self, inner: Any, method: str, behaviour: str, armed: bool) -> None:
        self.inner, self.method, self.behaviour, self.armed = inner, method, behaviour, armed

    def _maybe(self, method: str, real: Callable[[], Any]) -> Any:
        if self.armed and method == self.method:
            return BEHAVIOURS[self.behaviour]()
        return real()

    def perform(self, action: Mapping[str, Any]) -> Outcome:
        result: Outcome = self._maybe("perform", lambda: self.inner.perform(action))
        return result

    def observe(self, query: Mapping[str, Any]) -> Any:
        return self._maybe("observe", lambda: self.inner.observe(query))

    def close(self) -> None:
        self._maybe("close", self.inner.close)


class FaultyAdapter:
    """The reference adapter, with one method misbehaving in the case ``case``."""

    def __init__(self, method: str, behaviour: str, case: str = "faults.probe.n2") -> None:
        self.inner = ReferenceAdapter()
        self.method, self.behaviour, self.case = method, behaviour, case
        self.closed = False

    def info(self) -> AdapterInfo:
        if self.method == "info":
            value: AdapterInfo = BEHAVIOURS[self.behaviour]()
            return value
        return self.inner.info()

    def start(self, request: StartRequest) -> FaultySession:
        armed = request.case == self.case
        if armed and self.method == "start":
            BEHAVIOURS[self.behaviour]()
        return FaultySession(self.inner.start(request), self.method, self.behaviour, armed)

    def close(self) -> None:
        if self.method == "adapter-close":
            BEHAVIOURS[self.behaviour]()
        self.closed = True


def run(adapter: Any, cases: list[Case], timeout: float = 5.0) -> list[CaseResult]:
    """Run ``cases`` on ``adapter``: the faulted case gets the per-case ``timeout`` (which also
    bounds the adapter's close), the healthy ones a limit no load reaches."""
    with Runner(adapter, timeout=timeout) as runner:
        return run_with_limits(runner, cases, faulted=adapter.case, case_limit=timeout)


#: (method, behaviour, text the errored result must contain)
FAULTS = [
    ("start", "raise", "setup failed: Boom: injected failure"),
    ("perform", "raise", "step 0 (pass_priority alice): Boom: injected failure"),
    ("observe", "raise", "step 1 (observe mana_value of ww): Boom: injected failure"),
    ("start", "system-exit", "the adapter raised SystemExit: 7"),
    ("observe", "system-exit", "the adapter raised SystemExit: 7"),
    ("observe", "keyboard-interrupt", "the adapter raised KeyboardInterrupt"),
    ("observe", "hang", "timed out after 1s"),
    ("perform", "hang", "timed out after 1s"),
    ("start", "hang", "timed out after 1s"),
    ("close", "hang", "timed out after 1s"),
    ("perform", "return-none", "perform() returned None, not an Outcome"),
    ("perform", "return-set", "perform() returned a set, not an Outcome"),
    ("observe", "return-set", "observe() returned a value that is not JSON: a set"),
    ("observe", "return-object", "observe() returned a value that is not JSON: a object"),
    ("observe", "return-nan", "observe() returned a value that is not JSON: the number nan"),
    ("observe", "return-bytes", "observe() returned a value that is not JSON: a bytes"),
    ("observe", "return-int-keys", "a table key 1 that is not a string"),
]


@pytest.mark.parametrize(("method", "behaviour", "text"), FAULTS,
                         ids=[f"{m}-{b}" for m, b, _ in FAULTS])
def test_fault_is_errored_and_the_run_goes_on(probes: list[Case], method: str, behaviour: str,
                                              text: str) -> None:
    """The faulted case is errored with what happened; the cases around it pass."""
    results = run(FaultyAdapter(method, behaviour), probes, timeout=1.0)
    assert [r.result for r in results] == ["passed", "errored", "passed"], \
        [(r.result, r.message) for r in results]
    assert text in results[1].message + "\n" + results[1].detail


def test_a_failing_session_close_keeps_the_verdict(probes: list[Case]) -> None:
    """A session whose close() raises does not change a passing case's result."""
    results = run(FaultyAdapter("close", "raise"), probes)
    assert [r.result for r in results] == ["passed"] * 3


def test_a_hanging_adapter_close_does_not_hang_the_run(probes: list[Case]) -> None:
    """Runner.close() gives up on an adapter whose close() never returns."""
    adapter = FaultyAdapter("adapter-close", "hang")
    results = run(adapter, probes, timeout=1.0)  # returns: the runner gave up on close()
    assert [r.result for r in results] == ["passed"] * 3
    assert not adapter.closed, "close() never returned, so the runner abandoned it"


def test_a_raising_adapter_close_is_ignored(probes: list[Case]) -> None:
    """An adapter whose close() raises does not lose the results."""
    assert [r.result for r in run(FaultyAdapter("adapter-close", "raise"), probes)] == \
        ["passed"] * 3


@pytest.mark.parametrize("behaviour", ["raise", "return-none", "return-object"])
def test_a_broken_info_is_an_adapter_error(behaviour: str) -> None:
    """An adapter whose info() fails or lies is an AdapterError naming the problem."""
    with pytest.raises(AdapterError, match=r"the adapter's info\(\) (failed|returned)"):
        Runner(FaultyAdapter("info", behaviour))


def test_a_real_interrupt_still_stops_the_run(probes: list[Case]) -> None:
    """A KeyboardInterrupt in the harness's own thread (Ctrl-C) is not swallowed."""
    runner = Runner(FaultyAdapter("observe", "hang", case="*none*"), timeout=5.0)

    def interrupting(fn: Any, timeout: float) -> None:
        raise KeyboardInterrupt

    with runner:
        runner._worker.call = interrupting  # type: ignore[method-assign,assignment]
        with pytest.raises(KeyboardInterrupt):
            runner.run_item(next(iter(_plan(runner, probes))))


def _plan(runner: Runner, cases: list[Case]) -> list[Any]:
    from conformance.running.runner import plan

    return plan(cases, runner.info)


def test_module_path(tmp_path: Path) -> None:
    """The fault tests share their probe cases with the subprocess tests."""
    assert len(write_probes(tmp_path, 2)) == 2


def test_huge_error_text_is_bounded(probes: list[Case]) -> None:
    """An adapter raising an exception with megabytes of text gives a result of sane size,
    keeping the start of the message and the end of the traceback."""
    from conformance.running.runner import MAX_DETAIL_CHARS, MAX_MESSAGE_CHARS

    BEHAVIOURS["raise-huge"] = lambda: (_ for _ in ()).throw(Boom("x" * 5_000_000))
    try:
        results = run(FaultyAdapter("observe", "raise-huge"), probes)
    finally:
        del BEHAVIOURS["raise-huge"]
    bad = results[1]
    assert bad.result == "errored"
    assert len(bad.message) <= MAX_MESSAGE_CHARS + 10
    assert len(bad.detail) <= MAX_DETAIL_CHARS + 10
    assert bad.message.startswith("step 1 (observe mana_value of ww): Boom: xxx")
    assert bad.detail.rstrip().endswith("x")
