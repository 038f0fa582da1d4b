"""What the reference engine supports, as feature names of ``spec/features.toml``.

Each rules area adds the features it implements. The reference adapter declares this set.
"""

from __future__ import annotations

__all__ = ["FEATURES"]

FEATURES: frozenset[str] = frozenset({
    "activated-abilities",
    "auras",
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
    "delayed-triggers",
    "domain",
    "double-faced-cards",
    "event-triggers",
    "fight",
    "flash",
    "hidden-choices",
    "kicker",
    "kindred",
    "lands",
    "loyalty-abilities",
    "layers",
    "library-manipulation",
    "library-search",
    "look-back-triggers",
    "mana-abilities",
    "name-stickers",
    "naming",
    "overload",
    "piles",
    "pregame",
    "player-effects",
    "prevention",
    "protection",
    "replacement",
    "sacrifice",
    "setup-effects",
    "split-cards",
    "stack",
    "targeted-triggers",
    "targets",
    "tokens",
    "triggers",
    "turn-structure",
})
