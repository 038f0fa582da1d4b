"""Evasion abilities that restrict blocking, besides flying, landwalk and menace (CR 509.1b).

Each is a block restriction registered with :func:`reference_engine.combat.block_restriction`,
so it is checked for every proposed block (the ``declare_blockers`` action and the
``can_block`` query), whatever gave the creature the keyword:

* fear (702.36b): can't be blocked except by artifact creatures and/or black creatures;
* intimidate (702.13b): can't be blocked except by artifact creatures and/or creatures that
  share a color with it;
* shadow (702.28b): can't be blocked except by creatures with shadow, and a creature with
  shadow can block only creatures with shadow;
* horsemanship (702.31b): can't be blocked except by creatures with horsemanship;
* skulk (702.118b): can't be blocked by creatures with greater power.

A static ability ``{kind = "static", rule = "can_block_only_flying", affected = "self"}``
("can block only creatures with flying", e.g. Cloud Sprite) is a restriction on the blocker.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from reference_engine.combat.declare import rule_applies
from reference_engine.core.registry import block_restriction
from reference_engine.layers.system import compute_all

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__: list[str] = []


@block_restriction(cr="702.36b")
def _fear_and_intimidate(state: GameState, blocker: GameObject,
                         attacker: GameObject) -> str | None:
    """Check 702.36b (fear) and 702.13b (intimidate)."""
    chars = compute_all(state)
    a, b = chars[attacker.id], chars[blocker.id]
    artifact = b.has_type("Artifact")
    if a.has_keyword("fear") and not (artifact or any(c.word == "black" for c in b.colors)):
        return (f"{attacker.name_for_log} has fear: only artifact and/or black creatures can "
                "block it (CR 702.36b)")
    if a.has_keyword("intimidate") and not (artifact or set(a.colors) & set(b.colors)):
        return (f"{attacker.name_for_log} has intimidate: only artifact creatures and/or "
                "creatures that share a color with it can block it (CR 702.13b)")
    return None


@block_restriction(cr="702.28b")
def _shadow_and_horsemanship(state: GameState, blocker: GameObject,
                             attacker: GameObject) -> str | None:
    """Check 702.28b (shadow, both ways) and 702.31b (horsemanship)."""
    chars = compute_all(state)
    a, b = chars[attacker.id], chars[blocker.id]
    if a.has_keyword("shadow") and not b.has_keyword("shadow"):
        return (f"{attacker.name_for_log} has shadow: only creatures with shadow can block it "
                "(CR 702.28b)")
    if b.has_keyword("shadow") and not a.has_keyword("shadow"):
        return (f"{blocker.name_for_log} has shadow: it can block only creatures with shadow "
                "(CR 702.28b)")
    if a.has_keyword("horsemanship") and not b.has_keyword("horsemanship"):
        return (f"{attacker.name_for_log} has horsemanship: only creatures with horsemanship "
                "can block it (CR 702.31b)")
    return None


@block_restriction(cr="702.118b")
def _skulk(state: GameState, blocker: GameObject, attacker: GameObject) -> str | None:
    """Check 702.118b: a creature with skulk can't be blocked by creatures with greater
    power."""
    chars = compute_all(state)
    a, b = chars[attacker.id], chars[blocker.id]
    if not a.has_keyword("skulk"):
        return None
    ap = a.power if isinstance(a.power, int) else 0
    bp = b.power if isinstance(b.power, int) else 0
    if bp > ap:
        return (f"{attacker.name_for_log} has skulk and {blocker.name_for_log} has greater "
                "power (CR 702.118b)")
    return None


@block_restriction(cr="509.1b")
def _block_only_flying(state: GameState, blocker: GameObject,
                       attacker: GameObject) -> str | None:
    """"This creature can block only creatures with flying" (a restriction, CR 509.1b)."""
    chars = compute_all(state)
    if rule_applies(state, "can_block_only_flying", blocker, chars) and not chars[
            attacker.id].has_keyword("flying"):
        return (f"{blocker.name_for_log} can block only creatures with flying (CR 509.1b)")
    return None
