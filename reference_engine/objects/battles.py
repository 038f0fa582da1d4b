"""Battles (CR 310): who protects a battle, and its defense.

* 310.8, 310.8f: every battle on the battlefield has one player designated as its protector
  (kept as ``extra["protector"]`` of the permanent; designating another replaces the old one).
* 310.8a, 310.11a: as a battle enters, its controller chooses its protector among the players
  its battle type allows (choice ``protector``, a player's name): a Siege is protected by an
  opponent of its controller; a battle with no battle type is protected by its controller.
  A battle a case's setup puts on the battlefield gets its protector the same way (answer
  ``protector`` in ``setup.choices`` when there are several opponents).
* 310.8g: the designation stays if the permanent stops being a battle or becomes a copy of
  another battle; it is only ever replaced by the state-based actions of 310.10 and 704.5w-x
  (``combat/battles.py``, which knows whether a battle is being attacked).
* 310.4, 310.4a, 310.4c: a battle's defense is the number of defense counters on it on the
  battlefield, and its printed defense elsewhere (query ``defense``).
* 310.11b: every Siege has the intrinsic triggered ability "When the last defense counter is
  removed from this permanent, exile it, then you may cast it transformed without paying its
  mana cost" (trigger event ``last_defense_counter_removed``; the cast is the resolution effect
  ``cast_transformed`` of ``casting/free_cast.py``, choice ``free_cast``). While it waits, the
  battle stays on the battlefield with defense 0 (704.5v, 310.7).

Queries ``protector {object}`` (the player, or null) and ``defense {object}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.characteristics import Characteristics, printed_characteristics
from reference_engine.core.choices import choose
from reference_engine.core.registry import query, setup_hook
from reference_engine.layers.system import compute_all
from reference_engine.triggers.abilities import KEYWORD_TRIGGER_FAMILIES, trigger_matcher

if TYPE_CHECKING:
    from reference_engine.core.handlers import GameView
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import Event, GameState

__all__ = ["PROTECTOR", "SIEGE_DEFEATED", "choose_protector", "protector_choices", "protector_of"]

#: The key of a battle permanent's protector in its ``extra`` (310.8).
PROTECTOR = "protector"


def protector_choices(state: GameState, obj: GameObject, chars: Characteristics) -> list[str]:
    """The players who may protect battle ``obj`` now, in turn order (CR 310.8a, 310.11a): an
    opponent of its controller for a Siege, its controller for a battle with no battle type,
    only players still in the game (800.4a)."""
    if chars.has_subtype("Siege"):
        return state.opponents(obj.controller)
    return [obj.controller] if obj.controller in state.in_game() else []


def choose_protector(state: GameState, obj: GameObject, chars: Characteristics) -> str | None:
    """Designate the protector of battle ``obj`` as its controller chooses (choice
    ``protector``, CR 310.8a, 310.10, 704.5w-x); None, with nothing designated, when no player
    can be chosen."""
    options = protector_choices(state, obj, chars)
    if not options:
        obj.extra.pop(PROTECTOR, None)
        return None
    player = str(choose(state, PROTECTOR, options))
    obj.extra[PROTECTOR] = player  # 310.8f: the one protector, replacing any other
    state.log("protector-chosen", object=obj.id, player=player, controller=obj.controller)
    return player


def protector_of(state: GameState, obj: GameObject) -> str | None:
    """The player designated as battle ``obj``'s protector, or None (CR 310.8, 310.8e)."""
    player = obj.extra.get(PROTECTOR)
    return str(player) if player is not None else None


def enters_protected(state: GameState, new: GameObject, chars: Characteristics) -> None:
    """310.8a: as a battle enters, its controller chooses its protector."""
    if chars.has_type("Battle"):
        choose_protector(state, new, chars)


@setup_hook(stage="protectors")
def _setup_protectors(state: GameState, setup: Mapping[str, Any]) -> None:
    """A battle the setup puts on the battlefield is protected as if it had entered (310.8a)."""
    chars = compute_all(state)
    for obj in state.battlefield():
        if chars[obj.id].has_type("Battle") and PROTECTOR not in obj.extra:
            choose_protector(state, obj, chars[obj.id])


@query("protector", params={"object": "str!: the handle of a battle"},
       cr=("310.8", "310.8a", "310.8e"))
def _protector(game: GameView, q: Mapping[str, Any]) -> str | None:
    """The player who protects a battle (CR 310.8e), or null for a permanent without one."""
    obj = game.object(q.get("object"))
    return protector_of(game.state, obj) if obj.zone == "battlefield" else None


@query("defense", params={"object": "str!: the handle of a battle, in any zone"},
       cr=("310.4", "310.4a", "310.4c"))
def _defense(game: GameView, q: Mapping[str, Any]) -> int | None:
    """A battle's defense: on the battlefield the number of defense counters on it (CR
    310.4c), elsewhere the printed defense (310.4a); null for an object that isn't a battle."""
    state = game.state
    obj = game.object(q.get("object"))
    if obj.zone == "battlefield":
        chars = compute_all(state)[obj.id]
        return obj.counters.get("defense", 0) if chars.has_type("Battle") else None
    printed = printed_characteristics(obj.card, zone=obj.zone, transformed=obj.transformed,
                                      cast_half=None, era=state.era)
    return printed.defense if printed.has_type("Battle") else None


#: 310.11b: the intrinsic triggered ability of every Siege, as ability data.
SIEGE_DEFEATED: dict[str, Any] = {
    "kind": "triggered",
    "trigger": {"event": "last_defense_counter_removed"},
    "effects": [{"type": "exile", "target": "self"},
                {"type": "cast_transformed", "target": "moved"}],
}


def _siege_abilities(chars: Characteristics) -> list[dict[str, Any]]:
    """310.11b: a Siege has the defeated ability, whatever gave it the subtype."""
    return [SIEGE_DEFEATED] if chars.has_subtype("Siege") else []


KEYWORD_TRIGGER_FAMILIES.append(_siege_abilities)


@trigger_matcher("last_defense_counter_removed", cr=("310.11b", "310.6"))
def _last_defense_counter(state: GameState, obj: GameObject, spec: Mapping[str, Any],
                          event: Event) -> bool:
    """"When the last defense counter is removed from this permanent" (CR 310.11b): defense
    counters were removed from it and none is left."""
    d = event.details
    return (event.kind == "counters-removed" and d.get("object") == obj.id
            and d.get("counter") == "defense" and d.get("remaining") == 0)
