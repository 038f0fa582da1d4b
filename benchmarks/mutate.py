"""Mutation testing of ``reference_engine`` with mutmut, killed only by the conformance cases.

    python benchmarks/mutate.py [MODULE ...] [--workdir /tmp/mtgconf-mutation] [--fresh]
    python benchmarks/mutate.py --recheck [--workdir ...]
    python benchmarks/mutate.py --summary [--survivors] [--workdir ...]

MODULE is a path under ``reference_engine/`` (e.g. ``combat/declare.py``; default: the modules in
``DEFAULT_MODULES``). mutmut 2 rewrites the file it mutates in place, so nothing runs in the
working tree: the repository is copied to ``--workdir`` (``--fresh`` copies it again and forgets
earlier results) and mutmut runs there, with ``benchmarks/mutation_check.py`` as its test command
(every spec case and the default generated set on the reference engine; stop at the first failure).
Results accumulate in the copy's ``.mutmut-cache``, so a run can be stopped and resumed, and
``--recheck`` copies the working tree's cases (``spec/``) into the copy again and re-runs only
the surviving mutants, so that cases written to kill them are counted. ``--summary`` prints the
kill rate per module from it (``--survivors`` lists each surviving
mutant as a diff). Mutants that change only annotations are skipped as equivalent by
``benchmarks/mutmut_config.py``. Two copies (two ``--workdir``) can run side by side on
different modules. It takes long (about a second of CPU per
mutant); it is not part of CI. See docs/mutation-testing.md for the last results.
"""

from __future__ import annotations

import argparse
import difflib
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: The modules mutated by default, most central first.
DEFAULT_MODULES = ("core/characteristics.py", "layers/system.py", "layers/filters.py",
                   "core/symbols.py", "mana/pool.py", "damage/events.py", "resolution/stack.py")

#: What the copy leaves out (nothing mutmut or the cases need).
IGNORED = shutil.ignore_patterns(".git", "__pycache__", ".mypy_cache", ".ruff_cache",
                                 ".pytest_cache", ".hypothesis", "*.egg-info", "mutants",
                                 ".mutmut-cache", "htmlcov", "node_modules")


def prepare(workdir: Path, fresh: bool) -> None:
    """Copy the repository to ``workdir`` (unless already there) and warm the case cache."""
    if fresh and workdir.exists():
        shutil.rmtree(workdir)
    if not workdir.exists():
        shutil.copytree(ROOT, workdir, ignore=IGNORED)
    for backup in (workdir / "reference_engine").rglob("*.py.bak"):  # an interrupted mutmut
        backup.replace(backup.with_suffix(""))
    shutil.copy(ROOT / "benchmarks" / "mutmut_config.py", workdir / "mutmut_config.py")
    shutil.copy(ROOT / "benchmarks" / "mutation_check.py", workdir / "benchmarks")
    cache = workdir / ".mutation-cases.pickle"
    if not cache.exists():
        code = subprocess.call([sys.executable, "benchmarks/mutation_check.py", "--cache",
                                str(cache)], cwd=workdir)
        if code != 0:
            raise SystemExit(f"the unmutated suite does not pass in {workdir} (exit {code})")


def mutate(workdir: Path, module: str) -> int:
    """Run mutmut on the untested mutants of one module of the copy; return its exit code."""
    runner = f"{sys.executable} benchmarks/mutation_check.py --cache .mutation-cases.pickle"
    mutmut = Path(sys.executable).with_name("mutmut")
    command = [str(mutmut), "run", "--paths-to-mutate", f"reference_engine/{module}",
               "--tests-dir", "tests", "--runner", runner, "--no-progress", "--simple-output"]
    return subprocess.call(command, cwd=workdir, stdout=subprocess.DEVNULL)


def recheck(workdir: Path) -> None:
    """Refresh the copy's cases from the working tree and re-run every surviving mutant that
    is not equivalent (mutmut re-runs only mutants marked untested in its cache)."""
    shutil.rmtree(workdir / "spec")
    shutil.copytree(ROOT / "spec", workdir / "spec", ignore=IGNORED)
    (workdir / ".mutation-cases.pickle").unlink(missing_ok=True)
    prepare(workdir, fresh=False)
    again = [(f, i) for f, i, _diff, equivalent in survivors(workdir) if not equivalent]
    db = sqlite3.connect(workdir / ".mutmut-cache")
    db.executemany("UPDATE Mutant SET status = 'untested' WHERE id = ?", [(i,) for _f, i in again])
    db.commit()
    db.close()
    for module in sorted({Path(f).name for f, _i in again}):
        mutate(workdir, module)


def summary(workdir: Path) -> list[tuple[str, dict[str, int]]]:
    """Mutant counts per module and status, read from the copy's ``.mutmut-cache``."""
    db = sqlite3.connect(workdir / ".mutmut-cache")
    rows = db.execute("SELECT SourceFile.filename, Mutant.status, COUNT(*) FROM Mutant "
                      "JOIN Line ON Mutant.line = Line.id "
                      "JOIN SourceFile ON Line.sourcefile = SourceFile.id "
                      "GROUP BY SourceFile.filename, Mutant.status").fetchall()
    db.close()
    table: dict[str, dict[str, int]] = {}
    for filename, status, count in rows:
        table.setdefault(str(filename), {})[str(status)] = int(count)
    return sorted(table.items())


def survivors(workdir: Path) -> list[tuple[str, int, str, str | None]]:
    """Each surviving mutant: (file, mutant id, unified diff, why it is equivalent or None)."""
    import mutmut  # type: ignore[import-untyped]
    from mutmut_config import classify

    db = sqlite3.connect(workdir / ".mutmut-cache")
    rows = db.execute("SELECT SourceFile.filename, Mutant.id, Line.line, Line.line_number, "
                      "Mutant.\"index\" FROM Mutant JOIN Line ON Mutant.line = Line.id "
                      "JOIN SourceFile ON Line.sourcefile = SourceFile.id "
                      "WHERE Mutant.status = 'bad_survived' "
                      "ORDER BY SourceFile.filename, Line.line_number").fetchall()
    db.close()
    found = []
    for filename, ident, line, line_number, index in rows:
        original = (workdir / filename).read_text(encoding="utf-8")
        context = mutmut.Context(source=original, filename=filename,
                                 mutation_id=mutmut.RelativeMutationID(line, index, line_number))
        mutated, _ = mutmut.mutate(context)
        diff = "".join(difflib.unified_diff(original.splitlines(True), mutated.splitlines(True),
                                            f"{filename}:{line_number + 1}", "mutant", n=0))
        found.append((str(filename), int(ident), diff,
                      classify(original, mutated, workdir / "reference_engine")))
    return found


def print_summary(workdir: Path, listing: list[tuple[str, int, str, str | None]]) -> None:
    """Print killed / survived / untested per module and the kill rate among the mutants that
    are not equivalent (skipped as annotation-only, or classified equivalent in ``listing``)."""
    print(f"{'module':36} {'mutants':>7} {'killed':>6} {'timeout':>7} {'survived':>8} "
          f"{'equivalent':>10} {'untested':>8} {'kill rate':>9}")
    for filename, counts in summary(workdir):
        # mutmut's "suspicious" is a killed mutant whose tests ran slowly (not a survivor)
        killed = counts.get("ok_killed", 0) + counts.get("ok_suspicious", 0)
        timeout = counts.get("bad_timeout", 0)
        survived = counts.get("bad_survived", 0)
        untested = counts.get("untested", 0)
        same = sum(1 for f, _i, _d, why in listing if f == filename and why)
        equivalent = counts.get("skipped", 0) + same  # skipped: annotations only
        real = killed + timeout + survived - same
        rate = f"{(killed + timeout) / real:.1%}" if real else "-"
        print(f"{filename:36} {sum(counts.values()):7} {killed:6} {timeout:7} "
              f"{survived - same:8} {equivalent:10} {untested:8} {rate:>9}")


def main(argv: Sequence[str] | None = None) -> int:
    """Mutate the chosen modules (or print the summary); exit 0 unless the setup failed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("modules", nargs="*", help="file names under reference_engine/")
    parser.add_argument("--workdir", type=Path, default=Path("/tmp/mtgconf-mutation"))
    parser.add_argument("--fresh", action="store_true", help="copy the repository again")
    parser.add_argument("--summary", action="store_true", help="only print the kill rates")
    parser.add_argument("--recheck", action="store_true",
                        help="re-run the surviving mutants against the current cases")
    parser.add_argument("--survivors", action="store_true",
                        help="with --summary: print each surviving mutant's diff")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT / "benchmarks"))
    if args.recheck:
        recheck(args.workdir)
    elif not args.summary:
        prepare(args.workdir, args.fresh)
        for module in args.modules or DEFAULT_MODULES:
            if not (args.workdir / "reference_engine" / module).exists():
                print(f"no module reference_engine/{module}", file=sys.stderr)
                return 2
            mutate(args.workdir, module)
    listing = survivors(args.workdir)
    print_summary(args.workdir, listing)
    if args.survivors:
        for filename, ident, diff, equivalent in listing:
            print(f"--- mutant {ident} of {filename}"
                  + (f" (equivalent: {equivalent})" if equivalent else ""))
            print(diff.split("\n", 2)[-1].rstrip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
