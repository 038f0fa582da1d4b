"""The registered ruling families, one module per rules area (importing registers them)."""

from __future__ import annotations

from . import casting, characteristics, combat, mana, objects  # noqa: F401 - registers families

__all__: list[str] = []
