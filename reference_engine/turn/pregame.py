"""Starting the game (CR 103): who takes the first turn, opening hands and mulligans.

A case whose setup has a ``pregame`` table starts before the first turn. Its objects are the
players' decks, each listed in the order a shuffle left it (top first, 103.3); no player has
priority. The actions:

* ``choose_starting_player {player, first}``: the player the setup names as ``chooser``
  chooses who takes the first turn (103.1). Then each player's life total is the starting
  life total (103.4) and each draws a hand of seven cards (103.5).
* ``mulligan {player}`` / ``keep {player}``: the mulligan declarations, the starting player
  first, then each other player in turn order (103.5). In the current rules (era switch
  ``mulligan = "london"``) once every player still deciding has declared, those who chose to
  take a mulligan take it together: each shuffles their hand into their library (choice
  ``shuffle``: the new library order, top first, as a list or as a table by player), draws
  seven cards and puts as many of them as the mulligans they have taken on the bottom of
  their library (choice ``bottom``: the cards, top first, as a list or a table by player;
  in a multiplayer game the first mulligan is free, 103.5c); the round repeats among them.
  Under the Sixth Edition rules (``mulligan = "paris"``, period rule 101.5) the starting
  player takes mulligans one at a time until keeping, each drawing a hand one card smaller,
  then the next player does the same. No mulligan is taken once a hand would be empty.
* Once every player has kept, the cards of the opening hands that allow it may begin the game
  on the battlefield, the starting player's first (103.6a; choice ``begin_on_battlefield``,
  answered on the last ``keep``).
* Then the starting player's first turn begins (103.8): turn 1, its
  untap step, then its upkeep with that player holding priority (a two-player game's starting
  player skips the first draw step, 103.8a).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.choices import choose, offer_choices, withdraw_choices
from reference_engine.core.errors import RulesViolation, SetupError
from reference_engine.core.randomness import random_order
from reference_engine.core.registry import (
    PREGAME_ACTIONS,
    PREGAME_KEY,
    action,
    query,
    setup_hook,
)
from reference_engine.core.state import primary_player, shares_turns, team_of
from reference_engine.resolution.drawing import draw_cards
from reference_engine.sba.teams import emperor_of
from reference_engine.turn.priority import advance_step

if TYPE_CHECKING:
    from reference_engine.core.handlers import GameView
    from reference_engine.core.state import GameState

__all__ = ["STARTING_HAND_SIZE", "in_pregame"]

#: The normal starting hand size (CR 103.5).
STARTING_HAND_SIZE = 7

#: Setup keys that describe a game already under way, which a pregame setup can't have.
_UNDER_WAY = ("turn", "step", "active", "priority", "mana_pool", "life", "effects",
              "permissions")


def in_pregame(state: GameState) -> bool:
    """Whether the game has not begun yet (CR 103)."""
    return PREGAME_KEY in state.extra


def _pregame(state: GameState) -> dict[str, Any]:
    if not in_pregame(state):
        raise RulesViolation("illegal-action", "the game has already begun (CR 103.8)")
    data: dict[str, Any] = state.extra[PREGAME_KEY]
    return data


@setup_hook(stage="pregame")
def _setup_pregame(state: GameState, setup: Mapping[str, Any]) -> None:
    """A setup with ``pregame = {chooser = player}`` starts before the first turn (CR 103):
    the listed objects are the decks, already shuffled (103.3), so every one is in a library."""
    spec = setup.get("pregame")
    if spec is None:
        return
    if not isinstance(spec, Mapping):
        raise SetupError("setup.pregame must be a table such as { chooser = \"alice\" }")
    for key in _UNDER_WAY:
        if key in setup:
            raise SetupError(f"setup.{key}: a pregame setup starts before the game begins, "
                             "so it can't say " + key)
    for i, entry in enumerate(setup.get("objects", [])):
        if str(entry.get("zone", "battlefield")) != "library":
            raise SetupError(f"setup.objects[{i}]: before the game begins every card is in "
                             "its owner's deck (zone = \"library\", CR 103.3)")
    chooser = spec.get("chooser", state.turn_order[0])
    if chooser not in state.players:
        raise SetupError(f"setup.pregame.chooser: unknown player {chooser!r}")
    state.turn = 0
    state.priority_player = None
    for player in state.players.values():
        player.last_turn_began = 0
    state.extra[PREGAME_KEY] = {
        "chooser": str(chooser),
        "first": None,
        "deciding": [],      # players still to declare in this round, next first
        "mulligans": {p: 0 for p in state.players},   # mulligans taken (103.5)
        "hand_size": {p: STARTING_HAND_SIZE for p in state.players},  # Paris: next hand
        "round": {},         # this round's declarations (London)
        "kept": [],
    }


def _in_turn_order_from(state: GameState, first: str) -> list[str]:
    order = state.turn_order
    start = order.index(first)
    return order[start:] + order[:start]


def _deciding_order(state: GameState, first: str) -> list[str]:
    """The order of the mulligan declarations: the starting player, then each other player in
    turn order (103.5); with shared team turns the starting team's players, then each other
    team's in turn order (805.3a, 103.5d)."""
    order = _in_turn_order_from(state, first)
    if not shares_turns(state):
        return order
    grouped: list[str] = []
    for player in order:
        grouped += [p for p in team_of(state, player) if p not in grouped]
    return grouped


def _expect_decider(state: GameState, data: Mapping[str, Any], player: str) -> None:
    if data["first"] is None:
        raise RulesViolation("illegal-action", "the starting player has not been chosen yet "
                             "(CR 103.1)")
    if not data["deciding"]:
        raise RulesViolation("illegal-action", "no mulligan decision is pending")
    if player not in _may_declare_now(state, data):
        raise RulesViolation("illegal-action", f"{data['deciding'][0]} declares next: the "
                             "starting player first, then each other player in turn order "
                             "(CR 103.5; 805.3a: with shared team turns, team by team)")


def _may_declare_now(state: GameState, data: Mapping[str, Any]) -> list[str]:
    """Who may declare the next mulligan decision: the next player in the order (103.5);
    with shared team turns any player of the next team still to decide, in whatever order the
    team likes (805.3a, 103.5d)."""
    deciding: list[str] = data["deciding"]
    if not shares_turns(state):
        return deciding[:1]
    team = team_of(state, deciding[0])
    return [p for p in deciding if p in team]


def _for_player(answer: Any, player: str, name: str) -> Any:
    """A choice answered as a list (one player) or as a table by player."""
    if isinstance(answer, Mapping):
        if player not in answer:
            raise SetupError(f"the case must answer choice {name!r} for {player}")
        return answer[player]
    return answer


def _shuffle_hand_into_library(state: GameState, player: str) -> None:
    """CR 103.5 (701.24a): the hand goes into the library, which is then shuffled; the order
    is the case's answer to choice ``shuffle`` (for this player), else a seeded one."""
    for oid in list(state.zone_list("hand", player)):
        state.move(state.objects[oid], "library")
    library = [state.objects[o] for o in state.zone_list("library", player)]
    names = [o.handle or f"#{o.id}" for o in library]
    answer = choose(state, "shuffle", None, default=None, has_default=True)
    if answer is not None:
        order = [str(a) for a in _for_player(answer, player, "shuffle")]
        if sorted(order) != sorted(names):
            raise RulesViolation("illegal-choice", f"choice 'shuffle' for {player}: {order!r} "
                                 f"must list each of {names!r} once")
    else:
        order = random_order(state, f"shuffle_{player}", names)
    by_name = dict(zip(names, library, strict=True))
    state.zone_list("library", player)[:] = [by_name[n].id for n in order]
    state.log("shuffled", player=player)
    state.changed()


def _put_on_bottom(state: GameState, player: str, count: int) -> None:
    """London mulligan (CR 103.5): ``count`` cards of the new hand go on the bottom of the
    library in the order the player chooses (choice ``bottom``, top first)."""
    if count <= 0:
        return
    hand = {(state.objects[o].handle or f"#{o}"): state.objects[o]
            for o in state.zone_list("hand", player)}
    answer = choose(state, "bottom", None, default=None, has_default=False)
    picked = [str(a) for a in _for_player(answer, player, "bottom")] if isinstance(
        answer, (list, Mapping)) else [str(answer)]
    if len(picked) != count or len(set(picked)) != count or not set(picked) <= set(hand):
        raise RulesViolation("illegal-choice", f"choice 'bottom' for {player}: {picked!r} must "
                             f"be {count} different card(s) of the hand {sorted(hand)!r} "
                             "(CR 103.5)")
    for name in picked:
        state.move(hand[name], "library")  # each goes below the ones before it
    state.log("mulligan-bottom", player=player, count=count)


def _take_mulligan(state: GameState, data: dict[str, Any], player: str) -> None:
    """One mulligan (CR 103.5): shuffle the hand into the library and draw a new hand."""
    data["mulligans"][player] += 1
    taken = data["mulligans"][player]
    _shuffle_hand_into_library(state, player)
    state.log("mulligan", player=player, taken=taken)
    if state.era.is_("mulligan", "paris"):
        # Sixth Edition 101.5: each new hand is one card smaller than the one before.
        data["hand_size"][player] -= 1
        draw_cards(state, player, data["hand_size"][player])
        return
    draw_cards(state, player, STARTING_HAND_SIZE)
    # 103.5c: in a multiplayer game the first mulligan is free.
    free = 1 if len(state.players) > 2 else 0
    _put_on_bottom(state, player, max(taken - free, 0))


def _may_mulligan(state: GameState, data: Mapping[str, Any], player: str) -> bool:
    """A player can take mulligans until their opening hand would be zero cards (103.5)."""
    if state.era.is_("mulligan", "paris"):
        return int(data["hand_size"][player]) > 0
    free = 1 if len(state.players) > 2 else 0
    return int(data["mulligans"][player]) - free < STARTING_HAND_SIZE


def _opening_hand_actions(state: GameState, first: str) -> None:
    """CR 103.6, 103.6a: once the mulligans are over, the starting player and then each other
    player in turn order may put the cards of their opening hand that allow it onto the
    battlefield (static rule ``begin_on_battlefield``, the Leylines): choice
    ``begin_on_battlefield``, the handles (a list, or a table by player); none if unanswered."""
    from reference_engine.layers.system import characteristics_of
    from reference_engine.objects.entering import enter_battlefield

    answer = choose(state, "begin_on_battlefield", None, default=None, has_default=True)
    for player in _in_turn_order_from(state, first):
        able = {(o.handle or f"#{o.id}"): o for o in state.objects_in("hand", player)
                if any(a.get("rule") == "begin_on_battlefield"
                       for a in characteristics_of(state, o.id).abilities)}
        if answer is None or (isinstance(answer, Mapping) and player not in answer):
            continue
        picked = _for_player(answer, player, "begin_on_battlefield")
        picked = [str(h) for h in (picked if isinstance(picked, list) else [picked])]
        if not set(picked) <= set(able) or len(set(picked)) != len(picked):
            raise RulesViolation("illegal-choice", f"choice 'begin_on_battlefield' for "
                                 f"{player}: {picked!r} must be cards of the opening hand "
                                 f"that allow it, of {sorted(able)!r} (CR 103.6a)")
        for handle in picked:
            enter_battlefield(state, able[handle], controller=player)
            state.log("begins-on-battlefield", player=player, card=able[handle].card.name)


def _begin_game(state: GameState, data: Mapping[str, Any]) -> None:
    """CR 103.8: the starting player takes the first turn: turn 1 begins with its untap step
    and its upkeep, where that player receives priority (the draw step of a two-player game's
    first turn is skipped, 103.8a). Before it, the opening hands' actions (103.6)."""
    # 103.1a, 805.3: with shared team turns the starting player's team is the starting team;
    # its turn begins with its primary player as the active player.
    first = primary_player(state, str(data["first"]))
    _opening_hand_actions(state, first)
    del state.extra[PREGAME_KEY]
    state.extra["mulligans_taken"] = dict(data["mulligans"])
    order = state.turn_order
    # The turn before the first: advancing from its cleanup step begins turn 1 of ``first``.
    state.active_player = order[(order.index(first) - 1) % len(order)]
    state.turn = 0
    state.step = "cleanup"
    state.log("game-begins", starting_player=first)
    advance_step(state)


@action("choose_starting_player", params={
    "player": "str!: the player choosing (the setup's pregame.chooser)",
    "first": "str!: the player who takes the first turn"},
    cr=("103.1", "103.4", "103.5"),
    example='{type = "choose_starting_player", player = "alice", first = "bob"}')
def _choose_starting_player(game: GameView, a: Mapping[str, Any]) -> None:
    """Before the game (setup ``pregame``), the chooser picks who takes the first turn
    (CR 103.1; in an Emperor game one of the emperors, 809.4); then every player has the
    starting life total (103.4) and draws an opening hand of seven cards (103.5), and the
    mulligan declarations begin with the starting player. Rejected (``illegal-action``)
    from anyone else or once chosen; a general named to go first is ``illegal-choice``."""
    state = game.state
    data = _pregame(state)
    player = game.player(a.get("player"))
    if data["first"] is not None:
        raise RulesViolation("illegal-action", "the starting player has already been chosen")
    if player != data["chooser"]:
        raise RulesViolation("illegal-action", f"{data['chooser']} chooses who takes the "
                             "first turn (CR 103.1)")
    first = a.get("first")
    if first not in state.players:
        raise RulesViolation("illegal-choice", f"{first!r} is not a player of this game")
    if emperor_of(state, str(first)) not in (None, first):
        raise RulesViolation("illegal-choice", f"{first} is a general: in an Emperor game one "
                             "of the emperors goes first (CR 809.4)")
    data["first"] = str(first)
    state.log("starting-player", player=str(first), chosen_by=player)
    for each in state.players.values():
        each.life = each.starting_life  # 103.4
    for name in _in_turn_order_from(state, str(first)):
        draw_cards(state, name, STARTING_HAND_SIZE)  # 103.5
    data["deciding"] = _deciding_order(state, str(first))


def _declare(game: GameView, a: Mapping[str, Any], mulligan: bool) -> None:
    state = game.state
    data = _pregame(state)
    player = game.player(a.get("player"))
    _expect_decider(state, data, player)
    if mulligan and not _may_mulligan(state, data, player):
        raise RulesViolation("illegal-action", f"{player}'s hand would have no cards: no "
                             "further mulligan (CR 103.5)")
    offer_choices(state, a.get("choices"))
    try:
        if state.era.is_("mulligan", "paris"):
            # Sixth Edition 101.5: one player at a time; a mulligan is taken at once and the
            # same player decides again, a keep passes the decision to the next player.
            if mulligan:
                _take_mulligan(state, data, player)
            else:
                data["deciding"].pop(0)
                data["kept"].append(player)
        else:
            data["deciding"].remove(player)
            data["round"][player] = mulligan
            if not mulligan:
                data["kept"].append(player)
            if not data["deciding"]:
                # 103.5: every player still deciding has declared: the mulligans are taken
                # at the same time, then the round repeats among those who took one.
                takers = [p for p in _deciding_order(state, str(data["first"]))
                          if data["round"].get(p)]
                for p in takers:
                    _take_mulligan(state, data, p)
                data["round"] = {}
                data["deciding"] = takers
        if not data["deciding"]:
            _begin_game(state, data)
    finally:
        withdraw_choices(state)


@action("mulligan", params={"player": "str!: the player declaring", "choices": "any: "
                            "answers (shuffle, bottom) for the mulligans this declaration "
                            "leads to"},
        cr=("103.5", "103.5c"),
        example='{type = "mulligan", player = "alice", choices = {shuffle = [...], '
                'bottom = ["c3"]}}')
def _mulligan(game: GameView, a: Mapping[str, Any]) -> None:
    """Declare a mulligan (CR 103.5) in turn, the starting player first. Current rules: the
    mulligans are taken together once every player still deciding has declared (shuffle the
    hand into the library, draw seven, put one card on the bottom per mulligan taken, the
    first one free in a multiplayer game, 103.5c); Sixth Edition rules (101.5): taken at once,
    the new hand one card smaller. Rejected (``illegal-action``) out of turn or when the hand
    would have no cards."""
    _declare(game, a, True)


@action("keep", params={"player": "str!: the player declaring", "choices": "any: answers "
                        "(shuffle, bottom) for the other players' mulligans this "
                        "declaration leads to"},
        cr=("103.5", "103.8"),
        example='{type = "keep", player = "bob"}')
def _keep(game: GameView, a: Mapping[str, Any]) -> None:
    """Keep the hand (CR 103.5): it becomes the opening hand and the player takes no further
    mulligans. When every player has kept, the starting player's first turn begins (103.8)."""
    _declare(game, a, False)


PREGAME_ACTIONS.update({"choose_starting_player", "mulligan", "keep"})


@query("pregame")
def _pregame_query(game: GameView, q: Mapping[str, Any]) -> Any:
    """Before the game begins (CR 103): ``{decision, player}``, the decision awaited
    (``"starting-player"`` from the chooser, 103.1, or ``"mulligan"``, 103.5) and who makes
    it; null once the first turn has begun (103.8)."""
    state = game.state
    if not in_pregame(state):
        return None
    data = state.extra[PREGAME_KEY]
    if data["first"] is None:
        return {"decision": "starting-player", "player": data["chooser"]}
    return {"decision": "mulligan", "player": data["deciding"][0]}


@query("mulligans")
def _mulligans(game: GameView, q: Mapping[str, Any]) -> int:
    """How many mulligans ``player`` has taken this game (CR 103.5)."""
    state = game.state
    player = game.player(q.get("player"))
    taken = state.extra.get("mulligans_taken", {})
    if in_pregame(state):
        taken = state.extra[PREGAME_KEY]["mulligans"]
    return int(taken.get(player, 0))
