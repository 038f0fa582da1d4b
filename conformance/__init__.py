"""mtg-conformance's harness: load spec cases, run them through adapters, report the results.

The public surface is re-exported here; modules behind it each hold one concern.
"""

from __future__ import annotations

__version__ = "0.1.0"

from conformance.results.records import CaseResult, summarize
from conformance.running.runner import Runner
from conformance.spec.catalog import Spec, default_spec, load_spec
from conformance.spec.loader import LoadResult, load_case_file, load_cases
from conformance.spec.model import Case, Ruling, Step

from .adapter import Adapter, AdapterInfo, Outcome, Session, StartRequest, Unsupported
from .errors import AdapterError, ConformanceError, ProtocolError, SpecError

__all__ = [
    "Adapter",
    "AdapterError",
    "AdapterInfo",
    "Case",
    "CaseResult",
    "ConformanceError",
    "LoadResult",
    "Outcome",
    "ProtocolError",
    "Ruling",
    "Runner",
    "Session",
    "Spec",
    "SpecError",
    "StartRequest",
    "Step",
    "Unsupported",
    "__version__",
    "default_spec",
    "load_case_file",
    "load_cases",
    "load_spec",
    "summarize",
]
