"""An adapter that answers without computing: it measures the harness's own overhead."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from conformance.spec.catalog import default_spec
from reference_engine.capabilities import FEATURES

from ..adapter import AdapterInfo, Outcome, StartRequest

__all__ = ["NullAdapter"]


class _NullSession:
    def perform(self, action: Mapping[str, Any]) -> Outcome:
        return Outcome.done()

    def observe(self, query: Mapping[str, Any]) -> Any:
        return None

    def close(self) -> None:
        return None


class NullAdapter:
    """Accepts every action and answers every query with null. Most cases fail on it; its
    point is the time the harness spends around an engine (benchmarks/)."""

    def info(self) -> AdapterInfo:
        return AdapterInfo(name="null", version="0", eras=tuple(default_spec().eras),
                           features=FEATURES)

    def start(self, request: StartRequest) -> _NullSession:
        return _NullSession()

    def close(self) -> None:
        return None
