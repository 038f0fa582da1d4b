"""Lint (``mtgconf validate``): titles, CR numbers, the shipped index, and --check-reference."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conformance.authoring.crindex import CrIndex, is_well_formed, load_cr_index, sort_key
from conformance.authoring.lint import MAX_TITLE, default_cr_index, lint_case_data, lint_paths
from conformance.cli import main
from conformance.spec.catalog import default_spec

INDEX = CrIndex.from_lines(["# edition: 2025-09-19", "709", "709.4", "709.4a", "709.4b",
                            "202", "202.3", "202.3d"])

CASE = """\
id = "characteristics.lint.example"
title = "{title}"
rulings = ["SPLIT-M02"]
rules = {rules}
eras = ["modern"]
features = ["characteristics", "split-cards"]

[setup]
[[setup.objects]]
handle = "ab"
card = "Assault // Battery"
zone = "library"
owner = "alice"

[[steps]]
observe = {{ query = "mana_value", object = "ab" }}
expect = {expect}
"""


def case_text(title: str = "Assault // Battery in a library has mana value 5",
              rules: str = '["709.4"]', expect: int = 5) -> str:
    return CASE.format(title=title, rules=rules, expect=expect)


def lint(text: str, index: CrIndex = INDEX) -> list[tuple[str, str | None, int | None]]:
    from conformance.spec import tomlio

    errors = lint_case_data(tomlio.loads(text), text, display="x.toml", index=index)
    return [(e.code, e.path, e.line) for e in errors]


def test_a_good_case_has_no_findings() -> None:
    assert lint(case_text()) == []


@pytest.mark.parametrize(("title", "code"), [
    ("A split card should have the total mana value of its halves", "title-should"),
    ("Test that a split card has the total mana value of its halves", "title-test-that"),
    ("Check that split cards add their halves' mana values", "title-test-that"),
    ("This tests that split cards add their halves' mana values", "title-test-that"),
    ("Verify the mana value of a split card in a library", "title-test-that"),
    ("A split card will have the total mana value of its halves", "title-tense"),
    ("A split card in a library has the total mana value of both of its halves, "
     "whatever they cost", "title-length"),
])
def test_bad_titles_are_located(title: str, code: str) -> None:
    assert (code, "title", 2) in lint(case_text(title=title))


@pytest.mark.parametrize("title", [
    "On resolution a spell checks that its targets are still legal",
    "Willbreaker's ability ensures that the creature changes control",
    "A creature with shroud can't be the target of spells",
])
def test_present_tense_statements_pass(title: str) -> None:
    assert lint(case_text(title=title)) == []


def test_title_length_limit_is_under_80() -> None:
    assert not lint(case_text(title="x" * (MAX_TITLE - 1)))
    assert lint(case_text(title="x" * MAX_TITLE)) == [("title-length", "title", 2)]


def test_cr_numbers_absent_from_the_index_are_located_with_a_hint() -> None:
    from conformance.spec import tomlio

    text = case_text(rules='["709.4", "709.4z", "202.3d"]')
    errors = lint_case_data(tomlio.loads(text), text, display="x.toml", index=INDEX)
    assert [(e.code, e.path, e.line) for e in errors] == [("cr-unknown", "rules[1]", 4)]
    assert errors[0].format() == (
        "x.toml:4, case characteristics.lint.example, at rules[1]: [cr-unknown] CR 709.4z is "
        "not a rule of the 2025-09-19 Comprehensive Rules\n"
        "    hint: rules of that number in the 2025-09-19 CR: 709.4, 709.4a, 709.4b")


def test_subrule_letters_l_and_o_are_malformed() -> None:
    assert lint(case_text(rules='["709.4l", "709.4o"]')) == [
        ("cr-malformed", "rules[0]", 4), ("cr-malformed", "rules[1]", 4)]


def test_rules_whose_section_the_index_lacks_are_not_judged() -> None:
    assert lint(case_text(rules='["999.1"]')) == []


def test_a_complete_index_judges_every_rule() -> None:
    complete = CrIndex.from_lines(["# complete: yes", "709", "709.4"])
    assert complete.complete and complete.covers("124.1")
    assert lint(case_text(rules='["124.1", "709.4"]'), complete) == [
        ("cr-unknown", "rules[0]", 4)]


def test_every_finding_of_a_file_is_reported_at_once() -> None:
    codes = [c for c, _, _ in lint(case_text(title="Test that it should work",
                                             rules='["709.9", "202.7"]'))]
    assert codes == ["title-should", "title-test-that", "cr-unknown", "cr-unknown"]


@given(st.from_regex(r"[1-9][0-9]{2}(\.[0-9]{1,3}[a-km-np-z]?)?", fullmatch=True))
def test_well_formed_numbers(number: str) -> None:
    assert is_well_formed(number)
    assert sort_key(number)[0] == int(number[:3])


def test_sort_key_orders_like_the_rules() -> None:
    numbers = ["702.10a", "702.9", "702", "702.10", "701.1"]
    assert sorted(numbers, key=sort_key) == ["701.1", "702", "702.9", "702.10", "702.10a"]


def test_the_shipped_index_holds_every_number_the_spec_cites() -> None:
    spec = default_spec()
    index = default_cr_index(spec)
    assert len(index) > 100
    assert index.edition == "2025-09-19"
    assert "709.4b" in index and "704.5f" in index
    assert "709.4z" not in index and "124.1" not in index
    assert index.complete and len(index.sections) == 146
    assert {"100", "123", "213", "315", "408", "514", "616", "702.185c", "811", "905.6"} <= (
        index.numbers)
    cited = {n for r in spec.rulings.values() for n in r.rules}
    missing = sorted(n for n in cited if index.covers(n) and n not in index)
    assert missing == []
    assert all(is_well_formed(n) for n in index.numbers)


def test_missing_index_file_disables_the_presence_check(tmp_path: Path) -> None:
    index = load_cr_index(tmp_path / "absent.txt")
    assert len(index) == 0 and not index.covers("709.4")


def test_the_spec_lints_clean() -> None:
    spec = default_spec()
    assert [e.format() for e in lint_paths(None, spec)] == []


def write(tmp_path: Path, text: str, name: str = "case.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, "utf-8")
    return path


def test_validate_shows_lint_findings_located(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, case_text(title="A split card should have mana value 5",
                                     rules='["709.4", "709.4z"]'))
    assert main(["validate", "--json", str(path)]) == 1
    errors = json.loads(capsys.readouterr().out)["errors"]
    assert [(e["code"], e["case"], e["path"], e["line"]) for e in errors] == [
        ("title-should", "characteristics.lint.example", "title", 2),
        ("cr-unknown", "characteristics.lint.example", "rules[1]", 4),
    ]
    assert main(["validate", "--no-lint", str(path)]) == 0


def test_validate_reports_duplicate_ids_and_unknown_references(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(tmp_path, case_text(), "a.toml")
    write(tmp_path, case_text(), "b.toml")
    bad = case_text().replace('eras = ["modern"]', 'eras = ["alpha-1993"]').replace(
        '"split-cards"]', '"split-cards", "time-travel"]').replace(
        '"SPLIT-M02"', '"SPLIT-M99"').replace("Assault // Battery", "Nonexistent Card").replace(
        "characteristics.lint.example", "characteristics.lint.other")
    write(tmp_path, bad, "c.toml")
    assert main(["validate", "--json", str(tmp_path)]) == 1
    codes = sorted(e["code"] for e in json.loads(capsys.readouterr().out)["errors"])
    assert codes == ["duplicate-id", "unknown-card", "unknown-era", "unknown-feature",
                     "unknown-ruling"]


def test_check_reference_locates_the_diverging_step(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    good = write(tmp_path, case_text(rules='["709.4b"]'))
    assert main(["validate", "--check-reference", str(good)]) == 0
    bad = write(tmp_path, case_text(rules='["709.4b"]', expect=4))
    assert main(["validate", "--check-reference", str(bad)]) == 1
    out = capsys.readouterr().err
    assert "[reference-fails]" in out
    assert "at steps[0]" in out and "case.toml:15" in out
    assert "expected 4, observed 5" in out
