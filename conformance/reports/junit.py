"""JUnit XML: one test suite per rules area, one test case per case and era."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from pathlib import Path

from conformance.results.files import atomic_write
from conformance.results.records import CaseResult

__all__ = ["write_junit"]


def write_junit(results: Sequence[CaseResult], path: Path | str, *, name: str) -> None:
    """Write ``results`` as JUnit XML to ``path`` (atomically: temp file, then rename)."""
    root = ET.Element("testsuites", name=f"mtg-conformance ({name})")
    areas: dict[str, list[CaseResult]] = {}
    for r in results:
        areas.setdefault(r.area, []).append(r)
    for area in sorted(areas):
        rs = areas[area]
        suite = ET.SubElement(
            root, "testsuite", name=area, tests=str(len(rs)),
            failures=str(sum(r.result == "failed" for r in rs)),
            errors=str(sum(r.result == "errored" for r in rs)),
            skipped=str(sum(r.result in ("unsupported", "skipped", "known-failure")
                            for r in rs)),
            time=f"{sum(r.duration_ms for r in rs) / 1000:.3f}")
        for r in rs:
            tc = ET.SubElement(suite, "testcase", classname=f"{area}.{r.era}",
                               name=r.case, time=f"{r.duration_ms / 1000:.4f}")
            if r.file:
                tc.set("file", r.file)
            if r.result == "failed":
                ET.SubElement(tc, "failure", message=r.message).text = r.message
            elif r.result == "errored":
                ET.SubElement(tc, "error", message=r.message).text = r.detail or r.message
            elif r.result in ("unsupported", "skipped", "known-failure"):
                ET.SubElement(tc, "skipped", message=f"{r.result}: {r.message}")
    ET.indent(root)
    data = ET.tostring(root, encoding="unicode", xml_declaration=True)
    atomic_write(Path(path), data)
