"""Import every rules-area module so its actions, queries, effects and hooks are registered.

A new rules area adds one import line here (keep them sorted).
"""

from __future__ import annotations

from . import (  # noqa: F401
    choices,
    mana_pool,
    priority,
    queries_characteristics,
    queries_state,
    resolution,
)

__all__: list[str] = []
