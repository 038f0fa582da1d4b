"""JUnit XML: one test suite per rules area, one test case per case and era."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from pathlib import Path

from conformance.results.files import atomic_write
from conformance.results.records import CaseResult
from conformance.spec.textsafe import clean_text as _x

__all__ = ["write_junit"]


def write_junit(results: Sequence[CaseResult], path: Path | str, *, name: str) -> None:
    """Write ``results`` as JUnit XML to ``path`` (atomically: temp file, then rename).

    Every text is cleaned (:mod:`conformance.spec.textsafe`), so control characters and lone
    surrogates from an engine can never make the XML invalid."""
    root = ET.Element("testsuites", name=_x(f"mtg-conformance ({name})"))
    areas: dict[str, list[CaseResult]] = {}
    for r in results:
        areas.setdefault(r.area, []).append(r)
    for area in sorted(areas):
        rs = areas[area]
        suite = ET.SubElement(
            root, "testsuite", name=_x(area), tests=str(len(rs)),
            failures=str(sum(r.result == "failed" for r in rs)),
            errors=str(sum(r.result == "errored" for r in rs)),
            skipped=str(sum(r.result in ("unsupported", "skipped", "known-failure")
                            for r in rs)),
            time=f"{sum(r.duration_ms for r in rs) / 1000:.3f}")
        for r in rs:
            tc = ET.SubElement(suite, "testcase", classname=_x(f"{area}.{r.era}"),
                               name=_x(r.case), time=f"{r.duration_ms / 1000:.4f}")
            if r.file:
                tc.set("file", _x(r.file))
            if r.result == "failed":
                ET.SubElement(tc, "failure", message=_x(r.message)).text = _x(r.message)
            elif r.result == "errored":
                ET.SubElement(tc, "error", message=_x(r.message)).text = _x(r.detail or r.message)
            elif r.result in ("unsupported", "skipped", "known-failure"):
                ET.SubElement(tc, "skipped", message=_x(f"{r.result}: {r.message}"))
    ET.indent(root)
    data = ET.tostring(root, encoding="unicode", xml_declaration=True)
    atomic_write(Path(path), data)
