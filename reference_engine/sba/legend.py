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
  been a Legend or legendary permanent with that name the longest are put into their owners'
  graveyards; if two or more of them share the longest time (they arrived together,
  :mod:`.arrivals`, or one effect made them Legends at once), all of them go. The time counts
  from its arrival for a permanent printed legendary with that name, else from the latest of its
  arrival and the earliest effect still making it legendary or giving it that name (an effect's
  timestamp, CR 613.7), as the world rule times the world status (:mod:`.world`).

Neither is destruction or sacrifice: indestructible permanents go too, and they die (700.4).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.arrivals import arrival
from reference_engine.core.characteristics import is_legendary, printed_characteristics
from reference_engine.core.choices import choose
from reference_engine.layers.system import compute_all
from reference_engine.sba.checks import state_based_action

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["is_legendary", "legend_rule", "legend_since"]


def _label(obj: GameObject, group: list[GameObject]) -> str:
    """The answer that names ``obj`` in choice ``legend_rule``: its handle, else ``token-N``."""
    if obj.handle is not None:
        return obj.handle
    unnamed = [o for o in group if o.handle is None]
    return f"token-{unnamed.index(obj) + 1}"


def _makes_legendary(op: Mapping[str, Any]) -> bool:
    """Whether a layer operation makes an object legendary: the supertype (CR 205.4d), or the
    creature type Legend of the Sixth Edition rules (215.2), or a copy of a legendary object."""
    if op.get("type") == "copy":
        return True
    return op.get("type") in ("add_types", "set_types") and (
        "Legendary" in op.get("supertypes", []) or "Legend" in op.get("subtypes", []))


def _names(op: Mapping[str, Any], name: str) -> bool:
    """Whether a layer operation gives an object the name ``name`` (a rename or a copy)."""
    return op.get("type") == "copy" or (op.get("type") == "set_name" and op.get("name") == name)


def legend_since(state: GameState, obj: GameObject, name: str) -> int:
    """Since when ``obj`` has been a Legend or legendary permanent named ``name`` (Sixth Edition
    420.5e): its arrival if it was printed so, else the latest of its arrival and the earliest
    effect still making it legendary, and of the earliest still giving it the name."""
    since = arrival(state, obj)
    printed = printed_characteristics(obj.card, zone=obj.zone, transformed=obj.transformed,
                                      cast_half=obj.cast_half, era=state.era)
    effects = [e for e in state.effects
               if not isinstance(e.affected, list) or obj.id in e.affected]
    if not is_legendary(printed, state.era):
        grants = [e.timestamp for e in effects if _makes_legendary(e.op)]
        since = max(since, min(grants)) if grants else since
    if printed.name != name:
        renames = [e.timestamp for e in effects if _names(e.op, name)]
        since = max(since, min(renames)) if renames else since
    return since


def _oldest(state: GameState, group: list[GameObject], name: str) -> GameObject | None:
    """Sixth Edition 420.5e: the one that has been a Legend with that name the longest, or None
    when several share the longest time."""
    times = {o.id: legend_since(state, o, name) for o in group}
    first = min(times.values())
    oldest = [o for o in group if times[o.id] == first]
    return oldest[0] if len(oldest) == 1 else None


@state_based_action(cr="704.5j")
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
            kept = _oldest(state, group, name)
        state.log("legend-rule", name=name, kept=kept.id if kept else None)
        doomed += [o for o in group if o is not kept]
    for obj in doomed:
        if chars[obj.id].has_type("Creature"):
            state.log("dies", object=obj.id, card=obj.card.name, reason="legend-rule")
        state.move(obj, "graveyard")
    return bool(doomed)
