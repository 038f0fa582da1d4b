"""The architecture contract (``docs/architecture.md``): imports run one way, in the whole house.

Each package of the reference engine and of the harness imports only packages below it, the top
level (the public face and the one place that imports every rules area) sits above all of them,
and no modules import each other in a circle: all of it counting imports made only for type
checking (``if TYPE_CHECKING:``), which knot a design as surely as run-time ones. Across the
three packages one order holds: the engine, then the spec side of the harness, then the
generators, then the rest of the harness; the harness reaches the engine only through its public
face. Every module is named in ``docs/architecture.md``.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

from tests.import_graph import (
    cycles,
    house_graph,
    hub_imports,
    import_graph,
    reaches_into,
    tier_breaches,
    undocumented_modules,
    upward_imports,
)

ROOT = Path(__file__).resolve().parent.parent

#: The reference engine's packages, lowest first (docs/architecture.md).
ENGINE_ORDER = ["core", "layers", "triggers", "sba", "damage", "objects", "resolution", "turn",
                "mana", "actions", "casting", "combat"]
#: The harness's packages and shared modules, lowest first: the data flow
#: spec -> runner -> adapter -> results -> report, with the authoring tools and commands above.
HARNESS_ORDER = ["errors", "spec", "adapter", "transports", "adapters", "results", "running",
                 "differential", "reports", "authoring", "commands"]


#: The whole house, lowest first: each tier imports only its own tier and those below.
HOUSE_TIERS = [["reference_engine"], ["conformance.errors", "conformance.spec"], ["generators"],
               ["conformance"]]
#: The only harness modules that import the engine, and what they may import: its public face
#: (the package and its declared features); the deliberately wrong engines patch its insides.
ENGINE_REACH = {
    "conformance.adapters.reference": ["reference_engine", "reference_engine.capabilities"],
    "conformance.adapters.null": ["reference_engine.capabilities"],
    "conformance.differential.mutants": ["reference_engine", "reference_engine.*"],
}
#: Circles of type-only imports still to be undone (each names the issue that removes it).
KNOWN_TYPE_CYCLES: list[list[str]] = []
PACKAGES = ["reference_engine", "conformance", "generators"]


@functools.cache
def _graph(package: str, typing: bool) -> dict[str, set[str]]:
    return import_graph(ROOT / package, typing=typing)


@functools.cache
def _whole_house() -> dict[str, set[str]]:
    return house_graph(ROOT, PACKAGES)


def _harness_graph(*, typing: bool = False) -> dict[str, set[str]]:
    # top-level modules of conformance that are layers of their own (errors, adapter) are
    # treated as packages of one module
    graph = _graph("conformance", typing)
    rename = {f"conformance.{m}": f"conformance.{m}.__module__" for m in ("errors", "adapter")}
    return {rename.get(a, a): {rename.get(b, b) for b in bs} for a, bs in graph.items()}


@pytest.mark.parametrize("package", PACKAGES)
def test_no_circle_of_imports(package: str) -> None:
    assert cycles(_graph(package, False)) == []


@pytest.mark.parametrize("package", PACKAGES)
def test_no_circle_of_imports_even_for_type_checking(package: str) -> None:
    found = cycles(_graph(package, True))
    known = [c for c in KNOWN_TYPE_CYCLES if c[0].split(".")[0] == package]
    assert found == known  # a known circle undone: take it off KNOWN_TYPE_CYCLES


def test_the_engine_imports_downward_only() -> None:
    graph = _graph("reference_engine", True)
    assert upward_imports(graph, ENGINE_ORDER, set(ENGINE_ORDER)) == []


def test_the_house_has_one_import_order() -> None:
    graph = _whole_house()
    assert tier_breaches(graph, HOUSE_TIERS) == []


def test_the_harness_reaches_the_engine_only_through_its_public_face() -> None:
    graph = _whole_house()
    assert reaches_into(graph, "conformance", "reference_engine", ENGINE_REACH) == []
    assert reaches_into(graph, "generators", "reference_engine", {}) == []  # oracles


def test_every_module_is_in_the_architecture_document() -> None:
    doc = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    assert undocumented_modules(ROOT, ["reference_engine", "conformance"], doc) == []


def test_every_engine_package_is_in_the_order() -> None:
    packages = {p.name for p in (ROOT / "reference_engine").iterdir()
                if (p / "__init__.py").exists()}
    assert packages == set(ENGINE_ORDER)


def test_the_harness_imports_downward_only() -> None:
    graph = _harness_graph(typing=True)
    assert upward_imports(graph, HARNESS_ORDER, set(HARNESS_ORDER)) == []


def test_the_phase_rs_helpers_see_only_the_session_protocol() -> None:
    """``adapters/phase_rs/``: the session builds its helpers and hands them itself, typed as
    ``session_view``'s protocols; no helper imports the session's module or the package face."""
    package = "conformance.adapters.phase_rs"
    hubs = {package, f"{package}.adapter"}
    assert hub_imports(_graph("conformance", True), package, hubs) == []


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
        # core/ holds the tables every area registers into (handlers, events, state keys,
        # hook order, registry...)
        assert len(modules) <= (19 if name == "core" else 16), (name, len(modules))
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


def test_type_checking_imports_count_when_asked(tmp_path: Path) -> None:
    pkg = _write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/one.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                      "    from pkg.two import T\n",
        "pkg/two.py": "from pkg.one import x\n",
    })
    assert cycles(import_graph(pkg, typing=True)) == [["pkg.one", "pkg.two"]]


def test_a_type_only_upward_import_is_found(tmp_path: Path) -> None:
    pkg = _write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/low/__init__.py": "",
        "pkg/low/a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                        "    from pkg.high.b import Y\n",
        "pkg/high/__init__.py": "",
        "pkg/high/b.py": "Y = 1\n",
    })
    assert upward_imports(import_graph(pkg), ["low", "high"], {"low", "high"}) == []
    assert upward_imports(import_graph(pkg, typing=True), ["low", "high"],
                          {"low", "high"}) == ["pkg.low.a -> pkg.high.b"]


def _house(tmp_path: Path, files: dict[str, str]) -> dict[str, set[str]]:
    base = {"eng/__init__.py": "", "eng/core.py": "X = 1\n", "eng/inner/__init__.py": "",
            "eng/inner/deep.py": "Z = 1\n", "har/__init__.py": "", "har/spec.py": "",
            "har/run.py": "", "gen/__init__.py": "", "gen/fam.py": ""}
    _write(tmp_path, {**base, **files})
    return house_graph(tmp_path, ["eng", "har", "gen"])


TIERS = [["eng"], ["har.spec"], ["gen"], ["har"]]


def test_a_cycle_through_the_generators_is_found(tmp_path: Path) -> None:
    graph = _house(tmp_path, {"gen/fam.py": "from har.run import go\n",
                              "har/run.py": "from gen.fam import f\n"})
    assert tier_breaches(graph, TIERS) == ["gen.fam -> har.run"]


def test_the_spec_side_importing_the_generators_is_found(tmp_path: Path) -> None:
    graph = _house(tmp_path, {"har/spec.py": "import gen.fam\n"})
    assert tier_breaches(graph, TIERS) == ["har.spec -> gen.fam"]


def test_the_engine_importing_the_harness_is_found_even_for_typing(tmp_path: Path) -> None:
    graph = _house(tmp_path, {"eng/core.py": "from typing import TYPE_CHECKING\n"
                                            "if TYPE_CHECKING:\n    from har.run import R\n"})
    assert tier_breaches(graph, TIERS) == ["eng.core -> har.run"]


def test_a_harness_module_importing_engine_internals_is_found(tmp_path: Path) -> None:
    graph = _house(tmp_path, {"har/run.py": "from eng.inner.deep import Z\nimport eng\n"})
    allowed = {"har.run": ["eng"]}
    assert reaches_into(graph, "har", "eng", allowed) == ["har.run -> eng.inner.deep"]
    assert reaches_into(graph, "har", "eng", {"har.run": ["eng", "eng.*"]}) == []


def test_a_helper_importing_its_hub_is_found_even_for_typing(tmp_path: Path) -> None:
    pkg = _write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/ad/__init__.py": "from pkg.ad.hub import Session\n",
        "pkg/ad/hub.py": "from pkg.ad import helper\nSession = 1\n",
        "pkg/ad/helper.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                            "    from pkg.ad.hub import Session\n",
        "pkg/ad/view.py": "",
    })
    hubs = {"pkg.ad", "pkg.ad.hub"}
    assert hub_imports(import_graph(pkg), "pkg.ad", hubs) == []
    assert hub_imports(import_graph(pkg, typing=True), "pkg.ad", hubs) == [
        "pkg.ad.helper -> pkg.ad.hub"]


def test_a_module_missing_from_the_document_is_found(tmp_path: Path) -> None:
    _write(tmp_path, {"pkg/__init__.py": "", "pkg/sub/__init__.py": "", "pkg/sub/a.py": "",
                      "pkg/sub/b.py": "", "pkg/top.py": ""})
    doc = "| 0 | `sub/` | `a` (the a module) |\n"
    assert undocumented_modules(tmp_path, ["pkg"], doc) == ["pkg/sub/b.py", "pkg/top.py"]
    assert undocumented_modules(tmp_path, ["pkg"], doc + "`top.py`, `b`\n") == ["pkg/sub/b.py"]


def test_a_module_of_a_package_inside_a_package_needs_its_own_row(tmp_path: Path) -> None:
    _write(tmp_path, {"pkg/__init__.py": "", "pkg/sub/__init__.py": "", "pkg/sub/a.py": "",
                      "pkg/sub/inner/__init__.py": "", "pkg/sub/inner/c.py": ""})
    doc = "| 0 | `sub/` | `a`, `inner` (a package), `c` |\n"
    assert undocumented_modules(tmp_path, ["pkg"], doc) == ["pkg/sub/inner/c.py"]
    assert undocumented_modules(tmp_path, ["pkg"], doc + "| 0a | `sub/inner/` | `c` |\n") == []
