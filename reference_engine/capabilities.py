"""What the reference engine supports, as feature names of ``spec/features.toml``.

Each rules area adds the features it implements. The reference adapter declares this set.
"""

from __future__ import annotations

__all__ = ["FEATURES"]

FEATURES: frozenset[str] = frozenset({
    "card-counting",
    "characteristics",
    "color-identity",
    "counters",
    "custom-cards",
    "double-faced-cards",
    "kindred",
    "layers",
    "setup-effects",
    "split-cards",
    "tokens",
})
