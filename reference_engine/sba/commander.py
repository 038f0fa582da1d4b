"""The Commander variant's commanders and the command zone (CR 903.3, 903.6, 903.7, 903.9),
and the Brawl option (903.12).

``setup.commander = { alice = "kresh", bob = "sliver" }`` makes it a Commander game: each
named object (a card its player owns, normally in the command zone, 903.6) is that player's
commander. Being a commander is an attribute of the card, not a characteristic (903.3): it
follows the card through every zone change, while a copy of a commander is not a commander.
In a Commander game every player starts at 40 life (903.7) unless ``setup.life`` says
otherwise. ``setup.brawl = true`` plays it with the Brawl option (903.12a): 25 life in a
two-player game, 30 in a multiplayer one (903.12f), and no loss from commander damage
(903.12h, in :mod:`reference_engine.damage.commander_damage`).

A commander may return to the command zone (903.9), as its owner chooses:

* 903.9a, a state-based action: a commander put into a graveyard or exile since state-based
  actions were last checked may be put into the command zone. Choice
  ``commander_to_command_zone`` (true by default; false leaves it there, and it can't go
  later from that zone, as it is no longer newly put there).
* 903.9b, a replacement: a commander that would be put into its owner's hand or library from
  anywhere is put into the command zone instead, if the owner chooses (the same choice).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.choices import choose
from reference_engine.core.errors import SetupError
from reference_engine.core.ordering import in_cr_order
from reference_engine.core.registry import setup_hook
from reference_engine.core.state import MOVE_REPLACEMENTS, ZONE_CHANGE_HOOKS
from reference_engine.layers.filters import FilterContext, filter_key
from reference_engine.layers.queries import card_color_identity
from reference_engine.sba.checks import state_based_action

if TYPE_CHECKING:
    from reference_engine.core.characteristics import Characteristics
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState
    from reference_engine.core.symbols import Color

__all__ = ["COMMANDER_KEY", "COMMANDER_LIFE", "commander_identity", "commander_of",
           "is_brawl", "is_commander_game"]

#: ``GameObject.extra`` key of the commander designation: the owner's commander key.
COMMANDER_KEY = "commander"
#: Starting life total in a Commander game (903.7).
COMMANDER_LIFE = 40
#: Starting life totals in a Brawl game of two players and of more (903.12f).
BRAWL_LIFE = (25, 30)
#: ``GameObject.extra`` key marking a commander newly put into a graveyard or exile (903.9a).
_FRESH = "commander_fresh"
#: The choice a commander's owner makes each time it could go to the command zone (903.9a-b).
CHOICE = "commander_to_command_zone"


def is_commander_game(state: GameState) -> bool:
    """Whether this is a Commander game (903.1)."""
    return bool(state.extra.get("commanders"))


def is_brawl(state: GameState) -> bool:
    """Whether this Commander game uses the Brawl option (903.12a)."""
    return bool(state.extra.get("brawl"))


def commander_identity(state: GameState, player: str) -> set[Color] | None:
    """The color identity of ``player``'s commander (903.4; with several, all their colors),
    read from the cards, as it was settled before the game (903.4a); None if the player has
    no commander, when the quality is undefined (903.4f)."""
    keys = [k for k, owner in state.extra.get("commanders", {}).items() if owner == player]
    if not keys:
        return None
    colors: set[Color] = set()
    for obj in state.all_objects():
        if obj.extra.get(COMMANDER_KEY) in keys:
            colors |= card_color_identity(obj.card)
    return colors


def commander_of(obj: GameObject) -> str | None:
    """The key of the commander ``obj`` is (``owner:handle``), or None if it isn't one."""
    key = obj.extra.get(COMMANDER_KEY)
    return str(key) if key is not None else None


@filter_key("commander", characteristic=False)
def _is_commander(state: GameState, obj: GameObject, chars: Characteristics, value: Any,
                  ctx: FilterContext) -> bool:
    """``commander = true``: the object is a commander (903.3d: a permanent, spell or card
    that is one; a copy of a commander is not, 903.3); ``commander = "yours"``: it is the
    commander of "you", the player the filter is read for ("if you control your commander")."""
    key = commander_of(obj)
    if value == "yours":
        return key is not None and state.extra.get("commanders", {}).get(key) == ctx.you
    return (key is not None) == bool(value)


@setup_hook(stage="commanders")
def _setup_commanders(state: GameState, setup: Mapping[str, Any]) -> None:
    """``setup.commander``: each player's commander (903.3), and life 40 (903.7); with
    ``setup.brawl``, 25 or 30 (903.12f)."""
    table = setup.get("commander")
    if not table:
        if setup.get("brawl"):
            raise SetupError("setup.brawl: a Brawl game is a Commander game; name each "
                             "player's commander in setup.commander (903.12a)")
        return
    if not isinstance(table, Mapping):
        raise SetupError("setup.commander: a table of player = commander handle")
    keys: dict[str, str] = {}
    for player, handle in table.items():
        if player not in state.players:
            raise SetupError(f"setup.commander: unknown player {player!r}")
        obj = state.by_handle(str(handle))
        if obj.owner != player:
            raise SetupError(f"setup.commander.{player}: {handle!r} is owned by {obj.owner}; "
                             "a player's commander is a card of their own deck (903.3)")
        key = f"{player}:{handle}"
        obj.extra[COMMANDER_KEY] = key
        keys[key] = str(player)
    state.extra["commanders"] = keys
    brawl = setup.get("brawl", False)
    if not isinstance(brawl, bool):
        raise SetupError("setup.brawl: true or false")
    life = COMMANDER_LIFE
    if brawl:
        state.extra["brawl"] = True
        life = BRAWL_LIFE[0] if len(state.players) == 2 else BRAWL_LIFE[1]
    given = dict(setup.get("life", {}))
    for name, player in state.players.items():
        player.starting_life = life
        if name not in given:
            player.life = life


@in_cr_order(ZONE_CHANGE_HOOKS, cr="903.3")
def _keep_designation(state: GameState, old: GameObject, new: GameObject) -> None:
    """903.3: the card stays a commander as it changes zones; newly put into a graveyard or
    exile, it may go to the command zone at the next check (903.9a)."""
    key = old.extra.get(COMMANDER_KEY)
    if key is None or old.is_copy or old.is_token:
        return
    new.extra[COMMANDER_KEY] = key
    if new.zone in ("graveyard", "exile"):
        new.extra[_FRESH] = True


@in_cr_order(MOVE_REPLACEMENTS, cr="903.9b")
def _to_command_zone(state: GameState, obj: GameObject, zone: str) -> str:
    """903.9b: a commander that would go to its owner's hand or library goes to the command
    zone instead if its owner chooses (it may apply more than once to one event)."""
    if (zone in ("hand", "library") and obj.extra.get(COMMANDER_KEY) is not None
            and not obj.is_copy and bool(choose(state, CHOICE, [True, False], default=True))):
        state.log("commander-returns", object=obj.id, card=obj.card.name, instead_of=zone)
        return "command"
    return zone


@state_based_action(cr="704.6d")
def _commander_home(state: GameState) -> bool:
    """Check 903.9a (704.6d): a commander put into a graveyard or exile since the last check
    may be put into the command zone by its owner."""
    fresh = [o for o in state.all_objects() if o.extra.get(_FRESH)]
    did = False
    for obj in fresh:
        obj.extra.pop(_FRESH, None)
        if obj.zone in ("graveyard", "exile") and bool(
                choose(state, CHOICE, [True, False], default=True)):
            state.log("commander-returns", object=obj.id, card=obj.card.name,
                      from_zone=obj.zone)
            state.move(obj, "command")
            did = True
    return did


