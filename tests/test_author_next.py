"""What to build next (issue 35): every missing feature, era, query and action ranked by the
results it alone would unlock, in the run summary, the Markdown and HTML reports and
``mtgconf features``."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conformance.adapter import AdapterInfo
from conformance.cli import main
from conformance.reports.html import write_html
from conformance.reports.jsonl import read_report
from conformance.reports.markdown import render_markdown
from conformance.results.blockers import blockers, case_blockers, rank, unsupported_reason
from conformance.results.records import CaseResult
from conformance.running.runner import plan
from conformance.spec.catalog import default_spec
from conformance.spec.loader import load_cases

ROOT = Path(__file__).resolve().parent.parent
TINY = f"cmd:{sys.executable} {ROOT / 'examples' / 'tiny_engine.py'}"
COMBAT = ROOT / "spec" / "cases" / "combat"


def _info(features: set[str], eras: tuple[str, ...] = ("modern",), **more: object
          ) -> AdapterInfo:
    return AdapterInfo(name="e", version="1", eras=eras, features=frozenset(features),
                       **more)  # type: ignore[arg-type]


@given(st.lists(st.lists(st.sampled_from(["feature:a", "feature:b", "era:x", "query:q"]),
                         min_size=1, max_size=3), max_size=30))
def test_rank_counts_alone_and_among(groups: list[list[str]]) -> None:
    ranking = rank(groups)
    for u in ranking:
        assert u.alone == sum(1 for g in groups if set(g) == {u.blocker})
        assert u.blocks == sum(1 for g in groups if u.blocker in g)
    assert {u.blocker for u in ranking} == {b for g in groups for b in g}
    keys = [(-u.alone, -u.blocks) for u in ranking]
    assert keys == sorted(keys)


def test_a_planned_result_carries_every_blocker() -> None:
    spec = default_spec()
    cases = load_cases([COMBAT], spec).cases
    info = _info({"combat"})
    for item in plan(cases, info):
        expected = ([f"era:{item.era}"] if item.era != "modern" else []) + [
            f"feature:{f}" for f in sorted(set(item.case.features) - {"combat"})]
        assert list(item.missing) == expected
        assert (item.verdict == "unsupported") == bool(expected)


def test_declared_queries_and_actions_block_what_they_leave_out() -> None:
    spec = default_spec()
    case = next(c for c in load_cases([COMBAT], spec).cases if "modern" in c.eras)
    queries = {str(s.body["query"]) for s in case.steps if s.kind == "observe"}
    actions = {str(s.body["type"]) for s in case.steps if s.kind == "action"}
    info = _info(set(case.features), queries=frozenset(sorted(queries)[1:]),
                 actions=frozenset())
    assert case_blockers(case, "modern", info) == (
        f"query:{sorted(queries)[0]}", *(f"action:{a}" for a in sorted(actions)))
    assert case_blockers(case, "modern", _info(set(case.features))) == ()


def test_blockers_of_an_old_report_are_read_from_its_message() -> None:
    def r(message: str) -> CaseResult:
        return CaseResult(case="c", era="modern", result="unsupported", message=message,
                          adapter="tiny")

    assert blockers(r("tiny lacks feature(s): combat, damage")) == ("feature:combat",
                                                                   "feature:damage")
    assert blockers(r("tiny does not implement era 'invasion-2000'")) == (
        "era:invasion-2000",)
    assert blockers(r("step 3 (observe matches of ab): no")) == ("query:matches",)
    assert blockers(r("step 1 (cast ab): no")) == ("action:cast",)
    assert blockers(r("setup: no")) == ("setup",)
    assert unsupported_reason(r("step 3 (observe matches of ab): no")) == "query matches: no"


@pytest.fixture(scope="module")
def tiny_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    out = tmp_path_factory.mktemp("tiny") / "tiny.jsonl"
    import contextlib
    import io

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        main(["run", "-q", "--adapter", TINY, "--report", str(out),
              str(ROOT / "spec" / "cases" / "characteristics"), str(COMBAT)])
    return out, buf.getvalue()


def test_the_summary_ranks_what_to_build_next(tiny_run: tuple[Path, str]) -> None:
    _report, out = tiny_run
    spec = default_spec()
    features = _tiny_features()
    cases = load_cases([ROOT / "spec" / "cases" / "characteristics", COMBAT], spec).cases
    alone = sum(1 for c in cases for e in c.eras if e == "modern"
                and set(c.features) - features == {"combat"})
    among = sum(1 for c in cases for e in c.eras if "combat" in c.features)
    assert alone > 0
    line = next(ln for ln in out.splitlines() if "lacks feature combat" in ln)
    assert line.split()[:3] == [str(alone), "of", str(among)]
    assert "mtgconf features --adapter" in out
    assert "... and" not in out


def _tiny_features() -> set[str]:
    from conformance.adapters import resolve_adapter

    adapter = resolve_adapter(TINY)
    try:
        return set(adapter.info().features)
    finally:
        adapter.close()


def test_markdown_and_html_rank_and_group(tiny_run: tuple[Path, str], tmp_path: Path) -> None:
    report, _ = tiny_run
    results = read_report(report)
    refused = [r for r in results if r.result == "unsupported"]
    text = render_markdown(results, name="tiny")
    assert "## What to build next" in text and "## Unsupported results by reason" in text
    rows = [ln for ln in text.splitlines() if ln.startswith("| feature combat |")]
    alone = sum(1 for r in refused if r.missing == ("feature:combat",))
    assert rows == [f"| feature combat | {alone} | "
                    f"{sum(1 for r in refused if 'feature:combat' in r.missing)} |"]
    write_html(results, tmp_path)
    page = next(tmp_path.glob("*/unsupported.html")).read_text("utf-8")
    assert page.count('<details class="group') == len({unsupported_reason(r)
                                                      for r in refused})
    assert 'id="hide-feature"' in page and "<script" not in page
    assert "What tiny" in (tmp_path / "index.html").read_text("utf-8")


def test_features_lists_every_blocker_with_queries_and_actions(
        capsys: pytest.CaptureFixture[str], tiny_run: tuple[Path, str]) -> None:
    assert main(["features", "--adapter", TINY, "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    combat = next(r for r in doc["features"] if r["feature"] == "combat")
    assert combat["declared"] is False and "declare_attackers" in combat["actions"]
    spec = default_spec()
    cases = load_cases(None, spec).cases
    features = _tiny_features()
    expected = sum(1 for c in cases for e in c.eras if e == "modern"
                   and set(c.features) - features == {"combat"})
    assert combat["unlocks_alone"] == expected
    assert {u["blocker"] for u in doc["next"]} >= {"feature:combat", "era:invasion-2000"}
    report, _ = tiny_run
    assert main(["features", "--report", str(report), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert any(u["blocker"] == "query:matches" and u["alone"] > 0 for u in doc["next"])


def test_only_supported_leaves_out_what_the_engine_does_not_declare(
        tiny_run: tuple[Path, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report, _ = tiny_run
    full = read_report(report)
    out = tmp_path / "only.jsonl"
    main(["run", "-q", "--only-supported", "--adapter", TINY, "--report", str(out),
          str(ROOT / "spec" / "cases" / "characteristics"), str(COMBAT)])
    only = read_report(out)
    planned = [r for r in full if r.result == "unsupported" and r.step is None
               and not r.message.startswith("setup")]
    assert planned and len(only) == len(full) - len(planned)
    assert {r.key for r in only} == {r.key for r in full} - {r.key for r in planned}
    assert f"--only-supported: {len(planned)} result(s) left out" in capsys.readouterr().err
    assert main(["run", "-q", "--only-supported", "--adapter", TINY,
                 str(COMBAT / "attack-haste-allowed.toml")]) == 3


def test_smoke_advice_names_a_refused_query_and_skips_undeclared_ones() -> None:
    from conformance.commands.smoke import advice, choose_cases

    refused = CaseResult(case="c", era="modern", result="unsupported", step=0,
                         message="step 0 (observe matches of x): no",
                         missing=("query:matches",))
    text = advice(refused, "cmd:x")
    assert "refused query 'matches'" in text and "('queries')" in text
    cases = load_cases([ROOT / "spec" / "cases" / "characteristics"], default_spec()).cases
    queries = frozenset({"mana_value", "colors", "name", "names", "types", "mana_cost"})
    info = _info({"characteristics", "split-cards"}, queries=queries, actions=frozenset())
    chosen = choose_cases(cases, info, 12)
    assert chosen and all(s.kind == "observe" and s.body["query"] in queries
                          for item in chosen for s in item.case.steps)
    everything = choose_cases(cases, _info({"characteristics", "split-cards"}), 12)
    assert any(s.kind == "action" or s.body["query"] not in queries
               for item in everything for s in item.case.steps)
