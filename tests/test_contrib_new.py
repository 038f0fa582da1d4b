"""``mtgconf new``: from a ruling id to a case that validates once its steps are written."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conformance.authoring.lint import MAX_TITLE
from conformance.cli import main
from conformance.commands.new import features_for, render_scaffold, title_from_statement
from conformance.spec import tomlio
from conformance.spec.catalog import default_spec


def scaffold(tmp_path: Path, *args: str) -> Path:
    before = set(tmp_path.glob("*.toml"))
    assert main(["new", *args, "-o", str(tmp_path)]) == 0
    (created,) = set(tmp_path.glob("*.toml")) - before
    return created


def test_scaffold_carries_the_ruling_metadata(tmp_path: Path) -> None:
    path = scaffold(tmp_path, "--ruling", "SPLIT-M02")
    assert path.name == "split-away-stack-split-card-combined-modern.toml"
    data = tomlio.loads(path.read_text("utf-8"))
    ruling = default_spec().rulings["SPLIT-M02"]
    assert data["id"] == "characteristics.split.away-stack-split-card-combined.modern"
    assert re.fullmatch(r"[a-z0-9-]+\.[a-z0-9-]+\.[a-z0-9-]+\.modern", data["id"])
    assert data["rulings"] == ["SPLIT-M02"]
    assert data["rules"] == list(ruling.rules)
    assert data["eras"] == ["modern"]
    assert {"characteristics", "split-cards"} <= set(data["features"])
    assert [o["card"] for o in data["setup"]["objects"]] == ["Assault // Battery"]
    assert "steps" not in data
    assert ruling.statement.split()[0] in path.read_text("utf-8")


def test_unfilled_scaffold_fails_then_validates_once_filled(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = scaffold(tmp_path, "--ruling", "SPLIT-M02")
    capsys.readouterr()
    assert main(["validate", "--json", str(path)]) == 1
    errors = json.loads(capsys.readouterr().out)["errors"]
    assert [(e["code"], e["message"]) for e in errors] == [
        ("schema", "'steps' is a required property")]
    with path.open("a", encoding="utf-8") as f:
        f.write('\n[[steps]]\nobserve = { query = "mana_value", object = "assault" }\n'
                "expect = 5\n")
    assert main(["validate", "--check-reference", str(path)]) == 0


def test_scaffold_without_cards_validates_with_minimal_steps(tmp_path: Path) -> None:
    path = scaffold(tmp_path, "--ruling", "KICK-03", "--area", "casting")
    text = path.read_text("utf-8")
    assert "# [[setup.objects]]" in text
    path.write_text(text + '\n[[steps]]\nobserve = { query = "life", player = "alice" }\n'
                    "expect = 20\n", "utf-8")
    assert main(["validate", str(path)]) == 0


def test_era_and_area_options_and_unique_names(tmp_path: Path) -> None:
    first = scaffold(tmp_path, "--ruling", "MULTI-01", "--area", "objects",
                     "--era", "modern")
    second = scaffold(tmp_path, "--ruling", "MULTI-01", "--area", "objects",
                      "--era", "modern")
    data = tomlio.loads(first.read_text("utf-8"))
    area, topic, detail, era = data["id"].split(".")
    assert (area, topic, era) == ("objects", "multi", "modern") and data["eras"] == ["modern"]
    assert first.name == f"{topic}-{detail}-modern.toml"
    assert second.name == f"{topic}-{detail}-2-modern.toml"
    assert tomlio.loads(second.read_text("utf-8"))["id"] == f"objects.multi.{detail}-2.modern"
    named = scaffold(tmp_path, "--ruling", "MULTI-01", "--area", "objects", "--era", "modern",
                     "--name", "gold-card")
    assert named.name == "multi-gold-card-modern.toml"
    assert tomlio.loads(named.read_text("utf-8"))["id"] == "objects.multi.gold-card.modern"
    assert main(["new", "--ruling", "MULTI-01", "--name", "Not A Slug", "--stdout"]) == 2


def test_unknown_ruling_and_era_are_refused(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new", "--ruling", "SPLIT-M99", "-o", str(tmp_path)]) == 2
    assert "unknown ruling id 'SPLIT-M99' (did you mean: SPLIT-01" in capsys.readouterr().err
    assert main(["new", "--ruling", "SPLIT-M02", "--era", "alpha", "-o", str(tmp_path)]) == 2
    assert not list(tmp_path.glob("*.toml"))


def test_default_location_is_the_rulings_area_in_spec_cases(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import shutil

    root = tmp_path / "spec"
    shutil.copytree(default_spec().root, root, ignore=shutil.ignore_patterns("cases"))
    (root / "cases").mkdir()
    monkeypatch.setenv("MTGCONF_SPEC", str(root))
    assert main(["new", "--ruling", "SPLIT-M02"]) == 0
    assert main(["new", "--ruling", "SPLIT-M02"]) == 0
    made = sorted(p.name for p in (root / "cases" / "characteristics").iterdir())
    assert made == ["split-away-stack-split-card-combined-2-modern.toml",
                    "split-away-stack-split-card-combined-modern.toml"]


def test_existing_file_is_not_overwritten_without_force(tmp_path: Path) -> None:
    target = tmp_path / "mine.toml"
    target.write_text("keep", "utf-8")
    assert main(["new", "--ruling", "SPLIT-M02", "-o", str(target)]) == 2
    assert target.read_text("utf-8") == "keep"
    assert main(["new", "--ruling", "SPLIT-M02", "-o", str(target), "--force"]) == 0
    assert target.read_text("utf-8").startswith("# A case for ruling SPLIT-M02")


def test_every_ruling_scaffolds_a_lint_clean_header() -> None:
    spec = default_spec()
    for ruling in spec.rulings.values():
        text = render_scaffold(ruling, spec, case_id=f"x.{ruling.id.lower()}",
                               area=ruling.area, eras=list(ruling.eras))
        data = tomlio.loads(text)
        assert len(data["title"]) < MAX_TITLE, ruling.id
        assert all(f in spec.features for f in data["features"]), ruling.id
        assert "should" not in data["title"].split()


def test_features_follow_cr_numbers() -> None:
    spec = default_spec()
    kick = spec.rulings["KICK-03"]
    assert "kicker" in features_for(kick, spec)
    assert "split-cards" not in features_for(kick, spec)


@given(st.lists(st.text(alphabet="abcdefgh ,;:.", min_size=1, max_size=12), min_size=1,
                max_size=40).map(" ".join))
def test_titles_from_statements_are_short(statement: str) -> None:
    title = title_from_statement(statement)
    assert len(title) < MAX_TITLE
    if len(" ".join(statement.split()).rstrip(".")) < MAX_TITLE:
        assert title == " ".join(statement.split()).rstrip(".")
