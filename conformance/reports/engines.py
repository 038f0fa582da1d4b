"""The published conformance reports of real third-party engines (``docs/engines/``).

One command regenerates them::

    python -m conformance.reports.engines              # every engine whose extra is installed
    python -m conformance.reports.engines phase-rs     # one engine
    python -m conformance.reports.engines --reach docs/engines/phase-rs.jsonl   # reach only
    python -m conformance.reports.engines --rerender phase-rs   # new analysis, same results

For each engine it runs the whole suite (every spec case and the default generated set, the same
cases ``mtgconf run`` runs) through the engine's adapter, applies the engine's baseline
(``baselines/<engine>.toml``), and writes ``docs/engines/<engine>.jsonl`` (one record per result)
and ``docs/engines/<engine>.md``: counts by rules area, era and set, then every failure grouped
by its analysis (the baseline entry that explains it: an engine bug, an adapter limitation, or a
problem with the case data), each with its cases, observed vs expected values, the smallest case
that shows it, and a standalone reproduction (``docs/engines/repro/<engine>/<finding>.py``) an
engine author can paste into an issue. Hand-written notes (``docs/engines/<engine>.notes.md``:
how the adapter drives the engine, differential fuzzing) are appended as they are.
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from conformance.adapter import AdapterInfo
from conformance.adapters import resolve_adapter
from conformance.reports.jsonl import JsonlWriter, read_report
from conformance.results.baseline import Baseline, BaselineEntry, load_baseline, raw
from conformance.results.records import RESULT_KINDS, CaseResult, summarize
from conformance.running.runner import Runner, plan
from conformance.spec.catalog import default_spec
from conformance.spec.loader import load_cases
from conformance.spec.tomlio import canonical_json

__all__ = ["ENGINES", "Engine", "check_figures", "figures", "main", "reach", "render_report",
           "run_engine"]

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Engine:
    """A third-party engine with a published report: its adapter and the module it needs."""

    name: str
    module: str
    extra: str
    #: The adapter's module, if it says which side each decline is on (a ``decline_limit``
    #: function: message -> "engine" or "adapter").
    adapter_module: str = ""


ENGINES = (Engine("phase-rs", "phase", "phase", "conformance.adapters.phase_rs"),
           Engine("python-mtg", "mtg", "python-mtg", "conformance.adapters.python_mtg"))

_SHOWN = ("passed", "failed", "known-failure", "fixed", "errored", "unsupported", "skipped")


def run_engine(engine: Engine, *, generated: int | None = None, timeout: float = 60.0
               ) -> tuple[AdapterInfo, list[CaseResult]]:
    """Run every spec case and ``generated`` generated cases (None: the ``mtgconf run``
    default set) through ``engine``'s adapter."""
    from generators.emit import DEFAULT_SEED, default_count, load_generated

    if generated is None:
        generated = default_count()
    spec = default_spec()
    loaded = load_cases(None, spec)
    if generated:
        loaded.cases += load_generated(count=generated, seed=DEFAULT_SEED, spec=spec).cases
    adapter = resolve_adapter(engine.name, timeout=timeout)
    with Runner(adapter, spec=spec, timeout=timeout) as runner:
        results = [runner.run_item(item) for item in plan(loaded.cases, runner.info)]
        return runner.info, results


def _anchor(entry: BaselineEntry) -> str:
    return entry.link.rpartition("#")[2] if "#" in entry.link else entry.case


def _cell(value: object, limit: int = 80) -> str:
    text = canonical_json(value)
    text = text if len(text) <= limit else text[:limit - 1] + "…"
    return text.replace("|", "\\|")


def _counts(title: str, rows: dict[str, Counter[str]]) -> list[str]:
    kinds = [k for k in _SHOWN if any(c[k] for c in rows.values())]
    lines = [f"| {title} | " + " | ".join(kinds) + " | total |",
             "|---|" + "---:|" * (len(kinds) + 1)]
    for key, counter in rows.items():
        lines.append(f"| {key} | " + " | ".join(str(counter[k]) for k in kinds)
                     + f" | {sum(counter.values())} |")
    return lines


def _minimal(results: Sequence[CaseResult]) -> CaseResult:
    """The case that shows a finding most simply: a spec case before a generated one, then
    the earliest failing step."""
    return min(results, key=lambda r: (r.generated, r.step or 0, r.case))


def _finding(engine: Engine, entry: BaselineEntry | None, results: Sequence[CaseResult],
             repro_dir: Path) -> list[str]:
    anchor = _anchor(entry) if entry else "unanalysed"
    kind = (entry.kind or "analysis") if entry else "no analysis yet"
    out = [f'<a id="{anchor}"></a>', f"### {anchor} ({kind}, {len(results)} result"
                                      f"{'' if len(results) == 1 else 's'})", ""]
    out += [entry.reason if entry else "These failures are not in the baseline yet.", ""]
    small = _minimal(results)
    where = small.file or ""
    if small.generated:
        where += " (regenerate with `mtgconf generate` at the seed in its id)"
    out += [f"Minimal case: `{small.case}` ({where}), step {small.step}: expected "
            f"`{_cell(small.expected, 200)}`, observed `{_cell(small.observed, 200)}`.", ""]
    out += ["| case | era | step | expected | observed |", "|---|---|---:|---|---|"]
    for r in sorted(results, key=lambda r: (r.generated, r.case))[:25]:
        out.append(f"| `{r.case}` | {r.era} | {r.step} | `{_cell(r.expected)}` | "
                   f"`{_cell(r.observed)}` |")
    if len(results) > 25:
        out.append(f"| … and {len(results) - 25} more | | | | |")
    repro = repro_dir / f"{anchor}.py"
    if repro.is_file():
        out += ["", f"Standalone reproduction (`{repro.relative_to(ROOT)}`):", "",
                "```python", repro.read_text(encoding="utf-8").rstrip(), "```"]
    out.append("")
    return out


def _headline(results: Sequence[CaseResult]) -> str:
    s = summarize(results)
    return (f"{sum(s.total.values())} results: "
            + ", ".join(f"{s.total[k]} {k}" for k in RESULT_KINDS if s.total[k]) + ".")


def _tables(results: Sequence[CaseResult]) -> list[str]:
    s = summarize(results)
    out = ["## By rules area", "", *_counts("area", dict(sorted(s.by_area.items())))]
    out += ["", "## By era", "", *_counts("era", dict(sorted(s.by_era.items())))]
    out += ["", "## Spec and generated cases", "",
            *_counts("set", dict(sorted(s.by_set.items())))]
    return out


def figures(results: Sequence[CaseResult], eras: Sequence[str]) -> list[str]:
    """Every line of an engine report that states a figure, as its results give it: the
    headline count, the tables by area, era and set, and the reach table. A report's figures
    come only from here (issue 38: generated, never typed)."""
    return [_headline(results), *_tables(results), *_reach(results, eras)]


_ERAS_LINE = re.compile(r"^Adapter: eras ([^;]*);", re.M)


def check_figures(markdown: str, results: Sequence[CaseResult]) -> list[str]:
    """The figure lines :func:`figures` gives for ``results`` (with the eras the report's
    "Adapter:" line names) that ``markdown`` does not hold: empty when every published figure
    is what the results give."""
    found = _ERAS_LINE.search(markdown)
    eras = [e.strip() for e in found.group(1).split(",") if e.strip()] if found else []
    have = set(markdown.splitlines())
    return [line for line in figures(results, eras) if line and line not in have]


def render_report(engine: Engine, info: AdapterInfo, results: Sequence[CaseResult],
                  baseline: Baseline | None, *, root: Path = ROOT) -> str:
    """The Markdown report of one engine."""
    out = [f"# Conformance report: {info.name} {info.version}", "",
           "Generated by `python -m conformance.reports.engines "
           f"{engine.name}` (install with `pip install 'mtg-conformance[{engine.extra}]'`). "
           f"Every result is in `docs/engines/{engine.name}.jsonl`; known failures are listed "
           f"with their analysis in `baselines/{engine.name}.toml`.", "",
           f"Adapter: eras {', '.join(info.eras)}; features {', '.join(sorted(info.features))}.",
           "", _headline(results), ""]
    out += _tables(results)
    bad = [r for r in results if r.result in ("failed", "known-failure")]
    groups: dict[str, list[CaseResult]] = defaultdict(list)
    entries: dict[str, BaselineEntry | None] = {}
    for r in bad:
        entry = baseline.entry_for(r) if baseline else None
        key = _anchor(entry) if entry else "unanalysed"
        groups[key].append(r)
        entries[key] = entry
    out += ["", "## Failures and their analysis", ""]
    if not groups:
        out += ["No case fails.", ""]
    kinds: Counter[str] = Counter()
    for key, members in groups.items():
        entry = entries[key]
        kinds[(entry.kind or "unclassified") if entry is not None else "none"] += len(members)
    if groups:
        out += ["By cause: " + ", ".join(f"{n} {k}" for k, n in sorted(kinds.items())) + ".",
                ""]
    repro_dir = root / "docs" / "engines" / "repro" / engine.name
    for key in sorted(groups, key=lambda k: (-len(groups[k]), k)):
        out += _finding(engine, entries[key], groups[key], repro_dir)
    fixed = [r for r in results if r.result == "fixed"]
    if fixed:
        out += ["## Fixed (listed in the baseline but passing)", ""]
        out += [f"* `{r.case}` [{r.era}]" for r in fixed] + [""]
    errored = [r for r in results if r.result == "errored"]
    out += ["## Errors", ""]
    out += [f"* `{r.case}` [{r.era}]: {r.message}" for r in errored] or ["None."]
    out += ["", "## Reach", "", "Supported share (results not `unsupported`) of the eras the "
            "adapter implements:", "", *_reach(results, info.eras)]
    out += ["", "## Why cases are unsupported", ""]
    side = _limit_function(engine)
    unsupported = [r for r in results if r.result == "unsupported"]
    reasons = Counter(_reason(r.message) for r in unsupported)
    if side is None:
        out += ["| reason | results |", "|---|---:|"]
        out += [f"| {reason} | {n} |" for reason, n in reasons.most_common()]
    else:
        sides = {_reason(r.message): side(r.message) for r in unsupported}
        limits = Counter(sides[_reason(r.message)] for r in unsupported)
        out += ["Each reason is marked with the side its limit is on: `engine` (the engine's "
                "API has no action, prompt or view for it) or `adapter` (the adapter could "
                "express it and doesn't yet). "
                + ", ".join(f"{n} {k}" for k, n in sorted(limits.items())) + ".", "",
                "| reason | results | limit |", "|---|---:|---|"]
        out += [f"| {reason} | {n} | {sides[reason]} |" for reason, n in reasons.most_common()]
    notes = root / "docs" / "engines" / f"{engine.name}.notes.md"
    if notes.is_file():
        out += ["", notes.read_text(encoding="utf-8").rstrip()]
    return "\n".join(out) + "\n"


def _limit_function(engine: Engine) -> Callable[[str], str] | None:
    """The adapter's ``decline_limit`` (which side a decline is on), if it has one."""
    if not engine.adapter_module:
        return None
    try:
        module = importlib.import_module(engine.adapter_module)
    except ImportError:
        return None
    found = getattr(module, "decline_limit", None)
    return found if callable(found) else None


def reach(results: Sequence[CaseResult], eras: Sequence[str]
          ) -> dict[tuple[str, str], tuple[int, int]]:
    """Supported results (not ``unsupported``) and all results, by (era, set) for each of
    ``eras``; the set is ``spec`` or ``generated``."""
    out: dict[tuple[str, str], tuple[int, int]] = {}
    for era in eras:
        for name, generated in (("spec", False), ("generated", True)):
            chosen = [r for r in results if r.era == era and r.generated == generated]
            supported = sum(r.result != "unsupported" for r in chosen)
            out[(era, name)] = (supported, len(chosen))
    return out


def _reach(results: Sequence[CaseResult], eras: Sequence[str]) -> list[str]:
    lines = ["| era | set | supported | results | share |", "|---|---|---:|---:|---:|"]
    for (era, name), (supported, total) in reach(results, eras).items():
        share = f"{100 * supported / total:.1f}%" if total else "-"
        lines.append(f"| {era} | {name} | {supported} | {total} | {share} |")
    return lines


def _reason(message: str) -> str:
    """An unsupported result's reason without its step and object details."""
    text = message.split(": ", 1)[1] if message.startswith(("step ", "setup")) else message
    return text.replace("|", "\\|")[:120]


def write_reports(engine: Engine, *, root: Path = ROOT, generated: int | None = None) -> Path:
    """Run ``engine`` and write its JSON-lines and Markdown reports; return the Markdown."""
    baseline_path = root / "baselines" / f"{engine.name}.toml"
    baseline = load_baseline(baseline_path) if baseline_path.is_file() else None
    info, results = run_engine(engine, generated=generated)
    if baseline is not None:
        results = [baseline.apply(r) for r in results]
    out_dir = root / "docs" / "engines"
    out_dir.mkdir(parents=True, exist_ok=True)
    with JsonlWriter(out_dir / f"{engine.name}.jsonl") as writer:
        for r in results:
            r.duration_ms = 0.0  # the published report is deterministic
            writer.write(r)
    path = out_dir / f"{engine.name}.md"
    path.write_text(render_report(engine, info, results, baseline, root=root),
                    encoding="utf-8")
    return path


def rerender_reports(engine: Engine, *, root: Path = ROOT) -> Path:
    """Write ``engine``'s reports again from its published JSON-lines results, with the
    baseline as it is now (a new or corrected analysis), without running the engine; return
    the Markdown. The results are taken back to what the engine did (a ``known-failure`` is a
    failure, a ``fixed`` a pass) before the baseline is applied again."""
    out_dir = root / "docs" / "engines"
    results = raw(read_report(out_dir / f"{engine.name}.jsonl"))
    baseline_path = root / "baselines" / f"{engine.name}.toml"
    baseline = load_baseline(baseline_path) if baseline_path.is_file() else None
    if baseline is not None:
        results = [baseline.apply(r) for r in results]
    adapter = resolve_adapter(engine.name)
    try:
        info = adapter.info()
    finally:
        adapter.close()
    with JsonlWriter(out_dir / f"{engine.name}.jsonl") as writer:
        for r in results:
            writer.write(r)
    path = out_dir / f"{engine.name}.md"
    path.write_text(render_report(engine, info, results, baseline, root=root),
                    encoding="utf-8")
    return path


def main(argv: Sequence[str] | None = None) -> int:
    """Regenerate the reports of the named engines (default: every installed one)."""
    parser = argparse.ArgumentParser(prog="python -m conformance.reports.engines",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("engines", nargs="*", choices=[[]] + [e.name for e in ENGINES],
                        help="engines to report on (default: all installed)")
    parser.add_argument("--generated", type=int, default=None,
                        help="generated cases to add (default: the mtgconf run default set)")
    parser.add_argument("--reach", metavar="REPORT", action="append", default=[],
                        help="print the reach (supported share by era, spec and generated) "
                             "of a JSON-lines report and run nothing (repeatable)")
    parser.add_argument("--check", action="store_true",
                        help="check that every published report's figures are what its "
                             "JSON-lines results give; run nothing (exit 1 on a difference)")
    parser.add_argument("--rerender", action="store_true",
                        help="run nothing: write the reports again from the published "
                             "JSON-lines results with the current baseline")
    args = parser.parse_args(argv)
    if args.check:
        return _check_published(ROOT)
    if args.rerender:
        for engine in [e for e in ENGINES if not args.engines or e.name in args.engines]:
            path = rerender_reports(engine)
            print(f"{engine.name}: wrote {path.relative_to(ROOT)} from its published results")
        return 0
    if args.reach:
        for path in args.reach:
            results = read_report(path)
            eras = sorted({r.era for r in results})
            print(f"{path}:")
            for (era, name), (supported, total) in reach(results, eras).items():
                if total:
                    print(f"  {era} {name}: {supported}/{total} supported "
                          f"({100 * supported / total:.1f}%)")
        return 0
    wanted = [e for e in ENGINES if not args.engines or e.name in args.engines]
    code = 0
    for engine in wanted:
        if importlib.util.find_spec(engine.module) is None:
            print(f"{engine.name}: skipped, {engine.module!r} is not installed "
                  f"(pip install 'mtg-conformance[{engine.extra}]')", file=sys.stderr)
            code = code or (2 if args.engines else 0)
            continue
        path = write_reports(engine, generated=args.generated)
        print(f"{engine.name}: wrote {path.relative_to(ROOT)} and "
              f"{path.with_suffix('.jsonl').relative_to(ROOT)}")
    return code


def _check_published(root: Path) -> int:
    """``--check``: every ``docs/engines/<engine>.md`` against its ``.jsonl``."""
    code = 0
    for engine in ENGINES:
        md = root / "docs" / "engines" / f"{engine.name}.md"
        jsonl = md.with_suffix(".jsonl")
        if not (md.is_file() and jsonl.is_file()):
            continue
        missing = check_figures(md.read_text(encoding="utf-8"), read_report(jsonl))
        for line in missing:
            print(f"{md.relative_to(root)}: lacks the figure line {line!r} its results give")
        code = code or (1 if missing else 0)
    if code == 0:
        print("every published figure is what its results give")
    return code


if __name__ == "__main__":
    sys.exit(main())
