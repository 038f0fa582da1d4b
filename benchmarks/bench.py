"""Benchmarks of mtg-conformance, measured in one run so the figures are comparable.

    python benchmarks/bench.py [--quick] [--json benchmarks/results.json]

Prints a table (median, p95, ratios, each target met or not) and writes JSON. The machines these
run on are noisy: compare ratios within one run, not seconds across runs. Nothing here is a test;
no test asserts a timing.

Figures:
* per-case time of the reference engine on the spec cases (median, p95), and of phase-rs on the
  cases both support when its adapter is installed, with their ratio;
* harness overhead: the null adapter (answers without computing) as a share of the reference
  engine's time;
* subprocess transport overhead per message (JSON lines to examples/tiny_engine.py) against the
  same answers computed in process;
* validation rate (case files loaded and schema-checked per second) and generation rate (cases
  emitted per second) when the generators are installed;
* wall time of the default ``mtgconf run``; time for 1k/10k/100k generated cases (linearity);
  speedup with 2 worker processes.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from conformance import Runner, load_cases  # noqa: E402
from conformance.adapter import StartRequest  # noqa: E402
from conformance.adapters import resolve_adapter  # noqa: E402
from conformance.adapters.subprocess import SubprocessAdapter  # noqa: E402
from conformance.model import Case  # noqa: E402
from conformance.parallel import run_parallel  # noqa: E402
from conformance.runner import WorkItem, plan  # noqa: E402
from conformance.spec import default_spec  # noqa: E402


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-quantile (0..1) of ``values`` by nearest rank."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def per_case_times(adapter_spec: str, items: Sequence[WorkItem], repeat: int) -> list[float]:
    """Seconds per work item (median over ``repeat`` passes), run in process."""
    adapter = resolve_adapter(adapter_spec)
    runner = Runner(adapter)
    samples: list[list[float]] = [[] for _ in items]
    try:
        for _ in range(repeat):
            for k, item in enumerate(items):
                start = time.perf_counter()
                runner.run_item(item)
                samples[k].append(time.perf_counter() - start)
    finally:
        runner.close()
    return [statistics.median(s) for s in samples]


def transport_overhead(case: Case, n: int) -> dict[str, float]:
    """Per-message cost of the subprocess transport against the in-process answer."""
    spec = default_spec()
    cards = {name: spec.card(name) for name in case.card_names()}
    query = dict(next(s.body for s in case.steps if s.kind == "observe"))
    engine = ROOT / "examples" / "tiny_engine.py"
    adapter = SubprocessAdapter([sys.executable, str(engine)], timeout=30)
    session = adapter.start(StartRequest(case=case.id, era="modern", setup=case.setup,
                                         cards=cards))  # type: ignore[arg-type]
    start = time.perf_counter()
    for _ in range(n):
        session.observe(query)
    remote = (time.perf_counter() - start) / n
    adapter.close()
    loader = importlib.util.spec_from_file_location("tiny_engine", engine)
    assert loader is not None and loader.loader is not None
    tiny = importlib.util.module_from_spec(loader)
    loader.loader.exec_module(tiny)
    objects = {o["handle"]: tiny.Object(cards[o["card"]], o) for o in case.setup["objects"]}
    start = time.perf_counter()
    for _ in range(n):
        tiny.answer(objects, query)
    local = (time.perf_counter() - start) / n
    return {"subprocess_s": remote, "in_process_s": local, "overhead_s": remote - local}


def timed(fn: Callable[[], Any]) -> float:
    """Wall seconds of one call."""
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--quick", action="store_true", help="smaller sizes (a smoke run)")
    parser.add_argument("--json", type=Path, default=ROOT / "benchmarks" / "results.json")
    parser.add_argument("--phase", default="phase-rs", help="third-party adapter to compare")
    args = parser.parse_args(argv)
    repeat = 3 if args.quick else 7
    figures: dict[str, Any] = {}
    targets: list[tuple[str, str, bool]] = []

    spec = default_spec()
    t0 = time.perf_counter()
    loaded = load_cases(None, spec)
    load_s = time.perf_counter() - t0
    figures["validation_cases_per_s"] = len(loaded.cases) / load_s
    runner = Runner(resolve_adapter("reference"))
    items = [i for i in plan(loaded.cases, runner.info) if i.verdict is None]
    runner.close()

    ref = per_case_times("reference", items, repeat)
    null = per_case_times("null", items, repeat)
    figures["reference_per_case_ms"] = {"median": statistics.median(ref) * 1e3,
                                        "p95": percentile(ref, 0.95) * 1e3, "cases": len(ref)}
    share = statistics.median(null) / statistics.median(ref)
    figures["harness_overhead_share"] = share
    targets.append(("null-adapter harness overhead < 10% of reference time", f"{share:.1%}",
                    share < 0.10))

    if importlib.util.find_spec("phase") is not None:
        try:
            other = resolve_adapter(args.phase)
            info = other.info()
            other.close()
            both = [i for i in plan([i.case for i in items], info) if i.verdict is None]
            phase = per_case_times(args.phase, both, 1)
            ref_both = per_case_times("reference", both, repeat)
            ratio = statistics.median(phase) / statistics.median(ref_both)
            figures["phase_per_case_ms"] = {"median": statistics.median(phase) * 1e3,
                                            "p95": percentile(phase, 0.95) * 1e3,
                                            "cases": len(phase), "ratio_vs_reference": ratio}
            targets.append(("reference >= 10x faster per case than phase-rs",
                            f"{ratio:.1f}x", ratio >= 10))
        except Exception as exc:  # noqa: BLE001 - a benchmark reports, it does not stop
            figures["phase_per_case_ms"] = {"error": str(exc)}

    char_case = next(c for c in loaded.cases if c.area == "characteristics")
    transport = transport_overhead(char_case, 300 if args.quick else 2000)
    figures["transport"] = {k: v * 1e6 for k, v in transport.items()}  # microseconds
    targets.append(("subprocess overhead < 100 us per message",
                    f"{transport['overhead_s'] * 1e6:.0f} us", transport["overhead_s"] < 1e-4))

    if importlib.util.find_spec("generators.emit") is not None:
        from generators import emit

        count = 500 if args.quick else 3000
        seconds = timed(lambda: emit.generate_cases(seed=1, count=count))
        rate = count / seconds
        figures["generation_cases_per_s"] = rate
        targets.append(("at least 2,000 generated cases per second", f"{rate:,.0f}/s",
                        rate >= 2000))
        sizes = [1000, 5000] if args.quick else [1000, 10000, 100000]
        scale: dict[str, float] = {}
        for n in sizes:
            cases = emit.load_generated(count=n, seed=7, spec=spec).cases
            with Runner(resolve_adapter("reference")) as r:
                work = plan(cases, r.info)
                scale[str(n)] = timed(lambda r=r, work=work: [r.run_item(i) for i in work])
        figures["generated_run_s"] = scale
        per = [scale[str(n)] / n for n in sizes]
        figures["generated_linearity"] = max(per) / min(per)

    run_cmd = [sys.executable, "-m", "conformance.cli", "run", "-q"]
    wall = timed(lambda: subprocess.run(run_cmd, cwd=ROOT, capture_output=True, check=False))
    figures["default_run_s"] = wall
    targets.append(("default mtgconf run under 30 s", f"{wall:.1f} s", wall < 30))

    work = items * (2 if args.quick else 6)
    one = timed(lambda: list(run_parallel(work, adapter_spec="reference", jobs=1, timeout=30,
                                          chunk=max(len(work) // 8, 1))))
    two = timed(lambda: list(run_parallel(work, adapter_spec="reference", jobs=2, timeout=30,
                                          chunk=max(len(work) // 8, 1))))
    figures["two_worker_speedup"] = one / two
    targets.append(("speedup with 2 workers >= 1.7x", f"{one / two:.2f}x", one / two >= 1.7))

    figures["targets"] = [{"target": t, "measured": m, "met": ok} for t, m, ok in targets]
    args.json.write_text(json.dumps(figures, indent=2, sort_keys=True) + "\n")
    print(f"{'figure':52} value")
    for key, value in figures.items():
        if key != "targets":
            print(f"{key:52} {json.dumps(value, sort_keys=True, default=str)[:90]}")
    print()
    for t, m, ok in targets:
        print(f"{'MET    ' if ok else 'NOT MET'} {t:55} {m}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
