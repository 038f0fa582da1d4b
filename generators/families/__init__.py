"""The registered ruling families, one module per rules area (importing registers them)."""

from __future__ import annotations

from . import characteristics  # noqa: F401 - registers its families

__all__: list[str] = []
