"""Mutation testing of ``reference_engine``, killed only by the conformance cases.

    nice -n 10 python benchmarks/mutate.py --all --sample 40          # the nightly command
    python benchmarks/mutate.py combat/declare.py resolution.py [--sample 0]
    python benchmarks/mutate.py --recheck                             # survivors, current cases
    python benchmarks/mutate.py --summary [--survivors] [--markdown]

A MODULE is a path under ``reference_engine/`` (``sba.py``, ``combat/declare.py``; a bare file
name is accepted when only one module has it). ``--all`` takes every module of the package.
``--sample N`` takes N mutants per module (a fixed sample for a given ``--seed``; 0 = all).

How it runs, in one process (nothing is written to the working tree): the engine's sources are
read once into memory, then the suite (every spec case and the default generated set, the
cases ``mtgconf run`` runs) is loaded and run once on the unmutated engine under a line tracer,
which records which engine lines each (case, era) executes. For each mutant
(:mod:`mutation_ops`), a forked child swaps the mutated module in (the whole engine is
re-imported from the in-memory sources, one module changed), and runs only the cases that
executed the mutated lines (a mutant elsewhere in a function cannot change a case that never
reaches it; code run at import time gets every case), fastest first, stopping at the first case
whose result is not ``passed``: ``failed``, ``errored`` and ``unsupported`` all kill the mutant
(a mutant that makes the engine refuse an action or a query, or drop a feature from its
capabilities, is caught). What is not engine behaviour (documentation metadata: the card
authors' tooling and a registration's vocabulary spec; text for people: the words of a raised
error; the REFERENCE_ENGINE_CHECK_UNDO debugging check; :mod:`mutation_ops`) is neither run nor
counted.
A child that runs past ``--timeout`` seconds is killed and counts as killed (an infinite loop
is an observable bug). A mutant no case reaches is ``uncovered``.

Results are appended to ``--results`` (JSON lines), keyed by the module's source hash, so a run
can be stopped and resumed; ``--recheck`` re-runs the survivors with the current cases. The
survivors are explained in ``benchmarks/mutation_explained/*.toml`` (``equivalent``,
``unobservable`` or ``gap``, with the reason); kill rates count every mutant except the
equivalent ones. The exit status is 0 when every module kills at least ``--module-floor``
(90%) of its non-equivalent mutants, all modules together at least ``--total-floor`` (95%),
and every survivor is explained; 1 otherwise. docs/mutation-testing.md has the last results.
"""

from __future__ import annotations

import argparse
import fnmatch
import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import random
import select
import signal
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from types import CodeType, FrameType, ModuleType
from typing import Any

import tomllib

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from mutation_ops import Facts, Mutant, apply, enumerate_mutants, package_facts  # noqa: E402

PACKAGE = "reference_engine"
ENGINE = ROOT / PACKAGE
EXPLAINED = ROOT / "benchmarks" / "mutation_explained"
DEFAULT_RESULTS = Path("/tmp/mtgconf-mutation/results.jsonl")
KILLED = ("killed", "timeout")
#: Modules importing the engine that are re-imported with it in each child.
_DEPENDENTS = ("conformance.adapters.reference",)


# -- the engine, from an in-memory snapshot ----------------------------------------------------


class Snapshot(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Serves every ``reference_engine`` module from sources read once, one of them mutated."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.sources: dict[str, str] = {}  # path under root -> source
        self.codes: dict[str, CodeType] = {}  # module name -> code
        self.files: dict[str, Path] = {}  # module name -> file
        self.packages: set[str] = set()
        for path in sorted(root.rglob("*.py")):
            rel = path.relative_to(root).as_posix()
            if "__pycache__" in rel:
                continue
            source = path.read_text(encoding="utf-8")
            self.sources[rel] = source
            name = module_name(rel)
            self.files[name] = path
            if path.name == "__init__.py":
                self.packages.add(name)
            self.codes[name] = compile(source, str(path), "exec", dont_inherit=True)

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.codes:
            return None
        file = self.files[fullname]
        return importlib.util.spec_from_file_location(
            fullname, file, loader=self,
            submodule_search_locations=[str(file.parent)] if fullname in self.packages else None)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return None

    def exec_module(self, module: ModuleType) -> None:
        exec(self.codes[module.__name__], module.__dict__)

    def install(self) -> None:
        """Put the snapshot first on the import path and forget modules imported from disk."""
        if self not in sys.meta_path:
            sys.meta_path.insert(0, self)
        purge()


def module_name(rel: str) -> str:
    """``combat/declare.py`` -> ``reference_engine.combat.declare``."""
    parts = [PACKAGE, *rel[: -len(".py")].split("/")]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def purge() -> None:
    """Forget the engine and the modules that imported it (they are imported again)."""
    for name in list(sys.modules):
        if name == PACKAGE or name.startswith(PACKAGE + ".") or name in _DEPENDENTS:
            del sys.modules[name]


def fresh_adapter() -> Any:
    """A reference adapter over the engine as the snapshot now serves it."""
    from conformance.adapters.reference import ReferenceAdapter

    return ReferenceAdapter()


# -- the suite, traced once -------------------------------------------------------------------


@dataclass
class Suite:
    """The cases, which engine lines each (case, era) runs, and how long it takes."""

    spec: Any
    cases: dict[str, Any]  # case id -> case
    items: list[tuple[str, str]] = field(default_factory=list)  # (case id, era), fastest first
    seconds: list[float] = field(default_factory=list)
    lines: dict[tuple[str, int], int] = field(default_factory=dict)  # -> bitmask of items
    import_lines: set[tuple[str, int]] = field(default_factory=set)  # run while importing
    left_out: list[str] = field(default_factory=list)


def load_suite(snapshot: Snapshot, generated: int, timeout: float) -> Suite:
    """Load the cases and run each on the unmutated engine under a line tracer."""
    from mutation_check import load_suite as load_cases

    from conformance.running.runner import Runner, plan

    loaded = load_cases(generated)
    if loaded is None:
        raise SystemExit("the cases do not load (errors above)")
    spec, cases = loaded
    suite = Suite(spec=spec, cases={c.id: c for c in cases})
    files = {str(snapshot.files[module_name(rel)]): rel for rel in snapshot.sources}
    hits: set[tuple[str, int]] = set()

    def tracer(frame: FrameType, event: str, arg: Any) -> Any:
        rel = files.get(frame.f_code.co_filename)
        if rel is None:
            return None

        def local(frame: FrameType, event: str, arg: Any) -> Any:
            if event == "line":
                hits.add((rel, frame.f_lineno))
            return local
        hits.add((rel, frame.f_lineno))
        return local

    purge()
    sys.settrace(tracer)  # what runs at import time (decorators, tables) can change any case
    try:
        adapter = fresh_adapter()
    finally:
        sys.settrace(None)
    suite.import_lines = set(hits)
    traced: list[tuple[tuple[str, str], float, set[tuple[str, int]]]] = []
    with Runner(adapter, spec=spec, timeout=timeout) as runner:
        for item in plan(cases, runner.info):
            hits = set()
            adapter._cards.clear()  # parse cards again: each run traces its own parsing
            start = time.perf_counter()
            sys.settrace(tracer)
            try:
                result = runner._execute(item)  # in this thread, where the tracer is
            finally:
                sys.settrace(None)
            took = time.perf_counter() - start
            if result.result != "passed":
                suite.left_out.append(f"{item.case.id} [{item.era}]: {result.result}")
                continue
            traced.append(((item.case.id, item.era), took, set(hits)))
    traced.sort(key=lambda t: t[1])
    for i, (key, took, hits) in enumerate(traced):
        suite.items.append(key)
        suite.seconds.append(took)
        for hit in hits:
            suite.lines[hit] = suite.lines.get(hit, 0) | (1 << i)
    return suite


def relevant(suite: Suite, mutant: Mutant) -> list[int]:
    """The items that can see ``mutant``: every item for code run at import time, otherwise
    those that executed one of its lines (fastest first)."""
    span = [(mutant.module, line)
            for line in range(mutant.first_line or mutant.line, mutant.end_line + 1)]
    if mutant.import_time or any(hit in suite.import_lines for hit in span):
        return list(range(len(suite.items)))
    mask = 0
    for hit in span:
        mask |= suite.lines.get(hit, 0)
    return [i for i in range(len(suite.items)) if mask >> i & 1]


# -- one mutant --------------------------------------------------------------------------------


@dataclass
class Result:
    """What happened to one mutant."""

    module: str
    index: int
    sha: str
    line: int
    function: str
    operator: str
    before: str
    after: str
    key: str
    status: str  # killed, timeout, survived, uncovered, broken
    killer: str = ""
    cases_run: int = 0
    seconds: float = 0.0
    equivalent: str = ""  #: the mechanical class it belongs to, should it survive


def run_mutant(snapshot: Snapshot, suite: Suite, mutant: Mutant, code: CodeType,
               timeout: float) -> tuple[str, str, int]:
    """Run the relevant cases on the engine with ``code`` in place of the mutated module, in a
    forked child; return (status, killer, cases run)."""
    from mutation_check import kills

    from conformance.running.runner import Runner, plan

    chosen = relevant(suite, mutant)
    if not chosen:
        return "uncovered", "", 0
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: swap the module in, run, report, exit
        os.close(read)
        status, killer, ran = "survived", "", 0
        try:
            snapshot.codes[module_name(mutant.module)] = code
            purge()
            adapter = fresh_adapter()
            with Runner(adapter, spec=suite.spec, timeout=timeout) as runner:
                for i in chosen:
                    case_id, era = suite.items[i]
                    adapter._cards.clear()
                    items = [w for w in plan([suite.cases[case_id]], runner.info, era=era)]
                    ran += 1
                    result = runner.run_item(items[0]) if items else None
                    if result is None or kills(result.result):
                        status = "killed"
                        killer = (f"{case_id} [{era}]: "
                                  + (result.result if result else "not planned"))
                        break
        except BaseException as exc:  # the engine does not even import: killed
            status, killer = "killed", f"import: {type(exc).__name__}: {exc}"[:300]
        os.write(write, json.dumps([status, killer, ran]).encode())
        os._exit(0)
    os.close(write)
    budget = timeout + 5 + 3 * sum(suite.seconds[i] for i in chosen)
    ready, _, _ = select.select([read], [], [], budget)
    data = b""
    if ready:
        while chunk := os.read(read, 65536):
            data += chunk
    os.close(read)
    if not data:
        os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    if not data:
        return "timeout", f"no answer within {budget:.0f}s", len(chosen)
    status, killer, ran = json.loads(data)
    return str(status), str(killer), int(ran)


# -- choosing the mutants ------------------------------------------------------------------------


def facts_of(snapshot: Snapshot) -> Facts:
    """The package facts of the engine, counting the reference adapter's calls into it."""
    adapter = ROOT / "conformance" / "adapters" / "reference.py"
    return package_facts({**snapshot.sources,
                          "<conformance/adapters/reference.py>": adapter.read_text(
                              encoding="utf-8")})


def sha_of(source: str) -> str:
    return hashlib.sha1(source.encode()).hexdigest()[:12]


def resolve_modules(snapshot: Snapshot, names: Sequence[str], every: bool) -> list[str]:
    """The module paths asked for (exit with a message naming an unknown one)."""
    if every:
        return [rel for rel in snapshot.sources if _has_code(snapshot.sources[rel])]
    chosen = []
    for name in names:
        if name in snapshot.sources:
            chosen.append(name)
            continue
        matches = [rel for rel in snapshot.sources if rel.rsplit("/", 1)[-1] == name]
        if len(matches) != 1:
            known = "several: " + ", ".join(matches) if matches else "none"
            raise SystemExit(f"no single module {PACKAGE}/{name} ({known})")
        chosen.append(matches[0])
    return chosen


def _has_code(source: str) -> bool:
    return bool(enumerate_mutants("-", source))


def sample(mutants: list[Mutant], size: int, seed: int, module: str) -> list[Mutant]:
    """``size`` mutants of a module, the same ones for the same seed and source (0: all): the
    first ``size`` of a fixed shuffle, so a larger sample contains a smaller one and a nightly
    run with a larger ``--sample`` reuses the results recorded so far. Documentation metadata
    (:attr:`Mutant.documentation`) is never taken: it is not engine behaviour."""
    order = list(mutants)
    if 0 < size < len(mutants):
        random.Random(f"{seed}:{module}").shuffle(order)
    order = [m for m in order if not m.documentation]
    if size > 0:
        order = order[:size]
    return sorted(order, key=lambda m: m.index)


def documentation_indexes(snapshot: Snapshot, modules: set[str], facts: Facts
                          ) -> dict[str, set[int]]:
    """The indexes of each module's documentation mutants (neither run nor counted)."""
    return {rel: {m.index for m in enumerate_mutants(rel, snapshot.sources[rel], facts)
                  if m.documentation} for rel in modules if rel in snapshot.sources}


def read_results(path: Path) -> dict[tuple[str, str, int], Result]:
    """Results recorded so far, the latest per (module, source hash, index)."""
    found: dict[tuple[str, str, int], Result] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                r = Result(**json.loads(line))
                found[(r.module, r.sha, r.index)] = r
    return found


# -- explanations and the summary ----------------------------------------------------------------


def explanations(folder: Path = EXPLAINED) -> dict[str, dict[str, str]]:
    """Survivor key (or ``fnmatch`` pattern of keys) -> {kind, why}, from every ``*.toml`` of
    ``benchmarks/mutation_explained/`` (one file per engine package, ``general.toml`` for the
    patterns that hold everywhere), read in name order; a key given twice is an error."""
    table: dict[str, dict[str, str]] = {}
    files = sorted(folder.glob("*.toml")) if folder.is_dir() else [folder]
    files = [f for f in files if f.exists()]
    for path in files:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for entry in data.get("survivor", []):
            key, kind = str(entry["key"]), str(entry["kind"])
            if kind not in ("equivalent", "unobservable", "gap"):
                raise SystemExit(f"{path}: survivor {key!r}: kind {kind!r} is not "
                                 "equivalent, unobservable or gap")
            if key in table:
                raise SystemExit(f"{path}: survivor {key!r} is explained twice")
            table[key] = {"kind": kind, "why": str(entry["why"])}
    return table


def explain(r: Result, explained: dict[str, dict[str, str]]) -> tuple[str, str]:
    """(kind, why) of a surviving mutant: its entry in the explanations (the key itself, else
    the first pattern matching it), else its mechanical class, else ``unexplained``."""
    entry = explained.get(r.key) or next(
        (e for k, e in explained.items() if any(c in k for c in "*?[")
         and fnmatch.fnmatchcase(r.key, k)), None)
    if entry is not None:
        return entry["kind"], entry["why"]
    if r.equivalent.startswith("unobservable: "):
        return "unobservable", r.equivalent[len("unobservable: "):]
    if r.equivalent:
        return "equivalent", r.equivalent
    if r.status == "uncovered":
        return "unexplained", "no case runs this line"
    return "unexplained", ""


@dataclass
class Row:
    """Counts of one module."""

    module: str
    mutants: int = 0
    killed: int = 0
    equivalent: int = 0
    unobservable: int = 0
    gap: int = 0
    unexplained: int = 0

    @property
    def real(self) -> int:
        return self.mutants - self.equivalent

    @property
    def rate(self) -> float:
        return self.killed / self.real if self.real else 1.0


def tally(results: Sequence[Result], explained: dict[str, dict[str, str]]) -> list[Row]:
    """One row per module (and the survivors nobody explained, as ``unexplained``)."""
    rows: dict[str, Row] = {}
    for r in results:
        row = rows.setdefault(r.module, Row(r.module))
        row.mutants += 1
        if r.status in KILLED:
            row.killed += 1
            continue
        kind = explain(r, explained)[0]
        setattr(row, kind, getattr(row, kind) + 1)
    return [rows[m] for m in sorted(rows)]


def print_table(rows: Sequence[Row], markdown: bool) -> Row:
    total = Row("all modules")
    for row in rows:
        for name in ("mutants", "killed", "equivalent", "unobservable", "gap", "unexplained"):
            setattr(total, name, getattr(total, name) + getattr(row, name))
    if markdown:
        print("| module | mutants | killed | equivalent | unobservable | gap | kill rate |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for row in [*rows, total]:
            bold = "**" if row is total else ""
            print(f"| {bold}{row.module}{bold} | {row.mutants} | {row.killed} | "
                  f"{row.equivalent} | {row.unobservable} | {row.gap + row.unexplained} | "
                  f"{bold}{row.rate:.1%}{bold} ({row.killed}/{row.real}) |")
    else:
        print(f"{'module':34} {'mutants':>7} {'killed':>6} {'equiv':>5} {'unobs':>5} "
              f"{'gap':>4} {'unexpl':>6} {'rate':>7}")
        for row in [*rows, total]:
            print(f"{row.module:34} {row.mutants:7} {row.killed:6} {row.equivalent:5} "
                  f"{row.unobservable:5} {row.gap:4} {row.unexplained:6} {row.rate:7.1%}")
    return total


def print_survivor_tables(survivors: Sequence[Result], explained: dict[str, dict[str, str]]
                          ) -> None:
    """Every survivor as Markdown, one table per module (docs/mutation-survivors.md)."""
    module = ""
    for r in sorted(survivors, key=lambda r: (r.module, r.line, r.index)):
        if r.module != module:
            module = r.module
            print(f"\n## {module}\n\n| line | status | mutant | kind: why |\n|---:|---|---|---|")
        kind, why = explain(r, explained)
        shown = f"`{r.before}` → `{r.after}`".replace("|", "\\|")
        print(f"| {r.line} | {r.status} | {shown} | {kind}: {why.replace('|', '/')} |")


# -- the command ---------------------------------------------------------------------------------


def planned(snapshot: Snapshot, modules: Sequence[str], size: int, seed: int
            ) -> Iterator[tuple[Mutant, str]]:
    names = facts_of(snapshot)
    for rel in modules:
        source = snapshot.sources[rel]
        for mutant in sample(enumerate_mutants(rel, source, names), size, seed, rel):
            yield mutant, sha_of(source)


def main(argv: Sequence[str] | None = None) -> int:
    """Mutate, recheck or summarise; the exit status is described in the module docstring."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("modules", nargs="*", help=f"paths under {PACKAGE}/")
    parser.add_argument("--all", action="store_true", help="every module of the engine")
    parser.add_argument("--sample", type=int, default=40,
                        help="mutants per module (default 40; 0 = every mutant)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the sample (default 1)")
    parser.add_argument("--results", type=Path, default=DEFAULT_RESULTS)
    parser.add_argument("--generated", type=int, default=300,
                        help="generated cases added to the spec cases (default 300)")
    parser.add_argument("--timeout", type=float, default=3.0, help="seconds per case")
    parser.add_argument("--recheck", action="store_true",
                        help="re-run the recorded survivors against the current cases")
    parser.add_argument("--summary", action="store_true", help="only print the kill rates")
    parser.add_argument("--survivors", action="store_true", help="list every survivor")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    parser.add_argument("--module-floor", type=float, default=0.90)
    parser.add_argument("--total-floor", type=float, default=0.95)
    parser.add_argument("-q", "--quiet", action="store_true")
    args = parser.parse_args(argv)
    snapshot = Snapshot(ENGINE)
    snapshot.install()
    recorded = read_results(args.results)
    if args.recheck:
        todo = {(r.module, r.index) for r in recorded.values()
                if r.status not in KILLED and r.sha == sha_of(snapshot.sources.get(r.module, ""))}
        names = facts_of(snapshot)
        plan_list = []
        for rel in sorted({module for module, _index in todo}):
            source = snapshot.sources[rel]
            plan_list += [(m, sha_of(source)) for m in enumerate_mutants(rel, source, names)
                          if (rel, m.index) in todo and not m.documentation]
    elif args.summary:
        plan_list = []
    else:
        if not args.all and not args.modules:
            parser.error("name modules or give --all")
        modules = resolve_modules(snapshot, args.modules, args.all)
        plan_list = [(m, sha) for m, sha in planned(snapshot, modules, args.sample, args.seed)
                     if (m.module, sha, m.index) not in recorded]
    if plan_list:
        started = time.perf_counter()
        suite = load_suite(snapshot, args.generated, args.timeout)
        if suite.left_out:
            print(f"{len(suite.left_out)} (case, era) item(s) do not pass on the unmutated "
                  "engine and are left out:\n  " + "\n  ".join(suite.left_out), file=sys.stderr)
        if not args.quiet:
            print(f"suite: {len(suite.items)} items traced in "
                  f"{time.perf_counter() - started:.1f}s; {len(plan_list)} mutants to run",
                  file=sys.stderr, flush=True)
        args.results.parent.mkdir(parents=True, exist_ok=True)
        names = facts_of(snapshot)
        with args.results.open("a", encoding="utf-8") as out:
            for n, (mutant, sha) in enumerate(plan_list, 1):
                start = time.perf_counter()
                try:
                    code = apply(snapshot.sources[mutant.module], mutant.index,
                                 str(ENGINE / mutant.module), names)
                    status, killer, ran = run_mutant(snapshot, suite, mutant, code,
                                                     args.timeout)
                except SyntaxError as exc:
                    status, killer, ran = "broken", f"does not compile: {exc}", 0
                result = Result(module=mutant.module, index=mutant.index, sha=sha,
                                line=mutant.line, function=mutant.function,
                                operator=mutant.operator, before=mutant.before,
                                after=mutant.after, key=mutant.key, status=status,
                                killer=killer, cases_run=ran,
                                seconds=round(time.perf_counter() - start, 3),
                                equivalent=mutant.equivalent)
                out.write(json.dumps(asdict(result)) + "\n")
                out.flush()
                recorded[(mutant.module, sha, mutant.index)] = result
                if not args.quiet and (status not in KILLED or n % 50 == 0):
                    print(f"[{n}/{len(plan_list)}] {status:9} {mutant.module}:{mutant.line} "
                          f"{mutant.before} -> {mutant.after}", file=sys.stderr, flush=True)
    current = {rel: sha_of(src) for rel, src in snapshot.sources.items()}
    results = [r for r in recorded.values() if current.get(r.module) == r.sha
               and r.status != "broken"]
    documentation = documentation_indexes(snapshot, {r.module for r in results},
                                          facts_of(snapshot))
    results = [r for r in results if r.index not in documentation.get(r.module, set())]
    if not args.all and args.modules and not args.summary:
        wanted = set(resolve_modules(snapshot, args.modules, False))
        results = [r for r in results if r.module in wanted]
    explained = explanations()
    rows = tally(results, explained)
    total = print_table(rows, args.markdown)
    survivors = [r for r in results if r.status not in KILLED]
    if args.survivors and args.markdown:
        print_survivor_tables(survivors, explained)
    elif args.survivors:
        for r in sorted(survivors, key=lambda r: (r.module, r.line)):
            kind, why = explain(r, explained)
            label = f"{kind}: {why}" if kind != "unexplained" else f"UNEXPLAINED {why}"
            print(f"- {r.module}:{r.line} [{r.status}] `{r.before}` -> `{r.after}`"
                  f"\n    key = {json.dumps(r.key)}\n    {label}")
    ok = (all(row.rate >= args.module_floor for row in rows)
          and total.rate >= args.total_floor and total.unexplained == 0)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
