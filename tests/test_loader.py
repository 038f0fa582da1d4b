"""The case loader: every problem located (file, case id, JSON path, line) and all of them shown.

The texts users see most are pinned word for word.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance import load_case_file, load_cases
from conformance.spec.catalog import default_spec

GOOD = '''\
id = "test.good"
title = "A good case loads"
rulings = ["MULTI-01"]
rules = ["105.2"]
eras = ["modern"]
features = ["characteristics"]

[setup]
[[setup.objects]]
handle = "bears"
card = "Grizzly Bears"

[[steps]]
observe = { query = "colors", object = "bears" }
expect = ["green"]
'''


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def messages(path: Path) -> list[str]:
    case, errors = load_case_file(path)
    assert case is None
    return [e.format().replace(str(path), "FILE") for e in errors]


def test_good_case_loads(tmp_path: Path) -> None:
    case, errors = load_case_file(write(tmp_path, "good.toml", GOOD))
    assert errors == []
    assert case is not None
    assert case.id == "test.good"
    assert case.area == "characteristics"
    assert case.steps[0].expect == ["green"]


def test_toml_syntax_error_names_the_line(tmp_path: Path) -> None:
    path = write(tmp_path, "bad.toml", 'id = "x"\ntitle = "unterminated\n')
    (message,) = messages(path)
    # The parser's own words vary with the Python version; the location and hint do not.
    assert message.startswith("FILE:2: [toml-syntax] not valid TOML: ")
    assert message.endswith("\n    hint: check quotes, brackets and '=' on that line")


def test_every_semantic_problem_is_reported_at_once(tmp_path: Path) -> None:
    text = (GOOD.replace('"MULTI-01"', '"MULTI-01", "NOPE-99"')
            .replace('eras = ["modern"]', 'eras = ["modern", "ancient"]')
            .replace('"characteristics"]', '"characteristics", "teleport"]')
            .replace('card = "Grizzly Bears"', 'card = "Grizzly Baers"')
            .replace('object = "bears" }', 'object = "bear" }'))
    assert messages(write(tmp_path, "many.toml", text)) == [
        "FILE:3, case test.good, at rulings[1]: [unknown-ruling] unknown ruling id 'NOPE-99'"
        "\n    hint: ruling ids are listed in spec/rulings.toml",
        "FILE:5, case test.good, at eras[1]: [unknown-era] unknown era 'ancient'"
        "\n    hint: known eras: invasion-2000, modern",
        "FILE:6, case test.good, at features[1]: [unknown-feature] unknown feature 'teleport'"
        "\n    hint: features are listed in spec/features.toml",
        "FILE:11, case test.good, at setup.objects[0].card: [unknown-card] unknown card "
        "'Grizzly Baers'\n    hint: did you mean 'Grizzly Bears'?",
        "FILE:14, case test.good, at steps[0].observe.object: [dangling-handle] no object has "
        "handle 'bear'\n    hint: known handles: bears",
    ]


def test_schema_errors_are_located_and_explained(tmp_path: Path) -> None:
    text = (GOOD.replace('rules = ["105.2"]', 'rules = ["105.2", "12"]')
            .replace('features = ["characteristics"]',
                     'features = ["characteristics"]\ncolour = "red"')
            .replace('expect = ["green"]\n', ''))
    assert messages(write(tmp_path, "schema.toml", text)) == [
        "FILE:7, case test.good, at colour: [schema] unknown key 'colour': it is not part of "
        "the format",
        "FILE:4, case test.good, at rules[1]: [schema] '12' is not valid: a Comprehensive "
        "Rules number such as 702.33a",
        "FILE:14, case test.good, at steps[0]: [schema] 'expect' is a required property",
    ]


def test_duplicate_handles_and_attachment_cycles(tmp_path: Path) -> None:
    text = GOOD.replace('''[[setup.objects]]
handle = "bears"
card = "Grizzly Bears"
''', '''[[setup.objects]]
handle = "bears"
card = "Grizzly Bears"
attached_to = "other"

[[setup.objects]]
handle = "other"
card = "Grizzly Bears"
attached_to = "bears"

[[setup.objects]]
handle = "bears"
card = "Memnite"
''')
    found = messages(write(tmp_path, "dup.toml", text))
    assert any("[duplicate-handle] handle 'bears' is used twice (first at setup.objects[0])"
               in m for m in found)
    assert any("[attachment-cycle] objects are attached to each other in a cycle" in m
               for m in found)


def test_duplicate_ids_across_files(tmp_path: Path) -> None:
    write(tmp_path, "a.toml", GOOD)
    write(tmp_path, "b.toml", GOOD)
    result = load_cases([tmp_path])
    assert [c.id for c in result.cases] == ["test.good"]
    assert [e.code for e in result.errors] == ["duplicate-id"]
    assert "case id 'test.good' is also used by" in result.errors[0].message


def test_one_bad_file_does_not_stop_the_others(tmp_path: Path) -> None:
    write(tmp_path, "a_bad.toml", "this is not toml")
    write(tmp_path, "b_good.toml", GOOD)
    result = load_cases([tmp_path])
    assert result.files == 2
    assert [c.id for c in result.cases] == ["test.good"]
    assert len(result.errors) == 1
    assert result.errors[0].file is not None and result.errors[0].file.endswith("a_bad.toml")


def test_missing_file(tmp_path: Path) -> None:
    _, errors = load_case_file(tmp_path / "nope.toml")
    assert errors[0].code == "no-such-file"


@pytest.mark.parametrize("field", ["rulings", "rules", "eras", "features", "setup", "steps"])
def test_required_fields(tmp_path: Path, field: str) -> None:
    lines = GOOD.splitlines(keepends=True)
    text = "".join(line for line in lines if not line.startswith(f"{field} ="))
    if field == "setup":
        text = text.replace("[setup]\n", "").replace("[[setup.objects]]", "[[x]]")
    if field == "steps":
        text = text.split("[[steps]]")[0]
    found = messages(write(tmp_path, "req.toml", text))
    assert any(f"'{field}' is a required property" in m for m in found), found


def test_the_whole_spec_is_valid() -> None:
    spec = default_spec()
    assert spec.errors == []
    result = load_cases(None, spec)
    assert result.errors == [], "\n".join(e.format() for e in result.errors)
    assert len(result.cases) == result.files > 0


# -- one rule for a case's area (issue 38) -------------------------------------------------------

AREA_CASE = """\
id = "{id}"
title = "Grizzly Bears is green"
rulings = ["MULTI-01"]
rules = ["105.2"]
eras = ["modern"]
features = ["characteristics"]

[setup]
[[setup.objects]]
handle = "bears"
card = "Grizzly Bears"

[[steps]]
observe = {{ query = "colors", object = "bears" }}
expect = ["green"]
"""


@pytest.mark.parametrize("area", ["casting", "characteristics", "combat", "mana", "objects"])
def test_a_case_area_is_its_folder_in_every_area(tmp_path: Path, area: str) -> None:
    """A case's area is the folder it is in under spec/cases, whatever its rulings' area
    (MULTI-01 is a characteristics ruling); an id naming another area is a located error."""
    from dataclasses import replace

    spec = replace(default_spec(), root=tmp_path)
    folder = tmp_path / "cases" / area
    folder.mkdir(parents=True)
    good = folder / "good.toml"
    good.write_text(AREA_CASE.format(id=f"{area}.area.good"), "utf-8")
    case, errors = load_case_file(good, spec)
    assert not errors and case is not None and case.area == area
    other = "mana" if area != "mana" else "combat"
    bad = folder / "bad.toml"
    bad.write_text(AREA_CASE.format(id=f"{other}.area.bad"), "utf-8")
    case, errors = load_case_file(bad, spec)
    assert case is None and [e.code for e in errors] == ["area-folder"]
    assert errors[0].path == "id" and errors[0].line == 1 and errors[0].case == f"{other}.area.bad"
    assert f"its id must start with '{area}.'" in errors[0].message


def test_a_case_outside_an_area_folder_is_refused(tmp_path: Path) -> None:
    """A case file directly in spec/cases, or in a folder that is no rules area, is refused
    with the areas named."""
    from dataclasses import replace

    spec = replace(default_spec(), root=tmp_path)
    for where in (tmp_path / "cases", tmp_path / "cases" / "misc"):
        where.mkdir(parents=True, exist_ok=True)
        path = where / "x.toml"
        path.write_text(AREA_CASE.format(id="objects.area.x"), "utf-8")
        case, errors = load_case_file(path, spec)
        assert case is None and [e.code for e in errors] == ["area-folder"]
        assert "areas: casting, characteristics, combat, mana, objects" in (errors[0].hint or "")


def test_every_spec_case_reports_its_folder_as_its_area() -> None:
    """Over the whole spec: reported area, folder and id prefix agree for every case."""
    loaded = load_cases()
    assert not loaded.errors
    wrong = [(c.id, c.area, c.file) for c in loaded.cases
             if c.area != Path(c.file or "").parent.name or not c.id.startswith(c.area + ".")]
    assert not wrong, wrong[:10]
