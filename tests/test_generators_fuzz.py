"""Differential runs: the fuzz target as an ordinary Hypothesis test (HypoFuzz can run it), and
the ``mtgconf fuzz`` command end to end.

``MTGCONF_FUZZ_ADAPTER`` names the adapter the target compares with the reference engine
(default: the reference engine itself, which checks that two fresh games always agree).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given

from conformance.adapters import resolve_adapter
from conformance.cli import main
from conformance.differential.fuzz import Divergence, Scenario, fuzz_target, scenarios
from conformance.differential.mutants import SplitOneHalf

TARGET = fuzz_target(resolve_adapter(os.environ.get("MTGCONF_FUZZ_ADAPTER", "reference")))


@given(scenarios(TARGET.families))  # type: ignore[attr-defined]
def test_adapter_agrees_with_the_reference_engine(scenario: Scenario) -> None:
    TARGET(scenario)


def test_the_target_raises_a_divergence_for_a_wrong_engine() -> None:
    target = fuzz_target(SplitOneHalf(), families=["split-mana-value-combined"])
    card = {"name": "A // B", "layout": "split", "faces": [
        {"name": "A", "mana_cost": "{R}", "types": ["Instant"]},
        {"name": "B", "mana_cost": "{2}{G}", "types": ["Instant"]}]}
    with pytest.raises(Divergence, match="reference 4, adapter 1"):
        target(Scenario("split-mana-value-combined", "modern",
                        {"card": card, "zone": "hand"}, ()))


def test_fuzz_command_writes_cases_that_reproduce(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    mutant = "conformance.differential.mutants:SplitOneHalf"
    assert main(["fuzz", "--adapter", mutant, "--scenarios", "200", "--seed", "1",
                 "--family", "split-mana-value-combined", "--family", "split-colors",
                 "--out", str(tmp_path)]) == 1
    written = sorted(tmp_path.glob("*.toml"))
    assert written
    for case in written:
        assert main(["run", "-q", "--no-progress", "--adapter", mutant, str(case)]) == 1
        assert main(["run", "-q", "--no-progress", str(case)]) == 0


def test_fuzz_command_reports_no_divergence(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fuzz", "--adapter", "reference", "--scenarios", "20", "--out",
                 str(tmp_path)]) == 0
    assert "no divergence found" in capsys.readouterr().out
    assert not list(tmp_path.glob("*.toml"))
