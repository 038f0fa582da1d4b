"""Fighting (CR 701.14): two creatures deal damage equal to their power to each other.

Resolution effect ``fight {target, other}``: ``target`` and ``other`` name the two creatures (a
target slot, or ``"self"`` for the source of the ability). Each deals damage equal to its power
to the other, at the same time (701.14a); the creature is the source of that damage (120.3), so
deathtouch, lifelink and protection apply as for any damage it deals, and it is not combat
damage (701.14d). If either creature is no longer on the battlefield, is no longer a creature or
is an illegal target, no damage is dealt (701.14b). A creature that fights itself deals damage
equal to twice its power to itself (701.14c).

"Target creature deals damage equal to its power to ..." (a one-sided fight, "bite") is the
``damage`` effect with ``source = slot`` and ``amount = {power_of = slot}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from reference_engine.core.context import ResolveContext, effect, objects_of
from reference_engine.damage.events import DamageEvent, deal_damage
from reference_engine.layers.system import compute_all

__all__: list[str] = []


def _fighter(ctx: ResolveContext, ref: Any) -> int | None:
    """The creature on the battlefield a fight names, or None (701.14b)."""
    if ref is None or str(ref) in ctx.illegal:
        return None
    found = objects_of(ctx, ctx.refs({"target": ref}))
    if not found:
        return None
    obj = found[0]
    if obj.zone != "battlefield" or not compute_all(ctx.state)[obj.id].has_type("Creature"):
        return None
    return obj.id


def _power(ctx: ResolveContext, oid: int) -> int:
    power = compute_all(ctx.state)[oid].power
    return max(power, 0) if isinstance(power, int) else 0


@effect("fight", params={
    "target": "ref!: the first creature (a target slot or \"self\")",
    "other": "ref!: the creature it fights (a target slot or \"self\")"},
    cr=("701.14a", "701.14b", "701.14c", "701.14d", "120.3"),
    example='Prey Upon: {type = "fight", target = "mine", other = "theirs"}')
def _fight(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Two creatures fight: each deals damage equal to its power to the other, at once
    (CR 701.14a); no damage if either is gone, not a creature or an illegal target (701.14b)."""
    first, second = _fighter(ctx, p.get("target")), _fighter(ctx, p.get("other"))
    if first is None or second is None:
        ctx.state.log("fight-no-damage", reason="701.14b")
        return
    if first == second:
        # 701.14c: it deals damage to itself equal to twice its power.
        deal_damage(ctx.state, [DamageEvent(first, 2 * _power(ctx, first),
                                            target_object=first)])
        return
    deal_damage(ctx.state, [
        DamageEvent(first, _power(ctx, first), target_object=second),
        DamageEvent(second, _power(ctx, second), target_object=first),
    ])
