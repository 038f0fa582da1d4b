"""Time limits in the fault tests that hold on a busy machine (issue 38).

A fault test runs healthy cases around one faulted case. Only the faulted case may meet a time
limit, and it meets it on any machine because it never answers (it hangs, floods stderr, or
starts a child that holds the pipes): the limit there decides how long the test waits, never
whether it passes. Every healthy case, and the faulted case's requests before its fault, get
``GENEROUS`` limits that no load reaches. So no assertion depends on the machine's speed.
"""

from __future__ import annotations

import fnmatch
import os
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from conformance import Runner
from conformance.results.records import CaseResult
from conformance.running.runner import plan
from conformance.spec.model import Case

#: A limit no healthy case or request meets, however loaded the machine (seconds).
GENEROUS = 300.0

#: How long a test waits for something that happens at once on an idle machine (a killed process
#: to be reaped, a report to be opened): returned early when it happens, so it costs nothing.
PATIENCE = 120.0


def run_with_limits(runner: Runner, cases: Iterable[Case], *, faulted: str = "faults.probe.n2",
                    case_limit: float = GENEROUS, reply_limit: float = GENEROUS,
                    era: str | None = None) -> list[CaseResult]:
    """Run ``cases`` one by one: a case whose id matches the glob ``faulted`` gets the runner's
    per-case limit ``case_limit`` and (for an adapter with a ``timeout``, the JSON-lines
    transport) the per-reply limit ``reply_limit``; every other case gets ``GENEROUS`` for both.
    The runner's own limit is restored afterwards (it also bounds the adapter's ``close``)."""
    adapter: Any = runner.adapter
    before_case, before_reply = runner.timeout, getattr(adapter, "timeout", None)
    results = []
    try:
        for item in plan(list(cases), runner.info, era=era):
            hit = fnmatch.fnmatchcase(item.case.id, faulted)
            runner.timeout = case_limit if hit else GENEROUS
            if before_reply is not None:
                adapter.timeout = reply_limit if hit else GENEROUS
            results.append(runner.run_item(item))
    finally:
        runner.timeout = before_case
        if before_reply is not None:
            adapter.timeout = before_reply
    return results


def wait_until(condition: Callable[[], bool], patience: float = PATIENCE,
               poll: float = 0.05) -> bool:
    """Whether ``condition`` holds within ``patience`` seconds (polled; True as soon as it
    does). For waiting on the machine, never for judging its speed."""
    deadline = time.monotonic() + patience
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(poll)
    return condition()


def gate_path(directory: Path) -> Path:
    """A gate file for the faulty engine's ``--wait-for``: the engine holds every case until
    the test creates it."""
    return directory / f"gate-{os.getpid()}-{time.monotonic_ns()}"
