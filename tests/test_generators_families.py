"""The reference engine's CI: for every family, the reference engine agrees with the oracle.

Each family's builder writes the oracle's answers as ``expect`` values; a case built from any
drawn parameters must pass on the reference engine. ``HYPOTHESIS_PROFILE=nightly`` runs
thousands of examples per family.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conformance.adapters.reference import ReferenceAdapter
from conformance.authoring.lint import default_cr_index, lint_case_data
from conformance.running.runner import Runner, WorkItem
from conformance.spec.catalog import default_spec
from conformance.spec.loader import case_from_data
from conformance.spec.tomlio import loads
from generators import families as _families  # noqa: F401 - registers the families
from generators.emit import case_text
from generators.family import (
    FAMILIES,
    Family,
    FamilyError,
    build_case,
    draw_case,
    find_family,
)

SPEC = default_spec()
RUNNER = Runner(ReferenceAdapter(), spec=SPEC)
CR_INDEX = default_cr_index(SPEC)


def _run(data: dict[str, Any], era: str) -> str:
    case = case_from_data(data, SPEC)
    result = RUNNER.run_item(WorkItem(case, era))
    assert result.result == "passed", (result.message, result.detail, case_text(data))
    return result.result


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_reference_engine_agrees_with_oracle(name: str) -> None:
    fam = FAMILIES[name]

    @given(params=fam.strategy(), era=st.sampled_from(fam.eras))
    def check(params: Any, era: str) -> None:
        data = build_case(fam, params, era, seed=0, index=0)
        for e in data["eras"]:
            _run(data, e)

    check()


def test_there_are_at_least_twenty_families_over_every_area() -> None:
    assert len(FAMILIES) >= 18
    areas = {f.area for f in FAMILIES.values()}
    assert {"characteristics", "objects", "combat", "casting"} <= areas


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_family_metadata_refers_to_the_spec(name: str) -> None:
    fam = FAMILIES[name]
    assert fam.rulings and all(r in SPEC.rulings for r in fam.rulings)
    assert all(e in SPEC.eras for e in fam.eras)
    assert all(f in SPEC.features for f in fam.features)
    assert fam.area == SPEC.rulings[fam.rulings[0]].area
    assert fam.build.__doc__


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_family_cases_pass_the_linter(name: str) -> None:
    data = draw_case(FAMILIES[name], seed=0, index=0)
    text = case_text(data)
    findings = lint_case_data(loads(text), text, display="<gen>", index=CR_INDEX)
    assert not findings, [str(f) for f in findings]


def test_unknown_family_names_the_known_ones() -> None:
    with pytest.raises(FamilyError, match=r"unknown family 'nope'; known: .*cost-colors"):
        find_family("nope")


def test_family_rejects_an_era_it_does_not_hold_in() -> None:
    fam: Family = FAMILIES["split-mana-value-combined"]
    with pytest.raises(FamilyError, match="does not hold in era 'invasion-2000'"):
        build_case(fam, {}, "invasion-2000", seed=0, index=0)
