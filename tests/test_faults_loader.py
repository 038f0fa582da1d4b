"""Bad spec input: the loader turns anything into a valid case or located SpecErrors, never a crash.

Four kinds of input are fuzzed: random bytes (as a file), random TOML documents, TOML-looking
token soup (to stress the line indexer) and the real spec cases mutated one field at a time.
The common messages are pinned word for word.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from conformance.errors import SpecError
from conformance.spec.catalog import default_spec
from conformance.spec.loader import find_case_files, load_case_file, load_case_text, load_cases
from conformance.spec.model import Case
from conformance.spec.tomlio import loads

SPEC = default_spec()
CASE_FILES = find_case_files(None, SPEC)
REAL_CASES: list[dict[str, Any]] = [loads(p.read_text("utf-8")) for p in CASE_FILES]
DISPLAY = "fuzz.toml"


def check_outcome(case: Case | None, errors: list[SpecError], *, display: str = DISPLAY) -> None:
    """The only allowed outcomes: a case and no errors, or no case and located errors."""
    if case is not None:
        assert errors == []
        assert isinstance(case, Case)
        return
    assert errors, "a file that did not load must say why"
    for error in errors:
        assert isinstance(error, SpecError)
        assert error.code and error.message
        assert error.file == display
        text = error.format()
        assert text.startswith(display)
        assert f"[{error.code}]" in text


# -- strategies ---------------------------------------------------------------------------------

keys = st.one_of(
    st.sampled_from(["id", "title", "rulings", "rules", "eras", "features", "setup", "steps",
                     "objects", "handle", "card", "zone", "owner", "observe", "expect",
                     "action", "reject", "attached_to", "affected", "cards", "players"]),
    st.text(min_size=1, max_size=8),
)
scalars = st.one_of(
    st.booleans(), st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.floats(allow_nan=True), st.text(max_size=20), st.dates(), st.datetimes(), st.times(),
)
toml_values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(keys, inner, max_size=4)),
    max_leaves=20,
)
toml_documents = st.dictionaries(keys, toml_values, max_size=8)

#: Fragments that make text look like TOML, so the parser and the line indexer go deep.
TOKENS = ["[", "]", "[[", "]]", "=", '"', "'", '"""', "'''", ".", ",", "{", "}", "#", "\n",
          " ", "id", "setup", "objects", "steps", "a", "1", "true", "\\", "\t", "\r\n", "é",
          "\x00", "-", "+", "inf", "nan", "1979-05-27"]
token_soup = st.lists(st.sampled_from(TOKENS), max_size=60).map("".join)


def paths_of(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every JSON path inside ``value`` (the root excluded)."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield (*prefix, k)
            yield from paths_of(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield (*prefix, i)
            yield from paths_of(v, (*prefix, i))


#: Values that are schema-valid in many places but semantically wrong.
SEMANTIC = ["no-such-card-anywhere", "Nonexistent Card", "zed", "ghost", "modern",
            "invasion-2000", "victorian-era", "unknown-feature", "alice", "bob", "carol",
            "ab", "../../../etc/passwd", "/etc/passwd", "C:\\Windows", "", "x" * 300]


@st.composite
def mutated_cases(draw: st.DrawFn) -> dict[str, Any]:
    """A real spec case with one to three fields replaced, deleted or added."""
    data = copy.deepcopy(draw(st.sampled_from(REAL_CASES)))
    for _ in range(draw(st.integers(1, 3))):
        paths = list(paths_of(data))
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent: Any = data
        for part in path[:-1]:
            parent = parent[part]
        last = path[-1]
        how = draw(st.sampled_from(["replace", "semantic", "delete", "add", "duplicate"]))
        if how == "replace":
            parent[last] = draw(toml_values)
        elif how == "semantic":
            parent[last] = draw(st.sampled_from(SEMANTIC))
        elif how == "delete":
            del parent[last]
        elif how == "add" and isinstance(parent, dict):
            parent[draw(keys)] = draw(toml_values)
        elif how == "duplicate" and isinstance(parent, list):
            parent.append(copy.deepcopy(parent[last]))
    return data


def dump(data: dict[str, Any]) -> str:
    """TOML text for ``data``, or skip the example if TOML cannot hold it."""
    try:
        return tomli_w.dumps(data)
    except (TypeError, ValueError):
        assume(False)
        raise AssertionError("unreachable") from None


# -- fuzz tests ---------------------------------------------------------------------------------

@settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(blob=st.binary(max_size=400))
def test_random_bytes_never_crash(tmp_path: Path, blob: bytes) -> None:
    """Any byte string in a case file gives a case or located errors."""
    path = tmp_path / DISPLAY
    path.write_bytes(blob)
    case, errors = load_case_file(path, SPEC)
    check_outcome(case, errors, display=errors[0].file if errors else DISPLAY)
    if errors:
        assert errors[0].file is not None and errors[0].file.endswith(DISPLAY)


@given(doc=toml_documents)
def test_random_toml_never_crashes(doc: dict[str, Any]) -> None:
    """Any TOML document gives a case or located errors."""
    check_outcome(*load_case_text(dump(doc), SPEC, display=DISPLAY))


@given(text=token_soup)
def test_toml_like_text_never_crashes(text: str) -> None:
    """Text built from TOML punctuation gives a case or located errors."""
    check_outcome(*load_case_text(text, SPEC, display=DISPLAY))


@pytest.mark.slow
@settings(max_examples=max(150, settings.default.max_examples))
@given(data=mutated_cases())
def test_mutated_cases_never_crash(data: dict[str, Any]) -> None:
    """A real case with fields replaced, deleted or added gives a case or located errors;
    an error from the schema or the semantic checks names the case's path and, where the
    path exists in the file, its line."""
    case, errors = load_case_text(dump(data), SPEC, display=DISPLAY)
    check_outcome(case, errors)
    for error in errors:
        if error.code in ("schema", "unknown-card", "unknown-era", "unknown-feature",
                          "unknown-ruling", "dangling-handle", "duplicate-handle"):
            assert error.path
            if error.path != "$":
                assert error.line is not None


@pytest.mark.parametrize("text", [
    '[[""]]\n',                      # an empty quoted array-of-tables name
    '[""]\na = 1\n',                 # an empty quoted table name
    '"" = 1\n',                      # an empty quoted key
    'a = """\n]]\n[[x"""\n',        # a header inside a multi-line string
    "a = '''\n[b]\n'''\n",
    '["a]b"]\nc = 1\n',              # a bracket inside a quoted header
    'x = [' * 2000 + ']' * 2000,     # deep nesting
    'x = ' + '{a = ' * 500 + '1' + '}' * 500,
    "\ufeffid = 'a'\n",              # a byte-order mark
])
def test_awkward_toml_is_located_or_loaded(text: str) -> None:
    """TOML the line indexer finds awkward still gives a case or located errors."""
    check_outcome(*load_case_text(text, SPEC, display=DISPLAY))


# -- the common messages, word for word ---------------------------------------------------------

BASE = """\
id = "fuzz.base"
title = "A base case for messages"
rulings = ["SPLIT-M02"]
rules = ["709.4"]
eras = ["modern"]
features = ["characteristics", "split-cards"]

[setup]
[[setup.objects]]
handle = "ww"
card = "Wax // Wane"
zone = "hand"
owner = "alice"

[[steps]]
observe = { query = "mana_value", object = "ww" }
expect = 2
"""


def messages(text: str) -> list[str]:
    """The formatted errors for case ``text``."""
    case, errors = load_case_text(text, SPEC, display="c.toml")
    assert case is None
    return [e.format() for e in errors]


def test_base_case_loads() -> None:
    """The base of the message tests is itself valid."""
    case, errors = load_case_text(BASE, SPEC, display="c.toml")
    assert errors == [] and case is not None and case.id == "fuzz.base"


def test_message_unknown_card() -> None:
    """An unknown card is named with its object's path and line."""
    assert messages(BASE.replace('"Wax // Wane"', '"Zzyzx Contraption"')) == [
        "c.toml:11, case fuzz.base, at setup.objects[0].card: [unknown-card] unknown card "
        f"'Zzyzx Contraption'\n    hint: cards are defined in {SPEC.root / 'cards'} (or inline "
        "with custom-cards)"]


def test_message_misspelt_card() -> None:
    """A card name close to a known one suggests it."""
    assert messages(BASE.replace('"Wax // Wane"', '"Grizzly Bares"')) == [
        "c.toml:11, case fuzz.base, at setup.objects[0].card: [unknown-card] unknown card "
        "'Grizzly Bares'\n    hint: did you mean 'Grizzly Bears'?"]


def test_message_unknown_era() -> None:
    """An unknown era lists the known ones."""
    known = ", ".join(SPEC.eras)
    assert messages(BASE.replace('["modern"]', '["victorian"]')) == [
        f"c.toml:5, case fuzz.base, at eras[0]: [unknown-era] unknown era 'victorian'\n"
        f"    hint: known eras: {known}"]


def test_message_unknown_feature() -> None:
    """An unknown feature points at spec/features.toml."""
    text = BASE.replace('"split-cards"]', '"teleportation"]')
    assert messages(text) == [
        "c.toml:6, case fuzz.base, at features[1]: [unknown-feature] unknown feature "
        "'teleportation'\n    hint: features are listed in spec/features.toml"]


def test_message_unknown_ruling() -> None:
    """An unknown ruling id points at spec/rulings.toml."""
    assert messages(BASE.replace('["SPLIT-M02"]', '["SPLIT-X99"]')) == [
        "c.toml:3, case fuzz.base, at rulings[0]: [unknown-ruling] unknown ruling id "
        "'SPLIT-X99'\n    hint: ruling ids are listed in spec/rulings.toml"]


def test_message_dangling_handle() -> None:
    """A step naming a handle no object has lists the known handles."""
    text = BASE.replace('object = "ww"', 'object = "wx"')
    assert messages(text) == [
        "c.toml:16, case fuzz.base, at steps[0].observe.object: [dangling-handle] no object "
        "has handle 'wx'\n    hint: known handles: ww"]


def test_message_duplicate_handle() -> None:
    """A handle used twice names the first use."""
    text = BASE.replace("[[steps]]", '[[setup.objects]]\nhandle = "ww"\ncard = "Wax // Wane"\n'
                        'zone = "library"\nowner = "bob"\n\n[[steps]]')
    assert messages(text) == [
        "c.toml:16, case fuzz.base, at setup.objects[1].handle: [duplicate-handle] handle "
        "'ww' is used twice (first at setup.objects[0])"]


def test_message_attachment_cycle() -> None:
    """Objects attached to each other in a cycle are reported once per object in it."""
    text = BASE.replace("[[steps]]", 'attached_to = "aa"\n\n[[setup.objects]]\nhandle = "aa"\n'
                        'card = "Wax // Wane"\nzone = "battlefield"\nowner = "bob"\n'
                        'attached_to = "ww"\n\n[[steps]]')
    got = messages(text)
    assert got[0] == ("c.toml:15, case fuzz.base, at setup.objects[0].attached_to: "
                      "[attachment-cycle] objects are attached to each other in a cycle: "
                      "ww -> aa -> ww")
    assert len(got) == 2 and "aa -> ww -> aa" in got[1]


def test_message_schema_unknown_key() -> None:
    """A key that is not part of the format says so."""
    got = messages(BASE.replace('rules = ["709.4"]', 'rules = ["709.4"]\nrule = "709.4"'))
    assert got == ["c.toml:5, case fuzz.base, at rule: [schema] unknown key 'rule': it is not "
                   "part of the format"]


def test_message_schema_missing_key() -> None:
    """A missing required key is named."""
    got = messages(BASE.replace('title = "A base case for messages"\n', ""))
    assert got == ["c.toml, case fuzz.base, at $: [schema] 'title' is a required property"]


def test_message_toml_syntax() -> None:
    """Broken TOML gives the parser's message, the line and a hint."""
    got = messages(BASE.replace('zone = "hand"', 'zone = "hand'))
    assert len(got) == 1
    assert got[0].startswith("c.toml:12: [toml-syntax] not valid TOML: ")
    assert got[0].endswith("\n    hint: check quotes, brackets and '=' on that line")


def test_message_duplicate_id(tmp_path: Path) -> None:
    """Two files with one id: the second is reported, naming the first."""
    (tmp_path / "a.toml").write_text(BASE, "utf-8")
    (tmp_path / "b.toml").write_text(BASE, "utf-8")
    result = load_cases([tmp_path], SPEC)
    assert len(result.cases) == 1
    assert len(result.errors) == 1
    error = result.errors[0]
    assert error.code == "duplicate-id"
    assert error.message == f"case id 'fuzz.base' is also used by {result.cases[0].file}"
    assert error.hint == "every case needs its own id"


def test_message_not_json() -> None:
    """TOML dates, times and NaN are refused: engines receive the case as JSON."""
    text = BASE.replace("expect = 2", "expect = 1979-05-27").replace(
        "[setup]\n", "[setup]\nchoices = { when = 07:32:00, much = nan }\n")
    assert messages(text) == [
        "c.toml:9, case fuzz.base, at setup.choices.when: [not-json] the time 07:32:00 is not a "
        "JSON value\n    hint: write dates and times as strings",
        "c.toml:9, case fuzz.base, at setup.choices.much: [not-json] the number nan is not a "
        "JSON value\n    hint: engines receive the case as JSON, which has no NaN or infinity",
        "c.toml:18, case fuzz.base, at steps[0].expect: [not-json] the date 1979-05-27 is not a "
        "JSON value\n    hint: write dates and times as strings"]


def test_every_error_of_a_file_is_reported() -> None:
    """Several problems in one file are all reported, not just the first."""
    text = (BASE.replace('"Wax // Wane"', '"Zzyzx"').replace('["modern"]', '["old"]')
            .replace('object = "ww"', 'object = "wx"'))
    codes = [re.search(r"\[([a-z-]+)\]", m).group(1) for m in messages(text)]  # type: ignore[union-attr]
    assert sorted(codes) == ["dangling-handle", "unknown-card", "unknown-era"]


def test_unreadable_and_missing_files(tmp_path: Path) -> None:
    """A missing file, a directory and a file that is not UTF-8 are located errors."""
    assert load_case_file(tmp_path / "nope.toml", SPEC)[1][0].code == "no-such-file"
    (tmp_path / "dir.toml").mkdir()
    assert load_case_file(tmp_path / "dir.toml", SPEC)[1][0].code == "unreadable"
    (tmp_path / "latin.toml").write_bytes(b'id = "caf\xe9"\n')
    assert load_case_file(tmp_path / "latin.toml", SPEC)[1][0].code == "unreadable"



@settings(max_examples=max(100, settings.default.max_examples),
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(data=mutated_cases())
def test_mutated_cases_that_load_run_and_report(data: dict[str, Any]) -> None:
    """A mutated case that still loads runs to a result (whatever the engine makes of it) and
    that result is written to a JSON-lines report and read back."""
    import io
    import json

    from conformance import Runner
    from conformance.adapters.reference import ReferenceAdapter
    from conformance.results.records import RESULT_KINDS, CaseResult

    case, _ = load_case_text(dump(data), SPEC, display=DISPLAY)
    assume(case is not None)
    assert case is not None
    with Runner(ReferenceAdapter(), spec=SPEC, timeout=30) as runner:
        results = list(runner.run([case]))
    for result in results:
        assert result.result in RESULT_KINDS
        line = json.dumps(result.to_record(), sort_keys=True)
        assert CaseResult.from_record(json.loads(io.StringIO(line).read())).key == result.key
