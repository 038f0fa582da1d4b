"""The loader's fast path (issue 21) gives exactly what the thorough path gives.

A compiled validator (``jsonschema-rs``) decides whether a file is valid; ``jsonschema`` explains
only a failure, and the line index is built only to place an error. These tests hold the two
paths to the same outcome, case for case and message for message, on the real spec files and on
mutated and random ones.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conformance.errors import SpecError
from conformance.spec import catalog as spec
from conformance.spec import loader, schema
from conformance.spec.loader import load_case_text, load_cases
from conformance.spec.model import Case
from conformance.spec.paths import spec_root
from conformance.spec.tomlio import loads
from tests.test_faults_loader import (
    DISPLAY,
    REAL_CASES,
    SPEC,
    dump,
    mutated_cases,
    paths_of,
    token_soup,
    toml_documents,
    toml_values,
)


@pytest.fixture
def thorough() -> Iterator[None]:
    """Turn the compiled validator off for the test (jsonschema alone, as before issue 21)."""
    before = schema.fast_validation(False)
    try:
        yield
    finally:
        schema.fast_validation(before)


def both_paths(text: str) -> tuple[tuple[Case | None, list[SpecError]],
                                   tuple[Case | None, list[SpecError]]]:
    """``load_case_text`` with the compiled validator, then without it."""
    fast = load_case_text(text, SPEC, display=DISPLAY)
    before = schema.fast_validation(False)
    try:
        slow = load_case_text(text, SPEC, display=DISPLAY)
    finally:
        schema.fast_validation(before)
    return fast, slow


def spec_files() -> list[tuple[str, Path]]:
    root = spec_root()
    files = [("features", root / "features.toml"), ("eras", root / "eras.toml"),
             ("ruling", root / "rulings.toml")]
    files += [("card", p) for p in sorted((root / "cards").glob("*.toml"))]
    files += [("case", p) for p in sorted((root / "cases").rglob("*.toml"))]
    return files


def test_the_compiled_validator_accepts_every_spec_file() -> None:
    """Every shipped file takes the fast path (and jsonschema agrees it is valid)."""
    refused = [str(p) for name, p in spec_files()
               if not schema.is_valid(name, loads(p.read_text("utf-8")))]
    assert refused == []
    assert all(schema.validator(name).is_valid(loads(p.read_text("utf-8")))
               for name, p in spec_files()[::5])


def test_without_the_fast_validator_nothing_is_taken_as_valid(thorough: None) -> None:
    assert not schema.is_valid("case", REAL_CASES[0])


@given(data=mutated_cases())
def test_mutated_cases_load_the_same_on_both_paths(data: dict[str, Any]) -> None:
    fast, slow = both_paths(dump(data))
    assert fast == slow


@given(data=mutated_cases())
def test_the_compiled_validator_never_accepts_what_jsonschema_refuses(
        data: dict[str, Any]) -> None:
    """The one disagreement that would lose an error: fast says valid, jsonschema does not."""
    if schema.is_valid("case", data):
        assert list(schema.iter_schema_errors("case", data)) == []


@given(doc=toml_documents)
def test_random_documents_load_the_same_on_both_paths(doc: dict[str, Any]) -> None:
    fast, slow = both_paths(dump(doc))
    assert fast == slow


@given(text=token_soup)
def test_toml_like_text_loads_the_same_on_both_paths(text: str) -> None:
    fast, slow = both_paths(text)
    assert fast == slow


@pytest.mark.parametrize("depth", [10, 50, 100, 150, 200, 300, 600])
def test_deep_expectations_load_the_same_on_both_paths(depth: int) -> None:
    """Nesting that the compiled validator, jsonschema or the parser gives up on."""
    text = dump(REAL_CASES[0]).replace("\n[setup]", f"\nx = {'[' * depth}{']' * depth}\n"
                                       "[setup]", 1)
    fast, slow = both_paths(text)
    assert fast == slow
    text = (dump(REAL_CASES[0]) + '\n[[steps]]\nobserve = { query = "life", player = "alice" }'
            f"\nexpect = {'[' * depth}{']' * depth}\n")
    fast, slow = both_paths(text)
    assert fast == slow


def test_a_valid_file_builds_no_line_index(monkeypatch: pytest.MonkeyPatch) -> None:
    """The line index exists to place errors; a clean load never builds it."""
    def refuse(text: str) -> dict[tuple[Any, ...], int]:
        raise AssertionError("index_lines called for a valid file")

    monkeypatch.setattr(loader, "index_lines", refuse)
    monkeypatch.setattr(spec, "index_lines", refuse)
    loaded = load_cases(None, SPEC)
    assert loaded.errors == [] and loaded.cases


def test_an_invalid_file_is_still_located(tmp_path: Path) -> None:
    text = dump(REAL_CASES[0]).replace('title = "', 'title = 5\nxtitle = "', 1)
    (tmp_path / "bad.toml").write_text(text, encoding="utf-8")
    case, errors = loader.load_case_file(tmp_path / "bad.toml", SPEC)
    assert case is None
    assert errors and all(e.line is not None for e in errors)


CARDS = [loads(p.read_text("utf-8")) for p in sorted((spec_root() / "cards").glob("*.toml"))]
RULINGS = loads((spec_root() / "rulings.toml").read_text("utf-8"))


@st.composite
def mutated(draw: st.DrawFn, documents: list[dict[str, Any]]) -> dict[str, Any]:
    """A real document with one to three values replaced, deleted or added."""
    data = copy.deepcopy(draw(st.sampled_from(documents)))
    for _ in range(draw(st.integers(1, 3))):
        paths = list(paths_of(data))
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent: Any = data
        for part in path[:-1]:
            parent = parent[part]
        how = draw(st.sampled_from(["replace", "delete", "add"]))
        if how == "replace":
            parent[path[-1]] = draw(toml_values)
        elif how == "delete":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[draw(st.sampled_from(["faces", "layout", "types", "testable", "x"]))] = (
                draw(toml_values))
    return data


@given(data=mutated(CARDS))
def test_the_compiled_card_check_never_accepts_what_jsonschema_refuses(
        data: dict[str, Any]) -> None:
    if schema.is_valid("card", data):
        assert list(schema.iter_schema_errors("card", data)) == []


@given(data=mutated([RULINGS]))
def test_the_compiled_ruling_check_never_accepts_what_jsonschema_refuses(
        data: dict[str, Any]) -> None:
    if schema.is_valid("ruling", data):
        assert list(schema.iter_schema_errors("ruling", data)) == []
