"""Where an Adventure or an Omen goes as it resolves (CR 715.3d, 720.3d).

An adventurer or omen card (layouts ``adventure`` and ``omen``, CR 715, 720) is cast as its
inset spell by naming that face as the cast's ``half``. As such a spell resolves it doesn't go
to its owner's graveyard:

* an Adventure is exiled by its controller, who may then play the card from exile for as long
  as it stays there, but not as an Adventure again (715.3d): the exiled card remembers that
  player under :data:`ON_ADVENTURE` (the permission is
  :mod:`reference_engine.casting.permissions`);
* an Omen is shuffled into its owner's library (720.3d).

A copy of such a spell is one too (715.3c, 720.3c), but it ceases to exist as it leaves the
stack (707.10a); a countered Adventure or Omen, or one that doesn't resolve because its targets
are all illegal (608.2b), goes to the graveyard as usual.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from reference_engine.resolution.hidden_zones import shuffle_library

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["ON_ADVENTURE", "resolve_inset_spell"]

#: ``GameObject.extra`` key of a card exiled by its resolving Adventure: the player who may
#: play it from exile (715.3d).
ON_ADVENTURE = "on_adventure"


def resolve_inset_spell(state: GameState, obj: GameObject) -> bool:
    """Move a resolving spell cast as an Adventure into exile (715.3d) or one cast as an Omen
    into its owner's library, then shuffle that library (720.3d); False (nothing done) for
    any other spell."""
    kind = obj.card.inset_spell
    if kind is None or obj.cast_half != 1 or obj.is_copy or obj.ability is not None:
        return False
    if kind == "Adventure":
        new = state.move(obj, "exile")
        if new.zone == "exile":
            new.extra[ON_ADVENTURE] = obj.controller
        return True
    new = state.move(obj, "library")
    if new.zone == "library":
        shuffle_library(state, new.owner)
    return True
