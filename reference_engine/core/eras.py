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
    # CR 709.4: "two-sets" = a split card has both halves' characteristics everywhere but the stack
    # and answers a value question with both answers (Invasion FAQ); "combined" = one set of
    # characteristics combining both halves (Amonkhet, 2017 onward).
    "split_characteristics": ("two-sets", "combined"),
    # CR 709.4a / 201.4b: naming a split card needs all its names, or exactly one of them.
    "split_naming": ("all-names", "one-name"),
    # CR 305.7: a land that becomes a basic land type either becomes a basic land keeping its
    # text ("becomes-basic") or loses its old land types and rules-text abilities ("cr-305.7").
    "land_type_change": ("becomes-basic", "cr-305.7"),
    # CR 510.2 and its history: under the Sixth Edition rules (1999 until Magic 2010, July 2009)
    # the combat damage step's turn-based action assigned combat damage and put it on the stack
    # as one object; players got priority before it resolved, so a creature that left play
    # still dealt the damage it had assigned and a change of power after assignment changed
    # nothing ("on-stack", see reference_engine/combat/damage_on_stack.py). Since Magic 2010,
    # combat damage is dealt as the step begins, without using the stack ("immediate", 510.2).
    # Source for the old rule: Wizards judge article "The Combat Phase" (July 2001), public
    # archive maxmakesmagic/ormos.
    "combat_damage": ("on-stack", "immediate"),
    # CR 106.4 / 500.4 and their history: under the Sixth Edition rules unused mana was lost only
    # when a phase ended, and its player lost 1 life per mana (mana burn, old rule 300.3);
    # since Magic 2010 pools empty at the end of each step and phase without mana burn
    # (reference_engine/turn/pool_emptying.py).
    "mana_pool": ("phase-with-burn", "step"),
    # CR 704.5j / 205.4d, the legend rule: "oldest-stays" = Sixth Edition rule 420.5e (in force in
    # 2000): of legendary permanents with the same name, whoever controls them, all but the one in
    # play longest go to the graveyard; "controller-chooses" = since Magic 2014, a player who
    # controls two or more with the same name keeps one of their choice.
    "legend_rule": ("oldest-stays", "controller-chooses"),
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
