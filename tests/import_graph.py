"""The import graph of a package, read from its source (nothing is imported), for the
architecture contract in ``tests/test_architecture.py`` and ``docs/architecture.md``.

An edge is a run-time import: every ``import`` / ``from ... import`` of a module of the same
top package, at module level or inside a function, except those under ``if TYPE_CHECKING:``
(which never run). ``from pkg import name`` counts as an import of ``pkg.name`` when that is a
module, else of ``pkg``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

__all__ = ["cycles", "import_graph", "upward_imports"]


def _module_name(root: Path, path: Path) -> tuple[str, bool]:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    is_init = parts[-1] == "__init__"
    if is_init:
        parts.pop()
    return ".".join(parts), is_init


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                inside.update(id(n) for n in ast.walk(child))
    return inside


def import_graph(root: Path) -> dict[str, set[str]]:
    """Module -> the modules of the same top package it imports at run time."""
    top = root.name
    files = sorted(root.rglob("*.py"))
    modules = {_module_name(root, f)[0] for f in files}
    graph: dict[str, set[str]] = {}
    for path in files:
        name, is_init = _module_name(root, path)
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        skip = _type_checking_nodes(tree)
        package = name if is_init else name.rpartition(".")[0]
        edges: set[str] = set()
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            if isinstance(node, ast.Import):
                edges.update(a.name for a in node.names if a.name.split(".")[0] == top)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")
                    base = base[: len(base) - (node.level - 1)]
                    target = ".".join([*base, *([node.module] if node.module else [])])
                else:
                    target = node.module or ""
                if target.split(".")[0] != top:
                    continue
                for alias in node.names:
                    sub = f"{target}.{alias.name}"
                    edges.add(sub if sub in modules else target)
        edges.discard(name)
        graph[name] = {e for e in edges if e in modules}
    return graph


def cycles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """Every strongly connected component of more than one module (a circle of imports), and
    every module importing itself, each sorted; found with Tarjan's algorithm."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1 or v in graph.get(v, ()):
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def upward_imports(graph: Mapping[str, Iterable[str]], order: list[str],
                   packages: set[str]) -> list[str]:
    """Imports that go up: a module of package ``order[i]`` importing one of ``order[j]``,
    j > i. Modules outside ``packages`` (the top level) may import anything; nothing below
    may import the top level. Each finding reads ``a -> b (lower -> higher)``."""
    rank = {p: i for i, p in enumerate(order)}
    top_rank = len(order)

    def rank_of(module: str) -> int:
        parts = module.split(".")
        if len(parts) > 2 and parts[1] in packages:
            return rank[parts[1]]
        if len(parts) == 2 and parts[1] in packages:
            return rank[parts[1]]  # the package's __init__
        return top_rank

    found = []
    for a, targets in sorted(graph.items()):
        for b in sorted(targets):
            if rank_of(b) > rank_of(a):
                found.append(f"{a} -> {b}")
    return found
