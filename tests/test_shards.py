"""Shards that add up (issue 36): the JSON-lines reports of ``--shard 1/N`` ... ``N/N`` hold
exactly the results of one whole run, spec and generated cases alike, and ``mtgconf report``
merges them into the whole run's totals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conformance.cli import main

#: A slice of the spec with both eras, plus generated cases, keeps the test quick.
SELECTION = ["spec/cases/mana", "--generated", "12"]


def _results(path: Path) -> list[tuple[str, str, str]]:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return sorted((r["case"], r["era"], r["result"]) for r in rows if "result" in r)


@pytest.mark.parametrize("count", [2, 3])
def test_the_shards_of_a_run_hold_exactly_its_results(tmp_path: Path, count: int,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    whole = tmp_path / "whole.jsonl"
    assert main(["run", "-q", "--no-progress", *SELECTION, "--report", str(whole)]) == 0
    parts = []
    for i in range(1, count + 1):
        part = tmp_path / f"shard-{i}.jsonl"
        assert main(["run", "-q", "--no-progress", *SELECTION, "--shard", f"{i}/{count}",
                     "--report", str(part)]) == 0
        parts.append(part)
    pieces = [_results(p) for p in parts]
    assert all(pieces)  # every shard ran something
    merged = sorted(r for piece in pieces for r in piece)
    assert merged == _results(whole)  # nothing lost, nothing run twice
    assert len(set(merged)) == len(merged)

    capsys.readouterr()
    site = tmp_path / "site"
    assert main(["report", *map(str, parts), "--html", str(site)]) == 0
    summary = json.loads((site / "summary.json").read_text(encoding="utf-8"))
    [engine] = summary["engines"]
    counted = sum(n for area in summary["matrix"][engine].values()
                  for by_result in area.values() for n in by_result.values())
    assert counted == len(merged)  # the merged report counts each result once
