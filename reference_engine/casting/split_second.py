"""Split second (CR 702.61): while a spell with split second is on the stack, players can't
cast other spells or activate abilities that aren't mana abilities.

Casting is refused through :data:`reference_engine.core.registry.CAST_RESTRICTIONS`
(``cannot-cast``) and activating a non-mana ability by
:func:`reference_engine.casting.activated.check_activation` (``illegal-action``). Mana abilities,
special actions and triggered abilities work as usual (702.61b). Two instances are one
(702.61c): the test is only whether a spell on the stack has the keyword.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from reference_engine.core.registry import CAST_RESTRICTIONS
from reference_engine.layers.system import compute_all

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["split_second_spell"]


def split_second_spell(state: GameState, *, besides: int | None = None) -> GameObject | None:
    """A spell with split second on the stack (other than ``besides``), or None (702.61a)."""
    chars = compute_all(state)
    for obj in state.objects_in("stack"):
        if obj.id == besides or obj.ability is not None:
            continue
        c = chars.get(obj.id)
        if c is not None and c.has_keyword("split second"):
            return obj
    return None


def _no_casting_under_split_second(state: GameState, spell: GameObject) -> str | None:
    """702.61a: no other spell can be cast while a spell with split second is on the stack."""
    other = split_second_spell(state, besides=spell.id)
    if other is None:
        return None
    return (f"{other.name_for_log} has split second: no other spell can be cast while it is "
            "on the stack (CR 702.61a)")


CAST_RESTRICTIONS.append(_no_casting_under_split_second)
