"""The CR map as tables: per section, per measured range, per three-digit rule, per number.

:func:`section_table` and :func:`rule_group_table` give ``rich`` tables for the console
(``mtgconf coverage``); :func:`render_rule_map_html` gives a standalone HTML page of the same
figures plus one row per CR number (``mtgconf coverage --html FILE``). The buckets stay apart:
testable numbers with every reaching case passing, with a failing case, with cases that did not
run, with no case yet; then definitions, variants and numbers outside the game.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

from rich.table import Table

__all__ = ["COLUMNS", "render_rule_map_html", "rule_group_table", "section_table"]

#: (column heading, key of a tally) for the tables, in order.
COLUMNS = (
    ("numbers", "rules"), ("testable", "testable"), ("passing", "testable-passing"),
    ("failing", "testable-failing"), ("not run", "testable-not-run"),
    ("no case yet", "testable-no-case"), ("definition", "definition"), ("variant", "variant"),
    ("outside", "outside"),
)


def _percent(tally: Mapping[str, Any]) -> str:
    pct = tally.get("percent_passing")
    return "-" if pct is None else f"{tally['with_passing_case']}/{tally['testable']} ({pct}%)"


def _table(title: str, first: str, rows: list[tuple[str, Mapping[str, Any]]]) -> Table:
    table = Table(title=title, title_justify="left")
    table.add_column(first)
    for heading, _ in COLUMNS:
        table.add_column(heading, justify="right")
    table.add_column("testable with a passing case", justify="right")
    for label, tally in rows:
        table.add_row(label, *(str(tally[key]) for _, key in COLUMNS), _percent(tally))
    return table


def section_table(rule_map: Mapping[str, Any]) -> Table:
    """One row per CR section, then the measured ranges and the whole index."""
    rows = [(f"{s}xx {t['title']}", t) for s, t in rule_map["sections"].items()]
    table = _table("CR map by section (a case counts for a rule only if its steps reach it)",
                   "section", rows)
    table.add_section()
    for label, tally in rule_map["ranges"].items():
        table.add_row(f"CR {label}", *(str(tally[key]) for _, key in COLUMNS), _percent(tally))
    table.add_section()
    overall = rule_map["overall"]
    table.add_row("all", *(str(overall[key]) for _, key in COLUMNS), _percent(overall),
                  style="bold")
    return table


def rule_group_table(rule_map: Mapping[str, Any], prefix: str = "") -> Table:
    """One row per three-digit rule (those starting with ``prefix``)."""
    rows = [(f"{r} {t['title']}".strip(), t) for r, t in rule_map["rule_groups"].items()
            if r.startswith(prefix)]
    return _table("CR map by rule", "rule", rows)


# -- HTML -----------------------------------------------------------------------------------

_CSS = """
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:1rem auto;padding:0 1rem;
 color:#1b1f23;max-width:90rem;line-height:1.4}
table{border-collapse:collapse;margin:1rem 0}th,td{border:1px solid #ccd;padding:.3rem .5rem;
 vertical-align:top}th{background:#f3f4f6}td.n{text-align:right}
.testable-passing{background:#d9f2dd}.testable-failing{background:#f8d4d4}
.testable-not-run{background:#fff1c2}.testable-no-case{background:#ffffff}
.definition,.variant,.outside{background:#eef0f2;color:#555}.muted{color:#666;font-size:.9rem}
"""


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def _html_table(first: str, rows: list[tuple[str, Mapping[str, Any]]]) -> list[str]:
    head = "".join(f"<th>{_e(h)}</th>" for h, _ in COLUMNS)
    out = [f"<table><thead><tr><th>{_e(first)}</th>{head}"
           "<th>testable with a passing case</th></tr></thead><tbody>"]
    for label, tally in rows:
        cells = "".join(f'<td class="n">{tally[key]}</td>' for _, key in COLUMNS)
        out.append(f"<tr><td>{_e(label)}</td>{cells}<td class=\"n\">{_e(_percent(tally))}"
                   "</td></tr>")
    out.append("</tbody></table>")
    return out


def render_rule_map_html(cov: Mapping[str, Any], *, judged: str = "") -> str:
    """A standalone page: the map by section and range, by three-digit rule, then every
    number with its kind, bucket, passing cases and reason."""
    rule_map = cov["rule_map"]
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>CR map coverage</title><style>{_CSS}</style></head><body>",
           "<h1>Comprehensive Rules map: coverage by rule</h1>",
           f'<p class="muted">{_e(judged)}. A case counts for a rule only if it cites it and its '
           "steps reach it through actions or observations the engine computes. Buckets: "
           + ", ".join(_e(b) for b in cov["summary"]["rule_buckets"]) + ".</p>",
           "<h2>By section</h2>"]
    rows = [(f"{s}xx {t['title']}", t) for s, t in rule_map["sections"].items()]
    rows += [(f"CR {label}", t) for label, t in rule_map["ranges"].items()]
    rows.append(("all", rule_map["overall"]))
    out += _html_table("section", rows)
    out.append("<h2>By three-digit rule</h2>")
    out += _html_table("rule", [(f"{r} {t['title']}".strip(), t)
                                for r, t in rule_map["rule_groups"].items()])
    out.append("<h2>Every number</h2><table><thead><tr><th>CR</th><th>kind</th><th>bucket</th>"
               "<th>passing cases</th><th>cases reaching it</th><th>why not testable / "
               "tested by</th></tr></thead><tbody>")
    for number, e in cov["rules"].items():
        why = e.get("reason", "")
        if e.get("tested_by"):
            why += f" (tested by {', '.join(e['tested_by'])})"
        if e.get("unreached_case_ids"):
            why += f" [not counted, setup only: {', '.join(e['unreached_case_ids'])}]"
        out.append(f'<tr class="{_e(e["bucket"])}" id="cr-{_e(number)}"><td>{_e(number)}</td>'
                   f"<td>{_e(e['kind'])}</td><td>{_e(e['bucket'])}</td>"
                   f'<td class="n">{e["passing"]}</td><td class="n">{e["cases"]}</td>'
                   f"<td>{_e(why)}</td></tr>")
    out.append("</tbody></table></body></html>")
    return "\n".join(out) + "\n"
