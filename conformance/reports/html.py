"""A static HTML conformance report: engines × rules areas × eras, with a drill-down to each case.

:func:`write_html` writes ``index.html`` (the matrix: one row per rules area, one column per
engine and era, each cell counting results by kind), one page per engine and rules area
(``<engine>/<area>.html``) so no page grows with the whole run, ``summary.json`` (the matrix
counts) and ``badges/<engine>.json`` in the shields.io endpoint format
(``https://img.shields.io/endpoint?url=...``). Pages are self-contained (inline CSS, no script, no
network) and readable on a narrow screen (700 px). On an area page each result that did not pass
shows its rulings' statements and CR numbers, the expected and observed values, the step where the
engine diverged (highlighted in the case's TOML, which for a generated case comes from the report
itself) and the message; an errored one shows its detail; the passing ones are a list.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from conformance.results.blockers import unsupported_reason
from conformance.results.files import atomic_write
from conformance.results.records import RESULT_KINDS, CaseResult
from conformance.spec.tomlindex import index_lines, line_of
from conformance.spec.tomlio import canonical_json

from .html_unsupported import UNSUPPORTED_PAGE, next_table, render_unsupported_page

__all__ = ["Matrix", "badge", "build_matrix", "page_of", "render_area_page", "render_html",
           "write_html"]

#: Result kinds that count as a failure in a cell's colour.
_BAD = ("failed", "errored")
#: Kinds that mean the case did not run on that engine.
_NOT_RUN = ("unsupported", "skipped")

_CSS = """
*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:1rem auto;padding:0 1rem;
 color:#1b1f23;max-width:80rem;line-height:1.4}
h1{font-size:1.6rem}h2{margin-top:2.5rem;border-bottom:1px solid #ddd}
nav{font-size:.9rem;margin:.5rem 0}
.scroll{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;margin:1rem 0}
th,td{border:1px solid #ccd;padding:.35rem .6rem;vertical-align:top}
th{background:#f3f4f6}
td.cell{text-align:center;min-width:5.5rem}
td.cell a{color:inherit;text-decoration:none;display:block}
td.cell .big{font-size:1.15rem;font-weight:600}
td.cell .small{font-size:.8rem}
.pass{background:#d9f2dd}.fail{background:#f8d4d4}.partial{background:#fff1c2}
.none{background:#eef0f2;color:#666}
.k-passed{color:#137333}.k-failed{color:#b3261e;font-weight:600}.k-errored{color:#8e24aa;
 font-weight:600}.k-unsupported{color:#8a6d00}.k-skipped{color:#666}
.k-known-failure{color:#00838f}.k-fixed{color:#137333;font-weight:600}
pre{background:#f6f8fa;padding:.6rem;overflow-x:auto;font-size:.85rem;line-height:1.35;
 white-space:pre-wrap;overflow-wrap:anywhere}
pre .hl{background:#ffe08a;display:inline-block;width:100%}
code{overflow-wrap:anywhere}
details{margin:.4rem 0 .4rem 0;border-left:3px solid #ccd;padding-left:.6rem}
details.bad{border-left-color:#b3261e}
summary{cursor:pointer;overflow-wrap:anywhere}
dl.diff{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.2rem 1rem}
dl.diff dt{font-weight:600}dl.diff dd{margin:0;font-family:monospace;overflow-wrap:anywhere}
ol.steps li.diverged{background:#ffe08a;font-weight:600}
ul.rulings li{margin:.2rem 0}
ul.passing{columns:2 22rem;font-size:.9rem}
.muted{color:#666;font-size:.9rem;overflow-wrap:anywhere}
@media (max-width:720px){body{padding:0 .5rem}dl.diff{grid-template-columns:minmax(0,1fr)}
 td.cell{min-width:4rem}th,td{padding:.25rem .35rem}}
"""


def _slug(text: str) -> str:
    """A file-name and anchor-safe form of ``text``; a long one (an engine may name itself
    with kilobytes) is cut and given a hash of the whole, so it stays a valid file name."""
    slug = re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-") or "x"
    if len(slug) > 64:
        digest = hashlib.sha256(text.encode("utf-8", "backslashreplace")).hexdigest()[:10]
        slug = f"{slug[:52].rstrip('-')}-{digest}"
    return slug


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


def page_of(engine: str, area: str) -> str:
    """The page of one engine's results in one rules area, relative to ``index.html``."""
    return f"{_slug(engine)}/{_slug(area)}.html"


def _matrix_html(m: Matrix) -> list[str]:
    out = ['<div class="scroll"><table class="matrix" id="matrix">',
           "<thead><tr><th rowspan=2>rules area</th>"]
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
                    inner = (f'<a href="{_e(page_of(eng, area))}#{_anchor(eng, area, era)}">'
                             f"{inner}</a>")
                out.append(f'<td class="cell {_cell_class(counts)}" '
                           f'data-engine="{_e(eng)}" data-area="{_e(area)}" '
                           f'data-era="{_e(era)}">{inner}</td>')
        out.append("</tr>")
    out.append("</tbody></table></div>")
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


def _result_html(r: CaseResult, source: CaseSource, rulings: Mapping[str, str]) -> list[str]:
    """One result that did not pass, with everything needed to act on it."""
    bad = r.result in _BAD or r.result == "known-failure"
    cls = "bad" if bad else ""
    head = (f'<summary><span class="k-{r.result}">{_e(r.result)}</span> '
            f'<code>{_e(r.case)}</code> {_e(r.title)}</summary>')
    out = [f'<details class="result {cls}" id="{_e(_result_id(r))}"'
           f'{" open" if bad else ""}>', head]
    where = r.file or "(no file)"
    out.append(f'<p class="muted">file {_e(where)} · CR {_e(", ".join(r.rules))} · '
               f"{r.duration_ms:.1f} ms</p>")
    if r.rulings:
        out.append('<ul class="rulings">')
        for rid in r.rulings:
            statement = rulings.get(rid, "")
            out.append(f"<li><b>{_e(rid)}</b>" + (f": {_e(statement)}" if statement else "")
                       + "</li>")
        out.append("</ul>")
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
    if text is None and r.case_text:
        text = r.case_text
    if bad and steps:
        out.append("<p>Steps (the one where the engine diverged is marked):</p><ol start=0 "
                   "class=\"steps\">")
        out += [f'<li{" class=diverged" if i == r.step else ""}>{_e(s)}</li>'
                for i, s in enumerate(steps)]
        out.append("</ol>")
    if text is not None:
        out.append(_toml_html(text, r.step if bad else None))
    if r.generated:
        out.append('<p class="muted">a generated case: save the TOML above as a file to run '
                   f"it, or <code>mtgconf explain {_e(r.case)}</code></p>")
    out.append("</details>")
    return out


def _result_id(r: CaseResult) -> str:
    return f"res-{_slug(engine_name(r))}--{_slug(r.case)}--{_slug(r.era)}"


def _head(title: str) -> list[str]:
    return ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{_e(title)}</title><style>{_CSS}</style></head><body>"]


def render_html(results: Sequence[CaseResult], *, title: str = "MTG rules conformance",
                areas: Sequence[str] = (), eras: Sequence[str] = (),
                source: CaseSource | None = None, generated: str = "") -> str:
    """The index page: totals, the matrix (each cell links to its engine and area page) and
    the engines with their badges."""
    del source  # the details are on the area pages
    m = build_matrix(results, areas=areas, eras=eras)
    out = [*_head(title), f"<h1>{_e(title)}</h1>"]
    total = Counter(r.result for r in results)
    out.append(f'<p class="muted">{len(results)} results from {len(m.engines)} engine(s)'
               + (f"; {_e(generated)}" if generated else "") + ". "
               + ", ".join(f"{total[k]} {k}" for k in RESULT_KINDS if total[k]) + "</p>")
    out.append("<h2>Engines × rules areas × eras</h2>")
    out.append('<p class="muted">Each cell: passed out of all results, then the other kinds. '
               "Unsupported cases (a feature or era the engine does not declare) are counted "
               "apart from failures. A cell opens its engine's page for that area.</p>")
    out += _matrix_html(m)
    out.append("<h2>Engines</h2><ul>")
    for eng in m.engines:
        b = badge(m.engine_total(eng))
        pages = ", ".join(f'<a href="{_e(page_of(eng, a))}">{_e(a)}</a>' for a in m.areas
                          if any(m.cell(eng, a, e) for e in m.eras))
        out.append(f'<li id="eng-{_slug(eng)}">{_e(eng)}: {_e(b["message"])} '
                   f'(badge: <code>badges/{_slug(eng)}.json</code>); {pages}</li>')
    out.append("</ul>")
    for eng in m.engines:
        mine = [r for r in results if engine_name(r) == eng]
        if not any(r.result == "unsupported" for r in mine):
            continue
        out.append(f"<h2>What {_e(eng)} could build next</h2>")
        out.append('<p class="muted">The things it lacks that hold the most results back '
                   "alone; every one, and the unsupported results grouped by reason: "
                   f'<a href="{_e(_slug(eng))}/{UNSUPPORTED_PAGE}">{_e(eng)}: '
                   "unsupported</a>.</p>")
        out += next_table(mine, limit=10)
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def render_area_page(results: Sequence[CaseResult], *, engine: str, area: str,
                     eras: Sequence[str], title: str, source: CaseSource,
                     rulings: Mapping[str, str]) -> str:
    """One engine's results in one rules area: for each era, the results that did not pass
    with their drill-down, then the passing ones as a list."""
    out = [*_head(f"{engine} · {area} · {title}"),
           f'<nav><a href="../index.html">← {_e(title)}</a></nav>',
           f"<h1>{_e(engine)}: {_e(area)}</h1>"]
    for era in eras:
        rs = sorted((r for r in results if r.era == era),
                    key=lambda r: (r.result not in _BAD, r.result, r.case))
        if not rs:
            continue
        counts = Counter(r.result for r in rs)
        out.append(f'<h2 id="{_anchor(engine, area, era)}">{_e(area)}, {_e(era)}: '
                   f'{counts["passed"]}/{len(rs)} passed</h2>')
        others = _counts_line(counts)
        if others:
            out.append(f'<p class="muted">{others}</p>')
        for r in rs:
            if r.result not in ("passed", "fixed", "unsupported"):
                out += _result_html(r, source, rulings)
        out += _unsupported_groups(rs, source, rulings)
        good = [r for r in rs if r.result in ("passed", "fixed")]
        if good:
            out.append(f"<details><summary>{len(good)} passing</summary>"
                       '<ul class="passing">')
            out += [f'<li id="{_e(_result_id(r))}" class="k-{r.result}"><code>{_e(r.case)}'
                    f"</code> {_e(r.title)}</li>" for r in good]
            out.append("</ul></details>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def _unsupported_groups(results: Sequence[CaseResult], source: CaseSource,
                        rulings: Mapping[str, str]) -> list[str]:
    """The unsupported results, grouped by reason, each group folded."""
    groups: dict[str, list[CaseResult]] = {}
    for r in results:
        if r.result == "unsupported":
            groups.setdefault(unsupported_reason(r), []).append(r)
    out: list[str] = []
    for reason, rs in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        out.append(f'<details class="group"><summary><span class="k-unsupported">{len(rs)} '
                   f"unsupported</span> · {_e(reason)}</summary>")
        for r in rs:
            out += _result_html(r, source, rulings)
        out.append("</details>")
    return out


def write_html(results: Sequence[CaseResult], directory: Path | str, *,
               title: str = "MTG rules conformance", areas: Sequence[str] = (),
               eras: Sequence[str] = (), source: CaseSource | None = None,
               generated: str = "", rulings: Mapping[str, str] | None = None) -> Path:
    """Write ``index.html``, one page per engine and area (``<engine>/<area>.html``),
    ``summary.json`` and one badge per engine; return the index page's path."""
    root = Path(directory)
    (root / "badges").mkdir(parents=True, exist_ok=True)
    src: CaseSource = source or (lambda r: (None, []))
    page = root / "index.html"
    atomic_write(page, render_html(results, title=title, areas=areas, eras=eras,
                                   generated=generated))
    m = build_matrix(results, areas=areas, eras=eras)
    grouped: dict[tuple[str, str], list[CaseResult]] = {}
    for r in results:
        grouped.setdefault((engine_name(r), r.area), []).append(r)
    for (eng, area), rs in grouped.items():
        target = root / page_of(eng, area)
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(target, render_area_page(rs, engine=eng, area=area, eras=m.eras,
                                              title=title, source=src,
                                              rulings=rulings or {}))
    for eng in m.engines:
        mine = [r for r in results if engine_name(r) == eng]
        if any(r.result == "unsupported" for r in mine):
            atomic_write(root / _slug(eng) / UNSUPPORTED_PAGE, render_unsupported_page(
                mine, engine=eng, title=title, head=_head,
                link=lambda r: f"../{page_of(engine_name(r), r.area)}#{_result_id(r)}"))
    badges: dict[str, Mapping[str, Any]] = {}
    for eng in m.engines:
        b = badge(m.engine_total(eng))
        badges[eng] = b
        atomic_write(root / "badges" / f"{_slug(eng)}.json",
                     json.dumps(b, indent=2, sort_keys=True) + "\n")
    summary = {"engines": m.engines, "areas": m.areas, "eras": m.eras,
               "matrix": m.to_dict(), "badges": badges,
               "pages": {eng: {a: page_of(eng, a) for (e2, a) in grouped if e2 == eng}
                         for eng in m.engines}}
    atomic_write(root / "summary.json", json.dumps(summary, indent=2, sort_keys=True) + "\n")
    return page
