"""Test command of the mutation run: every conformance case (spec + generated) on the reference
engine, in process, stopping at the first case that does not pass.

    python benchmarks/mutation_check.py [--generated 300] [--timeout 5] [--cache FILE] [-v]

Exit 0 when every case passed (the mutant survived), 1 at the first case whose result is anything
but ``passed`` (the mutant was killed): ``failed``, ``errored``, and also ``unsupported``, since
the reference engine claims every feature and era of the spec, so a mutant that makes it refuse
an action or a query (or drop a feature) is caught; 2 when the cases themselves do not load. Only
conformance cases are run: no pytest test of the engine is involved, so the kill rate measures
the suite, not the unit tests. It imports the packages of the tree it lives in (not the installed
ones). With ``--cache`` the loaded and validated cases are pickled on the first call (which must
run on the unmutated engine: cases it does not pass are left out, named on stderr) and reused
afterwards. ``benchmarks/mutate.py`` uses :func:`load_suite` and runs the mutants itself.
"""

from __future__ import annotations

import argparse
import pickle
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from conformance import Runner, load_cases  # noqa: E402
from conformance.adapters import resolve_adapter  # noqa: E402
from conformance.running.runner import plan  # noqa: E402
from conformance.spec.catalog import Spec, default_spec  # noqa: E402
from conformance.spec.model import Case  # noqa: E402


def load_suite(generated: int) -> tuple[Spec, list[Case]] | None:
    """The spec and every case to run, or None (errors printed) when something fails to load."""
    spec = default_spec()
    loaded = load_cases(None, spec)
    if generated > 0:
        from generators.emit import DEFAULT_SEED, load_generated

        extra = load_generated(count=generated, seed=DEFAULT_SEED, spec=spec)
        loaded.cases += extra.cases
        loaded.errors += extra.errors
    if loaded.errors or spec.errors:
        for error in [*spec.errors, *loaded.errors]:
            print(error, file=sys.stderr)
        return None
    return spec, list(loaded.cases)


def kills(result: str) -> bool:
    """Whether a case result kills the mutant: anything but ``passed``. The reference engine
    declares every feature and era of the spec, so ``unsupported`` (it refused an action or a
    query) and ``errored`` are as much a detected change as ``failed``."""
    return result != "passed"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the suite; return the exit code described in the module docstring."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--generated", type=int, default=300,
                        help="generated cases added to the spec cases (default: 300, as "
                             "``mtgconf run``)")
    parser.add_argument("--timeout", type=float, default=5.0, help="seconds allowed per case")
    parser.add_argument("--cache", type=Path, help="pickle of the loaded cases (written when "
                                                   "missing; delete it when the cases change)")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="name the case that killed the mutant")
    args = parser.parse_args(argv)
    skip: set[tuple[str, str]] = set()
    if args.cache is not None and args.cache.exists():
        spec, cases, skip = pickle.loads(args.cache.read_bytes())
    else:
        suite = load_suite(args.generated)
        if suite is None:
            return 2
        spec, cases = suite
        if args.cache is not None:
            # Written by the unmutated engine: leave out the (case, era) items it does not pass
            # (cases added to the working tree for engine code newer than the copy).
            with Runner(resolve_adapter("reference", timeout=args.timeout), spec=spec,
                        timeout=args.timeout) as runner:
                for item in plan(cases, runner.info):
                    if kills(runner.run_item(item).result):
                        skip.add((item.case.id, item.era))
            if skip:
                print(f"{len(skip)} case(s) fail on this engine and are left out: "
                      + ", ".join(sorted(f"{c} [{e}]" for c, e in skip)), file=sys.stderr)
            args.cache.write_bytes(pickle.dumps((spec, cases, skip)))
    with Runner(resolve_adapter("reference", timeout=args.timeout), spec=spec,
                timeout=args.timeout) as runner:
        for item in plan(cases, runner.info):
            if (item.case.id, item.era) in skip:
                continue
            result = runner.run_item(item)
            if kills(result.result):
                if args.verbose:
                    print(f"{result.result}: {result.case} ({result.file}): {result.message}")
                return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
