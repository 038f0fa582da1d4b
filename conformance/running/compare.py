"""Comparing an observed value with the expected one."""

from __future__ import annotations

from typing import Any

from conformance.spec.tomlio import canonical_json

__all__ = ["values_equal"]


def _same(a: Any, b: Any) -> bool:
    # bool is not a number here: true never equals 1.
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


def values_equal(expected: Any, observed: Any, mode: str = "equal") -> bool:
    """True if ``observed`` matches ``expected``; ``"unordered"`` compares lists as multisets."""
    if mode == "unordered" and isinstance(expected, list) and isinstance(observed, list):
        return _same(sorted(expected, key=canonical_json), sorted(observed, key=canonical_json))
    return _same(expected, observed)
