"""A static HTML conformance report: engines × rules areas × eras, with a drill-down to each case.

:func:`write_html` writes ``index.html`` (self-contained: inline CSS, no script, no network),
``summary.json`` (the matrix counts) and ``badges/<engine>.json`` in the shields.io endpoint
format (``https://img.shields.io/endpoint?url=...``). The matrix has one row per rules area and
one column per engine and era; each cell counts results by kind and links to the list of those
results. A failed result shows the expected and observed values, the step where the engine
diverged (highlighted in the case's TOML) and the message; an errored one shows its detail.
"""

from __future__ import annotations

import html
import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from conformance.results.files import atomic_write
from conformance.results.records import RESULT_KINDS, CaseResult
from conformance.spec.tomlindex import index_lines, line_of
from conformance.spec.tomlio import canonical_json

__all__ = ["Matrix", "badge", "build_matrix", "render_html", "write_html"]

#: Result kinds that count as a failure in a cell's colour.
_BAD = ("failed", "errored")
#: Kinds that mean the case did not run on that engine.
_NOT_RUN = ("unsupported", "skipped")

_CSS = """
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:2rem;color:#1b1f23;
 max-width:80rem}
h1{font-size:1.6rem}h2{margin-top:2.5rem;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:1rem 0}
th,td{border:1px solid #ccd;padding:.35rem .6rem;vertical-align:top}
th{background:#f3f4f6}
td.cell{text-align:center;min-width:7rem}
td.cell a{color:inherit;text-decoration:none;display:block}
td.cell .big{font-size:1.15rem;font-weight:600}
td.cell .small{font-size:.8rem}
.pass{background:#d9f2dd}.fail{background:#f8d4d4}.partial{background:#fff1c2}
.none{background:#eef0f2;color:#666}
.k-passed{color:#137333}.k-failed{color:#b3261e;font-weight:600}.k-errored{color:#8e24aa;
 font-weight:600}.k-unsupported{color:#8a6d00}.k-skipped{color:#666}
.k-known-failure{color:#00838f}.k-fixed{color:#137333;font-weight:600}
pre{background:#f6f8fa;padding:.6rem;overflow-x:auto;font-size:.85rem;line-height:1.35}
pre .hl{background:#ffe08a;display:inline-block;width:100%}
details{margin:.4rem 0 .4rem 0;border-left:3px solid #ccd;padding-left:.6rem}
details.bad{border-left-color:#b3261e}
summary{cursor:pointer}
dl.diff{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}
dl.diff dt{font-weight:600}dl.diff dd{margin:0;font-family:monospace}
ol.steps li.diverged{background:#ffe08a;font-weight:600}
.muted{color:#666;font-size:.9rem}
"""


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-") or "x"


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


@dataclass
class Matrix:
    """Counts of result kinds by engine, area and era."""

    engines: list[str]
    areas: list[str]
    eras: list[str]
    cells: dict[tuple[str, str, str], Counter[str]]

    def cell(self, engine: str, area: str, era: str) -> Counter[str]:
        """Counts for one cell (empty if no results)."""
        return self.cells.get((engine, area, era), Counter())

    def engine_total(self, engine: str) -> Counter[str]:
        """Counts over every area and era of ``engine``."""
        total: Counter[str] = Counter()
        for (eng, _, _), counts in self.cells.items():
            if eng == engine:
                total.update(counts)
        return total

    def to_dict(self) -> dict[str, Any]:
        """The matrix as JSON: ``{engine: {area: {era: {kind: n}}}}``."""
        out: dict[str, Any] = {}
        for (eng, area, era), counts in sorted(self.cells.items()):
            out.setdefault(eng, {}).setdefault(area, {})[era] = dict(sorted(counts.items()))
        return out


def engine_name(result: CaseResult) -> str:
    """How an engine is named in the report: the adapter name and version."""
    return f"{result.adapter} {result.adapter_version}".strip() or "engine"


def build_matrix(results: Iterable[CaseResult], *, areas: Sequence[str] = (),
                 eras: Sequence[str] = ()) -> Matrix:
    """Count ``results``; areas and eras keep the given order, unknown ones follow sorted."""
    cells: dict[tuple[str, str, str], Counter[str]] = {}
    engines: list[str] = []
    seen_areas: set[str] = set()
    seen_eras: set[str] = set()
    for r in results:
        eng = engine_name(r)
        if eng not in engines:
            engines.append(eng)
        seen_areas.add(r.area)
        seen_eras.add(r.era)
        cells.setdefault((eng, r.area, r.era), Counter())[r.result] += 1
    area_list = [a for a in areas if a in seen_areas] + sorted(seen_areas - set(areas))
    era_list = [e for e in eras if e in seen_eras] + sorted(seen_eras - set(eras))
    return Matrix(engines, area_list, era_list, cells)


def badge(counts: Counter[str], *, label: str = "MTG rules") -> dict[str, Any]:
    """A shields.io endpoint badge: passed out of every result that was not skipped."""
    total = sum(n for k, n in counts.items() if k != "skipped")
    passed = counts["passed"] + counts["fixed"]
    share = passed / total if total else 0.0
    color = ("brightgreen" if total and passed == total else "yellowgreen" if share >= 0.9
             else "yellow" if share >= 0.7 else "orange" if share >= 0.4 else "red")
    if counts["failed"] + counts["errored"] and color == "brightgreen":
        color = "yellowgreen"
    return {"schemaVersion": 1, "label": label, "message": f"{passed}/{total} passing",
            "color": color if total else "lightgrey"}


def _cell_class(counts: Counter[str]) -> str:
    if not counts:
        return "none"
    if any(counts[k] for k in _BAD):
        return "fail"
    ran = sum(n for k, n in counts.items() if k not in _NOT_RUN)
    if not ran:
        return "none"
    return "pass" if counts["passed"] + counts["fixed"] == sum(counts.values()) else "partial"


def _counts_line(counts: Counter[str]) -> str:
    return " · ".join(f'<span class="k-{k}">{counts[k]} {k}</span>'
                      for k in RESULT_KINDS if counts[k] and k != "passed")


def _anchor(engine: str, area: str, era: str) -> str:
    return f"r-{_slug(engine)}--{_slug(area)}--{_slug(era)}"


def _matrix_html(m: Matrix) -> list[str]:
    out = ['<table class="matrix" id="matrix">', "<thead><tr><th rowspan=2>rules area</th>"]
    out += [f'<th colspan="{len(m.eras)}">{_e(eng)}</th>' for eng in m.engines]
    out.append("</tr><tr>")
    out += [f"<th>{_e(era)}</th>" for _ in m.engines for era in m.eras]
    out.append("</tr></thead><tbody>")
    for area in [*m.areas, "all"]:
        out.append(f"<tr><th>{_e(area)}</th>")
        for eng in m.engines:
            for era in m.eras:
                if area == "all":
                    counts: Counter[str] = Counter()
                    for a in m.areas:
                        counts.update(m.cell(eng, a, era))
                else:
                    counts = m.cell(eng, area, era)
                total = sum(counts.values())
                if not total:
                    out.append('<td class="cell none">–</td>')
                    continue
                others = _counts_line(counts)
                inner = (f'<span class="big">{counts["passed"]}/{total}</span>'
                         f'<br><span class="small">passed{"; " if others else ""}'
                         f'{others}</span>')
                if area != "all":
                    inner = f'<a href="#{_anchor(eng, area, era)}">{inner}</a>'
                out.append(f'<td class="cell {_cell_class(counts)}" '
                           f'data-engine="{_e(eng)}" data-area="{_e(area)}" '
                           f'data-era="{_e(era)}">{inner}</td>')
        out.append("</tr>")
    out.append("</tbody></table>")
    return out


def _toml_html(text: str, step: int | None) -> str:
    """The case's TOML with the lines of step ``step`` highlighted."""
    lines = text.splitlines()
    start = end = None
    if step is not None:
        index = index_lines(text)
        start = line_of(index, ["steps", step])
        if start is not None:
            nxt = line_of(index, ["steps", step + 1])
            end = (nxt - 1) if nxt and nxt > start else len(lines)
            while end > start and not lines[end - 1].strip():
                end -= 1
    rendered = []
    for number, line in enumerate(lines, 1):
        esc = _e(line) or " "
        if start is not None and end is not None and start <= number <= end:
            rendered.append(f'<span class="hl">{esc}</span>')
        else:
            rendered.append(esc)
    return "<pre class=\"toml\">" + "\n".join(rendered) + "</pre>"


CaseSource = Callable[[CaseResult], tuple[str | None, list[str]]]
"""Given a result, the case's TOML text and its steps described in words (may be empty)."""


def _result_html(r: CaseResult, source: CaseSource) -> list[str]:
    bad = r.result in _BAD or r.result == "known-failure"
    cls = "bad" if bad else ""
    head = (f'<summary><span class="k-{r.result}">{_e(r.result)}</span> '
            f'<code>{_e(r.case)}</code> {_e(r.title)}</summary>')
    out = [f'<details class="result {cls}" id="{_e(_result_id(r))}"'
           f'{" open" if bad else ""}>', head]
    out.append(f'<p class="muted">file {_e(r.file)} · rulings {_e(", ".join(r.rulings))}'
               f' · CR {_e(", ".join(r.rules))} · {r.duration_ms:.1f} ms</p>')
    if r.message:
        out.append(f"<p class=\"message\">{_e(r.message)}</p>")
    if r.result in ("failed", "known-failure"):
        out.append('<dl class="diff">')
        out.append(f"<dt>step</dt><dd>{_e(r.step)}</dd>")
        out.append(f"<dt>expected</dt><dd class=\"expected\">{_e(canonical_json(r.expected))}"
                   "</dd>")
        out.append(f"<dt>observed</dt><dd class=\"observed\">{_e(canonical_json(r.observed))}"
                   "</dd></dl>")
    if r.baseline_reason:
        out.append(f"<p>baseline: {_e(r.baseline_reason)}</p>")
    if r.detail:
        out.append(f"<pre class=\"detail\">{_e(r.detail.strip()[-4000:])}</pre>")
    text, steps = source(r)
    if bad and steps:
        out.append("<p>Steps (the one where the engine diverged is marked):</p><ol start=0 "
                   "class=\"steps\">")
        out += [f'<li{" class=diverged" if i == r.step else ""}>{_e(s)}</li>'
                for i, s in enumerate(steps)]
        out.append("</ol>")
    if text is not None:
        if bad:
            out.append(_toml_html(text, r.step))
        else:
            out.append(f'<p><a href="#{_e(_case_anchor(r.case))}">the case\'s TOML</a></p>')
    out.append("</details>")
    return out


def _result_id(r: CaseResult) -> str:
    return f"res-{_slug(engine_name(r))}--{_slug(r.case)}--{_slug(r.era)}"


def _case_anchor(case: str) -> str:
    return f"case-{_slug(case)}"


def render_html(results: Sequence[CaseResult], *, title: str = "MTG rules conformance",
                areas: Sequence[str] = (), eras: Sequence[str] = (),
                source: CaseSource | None = None, generated: str = "") -> str:
    """The report page as one HTML document."""
    src: CaseSource = source or (lambda r: (None, []))
    m = build_matrix(results, areas=areas, eras=eras)
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>{_e(title)}</title><style>{_CSS}</style></head><body>",
           f"<h1>{_e(title)}</h1>"]
    total = Counter(r.result for r in results)
    out.append(f'<p class="muted">{len(results)} results from {len(m.engines)} engine(s)'
               + (f"; {_e(generated)}" if generated else "") + ". "
               + ", ".join(f"{total[k]} {k}" for k in RESULT_KINDS if total[k]) + "</p>")
    out.append("<h2>Engines × rules areas × eras</h2>")
    out.append('<p class="muted">Each cell: passed out of all results, then the other kinds. '
               "Unsupported cases (a feature or era the engine does not declare) are counted "
               "apart from failures. Click a cell for its cases.</p>")
    out += _matrix_html(m)
    out.append("<h2>Engines</h2><ul>")
    for eng in m.engines:
        b = badge(m.engine_total(eng))
        out.append(f'<li><a href="#eng-{_slug(eng)}">{_e(eng)}</a>: {_e(b["message"])} '
                   f'(badge: <code>badges/{_slug(eng)}.json</code>)</li>')
    out.append("</ul>")
    grouped: dict[tuple[str, str, str], list[CaseResult]] = {}
    for r in results:
        grouped.setdefault((engine_name(r), r.area, r.era), []).append(r)
    for eng in m.engines:
        out.append(f'<h2 id="eng-{_slug(eng)}">{_e(eng)}</h2>')
        for area in m.areas:
            for era in m.eras:
                rs = grouped.get((eng, area, era))
                if not rs:
                    continue
                rs = sorted(rs, key=lambda r: (r.result not in _BAD, r.result, r.case))
                counts = Counter(r.result for r in rs)
                out.append(f'<h3 id="{_anchor(eng, area, era)}">{_e(area)}, {_e(era)}: '
                           f'{counts["passed"]}/{len(rs)} passed</h3>')
                for r in rs:
                    out += _result_html(r, src)
    out.append("<h2>Cases</h2>")
    by_case: dict[str, list[CaseResult]] = {}
    for r in results:
        by_case.setdefault(r.case, []).append(r)
    for case in sorted(by_case):
        rs = by_case[case]
        text, _ = src(rs[0])
        marks = ", ".join(f'<span class="k-{r.result}">{_e(engine_name(r))} [{_e(r.era)}]: '
                          f"{_e(r.result)}</span>" for r in rs)
        out.append(f'<details class="case" id="{_case_anchor(case)}"><summary><code>'
                   f"{_e(case)}</code> {_e(rs[0].title)}</summary><p>{marks}</p>")
        if text is not None:
            out.append(_toml_html(text, None))
        out.append("</details>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def write_html(results: Sequence[CaseResult], directory: Path | str, *,
               title: str = "MTG rules conformance", areas: Sequence[str] = (),
               eras: Sequence[str] = (), source: CaseSource | None = None,
               generated: str = "") -> Path:
    """Write ``index.html``, ``summary.json`` and one badge per engine; return the page path."""
    root = Path(directory)
    (root / "badges").mkdir(parents=True, exist_ok=True)
    page = root / "index.html"
    atomic_write(page, render_html(results, title=title, areas=areas, eras=eras,
                                    source=source, generated=generated))
    m = build_matrix(results, areas=areas, eras=eras)
    badges: dict[str, Mapping[str, Any]] = {}
    for eng in m.engines:
        b = badge(m.engine_total(eng))
        badges[eng] = b
        atomic_write(root / "badges" / f"{_slug(eng)}.json",
                      json.dumps(b, indent=2, sort_keys=True) + "\n")
    summary = {"engines": m.engines, "areas": m.areas, "eras": m.eras,
               "matrix": m.to_dict(), "badges": badges}
    atomic_write(root / "summary.json", json.dumps(summary, indent=2, sort_keys=True) + "\n")
    return page
