"""Import every rules-area module so its actions, queries, effects and hooks are registered.

A new rules area adds one import line here (keep them sorted).
"""

from __future__ import annotations

from . import (  # noqa: F401
    abilities,
    attachments,
    casting,
    choices,
    combat,
    combat_damage,
    combat_damage_stack,
    combat_effects,
    combat_filters,
    combat_requirements,
    combat_triggers,
    control,
    copies,
    costs,
    countering,
    counters,
    damage_kinds,
    damage_results,
    entering,
    evasion,
    fight,
    free_cast,
    flashback,
    keywords,
    lands,
    legend_rule,
    mana_abilities,
    mana_pool,
    names,
    permissions,
    piles,
    power_toughness,
    prevention,
    priority,
    protection,
    queries_casting,
    queries_characteristics,
    queries_state,
    resolution,
    spell_effects,
    targeting,
    tokens,
    transform,
    value_effects,
)

__all__: list[str] = []
