"""The state-based actions that keep a battle protected (CR 310.10, 704.5w, 704.5x).

They live with combat because one of them depends on whether the battle is being attacked:

* 704.5w, 310.10: a battle that no attacking creature is attacking and that has no protector in
  the game (its protector left a multiplayer game, 800.4a), or a protector its battle type
  doesn't allow (a Siege's protector must be an opponent of its controller, 310.11a), gets a
  new one chosen by its controller (choice ``protector``); if no player can be chosen, the
  battle is put into its owner's graveyard.
* 704.5x: a Siege whose controller is also its protector (its control changed to the
  protector) gets a protector chosen by that player among their opponents, attacked or not;
  with none to choose, it is put into its owner's graveyard.

The designation itself and the choice are in ``objects/battles.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from reference_engine.combat.declare import attackers
from reference_engine.layers.system import compute_all
from reference_engine.objects.battles import choose_protector, protector_choices, protector_of
from reference_engine.sba.checks import state_based_action

if TYPE_CHECKING:
    from reference_engine.core.state import GameState

__all__: list[str] = []


@state_based_action(cr="704.5w")
def _battle_protectors(state: GameState) -> bool:
    """Check 704.5w and 704.5x (310.10): each battle needing a protector gets one chosen by its
    controller, or goes to its owner's graveyard when no player can be chosen."""
    chars = compute_all(state)
    attacked = set(attackers(state).values())
    in_game = state.in_game()
    did = False
    for obj in list(state.battlefield()):
        c = chars[obj.id]
        if not c.has_type("Battle"):
            continue
        protector = protector_of(state, obj)
        siege_self = c.has_subtype("Siege") and protector == obj.controller  # 704.5x
        missing = (protector is None or protector not in in_game
                   or protector not in protector_choices(state, obj, c))  # 704.5w, 310.10
        if not siege_self and not (missing and obj.id not in attacked):
            continue
        did = True
        if choose_protector(state, obj, c) is None:
            state.log("put-into-graveyard", object=obj.id, card=obj.card.name,
                      reason="no-protector")
            state.move(obj, "graveyard")
    return did
