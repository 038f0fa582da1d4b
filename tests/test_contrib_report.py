"""``mtgconf report --html``: the engines × areas × eras matrix, drill-down, badges, and what a
person sees when Chromium renders the page."""

from __future__ import annotations

import json
import re
import shutil
import struct
import subprocess
import zlib
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from conformance.adapter import AdapterInfo, Outcome, StartRequest
from conformance.adapters.reference import ReferenceAdapter
from conformance.cli import main
from conformance.reports.html import badge, build_matrix, render_area_page, render_html
from conformance.reports.jsonl import JsonlWriter, read_report
from conformance.running.runner import Runner
from conformance.spec.catalog import default_spec
from conformance.spec.loader import load_cases

CASES = Path(__file__).resolve().parent.parent / "spec" / "cases" / "characteristics"
WRONG = "characteristics.split.mana-value-in-library.modern"


class OffByOneSession:
    """A reference session that answers every mana value one too high."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def perform(self, action: Mapping[str, Any]) -> Outcome:
        outcome: Outcome = self.inner.perform(action)
        return outcome

    def observe(self, query: Mapping[str, Any]) -> Any:
        value = self.inner.observe(query)
        if query.get("query") == "mana_value" and isinstance(value, int):
            return value + 1
        return value

    def close(self) -> None:
        self.inner.close()


class OffByOneAdapter:
    """A deliberately wrong third-party engine, modern rules only."""

    def __init__(self) -> None:
        self.inner = ReferenceAdapter()

    def info(self) -> AdapterInfo:
        return replace(self.inner.info(), name="off-by-one", version="0.9", eras=("modern",))

    def start(self, request: StartRequest) -> OffByOneSession:
        return OffByOneSession(self.inner.start(request))

    def close(self) -> None:
        self.inner.close()


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    spec = default_spec()
    cases = load_cases([CASES], spec).cases
    paths = []
    for adapter in (ReferenceAdapter(), OffByOneAdapter()):
        path = tmp_path_factory.mktemp("reports") / f"{adapter.info().name}.jsonl"
        with Runner(adapter, spec=spec) as runner, JsonlWriter(path) as writer:
            for result in runner.run(cases):
                writer.write(result)
        paths.append(path)
    return paths


@pytest.fixture(scope="module")
def site(reports: list[Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    assert main(["report", *map(str, reports), "--html", str(out),
                 "--markdown", str(out / "report.md")]) == 0
    return out


def test_summary_matrix_counts_every_result(reports: list[Path], site: Path) -> None:
    summary = json.loads((site / "summary.json").read_text("utf-8"))
    assert summary["engines"] == ["reference 0.1.0", "off-by-one 0.9"]
    assert summary["eras"] == ["invasion-2000", "modern"]
    ref = summary["matrix"]["reference 0.1.0"]["characteristics"]
    results = read_report(reports[0])
    assert sum(ref["modern"].values()) + sum(ref["invasion-2000"].values()) == len(results)
    assert set(ref["modern"]) == {"passed"}
    wrong = summary["matrix"]["off-by-one 0.9"]["characteristics"]
    assert wrong["modern"]["failed"] >= 1
    assert set(wrong["invasion-2000"]) == {"unsupported"}


def test_badges_use_the_shields_endpoint_format(site: Path) -> None:
    ref = json.loads((site / "badges" / "reference-0-1-0.json").read_text("utf-8"))
    assert ref["schemaVersion"] == 1 and ref["color"] == "brightgreen"
    assert re.fullmatch(r"(\d+)/\1 passing", ref["message"])
    wrong = json.loads((site / "badges" / "off-by-one-0-9.json").read_text("utf-8"))
    passed, total = map(int, re.findall(r"\d+", wrong["message"]))
    assert passed < total and wrong["color"] != "brightgreen"
    assert set(wrong) == {"schemaVersion", "label", "message", "color"}


def test_badge_colors() -> None:
    from collections import Counter

    assert badge(Counter(passed=10))["color"] == "brightgreen"
    assert badge(Counter(passed=9, failed=1))["color"] == "yellowgreen"
    assert badge(Counter(passed=1, failed=9))["color"] == "red"
    assert badge(Counter())["color"] == "lightgrey"
    assert badge(Counter(passed=3, skipped=5))["message"] == "3/3 passing"


def test_failed_case_drill_down(site: Path) -> None:
    index = (site / "index.html").read_text("utf-8")
    page = (site / "off-by-one-0-9" / "characteristics.html").read_text("utf-8")
    anchor = 'id="res-off-by-one-0-9--characteristics-split-mana-value-in-library-modern--modern"'
    start = page.index(anchor)
    block = page[start:page.index("</details>", start)]
    assert " open>" in block.split("\n", 1)[0]
    assert '<dd class="expected">5</dd>' in block
    assert '<dd class="observed">6</dd>' in block
    assert "<dt>step</dt><dd>0</dd>" in block
    assert '<li class=diverged>ask mana_value of ab; expect 5</li>' in block
    assert '<span class="hl">observe = { query = &quot;mana_value&quot;' in block
    assert f'id = &quot;{WRONG}&quot;' in block
    assert ('href="off-by-one-0-9/characteristics.html#r-off-by-one-0-9--characteristics--'
            'modern"') in index
    assert 'id="r-off-by-one-0-9--characteristics--modern"' in page
    # the ruling's statement and the CR numbers on the failure itself
    assert "<li><b>SPLIT-M02</b>: " in block and "· CR 709.4" in block
    assert (site / "report.md").read_text("utf-8").count(f"`{WRONG}` (modern): failed") == 1


def test_render_without_sources_and_unknown_areas() -> None:
    from conformance.results.records import CaseResult

    results = [CaseResult(case="x.y", era="future", result="errored", adapter="e",
                          adapter_version="1", area="planar", message="boom <b>",
                          detail="Traceback")]
    page = render_area_page(results, engine="e 1", area="planar", eras=("future",),
                            title="t", source=lambda r: (None, []), rulings={})
    assert "boom &lt;b&gt;" in page and "<pre class=\"detail\">Traceback</pre>" in page
    assert 'href="e-1/planar.html"' in render_html(results, areas=("characteristics",),
                                                   eras=("modern",))
    m = build_matrix(results, areas=("characteristics",), eras=("modern",))
    assert (m.areas, m.eras) == (["planar"], ["future"])


def test_report_command_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_text("", "utf-8")
    assert main(["report", str(empty), "--html", str(tmp_path / "out")]) == 2
    assert "no results" in capsys.readouterr().err
    assert main(["report", str(tmp_path / "absent.jsonl"), "--html", str(tmp_path)]) == 2


# -- in a real browser --------------------------------------------------------------------------


def _browser() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def _chromium(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    browser = _browser()
    assert browser is not None
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--disable-dev-shm-usage", "--virtual-time-budget=2000",
             f"--user-data-dir={tmp_path / 'profile'}"]
    return subprocess.run([browser, *flags, *args], capture_output=True, text=True,
                          timeout=120, check=False)


def _png_pixels(data: bytes) -> tuple[int, int, list[tuple[int, int, int]]]:
    """Decode an 8-bit RGB/RGBA, non-interlaced PNG (what Chromium writes) into pixels."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat = 8, b""
    width = height = channels = 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", chunk)
            assert depth == 8 and interlace == 0 and color in (2, 6)
            channels = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows: list[bytearray] = []
    prev = bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[i] = (line[i] + pred) & 255
        rows.append(line)
        prev = line
    pixels = [(row[x], row[x + 1], row[x + 2]) for row in rows
              for x in range(0, stride, channels)]
    return width, height, pixels


@pytest.mark.skipif(_browser() is None,
                    reason="headless Chromium is not installed (apt-get install -y chromium)")
def test_chromium_renders_the_matrix_and_the_failure(site: Path, tmp_path: Path) -> None:
    url = (site / "index.html").as_uri()
    dom = _chromium(tmp_path, "--dump-dom", url)
    assert dom.returncode == 0, dom.stderr[-2000:]
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", dom.stdout))
    assert "Engines × rules areas × eras" in text
    assert "reference 0.1.0" in text and "off-by-one 0.9" in text
    area = _chromium(tmp_path, "--dump-dom",
                     (site / "off-by-one-0-9" / "characteristics.html").as_uri())
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", area.stdout))
    assert re.search(r"characteristics, modern: \d+/\d+ passed", text)
    assert "expected 5 observed 6" in text
    shot = tmp_path / "page.png"
    run = _chromium(tmp_path, "--window-size=1200,900", "--hide-scrollbars",
                    f"--screenshot={shot}", url)
    assert run.returncode == 0 and shot.exists(), run.stderr[-2000:]
    width, height, pixels = _png_pixels(shot.read_bytes())
    assert (width, height) == (1200, 900)
    colors = set(pixels)
    # what a person sees: a green cell for the reference engine, a red one for the wrong engine
    assert (0xD9, 0xF2, 0xDD) in colors
    assert (0xF8, 0xD4, 0xD4) in colors
    assert len(colors) > 50


@pytest.mark.slow
def test_report_of_an_engine_speaking_the_protocol(reports: list[Path], tmp_path: Path) -> None:
    """The example engine in another process (JSON lines), next to the reference engine."""
    import sys

    tiny = Path(__file__).resolve().parent.parent / "examples" / "tiny_engine.py"
    report = tmp_path / "tiny.jsonl"
    assert main(["run", "--adapter", f"cmd:{sys.executable} {tiny}", "--report", str(report),
                 "-q", "--no-progress", str(CASES)]) in (0, 1)
    site = tmp_path / "site"
    assert main(["report", str(reports[0]), str(report), "--html", str(site)]) == 0
    summary = json.loads((site / "summary.json").read_text("utf-8"))
    assert summary["engines"] == ["reference 0.1.0", "tiny 1.0"]
    tiny_cells = summary["matrix"]["tiny 1.0"]["characteristics"]
    assert tiny_cells["modern"].get("passed", 0) >= 1
    assert set(tiny_cells["invasion-2000"]) == {"unsupported"}
    page = (site / "tiny-1-0" / "characteristics.html").read_text("utf-8")
    assert "tiny does not implement era" in page


def _page_width(tmp_path: Path, page: Path, width: int) -> int:
    """How wide ``page`` lays out in a ``width`` px window: a copy of it whose script writes
    the document's scroll width into the DOM that Chromium dumps."""
    probe = page.with_name(page.stem + "-probe.html")
    probe.write_text(page.read_text("utf-8").replace(
        "</body>", "<p id=probe></p><script>document.getElementById('probe').textContent="
                   "'W='+document.documentElement.scrollWidth</script></body>"), "utf-8")
    dom = _chromium(tmp_path, f"--window-size={width},900", "--dump-dom", probe.as_uri())
    found = re.search(r"W=(\d+)", dom.stdout)
    assert found, dom.stderr[-2000:]
    return int(found.group(1))


@pytest.mark.skipif(_browser() is None,
                    reason="headless Chromium is not installed (apt-get install -y chromium)")
def test_pages_fit_a_700px_screen(site: Path, tmp_path: Path) -> None:
    """No sideways scrolling of the page at 700 px (the matrix may scroll inside its box)."""
    for page in (site / "index.html", site / "off-by-one-0-9" / "characteristics.html"):
        assert _page_width(tmp_path, page, 700) <= 700, page


def test_one_page_per_engine_and_area(site: Path) -> None:
    summary = json.loads((site / "summary.json").read_text("utf-8"))
    assert summary["pages"]["off-by-one 0.9"] == {
        "characteristics": "off-by-one-0-9/characteristics.html"}
    index = (site / "index.html").read_text("utf-8")
    assert "<details" not in index  # the index holds the matrix, never every result
    page = (site / "reference-0-1-0" / "characteristics.html").read_text("utf-8")
    assert '<a href="../index.html">' in page and "passing</summary>" in page


def test_a_generated_failure_shows_its_toml(tmp_path: Path) -> None:
    from conformance.results.records import CaseResult

    text = 'id = "gen.x.s1.i0"\ntitle = "T"\n'
    r = CaseResult(case="gen.x.s1.i0", era="modern", result="failed", adapter="e",
                   adapter_version="1", area="objects", file="<generated:x/gen.x.s1.i0.toml>",
                   generated=True, case_text=text, expected=1, observed=2, step=0)
    page = render_area_page([r], engine="e 1", area="objects", eras=("modern",), title="t",
                            source=lambda r: (None, []), rulings={})
    assert "id = &quot;gen.x.s1.i0&quot;" in page and "mtgconf explain gen.x.s1.i0" in page
