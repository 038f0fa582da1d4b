"""Check that every report format accounts for every result, whatever text the results hold.

Used by the hostile-text tests and the fault campaign (issue 15): the JSON-lines report reads
back to the same results, the JUnit file is valid XML with one test case per result, the Markdown
report counts them all and has no heading, link or HTML it did not write, the console summary
counts them all and prints no control character, and the HTML page has no element it did not
write and its summary counts them all.
"""

from __future__ import annotations

import io
import json
import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Sequence
from html.parser import HTMLParser
from pathlib import Path

from rich.console import Console

from conformance.reports.console import print_summary
from conformance.reports.html import write_html
from conformance.reports.jsonl import JsonlWriter, load_report
from conformance.reports.junit import write_junit
from conformance.reports.markdown import render_markdown, write_markdown
from conformance.results.records import CaseResult
from conformance.spec.textsafe import UNSAFE

__all__ = ["check_every_format", "check_report_files", "markdown_outside_fences"]

#: Tags the HTML report writes; anything else came from text that was not escaped.
HTML_TAGS = {"html", "head", "meta", "title", "style", "body", "h1", "h2", "h3", "p", "table",
             "thead", "tbody", "tr", "th", "td", "a", "span", "br", "ul", "li", "code",
             "details", "summary", "dl", "dt", "dd", "pre", "ol", "div", "nav", "b", "i",
             "label", "input"}
#: Markdown lines the report writes that start with '#'.
MD_HEADINGS = re.compile(r"^(# Conformance report: |## (By rules area|By era|What to build next|"
                         r"Unsupported results by reason|Failures and "
                         r"errors)$|### <code> \()")


def markdown_outside_fences(text: str) -> list[str]:
    """The lines of Markdown ``text`` outside fenced code blocks (CommonMark: a block opened
    by N backticks ends at a line of at least N backticks and nothing else), each code span
    replaced by ``<code>``."""
    out: list[str] = []
    fence = 0
    for line in text.split("\n"):
        run = len(line) - len(line.lstrip("`"))
        if fence:
            if run >= fence and not line.strip("`").strip():
                fence = 0
            continue
        if run >= 3:
            fence = run
            continue
        out.append(re.sub(r"(?<!`)(`+)(?!`).*?(?<!`)\1(?!`)", "<code>", line))
    assert not fence, "a code block is left open"
    return out


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)


def check_report_files(results: Sequence[CaseResult], *, jsonl: Path | None = None,
                       junit: Path | None = None, markdown: Path | None = None,
                       html_dir: Path | None = None) -> None:
    """Each given report file accounts for every one of ``results``."""
    n = len(results)
    kinds = Counter(r.result for r in results)
    if jsonl is not None:
        found = load_report(jsonl)
        assert not found.problems, [p.format() for p in found.problems]
        assert found.torn == 0
        assert [r.key for r in found.results] == [r.key for r in results]
        assert [r.result for r in found.results] == [r.result for r in results]
        for line in jsonl.read_bytes().split(b"\n")[:-1]:
            json.loads(line)  # each physical line is one JSON record
    if junit is not None:
        root = ET.parse(junit).getroot()
        cases = root.findall(".//testcase")
        assert len(cases) == n
        assert len(root.findall(".//failure")) == kinds["failed"]
        assert len(root.findall(".//error")) == kinds["errored"]
    if markdown is not None:
        text = markdown.read_text("utf-8")
        assert f"{n} results" in text.splitlines()[2]
        assert not UNSAFE.search(text)
        for line in markdown_outside_fences(text):
            if line.startswith("#"):
                assert MD_HEADINGS.match(line), f"a heading the report did not write: {line!r}"
            assert not re.search(r"(?<!\\)[<>]|(?<!\\)\]\(", line.replace("<code>", "")), line
        assert text.count("\n### ") == kinds["failed"] + kinds["errored"]
    if html_dir is not None:
        pages = sorted(html_dir.rglob("*.html"))  # the index and one page per engine and area
        assert html_dir / "index.html" in pages
        for path in pages:
            parser = _Tags()
            parser.feed(path.read_text("utf-8"))
            assert parser.tags <= HTML_TAGS, (path, parser.tags - HTML_TAGS)
        summary = json.loads((html_dir / "summary.json").read_text("utf-8"))
        counted = sum(n for eng in summary["matrix"].values() for area in eng.values()
                      for era in area.values() for n in era.values())
        assert counted == n


def check_every_format(results: Sequence[CaseResult], directory: Path, *,
                       name: str = "engine") -> None:
    """Write ``results`` in every format into ``directory`` and check each one."""
    directory.mkdir(parents=True, exist_ok=True)
    with JsonlWriter(directory / "r.jsonl") as writer:
        for r in results:
            writer.write(r)
    write_junit(results, directory / "r.xml", name=name)
    write_markdown(results, directory / "r.md", name=name)
    write_html(results, directory / "html")
    check_report_files(results, jsonl=directory / "r.jsonl", junit=directory / "r.xml",
                       markdown=directory / "r.md", html_dir=directory / "html")
    assert render_markdown(results, name=name) == (directory / "r.md").read_text("utf-8")
    out = io.StringIO()
    console = Console(file=out, width=160, color_system=None, force_terminal=False)
    print_summary(console, results, adapter=name)
    shown = out.getvalue()
    assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f]", shown), "a control character " \
        "reached the console"
    total = re.search(r"^\W*all\W.*?(\d+)\W*$", shown, re.MULTILINE)
    assert total is not None and int(total.group(1)) == len(results), shown
