"""Soak test of ``mtgconf run --resume``: kill a real run at random moments, resume, and count
what was lost or duplicated against an uninterrupted run.

    python benchmarks/kill_resume.py [--rounds 20] [--cases 30] [--seed 1]

Each round writes a fresh report: it starts ``mtgconf run`` on ``--cases`` probe cases through
``tests/engines/faulty_engine.py --slow`` (a correct engine, slowed down), kills it with a random
signal (SIGINT, SIGTERM or SIGKILL) after a random delay, then resumes until the run completes
(killing resumed runs too, at random, up to three times). The final report is compared with an
uninterrupted run, timings apart. Figures go to docs/reliability.md; nothing here is a test.
"""

from __future__ import annotations

import argparse
import json
import random
import shlex
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.test_faults_engine import FAULTY, write_probes  # noqa: E402

MTGCONF = [sys.executable, "-m", "conformance.cli"]
SIGNALS = [signal.SIGINT, signal.SIGTERM, signal.SIGKILL]


def records(path: Path) -> list[dict[str, Any]]:
    """Records of a report without timings (a torn last line is skipped)."""
    out = []
    for line in path.read_text("utf-8").splitlines():
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            continue
        record.pop("duration_ms", None)
        out.append(record)
    return out


def command(cases: Path, report: Path, slow: float, resume: bool) -> list[str]:
    """The ``mtgconf run`` command line of one attempt."""
    engine = shlex.join([*FAULTY, "--slow", str(slow)])
    cmd = [*MTGCONF, "run", str(cases), "--adapter", f"cmd:{engine}", "--report", str(report),
           "--no-progress", "-q"]
    return [*cmd, "--resume", str(report)] if resume else cmd


def attempt(cmd: list[str], rng: random.Random, kill: bool, cwd: Path) -> int:
    """Run ``cmd``; if ``kill``, send a random signal after a random delay."""
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=cwd)
    if kill:
        time.sleep(rng.uniform(0.5, 4.0))
        if proc.poll() is None:
            proc.send_signal(rng.choice(SIGNALS))
    return proc.wait(timeout=300)


def main() -> int:
    """Run the rounds and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--cases", type=int, default=30)
    parser.add_argument("--slow", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    work = Path(tempfile.mkdtemp(prefix="kill-resume-"))
    cases = work / "cases"
    write_probes(cases, args.cases)
    full = work / "full.jsonl"
    subprocess.run(command(cases, full, 0.0, False), check=True, cwd=work,
                   stdout=subprocess.DEVNULL)
    expected = records(full)
    kills = lost = duplicated = mismatched = 0
    for n in range(args.rounds):
        report = work / f"round-{n}.jsonl"
        attempts = 0
        while True:
            kill = attempts < 3
            code = attempt(command(cases, report, args.slow, report.exists()), rng, kill, work)
            attempts += 1
            if code != 0:
                kills += 1
            if code == 0:
                break
        got = records(report)
        keys = [(r["case"], r["era"]) for r in got]
        duplicated += len(keys) - len(set(keys))
        lost += len({(r["case"], r["era"]) for r in expected} - set(keys))
        mismatched += got != expected
    print(json.dumps({"rounds": args.rounds, "cases": args.cases, "interruptions": kills,
                      "results_lost": lost, "results_duplicated": duplicated,
                      "reports_differing_from_uninterrupted": mismatched}, indent=2))
    return 0 if lost == duplicated == mismatched == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
