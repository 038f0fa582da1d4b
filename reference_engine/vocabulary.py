"""Print the reference engine's vocabulary: queries, actions, layer operations, resolution
effects, conditions and trigger events, each with the first line of its docstring.

Run ``python -m reference_engine.vocabulary``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import reference_engine.areas  # noqa: F401 - registers everything
from reference_engine.core.context import AMOUNTS, EFFECTS, REFERENCES
from reference_engine.core.registry import ACTIONS, QUERIES
from reference_engine.layers.conditions import CONDITIONS
from reference_engine.layers.effects import OPERATIONS
from reference_engine.triggers.abilities import TRIGGER_MATCHERS

__all__ = ["vocabulary"]


def _doc(fn: Callable[..., Any]) -> str:
    return (fn.__doc__ or "").strip().splitlines()[0] if fn.__doc__ else ""


def vocabulary() -> dict[str, dict[str, str]]:
    """Every registered name, by table, with its one-line description."""
    tables: dict[str, Mapping[str, Any]] = {
        "queries": QUERIES, "actions": ACTIONS, "conditions": CONDITIONS,
        "effects (resolution)": EFFECTS, "trigger events": TRIGGER_MATCHERS,
        "amounts": AMOUNTS, "references (an effect's target)": REFERENCES,
    }
    out = {name: {k: _doc(v) for k, v in sorted(table.items())} for name, table in
           tables.items()}
    out["operations (layers)"] = {k: f"layer {op.layer}: {_doc(op.apply)}"
                                  for k, op in sorted(OPERATIONS.items())}
    return out


if __name__ == "__main__":
    for table, entries in vocabulary().items():
        print(f"{table}:")
        for name, doc in entries.items():
            print(f"  {name:24} {doc}")
