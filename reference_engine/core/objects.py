"""Game objects (CR 109): cards, tokens, spells and copies, with their status (CR 110.5).

An object's *characteristics* are not stored here: they are computed from its card data, its
status and the continuous effects that apply (see :mod:`reference_engine.layers.system`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from reference_engine.core.cards import EMBLEM_LAYOUT, CardDef

__all__ = ["PER_PLAYER_ZONES", "PUBLIC_ZONES", "SHARED_ZONES", "SKIP_UNTAP", "ZONES",
           "GameObject"]

#: The key of ``GameObject.extra`` marking a permanent that doesn't untap during its
#: controller's next untap step (exerted, CR 701.43a); the untap step clears it.
SKIP_UNTAP = "skip_next_untap"

#: Zones (CR 400.1). Libraries, hands and graveyards belong to a player; the others are shared.
PER_PLAYER_ZONES = ("library", "hand", "graveyard")
SHARED_ZONES = ("battlefield", "stack", "exile", "command")
ZONES = PER_PLAYER_ZONES + SHARED_ZONES
#: Public zones (CR 400.2).
PUBLIC_ZONES = ("graveyard", "battlefield", "stack", "exile", "command")


@dataclass
class GameObject:
    """One object in one zone. A zone change makes a new object (CR 400.7) with a new id."""

    id: int
    card: CardDef
    owner: str
    controller: str
    zone: str
    timestamp: int
    handle: str | None = None
    is_token: bool = False
    #: A copy of a spell or card not represented by a card (CR 707.10, 707.12).
    is_copy: bool = False
    tapped: bool = False
    #: Back face up, for a transforming double-faced permanent or spell (CR 712.8).
    transformed: bool = False
    #: Index of the half cast, for a split card on the stack (CR 709.3).
    cast_half: int | None = None
    #: Times the kicker cost was paid (CR 702.33d); 0 = not kicked.
    kicked: int = 0
    #: Value chosen for X while a spell (CR 107.3); None when no X was chosen.
    x: int | None = None
    counters: dict[str, int] = field(default_factory=dict)
    damage: int = 0
    #: Turn number from which its controller has controlled it continuously (CR 302.6).
    controlled_since: int = 0
    attached_to: int | None = None
    #: Choices made for linked abilities and "as enters" effects (CR 607.2, 614.12).
    choices: dict[str, Any] = field(default_factory=dict)
    #: Targets chosen for a spell or ability on the stack (CR 601.2c), in target-slot order.
    targets: list[Any] = field(default_factory=list)
    #: For an ability on the stack (CR 113.1b, 405.1): the ability's data; None for cards,
    #: tokens and spells. Such an object ceases to exist when it leaves the stack.
    ability: dict[str, Any] | None = None
    #: For an ability on the stack: the id of its source (CR 113.7).
    source_id: int | None = None
    #: Extra per-object facts an area module needs (documented where it is used).
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def is_emblem(self) -> bool:
        """An emblem (CR 114.1): a marker in the command zone, neither card nor permanent."""
        return self.card.layout == EMBLEM_LAYOUT

    @property
    def ability_zones(self) -> tuple[str, ...]:
        """Where the object's abilities function unless an ability names its zones (CR 113.6):
        the battlefield, or the command zone for an emblem (113.6p, 114.4)."""
        return ("command",) if self.is_emblem else ("battlefield",)

    @property
    def name_for_log(self) -> str:
        """A short label for traces: the handle if the case named it, else card name and id."""
        return self.handle or f"{self.card.name}#{self.id}"
