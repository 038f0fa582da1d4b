"""Reading and writing TOML, and the canonical text form of data (sorted keys)."""

from __future__ import annotations

import json
import sys
from typing import Any

import tomli_w

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

__all__ = ["TOMLDecodeError", "canonical_json", "dumps", "loads"]

TOMLDecodeError = tomllib.TOMLDecodeError


def loads(text: str) -> dict[str, Any]:
    """Parse TOML text."""
    return tomllib.loads(text)


def _sorted(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _sorted(value[k]) for k in sorted(value)}
    if isinstance(value, list):
        return [_sorted(v) for v in value]
    return value


def dumps(data: dict[str, Any]) -> str:
    """Write ``data`` as TOML with keys in a stable order (the case's canonical form)."""
    return tomli_w.dumps(data, multiline_strings=False)


def canonical_json(value: Any) -> str:
    """Compact JSON with sorted keys: the one text form used in reports and comparisons."""
    return json.dumps(_sorted(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
