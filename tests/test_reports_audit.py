"""Audits of published engine results: reach on a fixed case set, a seeded decline sample."""

from __future__ import annotations

import subprocess
from pathlib import Path

from conformance.reports.audit import case_ids_at, reach_on, sample_declines
from conformance.results.records import CaseResult


def _results() -> list[CaseResult]:
    out = [CaseResult(case=f"a.b.c{i}", era="modern", result="unsupported", message=f"no {i}")
           for i in range(10)]
    out += [CaseResult(case="a.b.ok", era="modern", result="passed"),
            CaseResult(case="a.b.v.modern", era="modern", result="failed"),
            CaseResult(case="g.x", era="modern", result="unsupported", generated=True),
            CaseResult(case="a.b.old", era="invasion-2000", result="unsupported")]
    return out


def test_reach_counts_modern_spec_results_of_the_chosen_cases() -> None:
    results = _results()
    assert reach_on(results, None) == (2, 12)
    assert reach_on(results, {"a.b.ok", "a.b.c1", "a.b.v"}) == (2, 3)  # a variant by its id


def test_the_sample_is_drawn_from_spec_declines_and_repeats_with_its_seed() -> None:
    results = _results()
    first = sample_declines(results, 4, seed=7)
    assert [r.case for r in first] == [r.case for r in sample_declines(results, 4, seed=7)]
    assert len(first) == 4 and all(r.result == "unsupported" and not r.generated
                                   and r.era == "modern" for r in first)
    assert len(sample_declines(results, 50, seed=1)) == 10


def test_case_ids_are_read_from_a_commit(tmp_path: Path) -> None:
    def git(*args: str) -> None:
        subprocess.run(["git", "-C", str(tmp_path), *args], check=True, capture_output=True)

    git("init", "-q")
    cases = tmp_path / "spec" / "cases" / "casting"
    cases.mkdir(parents=True)
    (cases / "one.toml").write_text('id = "casting.one"\n', encoding="utf-8")
    git("add", "-A")
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "one")
    (cases / "two.toml").write_text('id = "casting.two"\n', encoding="utf-8")
    assert case_ids_at("HEAD", root=tmp_path) == {"casting.one"}
