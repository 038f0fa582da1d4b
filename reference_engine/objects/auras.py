"""Auras (CR 303.4, 702.5 Enchant) and the state-based action for Auras (704.5m).

The Enchant keyword is card data ``{kind = "keyword", keyword = "enchant", filter = {...}}``:
"Enchant creature" is ``filter = { type = "Creature" }``, "Enchant permanent" an empty filter,
"Enchant creature you control" ``{ type = "Creature", controller = "you" }`` ("you" is the
Aura's controller).

* An Aura spell requires a target, restricted by its enchant ability (303.4a, 702.5b): the
  spell has a target slot named ``"enchant"`` (cast it with ``targets = ["bears"]``).
* As it resolves it enters the battlefield attached to that target (608.3c, 303.4f's "as the
  Aura spell resolves"); if the target is illegal by then, the spell doesn't resolve and goes
  to its owner's graveyard (608.3b).
* An Aura put onto the battlefield any other way doesn't target: the player putting it there
  chooses something it could legally enchant (choice ``enchant``, a handle), hexproof or not,
  but not something with protection from it (303.4f, 702.16c). If there is nothing, it stays in
  the zone it was in (303.4f).
* 704.5m: an Aura attached to an illegal object (one its enchant ability doesn't allow, or
  itself, 303.4d), or attached to nothing, is put into its owner's graveyard.
* 704.5y (303.7a): when one player controls more than one Role attached to the same
  permanent, all but the newest of them (by timestamp) are put into their owners' graveyards.

Query ``attached_to {object}``: the handle of the permanent an Aura or Equipment is attached
to, or null.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.characteristics import Characteristics
from reference_engine.core.choices import choose
from reference_engine.core.registry import query
from reference_engine.layers.filters import FilterContext, matches
from reference_engine.layers.seating import object_within_range, within_range
from reference_engine.layers.system import compute_all
from reference_engine.sba.checks import state_based_action

if TYPE_CHECKING:
    from reference_engine.core.handlers import GameView
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["ENCHANT_SLOT", "aura_spell_ability", "can_enchant", "choose_enchanted",
           "enchant_filter", "enchanted_player", "enchants_player"]

#: The name of an Aura spell's target slot.
ENCHANT_SLOT = "enchant"
#: Where an Aura attached to a player (702.5d) remembers the player.
ENCHANTED_PLAYER = "enchanted_player"


def enchant_filter(chars: Characteristics) -> dict[str, Any] | None:
    """The filter of an object's enchant abilities (702.5a), or None if it has none. With
    several, what it enchants must match each of them (702.5c)."""
    found = [dict(a.get("filter", {})) for a in chars.abilities
             if a.get("kind") == "keyword" and a.get("keyword") == "enchant"]
    if len(found) < 2:
        return found[0] if found else None
    return {"not": {"any": [{"not": f} for f in found]}}


def enchants_player(chars: Characteristics) -> str | None:
    """For an Aura that enchants a player ("Enchant player" / "Enchant opponent", written
    ``{keyword = "enchant", player = "any" | "opponent"}``): which players, else None
    (702.5d)."""
    for a in chars.abilities:
        if a.get("kind") == "keyword" and a.get("keyword") == "enchant" and "player" in a:
            return str(a["player"])
    return None


def aura_spell_ability(chars: Characteristics) -> dict[str, Any] | None:
    """For an Aura spell, a spell ability whose only target is what it will enchant (303.4a);
    an Aura that enchants a player targets a player, never a permanent (702.5d)."""
    if not chars.has_subtype("Aura"):
        return None
    whose = enchants_player(chars)
    if whose is not None:
        slot: dict[str, Any] = {"name": ENCHANT_SLOT, "kind": "player"}
        if whose != "any":
            slot["player"] = whose
        return {"kind": "spell", "effects": [], "targets": [slot]}
    flt = enchant_filter(chars)
    if flt is None:
        return None
    return {"kind": "spell", "effects": [],
            "targets": [{"name": ENCHANT_SLOT, "kind": "permanent", "filter": flt}]}


def enchanted_player(obj: GameObject) -> str | None:
    """The player an Aura enchants (702.5d), if it is attached to a player."""
    player = obj.extra.get(ENCHANTED_PLAYER)
    return str(player) if player is not None else None


def can_enchant(state: GameState, aura: GameObject, host: GameObject,
                chars: Mapping[int, Characteristics] | None = None, *,
                controller: str | None = None) -> bool:
    """Whether ``aura`` could legally be attached to ``host`` (303.4d, 702.5, 702.16c):
    a permanent other than itself that its enchant ability allows, without protection from
    it."""
    from reference_engine.damage.protection import protection_removes

    chars = chars if chars is not None else compute_all(state)
    if host.id == aura.id or host.zone != "battlefield" or host.id not in chars:
        return False
    aura_chars = chars.get(aura.id)
    if aura_chars is None:
        return False
    flt = enchant_filter(aura_chars)
    if flt is None:
        return False
    fctx = FilterContext(you=controller or aura.controller, source=aura.id,
                         chars_of=chars.__getitem__)
    if flt and not matches(state, host, flt, ctx=fctx, chars=chars[host.id]):
        return False
    return not protection_removes(state, host, aura, chars)


def choose_enchanted(state: GameState, aura: GameObject, controller: str) -> int | str | None:
    """Check 303.4f: the player putting an Aura onto the battlefield without casting it chooses
    a permanent it could enchant (choice ``enchant``); None if there is none."""
    chars = compute_all(state)
    whose = enchants_player(chars[aura.id]) if aura.id in chars else None
    if whose is not None:
        from reference_engine.damage.protection import player_protected_from

        # 702.5d: an Aura that enchants a player is attached to a player it could enchant.
        players = [p for p in state.turn_order
                   if (whose == "any" or p in state.opponents(controller))
                   and not player_protected_from(state, p, aura)]
        return str(choose(state, "enchant", players)) if players else None
    options = [o for o in state.battlefield()
               if can_enchant(state, aura, o, chars, controller=controller)]
    if not options:
        return None
    labels = [o.name_for_log for o in options]
    picked = choose(state, "enchant", labels)
    return options[labels.index(str(picked))].id


@state_based_action(cr="704.5m")
def _illegal_auras(state: GameState) -> bool:
    """Check 704.5m: an Aura attached to an illegal object, or to nothing, is put into its
    owner's graveyard; with a limited range of influence, one attached to an object or player
    outside its controller's range is illegally attached (801.8)."""
    chars = compute_all(state)
    doomed = []
    for obj in state.battlefield():
        c = chars[obj.id]
        if not c.has_subtype("Aura"):
            continue
        player = enchanted_player(obj)
        if player is not None:
            from reference_engine.damage.protection import player_protected_from

            # 702.5d, 702.16c: an Aura on a player stays while it may enchant them.
            if player not in state.players or player_protected_from(state, player, obj) or (
                    not within_range(state, obj.controller, player)):
                doomed.append((obj, "illegal"))
            continue
        host = state.objects.get(obj.attached_to) if obj.attached_to is not None else None
        if host is None or host.zone != "battlefield":
            doomed.append((obj, "unattached"))
        elif enchant_filter(c) is not None and not can_enchant(state, obj, host, chars):
            doomed.append((obj, "illegal"))
        elif not object_within_range(state, obj.controller, host):
            # 801.8: an Aura can't enchant what is outside its controller's range of influence.
            doomed.append((obj, "illegal"))
    for obj, reason in doomed:
        state.log("aura-unattached", object=obj.id, card=obj.card.name, reason=reason)
        state.move(obj, "graveyard")
    return bool(doomed)


@state_based_action(cr="704.5y")
def _extra_roles(state: GameState) -> bool:
    """Check 704.5y (303.7a): of the Roles one player controls attached to one permanent, all
    but the one with the most recent timestamp are put into their owners' graveyards."""
    chars = compute_all(state)
    newest: dict[tuple[int, str], GameObject] = {}
    doomed: list[GameObject] = []
    for obj in sorted(state.battlefield(), key=lambda o: o.timestamp):
        if obj.attached_to is None or not chars[obj.id].has_subtype("Role"):
            continue
        key = (obj.attached_to, obj.controller)
        if key in newest:
            doomed.append(newest[key])
        newest[key] = obj
    for obj in doomed:
        state.log("aura-unattached", object=obj.id, card=obj.card.name, reason="role")
        state.move(obj, "graveyard")
    return bool(doomed)


@query("attached_to")
def _attached_to(game: GameView, q: Mapping[str, Any]) -> Any:
    """The handle (or ``Card#id``) of the permanent the object is attached to, or null
    (CR 301.5, 303.4), or the name of the player an Aura enchants (702.5d)."""
    obj = game.object(q.get("object"))
    player = enchanted_player(obj)
    if player is not None:
        return player  # 702.5d: an Aura attached to a player
    host = game.state.objects.get(obj.attached_to) if obj.attached_to is not None else None
    return host.name_for_log if host is not None else None
