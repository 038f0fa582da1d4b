"""The legend rule (CR 704.5j, 205.4d) in both eras (switch ``legend_rule``).

* ``controller-chooses`` (CR 704.5j, since Magic 2014): if a player controls two or more
  legendary permanents with the same name, that player chooses one of them (choice
  ``legend_rule``: a handle, or ``token-N`` for the N-th unnamed token of that group in arrival
  order) and the rest are put into their owners' graveyards. Different players may each control
  one.
* ``oldest-stays`` (Sixth Edition rule 420.5e, in force in 2000): if two or more legendary
  permanents with the same name are in play, whoever controls them, all except the one that has
  been in play the longest are put into their owners' graveyards.

Neither is destruction or sacrifice: indestructible permanents go too, and they die (700.4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from reference_engine.core.choices import choose
from reference_engine.layers.system import compute_all
from reference_engine.sba.checks import state_based_action

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["legend_rule"]


def _label(obj: GameObject, group: list[GameObject]) -> str:
    """The answer that names ``obj`` in choice ``legend_rule``: its handle, else ``token-N``."""
    if obj.handle is not None:
        return obj.handle
    unnamed = [o for o in group if o.handle is None]
    return f"token-{unnamed.index(obj) + 1}"


@state_based_action
def legend_rule(state: GameState) -> bool:
    """Check 704.5j (or 420.5e under the 2000 rules): keep one legendary permanent per name."""
    chars = compute_all(state)
    per_player = state.era.is_("legend_rule", "controller-chooses")
    groups: dict[tuple[str, str], list[GameObject]] = {}
    for obj in state.battlefield():
        c = chars[obj.id]
        if c.has_supertype("Legendary"):
            owner_key = obj.controller if per_player else ""
            groups.setdefault((owner_key, c.name), []).append(obj)
    doomed: list[GameObject] = []
    for (_, name), group in groups.items():
        if len(group) < 2:
            continue
        if per_player:
            labels = [_label(o, group) for o in group]
            kept = group[labels.index(str(choose(state, "legend_rule", labels)))]
        else:
            kept = min(group, key=lambda o: o.timestamp)
        state.log("legend-rule", name=name, kept=kept.id)
        doomed += [o for o in group if o is not kept]
    for obj in doomed:
        if chars[obj.id].has_type("Creature"):
            state.log("dies", object=obj.id, card=obj.card.name, reason="legend-rule")
        state.move(obj, "graveyard")
    return bool(doomed)
