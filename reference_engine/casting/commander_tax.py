"""Casting a commander from the command zone, and the commander tax (CR 903.8).

A player may cast a commander they own from the command zone (a rule of the variant, as a
permission of 601.3). Cast from there, it costs {2} more for each previous time that player
has cast it from the command zone this game: an additional cost added to the total cost
(601.2f), whatever alternative or reduced cost applies. Casting it from anywhere else (a
hand, a graveyard with a permission) is not counted and pays no tax.

Query ``commander_tax {object}``: the tax the commander's owner would pay casting it from the
command zone now ({2} times the previous casts from there).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.casting.costs import CostChange, cost_modifier
from reference_engine.casting.permissions import PERMISSION_SOURCES, Permission
from reference_engine.core.ordering import in_cr_order
from reference_engine.core.registry import query
from reference_engine.core.state import ZONE_CHANGE_HOOKS
from reference_engine.core.symbols import parse_mana_cost
from reference_engine.sba.commander import commander_of

if TYPE_CHECKING:
    from reference_engine.core.handlers import GameView
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["TAX_PER_CAST", "casts_from_command_zone"]

#: The commander tax per previous cast from the command zone (903.8).
TAX_PER_CAST = 2
_CASTS = "commander_casts"
_NTH = "commander_cast_number"


def casts_from_command_zone(state: GameState, commander: str, player: str) -> int:
    """How many times ``player`` has cast the commander keyed ``commander`` from the command
    zone this game (a cast under way counts once it has begun, 601.2a)."""
    table: dict[str, int] = state.extra.get(_CASTS, {})
    return table.get(f"{player}|{commander}", 0)


def _from_command_zone(state: GameState, obj: GameObject) -> list[Permission]:
    """903.8: a commander's owner may cast it from the command zone."""
    if obj.zone == "command" and commander_of(obj) is not None:
        return [Permission(player=obj.owner, zones=("command",), only_object=obj.id,
                           source=obj.id)]
    return []


@in_cr_order(ZONE_CHANGE_HOOKS, cr="903.8")
def _count_cast(state: GameState, old: GameObject, new: GameObject) -> None:
    """A commander moving from the command zone to the stack is being cast from there
    (601.2a): note how many casts by that player came before this one."""
    key = commander_of(old)
    if key is None or old.zone != "command" or new.zone != "stack":
        return
    table: dict[str, int] = state.extra.setdefault(_CASTS, {})
    slot = f"{new.controller}|{key}"
    new.extra[_NTH] = table.get(slot, 0)
    table[slot] = new.extra[_NTH] + 1


@cost_modifier
def _tax(state: GameState, spell: GameObject, caster: str) -> list[CostChange]:
    """903.8: {2} more for each previous cast of this commander from the command zone."""
    previous = int(spell.extra.get(_NTH, 0))
    if previous <= 0:
        return []
    return [CostChange("increase", parse_mana_cost(f"{{{TAX_PER_CAST * previous}}}"),
                       source=spell.id)]


@query("commander_tax", params={"object": "str!: the commander's handle"}, cr=("903.8",),
       example='{query = "commander_tax", object = "kresh"}')
def _q_tax(game: GameView, q: Mapping[str, Any]) -> int:
    """The generic mana the commander's owner would add casting it from the command zone now:
    {2} for each previous cast from there (903.8); 0 for an object that isn't a commander."""
    obj = game.object(q.get("object"), field="object")
    key = commander_of(obj)
    if key is None:
        return 0
    return TAX_PER_CAST * casts_from_command_zone(game.state, key, obj.owner)


PERMISSION_SOURCES.append(_from_command_zone)
