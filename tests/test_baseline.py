"""Baselines: known failures become ``known-failure``, passing listed cases ``fixed``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conformance.cli import main
from conformance.errors import SpecError
from conformance.reports.jsonl import read_report
from conformance.results.baseline import (
    Baseline,
    BaselineEntry,
    baseline_from_results,
    load_baseline,
    write_baseline,
)
from conformance.results.records import CaseResult

CASE = "spec/cases/characteristics/split-single-card.toml"


def _result(case: str, kind: str, era: str = "modern") -> CaseResult:
    return CaseResult(case=case, era=era, result=kind, message=f"{case} {kind}")


def test_a_listed_failure_is_known_and_a_listed_pass_is_fixed() -> None:
    baseline = Baseline(entries=(BaselineEntry(case="gen.dfc-*", reason="engine bug",
                                               link="docs/x.md#a"),
                                 BaselineEntry(case="gen.split.s1.i2", reason="r")))
    known = baseline.apply(_result("gen.dfc-mana-value.s1.i3", "failed"))
    fixed = baseline.apply(_result("gen.split.s1.i2", "passed"))
    other = baseline.apply(_result("characteristics.x", "failed"))
    assert (known.result, known.baseline_reason) == ("known-failure",
                                                     "engine bug (docs/x.md#a)")
    assert fixed.result == "fixed" and "remove the entry 'gen.split.s1.i2'" in fixed.message
    assert other.result == "failed"


def test_a_glob_lists_a_pattern_so_a_passing_match_is_not_fixed() -> None:
    baseline = Baseline(entries=(BaselineEntry(case="gen.dfc-*", reason="some parameters"),))
    assert baseline.apply(_result("gen.dfc-faces.s1.i9", "passed")).result == "passed"


def test_an_entry_for_one_era_leaves_the_other_era_alone() -> None:
    baseline = Baseline(entries=(BaselineEntry(case="c", era="modern", reason="r"),))
    assert baseline.apply(_result("c", "failed", "invasion-2000")).result == "failed"
    assert baseline.apply(_result("c", "failed", "modern")).result == "known-failure"


def test_errored_and_unsupported_results_are_never_hidden() -> None:
    baseline = Baseline(entries=(BaselineEntry(case="*", reason="r"),))
    assert baseline.apply(_result("c", "errored")).result == "errored"
    assert baseline.apply(_result("c", "unsupported")).result == "unsupported"


def test_an_entry_that_explains_no_failure_is_stale() -> None:
    first = BaselineEntry(case="gen.a.*", reason="a")
    shadowed = BaselineEntry(case="gen.a.s1.i1", reason="shadowed by the glob")
    passing = BaselineEntry(case="b", reason="now passes")
    declined = BaselineEntry(case="c", reason="now unsupported")
    baseline = Baseline(entries=(first, shadowed, passing, declined))
    results = [_result("gen.a.s1.i1", "failed"), _result("b", "passed"),
               _result("c", "unsupported")]
    assert baseline.stale(results) == [shadowed, passing, declined]
    applied = [baseline.apply(r) for r in results]
    assert baseline.stale(applied) == [shadowed, passing, declined]
    assert baseline.unused(results) == []  # each covers a result; only stale() tells


@pytest.mark.parametrize("suffix", [".toml", ".json"])
def test_write_then_load_is_the_identity(tmp_path: Path, suffix: str) -> None:
    results = [_result("a", "failed"), _result("b", "passed"), _result("c", "known-failure")]
    previous = Baseline(entries=(BaselineEntry(case="c", reason="analysed", kind="engine-bug"),))
    written = baseline_from_results(results, adapter="x", version="1", previous=previous)
    path = tmp_path / f"base{suffix}"
    write_baseline(written, path)
    loaded = load_baseline(path)
    assert loaded.entries == written.entries
    assert [e.case for e in loaded.entries] == ["a", "c"]
    assert loaded.entries[1].reason == "analysed"
    assert (loaded.adapter, loaded.version) == ("x", "1")


def test_a_bad_baseline_names_the_file_and_the_entry(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('[[known]]\ncase = "a"\nreason = ""\n')
    with pytest.raises(SpecError) as info:
        load_baseline(path)
    assert str(info.value) == (f"{path}:3, at known[0].reason: [baseline] 'reason' is required "
                               "and must be a non-empty string")
    path.write_text('[[known]]\ncase = "a"\nreason = "r"\nkind = "bug"\n')
    with pytest.raises(SpecError, match="kind 'bug' is not one of engine-bug"):
        load_baseline(path)


def test_run_strict_baseline_fails_on_a_fixed_case(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "b.json"
    path.write_text(json.dumps({"known": [{"case": "characteristics.split.is-one-card",
                                           "reason": "x"}]}))
    report = tmp_path / "r.jsonl"
    assert main(["run", "-q", CASE, "--baseline", str(path), "--report", str(report)]) == 0
    assert main(["run", "-q", CASE, "--baseline", str(path), "--strict-baseline"]) == 1
    out = capsys.readouterr().out
    assert "FIXED characteristics.split" in out
    kinds = {r.result for r in read_report(report)}
    assert kinds == {"fixed"}


def test_run_writes_a_baseline(tmp_path: Path) -> None:
    path = tmp_path / "out" / "b.toml"
    assert main(["run", "-q", CASE, "--write-baseline", str(path)]) == 0
    assert load_baseline(path).entries == ()
