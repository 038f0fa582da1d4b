"""mutmut hooks for ``benchmarks/mutate.py`` (copied to the root of the scratch copy, where mutmut
looks for ``mutmut_config``): skip mutants that are provably equivalent without running them.

A mutant is skipped only when its code differs from the original in type annotations alone.
Every ``reference_engine`` module starts with ``from __future__ import annotations`` (PEP 563), so
annotations are never evaluated: ``int | None`` mutated to ``int & None`` changes no behaviour.
The check is mechanical (the two ASTs with annotations removed are compared), so it cannot hide
a real survivor. Skipped mutants are reported as equivalent in docs/mutation-testing.md.
"""

from __future__ import annotations

import ast
from typing import Any

__all__ = ["annotation_only", "pre_mutation"]


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
