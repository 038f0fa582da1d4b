"""The engine author's path (issue 16), as an author meets it: the guide's transcript and example
engine, ``mtgconf smoke``, ``features``, ``eras``, ``explain --adapter`` and generated cases that
can be opened from a report."""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path

import pytest

from conformance.authoring import guide
from conformance.cli import main
from conformance.reports.jsonl import read_report

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "engine-authors.md"
SERVED = f"cmd:{sys.executable} -m conformance.adapters.serve reference"
TINY = f"cmd:{sys.executable} {ROOT / 'examples' / 'tiny_engine.py'}"
FAULTY = f"{sys.executable} {ROOT / 'tests' / 'engines' / 'faulty_engine.py'}"


def _block(name: str) -> str:
    text = GUIDE.read_text("utf-8")
    m = re.search(rf"<!-- {name}:begin -->\n```\w*\n(.*?)```\n<!-- {name}:end -->", text, re.S)
    assert m, name
    return m.group(1)


def _features_aside(text: str) -> str:
    return re.sub(r'"features": \[[^]]*\]', '"features": [...]', text)


@pytest.fixture(autouse=True)
def _no_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)


def test_the_guide_transcript_is_a_real_run(capsys: pytest.CaptureFixture[str]) -> None:
    """The guide's blocks equal a fresh recording (but for the reference engine's list of
    features, which grows: `python -m conformance.authoring.guide` rewrites it), and the
    command the guide names prints the same."""
    blocks = guide.render_blocks(guide.record(ROOT / guide.CASE, SERVED[4:].split()))
    assert _features_aside(blocks["transcript"]) == _features_aside(
        "```text\n" + _block("transcript") + "```")
    assert blocks["start-request"] == "```json\n" + _block("start-request") + "```"
    code = main(["explain", "--transcript", "--adapter", SERVED, str(ROOT / guide.CASE)])
    assert code == 0
    assert _features_aside(capsys.readouterr().out) == _features_aside(_block("transcript"))
    start = json.loads(_block("start-request"))
    assert set(start["cards"]) == {"Fire // Ice", "Grizzly Bears"}
    requests = [json.loads(line[2:]) for line in _block("transcript").splitlines()[::2]]
    assert [r["cmd"] for r in requests] == ["hello", "start", "perform", "observe", "perform",
                                            "observe", "end", "quit"]
    assert [r["seq"] for r in requests] == list(range(1, 9))


def test_the_guide_documents_every_card_and_setup_field() -> None:
    text = GUIDE.read_text("utf-8")
    card = json.loads((ROOT / "spec" / "schema" / "card.schema.json").read_text("utf-8"))
    case = json.loads((ROOT / "spec" / "schema" / "case.schema.json").read_text("utf-8"))
    fields = [*card["properties"], *card["$defs"]["face"]["properties"],
              *case["$defs"]["setup"]["properties"], *case["$defs"]["object"]["properties"]]
    missing = [f for f in fields if f"`{f}`" not in text]
    assert not missing, f"fields the guide does not describe: {missing}"


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_the_guide_engine_passes_smoke_and_runs(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    engine = tmp_path / "engine.js"
    engine.write_text(_block("engine"), "utf-8")
    adapter = f"cmd:node {engine}"
    assert main(["smoke", "--adapter", adapter]) == 0
    out = capsys.readouterr().out
    assert "ok an unknown query is answered unsupported" in out
    code = main(["run", "-q", "--adapter", adapter, "spec/cases/characteristics"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "lacks era invasion-2000" in out


def test_smoke_gives_advice_on_a_broken_engine(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["smoke", "--adapter", f"cmd:{FAULTY} --fault garbage --on observe",
                 "--max-cases", "2"])
    out = capsys.readouterr().out
    assert code == 1
    assert "errored" in out
    assert "advice: write exactly one JSON object per line on stdout" in out


def test_smoke_names_the_reply_that_never_came(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["smoke", "--adapter", f"cmd:{FAULTY} --fault hang --on observe",
                 "--max-cases", "1", "--timeout", "3"])  # only the hung reply meets 3 s
    out = capsys.readouterr().out
    assert code == 1
    assert "no reply to 'observe'" in out
    assert "flush stdout after each line" in out


def test_smoke_names_unknown_eras_and_features(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "typo_engine.py").write_text(
        "from conformance.adapters.reference import ReferenceAdapter\n"
        "from conformance.adapter import AdapterInfo\n\n\n"
        "class Typo(ReferenceAdapter):\n"
        "    def info(self):\n"
        "        return AdapterInfo(name='typo', version='1', eras=('modrn',),\n"
        "                           features=frozenset({'split-card', 'characteristics'}))\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert main(["smoke", "--adapter", "typo_engine:Typo"]) == 1
    out = capsys.readouterr().out
    assert "declares unknown era 'modrn' (did you mean 'modern'?)" in out
    assert "declares unknown feature 'split-card' (did you mean 'split-cards'?)" in out


def test_an_engine_that_cannot_start_is_a_usage_error(capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    assert main(["smoke", "--adapter", "cmd:/no/such/engine"]) == 2
    err = capsys.readouterr().err
    assert "cannot start engine" in err and '"cmd": "hello"' in err


def test_features_and_eras(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["features", "--json", "--adapter", TINY]) == 0
    data = json.loads(capsys.readouterr().out)
    rows = {r["feature"]: r for r in data["features"]}
    assert rows["split-cards"]["declared"] is True and rows["combat"]["declared"] is False
    assert rows["split-cards"]["rules"] == ["709"] and rows["split-cards"]["cases"] > 10
    assert "timing" in data["failures"]
    assert main(["eras"]) == 0
    out = capsys.readouterr().out
    assert "invasion-2000" in out and "split_characteristics = two-sets" in out


def test_explain_with_an_adapter_shows_each_exchange(capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    case = "spec/cases/characteristics/audit-ghostfire-colorless-in-hand.toml"
    code = main(["explain", "--adapter", TINY, case])
    out = capsys.readouterr().out
    assert code == 1  # the tiny engine says unsupported (a static ability)
    assert "on tiny 1.0, era modern: UNSUPPORTED" in out
    assert '> {"cmd": "start"' in out and '< {"seq": 2, "unsupported":' in out
    assert "reference: observed []" in out


def test_a_generated_failure_can_be_opened(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """Its TOML is in the JSONL record, byte for byte what `mtgconf generate --out` writes,
    and `mtgconf explain` finds its id."""
    report = tmp_path / "r.jsonl"
    main(["run", "-q", "--adapter", "null", "--generated", "4", "spec/cases/mana/"
          "audit2-no-mana-burn-modern.toml", "--report", str(report)])
    generated = [r for r in read_report(report) if r.generated and r.result != "passed"]
    assert generated and all(r.case_text for r in generated)
    assert main(["generate", "--seed", "20001002", "--count", "4", "--out",
                 str(tmp_path / "gen")]) == 0
    for r in generated:
        written = next((tmp_path / "gen").rglob(f"{r.case}.toml")).read_bytes()
        assert r.case_text.encode("utf-8") == written
    capsys.readouterr()
    assert main(["explain", generated[0].case, "--era", generated[0].era]) == 0
    out = capsys.readouterr().out
    assert generated[0].case_text.rstrip() in out
    assert main(["explain", "gen.no-such-family.s1.i0"]) == 2
