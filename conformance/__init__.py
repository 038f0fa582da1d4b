"""mtg-conformance's harness: load spec cases, run them through adapters, report the results.

The public surface is re-exported here; modules behind it each hold one concern.
"""

from __future__ import annotations

__version__ = "0.1.0"

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from conformance.results.records import CaseResult, summarize
    from conformance.running.runner import Runner
    from conformance.spec.catalog import Spec, default_spec, load_spec
    from conformance.spec.loader import LoadResult, load_case_file, load_cases
    from conformance.spec.model import Case, Ruling, Step

    from .adapter import Adapter, AdapterInfo, Outcome, Session, StartRequest, Unsupported
    from .errors import AdapterError, ConformanceError, ProtocolError, SpecError

#: Where each public name lives. They are imported on first use (PEP 562), so that a command
#: line naming one module (``mtgconf run``, a worker process) imports only what it needs.
_HOMES = {
    "CaseResult": "conformance.results.records", "summarize": "conformance.results.records",
    "Runner": "conformance.running.runner",
    "Spec": "conformance.spec.catalog", "default_spec": "conformance.spec.catalog",
    "load_spec": "conformance.spec.catalog",
    "LoadResult": "conformance.spec.loader", "load_case_file": "conformance.spec.loader",
    "load_cases": "conformance.spec.loader",
    "Case": "conformance.spec.model", "Ruling": "conformance.spec.model",
    "Step": "conformance.spec.model",
    "Adapter": "conformance.adapter", "AdapterInfo": "conformance.adapter",
    "Outcome": "conformance.adapter", "Session": "conformance.adapter",
    "StartRequest": "conformance.adapter", "Unsupported": "conformance.adapter",
    "AdapterError": "conformance.errors", "ConformanceError": "conformance.errors",
    "ProtocolError": "conformance.errors", "SpecError": "conformance.errors",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


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
