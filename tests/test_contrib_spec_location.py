"""Where the spec is found, as a contributor meets it: inside a checkout, through
``[tool.mtgconf]``, ``MTGCONF_SPEC`` and ``--spec``, and never written inside an installed
package (issue 16)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conformance.cli import main
from conformance.spec.catalog import default_spec
from conformance.spec.paths import locate_spec

from .test_loader import GOOD

#: A card no shipped case uses, added by a contributor.
NEW_CARD = '''\
name = "Electrolyze"
layout = "normal"
mana_cost = "{1}{U}{R}"
types = ["Instant"]
oracle_text = """Electrolyze deals 2 damage divided as you choose among one or two targets.
Draw a card."""
'''


@pytest.fixture
def checkout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the repository's spec (no cases) under ``tmp_path/repo``."""
    monkeypatch.delenv("MTGCONF_SPEC", raising=False)
    root = tmp_path / "repo"
    shutil.copytree(default_spec().root, root / "spec", ignore=shutil.ignore_patterns("cases"))
    (root / "spec" / "cases").mkdir()
    return root


def test_inside_a_checkout_its_spec_is_used(checkout: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    (checkout / "docs").mkdir()
    monkeypatch.chdir(checkout / "docs")
    found = locate_spec()
    assert found.root == (checkout / "spec").resolve()
    assert found.source == f"the checkout {checkout.resolve()}"
    assert not found.installed


def test_a_card_added_to_the_checkout_is_seen(checkout: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    (checkout / "spec" / "cards" / "electrolyze.toml").write_text(NEW_CARD, "utf-8")
    case = checkout / "spec" / "cases" / "objects" / "electrolyze.toml"
    case.parent.mkdir()
    case.write_text(GOOD.replace("Grizzly Bears", "Electrolyze")
                    .replace('["green"]', '["blue", "red"]')
                    .replace('id = "test.good"', 'id = "objects.electrolyze"'),  # its folder
                    "utf-8")
    monkeypatch.chdir(checkout)
    assert main(["validate", "--no-lint", str(case)]) == 0
    assert f"(spec {(checkout / 'spec').resolve()})" in capsys.readouterr().out
    assert main(["run", "-q", str(case)]) == 0


def test_pyproject_names_the_spec(tmp_path: Path, checkout: Path,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    engine = tmp_path / "my-engine"
    (engine / "src").mkdir(parents=True)
    (engine / "pyproject.toml").write_text(
        f'[project]\nname = "my-engine"\n\n[tool.mtgconf]\nspec = "{checkout / "spec"}"\n')
    monkeypatch.chdir(engine / "src")
    found = locate_spec()
    assert found.root == (checkout / "spec").resolve()
    assert "[tool.mtgconf]" in found.source
    (engine / "pyproject.toml").write_text('[tool.mtgconf]\nspec = "vendored/spec"\n')
    assert locate_spec().root == (engine / "vendored" / "spec").resolve()


def test_env_and_option_win(checkout: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MTGCONF_SPEC", str(checkout / "spec"))
    assert locate_spec().source == "MTGCONF_SPEC"
    other = tmp_path / "other"
    shutil.copytree(checkout / "spec", other)
    (other / "cards" / "electrolyze.toml").write_text(NEW_CARD, "utf-8")
    (tmp_path / "c.toml").write_text(GOOD.replace("Grizzly Bears", "Electrolyze"), "utf-8")
    assert main(["validate", "--no-lint", str(tmp_path / "c.toml")]) == 1  # env: no such card
    assert "unknown card 'Electrolyze'" in capsys.readouterr().err
    assert main(["validate", "--spec", str(other), "--no-lint", str(tmp_path / "c.toml")]) == 0
    assert main(["--spec", str(other), "validate", "--no-lint", str(tmp_path / "c.toml")]) == 0
    assert main(["validate", "--spec", str(tmp_path), "--no-lint"]) == 2
    assert "not a spec directory" in capsys.readouterr().err


def test_new_refuses_to_write_into_an_installed_package(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    installed = tmp_path / "lib" / "site-packages" / "conformance" / "_spec"
    shutil.copytree(default_spec().root, installed, ignore=shutil.ignore_patterns("cases"))
    (installed / "cases").mkdir()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MTGCONF_SPEC", str(installed))
    assert locate_spec().installed
    assert main(["new", "--ruling", "SPLIT-M02"]) == 2
    err = capsys.readouterr().err
    assert "will not write" in err and "inside the installed package" in err
    assert "--spec DIR, MTGCONF_SPEC=DIR, or [tool.mtgconf]" in err
    assert not any((installed / "cases").iterdir())
    assert main(["new", "--ruling", "SPLIT-M02", "-o", str(tmp_path / "mine.toml")]) == 0
    (tmp_path / "c.toml").write_text(GOOD, "utf-8")
    assert main(["validate", "--no-lint", str(tmp_path / "c.toml")]) == 0
    assert "checking against the installed spec" in capsys.readouterr().err
