"""Tests of the benchmark and mutation-testing helpers (no timings are asserted)."""

from __future__ import annotations

import ast
import functools
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench import ReplayAdapter, percentile  # type: ignore[import-not-found]  # noqa: E402
from mutation_check import kills  # type: ignore[import-not-found]  # noqa: E402
from mutation_ops import (  # type: ignore[import-not-found]  # noqa: E402
    AUTHORING_MODULES,
    DEBUG_MODULES,
    METADATA_KEYWORDS,
    apply,
    enumerate_mutants,
    mutated_tree,
    package_facts,
)

from conformance import Runner, load_cases  # noqa: E402
from conformance.adapters import resolve_adapter  # noqa: E402
from conformance.running.runner import plan  # noqa: E402
from conformance.spec.catalog import default_spec  # noqa: E402

MODULE = '''"""A module."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from x import Y

__all__ = ["f"]
Alias = dict[str, "Y"]


def f(x: int | None = None, log: Y | None = None) -> int:
    """Docstring."""
    y: list[int] = [1]
    if x == 2 and not y:
        raise ValueError("bad", f"text {x}")
    log.log("unread-kind", reason="why")
    log.log("read-kind", amount=x)
    for v in y:
        if v > 0:
            break
    return (x or 0) + y[0]


def g() -> None:
    f(1)
    if "read-kind" == "amount":
        pass
'''


def _mutants() -> list:  # type: ignore[type-arg]
    return enumerate_mutants("m.py", MODULE, package_facts([MODULE]))


def test_replay_adapter_passes_every_case_of_an_area() -> None:
    """The replay adapter answers what each case expects, so the harness runs every step."""
    spec = default_spec()
    cases = load_cases([ROOT / "spec" / "cases" / "characteristics"], spec).cases
    info = resolve_adapter("reference").info()
    with Runner(ReplayAdapter(cases, info), spec=spec) as runner:
        results = [runner.run_item(i).result for i in plan(cases, info)]
    assert results and set(results) <= {"passed", "unsupported"}
    assert "passed" in results


def test_nothing_that_cannot_change_an_answer_is_mutated() -> None:
    """Annotations, docstrings, imports, ``__all__``, TYPE_CHECKING blocks, type aliases and
    exception texts are never mutated; the failure class of a raise is."""
    changed = {m.before for m in _mutants()}
    for untouched in ("int | None", "'Docstring.'", "'f'", "dict[str, 'Y']", "'Y'",
                      "f'text {x}'", "'text '"):
        assert untouched not in changed
    assert "'bad'" in changed


def test_each_operator_makes_the_expected_change() -> None:
    made = {(m.operator, m.before, m.after) for m in _mutants()}
    assert ("comparison", "x == 2", "x != 2") in made
    assert ("and/or", "x == 2 and (not y)", "x == 2 or not y") in made
    assert ("drop not", "not y", "y") in made
    assert ("break/continue", "break", "continue") in made
    assert ("arithmetic", "(x or 0) + y[0]", "(x or 0) - y[0]") in made
    assert ("constant", "2", "3") in made
    assert ("return None", "return (x or 0) + y[0]", "return None") in made
    assert ("delete call", "f(1)", "pass") in made
    assert ("negate condition", "v > 0", "not v > 0") not in made  # a comparison is flipped


def test_every_mutant_compiles_and_differs() -> None:
    import ast

    original = ast.dump(ast.parse(MODULE))
    for m in _mutants():
        apply(MODULE, m.index, "m.py", package_facts([MODULE]))
        assert ast.dump(mutated_tree(MODULE, m.index, package_facts([MODULE]))) != original


def test_mechanical_equivalences_are_named() -> None:
    """A logged event kind nothing compares, and a detail nothing reads, are equivalent; a
    kind some code reads is not; nor is the value of a function whose result is used."""
    why = {(m.before, m.after): m.equivalent for m in _mutants()}
    assert "nothing reads" in why[("'unread-kind'", "'XXunread-kindXX'")]
    assert "nothing reads" in why[("'why'", "'XXwhyXX'")]
    assert why[("'read-kind'", "'XXread-kindXX'")] == ""
    assert why[("return (x or 0) + y[0]", "return None")].startswith("every caller")


REGISTERING = '''"""Registrations."""
from __future__ import annotations

from reference_engine.core.vocab_spec import describe

__version__ = "1.0"
TABLE: dict[str, int] = {}


def effect(name: str, *, params: dict[str, str] | None = None, cr: tuple[str, ...] = (),
           example: str = "") -> None:
    TABLE[name] = 1
    describe("effects", name, None, params=params, cr=cr, example=example)


effect("damage", params={"amount": "amount: how much"}, cr=("120.3",), example="Shock")
'''


def test_documentation_metadata_is_marked_and_behaviour_is_not() -> None:
    """A registration's vocabulary spec, the describe call and the version string are marked
    documentation (never run nor counted by mutate.py); the registration itself is not."""
    found = enumerate_mutants("m.py", REGISTERING, package_facts([REGISTERING]))
    marked = {m.before for m in found if m.documentation}
    assert {"'1.0'", "''", "'amount: how much'", "'120.3'", "'Shock'", "'amount'",
            "describe('effects', name, None, params=params, cr=cr, example=example)",
            "'effects'"} <= marked
    plain = {m.before for m in found if not m.documentation}
    assert {"'damage'", "1"} <= plain
    # every mutant of the card authors' tooling is marked, in its own words
    assert all(m.documentation.startswith("authoring tooling")
               for m in enumerate_mutants("vocabulary.py", MODULE))
    # a local function that happens to be called describe is engine behaviour
    local = "def describe(x):\n    return x + 1\n\n\ny = describe(2)\n"
    assert not any(m.documentation for m in enumerate_mutants("m.py", local))


TEXTS = '''"""Errors and the text of errors."""
from __future__ import annotations


class EngineError(Exception):
    pass


class SetupError(EngineError):
    pass


class RulesViolation(EngineError):
    def __init__(self, failure: str, message: str) -> None:
        super().__init__(f"{failure}: {message}")
        self.failure = failure


def check(flt: dict, where: str = "filter") -> None:
    for key, sub in flt.items():
        if key == "any":
            check(sub, f"{where}.any")
        elif key not in ("a", "b"):
            raise SetupError(f"{where}: unknown key {key!r} (known: {', '.join(['a'])})")


def kind_of(kind: str, where: str) -> str:
    if kind == "x":
        raise SetupError(where + " needs " + ("one" if kind else "none"))
    return kind


def cast(flt: dict, names: dict, n: int, options: list) -> None:
    check(flt, "cast.filter")
    kind_of("x", where="cast.kind")
    shown = f" (options: {options!r})" if options else ""
    if n > 1:
        raise RulesViolation("timing", f"not now{shown}")
    if n < 0:
        raise SetupError(f"{names['key']} {n:>3}")
    raise ValueError("bad value")


REGISTRY: list = []


def restriction(fn):
    REGISTRY.append(fn)
    return fn


@restriction
def _tapped(obj) -> str | None:
    if obj.tapped:
        return f"{obj} is tapped"
    return None


def why_not(obj) -> str | None:
    for check in REGISTRY:
        reason = check(obj)
        if reason:
            return reason
    return f"{obj} is shy" if obj.shy else None


def block(obj) -> None:
    problem = why_not(obj)
    if problem is not None:
        raise RulesViolation("cannot-block", problem)


def label(obj) -> str:
    return f"{obj} label"


TABLE = {label(1): 1}
'''


def test_text_for_people_is_marked_and_behaviour_is_not() -> None:
    """Text that only forms an exception's message is enumerated but marked (docs/
    mutation-testing.md): the literal parts of f-strings and concatenations raised, a place
    passed only into such text (through calls, defaults and recursion), a local read only there
    and a message built by an exception class. A failure class, a compared or returned string,
    a subscript key, a format spec and a text used as a key are behaviour and are not
    marked."""
    found = enumerate_mutants("m.py", TEXTS, package_facts({"m.py": TEXTS}))
    marked = {m.before for m in found if m.documentation.startswith("text for people")}
    plain = {m.before for m in found if not m.documentation}
    assert {"': '", "'filter'", "'.any'", "': unknown key '", "' (known: '", "', '", "')'",
            "' needs '", "'one'", "'none'", "'cast.filter'", "'cast.kind'", "' (options: '",
            "''", "'bad value'"} <= marked
    assert "'not now'" not in {m.before for m in found}  # a raise's later text: never walked
    assert {"'timing'", "'x'", "'any'", "'a'", "'b'", "'key'", "'>3'", "'cannot-block'",
            "' label'"} <= plain
    # a branch ending by raising SetupError is the malformed-input class; one ending by
    # raising RulesViolation is a rejection cases expect, so its failure class is not
    why = {(m.before, m.after): m.equivalent for m in found}
    assert why[("'timing'", "'XXtimingXX'")] == ""
    assert why[("kind", "not kind")].startswith("unobservable: in a branch that ends by raising")
    # a reason: returned by a registered restriction or a direct function, only tested for
    # truth or None and raised as a message
    assert {"' is tapped'", "' is shy'"} <= marked
    assert not marked & plain
    # marking never moves an index: mutated_tree (which does not look for text) applies the
    # change each enumerated mutant names
    for m in found:
        if m.operator == "constant":
            dumped = ast.dump(mutated_tree(TEXTS, m.index, package_facts({"m.py": TEXTS})))
            assert f"Constant(value={ast.literal_eval(m.after)!r})" in dumped


CHOICES = '''"""Plurals and other choices of words."""
from __future__ import annotations


class SetupError(Exception):
    pass


REGISTRY: list = []


def restriction(fn):
    REGISTRY.append(fn)
    return fn


@restriction
def _too_many(obj) -> str | None:
    most = obj.most
    if obj.n > most:
        return f"{obj} can't be blocked by more than {most} creature{'s' if most != 1 else ''}"
    return None


def why_not(obj) -> str | None:
    for check in REGISTRY:
        reason = check(obj)
        if reason:
            return reason
    return None


def block(obj) -> None:
    problem = why_not(obj)
    if problem is not None:
        raise SetupError(problem)


def count(n: int, xs: list, flag: bool) -> str:
    if n > 3:
        raise SetupError(f"{n} card{'' if n == 1 else 's'} ({'none' if not flag else 'some'})")
    if n > 2:
        raise SetupError(f"{n} item{'s' if len(xs) != 1 else ''}")
    if n > 1:
        raise SetupError(f"{'s' if n != 7 else ''}")
    if n > 0:
        raise SetupError(f"{n} box{'es' if n > 1 and xs[0] else ''}")
    return "plural" if n != 5 else "single"
'''


def test_a_choice_of_words_is_text() -> None:
    """A field ``{a if test else b}`` of a non-empty f-string in text position, with a test of
    names, constants and comparisons (or ``not`` of one), only picks words: its constants,
    comparisons and test are marked, in a raised message and in a reason. A test with a call,
    a subscript or a short-circuit, a field of an f-string with no literal piece (its truth
    could change) and a conditional outside any text are behaviour."""
    found = enumerate_mutants("c.py", CHOICES, package_facts({"c.py": CHOICES}))
    choice = {(m.line, m.operator, m.before) for m in found
              if m.documentation.startswith("text for people: a choice of words")}
    line = {n: k for k, text in enumerate(CHOICES.splitlines(), start=1)
            for n in ("most != 1", "n == 1", "not flag", "len(xs)", "n != 7", "xs[0]",
                      "n != 5") if n in text}
    assert {(line["most != 1"], "comparison", "most != 1"), (line["most != 1"], "constant", "1"),
            (line["most != 1"], "constant", "''"),  # the reason stays a non-empty string
            (line["n == 1"], "comparison", "n == 1"), (line["n == 1"], "constant", "1"),
            (line["not flag"], "drop not", "not flag")} <= choice
    assert {ln for ln, _op, _before in choice} == {line["most != 1"], line["n == 1"]}
    plain = {(m.line, m.before) for m in found if not m.documentation}
    assert {(line["len(xs)"], "len(xs) != 1"), (line["n != 7"], "n != 7"),
            (line["xs[0]"], "n > 1"), (line["n != 5"], "n != 5")} <= plain


def test_the_engines_failure_classes_stay_mutated_and_its_errors_are_text() -> None:
    """On the engine itself: RulesViolation's first argument (the failure class cases expect)
    is never marked, and a caught exception is read only to put it into another error's text,
    so an exception's arguments are text wherever they are raised."""
    sources = _engine_sources()
    facts = _engine_facts()
    assert ("RulesViolation", 0) not in facts.text.exception_text
    assert ("RulesViolation", 1) in facts.text.exception_text
    assert ("SetupError", -1) in facts.text.exception_text
    failures = 0
    for rel, source in sources.items():
        tree = ast.parse(source)
        marked = {(m.line, m.before) for m in enumerate_mutants(rel, source, facts)
                  if m.documentation.startswith("text for people")}
        for node in ast.walk(tree):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) \
                    and getattr(node.exc.func, "id", "") == "RulesViolation":
                first = node.exc.args[0]
                failures += 1
                assert (first.lineno, ast.unparse(first)) not in marked, (rel, first.lineno)
            if isinstance(node, ast.ExceptHandler) and node.name:
                raises = [r for r in ast.walk(node) if isinstance(r, ast.Raise)]
                inside = {id(n) for r in raises for n in ast.walk(r)}
                uses = [n for n in ast.walk(node) if isinstance(n, ast.Name)
                        and n.id == node.name and isinstance(n.ctx, ast.Load)]
                assert all(id(n) in inside for n in uses), (rel, node.lineno)
    assert failures > 50
    # RulesViolation's __init__: storing and passing on the message is text, the class is not
    errors = {m.before: m.documentation for m in enumerate_mutants(
        "core/errors.py", sources["core/errors.py"], facts)}
    assert errors["self.message = message"].startswith("text for people")
    assert errors["self.failure = failure"] == ""


def test_the_undo_check_is_a_debugging_aid() -> None:
    """Every mutant of the REFERENCE_ENGINE_CHECK_UNDO check and the two statements of game.py
    that call it are marked: with the switch off, as in every case run, they do nothing."""
    sources = _engine_sources()
    facts = _engine_facts()
    assert set(DEBUG_MODULES) <= set(sources)
    for rel in DEBUG_MODULES:
        found = enumerate_mutants(rel, sources[rel], facts)
        assert found and all(m.documentation.startswith("debugging aid") for m in found)
    game = enumerate_mutants("game.py", sources["game.py"], facts)
    calls = {m.before for m in game if m.documentation.startswith("debugging aid")}
    assert calls == {"expected = copy_if_checking(self.state)",
                     "check_restored(expected, self.state, action)"}


@functools.cache
def _engine_facts() -> Any:
    return package_facts(_engine_sources())


def _engine_sources() -> dict[str, str]:
    engine = ROOT / "reference_engine"
    return {str(p.relative_to(engine)): p.read_text(encoding="utf-8")
            for p in sorted(engine.rglob("*.py"))}


def test_metadata_parameters_only_reach_describe() -> None:
    """The metadata rule is safe: outside the authoring tooling, every call that passes a
    params, cr, example, doc or arg keyword calls describe or an engine function that reads
    that parameter only inside a describe(...) call (a registering decorator), so the value is
    documentation, never behaviour."""
    import ast

    trees = {rel: ast.parse(source) for rel, source in _engine_sources().items()
             if rel not in AUTHORING_MODULES}
    # function name -> the metadata parameters it hands only to describe (None: it reads one
    # elsewhere too)
    registering: dict[str, set[str] | None] = {}
    for tree in trees.values():
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            names = {a.arg for a in [*fn.args.posonlyargs, *fn.args.args,
                                     *fn.args.kwonlyargs]} & METADATA_KEYWORDS
            if not names and fn.args.kwarg is None:
                continue  # a call passing such a keyword cannot be to this function
            inside = {id(n) for call in ast.walk(fn) if isinstance(call, ast.Call)
                      and isinstance(call.func, ast.Name) and call.func.id == "describe"
                      for n in ast.walk(call)}
            only = all(id(node) in inside for node in ast.walk(fn)
                       if isinstance(node, ast.Name) and node.id in names
                       and isinstance(node.ctx, ast.Load))
            known = registering.get(fn.name, names)
            registering[fn.name] = names & known if only and known is not None else None
    # A hook's rule number is its place in a CR-ordered list (core/ordering.py), so ``cr`` there
    # is an ordering key, not documentation: in_cr_order and the registrars that order by it.
    ordering = {"in_cr_order"} | {
        fn.name for tree in trees.values() for fn in ast.walk(tree)
        if isinstance(fn, ast.FunctionDef) and any(
            isinstance(c, ast.Call) and isinstance(c.func, ast.Name)
            and c.func.id in ("in_cr_order", "cr_order") for c in ast.walk(fn))}
    checked = 0
    for rel, tree in trees.items():
        for call in ast.walk(tree):
            if not isinstance(call, ast.Call):
                continue
            func = call.func
            name = func.id if isinstance(func, ast.Name) else (
                func.attr if isinstance(func, ast.Attribute) else "")
            for kw in call.keywords:
                if kw.arg == "cr" and name in ordering:
                    continue
                if kw.arg in METADATA_KEYWORDS and name != "describe":
                    handed = registering.get(name)
                    assert handed is not None and kw.arg in handed, (
                        f"{rel}:{call.lineno}: {name}({kw.arg}=...) is not documentation")
                    checked += 1
    assert checked > 50


def test_the_authoring_modules_are_what_the_engine_never_runs_for_a_case() -> None:
    """The authoring tooling is reached from the engine only by the public names of
    __init__.py (for the harness's lint) and by itself: no rules module imports it."""
    import ast

    tooling = {"reference_engine." + m.removesuffix(".py").replace("/", ".")
               for m in AUTHORING_MODULES}
    for rel, source in _engine_sources().items():
        if rel in AUTHORING_MODULES or rel == "__init__.py":
            continue
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ImportFrom) and node.module in tooling:
                # a registering decorator records its spec; nothing else is imported
                assert node.module == "reference_engine.core.vocab_spec", (rel, node.module)
                assert {a.name for a in node.names} <= {"describe", "Params"}, rel


def test_coverage_of_a_mutant_starts_at_its_expression() -> None:
    """A constant on a continuation line of a folded tuple never shows up as executed: its
    coverage is looked up from the first line of the expression it is part of."""
    source = ("from __future__ import annotations\n\n\n"
              "def f(t: str) -> bool:\n"
              "    return t in (\"a\",\n"
              "                 \"b\")\n")
    found = {m.before: m for m in enumerate_mutants("m.py", source)}
    assert (found["'b'"].line, found["'b'"].first_line) == (6, 5)
    assert found["'a'"].first_line == 5


@pytest.mark.parametrize(("result", "killed"), [
    ("passed", False), ("failed", True), ("errored", True), ("unsupported", True),
    ("skipped", True), ("known-failure", True),
])
def test_anything_but_passed_kills_a_mutant(result: str, killed: bool) -> None:
    """The reference engine claims every feature and era: a mutant that makes it refuse a
    case (unsupported) is caught like one that fails it."""
    assert kills(result) is killed


@settings(max_examples=50)
@given(st.lists(st.floats(allow_nan=False, allow_infinity=False), min_size=1),
       st.floats(min_value=0, max_value=1))
def test_percentile_is_an_element_between_min_and_max(values: list[float], q: float) -> None:
    """The nearest-rank percentile is one of the values, monotone in ``q``."""
    p = percentile(values, q)
    assert p in values
    assert min(values) <= p <= max(values)
    assert percentile(values, 0) == min(values)
    assert percentile(values, q) <= percentile(values, 1)


@pytest.mark.slow
def test_mutate_kills_mutants_of_a_module_end_to_end(tmp_path: Path) -> None:
    """The whole tool on one small module: it traces the suite, runs a few mutants in forked
    children and records a result for each; some are killed (mana symbols are cased everywhere)."""
    import json
    import subprocess

    results = tmp_path / "results.jsonl"
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "mutate.py"),
                           "core/symbols.py", "--sample", "4", "--results", str(results),
                           "-q"], capture_output=True, text=True, timeout=600)
    assert "core/symbols.py" in done.stdout, done.stderr
    records = [json.loads(line) for line in results.read_text().splitlines()]
    assert len(records) == 4
    assert {r["status"] for r in records} <= {"killed", "timeout", "survived", "uncovered"}
    assert any(r["status"] == "killed" for r in records)
