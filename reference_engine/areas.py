"""Import every rules-area module so its actions and queries are registered.

A new rules area adds one import line here (keep them sorted).
"""

from __future__ import annotations

from . import queries_characteristics  # noqa: F401

__all__: list[str] = []
