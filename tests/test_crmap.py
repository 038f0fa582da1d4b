"""The CR map (spec/cr-map.toml): every number of the index classified, and its checks."""

from __future__ import annotations

from pathlib import Path

import pytest
import tomllib

from conformance.authoring.crindex import CrIndex, load_cr_index
from conformance.authoring.crmap import KINDS, check_cr_map, lint_cr_map, load_cr_map
from conformance.cli import main
from conformance.spec.catalog import default_spec

SPEC = default_spec()
INDEX = load_cr_index(SPEC.root / "cr-index.txt")
CMAP, CMAP_ERRORS = load_cr_map(SPEC.root / "cr-map.toml")


def test_the_shipped_map_is_valid_and_classifies_every_number_once() -> None:
    assert CMAP_ERRORS == []
    assert lint_cr_map(SPEC.root) == []
    assert set(CMAP.entries) == set(INDEX.numbers)
    assert CMAP.edition == INDEX.edition == "2025-09-19"
    assert {e.kind for e in CMAP.entries.values()} == set(KINDS)


def test_every_entry_but_testable_says_why_and_definitions_name_testable_rules() -> None:
    for number, entry in CMAP.entries.items():
        if entry.kind == "testable":
            assert entry.reason is None and not entry.tested_by, number
            continue
        assert entry.reason and "\n" not in entry.reason, number
        if entry.kind == "definition":
            assert entry.tested_by, number
            assert all(CMAP.kind(n) == "testable" for n in entry.tested_by), number


@pytest.mark.parametrize(("number", "kind"), [
    ("101.2", "testable"), ("103.5", "testable"), ("103.8a", "testable"),
    ("104.3b", "testable"), ("117.3a", "testable"), ("305.2", "testable"),
    ("510.2", "testable"), ("613.1", "testable"), ("704.5a", "testable"),
    ("704.5j", "testable"), ("702.19b", "testable"), ("309.5a", "testable"),
    ("731.4", "testable"), ("732.1", "testable"), ("206.3b", "testable"),
    # multiplayer and Commander are played, not dropped as variants
    ("802.1", "testable"), ("810.7", "testable"), ("903.10a", "testable"),
    ("104.3j", "testable"), ("103.4c", "testable"),
    # casual variants and ante
    ("901.3", "variant"), ("902.2", "variant"), ("904.4", "variant"), ("905.1", "variant"),
    ("103.4b", "variant"), ("116.2i", "variant"), ("407.2", "variant"), ("311.1", "variant"),
    ("701.31a", "variant"), ("613.7h", "variant"), ("702.106a", "variant"), ("505.3", "variant"),
    # outside the game an engine plays
    ("100.2a", "outside"), ("100.6", "outside"), ("104.3k", "outside"), ("203.1", "outside"),
    ("213.1a", "outside"), ("713.1", "outside"), ("731.2a", "outside"), ("903.5a", "outside"),
    ("903.5c", "outside"), ("903.13b", "outside"), ("712.2a", "outside"), ("306.4", "outside"),
    ("406.4", "outside"), ("207.2b", "outside"), ("301.3", "definition"),
    # headings and terms
    ("100", "outside"), ("704", "definition"), ("704.5", "definition"), ("702.2", "definition"),
    ("702.9a", "definition"), ("104.2", "definition"),
])
def test_judged_classifications(number: str, kind: str) -> None:
    assert CMAP.kind(number) == kind, CMAP.entries[number]


def test_numbers_only_in_a_neighbouring_edition_are_outside_with_the_current_number() -> None:
    renumbered = CMAP.entries["721.1a"]  # controlling another player: 722 since 2025-07
    assert renumbered.kind == "outside" and renumbered.reason is not None
    assert "722.1a" in renumbered.reason
    assert CMAP.kind("701.65") == "outside"  # a later edition's keyword action


# -- the checks, on a small index and map -----------------------------------------------------

SMALL = CrIndex.from_lines(["# edition: 2025-09-19", "# complete: yes", "704", "704.5",
                            "704.5a", "704.5b"], path="cr-index.txt")


def write_map(tmp_path: Path, body: str, edition: str = "2025-09-19") -> Path:
    path = tmp_path / "cr-map.toml"
    path.write_text(f'edition = "{edition}"\n\n[rules]\n{body}', "utf-8")
    return path


def findings(tmp_path: Path, body: str, edition: str = "2025-09-19") -> list[str]:
    cmap, errors = load_cr_map(write_map(tmp_path, body, edition))
    return [e.format().replace(str(tmp_path) + "/", "") for e in
            errors + check_cr_map(cmap, SMALL)]


GOOD = """\
"704" = { kind = "definition", title = "SBA", reason = "the title of 704", tested_by = ["704.5a"] }
"704.5" = { kind = "definition", reason = "the list heading", tested_by = ["704.5a", "704.5b"] }
"704.5a" = { kind = "testable" }
"704.5b" = { kind = "testable" }
"""


def test_a_complete_map_has_no_findings(tmp_path: Path) -> None:
    assert findings(tmp_path, GOOD) == []


def test_a_missing_number_is_named_with_a_hint(tmp_path: Path) -> None:
    body = GOOD.replace('"704.5b" = { kind = "testable" }\n', "")
    body = body.replace(', "704.5b"]', "]")
    assert findings(tmp_path, body) == [
        "cr-map.toml:3, at rules: [crmap-unclassified] CR 704.5b of cr-index.txt has no entry "
        'in the map\n    hint: add "704.5b" = { kind = "testable" } (or definition, variant, '
        "outside with a reason)"]


def test_a_number_outside_the_index_is_located(tmp_path: Path) -> None:
    out = findings(tmp_path, GOOD + '"704.5z" = { kind = "testable" }\n')
    assert out == ["cr-map.toml:8, at rules.704.5z: [crmap-unknown] CR 704.5z is in the map but "
                   "not in the index (cr-index.txt)\n    hint: numbers of that rule: 704.5, "
                   "704.5a, 704.5b"]


def test_tested_by_must_name_testable_numbers_of_the_index(tmp_path: Path) -> None:
    body = GOOD.replace('tested_by = ["704.5a"]', 'tested_by = ["704.5", "704.9"]')
    assert findings(tmp_path, body) == [
        "cr-map.toml:4, at rules.704.tested_by[0]: [crmap-tested-by-untestable] CR 704 is tested "
        "by 704.5, which the map classifies as definition\n    hint: name testable rules, "
        "through which the definition is tested",
        "cr-map.toml:4, at rules.704.tested_by[1]: [crmap-tested-by-unknown] CR 704 is tested by "
        "704.9, which is not in the index"]


def test_the_edition_must_match_the_index(tmp_path: Path) -> None:
    assert findings(tmp_path, GOOD, edition="2024-11-08") == [
        "cr-map.toml:1, at edition: [crmap-edition] the map classifies the 2024-11-08 edition, "
        "the index lists the 2025-09-19 edition\n    hint: classify the index's edition"]


@pytest.mark.parametrize(("entry", "needle"), [
    ('{ kind = "outside" }', "an entry that is not testable needs a one-line reason"),
    ('{ kind = "definition", reason = "a heading only" }',
     "a definition names the testable rules it is tested through (tested_by)"),
    ('{ kind = "testable", tested_by = ["704.5a"] }',
     "a testable entry has no tested_by: only a definition names the rules it is tested through"),
    ('{ kind = "variant", reason = "Planechase only", tested_by = ["704.5a"] }',
     "only a definition has tested_by"),
    ('{ kind = "rule" }', "'rule' is not one of"),
])
def test_the_schema_rejects_an_entry_without_what_its_kind_needs(tmp_path: Path, entry: str,
                                                                 needle: str) -> None:
    out = findings(tmp_path, GOOD.replace('"704.5b" = { kind = "testable" }',
                                          f'"704.5b" = {entry}'))
    schema = [line for line in out if "[schema]" in line]
    assert schema and all(line.startswith("cr-map.toml:7, at rules.704.5b")
                          for line in schema), out
    assert any(needle in line for line in schema), out


def test_a_missing_map_is_one_error(tmp_path: Path) -> None:
    cmap, errors = load_cr_map(tmp_path / "cr-map.toml")
    assert len(cmap) == 0
    assert [e.code for e in errors] == ["crmap-missing"]


def test_validate_reports_a_map_problem_and_goes_on(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    spec = tmp_path / "spec"
    import shutil

    shutil.copytree(SPEC.root, spec)
    text = (spec / "cr-map.toml").read_text("utf-8")
    (spec / "cr-map.toml").write_text(text.replace('"704.5a" = { kind = "testable" }\n', ""),
                                      "utf-8")
    assert main(["--spec", str(spec), "validate"]) == 1
    err = capsys.readouterr().err
    assert "[crmap-unclassified] CR 704.5a of cr-index.txt has no entry in the map" in err


def test_the_map_file_reads_as_plain_toml() -> None:
    data = tomllib.loads((SPEC.root / "cr-map.toml").read_text("utf-8"))
    assert len(data["rules"]) == len(INDEX)
