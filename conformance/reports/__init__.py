"""Report writers: console, JSON lines, JUnit XML and Markdown."""

from __future__ import annotations

from .jsonl import JsonlWriter, read_report
from .junit import write_junit
from .markdown import write_markdown

__all__ = ["JsonlWriter", "read_report", "write_junit", "write_markdown"]
