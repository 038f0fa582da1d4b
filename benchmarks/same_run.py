"""Whether two recordings of the suite say the same thing: for a refactoring that must change
no behaviour (issue 29), record before and after, then compare.

    python benchmarks/same_run.py record OUT [--engines]   # from a checkout, into directory OUT
    python benchmarks/same_run.py compare BEFORE AFTER

``record`` runs the whole suite (spec and 300 generated cases) on the reference engine with its
JSON-lines, JUnit and Markdown reports, and ``mtgconf generate --count 300`` for seeds 1-3; with
``--engines`` also phase.rs and python-mtg against their baselines (``--timeout 60``, as CI runs
them). ``compare`` holds every report line by line and every generated file byte for byte,
ignoring only what differs between two runs of the same code: timestamps, durations, the
commit, the digests of the case set. A case present on one side only (added by other work
landed in between) is listed apart and does not count as a difference; any change in a case
both sides ran does. Exit status 0 when nothing changed, 1 otherwise.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

RUNS = {"ref": [], "phase": ["--adapter", "phase-rs", "--baseline", "baselines/phase-rs.toml",
                             "--strict-baseline", "--timeout", "60"],
        "pm": ["--adapter", "python-mtg", "--baseline", "baselines/python-mtg.toml",
               "--strict-baseline", "--timeout", "60"]}
SEEDS = (1, 2, 3)
#: Fields of a result record that differ between two runs of the same code.
VOLATILE = {"duration_ms", "started", "finished", "elapsed", "commit"}


def record(out: Path, engines: bool) -> int:
    out.mkdir(parents=True, exist_ok=True)
    mtgconf = [sys.executable, "-m", "conformance"]
    for name, extra in RUNS.items():
        if name != "ref" and not engines:
            continue
        with (out / f"{name}.out").open("w") as log:
            code = subprocess.run(
                [*mtgconf, "run", "-q", "--no-progress", "--generated", "300",
                 "--report", str(out / f"{name}.jsonl"), "--junit", str(out / f"{name}.xml"),
                 "--markdown", str(out / f"{name}.md"), *extra],
                stdout=log, stderr=subprocess.STDOUT, check=False).returncode
        print(f"{name}: exit {code}")
    for seed in SEEDS:
        subprocess.run([*mtgconf, "generate", "--seed", str(seed), "--count", "300",
                        "--out", str(out / f"gen{seed}")], check=True, capture_output=True)
    return 0


def _records(path: Path) -> tuple[dict[str, Any], dict[tuple[str, str], dict[str, Any]]]:
    header: dict[str, Any] = {}
    results: dict[tuple[str, str], dict[str, Any]] = {}
    for line in path.read_text("utf-8").splitlines():
        data = json.loads(line)
        if data.get("record") == "run":
            header = data
        elif "case" in data:
            results[(data["case"], data["era"])] = {k: v for k, v in data.items()
                                                    if k not in VOLATILE}
    return header, results


def _junit(path: Path) -> dict[str, str]:
    """Each test case's element (times and the counting attributes of its suite dropped)."""
    text = re.sub(r' time="[^"]*"', "", path.read_text("utf-8"))
    cases = re.findall(r'<testcase (classname="[^"]*" name="[^"]*").*?(?:/>|</testcase>)', text,
                       re.S)
    bodies = re.findall(r'(<testcase classname="[^"]*" name="[^"]*".*?(?:/>|</testcase>))', text,
                        re.S)
    return dict(zip(cases, bodies, strict=True))


def compare(before: Path, after: Path) -> int:
    changed: list[str] = []
    for name in RUNS:
        a, b = before / f"{name}.jsonl", after / f"{name}.jsonl"
        if not (a.exists() and b.exists()):
            continue
        (_, old), (_, new) = _records(a), _records(b)
        common = old.keys() & new.keys()
        diff = sorted(k for k in common if old[k] != new[k])
        changed += [f"{name}: {k[0]} [{k[1]}]: {old[k].get('result')} -> {new[k].get('result')}"
                    for k in diff]
        print(f"{name}.jsonl: {len(common)} results in both, {len(diff)} changed; "
              f"{len(new.keys() - old.keys())} only after, {len(old.keys() - new.keys())} "
              "only before")
        ja, jb = _junit(before / f"{name}.xml"), _junit(after / f"{name}.xml")
        jdiff = sorted(k for k in ja.keys() & jb.keys() if ja[k] != jb[k])
        changed += [f"{name}.xml: {k}" for k in jdiff]
        print(f"{name}.xml: {len(ja.keys() & jb.keys())} test cases in both, {len(jdiff)} "
              "changed")
        same_md = (before / f"{name}.md").read_bytes() == (after / f"{name}.md").read_bytes()
        print(f"{name}.md: {'identical' if same_md else 'differs (counts move with added cases)'}")
    for seed in SEEDS:
        da, db = before / f"gen{seed}", after / f"gen{seed}"
        fa = {p.relative_to(da): p.read_bytes() for p in sorted(da.rglob("*")) if p.is_file()}
        fb = {p.relative_to(db): p.read_bytes() for p in sorted(db.rglob("*")) if p.is_file()}
        gdiff = sorted(str(k) for k in fa.keys() | fb.keys() if fa.get(k) != fb.get(k))
        changed += [f"gen{seed}: {k}" for k in gdiff]
        print(f"generate --seed {seed}: {len(fa)} files before, {len(fb)} after, "
              f"{len(gdiff)} differ")
    for line in changed[:50]:
        print("  changed:", line)
    return 1 if changed else 0


def main(argv: list[str]) -> int:
    if len(argv) >= 2 and argv[0] == "record":
        return record(Path(argv[1]), "--engines" in argv[2:])
    if len(argv) == 3 and argv[0] == "compare":
        return compare(Path(argv[1]), Path(argv[2]))
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
