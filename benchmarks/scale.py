"""Scale figures (issue 36), measured in one run so they compare: memory against the size of the
generated set, differential-campaign throughput per core, and the cost per spec case and per
test as the spec grows.

    python benchmarks/bench.py --only-scale [--memory-sizes 1000,100000] [--tests]

* **memory**: peak resident memory of ``mtgconf run spec/cases/mana --generated N`` (a fresh
  process each, read from ``RUSAGE_CHILDREN`` of a wrapper process), the ratio of the largest
  size's peak to the smallest's (target: at most 1.5x);
* **campaign throughput**: scenarios per second per core of ``mtgconf fuzz``'s family search
  (:func:`conformance.differential.campaign.fuzz_family`) on the reference engine against
  itself and, when ``phase-python`` is installed, on phase-rs, over the same families and
  seconds; with each engine's own cost (a spec case's median time on it) beside it;
* **cost per case**: the default ``mtgconf run`` wall time divided by its results (spec and
  generated), and the number of spec cases;
* **cost per test** (``--tests``): the README's ``pytest`` (the fast tier) wall time divided by
  the tests it ran.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

#: Families every engine plays (modern-era, casting and characteristics): the campaign figure
#: compares engines on the same work.
CAMPAIGN_FAMILIES = ("cost-colors", "kicker-total-cost", "split-mana-value-combined",
                     "token-names", "color-filter")

_PEAK = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], "
         "stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False); "
         "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")


def peak_memory_kb(argv: Sequence[str]) -> int:
    """Peak resident memory (KiB) of the command ``argv`` run in a fresh wrapper process."""
    out = subprocess.run([sys.executable, "-c", _PEAK, *argv], capture_output=True,
                         text=True, check=True, cwd=ROOT)
    return int(out.stdout.strip().splitlines()[-1])


def memory_by_generated(sizes: Sequence[int]) -> dict[str, Any]:
    """Peak memory of a plain run with each generated-set size, and the largest/smallest
    ratio."""
    peaks: dict[str, float] = {}
    seconds: dict[str, float] = {}
    for n in sizes:
        began = time.perf_counter()
        kb = peak_memory_kb([sys.executable, "-m", "conformance", "run", "spec/cases/mana",
                             "--generated", str(n), "-q", "--no-progress"])
        seconds[str(n)] = time.perf_counter() - began
        peaks[str(n)] = kb / 1024
    low, high = str(min(sizes)), str(max(sizes))
    return {"peak_mb": peaks, "seconds": seconds, "ratio": peaks[high] / peaks[low],
            "sizes": list(sizes)}


def campaign_throughput(seconds: float, phase: str = "phase-rs") -> dict[str, Any]:
    """Scenarios per second per core of the family search on the reference engine and on
    ``phase`` (when installed), the same families and seconds each."""
    from conformance.adapters import resolve_adapter
    from conformance.differential.campaign import fuzz_family

    result: dict[str, Any] = {"families": list(CAMPAIGN_FAMILIES), "seconds_each": seconds}
    engines = ["reference"] + ([phase] if importlib.util.find_spec("phase") else [])
    for name in engines:
        adapter = resolve_adapter(name)
        scenarios = 0
        busy = 0.0
        try:
            for family in CAMPAIGN_FAMILIES:
                report = fuzz_family(adapter, family, seconds=seconds, seed=1)
                scenarios += report.scenarios
                busy += report.seconds
        finally:
            adapter.close()
        result[name] = {"scenarios": scenarios, "seconds": busy,
                        "per_second_per_core": scenarios / busy if busy else 0.0}
    return result


def engine_case_cost(name: str, limit: int = 200) -> float:
    """The median milliseconds of a spec case on ``name`` (the engine's own cost), over the
    first ``limit`` characteristics and casting cases it supports."""
    from conformance import Runner, load_cases
    from conformance.adapters import resolve_adapter
    from conformance.running.runner import plan

    cases = [c for c in load_cases().cases if c.area in ("characteristics", "casting")]
    with Runner(resolve_adapter(name)) as runner:
        items = [i for i in plan(cases, runner.info) if i.verdict is None][:limit]
        times = []
        for item in items:
            began = time.perf_counter()
            runner.run_item(item)
            times.append((time.perf_counter() - began) * 1000)
    return statistics.median(times) if times else float("nan")


def cost_per_case() -> dict[str, Any]:
    """The default run's wall time per result, from its own JSON-lines report."""
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "run.jsonl"
        began = time.perf_counter()
        subprocess.run([sys.executable, "-m", "conformance", "run", "-q", "--no-progress",
                        "--report", str(report)], cwd=ROOT, check=False,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wall = time.perf_counter() - began
        rows = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]
    results = [r for r in rows if "result" in r]
    spec = sum(1 for r in results if not r.get("generated"))
    return {"wall_s": wall, "results": len(results), "spec_results": spec,
            "ms_per_result": wall * 1000 / max(1, len(results))}


def cost_per_test() -> dict[str, Any]:
    """The fast tier (the README's ``pytest``) wall time per test."""
    began = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
                         cwd=ROOT, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - began
    tail = out.stdout.strip().splitlines()[-1] if out.stdout.strip() else ""
    counts = {k: int(n) for n, k in re.findall(r"(\d+) (passed|failed|skipped|errors?)", tail)}
    tests = sum(counts.values())
    return {"wall_s": wall, "tests": tests, "counts": counts, "summary": tail,
            "ms_per_test": wall * 1000 / max(1, tests)}


def measure(memory_sizes: Sequence[int], *, campaign_seconds: float, tests: bool,
            phase: str = "phase-rs") -> tuple[dict[str, Any], list[tuple[str, str, bool | None]]]:
    """Every scale figure, and the targets they meet."""
    figures: dict[str, Any] = {"load_average_start": os.getloadavg()}
    targets: list[tuple[str, str, bool | None]] = []
    figures["memory"] = mem = memory_by_generated(memory_sizes)
    low, high = min(memory_sizes), max(memory_sizes)
    targets.append((f"peak memory at {high:,} generated cases <= 1.5x the peak at {low:,}",
                    f"{mem['ratio']:.2f}x ({mem['peak_mb'][str(high)]:.0f} MB vs "
                    f"{mem['peak_mb'][str(low)]:.0f} MB)", mem["ratio"] <= 1.5))
    figures["campaign"] = camp = campaign_throughput(campaign_seconds, phase)
    for name in ("reference", phase):
        if name in camp:  # a figure, not a target: the engines' own cost sets it
            camp[name]["engine_case_ms"] = engine_case_cost(name)
    figures["cost_per_case"] = cost_per_case()
    if tests:
        figures["cost_per_test"] = per_test = cost_per_test()
        targets.append(("fast tier under 5 minutes on two cores",
                         f"{per_test['wall_s']:.0f} s for {per_test['tests']} tests "
                         f"({per_test['ms_per_test']:.0f} ms per test)",
                         per_test["wall_s"] < 300))
    return figures, targets
