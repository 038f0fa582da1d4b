"""Census of the spec cases: fails when the collected suite shrinks unexpectedly.

The floors sit about 10% under the counts of 2026-11-29 15:45 UTC (casting 90, characteristics 50,
combat 115, mana 44, objects 69 case files; 368 in all; 105 of the 106 rulings cited). Deleting
or merging cases on purpose is fine: lower the floor in the same change and say why. A case file
that stops loading (schema error) also counts as a drop.
"""

from __future__ import annotations

from collections import Counter

import pytest

from conformance import load_cases
from conformance.spec.catalog import default_spec
from conformance.spec.loader import LoadResult

#: Minimum number of case files per rules area.
AREA_FLOORS = {"casting": 81, "characteristics": 45, "combat": 103, "mana": 40, "objects": 62}

#: Minimum number of case files in all.
TOTAL_FLOOR = 331

#: Minimum number of distinct rulings (spec/rulings.toml) cited by at least one case.
RULINGS_FLOOR = 100


@pytest.fixture(scope="module")
def loaded() -> LoadResult:
    """Every spec case, loaded as ``mtgconf run`` and the pytest plugin collect them."""
    return load_cases(None, default_spec())


def test_every_case_file_loads(loaded: LoadResult) -> None:
    """A file that fails to load is not collected, so the census would undercount it."""
    assert loaded.errors == []


@pytest.mark.parametrize("area", sorted(AREA_FLOORS))
def test_cases_per_area_at_least_floor(loaded: LoadResult, area: str) -> None:
    """Each rules area keeps at least its floor of case files."""
    count = Counter(case.area for case in loaded.cases)[area]
    assert count >= AREA_FLOORS[area], (
        f"{area}: {count} cases, floor {AREA_FLOORS[area]}; if cases were removed on purpose, "
        "lower the floor in tests/test_census.py")


def test_total_cases_at_least_floor(loaded: LoadResult) -> None:
    """The whole suite keeps at least its floor of case files."""
    assert len(loaded.cases) >= TOTAL_FLOOR


def test_rulings_cited_at_least_floor(loaded: LoadResult) -> None:
    """Cases keep citing at least the floor of distinct rulings."""
    cited = {ruling for case in loaded.cases for ruling in case.rulings}
    assert len(cited) >= RULINGS_FLOOR

