"""Legendary instants and sorceries (CR 205.4e): a player can't cast a legendary instant or
sorcery spell unless they control a legendary creature or a legendary planeswalker.

The check looks at the spell as it is being cast and at the permanents its caster controls
then; once cast, the spell doesn't care whether the legendary permanent stays.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from reference_engine.core.registry import cast_restriction
from reference_engine.layers.system import characteristics_of, compute_all

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__: list[str] = []


@cast_restriction(cr="205.4e")
def _legendary_spell_needs_a_legend(state: GameState, spell: GameObject) -> str | None:
    """Check 205.4e: a legendary instant or sorcery needs a legendary creature or planeswalker
    under its caster's control."""
    c = characteristics_of(state, spell.id)
    if "Legendary" not in c.supertypes or not (c.has_type("Instant") or c.has_type("Sorcery")):
        return None
    chars = compute_all(state)
    if any(o.controller == spell.controller and "Legendary" in chars[o.id].supertypes
           and (chars[o.id].has_type("Creature") or chars[o.id].has_type("Planeswalker"))
           for o in state.battlefield()):
        return None
    kind = "instant" if c.has_type("Instant") else "sorcery"
    return (f"{spell.name_for_log} is a legendary {kind}: {spell.controller} controls no "
            "legendary creature or planeswalker (CR 205.4e)")
