"""Coverage by CR number: which cases reach a rule, the map's buckets, the summaries, the CLI."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conformance.authoring.coverage import compute_coverage
from conformance.authoring.crindex import CrIndex
from conformance.authoring.crmap import CrMap, RuleEntry
from conformance.authoring.reach import ECHO_QUERIES, FILTER_QUERIES, reaches, why_unreached
from conformance.authoring.rulecoverage import MAP_BUCKETS
from conformance.cli import main
from conformance.results.records import CaseResult
from conformance.spec.catalog import default_spec
from conformance.spec.model import Case, Step

SPEC = default_spec()



@pytest.fixture(autouse=True)
def _wide_console(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tables are read as text: a wide console, whatever COLUMNS the runner set
    (pytest-xdist sets 80, which wraps a table's title)."""
    monkeypatch.setenv("COLUMNS", "200")


def action(i: int = 0) -> Step:
    return Step(index=i, kind="action", body={"type": "pass_priority", "player": "alice"})


def observe(query: str, i: int = 0, **extra: Any) -> Step:
    return Step(index=i, kind="observe", body={"query": query, "object": "x", **extra},
                expect=1, has_expect=True)


def case(cid: str, rules: tuple[str, ...], steps: tuple[Step, ...],
         eras: tuple[str, ...] = ("modern",)) -> Case:
    return Case(id=cid, title=cid, rulings=("SBA-M01",), rules=rules, eras=eras, features=(),
                setup={}, steps=steps)


# -- reach ----------------------------------------------------------------------------------------

def test_an_action_or_a_derived_observation_reaches_a_rule() -> None:
    assert reaches(case("a", (), (observe("zone"), action(1))))
    assert reaches(case("b", (), (observe("power"),)))
    assert reaches(case("c", (), (observe("counters"), observe("can_be_cast", 1))))


def test_echoing_the_setup_does_not_reach_a_rule() -> None:
    assert why_unreached(case("d", (), (observe("zone"), observe("counters", 1)))) == (
        "the case has no action, and it observes only values its setup states (counters, "
        "zone)")
    assert why_unreached(case("e", (), ())) == "the case has no steps"


def test_a_filter_on_setup_facts_alone_echoes_the_setup() -> None:
    in_graveyard = {"zone": "graveyard", "controller": "you"}
    assert not reaches(case("f", (), (observe("count", filter=in_graveyard),)))
    assert not reaches(case("g", (), (observe("objects", filter={"not": {"tapped": True}}),)))
    assert not reaches(case("h", (), (observe("count"),)))
    assert reaches(case("i", (), (observe("count", filter={**in_graveyard, "color": "red"}),)))
    assert reaches(case("j", (), (observe("matches", filter={"any": [{"type": "Land"}]}),)))


QUERIES = st.sampled_from(sorted(ECHO_QUERIES | {"power", "colors", "mana_value", "matches",
                                                  "could_produce", "can_attack"}))


@given(st.lists(st.one_of(st.just("action"), QUERIES), max_size=6))
def test_reach_is_an_action_or_a_query_the_setup_cannot_state(kinds: list[str]) -> None:
    steps = tuple(action(i) if k == "action" else observe(k, i) for i, k in enumerate(kinds))
    expected = any(k == "action" or k not in ECHO_QUERIES | FILTER_QUERIES for k in kinds)
    assert reaches(case("p", (), steps)) is expected


# -- rule coverage on a small index and map --------------------------------------------------------

INDEX = CrIndex.from_lines(["# edition: 2025-09-19", "# complete: yes", "103", "103.4",
                            "103.4b", "704", "704.5", "704.5a", "704.5b", "704.5c", "731",
                            "731.2"], path="cr-index.txt")
CMAP = CrMap({n: RuleEntry(n, k, r, tuple(t), title) for n, k, r, t, title in [
    ("103", "definition", "a title", ["103.4"], "Starting the Game"),
    ("103.4", "testable", None, [], None),
    ("103.4b", "variant", "Vanguard only", [], None),
    ("704", "definition", "a title", ["704.5a"], "State-Based Actions"),
    ("704.5", "definition", "a list", ["704.5a"], None),
    ("704.5a", "testable", None, [], None),
    ("704.5b", "testable", None, [], None),
    ("704.5c", "testable", None, [], None),
    ("731", "definition", "a title", ["704.5a"], "Taking Shortcuts"),
    ("731.2", "outside", "table talk", [], None),
]}, "2025-09-19", "cr-map.toml")


def coverage(cases: list[Case], results: list[CaseResult]) -> dict[str, Any]:
    return compute_coverage(SPEC, cases, results, index=INDEX, cmap=CMAP)


def test_every_number_of_the_index_has_a_kind_and_passing() -> None:
    cov = coverage([], [])
    assert {n for n, e in cov["rules"].items() if e["in_index"]} == set(INDEX.numbers)
    assert all({"kind", "passing", "bucket"} <= set(e) for e in cov["rules"].values())
    cited_elsewhere = [e for e in cov["rules"].values() if not e["in_index"]]
    assert cited_elsewhere and all(e["kind"] == "unmapped" for e in cited_elsewhere)
    assert (cov["rules"]["103.4b"]["kind"], cov["rules"]["103.4b"]["reason"]) == (
        "variant", "Vanguard only")
    assert cov["rules"]["704"]["tested_by"] == ["704.5a"]
    assert cov["rules"]["704.5a"]["bucket"] == "testable-no-case"


def test_only_cases_that_reach_a_rule_count_for_it() -> None:
    cases = [case("play", ("704.5a",), (action(),)),
             case("fail", ("704.5b",), (observe("power"),)),
             case("echo", ("704.5c", "704.5a"), (observe("zone"),)),
             case("variant", ("103.4b",), (action(),))]
    results = [CaseResult(case="play", era="modern", result="passed"),
               CaseResult(case="fail", era="modern", result="failed"),
               CaseResult(case="echo", era="modern", result="passed"),
               CaseResult(case="variant", era="modern", result="passed")]
    rules = coverage(cases, results)["rules"]
    assert (rules["704.5a"]["bucket"], rules["704.5a"]["passing"]) == ("testable-passing", 1)
    assert rules["704.5a"]["case_ids"] == ["play"]
    assert rules["704.5a"]["unreached_case_ids"] == ["echo"]
    assert (rules["704.5b"]["bucket"], rules["704.5b"]["passing"]) == ("testable-failing", 0)
    assert (rules["704.5c"]["bucket"], rules["704.5c"]["passing"]) == ("testable-no-case", 0)
    assert (rules["103.4b"]["bucket"], rules["103.4b"]["passing"]) == ("variant", 1)


def test_a_case_not_run_keeps_its_rule_out_of_passing() -> None:
    rules = coverage([case("u", ("704.5a",), (action(),))],
                     [CaseResult(case="u", era="modern", result="unsupported")])["rules"]
    assert (rules["704.5a"]["bucket"], rules["704.5a"]["passing"]) == ("testable-not-run", 0)


def test_summaries_per_section_rule_and_range() -> None:
    cases = [case("play", ("704.5a",), (action(),)), case("p2", ("103.4",), (action(),))]
    results = [CaseResult(case=c.id, era="modern", result="passed") for c in cases]
    rm = coverage(cases, results)["rule_map"]
    seven = rm["sections"]["7"]
    assert seven["title"] == "Additional Rules"
    assert (seven["rules"], seven["testable"], seven["definition"], seven["outside"]) == (
        7, 3, 3, 1)
    assert (seven["testable-passing"], seven["testable-no-case"]) == (1, 2)
    assert (seven["with_passing_case"], seven["percent_passing"]) == (1, 33.3)
    assert rm["rule_groups"]["704"]["title"] == "State-Based Actions"
    assert rm["rule_groups"]["704"]["testable"] == 3
    assert rm["rule_groups"]["731"]["percent_passing"] is None
    assert rm["ranges"]["100-514"]["with_passing_case"] == 1
    assert rm["ranges"]["100-514"]["variant"] == 1
    assert rm["ranges"]["704"]["rules"] == 5
    overall = rm["overall"]
    assert overall["rules"] == len(INDEX)
    assert sum(overall[k] for k in ("testable", "definition", "variant", "outside")) == len(INDEX)
    assert sum(overall[b] for b in MAP_BUCKETS) == len(INDEX)


# -- the command (judged by a small report, so no case runs) ------------------------------------

@pytest.fixture
def report(tmp_path: Path) -> Path:
    from conformance.reports.jsonl import JsonlWriter

    path = tmp_path / "r.jsonl"
    with JsonlWriter(path) as w:
        w.write(CaseResult(case="objects.game-over.no-priority-after-a-loss", era="modern",
                           result="passed"))
    return path


def test_coverage_json_gives_kind_and_passing_for_every_number(
        report: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from conformance.authoring.crindex import load_cr_index

    assert main(["coverage", "--report", str(report), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    index = load_cr_index(SPEC.root / "cr-index.txt")
    assert set(index.numbers) <= set(data["rules"])
    for number in index.numbers:
        entry = data["rules"][number]
        assert entry["kind"] in ("testable", "definition", "variant", "outside"), number
        assert isinstance(entry["passing"], int), number
    sections = data["rule_map"]["sections"]
    assert set(sections) == set("123456789")
    assert sum(s["rules"] for s in sections.values()) == len(index)
    # one passing case in the report; the other cases citing 704.5a did not run
    assert data["rules"]["704.5a"]["passing"] == 1
    assert data["rules"]["704.5a"]["bucket"] == "testable-not-run"
    assert data["rule_map"]["rule_groups"]["704"]["title"] == "State-Based Actions"


def test_coverage_console_and_html_show_the_map(tmp_path: Path, report: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "map.html"
    assert main(["coverage", "--report", str(report), "--uncovered", "704.6",
                 "--html", str(page)]) == 0
    out = capsys.readouterr().out
    assert "CR map by section" in out and "1xx Game Concepts" in out and "CR 100-514" in out
    assert "testable CR numbers without a passing case under 704.6:" in out
    lines = out.splitlines()
    at = lines.index("testable CR numbers without a passing case under 704.6: 5")
    assert lines[at + 1] == "  704: 704.6, 704.6a, 704.6b, 704.6c, 704.6d"
    text = page.read_text("utf-8")
    assert '<tr class="testable-not-run" id="cr-704.5a">' in text
    assert "Planechase is a casual variant" in text
    assert main(["coverage", "--report", str(report), "--html",
                 str(tmp_path / "no" / "such" / "dir.html")]) == 2
    assert "error: cannot write" in capsys.readouterr().err


def test_coverage_rules_adds_the_table_per_rule(report: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["coverage", "--report", str(report), "--rules"]) == 0
    out = capsys.readouterr().out
    assert "CR map by rule" in out and "704 State-Based Actions" in out
    assert "CR variant (" in out and "CR testable-no-case (" in out
