"""Does the suite find bugs: each deliberately wrong engine (conformance/differential/mutants.py)
is caught by the spec cases and by the generated cases of its families; the original six are also
caught by a short differential run, whose minimal case then reproduces the failure with the
runner."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from conformance.adapters.reference import ReferenceAdapter
from conformance.differential.fuzz import fuzz
from conformance.differential.mutants import MUTANTS, MutantAdapter
from conformance.running.runner import Runner, plan
from conformance.spec.catalog import default_spec
from conformance.spec.loader import load_case_text, load_cases
from conformance.spec.model import Case
from generators.emit import DEFAULT_SEED, case_text, generate_cases, load_generated
from generators.family import FAMILIES

SPEC = default_spec()
GENERATED = load_generated(count=300, seed=DEFAULT_SEED, spec=SPEC)
SPEC_CASES = load_cases(None, SPEC).cases
#: Rules areas a wrong engine must cover, at least one each (issue 20).
AREAS = {"casting", "characteristics", "combat", "mana", "objects"}


def _results(adapter: MutantAdapter | ReferenceAdapter, cases: Iterable[Case]) -> list[str]:
    with Runner(adapter, spec=SPEC) as runner:
        return [r.result for c in cases for r in runner.run([c])]


def _first_failure(adapter: MutantAdapter, cases: Iterable[Case]) -> str | None:
    """The first case (case id) the adapter does not pass cleanly, or None; an ``errored``
    result is reported as such (a wrong engine must fail a case, not crash)."""
    with Runner(adapter, spec=SPEC) as runner:
        for item in plan(cases, runner.info):
            result = runner.run_item(item).result
            if result == "errored":
                return f"errored: {item.case.id}"
            if result == "failed":
                return item.case.id
    return None


def _family_cases(names: Iterable[str], count: int = 30) -> list[Case]:
    cases = []
    for data in generate_cases(seed=DEFAULT_SEED, count=count, families=tuple(names)):
        case, errors = load_case_text(case_text(data), SPEC, display="<generated>")
        assert case is not None and not errors, [str(e) for e in errors]
        cases.append(case)
    return cases


def test_twenty_wrong_engines_over_every_rules_area() -> None:
    assert len(MUTANTS) >= 20
    assert {m.area for m in MUTANTS.values()} >= AREAS
    assert len({m.bug for m in MUTANTS.values()}) == len(MUTANTS)


@pytest.mark.parametrize("bug", sorted(MUTANTS))
def test_spec_cases_catch_the_wrong_engine(bug: str) -> None:
    mutant = MUTANTS[bug]()
    ordered = sorted(SPEC_CASES, key=lambda c: c.area != mutant.area)  # its area first
    caught = _first_failure(mutant, ordered)
    assert caught is not None and not caught.startswith("errored"), caught


@pytest.mark.parametrize("bug", sorted(MUTANTS))
def test_generated_cases_of_its_families_catch_the_wrong_engine(bug: str) -> None:
    mutant = MUTANTS[bug]()
    assert mutant.families and all(f in FAMILIES for f in mutant.families)
    caught = _first_failure(mutant, _family_cases(mutant.families))
    assert caught is not None and not caught.startswith("errored"), caught


@pytest.mark.parametrize("bug", sorted(b for b, m in MUTANTS.items() if m.fuzzable))
def test_default_generated_set_catches_the_fuzzable_wrong_engines(bug: str) -> None:
    results = _results(MUTANTS[bug](), GENERATED.cases)
    assert "failed" in results
    assert "errored" not in results


def test_generated_cases_pass_on_the_reference_engine() -> None:
    assert not GENERATED.errors
    assert set(_results(ReferenceAdapter(), GENERATED.cases)) == {"passed"}


@pytest.mark.parametrize("bug", sorted(b for b, m in MUTANTS.items() if m.fuzzable))
def test_fuzz_catches_the_wrong_engine_and_its_case_reproduces(bug: str) -> None:
    result = fuzz(MUTANTS[bug](), seed=0, families=MUTANTS[bug].families,
                  scenarios_budget=1000)
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
    result = fuzz(ReferenceAdapter(), seed=0, scenarios_budget=100)
    assert result.divergence is None and result.examples > 0
