"""Combat requirements (CR 508.1d, 509.1c) and count restrictions on blocks (509.1b).

A requirement says a creature must attack or block; a declaration is legal only if it obeys the
maximum possible number of requirements without breaking any restriction (508.1d, 509.1c).
Requirements are static abilities (or rule-modifying effects, 611.2c) written with ``rule``:

* ``must_attack`` ("attacks each combat if able", Bloodrock Cyclops): the creature must be
  declared as an attacker if it can attack (508.1d: a tapped or summoning-sick creature, or one
  a restriction stops, isn't required to);
* ``must_block`` ("blocks each combat if able"): the creature must block some attacker;
* ``must_be_blocked`` ("must be blocked if able"): at least one creature must block it;
* ``all_must_block`` ("all creatures able to block this creature do so", Prized Unicorn, Lure):
  a requirement on each creature able to block it (509.1c).

Count restrictions (509.1b): menace (702.111b) and "can't be blocked except by N or more
creatures", written ``{kind = "static", rule = "min_blockers", count = 3, affected = "self"}``.

The block check searches every legal declaration of the defending player (each of their
creatures blocks nothing or one attacker it may block) for the greatest number of requirements
obeyed, and rejects a declaration that obeys fewer (``cannot-block``). The search is skipped
when no requirement applies.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import product
from typing import TYPE_CHECKING, Any

from reference_engine.combat.declare import (
    attack_declaration_check,
    attack_problem,
    attackers,
    block_declaration_check,
    block_problem,
    defending_player,
    rule_applies,
)
from reference_engine.layers.filters import FilterContext, matches
from reference_engine.layers.system import compute_all, static_abilities

if TYPE_CHECKING:
    from reference_engine.core.characteristics import Characteristics
    from reference_engine.core.state import GameState

__all__ = ["max_requirements_obeyed", "min_blockers"]

#: Above this many candidate declarations the maximum is not searched (documented limit).
_SEARCH_LIMIT = 200_000


@attack_declaration_check
def _attack_requirements(state: GameState, player: str,
                         declared: list[tuple[int, Any]]) -> str | None:
    """Check 508.1d: every creature of ``player`` that "attacks each combat if able" and can
    attack (no restriction or unpaid cost stops it, 508.1a-c) is declared as an attacker.
    Restrictions here apply creature by creature, so obeying each such requirement is
    always possible together with the others."""
    chars = compute_all(state)
    chosen = {oid for oid, _ in declared}
    for obj in state.battlefield():
        if obj.controller != player or obj.id in chosen:
            continue
        if not chars[obj.id].has_type("Creature"):
            continue
        if rule_applies(state, "must_attack", obj, chars) and attack_problem(
                state, obj, player, chars) is None:
            return (f"{obj.name_for_log} attacks each combat if able and is able to "
                    "(CR 508.1d)")
    return None


def min_blockers(state: GameState, attacker: int,
                 chars: Mapping[int, Characteristics] | None = None) -> int:
    """The fewest creatures that may block ``attacker`` (1 unless restricted): 2 with menace
    (702.111b), N with "can't be blocked except by N or more creatures" (509.1b)."""
    current = chars if chars is not None else compute_all(state)
    obj = state.objects[attacker]
    least = 2 if current[attacker].has_keyword("menace") else 1
    for src, ability in static_abilities(state, current):
        if ability.get("rule") != "min_blockers":
            continue
        affected = ability.get("affected", "self")
        if affected == "self":
            applies = src.id == attacker
        else:
            fctx = FilterContext(you=src.controller, source=src.id,
                                 chars_of=current.__getitem__)
            applies = matches(state, obj, dict(affected), ctx=fctx, chars=current[attacker])
        if applies:
            least = max(least, int(ability.get("count", 2)))
    return least


def max_blockers(state: GameState, attacker: int,
                 chars: Mapping[int, Characteristics] | None = None) -> int | None:
    """The most creatures that may block ``attacker``, or None for no limit: "can't be blocked
    by more than N creatures" (static rule ``max_blockers``, ``count = 1``, CR 509.1b)."""
    current = chars if chars is not None else compute_all(state)
    obj = state.objects[attacker]
    most: int | None = None
    for src, ability in static_abilities(state, current):
        if ability.get("rule") != "max_blockers":
            continue
        affected = ability.get("affected", "self")
        if affected == "self":
            applies = src.id == attacker
        else:
            fctx = FilterContext(you=src.controller, source=src.id,
                                 chars_of=current.__getitem__)
            applies = matches(state, obj, dict(affected), ctx=fctx, chars=current[attacker])
        if applies:
            n = int(ability.get("count", 1))
            most = n if most is None else min(most, n)
    return most


def _count_problem(state: GameState, pairs: list[tuple[int, int]],
                   chars: Mapping[int, Characteristics]) -> str | None:
    counts: dict[int, int] = {}
    for _, att in pairs:
        counts[att] = counts.get(att, 0) + 1
    for att, n in counts.items():
        least = min_blockers(state, att, chars)
        if n < least:
            return (f"{state.objects[att].name_for_log} can't be blocked except by {least} or "
                    "more creatures (CR 509.1b, 702.111b)")
        most = max_blockers(state, att, chars)
        if most is not None and n > most:
            return (f"{state.objects[att].name_for_log} can't be blocked by more than {most} "
                    f"creature{'s' if most != 1 else ''} (CR 509.1b)")
    return None


@block_declaration_check
def _block_count_restrictions(state: GameState, player: str,
                              declared: list[tuple[int, Any]]) -> str | None:
    """Check 509.1b: restrictions on how many creatures block one attacker."""
    return _count_problem(state, [(b, int(a)) for b, a in declared], compute_all(state))


def _options(state: GameState, player: str,
             chars: Mapping[int, Characteristics]) -> dict[int, list[int]]:
    """Each creature of ``player`` with the attackers it could block (509.1a-b)."""
    current = [a for a, d in attackers(state).items() if defending_player(state, d) == player]
    out: dict[int, list[int]] = {}
    for obj in state.battlefield():
        if obj.controller != player or not chars[obj.id].has_type("Creature"):
            continue
        out[obj.id] = [a for a in current
                       if block_problem(state, obj, state.objects[a], player, chars) is None]
    return out


def _obeyed(state: GameState, assignment: Mapping[int, int | None],
            options: Mapping[int, list[int]], chars: Mapping[int, Characteristics]) -> int:
    """How many blocking requirements ``assignment`` obeys (509.1c)."""
    n = 0
    blocked = {a for a in assignment.values() if a is not None}
    for b, att in assignment.items():
        if att is not None and rule_applies(state, "must_block", state.objects[b], chars):
            n += 1
    attacking = {a for opts in options.values() for a in opts}
    for a in attacking:
        obj = state.objects[a]
        if rule_applies(state, "must_be_blocked", obj, chars) and a in blocked:
            n += 1
        if rule_applies(state, "all_must_block", obj, chars):
            n += sum(1 for b, opts in options.items() if a in opts and assignment.get(b) == a)
    return n


def _has_requirements(state: GameState, options: Mapping[int, list[int]],
                      chars: Mapping[int, Characteristics]) -> bool:
    attacking = {a for opts in options.values() for a in opts}
    return any(rule_applies(state, "must_block", state.objects[b], chars)
               for b, opts in options.items() if opts) or any(
        rule_applies(state, rule, state.objects[a], chars)
        for a in attacking for rule in ("must_be_blocked", "all_must_block"))


def _assignments(options: Mapping[int, list[int]]) -> Iterator[dict[int, int | None]]:
    keys = [b for b, opts in options.items() if opts]
    choices: list[list[int | None]] = [[None, *options[b]] for b in keys]
    for combo in product(*choices):
        yield dict(zip(keys, combo, strict=True))


def max_requirements_obeyed(state: GameState, player: str) -> int | None:
    """The greatest number of blocking requirements a legal declaration by ``player`` can
    obey (509.1c), or None if there are too many declarations to search."""
    chars = compute_all(state)
    options = _options(state, player, chars)
    size = 1
    for opts in options.values():
        size *= len(opts) + 1
    if size > _SEARCH_LIMIT:
        return None
    best = 0
    for assignment in _assignments(options):
        pairs = [(b, a) for b, a in assignment.items() if a is not None]
        if _count_problem(state, pairs, chars) is None:
            best = max(best, _obeyed(state, assignment, options, chars))
    return best


@block_declaration_check
def _block_requirements(state: GameState, player: str,
                        declared: list[tuple[int, Any]]) -> str | None:
    """Check 509.1c: the declaration obeys as many requirements as any legal one can."""
    chars = compute_all(state)
    options = _options(state, player, chars)
    if not _has_requirements(state, options, chars):
        return None
    assignment: dict[int, int | None] = dict.fromkeys(options)
    assignment.update({b: int(a) for b, a in declared})
    best = max_requirements_obeyed(state, player)
    obeyed = _obeyed(state, assignment, options, chars)
    if best is not None and obeyed < best:
        return (f"this declaration obeys {obeyed} blocking requirement(s), but {best} can be "
                "obeyed without breaking a restriction (CR 509.1c)")
    return None
