"""mtg-conformance's harness: load spec cases, run them through adapters, report the results.

The public surface is re-exported here; modules behind it each hold one concern.
"""

from __future__ import annotations

__version__ = "0.1.0"

from .adapter import Adapter, AdapterInfo, Outcome, Session, StartRequest, Unsupported
from .errors import AdapterError, ConformanceError, ProtocolError, SpecError
from .loader import LoadResult, load_case_file, load_cases
from .model import Case, Ruling, Step
from .results import CaseResult, summarize
from .runner import Runner
from .spec import Spec, default_spec, load_spec

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
