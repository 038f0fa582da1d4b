"""The import graph of a package, read from its source (nothing is imported), for the
architecture contract in ``tests/test_architecture.py`` and ``docs/architecture.md``.

An edge is a run-time import: every ``import`` / ``from ... import`` of a module of the same
top package, at module level or inside a function, except those under ``if TYPE_CHECKING:``
(which never run). ``from pkg import name`` counts as an import of ``pkg.name`` when that is a
module, else of ``pkg``.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterable, Mapping
from pathlib import Path

__all__ = ["cycles", "house_graph", "hub_imports", "import_graph", "reaches_into",
           "tier_breaches", "undocumented_modules", "upward_imports"]


def _module_name(root: Path, path: Path) -> tuple[str, bool]:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    is_init = parts[-1] == "__init__"
    if is_init:
        parts.pop()
    return ".".join(parts), is_init


@functools.cache
def _parse(path: Path) -> ast.Module:
    """The syntax tree of ``path`` (parsed once per test session)."""
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                inside.update(id(n) for n in ast.walk(child))
    return inside


def import_graph(root: Path, *, typing: bool = False) -> dict[str, set[str]]:
    """Module -> the modules of the same top package it imports at run time (with ``typing``,
    also those it imports only for type checking, under ``if TYPE_CHECKING:``)."""
    top = root.name
    files = sorted(root.rglob("*.py"))
    modules = {_module_name(root, f)[0] for f in files}
    graph: dict[str, set[str]] = {}
    for path in files:
        name, is_init = _module_name(root, path)
        tree = _parse(path)
        skip = set() if typing else _type_checking_nodes(tree)
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


def house_graph(root: Path, packages: Iterable[str], *, typing: bool = True
                ) -> dict[str, set[str]]:
    """Module -> the modules it imports, across the top packages ``packages`` under ``root``
    (``typing``: counting imports made only for type checking)."""
    names = list(packages)
    graphs = {p: import_graph(root / p, typing=typing) for p in names}
    modules = {m for g in graphs.values() for m in g}
    graph: dict[str, set[str]] = {}
    for package in names:
        for path in sorted((root / package).rglob("*.py")):
            name, _ = _module_name(root / package, path)
            tree = _parse(path)
            skip = set() if typing else _type_checking_nodes(tree)
            edges = set(graphs[package].get(name, set()))
            for node in ast.walk(tree):
                if id(node) in skip:
                    continue
                targets: list[str] = []
                if isinstance(node, ast.Import):
                    targets = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                    targets = [f"{node.module}.{a.name}" for a in node.names] + [node.module]
                for target in targets:
                    if target.split(".")[0] in names and target.split(".")[0] != package:
                        edges.add(target if target in modules else _owner(target, modules))
            edges.discard(name)
            graph[name] = {e for e in edges if e in modules}
    return graph


def _owner(target: str, modules: set[str]) -> str:
    """The longest module name ``target`` starts with (``pkg.mod.name`` -> ``pkg.mod``)."""
    parts = target.split(".")
    while parts and ".".join(parts) not in modules:
        parts.pop()
    return ".".join(parts)


def tier_breaches(graph: Mapping[str, Iterable[str]], tiers: list[list[str]]) -> list[str]:
    """Imports from a lower tier into a higher one. ``tiers`` lists, lowest first, the module
    prefixes of each tier; a module belongs to the tier of its longest matching prefix."""
    def tier_of(module: str) -> int:
        best, rank = -1, -1
        for i, prefixes in enumerate(tiers):
            for p in prefixes:
                if (module == p or module.startswith(p + ".")) and len(p) > best:
                    best, rank = len(p), i
        return rank

    return [f"{a} -> {b}" for a, targets in sorted(graph.items()) for b in sorted(targets)
            if tier_of(b) > tier_of(a) >= 0]


def reaches_into(graph: Mapping[str, Iterable[str]], importer: str, target: str,
                 allowed: Mapping[str, Iterable[str]]) -> list[str]:
    """Imports by modules under ``importer`` of modules under ``target`` that ``allowed`` does
    not list for that importing module (``allowed``: module -> the target modules it may
    import; a target ``pkg`` allows only the package itself, ``pkg.*`` everything below)."""
    found = []
    for a, targets in sorted(graph.items()):
        if not (a == importer or a.startswith(importer + ".")):
            continue
        for b in sorted(targets):
            if not (b == target or b.startswith(target + ".")):
                continue
            ok = allowed.get(a, ())
            if not any(b == x or (x.endswith(".*") and b.startswith(x[:-1])) for x in ok):
                found.append(f"{a} -> {b}")
    return found


def hub_imports(graph: Mapping[str, Iterable[str]], package: str, hubs: set[str]) -> list[str]:
    """Imports of a ``hubs`` module by the other modules of ``package``: the hub (a session
    class and the package face re-exporting it) builds the helpers, so a helper naming it back
    would tie the package in a circle (helpers see the hub only through a protocol)."""
    return [f"{a} -> {b}" for a, targets in sorted(graph.items())
            if a.startswith(package + ".") and a not in hubs
            for b in sorted(targets) if b in hubs]


def undocumented_modules(root: Path, packages: Iterable[str], doc: str) -> list[str]:
    """Modules of ``packages`` that ``doc`` (docs/architecture.md) does not name: a module of
    a subpackage must appear in backticks in its package's table row (``| n | `pkg/` | ...``;
    a package inside a subpackage has a row of its own, ``| n | `pkg/inner/` | ...``), a
    top-level module as ``name.py`` anywhere in the text."""
    import re

    rows: dict[str, set[str]] = {}
    for line in doc.splitlines():
        m = re.match(r"\| *[0-9a-z]+ *\| *`([a-z_/]+)/` *\|", line)
        if m:
            rows.setdefault(m.group(1), set()).update(
                re.findall(r"`([A-Za-z_][A-Za-z_0-9]*)`", line))
    missing = []
    for top in packages:
        for sub in sorted((root / top).iterdir()):
            if sub.is_dir() and (sub / "__init__.py").exists():
                for f in sorted(sub.rglob("*.py")):
                    package = f.parent.relative_to(root / top).as_posix()
                    if f.stem != "__init__" and f.stem not in rows.get(package, set()):
                        missing.append(f"{top}/{package}/{f.name}")
            elif sub.suffix == ".py" and sub.stem != "__init__" and f"`{sub.name}`" not in doc:
                missing.append(f"{top}/{sub.name}")
    return missing
