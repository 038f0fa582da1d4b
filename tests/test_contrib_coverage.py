"""Coverage: rulings and CR numbers → cases, with honest buckets per era."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from conformance.authoring.coverage import BUCKETS, bucket_of, compute_coverage
from conformance.cli import main
from conformance.reports.jsonl import JsonlWriter
from conformance.results.records import CaseResult
from conformance.spec.catalog import default_spec
from conformance.spec.model import Case, Step

#: An action step: a case with one reaches the rules it cites (conformance.authoring.reach).
PASS = Step(index=0, kind="action", body={"type": "pass_priority", "player": "alice"})


def case(cid: str, rulings: tuple[str, ...], eras: tuple[str, ...],
         rules: tuple[str, ...] = ("709.4",)) -> Case:
    return Case(id=cid, title=cid, rulings=rulings, rules=rules, eras=eras, features=(),
                setup={}, steps=(PASS,))


def result(cid: str, era: str, kind: str) -> CaseResult:
    return CaseResult(case=cid, era=era, result=kind)


def test_bucket_of() -> None:
    assert bucket_of([], 0) == "no-case"
    assert bucket_of([], 1) == "not-run"
    assert bucket_of([result("a", "modern", "passed")], 1) == "passing"
    assert bucket_of([result("a", "modern", "passed"), result("b", "modern", "unsupported")],
                     2) == "not-run"
    assert bucket_of([result("a", "modern", "unsupported"), result("b", "modern", "errored")],
                     2) == "failing"
    assert bucket_of([result("a", "modern", "known-failure")], 1) == "failing"


def test_buckets_per_era_stay_apart() -> None:
    spec = default_spec()
    cases = [
        case("a", ("SPLIT-M02",), ("modern",), ("709.4", "709.4b")),
        case("b", ("MULTI-01",), ("invasion-2000", "modern"), ("105.2",)),
        case("c", ("MULTI-02",), ("invasion-2000",), ("709.4b",)),
    ]
    results = [
        result("a", "modern", "passed"),
        result("b", "invasion-2000", "passed"), result("b", "modern", "failed"),
        result("c", "invasion-2000", "unsupported"),
    ]
    cov = compute_coverage(spec, cases, results)
    r = cov["rulings"]
    assert r["SPLIT-M02"]["bucket"] == "passing"
    assert (r["SPLIT-M02"]["cases"], r["SPLIT-M02"]["passing"]) == (1, 1)
    assert r["MULTI-01"]["bucket"] == "failing"
    assert r["MULTI-01"]["eras"]["invasion-2000"]["bucket"] == "passing"
    assert r["MULTI-01"]["eras"]["modern"]["bucket"] == "failing"
    assert (r["MULTI-01"]["cases"], r["MULTI-01"]["passing"]) == (1, 0)
    assert r["MULTI-02"]["bucket"] == "not-run"
    assert r["KICK-01"]["bucket"] == "no-case" and r["KICK-01"]["cases"] == 0
    assert r["DOM-04"]["bucket"] == "not-testable" and r["DOM-04"]["reason"]
    assert set(r) == set(spec.rulings)
    assert all({"cases", "passing"} <= set(e) for e in r.values())
    s = cov["summary"]
    assert sum(s[b] for b in BUCKETS) == len(spec.rulings)
    assert cov["eras"]["modern"]["failing"] >= 1
    rules = cov["rules"]
    assert rules["709.4b"]["case_ids"] == ["a", "c"]
    assert rules["709.4b"]["bucket"] == "testable-not-run"
    assert rules["709.4b"]["eras"]["modern"]["bucket"] == "passing"
    assert rules["105.2"]["bucket"] == "testable-failing"
    assert "SPLIT-M02" in rules["709.4"]["rulings"]
    uncited = [n for n, e in rules.items() if not e["cases"]]
    assert uncited and all(rules[n]["bucket"] in ("testable-no-case", rules[n]["kind"])
                           for n in uncited)


def test_missing_eras_are_listed() -> None:
    base = default_spec()
    both = replace(base.rulings["SPLIT-M02"], eras=("invasion-2000", "modern"))
    spec = replace(base, rulings={**base.rulings, both.id: both})
    cov = compute_coverage(spec, [case("x", (both.id,), (both.eras[0],))],
                           [result("x", both.eras[0], "passed")])
    entry = cov["rulings"][both.id]
    assert entry["bucket"] == "passing" and entry["missing_eras"] == [both.eras[1]]


def test_coverage_command_reads_a_report(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    report = tmp_path / "r.jsonl"
    with JsonlWriter(report) as w:
        w.write(result("characteristics.split.combined.modern", "modern", "failed"))
    assert main(["coverage", "--report", str(report), "--json"]) == 0
    cov = json.loads(capsys.readouterr().out)
    assert cov["rulings"]["SPLIT-M02"]["bucket"] == "failing"
    assert cov["rulings"]["SPLIT-M02"]["cases"] >= 1
    assert main(["coverage", "--report", str(report)]) == 0
    out = capsys.readouterr().out
    assert "judged by report" in out and "Rulings by era" in out
    assert "DOM-04: not testable:" in out
