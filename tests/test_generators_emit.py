"""Emission: deterministic, schema-valid generated cases, and the generate / run commands."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance.cli import main
from conformance.spec.catalog import default_spec
from conformance.spec.loader import load_case_text, load_cases
from conformance.spec.tomlio import loads
from generators.emit import case_text, generate_cases, load_generated, write_cases
from generators.family import FAMILIES, FamilyError

SPEC = default_spec()


def _tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*.toml"))}


def test_same_seed_gives_byte_identical_trees(tmp_path: Path) -> None:
    write_cases(generate_cases(seed=1, count=120), tmp_path / "a")
    write_cases(generate_cases(seed=1, count=120), tmp_path / "b")
    a, b = _tree(tmp_path / "a"), _tree(tmp_path / "b")
    assert len(a) == 120 and a == b


def test_another_seed_gives_other_cases() -> None:
    one = [case_text(c) for c in generate_cases(seed=1, count=40)]
    two = [case_text(c) for c in generate_cases(seed=2, count=40)]
    assert one != two


def test_every_case_validates_and_says_family_seed_and_index() -> None:
    seen: set[str] = set()
    for i, data in enumerate(generate_cases(seed=7, count=3 * len(FAMILIES))):
        case, errors = load_case_text(case_text(data), SPEC, display="<gen>")
        assert not errors, [str(e) for e in errors]
        assert case is not None and case.generated is not None
        fam = case.generated["family"]
        assert case.id == f"gen.{fam}.s7.i{i // len(FAMILIES)}"
        assert case.generated["seed"] == 7 and case.generated["index"] == i // len(FAMILIES)
        assert case.id not in seen
        seen.add(case.id)


def test_a_family_keeps_its_cases_whatever_other_families_there_are() -> None:
    """Case ``j`` of a family is the same whichever other families the set draws from, so a
    family added later changes no other family's generated cases (nor their results)."""
    names = sorted(FAMILIES)[:5]
    everyone = {c["id"]: case_text(c) for c in generate_cases(seed=5, count=3 * len(names),
                                                            families=names)}
    fewer = names[::2]
    some = {c["id"]: case_text(c) for c in generate_cases(seed=5, count=3 * len(fewer),
                                                        families=fewer)}
    assert len(some) == 3 * len(fewer)
    assert all(everyone[cid] == text for cid, text in some.items())


def test_the_default_set_holds_the_same_number_of_cases_of_every_family() -> None:
    from collections import Counter

    from generators.emit import DEFAULT_PER_FAMILY, default_count

    per_family = Counter(c["generated"]["family"]
                         for c in generate_cases(seed=1, count=default_count()))
    assert set(per_family.values()) == {DEFAULT_PER_FAMILY}
    assert set(per_family) == set(FAMILIES)


def test_case_text_round_trips() -> None:
    for data in generate_cases(seed=3, count=4 * len(FAMILIES)):
        text = case_text(data)
        assert loads(text) == data
        assert case_text(loads(text)) == text


def test_era_filter_keeps_families_of_that_era() -> None:
    for data in generate_cases(seed=1, count=30, era="invasion-2000"):
        assert "invasion-2000" in data["eras"]


def test_bad_arguments_are_named() -> None:
    with pytest.raises(FamilyError, match="count=-1 must not be negative"):
        list(generate_cases(seed=1, count=-1))
    with pytest.raises(FamilyError, match="unknown family 'nope'"):
        list(generate_cases(seed=1, count=1, families=["nope"]))


def test_generated_set_passes_on_the_reference_engine() -> None:
    loaded = load_generated(count=2 * len(FAMILIES), seed=11)
    assert not loaded.errors and len(loaded.cases) == 2 * len(FAMILIES)


def test_generate_command_twice_gives_identical_trees_that_pass(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("a", "b"):
        assert main(["generate", "--seed", "1", "--count", "80", "--out",
                     str(tmp_path / name)]) == 0
    assert _tree(tmp_path / "a") == _tree(tmp_path / "b")
    assert not load_cases([tmp_path / "a"], SPEC).errors
    assert main(["run", "-q", "--no-progress", str(tmp_path / "a")]) == 0


def test_generate_list_shows_every_family(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--list"]) == 0
    out = capsys.readouterr().out
    for name in FAMILIES:
        assert name in out


def test_run_reports_generated_cases_apart(capsys: pytest.CaptureFixture[str]) -> None:
    spec_dir = Path(SPEC.cases_dir()) / "characteristics"
    assert main(["run", "-q", "--no-progress", "--generated", "40", str(spec_dir)]) == 0
    out = capsys.readouterr().out
    assert "(generated results)" in out and "(spec results)" in out


def test_case_text_lays_out_steps_inline_and_refuses_null() -> None:
    from generators.tomlcase import inline

    text = case_text(next(iter(generate_cases(seed=1, count=1, families=["cost-colors"]))))
    assert '\n[[steps]]\nobserve = { query = "colors", object = "c" }\n' in text
    assert inline({"b": [1, True], "a b": "x"}) == '{ "a b" = "x", b = [1, true] }'
    with pytest.raises(TypeError, match=r"cannot write None \(NoneType\) as TOML"):
        inline(None)


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_generate_out_validates_with_no_problem(tmp_path: Path, seed: int,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """What ``mtgconf generate --out`` writes is a set of valid case files for ``mtgconf
    validate`` with its lint (issue 38): no catalog card marked ``partial`` without being listed
    in ``partial_cards`` (the pickers never draw one; a family that names one lists it), no
    warning either (a family running in an era none of its rulings holds in is one), and every
    family is among them."""
    out = tmp_path / "gen"
    assert main(["generate", "--seed", str(seed), "--count", "300", "--out", str(out)]) == 0
    capsys.readouterr()
    code = main(["validate", str(out)])
    said = capsys.readouterr()
    assert code == 0, said.out + said.err
    assert "300 case file(s), 300 valid case(s)" in said.out
    assert "problem" not in said.out.splitlines()[-1], said.out.splitlines()[-1]
    assert "warning" not in said.out, said.out[:2000]
    assert {p.name for p in out.iterdir() if p.is_dir()} == set(FAMILIES)


def test_a_family_naming_a_partial_card_lists_it() -> None:
    """Cases naming a partial catalog card list it in ``partial_cards``; others list none."""
    from generators.catalog import catalog

    partial = {str(c["name"]) for c in catalog() if c.get("partial")}
    listed = 0
    for data in generate_cases(seed=2, count=3 * len(FAMILIES)):
        named = {str(o.get("card")) for o in data["setup"].get("objects", [])}
        assert sorted(named & partial) == data.get("partial_cards", [])
        listed += bool(data.get("partial_cards"))
    assert listed, "no family names a partial card any more: this test shows nothing"
