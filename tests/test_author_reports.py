"""Reports for CI (issue 35): no absolute paths in any format, ``mtgconf diff`` between two
runs (console, Markdown, JSON), and a warning when reports of different spec contents meet."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from conformance.cli import main
from conformance.reports.diff import diff_results, render_diff_markdown
from conformance.reports.identity import contents_differences
from conformance.reports.jsonl import JsonlWriter, load_report
from conformance.results.records import CaseResult

ROOT = Path(__file__).resolve().parent.parent
TINY = f"cmd:{sys.executable} {ROOT / 'examples' / 'tiny_engine.py'}"


def test_no_format_carries_an_absolute_path(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    cases = ROOT / "spec" / "cases" / "characteristics"
    out = {k: tmp_path / f"r.{k}" for k in ("jsonl", "xml", "md")}
    main(["run", "-q", "--adapter", TINY, "--report", str(out["jsonl"]), "--junit",
          str(out["xml"]), "--markdown", str(out["md"]), str(cases)])
    assert main(["report", str(out["jsonl"]), "--html", str(tmp_path / "site"),
                 "--markdown", str(tmp_path / "merged.md")]) == 0
    capsys.readouterr()
    files = [*out.values(), tmp_path / "merged.md", *(tmp_path / "site").rglob("*.*")]
    for f in files:
        text = f.read_text("utf-8")
        if f.suffix == ".jsonl":  # the header keeps the command line as it was typed
            first, _, rest = text.partition("\n")
            header = json.loads(first)
            header.pop("adapter_source", None)
            text = json.dumps(header) + "\n" + rest
        assert str(ROOT) not in text and str(tmp_path) not in text, f
    records = load_report(out["jsonl"]).results
    assert records and all(r.file is not None and r.file.startswith("cases/characteristics/")
                           for r in records)
    assert (ROOT / "spec" / records[0].file).is_file()  # type: ignore[operator]


def _r(case: str, result: str, message: str = "", **more: object) -> CaseResult:
    return CaseResult(case=case, era="modern", result=result, adapter="e", message=message,
                      area="combat", file=f"cases/combat/{case}.toml", **more)  # type: ignore[arg-type]


OLD = [_r("a", "passed"), _r("b", "failed", "x", step=1, expected=1, observed=2),
       _r("c", "errored", "timed out"), _r("d", "unsupported", "e lacks feature(s): combat"),
       _r("e", "failed", "x", step=0, expected=1, observed=0), _r("gone", "passed"),
       _r("f", "unsupported", "e lacks feature(s): combat")]
NEW = [_r("a", "failed", "x", step=2, expected=3, observed=4), _r("b", "passed"),
       _r("c", "errored", "the engine exited (code 1)"), _r("d", "passed"),
       _r("e", "failed", "x", step=0, expected=1, observed=0), _r("h", "passed"),
       _r("f", "unsupported", "step 2 (observe matches of x): no")]


def test_diff_groups_every_change() -> None:
    d = diff_results(OLD, NEW)
    names = {g: [c.key[1] for c in cs] for g, cs in d.groups.items()}
    assert names == {"new_failures": ["a"], "fixed": ["b"], "changed_reasons": ["c", "f"],
                     "other": ["d"], "added": ["h"], "removed": ["gone"]}
    assert d.unchanged == 1 and d.regressed
    text = render_diff_markdown(d, names=("main", "pr"))
    assert "### New failures (1)" in text and "### Fixed (1)" in text
    assert "step 2: expected 3, observed 4" in text.replace("\\", "")
    assert "query matches: no" in text.replace("\\", "")
    assert not diff_results(OLD, OLD).regressed


def _write(path: Path, results: list[CaseResult], contents: dict[str, str] | None) -> None:
    header = {"format": 1, "suite": {}, "adapter": {}, "identity": {}}
    if contents is not None:
        header["contents"] = contents
    with JsonlWriter(path, header=header) as w:
        for r in results:
            w.write(r)


def test_diff_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old, new = tmp_path / "old.jsonl", tmp_path / "new.jsonl"
    _write(old, OLD, {"spec": "s1", "cases": "c1"})
    _write(new, NEW, {"spec": "s1", "cases": "c1"})
    assert main(["diff", str(old), str(new), "--markdown", str(tmp_path / "d.md")]) == 1
    captured = capsys.readouterr()
    assert "New failures (1):" in captured.out and "a [modern] (cases/combat/a.toml)" in \
        captured.out
    assert "warning" not in captured.err
    assert (tmp_path / "d.md").read_text("utf-8").startswith("## Conformance changes")
    assert main(["diff", str(new), str(new), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["unchanged"] == len(NEW) and doc["new_failures"] == []
    assert main(["diff", str(old), str(tmp_path / "missing.jsonl")]) == 2


def test_reports_of_different_spec_contents_warn(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    _write(a, OLD, {"spec": "s1", "cases": "c1"})
    _write(b, NEW, {"spec": "s1", "cases": "c2"})
    assert main(["report", str(a), str(b), "--markdown", str(tmp_path / "m.md")]) == 0
    assert "ran on different spec contents (case files differ)" in capsys.readouterr().err
    main(["diff", str(a), str(b)])
    assert "different spec contents" in capsys.readouterr().err
    assert contents_differences({"x": {"contents": {"spec": "1", "cases": "2"}},
                                 "y": {"contents": {"spec": "1", "cases": "2"}}}) == []
    assert "does not say" in contents_differences({"x": {"contents": {"spec": "1"}},
                                                   "y": None})[0]


def test_two_runs_of_one_spec_have_equal_contents(tmp_path: Path) -> None:
    cases = ROOT / "spec" / "cases" / "mana"
    reports = [tmp_path / "one.jsonl", tmp_path / "two.jsonl"]
    main(["run", "-q", "--report", str(reports[0]), str(cases)])
    main(["run", "-q", "--adapter", TINY, "--report", str(reports[1]),
          str(cases.parent / "characteristics")])
    headers = {str(p): load_report(p).header for p in reports}
    assert contents_differences(headers) == []
