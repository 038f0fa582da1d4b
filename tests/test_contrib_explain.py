"""``mtgconf explain``: the case in words and the reference engine's trace."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conformance.cli import main
from conformance.running.trace import describe_case, trace_case
from conformance.spec.catalog import default_spec
from conformance.spec.loader import load_case_file

SPLIT_CASE = "characteristics.split.combined.modern"

BOLT = """\
id = "casting.explain.bolt"
title = "Lightning Bolt deals 3 damage to a player"
rulings = ["TARGET-01"]
rules = ["601.2c", "608.2"]
eras = ["modern"]
features = ["casting", "stack", "targets", "damage"]

[setup]
mana_pool = {{ alice = "{{R}}" }}

[[setup.objects]]
handle = "bolt"
card = "Lightning Bolt"
zone = "hand"
owner = "alice"

[[steps]]
action = {{ type = "cast", player = "alice", object = "bolt", targets = ["bob"] }}

[[steps]]
action = {{ type = "resolve" }}

[[steps]]
observe = {{ query = "life", player = "bob" }}
expect = {life}
"""


def test_explain_shows_words_rulings_and_trace(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", SPLIT_CASE]) == 0
    out = capsys.readouterr().out
    spec = default_spec()
    assert "ruling SPLIT-M02: " + spec.rulings["SPLIT-M02"].statement[:40] in out
    assert "CR 709.4, 709.4a, 709.4b, 202.3d" in out
    assert "ww: Wax // Wane in alice's hand" in out
    assert "trace on the reference engine, era modern:" in out
    assert 'step 2: ask mana_cost of ww; expect "{G}{W}" -> observed "{G}{W}" [ok]' in out
    assert "the reference engine agrees with every step" in out


def test_explain_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", SPLIT_CASE, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["case"] == SPLIT_CASE and list(data["rulings"]) == ["SPLIT-M02"]
    (trace,) = data["traces"]
    assert trace["era"] == "modern" and trace["diverged_at"] is None
    assert [s["observed"] for s in trace["steps"]] == [["Wax", "Wane"], 2, "{G}{W}", True]


def test_unknown_case_suggests_similar_ids(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "split.combined"]) == 2
    err = capsys.readouterr().err
    assert "no case 'split.combined'" in err and SPLIT_CASE in err


def write_bolt(tmp_path: Path, life: int) -> Path:
    path = tmp_path / "bolt.toml"
    path.write_text(BOLT.format(life=life), "utf-8")
    return path


def test_trace_records_the_events_of_each_action(tmp_path: Path) -> None:
    spec = default_spec()
    case, errors = load_case_file(write_bolt(tmp_path, 17), spec)
    assert case is not None, errors
    trace = trace_case(case, spec, "modern")
    assert trace.diverged_at is None and not trace.error
    cast, resolve, life = trace.steps
    assert cast.outcome == "done" and any(e.startswith("cast: ") for e in cast.events)
    assert any(e.startswith("damage: ") and "amount=3" in e and "player=bob" in e
               for e in resolve.events)
    assert any("bolt#" in e for e in resolve.events)
    assert life.observed == 17 and life.matches
    words = describe_case(case, spec)
    assert "step 0: alice cast bolt targeting bob" in words


def test_explain_marks_the_diverging_step(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", str(write_bolt(tmp_path, 18))]) == 1
    out = capsys.readouterr().out
    assert "step 2: ask life of bob; expect 18 -> observed 17 [DIVERGES]" in out
    assert "first diverges from the case at step 2" in out


def test_explain_shows_a_rejected_action(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    path = write_bolt(tmp_path, 17)
    path.write_text(path.read_text("utf-8").replace('alice = "{R}"', 'alice = "{G}"'), "utf-8")
    assert main(["explain", str(path)]) == 1
    out = capsys.readouterr().out
    assert "step 0: alice cast bolt targeting bob -> rejected (cannot-pay" in out
