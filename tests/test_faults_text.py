"""Hostile text (issue 15): whatever code points an engine or a case file puts in its text, the
run goes on and every report format holds every result, readable and inert.

Defects pinned here: a lone surrogate crashed the report writer (1); a control character made
JUnit invalid XML (2); U+2028/U+2029/U+0085 split a JSON-lines record on reading (3); Rich markup
and ANSI escapes reached the console (14); engine text closed the Markdown code fence (15).
"""

from __future__ import annotations

import io
import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console

from conformance import Runner
from conformance.reports.console import print_summary
from conformance.reports.jsonl import JsonlWriter, dump_line, load_report
from conformance.reports.junit import write_junit
from conformance.reports.markdown import md_block, md_code, md_text, render_markdown
from conformance.results.records import CaseResult
from conformance.spec.model import Case
from conformance.spec.textsafe import UNSAFE, clean_text, clean_value
from conformance.transports.subprocess import SubprocessAdapter

from .limits import GENEROUS
from .report_checks import check_every_format, markdown_outside_fences
from .test_faults_engine import FAULTY, write_probes

sys.path.insert(0, str(Path(__file__).resolve().parent / "engines"))
import faulty_engine

sys.path.pop(0)

TEXTS = faulty_engine.TEXTS


@pytest.fixture(scope="module")
def probes(tmp_path_factory: pytest.TempPathFactory) -> list[Case]:
    """Three probe cases."""
    return write_probes(tmp_path_factory.mktemp("probes"), 3)


def hostile(result: str = "errored", text: str = TEXTS["all"], **extra: object) -> CaseResult:
    """A result whose every text field holds ``text``."""
    fields: dict[str, object] = dict(
        case=f"x.{text[:40]}", era="modern", result=result, adapter=f"evil {text[:50]}",
        adapter_version=text[:20], area="casting", file=f"spec/{text[:30]}.toml",
        title=text, rulings=(text[:30],), rules=("601.2",), message=text, detail=text,
        step=1)
    if result == "failed":
        fields.update(expected=text, observed={text[:30]: [text]})
    fields.update(extra)
    return CaseResult(**fields)  # type: ignore[arg-type]


# -- the sanitiser -------------------------------------------------------------------------------


def test_clean_text_escapes_each_awkward_class() -> None:
    """Each awkward code point becomes a visible escape; ordinary text, tabs and line feeds
    stay; cleaning twice changes nothing."""
    assert clean_text("a\ud800b") == "a\\ud800b"
    assert clean_text("\x1b[31mred") == "\\x1b[31mred"
    assert clean_text("x\u2028y\u2029z\x85") == "x\\u2028y\\u2029z\\x85"
    assert clean_text("tab\there\nline") == "tab\there\nline"
    assert clean_text("r\rn\x00") == "r\\x0dn\\x00"
    assert clean_text("\u202eevil") == "\\u202eevil"
    assert clean_text("Æther Vial — 3") == "Æther Vial — 3"
    for text in TEXTS.values():
        once = clean_text(text)
        assert clean_text(once) == once
        assert not UNSAFE.search(once)
        once.encode("utf-8")


@given(st.text(alphabet=st.characters(codec=None, min_codepoint=0, max_codepoint=0x10FFFF)))
def test_clean_text_makes_any_string_encodable_and_xml_safe(text: str) -> None:
    """Any string, surrogates included, cleans to UTF-8-encodable text that XML accepts and
    that splits into lines only where it held a line feed."""
    out = clean_text(text)
    out.encode("utf-8")
    element = ET.Element("x", a=out)
    element.text = out
    ET.fromstring(ET.tostring(element, encoding="unicode"))
    assert len(out.splitlines()) <= out.count("\n") + 1


def test_clean_value_cleans_keys_and_nested_strings() -> None:
    """Strings inside lists and tables, and table keys, are cleaned."""
    assert clean_value({"k\x1b": ["\ud800", 1, None, {"a": "\u2028"}]}) == \
        {"k\\x1b": ["\\ud800", 1, None, {"a": "\\u2028"}]}


# -- defect 1: lone surrogates -------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["failed", "errored", "unsupported", "passed"])
def test_a_lone_surrogate_reaches_every_report(tmp_path: Path, kind: str) -> None:
    """A result holding lone surrogates in every field is written to every format (it used
    to raise UnicodeEncodeError in the JSON-lines writer and lose the rest of the run)."""
    check_every_format([hostile(kind, TEXTS["surrogate"]), hostile("passed", "plain")],
                       tmp_path)


# -- defect 2: controls in JUnit -----------------------------------------------------------------


def test_junit_is_valid_xml_with_every_control_character(tmp_path: Path) -> None:
    """C0, C1, DEL, U+FFFE/FFFF and ANSI colour in a message, detail, case id and adapter
    name: the JUnit file parses."""
    results = [hostile("errored", TEXTS[k]) for k in ("c0", "c1", "ansi", "bidi", "xml")]
    write_junit(results, tmp_path / "j.xml", name=TEXTS["all"])
    root = ET.parse(tmp_path / "j.xml").getroot()
    assert len(root.findall(".//testcase")) == 5


# -- defect 3: line separators in JSON lines -----------------------------------------------------


def test_line_separators_do_not_split_a_record(tmp_path: Path) -> None:
    """U+2028, U+2029 and U+0085 in a title, message and observed value: one record per
    result on reading, and the badge counts the failure (it read "6/6 passing")."""
    results = [CaseResult(case=f"c{i}", era="modern", result="passed", title="t") for i in
               range(5)]
    results.append(hostile("failed", TEXTS["linesep"]))
    check_every_format(results, tmp_path)
    line = dump_line(results[-1].to_record())
    assert line.count("\n") == 1 and len(line.splitlines()) == 1


def test_a_record_written_raw_with_line_separators_still_reads_back(tmp_path: Path) -> None:
    """Even a record another tool wrote with raw U+2028 (valid JSON) reads back whole."""
    record = CaseResult(case="c", era="modern", result="failed", message="a b").to_record()
    raw = json.dumps(record, ensure_ascii=False).replace("a b", "a\u2028\u2029\x85b")
    path = tmp_path / "r.jsonl"
    path.write_text(raw + "\n" + raw.replace('"c"', '"d"') + "\n", "utf-8")
    found = load_report(path)
    assert not found.problems
    assert [r.case for r in found.results] == ["c", "d"]
    assert found.results[0].message == "a\\u2028\\u2029\\x85b"


# -- defects 14 and 15: console and Markdown -----------------------------------------------------


def test_rich_markup_and_ansi_in_engine_text_are_printed_as_text() -> None:
    """An engine named ``evil[/bold]`` (it crashed the summary) and ANSI escapes in messages:
    the summary prints them as visible text, with no escape sequence reaching the terminal."""
    results = [hostile("failed", TEXTS["markup"]), hostile("errored", TEXTS["ansi"])]
    out = io.StringIO()
    console = Console(file=out, width=300, color_system=None, force_terminal=False)
    print_summary(console, results, adapter="evil[/bold] [red]x")
    shown = out.getvalue()
    assert "evil[/bold] [red]x" in shown
    assert "\x1b" not in shown and "\\x1b[2J" in shown


def test_markdown_cannot_be_broken_out_of() -> None:
    """Fences, headings, links, tables and HTML in engine text stay inside the report's own
    code block or are escaped."""
    results = [hostile("failed", TEXTS["markdown"]), hostile("errored", TEXTS["markdown"])]
    text = render_markdown(results, name="x ``` # y")
    outside = markdown_outside_fences(text)
    assert "# Injected heading" in text
    assert not any(line.startswith("# Injected") for line in outside)
    assert not any("<script>" in line or "](http" in line for line in outside)
    assert md_text("[a](b) <i>") == "\\[a\\]\\(b\\) \\<i\\>"
    assert md_code("a`b") == "``a`b``"
    assert md_block("```\nx")[0] == "````"


# -- through a real engine -----------------------------------------------------------------------

TEXT_FAULTS = [("text-error", "observe"), ("text-error", "start"), ("text-value", "observe"),
               ("text-reject", "perform"), ("text-stderr", "observe")]


@pytest.mark.parametrize(("fault", "on"), TEXT_FAULTS, ids=[f for f, _ in TEXT_FAULTS])
def test_engine_text_faults_reach_every_report(probes: list[Case], tmp_path: Path,
                                               fault: str, on: str) -> None:
    """A real engine sending every hostile string at once: the faulted case is failed or
    errored, the others pass, and every format holds the three results."""
    adapter = SubprocessAdapter([*FAULTY, "--fault", fault, "--on", on, "--fault-case",
                                 "faults.probe.n2"], timeout=GENEROUS)
    with Runner(adapter, timeout=GENEROUS) as runner:  # no fault here hangs
        results = list(runner.run(probes))
    assert [r.result for r in results][::2] == ["passed", "passed"]
    assert results[1].result in ("failed", "errored")
    check_every_format(results, tmp_path)


def test_a_hostile_engine_name(probes: list[Case], tmp_path: Path) -> None:
    """An engine whose hello gives a name and version made of hostile text: its info is
    cleaned on the way in, and the run and its reports are whole."""
    adapter = SubprocessAdapter([*FAULTY, "--fault", "text-name", "--on", "hello"],
                                timeout=GENEROUS)
    with Runner(adapter, timeout=GENEROUS) as runner:
        assert not UNSAFE.search(runner.info.name + runner.info.version)
        results = list(runner.run(probes))
    assert [r.result for r in results] == ["passed"] * 3
    check_every_format(results, tmp_path, name=f"{runner.info.name} {runner.info.version}")


def test_writer_survives_a_result_changed_after_it_was_made(tmp_path: Path) -> None:
    """A field set after construction (not cleaned) still cannot break the writer."""
    result = CaseResult(case="c", era="modern", result="errored")
    result.message = "late \ud800 text"
    with JsonlWriter(tmp_path / "r.jsonl") as writer:
        writer.write(result)
    assert load_report(tmp_path / "r.jsonl").results[0].message.startswith("late ")
