"""Engine releases: the supported range checked at start, a baseline of another version warned
about, a strict baseline failing on stale entries, and the history page across releases."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from conformance.adapter import AdapterInfo
from conformance.adapters._versions import SupportedReleases, release
from conformance.cli import main
from conformance.commands import _baseline
from conformance.errors import AdapterError
from conformance.reports.history import Release, changes, render_html, render_markdown
from conformance.results.baseline import Baseline, BaselineEntry
from conformance.results.records import CaseResult
from conformance.running.options import RunOptions

CASE = "spec/cases/characteristics/split-single-card.toml"
RANGE = SupportedReleases("phase-python", "0.77.0", "0.104.0", "MTGCONF_TEST_ANY",
                          tested=("0.77.0", "0.103.0"))


def test_release_numbers_compare_as_numbers() -> None:
    assert release("0.103.0") == (0, 103, 0)
    assert release("0.83.0rc1") == (0, 83, 0)
    assert release("1.2") == (1, 2)
    assert release("0.9.0") < release("0.77.0") < release("0.103.0")


@pytest.mark.parametrize("version", ["0.77.0", "0.83.0", "0.103.0", "0.103.7"])
def test_a_supported_release_passes(version: str) -> None:
    assert RANGE.problem(version) is None
    RANGE.check(version)


@pytest.mark.parametrize("version", ["0.76.9", "0.9.0", "0.104.0", "1.0.0"])
def test_an_unsupported_release_is_refused_naming_it_and_the_range(
        version: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("MTGCONF_TEST_ANY", raising=False)
    with pytest.raises(AdapterError) as err:
        RANGE.check(version)
    assert f"phase-python {version}" in str(err.value)
    assert ">=0.77.0, <0.104.0" in str(err.value) and "MTGCONF_TEST_ANY=1" in str(err.value)
    monkeypatch.setenv("MTGCONF_TEST_ANY", "1")
    RANGE.check(version)  # only a warning now
    assert f"warning: phase-python {version} is outside" in capsys.readouterr().err


def test_the_real_adapters_state_their_range() -> None:
    from conformance.adapters.phase_rs import SUPPORTED as PHASE
    from conformance.adapters.python_mtg import SUPPORTED as MTG

    assert PHASE.package == "phase-python" and PHASE.problem("0.103.0") is None
    assert {"0.77.0", "0.83.0", "0.103.0"} <= set(PHASE.tested)
    assert all(PHASE.problem(v) is None for v in PHASE.tested)
    assert MTG.package == "python-mtg" and MTG.problem("0.1.1") is None
    docs = (Path(__file__).resolve().parents[1] / "docs" / "engines" / "phase-rs.notes.md")
    assert str(PHASE) in docs.read_text(encoding="utf-8")


def _console() -> tuple[Console, list[str]]:
    console = Console(width=400, record=True)
    return console, []


def test_a_baseline_of_another_version_warns_naming_both() -> None:
    console = Console(width=400, record=True)
    baseline = Baseline(entries=(), adapter="phase-rs", version="0.103.0",
                        file="baselines/phase-rs.toml")
    _baseline.version_warning(console, baseline,
                              AdapterInfo("phase-rs", "0.77.0", ("modern",), frozenset()))
    text = console.export_text()
    assert "recorded for phase-rs 0.103.0" in text and "this run is phase-rs 0.77.0" in text
    console = Console(width=400, record=True)
    _baseline.version_warning(console, baseline,
                              AdapterInfo("phase-rs", "0.103.0", ("modern",), frozenset()))
    assert console.export_text() == ""


def test_a_run_warns_when_its_baseline_names_another_version(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "b.json"
    path.write_text(json.dumps({"adapter": "reference", "version": "0.0.1-old", "known": []}))
    assert main(["run", "-q", CASE, "--baseline", str(path)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "was recorded for reference 0.0.1-old" in out


def _args(**kw: Any) -> RunOptions:
    return RunOptions(**{"strict_baseline": True, **kw})


def test_strict_baseline_fails_a_whole_run_on_an_entry_that_explains_no_failure() -> None:
    info = AdapterInfo("phase-rs", "0.103.0", ("modern",), frozenset())
    baseline = Baseline(entries=(BaselineEntry("a", "bug"), BaselineEntry("b", "bug")),
                        file="b.toml")
    results = [CaseResult("a", "modern", "known-failure"),
               CaseResult("b", "modern", "unsupported")]
    console = Console(width=400, record=True)
    assert not _baseline.finish(_args(), console, results, info, baseline)
    assert "STALE b" in console.export_text()
    # not strict, or only part of the suite run: no failure
    assert _baseline.finish(_args(strict_baseline=False), Console(record=True), results, info,
                            baseline)
    assert _baseline.finish(_args(paths=(Path("spec/cases/x"),)), Console(record=True), results,
                            info, baseline)
    results[1] = CaseResult("b", "modern", "known-failure")
    assert _baseline.finish(_args(), Console(record=True), results, info, baseline)
    # a glob (a generated family's pattern) is not stale when the fixed seed draws no failure
    globbed = Baseline(entries=(BaselineEntry("a", "bug"), BaselineEntry("gen.x.*", "bug")))
    assert _baseline.finish(_args(), Console(record=True), results[:1], info, globbed)


def _r(case: str, kind: str, step: int | None = None, observed: object = None,
       file: str | None = None) -> CaseResult:
    return CaseResult(case, "modern", kind, adapter="phase-rs", adapter_version="x", step=step,
                      observed=observed, file=file or f"spec/cases/a/{case}.toml",
                      message=f"{case} {kind}")


def test_changes_between_releases_are_fixed_regressed_or_changed() -> None:
    old = [_r("fix", "failed", 1), _r("reg", "passed"), _r("same", "failed", 2, 1),
           _r("moved", "failed", 2), _r("reach", "unsupported"), _r("gone", "passed"),
           _r("err", "errored")]
    new = [_r("fix", "passed"), _r("reg", "failed", 3), _r("same", "failed", 2, 1),
           _r("moved", "failed", 4), _r("reach", "passed"), _r("err", "passed"),
           _r("new", "passed")]
    found = {c.case: (c.kind, c.before, c.after) for c in changes(old, new)}
    assert found == {
        "fix": ("fixed", "failed at step 1", "passed"),
        "err": ("fixed", "errored", "passed"),
        "reg": ("regressed", "passed", "failed at step 3"),
        "moved": ("changed", "failed at step 2", "failed at step 4"),
        "reach": ("changed", "unsupported", "passed"),
        "gone": ("changed", "passed", "absent"),
        "new": ("changed", "absent", "passed"),
    }


def test_the_history_page_shows_each_release_and_links_each_case() -> None:
    releases = [Release("0.77.0", [_r("fix", "failed", 1), _r("g", "unsupported",
                                                               file="<generated:x>")]),
                Release("0.103.0", [_r("fix", "passed"), _r("g", "failed", 0,
                                                              file="<generated:x>")])]
    md = render_markdown("phase-rs", releases, link_base="../../")
    assert "## 0.77.0 → 0.103.0" in md
    assert "[`fix`](../../spec/cases/a/fix.toml)" in md
    assert "| `g` | modern | unsupported | failed at step 0 |" in md
    assert "### Fixed (1)" in md and "### Regressed (0)" in md and "### Changed (1)" in md
    assert "| 0.77.0 | x | 50.0% (1/2) |" in md
    page = render_html("phase-rs", releases, link_base="../../")
    assert '<a href="../../spec/cases/a/fix.toml"><code>fix</code></a>' in page
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")


def test_the_published_history_covers_three_phase_releases() -> None:
    root = Path(__file__).resolve().parents[1] / "docs" / "engines"
    md = (root / "phase-rs-history.md").read_text(encoding="utf-8")
    assert (root / "phase-rs-history.html").is_file()
    for name in ("0.77.0", "0.83.0", "0.103.0"):
        assert f"| {name} | {name} |" in md  # the adapter saw the release it was asked for
    assert "## 0.77.0 → 0.83.0" in md and "## 0.83.0 → 0.103.0" in md
