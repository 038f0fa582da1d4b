"""``mtgconf`` end to end: run (with reports), validate, adapters, coverage."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from conformance.cli import main
from conformance.schema import validator

from .test_loader import GOOD

#: The foundation's characteristics rulings, each of which must have a passing case.
FOUNDATION = ["MULTI-01", "MULTI-02", "MULTI-03", "MULTI-04", "MULTI-06", "MULTI-07", "MULTI-08",
              "MULTI-09", "SPLIT-02", "SPLIT-05", "SPLIT-09", "SPLIT-M02", "SPLIT-M04",
              "NMDFC-01", "NMDFC-02", "NMDFC-03", "NMDFC-06", "KINDRED-01", "KINDRED-02",
              "CMDR-01"]


def test_run_with_a_malformed_case_reports_it_and_runs_the_rest(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "good.toml").write_text(GOOD)
    (tmp_path / "broken.toml").write_text(GOOD.replace("test.good", "test.broken")
                                          .replace('zone = "hand"', "")
                                          .replace('card = "Grizzly Bears"',
                                                   'card = "Grizzly Bears"\nzone = "deck"'))
    report = tmp_path / "out" / "report.jsonl"
    junit = tmp_path / "out" / "junit.xml"
    markdown = tmp_path / "out" / "report.md"
    code = main(["run", "--no-progress", str(tmp_path), "--report", str(report),
                 "--junit", str(junit), "--markdown", str(markdown)])
    captured = capsys.readouterr()
    assert code == 1
    assert ("broken.toml:12, case test.broken, at setup.objects[0].zone: [schema] 'deck'"
            in captured.err)
    assert "1 spec error(s)" in captured.err
    assert "error" not in captured.out
    records = [json.loads(line) for line in report.read_text().splitlines()]
    assert [(r["case"], r["result"]) for r in records] == [("test.good", "passed")]
    for record in records:
        assert not list(validator("report").iter_errors(record))
    suites = ET.parse(junit).getroot()
    assert suites.find("testsuite").get("tests") == "1"  # type: ignore[union-attr]
    assert "# Conformance report: reference" in markdown.read_text()


def test_run_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "good.toml").write_text(GOOD)
    assert main(["run", "-q", str(tmp_path)]) == 0
    (tmp_path / "good.toml").write_text(GOOD.replace('["green"]', '["blue"]'))
    assert main(["run", "-q", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "FAILED test.good [modern]" in out
    assert 'expected ["blue"], observed ["green"]' in out
    assert main(["run", "-q", "--adapter", "no-such-engine", str(tmp_path)]) == 2


def test_summary_table_by_area(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--no-progress", "spec/cases/characteristics"]) == 0
    out = capsys.readouterr().out
    assert "rules area" in out and "characteristics" in out and "passed" in out


def test_validate_whole_spec(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate"]) == 0
    assert "ok" in capsys.readouterr().out


def test_validate_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "bad.toml").write_text(GOOD.replace("Grizzly Bears", "Grizzly Baers"))
    assert main(["validate", "--json", str(tmp_path)]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["errors"][0]["code"] == "unknown-card"
    assert data["errors"][0]["line"] == 11


def test_adapters_lists_reference(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["adapters"]) == 0
    assert "reference" in capsys.readouterr().out


def test_coverage_json_lists_every_ruling(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["coverage", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["rulings"]) == 106
    for rid in FOUNDATION:
        entry = data["rulings"][rid]
        assert entry["cases"] >= 1 and entry["passing"] >= 1, rid
    assert data["rulings"]["DOM-04"]["bucket"] == "not-testable"
    assert data["rulings"]["DOM-04"]["reason"]


def test_no_command_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "usage: mtgconf" in capsys.readouterr().out
