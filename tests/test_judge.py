"""The one step judgement (``conformance/running/judge.py``) that the runner, the trace and
differential runs share: every combination of expected and actual outcome of an action, and
observations under both comparison modes."""

from __future__ import annotations

import pytest

from conformance.adapter import Outcome
from conformance.running.judge import judge_action, judge_observation


@pytest.mark.parametrize(("reject", "outcome", "message"), [
    (None, Outcome.done(), None),
    ("timing", Outcome.rejected("timing", "not now"), None),
    (None, Outcome.rejected("timing", "not now"),
     "the action was rejected (timing: not now) but the rules allow it"),
    ("timing", Outcome.done(), "the action was allowed but the rules reject it (timing)"),
    ("timing", Outcome.rejected("target", "no"), "rejected as 'target', expected 'timing'"),
])
def test_an_action_meets_its_step_only_with_the_same_outcome(
        reject: str | None, outcome: Outcome, message: str | None) -> None:
    miss = judge_action(reject, outcome)
    assert (miss.message if miss else None) == message


def test_a_mismatched_action_carries_what_the_report_shows() -> None:
    miss = judge_action("timing", Outcome.rejected("target", "no"))
    assert miss is not None
    assert miss.expected == {"rejected": "timing"}
    assert miss.observed == {"rejected": "target", "message": "no"}


def test_observations_compare_exactly_or_as_multisets() -> None:
    assert judge_observation([1, 2], [1, 2]) is None
    assert judge_observation(1, True) is not None  # true never equals 1
    assert judge_observation([1, 2], [2, 1]) is not None
    assert judge_observation([1, 2], [2, 1], "unordered") is None
    miss = judge_observation({"a": 1}, {"a": 2})
    assert miss is not None and miss.message == 'expected {"a":1}, observed {"a":2}'
