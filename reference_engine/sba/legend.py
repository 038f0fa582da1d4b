"""The legend rule (CR 704.5j, 205.4d) in both eras (switches ``legend_rule`` and
``legendary_creatures``).

Which permanents are legendary (switch ``legendary_creatures``):

* ``supertype`` (CR 205.4d): permanents with the supertype legendary;
* ``legend-creature-type`` (Sixth Edition rule 215, Invasion era): a legendary creature is a
  creature with the creature type Legend (printed so by
  :func:`~reference_engine.characteristics.printed_characteristics`), other legendary
  permanents are "Legendary" on their type line. An effect that sets a creature's creature types
  takes Legend away, and the legend rule no longer applies to that creature.

What happens to them (switch ``legend_rule``):

* ``controller-chooses`` (CR 704.5j, since Magic 2014): if a player controls two or more
  legendary permanents with the same name, that player chooses one of them (choice
  ``legend_rule``: a handle, or ``token-N`` for the N-th unnamed token of that group in arrival
  order) and the rest are put into their owners' graveyards. Different players may each control
  one.
* ``oldest-stays`` (Sixth Edition rule 420.5e, in force in 2000): if two or more legendary
  permanents with the same name are in play, whoever controls them, all except the one that has
  been in play the longest are put into their owners' graveyards; if two or more of them share
  the longest time in play (they arrived together, :mod:`.arrivals`), all of them go.

Neither is destruction or sacrifice: indestructible permanents go too, and they die (700.4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from reference_engine.core.arrivals import arrival
from reference_engine.core.characteristics import is_legendary
from reference_engine.core.choices import choose
from reference_engine.layers.system import compute_all
from reference_engine.sba.checks import state_based_action

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["is_legendary", "legend_rule"]


def _label(obj: GameObject, group: list[GameObject]) -> str:
    """The answer that names ``obj`` in choice ``legend_rule``: its handle, else ``token-N``."""
    if obj.handle is not None:
        return obj.handle
    unnamed = [o for o in group if o.handle is None]
    return f"token-{unnamed.index(obj) + 1}"


def _oldest(state: GameState, group: list[GameObject]) -> GameObject | None:
    """Sixth Edition 420.5e: the one in play longest, or None when several arrived first."""
    first = min(arrival(state, o) for o in group)
    oldest = [o for o in group if arrival(state, o) == first]
    return oldest[0] if len(oldest) == 1 else None


@state_based_action
def legend_rule(state: GameState) -> bool:
    """Check 704.5j (or 420.5e under the 2000 rules): keep one legendary permanent per name."""
    chars = compute_all(state)
    per_player = state.era.is_("legend_rule", "controller-chooses")
    groups: dict[tuple[str, str], list[GameObject]] = {}
    for obj in state.battlefield():
        c = chars[obj.id]
        if is_legendary(c, state.era):
            owner_key = obj.controller if per_player else ""
            groups.setdefault((owner_key, c.name), []).append(obj)
    doomed: list[GameObject] = []
    for (_, name), group in groups.items():
        if len(group) < 2:
            continue
        kept: GameObject | None
        if per_player:
            labels = [_label(o, group) for o in group]
            kept = group[labels.index(str(choose(state, "legend_rule", labels)))]
        else:
            kept = _oldest(state, group)
        state.log("legend-rule", name=name, kept=kept.id if kept else None)
        doomed += [o for o in group if o is not kept]
    for obj in doomed:
        if chars[obj.id].has_type("Creature"):
            state.log("dies", object=obj.id, card=obj.card.name, reason="legend-rule")
        state.move(obj, "graveyard")
    return bool(doomed)
