"""Permissions to cast spells (CR 601.3): from other zones, as though they had flash, or
without paying their mana cost.

A permission is data: ``setup.permissions`` (an effect that already exists when the case
starts) or a static ability ``{ kind = "static", permission = {...} }`` of a permanent
(``player = "you" | "opponent" | "any"``), or of the card itself with ``affected = "self"``
(such as Ghitu Fire's flash for an additional {2}). Its fields: ``zones`` it allows casting from,
``spells`` (a filter on the spell as it would be cast: only the chosen half of a split card,
CR 709.3a, 601.3e), ``flash`` (601.3b), ``additional_cost`` (flash only if it is paid, 601.3c),
``without_paying_mana_cost`` (the alternative cost of 118.9) and ``object`` (only that card).
An alternative-cost keyword with a zone of its own, such as flashback, is a permission of the
card itself to be cast from that zone for that cost (see :mod:`reference_engine.casting.flashback`).
Retrace (702.81a) and jump-start (702.133a) are permissions of the card itself to be cast from
its owner's graveyard with an additional cost that isn't mana: discarding a land card, or any
card (jump-start only for an instant or sorcery spell); a spell cast with jump-start is exiled
instead of going anywhere else as it leaves the stack.

A restriction on who may cast a spell lives here too: a legendary instant or sorcery can be cast
only by a player who controls a legendary creature or planeswalker (205.4e), checked as the
spell is cast.

A card exiled by its own resolving Adventure (:mod:`reference_engine.resolution.inset_spells`)
may be played from exile by the player who controlled that Adventure for as long as it stays
exiled (CR 715.3d): a rule of the game in :data:`PERMISSION_SOURCES`, limited to that card and
to its normal characteristics, so a cast naming the Adventure finds no permission there.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from reference_engine.casting.flashback import alternative_abilities, alternative_zones
from reference_engine.core.characteristics import Characteristics
from reference_engine.core.errors import SetupError
from reference_engine.core.objects import GameObject
from reference_engine.core.registry import cast_restriction, setup_hook
from reference_engine.core.state import GameState
from reference_engine.core.symbols import ManaCost, parse_mana_cost
from reference_engine.layers.filters import FilterContext, matches
from reference_engine.layers.system import characteristics_of, compute_all, static_abilities
from reference_engine.resolution.inset_spells import ON_ADVENTURE

__all__ = ["GRAVEYARD_CASTING", "PERMISSION_SOURCES", "Permission", "permissions_for"]

#: Keywords that let a card's owner cast it from their graveyard with an additional cost that
#: isn't mana, with the spells they cover: retrace (702.81a: discard a land card) and
#: jump-start (702.133a: discard a card; only an instant or sorcery spell).
GRAVEYARD_CASTING: dict[str, tuple[Mapping[str, Any], Mapping[str, Any] | None]] = {
    "retrace": ({"discard": {"type": "Land"}}, None),
    "jump-start": ({"discard": {}}, {"type": ["Instant", "Sorcery"]}),
}


@dataclass(frozen=True)
class Permission:
    """A rule or effect allowing a player to cast spells (CR 601.3)."""

    player: str
    #: Zones it lets the player cast spells from (empty: it changes only timing or cost).
    zones: tuple[str, ...] = ()
    spells: Mapping[str, Any] | None = None
    flash: bool = False
    additional_cost: ManaCost | None = None
    free: bool = False
    #: An alternative cost this permission requires (flashback's, 702.34a), or None.
    alternative: str | None = None
    only_object: int | None = None
    source: int | None = None
    #: An additional cost that isn't mana, paid when the cast uses this permission (retrace's
    #: discarding of a land card, 702.81a), as a table of costs.
    other_cost: Mapping[str, Any] | None = None
    #: The keyword this permission comes from (retrace, jump-start), or None.
    keyword: str | None = None

    def applies(self, state: GameState, obj: GameObject, chars: Characteristics,
                player: str) -> bool:
        """Whether the permission is ``player``'s and covers ``obj`` cast with the spell
        characteristics ``chars`` (601.3b, 601.3e: the choices made while proposing count)."""
        if player != self.player:
            return False
        if self.only_object is not None and obj.id != self.only_object:
            return False
        flt = self.spells
        return not flt or matches(state, obj, flt, ctx=FilterContext(you=player), chars=chars)


#: Rules that let a player cast an object from a zone, beyond effects and abilities:
#: ``fn(state, object) -> permissions`` (e.g. casting a commander from the command zone, 903.8).
PERMISSION_SOURCES: list[Callable[[GameState, GameObject], list[Permission]]] = []


def _permission(data: Mapping[str, Any], *, player: str, source: int | None,
                only_object: int | None) -> Permission:
    zones = data.get("zones", data.get("zone", ["hand"] if data.get(
        "without_paying_mana_cost") else []))
    zones = (zones,) if isinstance(zones, str) else tuple(zones)
    extra = data.get("additional_cost")
    return Permission(
        player=player, zones=zones, spells=data.get("spells"), flash=bool(data.get("flash")),
        additional_cost=parse_mana_cost(str(extra)) if extra is not None else None,
        free=bool(data.get("without_paying_mana_cost")), only_object=only_object,
        source=source)


@setup_hook(stage="permissions")
def _setup_permissions(state: GameState, setup: Mapping[str, Any]) -> None:
    """``setup.permissions``: casting permissions of effects that already exist."""
    out = []
    for i, entry in enumerate(setup.get("permissions", [])):
        player = entry.get("player", state.active_player)
        if player not in state.players:
            raise SetupError(f"setup.permissions[{i}]: unknown player {player!r}")
        only = state.by_handle(str(entry["object"])).id if "object" in entry else None
        out.append(_permission(entry, player=str(player), source=None, only_object=only))
    state.extra["cast_permissions"] = out


def permissions_for(state: GameState, obj: GameObject, player: str) -> list[Permission]:
    """Every permission that may apply to ``player`` casting ``obj`` (CR 601.3): the setup's,
    permanents' static abilities, and the card's own ``affected = "self"`` permissions."""
    out: list[Permission] = []
    for perm in state.extra.get("cast_permissions", []):
        out.append(perm)
    chars = compute_all(state)
    for source, ability in static_abilities(state, chars):
        data = ability.get("permission")
        if isinstance(data, Mapping) and ability.get("affected") != "self":
            who = data.get("player", "you")
            players = ([source.controller] if who == "you"
                       else state.opponents(source.controller) if who == "opponent"
                       else list(state.players) if who == "any" else [str(who)])
            out += [_permission(data, player=p, source=source.id, only_object=None)
                    for p in players]
    for name, alt in alternative_abilities(chars[obj.id]).items():
        # 702.34a: flashback lets its owner cast the card from the graveyard for that cost.
        zones = alternative_zones(alt)
        if zones:
            out.append(Permission(player=obj.owner, zones=zones, alternative=name,
                                  only_object=obj.id, source=obj.id))
    for ability in chars[obj.id].abilities:
        name = str(ability.get("keyword", "")).casefold()
        if ability.get("kind") == "keyword" and name in GRAVEYARD_CASTING:
            # 702.81a, 702.133a: cast from the graveyard with an additional cost.
            cost, spells = GRAVEYARD_CASTING[name]
            out.append(Permission(player=obj.owner, zones=("graveyard",), spells=spells,
                                  only_object=obj.id, source=obj.id, other_cost=cost,
                                  keyword=name))
    for ability in chars[obj.id].abilities:
        data = ability.get("permission")
        if isinstance(data, Mapping) and ability.get("affected") == "self":
            out.append(_permission(data, player=obj.owner, source=obj.id, only_object=obj.id))
    for rule in PERMISSION_SOURCES:
        out += rule(state, obj)
    return out


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


def _adventure_permission(state: GameState, obj: GameObject) -> list[Permission]:
    """715.3d: the exiled adventurer card may be played by the Adventure's controller, with its
    normal characteristics only (its name, not the Adventure's)."""
    player = obj.extra.get(ON_ADVENTURE)
    if obj.zone != "exile" or not isinstance(player, str) or player not in state.players:
        return []
    return [Permission(player=player, zones=("exile",), spells={"name": obj.card.front.name},
                       only_object=obj.id, source=obj.id)]


PERMISSION_SOURCES.append(_adventure_permission)
