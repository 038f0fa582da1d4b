"""Audits of an engine's published results: reach on a fixed set of cases, and a seeded sample of
its declines.

Two questions the engine reports (:mod:`.engines`) leave open::

    # reach on the spec cases that existed at a commit (the suite grows; the old set stays)
    python -m conformance.reports.audit reach docs/engines/phase-rs.jsonl --cases-at e236e26

    # a random sample of the engine's declines of spec cases, reproducible from its seed
    python -m conformance.reports.audit sample docs/engines/phase-rs.jsonl --count 30 --seed 40

Reach is the supported share (results not ``unsupported``) of the modern-era spec results, as in
:func:`.engines.reach`. The sample prints a Markdown table of the drawn declines with the side of
the limit the adapter names (``decline_limit``, when it has one); whether each really is an engine
limit is for the person auditing it to try against the engine.
"""

from __future__ import annotations

import argparse
import importlib
import random
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from conformance.reports.jsonl import read_report
from conformance.results.records import CaseResult
from conformance.spec.tomlio import loads

__all__ = ["case_ids_at", "main", "reach_on", "sample_declines"]

ROOT = Path(__file__).resolve().parents[2]

#: Adapter modules that say which side a decline is on (``decline_limit``), by engine.
_LIMITS = {"phase-rs": "conformance.adapters.phase_rs",
           "python-mtg": "conformance.adapters.python_mtg"}


def case_ids_at(commit: str, *, root: Path = ROOT) -> set[str]:
    """The ids of the spec cases in ``spec/cases`` at ``commit`` of the repository at ``root``."""
    listed = subprocess.run(["git", "-C", str(root), "ls-tree", "-r", "--name-only", commit,
                             "spec/cases"], capture_output=True, text=True, check=True)
    ids: set[str] = set()
    for path in listed.stdout.split():
        if not path.endswith(".toml"):
            continue
        text = subprocess.run(["git", "-C", str(root), "show", f"{commit}:{path}"],
                              capture_output=True, text=True, check=True).stdout
        data = loads(text)
        if "id" in data:
            ids.add(str(data["id"]))
    return ids


def _spec(results: Sequence[CaseResult], era: str) -> list[CaseResult]:
    return [r for r in results if r.era == era and not r.generated]


def reach_on(results: Sequence[CaseResult], ids: set[str] | None, *, era: str = "modern"
             ) -> tuple[int, int]:
    """Supported and all spec results of ``era`` whose case is in ``ids`` (every case if
    None). A case that has several variants (``id.modern``) counts by its file's id too."""
    chosen = [r for r in _spec(results, era)
              if ids is None or r.case in ids or r.case.rsplit(".", 1)[0] in ids]
    return sum(r.result != "unsupported" for r in chosen), len(chosen)


def sample_declines(results: Sequence[CaseResult], count: int, seed: int, *,
                    era: str = "modern") -> list[CaseResult]:
    """``count`` declined spec results of ``era`` drawn at random with ``seed`` (all of them if
    there are fewer), in the order drawn."""
    declined = sorted((r for r in _spec(results, era) if r.result == "unsupported"),
                      key=lambda r: r.case)
    return random.Random(seed).sample(declined, min(count, len(declined)))


def _limit_function(engine: str) -> Callable[[str], str] | None:
    module_name = _LIMITS.get(engine)
    if module_name is None:
        return None
    try:
        module = importlib.import_module(module_name)
    except ImportError:
        return None
    found = getattr(module, "decline_limit", None)
    return found if callable(found) else None


def _cell(text: str, limit: int = 140) -> str:
    text = text if len(text) <= limit else text[:limit - 1] + "…"
    return text.replace("|", "\\|").replace("\n", " ")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m conformance.reports.audit",
                                     description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    reach = sub.add_parser("reach", help="modern spec reach of a JSON-lines report")
    reach.add_argument("report")
    reach.add_argument("--cases-at", metavar="COMMIT",
                       help="count only the spec cases that existed at this commit")
    sample = sub.add_parser("sample", help="a seeded random sample of declined spec cases")
    sample.add_argument("report")
    sample.add_argument("--count", type=int, default=30)
    sample.add_argument("--seed", type=int, required=True)
    sample.add_argument("--engine", default="phase-rs",
                        help="the engine whose adapter names the side of each limit")
    args = parser.parse_args(argv)
    results = read_report(args.report)
    if args.command == "reach":
        ids = case_ids_at(args.cases_at) if args.cases_at else None
        supported, total = reach_on(results, ids)
        where = f"the spec cases at {args.cases_at}" if args.cases_at else "every spec case"
        share = f"{100 * supported / total:.1f}%" if total else "-"
        print(f"{args.report}: modern spec reach on {where}: {supported}/{total} ({share})")
        return 0
    limit = _limit_function(args.engine)
    print("| # | case | reason the adapter gives | limit it names |")
    print("|---:|---|---|---|")
    for number, r in enumerate(sample_declines(results, args.count, args.seed), 1):
        side = limit(r.message or "") if limit else "-"
        print(f"| {number} | `{r.case}` | {_cell(r.message or '')} | {side} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
