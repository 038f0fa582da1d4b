"""Tests of the benchmark and mutation-testing helpers (no timings are asserted)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench import ReplayAdapter, percentile  # type: ignore[import-not-found]  # noqa: E402
from mutmut_config import annotation_only, classify  # type: ignore[import-not-found]  # noqa: E402

from conformance import Runner, load_cases  # noqa: E402
from conformance.adapters import resolve_adapter  # noqa: E402
from conformance.running.runner import plan  # noqa: E402
from conformance.spec.catalog import default_spec  # noqa: E402

MODULE = '''from __future__ import annotations

def f(x: int | None = None) -> int:
    y: list[int] = [1]
    return (x or 0) + y[0]
'''


def test_replay_adapter_passes_every_case_of_an_area() -> None:
    """The replay adapter answers what each case expects, so the harness runs every step."""
    spec = default_spec()
    cases = load_cases([ROOT / "spec" / "cases" / "characteristics"], spec).cases
    info = resolve_adapter("reference").info()
    with Runner(ReplayAdapter(cases, info), spec=spec) as runner:
        results = [runner.run_item(i).result for i in plan(cases, info)]
    assert results and set(results) <= {"passed", "unsupported"}
    assert "passed" in results


@pytest.mark.parametrize("mutated", [
    MODULE.replace("int | None = None", "int & None = None"),
    MODULE.replace("-> int:", "-> str:"),
    MODULE.replace("y: list[int]", "y: None"),
])
def test_annotation_only_mutants_are_equivalent(mutated: str) -> None:
    """A mutant that changes only (unevaluated) annotations is recognised as equivalent."""
    assert annotation_only(MODULE, mutated)


@pytest.mark.parametrize("mutated", [
    MODULE.replace("= None)", "= 1)"),
    MODULE.replace("(x or 0)", "(x or 1)"),
    MODULE.replace("= [1]", "= [2]"),
    MODULE.replace("from __future__ import annotations\n", ""),
])
def test_behaviour_changing_mutants_are_not_equivalent(mutated: str) -> None:
    """A change of values, or of annotations that are evaluated, is not equivalent."""
    assert not annotation_only(MODULE, mutated)


def test_annotations_evaluated_without_future_import_are_not_equivalent() -> None:
    """Without PEP 563 annotations run at definition time, so changing them may matter."""
    plain = MODULE.replace("from __future__ import annotations\n", "")
    assert not annotation_only(plain, plain.replace("-> int:", "-> str:"))


@settings(max_examples=50)
@given(st.lists(st.floats(allow_nan=False, allow_infinity=False), min_size=1),
       st.floats(min_value=0, max_value=1))
def test_percentile_is_an_element_between_min_and_max(values: list[float], q: float) -> None:
    """The nearest-rank percentile is one of the values, monotone in ``q``."""
    p = percentile(values, q)
    assert p in values
    assert min(values) <= p <= max(values)
    assert percentile(values, 0) == min(values)
    assert percentile(values, q) <= percentile(values, 1)


ALIASED = '''from __future__ import annotations

from collections.abc import Callable

Hook = Callable[[int], int]
LIMIT = 3


def check(n: int) -> None:
    if n > LIMIT:
        raise ValueError(f"n={n} is above {LIMIT}")
'''


@pytest.mark.parametrize(("mutated", "why"), [
    (ALIASED.replace("Hook = Callable[[int], int]", "Hook = None"),
     "type alias used only in annotations"),
    (ALIASED.replace('f"n={n} is above {LIMIT}"', 'f"XXn={n} is above {LIMIT}XX"'),
     "error message text"),
    (ALIASED.replace("LIMIT = 3", "LIMIT = 4"), None),
    (ALIASED.replace("if n > LIMIT", "if n >= LIMIT"), None),
    (ALIASED.replace("raise ValueError", "raise KeyError"), None),
])
def test_classify_names_only_mechanical_equivalences(tmp_path: Path, mutated: str,
                                                     why: str | None) -> None:
    """Dead aliases and exception texts are equivalent; values, comparisons and exception
    types are not (a constant that the code reads is not an alias)."""
    (tmp_path / "mod.py").write_text(ALIASED)
    assert classify(ALIASED, mutated, tmp_path) == why
