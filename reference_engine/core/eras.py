"""Rules eras as data: switches where old and modern rulings differ.

The engine implements every era through these switches, never through forks. The suite reads the
eras from ``spec/eras.toml``; :data:`SWITCHES` is the engine's side of that contract, naming every
switch it understands and the values each may take.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from reference_engine.core.errors import SetupError

__all__ = ["SWITCHES", "Era", "era_from_mapping"]

SWITCHES: dict[str, tuple[str, ...]] = {
    # Each switch's first value is the Invasion era's (the Sixth Edition Comprehensive Rules of
    # 1999-04-23, the rules of the October 2000 Invasion FAQ), the second the current rules'.
    # spec/eras.toml [[switch]] cites both editions' rule numbers for each one; docs/eras.md
    # gives both rules in words and an example case.
    #
    # CR 709.4 (period: Invasion FAQ, split cards; the 1999 CR has no split-card rule, as split
    # cards came after its last update): "two-sets" = a split card has both halves'
    # characteristics everywhere but the stack and answers a value question with both answers;
    # "combined" = one set of characteristics combining both halves (Amonkhet, 2017 onward).
    "split_characteristics": ("two-sets", "combined"),
    # CR 709.4a / 201.4b: naming a split card needs all its names, or exactly one of them.
    "split_naming": ("all-names", "one-name"),
    # CR 305.7 (period 214.9f): a land an effect makes a basic land type loses its old land
    # types and its rules-text abilities in both; "becomes-basic" = it is also a basic land with
    # that basic land's name and no longer legendary; "cr-305.7" = supertypes and name stay.
    "land_type_change": ("becomes-basic", "cr-305.7"),
    # CR 510.2 (period 310.2-310.4): under the Sixth Edition rules (1999 until Magic 2010) the
    # combat damage step put the assigned combat damage on the stack as one object ("on-stack",
    # reference_engine/combat/damage_on_stack.py); since Magic 2010 it is dealt at once.
    "combat_damage": ("on-stack", "immediate"),
    # CR 106.4 / 500.4 (period 300.4): pools emptied only as a phase ended, with mana burn
    # ("phase-with-burn", reference_engine/turn/pool_emptying.py); since Magic 2010 they empty
    # after each step and phase without mana burn.
    "mana_pool": ("phase-with-burn", "step"),
    # CR 704.5j (period 420.5e), the legend rule: "oldest-stays" = of the legendary permanents
    # with one name, whoever controls them, only the one that has been a Legend with that name
    # the longest stays, and on a tie (arrived together, made Legends at once) none stays;
    # "controller-chooses" = since Magic 2014 a player who controls two or more with one name
    # keeps one of their choice.
    "legend_rule": ("oldest-stays", "controller-chooses"),
    # CR 205.4d / 205.3m (period 215.2): "legend-creature-type" = a legendary creature is a
    # creature with the creature type Legend (a "Dragon Legend"); a type-changing effect can take
    # that type away, and with it the legend rule; "supertype" = legendary is a supertype, kept
    # when creature types change (since Champions of Kamigawa, 2004).
    "legendary_creatures": ("legend-creature-type", "supertype"),
    # CR 111.4 (period 216.1): a token created without a name is named after its creature types
    # ("creature-types": a Minion is named "Minion") or after its subtypes plus the word "Token"
    # ("subtypes-plus-token", the current rule).
    "token_naming": ("creature-types", "subtypes-plus-token"),
    # CR 704.5q / 122.3 (period 420.1, 420.5): "coexist" = the Sixth Edition list of
    # state-based effects (420.5a-j, the only conditions they apply to, 420.1) has no rule for
    # +1/+1 and -1/-1 counters, so both kinds stay on a permanent; "annihilate" = N of each
    # are removed as a state-based action (a later rule: 120.2 in the CR of 2009-07-08).
    "counter_annihilation": ("coexist", "annihilate"),
    # CR 103.5 (period 101.5), mulligans: "paris" = one player at a time, the starting player
    # first, shuffles the hand into the library and draws a new hand one card smaller, as
    # often as they like, before the next player may; "london" = every player declares in turn
    # order, those who take a mulligan draw seven again and put one card on the bottom of
    # their library for each mulligan taken (the first free in a multiplayer game, 103.5c).
    "mulligan": ("paris", "london"),
    # The world rule is not a switch: Sixth Edition 420.5i and CR 704.5k both keep the one that
    # has been a world permanent (an enchant world) for the shortest time (docs/eras.md).
}


@dataclass(frozen=True)
class Era:
    """A rules edition: an id, a date and the value of every switch."""

    id: str
    date: str = ""
    name: str = ""
    switches: Mapping[str, str] = field(default_factory=dict)

    def switch(self, name: str) -> str:
        """The value of switch ``name`` in this era."""
        try:
            return self.switches[name]
        except KeyError:
            raise SetupError(f"era {self.id!r} does not set switch {name!r}") from None

    def is_(self, name: str, value: str) -> bool:
        """True if switch ``name`` has ``value`` in this era."""
        return self.switch(name) == value


def era_from_mapping(data: Mapping[str, Any]) -> Era:
    """Build an :class:`Era` from its ``spec/eras.toml`` table, checking every switch."""
    era_id = str(data.get("id", ""))
    switches = dict(data.get("switches", {}))
    for name, allowed in SWITCHES.items():
        if name not in switches:
            raise SetupError(f"era {era_id!r}: switch {name!r} is not set")
        if switches[name] not in allowed:
            raise SetupError(
                f"era {era_id!r}: switch {name!r} is {switches[name]!r}; expected one of {allowed}"
            )
    unknown = sorted(set(switches) - set(SWITCHES))
    if unknown:
        raise SetupError(f"era {era_id!r}: unknown switch(es) {', '.join(unknown)}")
    return Era(id=era_id, date=str(data.get("date", "")), name=str(data.get("name", "")),
               switches=switches)
