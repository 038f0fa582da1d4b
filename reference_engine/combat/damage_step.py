"""The combat damage step (CR 510): assigning, dividing and dealing combat damage.

As the combat damage step begins (turn-based actions 510.1-510.2), each attacking and blocking
creature with power above 0 assigns combat damage equal to its power: an unblocked attacker to
the player, planeswalker or battle it attacks; a blocked attacker among its blockers, divided as
its controller chooses (510.1c); a blocker to the attacker it blocks. With trample (702.19b) the
attacker may assign the rest to the player it attacks once every blocker has been assigned lethal
damage (damage already marked and deathtouch count, 702.19b, 702.2c). Then all of it is dealt at
once through :func:`reference_engine.damage.deal_damage` with ``combat=True``, so replacement
and prevention effects (doubling, Circles of Protection, protection) apply to each assigned
amount: division comes before doubling (KUJA-03).

Division is the case's choice ``combat_damage``: a table from an attacker's handle to a table
from recipient (blocker handle or player) to amount, e.g.
``{ kuja = { wall = 1, bob = 3 } }``, or to a list of two such tables, one for each combat
damage step of a double striker (510.4: its blockers may have changed in between). Without
an answer, an attacker with one blocker and no trample assigns everything to it; otherwise it
assigns lethal damage to each blocker in declaration order and the rest to the player,
planeswalker or battle it attacks (trample) or to its last blocker.

First and double strike (510.4): if any attacking or blocking creature has either as the step
begins, only those creatures deal damage in it and a second combat damage step follows, in
which the others and the double strikers deal damage.

Era switch ``combat_damage``: under ``"on-stack"`` (the Invasion era's Sixth Edition rules) the
assigned damage is put on the stack instead of being dealt, see
:mod:`reference_engine.combat.damage_on_stack`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.combat.damage_on_stack import is_on_stack_era, put_combat_damage_on_stack
from reference_engine.combat.declare import attackers, blockers_of, blocking, combat, is_blocked
from reference_engine.core.choices import choose
from reference_engine.core.errors import RulesViolation
from reference_engine.core.registry import on_step
from reference_engine.damage.events import DamageEvent, deal_damage
from reference_engine.layers.system import compute_all

if TYPE_CHECKING:
    from reference_engine.core.characteristics import Characteristics
    from reference_engine.core.state import GameState

__all__ = ["assign_combat_damage", "lethal_damage"]


def _power(c: Characteristics) -> int:
    return c.power if isinstance(c.power, int) else 0


def lethal_damage(state: GameState, blocker: int, source: Characteristics) -> int:
    """Lethal damage for ``blocker`` from a source (CR 702.19b): its toughness minus damage
    already marked, at least 1; with deathtouch any 1 damage is lethal (702.2c)."""
    c = compute_all(state)[blocker]
    if source.has_keyword("deathtouch"):
        return 1
    tough = c.toughness if isinstance(c.toughness, int) else 0
    return max(tough - state.objects[blocker].damage, 1)


def _label(state: GameState, ref: Any) -> str:
    if isinstance(ref, str):
        return ref
    return state.objects[ref].name_for_log


def _default_division(state: GameState, power: int, blockers: list[int], player: Any,
                      chars: Characteristics, trample: bool) -> dict[Any, int]:
    out: dict[Any, int] = {}
    left = power
    for b in blockers:
        give = min(left, lethal_damage(state, b, chars))
        out[b] = give
        left -= give
    if left > 0:
        if trample and player is not None:
            out[player] = out.get(player, 0) + left
        else:
            out[blockers[-1]] = out[blockers[-1]] + left
    return out


def _chosen_division(state: GameState, attacker: int, answer: Mapping[str, Any],
                     power: int, blockers: list[int], player: Any, chars: Characteristics,
                     trample: bool) -> dict[Any, int]:
    """Check a chosen division against 510.1c and 702.19b (510.1e: an illegal one is
    rejected)."""
    by_label = {_label(state, b): b for b in blockers}
    if trample and player is not None:
        by_label[_label(state, player)] = player
    out: dict[Any, int] = {}
    for key, amount in answer.items():
        if key not in by_label:
            raise RulesViolation("illegal-choice",
                                 f"{_label(state, attacker)} can't assign combat damage to "
                                 f"{key} (CR 510.1c, 702.19b)")
        if not isinstance(amount, int) or amount < 0:
            raise RulesViolation("illegal-choice", f"damage amounts must be whole numbers >= 0, "
                                 f"not {amount!r}")
        out[by_label[key]] = amount
    if sum(out.values()) != power:
        raise RulesViolation("illegal-choice",
                             f"{_label(state, attacker)} must assign exactly its power "
                             f"({power}), not {sum(out.values())} (CR 510.1a)")
    if trample and out.get(player, 0) > 0:
        for b in blockers:
            if out.get(b, 0) < lethal_damage(state, b, chars):
                raise RulesViolation(
                    "illegal-choice", f"trample: {_label(state, b)} must be assigned lethal "
                    "damage before any is assigned to the player (CR 702.19b)")
    return out


def assign_combat_damage(state: GameState, dealers: set[int]) -> list[DamageEvent]:
    """The combat damage that creatures in ``dealers`` assign (CR 510.1), as damage events."""
    chars = compute_all(state)
    events: list[DamageEvent] = []
    answers = choose(state, "combat_damage", None, default={}, has_default=True)
    for oid, defender in attackers(state).items():
        if oid not in dealers:
            continue
        c = chars[oid]
        power = _power(c)
        if power <= 0:
            continue  # 510.1a
        trample = c.has_keyword("trample")
        blockers = blockers_of(state, oid)
        if not is_blocked(state, oid):
            events.append(_event(state, oid, power, defender))
            continue
        if not blockers:
            if trample:  # 702.19d: all blockers gone, a trampler assigns to the player
                events.append(_event(state, oid, power, defender))
            continue  # 510.1c
        answer = answers.get(state.objects[oid].name_for_log)
        if isinstance(answer, list):
            # One division per combat damage step (510.4): [first strike, regular].
            step = 1 if combat(state).get("second_strike") else 0
            answer = answer[step] if step < len(answer) else None
        if answer is None and len(blockers) == 1 and not trample:
            division: dict[Any, int] = {blockers[0]: power}
        elif answer is None:
            # 702.19c: the excess goes to the player, planeswalker or battle attacked.
            division = _default_division(state, power, blockers,
                                         defender if trample else None, c, trample)
        else:
            division = _chosen_division(state, oid, answer, power, blockers, defender, c,
                                        trample)
        for recipient, amount in division.items():
            if amount > 0:
                events.append(_event(state, oid, amount, recipient))
    attacking = attackers(state)
    for blocker, attacker in blocking(state).items():
        if blocker not in dealers or attacker not in attacking:
            continue  # 510.1d: it blocks no creature still in combat (gone, or removed)
        power = _power(chars[blocker])
        if power > 0:
            events.append(_event(state, blocker, power, attacker))
    # 800.4e: combat damage isn't assigned to a player who has left the game.
    in_game = state.in_game()
    return [e for e in events if e.target_player is None or e.target_player in in_game]


def _event(state: GameState, source: int, amount: int, recipient: Any) -> DamageEvent:
    if isinstance(recipient, str):
        return DamageEvent(source, amount, target_player=recipient, combat=True)
    return DamageEvent(source, amount, target_object=int(recipient), combat=True)


def _has_first_strike(c: Characteristics) -> bool:
    return c.has_keyword("first strike") or c.has_keyword("double strike")


@on_step("combat-damage", cr="510.1")
def _combat_damage_step(state: GameState) -> None:
    """Turn-based actions 510.1-510.2 (with the first-strike step of 510.4)."""
    record = combat(state)
    chars = compute_all(state)
    in_combat = set(attackers(state)) | set(blocking(state))
    if "first_strike" not in record:
        firsts = {oid for oid in in_combat if _has_first_strike(chars[oid])}
        if firsts:
            # 510.4: only first and double strikers deal damage now; a second step follows.
            record["first_strike"] = sorted(firsts)
            state.extra["repeat_step"] = "combat-damage"
            dealers = firsts
        else:
            record["first_strike"] = []
            dealers = in_combat
    else:
        had = set(record["first_strike"])
        dealers = {oid for oid in in_combat
                   if oid not in had or chars[oid].has_keyword("double strike")}
        record["second_strike"] = True
    events = assign_combat_damage(state, dealers)
    if is_on_stack_era(state):
        # Era switch combat_damage = "on-stack" (Sixth Edition rules, 1999-2009): the
        # assigned damage goes on the stack and players get priority before it is dealt.
        put_combat_damage_on_stack(state, events)
        return
    deal_damage(state, events)  # 510.2: dealt at once as the step begins, without the stack
