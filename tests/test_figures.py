"""Figures that are generated, never typed (issue 38): the numbers the engine reports in
``docs/engines/`` and the README publish are what a command computes from the results, and a
test fails when they differ. Hand-written notes may keep figures of earlier rounds only as
history, dated by the commit they were measured at."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conformance.reports.engines import ENGINES, check_figures, main
from conformance.reports.jsonl import read_report
from generators.emit import DEFAULT_PER_FAMILY

ROOT = Path(__file__).resolve().parent.parent
ENGINE_DOCS = ROOT / "docs" / "engines"
PUBLISHED = [e.name for e in ENGINES if (ENGINE_DOCS / f"{e.name}.md").is_file()
             and (ENGINE_DOCS / f"{e.name}.jsonl").is_file()]


@pytest.mark.parametrize("engine", PUBLISHED)
def test_every_published_figure_is_what_the_results_give(engine: str) -> None:
    """The headline count, the tables by area, era and set, and the reach table of each
    published report are what ``conformance.reports.engines.figures`` computes from its
    JSON-lines results (``python -m conformance.reports.engines --check``)."""
    md = (ENGINE_DOCS / f"{engine}.md").read_text("utf-8")
    assert check_figures(md, read_report(ENGINE_DOCS / f"{engine}.jsonl")) == []


@pytest.mark.parametrize("engine", PUBLISHED)
def test_a_typed_figure_is_caught(engine: str) -> None:
    """A headline count or a reach share changed by hand no longer matches: the check names
    the line the results give."""
    md = (ENGINE_DOCS / f"{engine}.md").read_text("utf-8")
    results = read_report(ENGINE_DOCS / f"{engine}.jsonl")
    headline = next(ln for ln in md.splitlines() if re.match(r"^\d+ results: ", ln))
    bumped = re.sub(r"^(\d+)", lambda m: str(int(m.group(1)) + 1), headline)
    assert check_figures(md.replace(headline, bumped), results) == [headline]
    share = next(ln for ln in md.splitlines() if re.match(r"^\| modern \| spec \| ", ln))
    assert check_figures(md.replace(share, share.replace("|", "| 1", 1)), results) == [share]


def test_the_check_command(capsys: pytest.CaptureFixture[str]) -> None:
    """``--check`` exits 0 on the published reports and says so."""
    assert main(["--check"]) == 0
    assert "every published figure is what its results give" in capsys.readouterr().out


def test_the_readme_states_the_default_generated_count() -> None:
    """The README's figure for the generated set is the run's default."""
    readme = (ROOT / "README.md").read_text("utf-8")
    found = re.search(r"adds a generated set by default \((\d+) cases of each", readme)
    assert found is not None and int(found.group(1)) == DEFAULT_PER_FAMILY


_FIGURE = re.compile(r"\d+(\.\d+)?% \(\d+/\d+\)|^\d+(\.\d+)?%?$")
_COMMIT = re.compile(r"\b[0-9a-f]{7,40}\b")


@pytest.mark.parametrize("notes", sorted(ENGINE_DOCS.glob("*.notes.md")), ids=lambda p: p.name)
def test_hand_written_notes_date_every_figure(notes: Path) -> None:
    """A figure in the notes (a share ``N.N% (a/b)`` or a table of counts) is history: its
    paragraph, or the paragraph before its table, names the commit it was measured at. The
    current figures are the generated report's, never typed."""
    blocks = notes.read_text("utf-8").split("\n\n")
    undated = []
    for i, block in enumerate(blocks):
        cells = [c.strip() for ln in block.splitlines() if ln.startswith("|")
                 for c in ln.strip("|").split("|")]
        prose = [ln for ln in block.splitlines() if not ln.startswith("|")]
        figured = any(_FIGURE.search(c) for c in cells) or any(
            _FIGURE.search(ln) for ln in prose)
        if not figured:
            continue
        context = block + ("\n" + blocks[i - 1] if i and block.startswith("|") else "")
        if not _COMMIT.search(context):
            undated.append(block[:120])
    assert not undated, undated
