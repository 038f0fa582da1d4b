"""Starting the game (CR 103.5, Sixth Edition 101.5): how many cards a player keeps after any
number of mulligans, in both eras, in two- and (current rules) three-player games. Real cards:
the decks are basic lands, each card with its own handle so the case answers every shuffle."""

from __future__ import annotations

from typing import Any

from ..family import Draft, family, obj, observe
from ..source import Source

_DECK = 12
_HAND = 7


def _params(src: Source) -> dict[str, Any]:
    return {"mulligans": src.integer(0, 5), "seats": 2,
            "land": src.choice(["Plains", "Island", "Swamp", "Mountain", "Forest"])}


def _params_multiplayer(src: Source) -> dict[str, Any]:
    return {**_params(src), "seats": 3}


def _deck(player: str, land: str) -> list[dict[str, Any]]:
    return [obj(f"{player[0]}{i:02d}", land, "library", player) for i in range(_DECK)]


def _build(p: dict[str, Any], era: str) -> Draft:
    """Alice plays first and takes N mulligans, the others keep. The oracle: under the London
    mulligan (103.5) each mulligan draws seven again and puts one card per mulligan taken on
    the bottom, the first free in a game of three or more players (103.5c); under the Sixth
    Edition one (101.5) each new hand is one card smaller. Each shuffle is answered with the
    deck in handle order, so the cards drawn are the first ones and those put on the bottom
    the first of them. The first turn then begins with Alice's upkeep (103.8)."""
    players = ["alice", "bob", "carol"][:p["seats"] if era == "modern" else 2]
    london = era == "modern"
    free = 1 if london and len(players) > 2 else 0
    deck = sorted(f"a{i:02d}" for i in range(_DECK))
    objects = [o for pl in players for o in _deck(pl, p["land"])]
    steps: list[dict[str, Any]] = [{"action": {"type": "choose_starting_player",
                                               "player": "alice", "first": "alice"}}]
    for taken in range(1, p["mulligans"] + 1):
        answers: dict[str, Any] = {"shuffle": {"alice": deck}}
        if london and taken - free > 0:
            answers["bottom"] = {"alice": deck[:taken - free]}
        if not london:
            steps.append({"action": {"type": "mulligan", "player": "alice",
                                     "choices": answers}})
        elif taken == 1:
            steps.append({"action": {"type": "mulligan", "player": "alice"}})
            for other in players[1:-1]:
                steps.append({"action": {"type": "keep", "player": other}})
            steps.append({"action": {"type": "keep", "player": players[-1],
                                     "choices": answers}})
        else:
            steps.append({"action": {"type": "mulligan", "player": "alice",
                                     "choices": answers}})
        steps.append(observe("mulligans", taken, player="alice"))
    steps.append({"action": {"type": "keep", "player": "alice"}})
    if not london or p["mulligans"] == 0:
        steps += [{"action": {"type": "keep", "player": other}} for other in players[1:]]
    n = p["mulligans"]
    kept = _HAND - max(n - free, 0) if london else _HAND - n
    steps.append(observe("count", kept, zone="hand", player="alice", filter={}))
    steps.append(observe("count", _DECK - kept, zone="library", player="alice", filter={}))
    steps += [observe("count", _HAND, zone="hand", player=other, filter={})
              for other in players[1:]]
    steps.append(observe("active_player", "alice"))
    steps.append(observe("step", "upkeep"))
    setup: dict[str, Any] = {"pregame": {"chooser": "alice"}, "objects": objects}
    if len(players) != 2:
        setup["players"] = players
    return Draft(setup=setup, steps=steps)


@family(name="mulligan-hand-size-london",
        title="After N mulligans a player keeps seven minus N cards",
        area="mana", rulings=("PREGAME-M01", "PREGAME-G01"), rules=("103.5", "103.8"),
        eras=("modern",), features=("pregame", "turn-structure"), params=_params, dynamic=False)
def _london(p: dict[str, Any], era: str) -> Draft:
    """The London mulligan in a two-player game (103.5); the oracle is in :func:`_build`."""
    return _build(p, era)


@family(name="mulligan-hand-size-multiplayer",
        title="In a three-player game the first mulligan puts no card on the bottom",
        area="mana", rulings=("PREGAME-M01", "PREGAME-G01"), rules=("103.5", "103.5c", "103.8"),
        eras=("modern",), features=("pregame", "turn-structure", "multiplayer"),
        params=_params_multiplayer, dynamic=False)
def _multiplayer(p: dict[str, Any], era: str) -> Draft:
    """The London mulligan in a three-player game, the first one free (103.5c); the oracle is
    in :func:`_build`."""
    return _build(p, era)


@family(name="mulligan-hand-size-paris",
        title="Under the 2000 rules each mulligan draws a hand one card smaller",
        area="mana", rulings=("PREGAME-P01", "PREGAME-G01"), rules=("103.5", "103.8"),
        eras=("invasion-2000",), features=("pregame", "turn-structure"), params=_params,
        dynamic=False)
def _paris(p: dict[str, Any], era: str) -> Draft:
    """The Sixth Edition mulligan (period rule 101.5); the oracle is in :func:`_build`."""
    return _build(p, era)
