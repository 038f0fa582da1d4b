"""mutmut hooks for ``benchmarks/mutate.py`` (copied to the root of the scratch copy, where mutmut
looks for ``mutmut_config``): skip mutants that are provably equivalent without running them.

A mutant is skipped only when its code differs from the original in type annotations alone.
Every ``reference_engine`` module starts with ``from __future__ import annotations`` (PEP 563), so
annotations are never evaluated: ``int | None`` mutated to ``int & None`` changes no behaviour.
The check is mechanical (the two ASTs with annotations removed are compared), so it cannot hide
a real survivor. Skipped mutants are reported as equivalent in docs/mutation-testing.md.
:func:`classify` also sorts surviving mutants into the other mechanical equivalence classes
(``benchmarks/mutate.py --summary --survivors``).
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path
from typing import Any

__all__ = ["annotation_only", "classify", "pre_mutation"]


class _StripAnnotations(ast.NodeTransformer):
    """Remove every annotation from a module (arguments, returns, annotated assignments)."""

    def visit_arg(self, node: ast.arg) -> ast.arg:
        node.annotation = None
        return node

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        node.returns = None
        self.generic_visit(node)
        return node

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> ast.AST:
        node.returns = None
        self.generic_visit(node)
        return node

    def visit_AnnAssign(self, node: ast.AnnAssign) -> ast.AST:
        node.annotation = ast.Constant(value=None)
        self.generic_visit(node)
        return node


def _has_future_annotations(tree: ast.Module) -> bool:
    return any(isinstance(n, ast.ImportFrom) and n.module == "__future__"
               and any(a.name == "annotations" for a in n.names) for n in tree.body)


def annotation_only(original: str, mutated: str) -> bool:
    """True when ``mutated`` differs from ``original`` only inside annotations that are never
    evaluated (the module has ``from __future__ import annotations``)."""
    try:
        before, after = ast.parse(original), ast.parse(mutated)
    except SyntaxError:
        return False
    if not _has_future_annotations(before):
        return False
    strip = _StripAnnotations()
    return ast.dump(strip.visit(before)) == ast.dump(strip.visit(after))


class _BlankStrings(ast.NodeTransformer):
    """Replace every string constant and f-string by the empty string."""

    def visit_Constant(self, node: ast.Constant) -> ast.Constant:
        return ast.Constant(value="") if isinstance(node.value, str) else node

    def visit_JoinedStr(self, node: ast.JoinedStr) -> ast.Constant:
        return ast.Constant(value="")


def _statement_at(tree: ast.Module, line: int) -> ast.stmt | None:
    """The innermost statement spanning ``line`` (1-based)."""
    found: ast.stmt | None = None
    for node in ast.walk(tree):
        if (isinstance(node, ast.stmt) and node.lineno <= line <= (node.end_lineno or node.lineno)
                and (found is None or node.lineno >= found.lineno)):
            found = node
    return found


@functools.lru_cache(maxsize=8)
def _loaded_names(package: Path) -> frozenset[str]:
    """Names read at run time (outside annotations) anywhere in the package's modules."""
    names: set[str] = set()
    for path in package.glob("*.py"):
        tree = _StripAnnotations().visit(ast.parse(path.read_text(encoding="utf-8")))
        names |= {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)
                  and isinstance(n.ctx, ast.Load)}
        names |= {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    return frozenset(names)


def classify(original: str, mutated: str, package: Path | None = None) -> str | None:
    """Why a mutant is equivalent for conformance purposes, or None if it may change what an
    engine answers.

    * ``annotations only``: the code differs only inside annotations, never evaluated under
      PEP 563 (provably equivalent);
    * ``type alias used only in annotations``: a module-level alias whose name nothing in
      ``package`` reads at run time (provably equivalent);
    * ``error message text``: only the text of an exception raised for malformed input or a
      programming error changes; no protocol answer contains it.
    """
    if annotation_only(original, mutated):
        return "annotations only"
    before, after = original.splitlines(), mutated.splitlines()
    changed = [i + 1 for i, (a, b) in enumerate(zip(before, after, strict=False)) if a != b]
    if not changed or len(before) != len(after):
        return None
    try:
        tree, mutated_tree = ast.parse(original), ast.parse(mutated)
    except SyntaxError:
        return None
    stmt = _statement_at(tree, changed[0])
    if stmt is None or any(not stmt.lineno <= c <= (stmt.end_lineno or stmt.lineno)
                           for c in changed):
        return None
    if (isinstance(stmt, ast.Assign) and stmt in tree.body and len(stmt.targets) == 1
            and isinstance(stmt.targets[0], ast.Name) and package is not None
            and stmt.targets[0].id not in _loaded_names(package)):
        return "type alias used only in annotations"
    if isinstance(stmt, ast.Raise):
        other = _statement_at(mutated_tree, changed[0])
        blank = _BlankStrings()
        if other is not None and ast.dump(blank.visit(stmt)) == ast.dump(blank.visit(other)):
            return "error message text"
    return None


def pre_mutation(context: Any) -> None:
    """mutmut hook: mark the mutant skipped when it changes annotations only."""
    import mutmut  # type: ignore[import-untyped]

    with open(context.filename, encoding="utf-8") as handle:
        original = handle.read()
    probe = mutmut.Context(source=original, mutation_id=context.mutation_id,
                           filename=context.filename, config=context.config)
    mutated, _ = mutmut.mutate(probe)
    if annotation_only(original, mutated):
        context.skip = True
