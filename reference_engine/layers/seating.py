"""Seats and the multiplayer options of a game (CR 800.2, 801, 803, 806, 807), and what a
resolving effect may reach within a range of influence (801.10).

``setup.multiplayer`` chooses the variant and options of a game of three or more players:

* ``variant``: ``"free-for-all"`` (806) or ``"grand-melee"`` (807). A game has at most one
  variant (800.2); Grand Melee's defaults are a range of influence of 1 for every player and
  the attack left option (807.2a-b), and it uses neither attack multiple players nor deploy
  creatures (807.2c).
* ``attack``: ``"multiple"`` (802, the default when no variant says otherwise), ``"left"`` or
  ``"right"`` (803.1a-b). A Free-for-All game uses exactly one of the three (806.2b).
  ``"one"`` is a game using none of them: the attacking player chooses one opponent as the
  defending player as a turn-based action of the beginning of combat step (506.2a, choice
  ``defending_player``; one opponent needs no answer), and attacks only that player and the
  planeswalkers and battles of theirs.
* ``range_of_influence``: a number of seats for every player, or a table giving each player
  their own (801.2a); a Free-for-All game gives every player the same one (806.2a).

Seats go around the table in turn order, which proceeds clockwise (103.1), so the player to
a player's left is the next one in turn order. The players within a player's range of
influence are fixed as each turn begins (801.2c): a player who leaves the game still takes up
their seat, for distances, until the next turn begins.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.choices import choose
from reference_engine.core.context import ref_limit
from reference_engine.core.errors import SetupError
from reference_engine.core.registry import on_step, setup_hook

if TYPE_CHECKING:
    from reference_engine.core.context import ResolveContext
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["ATTACK_OPTIONS", "OPTIONS_KEY", "VARIANTS", "attack_option", "attackable",
           "choose_defending_player",
           "has_limited_range", "object_within_range", "player_to_left", "player_to_right",
           "range_of", "variant", "within_range"]

#: ``state.extra`` key of the game's multiplayer options.
OPTIONS_KEY = "multiplayer_options"
#: ``state.extra`` key of the seats as the current turn began (801.2c).
_SEATS_KEY = "seats"
#: The variants a game may use (806, 807), and the options each implies (807.2).
VARIANTS: dict[str, dict[str, Any]] = {
    "free-for-all": {},
    "grand-melee": {"attack": "left", "range_of_influence": 1},
}
#: Which opponents a player may attack: any of them (802), or only the nearest one to the left
#: or to the right (803.1a-b).
ATTACK_OPTIONS = ("multiple", "left", "right", "one")
#: ``state.extra`` key: the defending player chosen this turn under the ``"one"`` option.
_CHOSEN_KEY = "chosen_defender"


@setup_hook(stage="seats")
def _setup_options(state: GameState, setup: Mapping[str, Any]) -> None:
    """``setup.multiplayer``: the variant and options of the game (800.2, 806.2, 807.2)."""
    table = setup.get("multiplayer")
    state.extra[_SEATS_KEY] = list(state.turn_order)
    if table is None:
        return
    if not isinstance(table, Mapping):
        raise SetupError("setup.multiplayer: a table with variant, attack, range_of_influence")
    unknown = sorted(set(table) - {"variant", "attack", "range_of_influence"})
    if unknown:
        raise SetupError(f"setup.multiplayer: unknown key(s) {', '.join(unknown)} (known: "
                         "variant, attack, range_of_influence)")
    name = table.get("variant")
    if name is not None and setup.get("variant") is not None:
        raise SetupError("setup.multiplayer.variant and setup.variant: a game uses at most one "
                         "variant (CR 800.2)")
    if name is not None and name not in VARIANTS:
        raise SetupError(f"setup.multiplayer.variant: unknown variant {name!r} (known: "
                         f"{', '.join(VARIANTS)})")
    defaults = VARIANTS.get(str(name), {}) if name is not None else {}
    attack = table.get("attack", defaults.get("attack", "multiple"))
    if attack not in ATTACK_OPTIONS:
        raise SetupError(f"setup.multiplayer.attack: {attack!r} is not one of "
                         f"{', '.join(ATTACK_OPTIONS)} (CR 802, 803)")
    if name == "free-for-all" and attack == "one":
        raise SetupError("setup.multiplayer: a Free-for-All game uses attack multiple players, "
                         "left or right (CR 806.2b)")
    if name == "grand-melee" and attack != "left":
        raise SetupError("setup.multiplayer: Grand Melee uses the attack left option (CR 807.2b)")
    ranges = _ranges(state, table.get("range_of_influence",
                                      defaults.get("range_of_influence")))
    if ranges and name == "grand-melee" and set(ranges.values()) != {1}:
        raise SetupError("setup.multiplayer: in Grand Melee each player has a range of "
                         "influence of 1 (CR 807.2a)")
    if ranges and name == "free-for-all" and len(set(ranges.values())) > 1:
        raise SetupError("setup.multiplayer: in a Free-for-All game every player has the same "
                         "range of influence (CR 806.2a)")
    state.extra[OPTIONS_KEY] = {"variant": name, "attack": attack, "ranges": ranges}


def _ranges(state: GameState, value: Any) -> dict[str, int] | None:
    where = "setup.multiplayer.range_of_influence"
    if value is None:
        return None
    if isinstance(value, bool):
        raise SetupError(f"{where}: a number of seats or a table of them by player")
    if isinstance(value, int):
        table: dict[str, Any] = dict.fromkeys(state.turn_order, value)
    elif isinstance(value, Mapping):
        table = dict(value)
        missing = [p for p in state.turn_order if p not in table]
        unknown = [str(p) for p in table if p not in state.players]
        if unknown or missing:
            raise SetupError(f"{where}: give a range for each player and no one else "
                             f"(unknown: {', '.join(unknown) or 'none'}; missing: "
                             f"{', '.join(missing) or 'none'})")
    else:
        raise SetupError(f"{where}: a number of seats or a table of them by player")
    out: dict[str, int] = {}
    for player, seats in table.items():
        if isinstance(seats, bool) or not isinstance(seats, int) or seats < 1:
            raise SetupError(f"{where}.{player}: a range of influence is a whole number of "
                             "seats, at least 1 (CR 801.2a)")
        out[str(player)] = seats
    return out


@on_step("untap", cr="801.2c")
def _renew_seats(state: GameState) -> None:
    """801.2c: which players are within each player's range is fixed as each turn begins;
    players who have left the game no longer take up a seat from then on."""
    state.extra[_SEATS_KEY] = state.in_game()


def _options(state: GameState) -> Mapping[str, Any]:
    found: Mapping[str, Any] = state.extra.get(OPTIONS_KEY, {})
    return found


def variant(state: GameState) -> str | None:
    """The game's multiplayer variant (806, 807), if the setup chose one."""
    name = _options(state).get("variant")
    return str(name) if name is not None else None


def attack_option(state: GameState) -> str:
    """``"multiple"`` (802), ``"left"`` or ``"right"`` (803), or ``"one"`` (506.2a)."""
    return str(_options(state).get("attack", "multiple"))


def has_limited_range(state: GameState) -> bool:
    """Whether the limited range of influence option is used (801.1)."""
    return bool(_options(state).get("ranges"))


def range_of(state: GameState, player: str) -> int | None:
    """``player``'s range of influence in seats (801.2a), or None if it isn't limited."""
    ranges: Mapping[str, int] | None = _options(state).get("ranges")
    return None if not ranges else int(ranges[player])


def within_range(state: GameState, player: str, other: str) -> bool:
    """Whether ``other`` is within ``player``'s range of influence (801.2): within that many
    seats of them either way round the table, as the seats were when this turn began
    (801.2c); a player is always within their own range (801.2b), and a player who has left
    the game is within no one's."""
    if other == player:
        return True
    if other in state.extra.get("left", ()):
        return False
    reach = range_of(state, player)
    if reach is None:
        return True
    seats: list[str] = state.extra.get(_SEATS_KEY) or list(state.turn_order)
    if player not in seats or other not in seats:
        return False
    n = len(seats)
    gap = abs(seats.index(player) - seats.index(other))
    return min(gap, n - gap) <= reach


def object_within_range(state: GameState, player: str, obj: GameObject) -> bool:
    """Whether ``obj`` is within ``player``'s range of influence (801.2d): its controller is
    (for a card outside the battlefield and the stack, its owner), or, for a battle, its
    protector (``extra["protector"]``)."""
    if within_range(state, player, obj.controller):
        return True
    protector = obj.extra.get("protector")
    return protector is not None and within_range(state, player, str(protector))


def player_to_left(state: GameState, player: str) -> str:
    """The next player to ``player``'s left still in the game: the next in turn order."""
    return state.next_in_game(player)


def player_to_right(state: GameState, player: str) -> str:
    """The nearest player to ``player``'s right still in the game."""
    order = state.turn_order
    i = order.index(player)
    left = state.extra.get("left", ())
    for p in [*reversed(order[:i]), *reversed(order[i + 1:])]:
        if p not in left:
            return p
    return player


def attackable(state: GameState, player: str) -> list[str]:
    """The opponents ``player`` may attack, with their planeswalkers and the battles they
    protect: with attack left or right only the player seated next to them on that side, and
    only if that player is an opponent (803.1a-b); with a limited range of influence only
    opponents within it (801.3). In turn order."""
    opponents = state.opponents(player)
    option = attack_option(state)
    if option in ("left", "right"):
        nearest = (player_to_left if option == "left" else player_to_right)(state, player)
        opponents = [nearest] if nearest in opponents else []
    candidates = [p for p in opponents if within_range(state, player, p)]
    if option == "one" and player == state.active_player and len(candidates) > 1:
        chosen = choose_defending_player(state)
        return [chosen] if chosen in candidates else []
    return candidates


def choose_defending_player(state: GameState) -> str | None:
    """506.2a: under the ``"one"`` attack option the active player chooses one opponent as
    the defending player of this turn's combat, once, at the beginning of combat (choice
    ``defending_player``); None if they have no opponent to choose."""
    kept = state.extra.get(_CHOSEN_KEY)
    if kept is not None and kept["turn"] == state.turn:
        # Chosen for this combat (each beginning of combat step chooses anew).
        return str(kept["player"]) if kept["player"] is not None else None
    player = state.active_player
    options = [p for p in state.opponents(player) if within_range(state, player, p)]
    chosen = str(choose(state, "defending_player", options)) if options else None
    state.extra[_CHOSEN_KEY] = {"turn": state.turn, "player": chosen}
    if chosen is not None:
        state.log("defending-player-chosen", player=player, defending=chosen)
    return chosen


@on_step("beginning-of-combat", cr="506.2a")
def _choose_defender(state: GameState) -> None:
    """506.2a: the turn-based action of the beginning of combat step under the ``"one"``
    attack option (a game of three or more players)."""
    if attack_option(state) == "one" and len(state.in_game()) > 2:
        state.extra.pop(_CHOSEN_KEY, None)
        choose_defending_player(state)


@ref_limit(cr="801.10")
def _effects_within_range(ctx: ResolveContext, refs: list[dict[str, Any]]
                          ) -> list[dict[str, Any]]:
    """801.10: with the limited range of influence option, a spell or ability can't affect
    players, or objects controlled by players (801.2d), outside its controller's range; those
    parts of its effects do nothing, the rest works normally."""
    if not has_limited_range(ctx.state):
        return refs
    kept = []
    for ref in refs:
        if "player" in ref:
            if not within_range(ctx.state, ctx.controller, str(ref["player"])):
                continue
        else:
            obj = ctx.state.objects.get(int(ref.get("object", -1)))
            if obj is not None and not object_within_range(ctx.state, ctx.controller, obj):
                continue
        kept.append(ref)
    return kept
