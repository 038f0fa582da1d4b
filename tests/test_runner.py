"""The runner's result kinds, with deliberately broken in-process adapters (as Bowtie tests
its harness): passed, failed (with the step and both values), errored (raise, hang), unsupported
(feature, era, or said by the engine), skipped. The adapter never sees an expected value."""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import pytest

from conformance import AdapterInfo, Outcome, Runner, StartRequest, Unsupported
from conformance.adapters.reference import ReferenceAdapter
from conformance.spec.catalog import default_spec
from conformance.spec.loader import load_cases
from conformance.spec.model import Case, Step

from .limits import GENEROUS


def a_case(**changes: Any) -> Case:
    case = Case(
        id="test.runner", title="A case for the runner", rulings=("MULTI-01",),
        rules=("105.2",), eras=("modern",), features=("characteristics",),
        setup={"objects": [{"handle": "bears", "card": "Grizzly Bears"}]},
        steps=(Step(0, "action", {"type": "pass_priority", "player": "alice"}),
               Step(1, "observe", {"query": "colors", "object": "bears"}, expect=["green"],
                    has_expect=True)),
        area="characteristics")
    return replace(case, **changes)


class Scripted:
    """An adapter whose answers are given; records everything it was sent."""

    def __init__(self, *, value: Any = None, outcome: Outcome | None = None,
                 raise_on: str | None = None, hang: bool = False,
                 unsupported: str | None = None, eras: tuple[str, ...] = ("modern",),
                 features: frozenset[str] = frozenset({"characteristics"})) -> None:
        self.value, self.outcome = value, outcome or Outcome.done()
        self.raise_on, self.hang, self.unsupported = raise_on, hang, unsupported
        self._info = AdapterInfo("scripted", "1", eras, features)
        self.sent: list[Any] = []
        self.release = threading.Event()

    def info(self) -> AdapterInfo:
        return self._info

    def start(self, request: StartRequest) -> Scripted:
        self.sent.append(request)
        if self.raise_on == "start":
            raise RuntimeError("engine exploded during setup")
        return self

    def perform(self, action: Mapping[str, Any]) -> Outcome:
        self.sent.append(action)
        if self.raise_on == "perform":
            raise RuntimeError("engine exploded")
        return self.outcome

    def observe(self, query: Mapping[str, Any]) -> Any:
        self.sent.append(query)
        if self.hang:
            self.release.wait(30)
        if self.unsupported:
            raise Unsupported(self.unsupported)
        return self.value

    def close(self) -> None:
        self.release.set()


def run_one(adapter: Any, case: Case | None = None, **kwargs: Any) -> Any:
    with Runner(adapter, timeout=kwargs.pop("timeout", GENEROUS)) as runner:
        (result,) = list(runner.run([case or a_case()], **kwargs))
    return result


def test_passed() -> None:
    assert run_one(Scripted(value=["green"])).result == "passed"


def test_failed_names_step_and_both_values() -> None:
    result = run_one(Scripted(value=["red"]))
    assert (result.result, result.step, result.expected, result.observed) == (
        "failed", 1, ["green"], ["red"])
    assert result.message == ('step 1 (observe colors of bears): expected ["green"], '
                              'observed ["red"]')


def test_an_allowed_action_that_is_rejected_fails() -> None:
    result = run_one(Scripted(outcome=Outcome.rejected("timing", "not now")))
    assert result.result == "failed"
    assert result.step == 0
    assert "the action was rejected (timing: not now) but the rules allow it" in result.message


def test_expected_rejection() -> None:
    case = a_case(steps=(Step(0, "action", {"type": "cast"}, reject="timing"),))
    assert run_one(Scripted(outcome=Outcome.rejected("timing")), case).result == "passed"
    wrong = run_one(Scripted(outcome=Outcome.rejected("cannot-pay")), case)
    assert wrong.result == "failed"
    assert wrong.message.endswith("rejected as 'cannot-pay', expected 'timing'")
    allowed = run_one(Scripted(), case)
    assert allowed.message.endswith("the action was allowed but the rules reject it (timing)")


def test_booleans_are_not_numbers() -> None:
    case = a_case(steps=(Step(0, "observe", {"query": "x"}, expect=1, has_expect=True),))
    assert run_one(Scripted(value=True), case).result == "failed"


def test_errored_when_the_adapter_raises() -> None:
    result = run_one(Scripted(raise_on="perform"))
    assert result.result == "errored"
    assert result.step == 0
    assert "RuntimeError: engine exploded" in result.message
    assert "Traceback" in result.detail
    setup = run_one(Scripted(raise_on="start"))
    assert setup.result == "errored"
    assert setup.message == "setup failed: RuntimeError: engine exploded during setup"


def test_errored_when_the_adapter_hangs_and_the_run_goes_on() -> None:
    adapter = Scripted(value=["green"], hang=True)
    with Runner(adapter, timeout=0.3) as runner:
        first = runner.run_item(next(iter(_items(runner, a_case()))))
        adapter.hang = False
        adapter.release.set()
        runner.timeout = GENEROUS  # only the hung case meets a limit (tests/limits.py)
        second = runner.run_item(next(iter(_items(runner, a_case(id="test.next")))))
    assert first.result == "errored"
    assert first.message.startswith("timed out after 0.3s at ")
    assert second.result == "passed"


def _items(runner: Runner, case: Case) -> Any:
    from conformance.running.runner import plan

    return plan([case], runner.info)


def test_unsupported_for_missing_feature_era_or_engine_refusal() -> None:
    missing = run_one(Scripted(features=frozenset()))
    assert (missing.result, missing.message) == (
        "unsupported", "scripted lacks feature(s): characteristics")
    era = run_one(Scripted(eras=("invasion-2000",)))
    assert era.message == "scripted does not implement era 'modern'"
    said = run_one(Scripted(unsupported="no colors here"))
    assert said.result == "unsupported"
    assert said.message == "step 1 (observe colors of bears): no colors here"


def test_skipped_by_pattern() -> None:
    result = run_one(Scripted(), skip=["test.*"])
    assert (result.result, result.message) == ("skipped", "skipped by pattern 'test.*'")


def test_adapter_never_sees_expected_values() -> None:
    adapter = Scripted(value=["green"])
    cases = load_cases().cases
    with Runner(adapter) as runner:
        list(runner.run(cases[:10]))
    text = repr(adapter.sent)
    for case in cases[:10]:
        for step in case.steps:
            if step.kind == "observe":
                assert "expect" not in step.body
    assert "'expect'" not in text and "'reject'" not in text and "'note'" not in text


def test_a_case_runs_once_per_era() -> None:
    case = a_case(eras=("modern", "invasion-2000"))
    adapter = Scripted(value=["green"], eras=("modern", "invasion-2000"))
    with Runner(adapter) as runner:
        results = list(runner.run([case]))
    assert [r.era for r in results] == ["modern", "invasion-2000"]
    with Runner(adapter) as runner:
        assert [r.era for r in runner.run([case], era="invasion-2000")] == ["invasion-2000"]


def test_reference_engine_passes_every_spec_case() -> None:
    spec = default_spec()
    with Runner(ReferenceAdapter(), spec=spec) as runner:
        results = list(runner.run(load_cases(None, spec).cases))
    bad = [f"{r.case} [{r.era}]: {r.message}" for r in results if r.result != "passed"]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("kind", ["passed", "failed", "errored", "unsupported", "skipped"])
def test_records_round_trip(kind: str) -> None:
    from conformance.results.records import CaseResult

    r = CaseResult(case="c", era="modern", result=kind, step=1, expected=[1], observed=[2],
                   message="m", rulings=("MULTI-01",))
    again = CaseResult.from_record(r.to_record())
    assert again.to_record() == r.to_record()
