"""Effects that last "until this leaves the battlefield" (CR 610.3): Banisher Priest's exile.

``exile {target, until = "source_leaves"}`` exiles the objects until the effect's source leaves
the battlefield:

* if the source has already left the battlefield as the effect would begin, nothing is exiled
  at all (610.3c; unlike Journey to Nowhere's two linked abilities, where the card is then
  exiled for good);
* as soon as the source leaves the battlefield, each exiled card still in exile returns to the
  zone it was exiled from: a permanent to the battlefield under its owner's control, a card
  from a hand to its owner's hand (Kitesail Freebooter) (610.3a, 610.3c); this is no triggered
  ability and uses no stack. A card that left exile meanwhile is a new object and stays where
  it is (400.7).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from reference_engine.core.ordering import in_cr_order
from reference_engine.core.state import AFTER_MOVE_HOOKS

if TYPE_CHECKING:
    from reference_engine.core.context import ResolveContext
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["UNTIL_KEY", "source_still_there", "until_source_leaves"]

#: Key in ``state.extra``: what "until ... leaves the battlefield" effects exiled, by source id.
UNTIL_KEY = "until_source_leaves"


def source_still_there(ctx: ResolveContext) -> bool:
    """Check 610.3c: whether the effect's source is still on the battlefield."""
    source = ctx.state.objects.get(ctx.source_id)
    return source is not None and source.zone == "battlefield"


def until_source_leaves(ctx: ResolveContext, moved: list[GameObject], *,
                        from_zone: str = "battlefield") -> None:
    """Remember ``moved`` (exiled from ``from_zone``) to return there when the effect's source
    leaves the battlefield (610.3a)."""
    waiting: dict[str, list[list[Any]]] = ctx.state.extra.setdefault(UNTIL_KEY, {})
    waiting[str(ctx.source_id)] = [*waiting.get(str(ctx.source_id), []),
                                   *([o.id, from_zone] for o in moved)]


@in_cr_order(AFTER_MOVE_HOOKS, cr="610.3a")
def _source_left(state: GameState, old: GameObject, new: GameObject) -> None:
    """Check 610.3a: the source left the battlefield, so what it exiled returns at once."""
    if old.zone != "battlefield":
        return
    waiting: dict[str, list[list[Any]]] = state.extra.get(UNTIL_KEY, {})
    entries = waiting.pop(str(old.id), None)
    if not entries:
        return
    from reference_engine.objects.entering import enter_battlefield

    for oid, zone in entries:
        obj = state.objects.get(int(oid))
        if obj is None or obj.zone != "exile":
            continue
        state.log("returned", object=obj.id, card=obj.card.name, owner=obj.owner,
                  to_zone=zone, reason="610.3a")
        if zone == "battlefield":
            enter_battlefield(state, obj, controller=obj.owner)
        else:
            state.move(obj, str(zone))  # back to the zone it was exiled from (its owner's)


