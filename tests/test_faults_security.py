"""Security of the harness: spec files are data only, engines start without a shell, sizes are
capped, and case files cannot reach outside the spec tree."""

from __future__ import annotations

import ast
import os
import sys
from pathlib import Path

import pytest

from conformance.adapters import resolve_adapter
from conformance.errors import AdapterError
from conformance.spec.catalog import default_spec, read_toml
from conformance.spec.limits import MAX_SPEC_FILE_BYTES
from conformance.spec.loader import load_case_file, load_case_text, load_cases

from .test_faults_engine import FAULTY, PROBE
from .test_faults_loader import BASE

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("conformance", "reference_engine", "generators")

#: Built-in functions that run code given as text.
CODE_BUILTINS = {"eval", "exec", "compile", "__import__", "breakpoint"}
#: Modules that rebuild arbitrary objects from bytes (or run code while loading).
DANGEROUS_MODULES = {"pickle", "marshal", "shelve", "dill", "yaml", "cloudpickle", "runpy"}
#: Where a dynamic import is allowed, and why.
ALLOWED = {
    # adapters named on the command line (--adapter module:Class), never by a case file
    ("conformance/adapters/__init__.py", "import_module"),
    # lazy imports of names from fixed tables in the code (the public re-exports, the
    # subcommands), never a name read from data
    ("conformance/__init__.py", "import_module"),
    ("conformance/commands/__init__.py", "import_module"),
    # the engine reports' table names each engine's adapter module (code, not a report's data)
    ("conformance/reports/engines.py", "import_module"),
    # the decline audit's table names each engine's adapter module (code, not a report's data)
    ("conformance/reports/audit.py", "import_module"),
}


def _python_files() -> list[Path]:
    return sorted(p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py"))


def _call_name(node: ast.Call) -> tuple[str | None, str]:
    func = node.func
    if isinstance(func, ast.Name):
        return None, func.id
    if isinstance(func, ast.Attribute):
        owner = func.value.id if isinstance(func.value, ast.Name) else None
        return owner, func.attr
    return None, ""


def _problem(rel: str, node: ast.AST) -> str | None:
    """What is dangerous about ``node`` of module ``rel``, if anything."""
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        names = [a.name for a in node.names]
        if isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
        bad = {n.split(".")[0] for n in names} & DANGEROUS_MODULES
        return f"import {sorted(bad)}" if bad else None
    if not isinstance(node, ast.Call):
        return None
    owner, name = _call_name(node)
    if owner is None and name in CODE_BUILTINS:
        return name
    if name == "import_module" and (rel, name) not in ALLOWED:
        return name
    if (owner == "os" and name in ("system", "popen")) or name.startswith("spawn"):
        return f"{owner}.{name}"
    for kw in node.keywords:
        if kw.arg == "shell" and not (isinstance(kw.value, ast.Constant)
                                      and kw.value.value is False):
            return f"{name}(shell=...)"
    return None


def test_no_code_is_run_from_data() -> None:
    """No module of the three packages evaluates text as code, unpickles, starts a shell or
    imports a module by a computed name, except the adapter lookup of a command-line argument."""
    found = []
    for path in _python_files():
        rel = path.relative_to(ROOT).as_posix()
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            problem = _problem(rel, node)
            if problem:
                found.append((rel, getattr(node, "lineno", 0), problem))
    assert found == []


def test_the_audit_finds_what_it_looks_for() -> None:
    """The audit flags each kind of dangerous code (so an empty finding means something)."""
    samples = ["eval(x)", "exec(x)", "compile(x, 'f', 'exec')", "__import__(x)",
               "import pickle", "from yaml import load", "os.system(x)",
               "subprocess.run(x, shell=True)", "importlib.import_module(x)"]
    for sample in samples:
        tree = ast.parse(sample)
        assert any(_problem("x.py", n) for n in ast.walk(tree)), sample
    assert not any(_problem("x.py", n) for n in ast.walk(ast.parse("re.compile(x)")))


PAYLOADS = [
    "__import__('os').system('touch {marker}')",
    "{{{{ import os; os.system('touch {marker}') }}}}",
    "!!python/object/apply:os.system ['touch {marker}']",
    "$(touch {marker})",
    "`touch {marker}`",
]


@pytest.mark.parametrize("payload", PAYLOADS)
def test_code_in_a_case_file_is_only_text(tmp_path: Path, payload: str) -> None:
    """Code written into every string of a case is loaded (or rejected) as text; the case
    even runs on the reference engine, and nothing is executed."""
    marker = tmp_path / "pwned"
    text = payload.format(marker=marker).replace("\\", "\\\\").replace('"', '\\"')
    case_text = (BASE.replace('"A base case for messages"', f'"{text}"')
                 .replace('object = "ww" }', f'object = "ww", extra = "{text}" }}'))
    path = tmp_path / "evil.toml"
    path.write_text(case_text, "utf-8")
    case, errors = load_case_file(path)
    from conformance import Runner
    from conformance.adapters.reference import ReferenceAdapter

    if case is not None:
        with Runner(ReferenceAdapter(), timeout=10) as runner:
            list(runner.run([case]))
    assert not marker.exists()
    assert case is not None or errors


def test_an_oversized_case_file_is_a_located_error(tmp_path: Path) -> None:
    """A case file over the limit is refused unread, with its name and the limit."""
    path = tmp_path / "huge.toml"
    with path.open("wb") as f:
        f.truncate(MAX_SPEC_FILE_BYTES + 10)  # sparse: big on paper, cheap on disk
    case, errors = load_case_file(path)
    assert case is None
    assert [e.code for e in errors] == ["too-large"]
    assert errors[0].file is not None and errors[0].file.endswith("huge.toml")
    assert errors[0].message == (f"{MAX_SPEC_FILE_BYTES + 10} bytes is over the limit of "
                                 f"{MAX_SPEC_FILE_BYTES} bytes for a spec file")
    assert errors[0].hint == "split it: one case per file, one card per file"


def test_oversized_text_and_catalog_files_are_refused(tmp_path: Path) -> None:
    """The limit holds for case text given directly and for catalog files (cards, rulings)."""
    _, errors = load_case_text("#" * (MAX_SPEC_FILE_BYTES + 1), default_spec(), display="t")
    assert [e.code for e in errors] == ["too-large"]
    card = tmp_path / "card.toml"
    card.write_text('name = "x"\n' + "#" * MAX_SPEC_FILE_BYTES, "utf-8")
    data, errors = read_toml(card, "card")
    assert data is None and [e.code for e in errors] == ["too-large"]


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_an_endless_device_is_not_read() -> None:
    """A character device that never ends is refused without reading it."""
    case, errors = load_case_file(Path("/dev/zero"))
    assert case is None and [e.code for e in errors] == ["unreadable"]
    assert errors[0].message == ("cannot read the file: it is a device, pipe or socket, not a "
                                 "regular file")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_named_pipe_does_not_block_the_loader(tmp_path: Path) -> None:
    """A named pipe among the case files is reported, not opened (opening would block)."""
    os.mkfifo(tmp_path / "pipe.toml")
    result = load_cases([tmp_path])
    assert [e.code for e in result.errors] == ["unreadable"]


def test_too_deep_nesting_is_a_located_error() -> None:
    """Nesting deeper than the parser or the validator can follow is a located error."""
    text = BASE + "\n[setup.choices]\nx = " + "[" * 3000 + "]" * 3000 + "\n"
    case, errors = load_case_text(text, default_spec(), display="deep.toml")
    assert case is None
    assert errors[0].code in ("too-deep", "toml-syntax", "schema")
    assert errors[0].file == "deep.toml"


def test_card_names_are_not_paths(tmp_path: Path) -> None:
    """A card named like a path is looked up in the catalog by name, never opened."""
    for name in ("../../../etc/passwd", "/etc/passwd", "cards/grizzly-bears.toml"):
        _, errors = load_case_text(BASE.replace('"Wax // Wane"', f'"{name}"'), default_spec(),
                                   display="c.toml")
        assert [e.code for e in errors] == ["unknown-card"]


@pytest.mark.skipif(sys.platform == "win32", reason="symbolic links need privileges")
def test_a_linked_case_file_cannot_leave_the_tree(tmp_path: Path) -> None:
    """A case file found in a directory that links to a file outside it is not read."""
    outside = tmp_path / "secret.toml"
    outside.write_text(PROBE.format(n=1), "utf-8")
    tree = tmp_path / "cases"
    tree.mkdir()
    (tree / "ok.toml").write_text(PROBE.format(n=2), "utf-8")
    (tree / "link.toml").symlink_to(outside)
    result = load_cases([tree])
    assert [c.id for c in result.cases] == ["faults.probe.n2"]
    assert [e.code for e in result.errors] == ["outside-tree"]
    assert result.errors[0].message == f"the file links outside {tree} and was not read"
    # named directly, the file is the user's choice and is read
    assert len(load_cases([tree / "link.toml"]).cases) == 1


def test_cmd_adapter_runs_without_a_shell(tmp_path: Path) -> None:
    """Shell syntax in a ``cmd:`` adapter is passed to the engine as arguments, not run."""
    marker = tmp_path / "pwned"
    engine = " ".join(FAULTY)
    adapter = resolve_adapter(f"cmd:{engine} ; touch {marker} && touch {marker}")
    with pytest.raises(AdapterError):
        adapter.info()  # the engine rejects the extra arguments and exits
    adapter.close()
    assert not marker.exists()


def test_engines_do_not_inherit_the_whole_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """The default engine environment leaves out unlisted variables."""
    from conformance.transports.subprocess import SubprocessAdapter

    monkeypatch.setenv("MTGCONF_TEST_TOKEN", "secret")
    adapter = SubprocessAdapter(FAULTY)
    assert "MTGCONF_TEST_TOKEN" not in adapter.env
    assert adapter.env.get("PATH") == os.environ.get("PATH")
