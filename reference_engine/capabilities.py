"""What the reference engine supports, as feature names of ``spec/features.toml``.

Each rules area adds the features it implements. The reference adapter declares this set.
"""

from __future__ import annotations

__all__ = ["FEATURES"]

FEATURES: frozenset[str] = frozenset({
    "activated-abilities",
    "card-counting",
    "cast-during-resolution",
    "casting",
    "characteristics",
    "color-identity",
    "combat",
    "copies",
    "cost-modifiers",
    "counted-amounts",
    "counters",
    "custom-cards",
    "damage",
    "domain",
    "double-faced-cards",
    "fight",
    "flash",
    "kicker",
    "kindred",
    "lands",
    "layers",
    "mana-abilities",
    "name-stickers",
    "naming",
    "overload",
    "piles",
    "player-effects",
    "prevention",
    "protection",
    "replacement",
    "setup-effects",
    "split-cards",
    "stack",
    "targets",
    "tokens",
    "triggers",
    "turn-structure",
})
