"""The architecture contract (``docs/architecture.md``): imports run one way.

Each package of the reference engine and of the harness imports only packages below it at run
time (``TYPE_CHECKING`` imports aside), the top level (the public face and the one place that
imports every rules area) sits above all of them, and no modules import each other in a circle.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.import_graph import cycles, import_graph, upward_imports

ROOT = Path(__file__).resolve().parent.parent

#: The reference engine's packages, lowest first (docs/architecture.md).
ENGINE_ORDER = ["core", "layers", "triggers", "sba", "damage", "objects", "resolution", "turn",
                "mana", "casting", "combat"]
#: The harness's packages and shared modules, lowest first: the data flow
#: spec -> runner -> adapter -> results -> report, with the authoring tools and commands above.
HARNESS_ORDER = ["errors", "spec", "adapter", "adapters", "results", "running", "differential",
                 "reports", "authoring", "commands"]


def _harness_graph() -> dict[str, set[str]]:
    # top-level modules of conformance that are layers of their own (errors, adapter) are
    # treated as packages of one module
    graph = import_graph(ROOT / "conformance")
    rename = {f"conformance.{m}": f"conformance.{m}.__module__" for m in ("errors", "adapter")}
    return {rename.get(a, a): {rename.get(b, b) for b in bs} for a, bs in graph.items()}


@pytest.mark.parametrize("package", ["reference_engine", "conformance", "generators"])
def test_no_circle_of_imports(package: str) -> None:
    assert cycles(import_graph(ROOT / package)) == []


def test_the_engine_imports_downward_only() -> None:
    graph = import_graph(ROOT / "reference_engine")
    assert upward_imports(graph, ENGINE_ORDER, set(ENGINE_ORDER)) == []


def test_every_engine_package_is_in_the_order() -> None:
    packages = {p.name for p in (ROOT / "reference_engine").iterdir()
                if (p / "__init__.py").exists()}
    assert packages == set(ENGINE_ORDER)


def test_the_harness_imports_downward_only() -> None:
    assert upward_imports(_harness_graph(), HARNESS_ORDER, set(HARNESS_ORDER)) == []


def test_generators_read_only_the_spec_side_of_the_harness() -> None:
    """``generators/`` builds cases; what drives adapters lives in ``conformance.differential``."""
    allowed = ("conformance.spec", "conformance.errors")
    found = []
    for path in sorted((ROOT / "generators").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level
                     else [])
            found += [f"{path.relative_to(ROOT)}: {n}" for n in names
                      if n.split(".")[0] == "conformance" and not n.startswith(allowed)]
    assert found == []


def test_the_engine_never_imports_the_harness() -> None:
    for path in (ROOT / "reference_engine").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "import conformance" not in text and "from conformance" not in text, path


def test_engine_packages_are_small_and_documented() -> None:
    for name in ENGINE_ORDER:
        package = ROOT / "reference_engine" / name
        modules = [p for p in package.glob("*.py") if p.name != "__init__.py"]
        assert len(modules) <= 14, (name, len(modules))
        doc = (package / "__init__.py").read_text(encoding="utf-8")
        assert "CR " in doc, f"{name}/__init__.py names no CR section"


# -- the checker itself fails on what it must catch ------------------------------------------

def _write(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root / "pkg"


def test_a_circle_is_found_even_through_a_function_level_import(tmp_path: Path) -> None:
    pkg = _write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/a/__init__.py": "",
        "pkg/a/one.py": "from pkg.a import two\n",
        "pkg/a/two.py": "def f():\n    from .three import x\n",
        "pkg/a/three.py": "import pkg.a.one\nx = 1\n",
    })
    assert cycles(import_graph(pkg)) == [["pkg.a.one", "pkg.a.three", "pkg.a.two"]]


def test_type_checking_imports_are_not_edges(tmp_path: Path) -> None:
    pkg = _write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/one.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                      "    from pkg.two import T\n",
        "pkg/two.py": "from pkg.one import x\n",
    })
    assert cycles(import_graph(pkg)) == []


def test_an_upward_import_is_found(tmp_path: Path) -> None:
    pkg = _write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/low/__init__.py": "",
        "pkg/low/a.py": "from pkg.high.b import y\n",
        "pkg/high/__init__.py": "",
        "pkg/high/b.py": "y = 1\n",
        "pkg/top.py": "import pkg.high.b\nimport pkg.low.a\n",
    })
    graph = import_graph(pkg)
    assert upward_imports(graph, ["low", "high"], {"low", "high"}) == ["pkg.low.a -> pkg.high.b"]
