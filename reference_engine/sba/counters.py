"""Counters that interact as state-based actions (CR 122.3, 704.5q; 122.4, 704.5r).

A permanent with both +1/+1 and -1/-1 counters on it has N of each removed, N being the smaller
of the two numbers (CR 704.5q, 122.3): a 2/2 with two +1/+1 counters that gets a -1/-1 counter
ends up with one +1/+1 counter and no -1/-1 counter. Its power and toughness are the same
before and after, since both kinds of counter apply in layer 7c (CR 613.4c).

A permanent with an ability saying it can't have more than N counters of a kind (static rule
``max_counters {counter, count}``) that has more loses all but N of them (CR 122.4, 704.5r);
the counters were put on it first, so what watches counters being put on sees them.

Era switch ``counter_annihilation``: under the Sixth Edition rules (Invasion era) the list of
state-based effects (420.5a-j, the only conditions they apply to, 420.1) has no such rule, so
``coexist`` leaves both kinds on the permanent; ``annihilate`` is the current rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from reference_engine.layers.system import characteristics_of
from reference_engine.sba.checks import state_based_action

if TYPE_CHECKING:
    from reference_engine.core.state import GameState

__all__ = ["annihilate_counters", "remove_counters_beyond_limit"]

PLUS = "+1/+1"
MINUS = "-1/-1"


@state_based_action(cr="704.5r")
def remove_counters_beyond_limit(state: GameState) -> bool:
    """Check 704.5r, 122.4: a permanent with "can't have more than N [kind] counters" that has
    more of that kind has all but N removed (two such abilities: the smaller limit holds)."""
    did = False
    for obj in state.battlefield():
        limits: dict[str, int] = {}
        for ability in characteristics_of(state, obj.id).abilities:
            if ability.get("kind") == "static" and ability.get("rule") == "max_counters":
                kind = str(ability.get("counter", ""))
                limit = int(ability.get("count", 0))
                limits[kind] = min(limit, limits.get(kind, limit))
        for kind, limit in sorted(limits.items()):
            extra = obj.counters.get(kind, 0) - limit
            if extra <= 0:
                continue
            obj.counters[kind] = limit
            if limit == 0:
                del obj.counters[kind]
            state.log("counters-removed", object=obj.id, counter=kind, amount=extra,
                      rule="704.5r")
            did = True
    if did:
        state.changed()
    return did


@state_based_action(cr="704.5q")
def annihilate_counters(state: GameState) -> bool:
    """Check 704.5q: remove N +1/+1 and N -1/-1 counters from a permanent that has both, N
    being the smaller count (not in the Invasion era: switch ``counter_annihilation``)."""
    if state.era.is_("counter_annihilation", "coexist"):
        return False
    did = False
    for obj in state.battlefield():
        n = min(obj.counters.get(PLUS, 0), obj.counters.get(MINUS, 0))
        if n <= 0:
            continue
        for kind in (PLUS, MINUS):
            obj.counters[kind] -= n
            if obj.counters[kind] == 0:
                del obj.counters[kind]
        state.log("counters-removed", object=obj.id, plus=n, minus=n, rule="704.5q")
        did = True
    if did:
        state.changed()
    return did
