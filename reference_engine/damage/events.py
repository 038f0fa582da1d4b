"""Damage (CR 120) and the effects that modify it on its way (CR 614-616).

:func:`deal_damage` takes proposed damage events, lets every applicable replacement or
prevention effect modify each one in the order the affected player chooses (CR 616.1), then
deals what is left: damage to a creature is marked on it (120.3e), damage to a player causes
life loss (120.3a). Each dealt event is logged as ``"damage"`` so triggers ("whenever ... deals
combat damage to a player") can see it; prevented damage is not dealt (CR 615.1a, 120.8).

Rules areas add modifiers with :func:`damage_modifier`: a function that, given the state and
one event, returns the :class:`Modifier` objects that apply to it now.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from reference_engine.core.choices import choose

if TYPE_CHECKING:
    from reference_engine.core.state import GameState

__all__ = ["DAMAGE_APPLIERS", "DAMAGE_MODIFIERS", "DAMAGE_RESULTS", "UNPREVENTABLE", "DamageEvent",
           "Modifier", "damage_applier", "damage_modifier", "damage_result", "deal_damage"]


@dataclass(frozen=True)
class DamageEvent:
    """Damage ``amount`` from ``source`` (an object id) to an object or a player."""

    source: int
    amount: int
    target_object: int | None = None
    target_player: str | None = None
    combat: bool = False
    #: False for damage an effect says can't be prevented ("the damage can't be prevented",
    #: CR 615.12).
    preventable: bool = True

    @property
    def affected_player(self) -> str | None:
        """The player who chooses the order of modifiers (CR 616.1): the player dealt damage,
        or the controller of the permanent dealt damage; filled in by :func:`deal_damage`."""
        return self.target_player


@dataclass(frozen=True)
class Modifier:
    """A replacement or prevention effect applicable to one damage event (CR 614, 615).

    ``apply`` returns the modified event (amount 0 when all of it is prevented). ``once``
    effects ("the next time ...") are used up by ``consume``.
    """

    id: str
    kind: str  # "prevention" | "replacement"
    apply: Callable[[DamageEvent], DamageEvent]
    consume: Callable[[], None] | None = None


ModifierSource = Callable[["GameState", DamageEvent], list[Modifier]]
DAMAGE_MODIFIERS: list[ModifierSource] = []
#: Rules that make damage unpreventable (CR 615.12), ``fn(state, event) -> bool``: "damage
#: can't be prevented" as a static ability or an effect of a resolved spell.
UNPREVENTABLE: list[Callable[[GameState, DamageEvent], bool]] = []
#: What else happens as damage is dealt (CR 120.3: loyalty, defense, lifelink, deathtouch):
#: each function is called with every event actually dealt, in the same simultaneous event.
ResultHook = Callable[["GameState", DamageEvent], None]
DAMAGE_RESULTS: list[ResultHook] = []


#: How dealt damage changes the game instead of life loss or marked damage (CR 120.3b, 120.3d:
#: infect and wither): each returns True if it applied the event itself.
DamageApplier = Callable[["GameState", DamageEvent], bool]
DAMAGE_APPLIERS: list[DamageApplier] = []


def damage_applier(fn: DamageApplier) -> DamageApplier:
    """Register a way dealt damage is applied instead of the usual one (CR 120.3)."""
    DAMAGE_APPLIERS.append(fn)
    return fn


def damage_result(fn: ResultHook) -> ResultHook:
    """Register a result of dealt damage (CR 120.3)."""
    DAMAGE_RESULTS.append(fn)
    return fn


def damage_modifier(fn: ModifierSource) -> ModifierSource:
    """Register a source of damage modifiers."""
    DAMAGE_MODIFIERS.append(fn)
    return fn


def _applicable(state: GameState, event: DamageEvent, used: set[str]) -> list[Modifier]:
    found: list[Modifier] = []
    for source in DAMAGE_MODIFIERS:
        found += [m for m in source(state, event) if m.id not in used]
    return found


def _affected_player(state: GameState, event: DamageEvent) -> str:
    if event.target_player is not None:
        return event.target_player
    obj = state.objects.get(event.target_object or -1)
    return obj.controller if obj is not None else state.active_player


def modify(state: GameState, event: DamageEvent) -> DamageEvent:
    """Apply replacement and prevention effects to one event (CR 616.1): while any applies,
    the affected player chooses one (choice ``damage_order``, a list of modifier ids in the
    order to apply them, or a table of such lists by player), it applies, and the rest are
    checked again."""
    used: set[str] = set()
    order: list[str] | None = None
    unpreventable = not event.preventable or any(rule(state, event) for rule in UNPREVENTABLE)
    while event.amount > 0:
        mods = _applicable(state, event, used)
        if not mods:
            break
        if len(mods) == 1:
            mod = mods[0]
        else:
            if order is None:
                answer = choose(state, "damage_order", None, default=[], has_default=True)
                if isinstance(answer, Mapping):
                    # Answers by player: the affected player's own order (616.1).
                    answer = answer.get(_affected_player(state, event), [])
                order = list(answer)
            ranked = [m for oid in order for m in mods if m.id == oid]
            mod = ranked[0] if ranked else mods[0]
        used.add(mod.id)
        if unpreventable and mod.kind == "prevention":
            # 615.12, 615.12a: a prevention effect is applied to unpreventable damage once but
            # prevents none of it; a shield isn't used up by it.
            state.log("prevention-ineffective", effect=mod.id, source=event.source)
            continue
        event = mod.apply(event)
        if mod.consume is not None:
            mod.consume()
    return event


def deal_damage(state: GameState, events: list[DamageEvent]) -> list[DamageEvent]:
    """Modify and deal ``events`` simultaneously; return the events actually dealt."""
    dealt: list[DamageEvent] = []
    for proposed in events:
        event = modify(state, proposed)
        if event.amount <= 0:
            state.log("damage-prevented", source=proposed.source, amount=proposed.amount)
            continue
        if event.target_player is None and (event.target_object is None
                                            or event.target_object not in state.objects):
            continue
        if any(apply(state, event) for apply in DAMAGE_APPLIERS):
            pass  # applied another way, e.g. infect's poison counters (120.3b)
        elif event.target_player is not None:
            state.players[event.target_player].life -= event.amount
        else:
            state.objects[int(event.target_object or 0)].damage += event.amount
        dealt.append(event)
        target: dict[str, Any] = ({"player": event.target_player}
                                  if event.target_player is not None
                                  else {"object": event.target_object})
        # Labels (case handles) as the objects are now, so queries can name them later. A
        # source that left play with its damage pending (Sixth Edition combat damage on the
        # stack) stands in as its last known object while the damage is dealt, so it is here.
        src = state.objects.get(event.source)
        target["source_label"] = src.name_for_log if src is not None else None
        if event.target_object is not None:
            target["object_label"] = state.objects[event.target_object].name_for_log
        state.log("damage", source=event.source, amount=event.amount, combat=event.combat,
                  **target)
        for hook in DAMAGE_RESULTS:
            hook(state, event)
    state.changed()
    return dealt


def with_amount(event: DamageEvent, amount: int) -> DamageEvent:
    """``event`` with a new amount (for modifiers)."""
    return replace(event, amount=max(amount, 0))
