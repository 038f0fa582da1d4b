"""State-based actions (CR 704): checked whenever a player would receive priority.

Each check is a function registered with :func:`state_based_action`; it performs its actions and
returns True if it did anything. :func:`check_state_based_actions` repeats all checks until none
applies (CR 704.3).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from reference_engine.core.ordering import in_cr_order
from reference_engine.layers.system import compute_all
from reference_engine.sba.departure import process_departures

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["DESTRUCTION_REPLACEMENTS", "NO_REGENERATION", "SBA_CHECKS", "check_state_based_actions",
           "replaces_destruction", "state_based_action"]

Check = Callable[["GameState"], bool]
SBA_CHECKS: list[Check] = []
#: Replacement effects on a permanent being destroyed, whatever destroys it (an effect, 701.8,
#: or lethal or deathtouch damage, 704.5g-h): ``fn(state, permanent) -> bool``, True when the
#: destruction was replaced (regeneration, 701.19). Registered with ``in_cr_order``.
DESTRUCTION_REPLACEMENTS: list[Callable[[GameState, GameObject], bool]] = []
#: ``GameObject.extra`` key: the turn in which the permanent can't be regenerated (701.19c),
#: or True for the one destruction under way ("Destroy it. It can't be regenerated.").
NO_REGENERATION = "cant_be_regenerated"


def replaces_destruction(state: GameState, obj: GameObject) -> bool:
    """Whether a replacement effect replaced the destruction of ``obj`` (and did what it does
    instead): the first of :data:`DESTRUCTION_REPLACEMENTS` that applies."""
    return any(replace(state, obj) for replace in DESTRUCTION_REPLACEMENTS)


def state_based_action(*, cr: str) -> Callable[[Check], Check]:
    """Register the check of state-based action ``cr`` (704.5a, ...); the checks run in CR
    order, as one simultaneous event (704.3)."""
    return in_cr_order(SBA_CHECKS, cr=cr)


@state_based_action(cr="704.5a")
def _zero_life(state: GameState) -> bool:
    """Check 704.5a: a player with 0 or less life loses the game."""
    lost = state.extra.setdefault("lost", [])
    did = False
    for p in state.players.values():
        if p.life <= 0 and p.name not in lost:
            lost.append(p.name)
            state.log("player-loses", player=p.name, reason="life")
            did = True
    return did


@state_based_action(cr="704.5f")
def _creature_deaths(state: GameState) -> bool:
    """Check 704.5f-g: a creature with toughness 0 or less, or with lethal damage marked
    (and not indestructible), is put into its owner's graveyard."""
    chars = compute_all(state)
    doomed = []
    for obj in state.battlefield():
        c = chars[obj.id]
        if not c.has_type("Creature") or not isinstance(c.toughness, int):
            continue
        if c.toughness <= 0:
            doomed.append((obj, "toughness"))
        elif obj.damage >= c.toughness and not c.has_keyword("indestructible"):
            # Here toughness is 1 or more, so this damage is 1 or more too.
            doomed.append((obj, "damage"))
    did = False
    for obj, reason in doomed:
        # 704.5g: lethal damage destroys the creature, which regeneration can replace; a
        # toughness of 0 or less (704.5f) puts it into the graveyard without destroying it.
        if reason == "damage" and replaces_destruction(state, obj):
            did = True
            continue
        state.log("dies", object=obj.id, card=obj.card.name, reason=reason)
        state.move(obj, "graveyard")
        did = True
    return did


@state_based_action(cr="704.5d")
def _tokens_cease(state: GameState) -> bool:
    """Check 704.5d: a token in a zone other than the battlefield ceases to exist."""
    gone = [o for o in state.all_objects() if o.is_token and o.zone != "battlefield"
            and o.zone != "stack"]
    for obj in gone:
        state.remove(obj)
    return bool(gone)


def check_state_based_actions(state: GameState, limit: int = 100) -> bool:
    """Perform state-based actions until none applies (CR 704.3); whether any was performed
    (the cleanup step asks, 514.3a)."""
    from reference_engine.triggers.last_known import simultaneously

    performed = False
    for _ in range(limit):
        # 704.3: all applicable state-based actions are performed at the same time.
        with simultaneously(state):
            did = [check(state) for check in SBA_CHECKS]
        # 800.4a: a player who lost a multiplayer game leaves it at once (not an SBA).
        departed = process_departures(state)
        if not any(did):
            if departed:
                continue
            return performed
        performed = True
    return performed
