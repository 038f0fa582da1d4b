"""The HTML report's page of one engine's unsupported results (``<engine>/unsupported.html``):
what to build next (every blocker ranked by the results it alone would unlock, see
:mod:`conformance.results.blockers`), then the unsupported results grouped by reason, each
group folded, with checkboxes that hide the groups of a kind (era, feature, query, action,
setup, other). Like every page of the report: inline CSS, no script."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

from conformance.results.blockers import KINDS, blockers, describe, rank_results, unsupported_reason
from conformance.results.records import CaseResult

__all__ = ["UNSUPPORTED_PAGE", "group_kind", "next_table", "render_unsupported_page"]

#: The page's file name inside the engine's directory.
UNSUPPORTED_PAGE = "unsupported.html"
_GROUP_KINDS = (*KINDS, "other")


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def group_kind(result: CaseResult) -> str:
    """The kind of the first blocker of ``result`` (``other`` when it has none)."""
    found = blockers(result)
    return found[0].partition(":")[0] if found else "other"


def next_table(results: Sequence[CaseResult], *, limit: int | None = None) -> list[str]:
    """The "what to build next" table: each missing thing, the results it alone would
    unlock and those it is among the missing things of (the first ``limit`` rows)."""
    ranking = rank_results(results)
    shown = ranking if limit is None else ranking[:limit]
    if not shown:
        return []
    out = ['<div class="scroll"><table class="next"><tr><th>missing</th>'
           "<th>unlocks alone</th><th>among the missing things of</th></tr>"]
    out += [f"<tr><td>{_e(describe(u.blocker))}</td><td>{u.alone}</td><td>{u.blocks}</td>"
            "</tr>" for u in shown]
    out.append("</table></div>")
    return out


_CSS = "".join(f"body:has(#hide-{k}:checked) .g-{k}{{display:none}}" for k in _GROUP_KINDS)


def render_unsupported_page(results: Sequence[CaseResult], *, engine: str, title: str,
                            head: Callable[[str], list[str]],
                            link: Callable[[CaseResult], str]) -> str:
    """The page: ``head`` makes the document's head, ``link`` a result's drill-down URL
    relative to the page."""
    refused = [r for r in results if r.result == "unsupported"]
    out = [*head(f"{engine} · unsupported · {title}"), f"<style>{_CSS}</style>",
           f'<nav><a href="../index.html">← {_e(title)}</a></nav>',
           f"<h1>{_e(engine)}: {len(refused)} unsupported results</h1>",
           "<h2>What to build next</h2>",
           '<p class="muted">Each row is a thing the engine lacks: <i>unlocks alone</i> counts '
           "the results it is the only missing thing of (build it and they run), the last "
           "column the results it is one of the missing things of.</p>"]
    out += next_table(refused)
    groups: dict[str, list[CaseResult]] = {}
    for r in refused:
        groups.setdefault(unsupported_reason(r), []).append(r)
    out.append("<h2>By reason</h2>")
    kinds = sorted({group_kind(rs[0]) for rs in groups.values()}, key=_GROUP_KINDS.index)
    out.append('<p class="filters">hide: ' + " ".join(
        f'<label><input type="checkbox" id="hide-{k}"> {k}</label>' for k in kinds) + "</p>")
    for reason, rs in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        out.append(f'<details class="group g-{group_kind(rs[0])}"><summary>{len(rs)} · '
                   f"{_e(reason)}</summary><ul>")
        out += [f'<li><a href="{_e(link(r))}"><code>{_e(r.case)}</code></a> '
                f"({_e(r.era)}, {_e(r.area)}) {_e(r.title)}</li>" for r in rs]
        out.append("</ul></details>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"
