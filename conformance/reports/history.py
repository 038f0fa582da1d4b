"""An engine's results across its releases: the history page (Markdown and HTML).

Given one JSON-lines report per release of one engine (oldest first), the page shows, per
release, the adapter version the report was made with, the reach (the share of cases the
adapter could put to the engine, by era and set) and the results; then, between each release
and the next, what was **fixed** (failed or errored, then passed), what **regressed** (passed,
then failed or errored) and what else **changed** (a case the adapter could not put before and
can now, or the reverse; a failure that moved to another step; a case only one release has),
each with a link to the case. Reports are compared as they are, without a baseline: a history
shows what the engine did, not what was known about it.

``mtgconf history`` (:mod:`conformance.commands.history`) runs the suite on each release,
installed side by side in separate virtual environments, and calls :func:`write_history`.
"""

from __future__ import annotations

import html
import itertools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from conformance.reports.engines import reach
from conformance.results.baseline import raw
from conformance.results.records import CaseResult

__all__ = ["Change", "Release", "changes", "raw", "render_html", "render_markdown",
           "write_history"]

_FAILING = frozenset({"failed", "errored"})
_COUNTED = ("passed", "failed", "errored", "unsupported", "skipped")



@dataclass(frozen=True)
class Release:
    """One release's run: its name (the release number) and its results (made raw)."""

    name: str
    results: Sequence[CaseResult]

    def __post_init__(self) -> None:
        object.__setattr__(self, "results", raw(self.results))

    @property
    def versions(self) -> list[str]:
        """The engine versions the adapter reported in this run (one, if installed right)."""
        return sorted({r.adapter_version for r in self.results if r.adapter_version})

    @property
    def eras(self) -> list[str]:
        """The eras in which at least one case was put to the engine."""
        return sorted({r.era for r in self.results if r.result != "unsupported"})


@dataclass(frozen=True)
class Change:
    """One case whose result differs between two releases."""

    case: str
    era: str
    kind: str  # fixed | regressed | changed
    before: str
    after: str
    file: str | None = None
    detail: str = ""


@dataclass
class _Diff:
    old: Release
    new: Release
    items: list[Change] = field(default_factory=list)

    def of(self, kind: str) -> list[Change]:
        return [c for c in self.items if c.kind == kind]


def _where(result: CaseResult | None) -> str:
    """A result in a few words: its kind, and for a failure the step it failed at."""
    if result is None:
        return "absent"
    if result.result in _FAILING and result.step is not None:
        return f"{result.result} at step {result.step}"
    return result.result


def changes(old: Sequence[CaseResult], new: Sequence[CaseResult]) -> list[Change]:
    """The cases whose result differs from ``old`` to ``new``, by (case, era), sorted."""
    before = {r.key: r for r in old}
    after = {r.key: r for r in new}
    out: list[Change] = []
    for key in sorted(set(before) | set(after)):
        a, b = before.get(key), after.get(key)
        was, now = (a.result if a else "absent"), (b.result if b else "absent")
        either = b if b is not None else a
        file = either.file if either is not None else None
        if was in _FAILING and now == "passed":
            kind = "fixed"
        elif was == "passed" and now in _FAILING:
            kind = "regressed"
        elif _where(a) != _where(b) or (
                was in _FAILING and now in _FAILING and a and b and a.observed != b.observed):
            kind = "changed"
        else:
            continue
        detail = ""
        if b is not None and (now in _FAILING or now == "unsupported"):
            detail = b.message
        elif a is not None and was == "unsupported":
            detail = a.message
        out.append(Change(case=key[0], era=key[1], kind=kind, before=_where(a),
                          after=_where(b), file=file, detail=detail))
    return out


def _link(file: str | None, base: str) -> str | None:
    """A link from the page to a case file of the spec (None for a generated case)."""
    if not file or file.startswith("<"):
        return None
    return f"{base}{file}"


def _counts(results: Iterable[CaseResult]) -> Counter[str]:
    return Counter(r.result for r in results)


def _reach_text(release: Release, eras: Sequence[str]) -> dict[tuple[str, str], str]:
    out = {}
    for (era, name), (supported, total) in reach(release.results, eras).items():
        out[(era, name)] = (f"{100 * supported / total:.1f}% ({supported}/{total})"
                            if total else "-")
    return out


def _diffs(releases: Sequence[Release]) -> list[_Diff]:
    return [_Diff(a, b, changes(a.results, b.results)) for a, b in itertools.pairwise(releases)]


def _cell(text: str, limit: int = 110) -> str:
    text = " ".join(str(text).split()).replace("|", "\\|")
    return text if len(text) <= limit else text[:limit - 1] + "…"


def render_markdown(engine: str, releases: Sequence[Release], *, link_base: str = "../../",
                    command: str = "") -> str:
    """The history page in Markdown (links to case files relative to ``link_base``)."""
    eras = sorted({e for r in releases for e in r.eras})
    lines = [f"# {engine} across releases", ""]
    lines += [f"The suite run on {len(releases)} releases of {engine}, each installed in its own "
              "virtual environment, results compared without a baseline (what the engine did, "
              "not what was known about it). Reach is the share of cases the adapter could put "
              "to the engine; the rest were declined (unsupported).", ""]
    if command:
        lines += [f"Regenerate: `{command}`", ""]
    lines += ["## Per release", ""]
    head = ["release", "adapter saw"] + [f"reach {era} {name}" for era in eras
                                         for name in ("spec", "generated")]
    head += [*_COUNTED, "total"]
    lines += ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for release in releases:
        counts = _counts(release.results)
        reach_cells = _reach_text(release, eras)
        row = [release.name, ", ".join(release.versions) or "-"]
        row += [reach_cells.get((era, name), "-") for era in eras
                for name in ("spec", "generated")]
        row += [str(counts.get(k, 0)) for k in _COUNTED] + [str(len(release.results))]
        lines.append("| " + " | ".join(row) + " |")
    lines.append("")
    for diff in _diffs(releases):
        title = f"{diff.old.name} → {diff.new.name}"
        lines += [f"## {title}", ""]
        lines.append(f"{len(diff.of('fixed'))} fixed, {len(diff.of('regressed'))} regressed, "
                     f"{len(diff.of('changed'))} changed otherwise "
                     f"({len(diff.items)} results differ).")
        lines.append("")
        for kind in ("fixed", "regressed", "changed"):
            chosen = diff.of(kind)
            lines += [f"### {kind.capitalize()} ({len(chosen)})", ""]
            if not chosen:
                lines += ["None.", ""]
                continue
            lines += ["| case | era | before | after | detail |", "|---|---|---|---|---|"]
            for c in chosen:
                target = _link(c.file, link_base)
                name = f"[`{c.case}`]({target})" if target else f"`{c.case}`"
                lines.append(f"| {name} | {c.era} | {c.before} | {c.after} | "
                             f"{_cell(c.detail)} |")
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def render_html(engine: str, releases: Sequence[Release], *, link_base: str = "../../",
                command: str = "") -> str:
    """The history page in HTML (one self-contained file)."""
    e = html.escape
    eras = sorted({era for r in releases for era in r.eras})
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>{e(engine)} across releases</title>",
           "<style>body{font-family:sans-serif;margin:2em;max-width:80em}"
           "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;"
           "padding:.2em .5em;text-align:left;vertical-align:top}"
           ".fixed{background:#e6ffe6}.regressed{background:#ffe6e6}"
           ".changed{background:#f4f4ff}</style></head><body>",
           f"<h1>{e(engine)} across releases</h1>",
           f"<p>The suite run on {len(releases)} releases of {e(engine)}, each installed in its "
           "own virtual environment, results compared without a baseline. Reach is the share "
           "of cases the adapter could put to the engine.</p>"]
    if command:
        out.append(f"<p>Regenerate: <code>{e(command)}</code></p>")
    out.append("<h2>Per release</h2><table><tr><th>release</th><th>adapter saw</th>")
    out += [f"<th>reach {e(era)} {name}</th>" for era in eras for name in ("spec", "generated")]
    out += [f"<th>{k}</th>" for k in _COUNTED] + ["<th>total</th></tr>"]
    for release in releases:
        counts = _counts(release.results)
        reach_cells = _reach_text(release, eras)
        cells = [release.name, ", ".join(release.versions) or "-"]
        cells += [reach_cells.get((era, name), "-") for era in eras
                  for name in ("spec", "generated")]
        cells += [str(counts.get(k, 0)) for k in _COUNTED] + [str(len(release.results))]
        out.append("<tr>" + "".join(f"<td>{e(c)}</td>" for c in cells) + "</tr>")
    out.append("</table>")
    for diff in _diffs(releases):
        out.append(f"<h2>{e(diff.old.name)} → {e(diff.new.name)}</h2>")
        out.append(f"<p>{len(diff.of('fixed'))} fixed, {len(diff.of('regressed'))} regressed, "
                   f"{len(diff.of('changed'))} changed otherwise.</p>")
        for kind in ("fixed", "regressed", "changed"):
            chosen = diff.of(kind)
            out.append(f"<h3>{kind.capitalize()} ({len(chosen)})</h3>")
            if not chosen:
                out.append("<p>None.</p>")
                continue
            out.append("<table><tr><th>case</th><th>era</th><th>before</th><th>after</th>"
                       "<th>detail</th></tr>")
            for c in chosen:
                target = _link(c.file, link_base)
                name = (f'<a href="{e(target)}"><code>{e(c.case)}</code></a>' if target
                        else f"<code>{e(c.case)}</code>")
                out.append(f'<tr class="{kind}"><td>{name}</td><td>{e(c.era)}</td>'
                           f"<td>{e(c.before)}</td><td>{e(c.after)}</td>"
                           f"<td>{e(_cell(c.detail, 300))}</td></tr>")
            out.append("</table>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def write_history(engine: str, releases: Sequence[Release], out_dir: Path | str, *,
                  link_base: str = "../../", command: str = "") -> Mapping[str, Path]:
    """Write ``<engine>-history.md`` and ``<engine>-history.html`` into ``out_dir``."""
    directory = Path(out_dir)
    directory.mkdir(parents=True, exist_ok=True)
    md = directory / f"{engine}-history.md"
    page = directory / f"{engine}-history.html"
    md.write_text(render_markdown(engine, releases, link_base=link_base, command=command),
                  encoding="utf-8")
    page.write_text(render_html(engine, releases, link_base=link_base, command=command),
                    encoding="utf-8")
    return {"markdown": md, "html": page}
