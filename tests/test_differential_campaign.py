"""Differential campaigns (``mtgconf fuzz``, ``conformance/differential/campaign.py``): every
playable family in one run, past the first divergence, deduplicated by family and diverging
step, classified against a baseline, spread over processes, with a report in Markdown and JSON.

The deliberately wrong engine ``SplitOneHalf`` (a split card's mana value is its first half's)
diverges in every family with split cards and in no other, which is what these tests lean on.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conformance.adapters.reference import ReferenceAdapter
from conformance.cli import main
from conformance.differential.campaign import (
    CampaignReport,
    FamilyReport,
    Finding,
    fuzz_family,
    markdown,
    playable_families,
    run_campaign,
)
from conformance.differential.mutants import SplitOneHalf
from conformance.results.baseline import load_baseline

MUTANT = "conformance.differential.mutants:SplitOneHalf"
SPLIT = ["split-colors", "split-mana-value-combined"]


def test_a_family_search_goes_on_past_its_first_divergence() -> None:
    report = fuzz_family(SplitOneHalf(), "split-mana-value-combined", seconds=2, seed=3,
                         scenarios_budget=150)
    assert report.scenarios > 0
    # one distinct bug, met at least once more than it was shrunk
    assert [f.key for f in report.findings] == ["observe:mana_value"]
    assert report.divergences == report.findings[0].count >= 1
    assert report.findings[0].case["id"].startswith("fuzz.split-mana-value-combined.")


def test_a_scenario_budget_is_the_same_search_whatever_the_clock() -> None:
    ticks = iter(range(0, 10**9, 1000))  # a clock that jumps 1000 s at every look: a busy machine
    slow = fuzz_family(SplitOneHalf(), "split-mana-value-combined", seconds=1, seed=3,
                       scenarios_budget=40, clock=lambda: float(next(ticks)))
    fast = fuzz_family(SplitOneHalf(), "split-mana-value-combined", seconds=1, seed=3,
                       scenarios_budget=40)
    assert slow.scenarios >= 40 and fast.scenarios >= 40
    keys = ["observe:mana_value"]
    assert [f.key for f in slow.findings] == [f.key for f in fast.findings] == keys


def test_a_right_engine_has_no_findings() -> None:
    report = fuzz_family(ReferenceAdapter(), "split-colors", seconds=1, scenarios_budget=30)
    assert report.findings == [] and report.divergences == 0 and report.scenarios > 0


def test_every_playable_family_is_the_default() -> None:
    families = playable_families(SplitOneHalf(), ReferenceAdapter())
    assert set(SPLIT) <= set(families) and len(families) > 10
    with pytest.raises(KeyError, match="unknown family 'nope'"):
        playable_families(SplitOneHalf(), ReferenceAdapter(), ["nope"])


def test_findings_are_classified_by_the_baseline(tmp_path: Path) -> None:
    baseline = tmp_path / "known.toml"
    baseline.write_text('adapter = "x"\n[[known]]\ncase = "gen.split-colors.*"\n'
                        'reason = "split colors: a known bug"\nlink = "docs/x.md#a"\n',
                        encoding="utf-8")
    report = run_campaign(MUTANT, SPLIT, seconds=3, seed=1, adapter=SplitOneHalf(),
                          per_family=150,
                          baseline=load_baseline(baseline))
    by_family = {f.family: f for f in report.findings}
    assert set(by_family) == set(SPLIT)
    assert by_family["split-colors"].known == "split colors: a known bug"
    assert by_family["split-mana-value-combined"].known == ""
    assert report.new == [by_family["split-mana-value-combined"]]


def test_two_processes_play_every_family(tmp_path: Path) -> None:
    report = run_campaign(MUTANT, [*SPLIT, "token-names"], seconds=4, seed=1, jobs=2,
                          per_family=150)
    assert report.jobs == 2
    assert [f.family for f in report.families] == sorted([*SPLIT, "token-names"])
    assert all(not f.error for f in report.families), [f.error for f in report.families]
    assert {f.family for f in report.findings} == set(SPLIT)


def test_the_markdown_report_has_a_row_per_family_and_each_finding() -> None:
    finding = Finding("split-colors", "observe:mana_value", "reference 5 | adapter 1",
                      {"id": "fuzz.split-colors.s1.abc", "eras": ["modern"]}, count=7,
                      known="a known bug", link="docs/x.md#a")
    report = CampaignReport("mutant", 1, 10.0, 1, [
        FamilyReport("split-colors", scenarios=20, seconds=2.0, divergences=7,
                     findings=[finding]),
        FamilyReport("token-names", scenarios=30, seconds=2.0)], seconds=4.0)
    text = markdown(report)
    assert "| split-colors | 20 | 7 | 1 | 0 | 1 |  |" in text
    assert "| token-names | 30 | 0 | 0 | 0 | 0 |  |" in text
    assert "50 scenarios (12.5 per second per process)" in text
    assert "met 7 time(s): known: a known bug" in text
    assert "reference 5 \\| adapter 1" in text  # table-safe
    data = report.to_json()
    assert (data["distinct"], data["new"], data["known"], data["divergences"]) == (1, 0, 1, 7)


def test_the_command_writes_cases_and_reports(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "found"
    args = ["fuzz", "--adapter", MUTANT, "--scenarios", "150", "--seed", "2", "--out", str(out)]
    assert main([*args, *(a for f in SPLIT for a in ("--family", f))]) == 1
    data = json.loads((out / "campaign.json").read_text(encoding="utf-8"))
    assert [f["family"] for f in data["families"]] == SPLIT
    assert data["new"] == data["distinct"] == len(list(out.glob("fuzz.*.toml"))) == 2
    assert "# Differential campaign" in (out / "campaign.md").read_text(encoding="utf-8")
    assert "new divergence: split-colors observe:mana_value" in capsys.readouterr().out


@pytest.mark.parametrize(("extra", "message"), [
    (["--family", "nope"], "unknown family 'nope'"),
    (["--seconds", "nan"], "must be a positive number of seconds"),
    (["--seconds=-1"], "must be a positive number of seconds"),
    (["--jobs", "0"], "must be between 1 and"),
])
def test_bad_options_are_usage_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                      extra: list[str], message: str) -> None:
    try:
        code = main(["fuzz", "--adapter", "reference", "--out", str(tmp_path), *extra])
    except SystemExit as exc:  # argparse refuses the option itself
        code = int(exc.code or 0)
    assert code == 2
    assert message in capsys.readouterr().err


def test_an_out_path_that_is_a_file_is_refused(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "file"
    target.write_text("x", encoding="utf-8")
    try:
        code = main(["fuzz", "--adapter", "reference", "--seconds", "1", "--out", str(target)])
    except SystemExit as exc:  # the option layer refuses it while parsing
        code = int(exc.code or 0)
    assert code == 2
    assert "is a file, not a directory" in capsys.readouterr().err


def test_several_baselines_classify_together(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    first, second = tmp_path / "a.toml", tmp_path / "b.toml"
    first.write_text('adapter = "x"\n[[known]]\ncase = "gen.split-colors.*"\n'
                     'reason = "colors"\n', encoding="utf-8")
    second.write_text('adapter = "x"\n[[known]]\n'
                      'case = "fuzz.split-mana-value-combined.observe-mana_value"\n'
                      'reason = "mana value"\n', encoding="utf-8")
    out = tmp_path / "found"
    code = main(["fuzz", "--adapter", MUTANT, "--scenarios", "150", "--seed", "2", "--out",
                 str(out),
                 "--baseline", str(first), "--baseline", str(second),
                 *(a for f in SPLIT for a in ("--family", f))])
    assert code == 0  # both divergences known: nothing new
    data = json.loads((out / "campaign.json").read_text(encoding="utf-8"))
    assert (data["distinct"], data["known"], data["new"]) == (2, 2, 0)
