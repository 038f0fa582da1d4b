"""Does it find bugs: each deliberately wrong engine is caught by the generated cases and by a
short differential run, whose minimal case then reproduces the failure with the runner."""

from __future__ import annotations

import pytest

from conformance.adapters.reference import ReferenceAdapter
from conformance.running.runner import Runner
from conformance.spec.catalog import default_spec
from conformance.spec.loader import load_case_text
from generators.emit import DEFAULT_SEED, case_text, load_generated
from generators.fuzz import fuzz
from generators.mutants import MUTANTS, MutantAdapter

SPEC = default_spec()
GENERATED = load_generated(count=300, seed=DEFAULT_SEED, spec=SPEC)


def _results(adapter: MutantAdapter | ReferenceAdapter, cases: list) -> list[str]:  # type: ignore[type-arg]
    with Runner(adapter, spec=SPEC) as runner:
        return [r.result for c in cases for r in runner.run([c])]


@pytest.mark.parametrize("bug", sorted(MUTANTS))
def test_generated_cases_catch_the_wrong_engine(bug: str) -> None:
    results = _results(MUTANTS[bug](), GENERATED.cases)
    assert "failed" in results
    assert "errored" not in results


def test_generated_cases_pass_on_the_reference_engine() -> None:
    assert not GENERATED.errors
    assert set(_results(ReferenceAdapter(), GENERATED.cases)) == {"passed"}


@pytest.mark.parametrize("bug", sorted(MUTANTS))
def test_fuzz_catches_the_wrong_engine_and_its_case_reproduces(bug: str) -> None:
    result = fuzz(MUTANTS[bug](), seconds=30, seed=0)
    assert result.divergence is not None and result.case is not None
    case, errors = load_case_text(case_text(result.case), SPEC, display="<fuzz>")
    assert not errors, [str(e) for e in errors]
    assert case is not None
    assert _results(MUTANTS[bug](), [case]) == ["failed"]
    assert _results(ReferenceAdapter(), [case]) == ["passed"]
    assert len(case.steps) == 1, "each bug shows at once, so the case shrinks to one step"
    named = str([s.body for s in case.steps])
    assert all(repr(o["handle"]) in named for o in case.setup["objects"]), \
        "objects the divergence doesn't need are pruned"


def test_fuzz_finds_nothing_when_the_engines_agree() -> None:
    result = fuzz(ReferenceAdapter(), seconds=2, seed=0)
    assert result.divergence is None and result.examples > 0
