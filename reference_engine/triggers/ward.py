"""Becoming the target of a spell or ability (CR 115.1, 603.2) and ward (CR 702.21).

Trigger event ``becomes_target {self = true, by = "opponent" | "you" | "any", kind = "spell" |
"ability" | "any", filter}``: "whenever this permanent (or a [filter] permanent) becomes the
target of a spell or ability [an opponent controls]". A spell becomes the target's when it is
cast (601.2i), an activated ability when it is activated (602.2e), a triggered ability when it
is put on the stack (603.3d) and a copy of a spell when it is created (707.10); one object
targeted through several target slots becomes the target once. "That spell or ability" is the
reference ``event_object``, its controller ``event_player``.

Ward (702.21a) is a triggered keyword ability with a cost, written as data
``{kind = "keyword", keyword = "ward", cost = "{2}"}`` (or ``life = 3`` for "Ward—Pay 3 life")
or as a keyword "ward {2}" / "ward—pay 3 life" (as an effect grants it): "whenever this
permanent becomes the target of a spell or ability an opponent controls, counter that spell or
ability unless that player pays [cost]". Ward isn't redundant: each instance triggers. A cost
with X says what X is (``x`` = an amount, read from the ward's controller), worked out as the
ability resolves, not as it triggers (702.21b).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.layers.filters import FilterContext, matches
from reference_engine.triggers.abilities import KEYWORD_TRIGGER_FAMILIES, trigger_matcher

if TYPE_CHECKING:
    from reference_engine.core.characteristics import Characteristics
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import Event, GameState

__all__ = ["ward_abilities"]


@trigger_matcher("becomes_target", params={
    "self": "bool: only when this permanent becomes the target",
    "by": "str: whose spell or ability: \"opponent\", \"you\" or \"any\" (default)",
    "kind": "str: \"spell\", \"ability\" or \"any\" (default)",
    "filter": "filter: the permanent that becomes the target"},
    cr=("115.1", "603.2", "702.21a"),
    example='Ward: {event = "becomes_target", self = true, by = "opponent"}')
def _becomes_target(state: GameState, obj: GameObject, spec: Mapping[str, Any],
                    event: Event) -> bool:
    """"Whenever this [or a filter] permanent becomes the target of a spell or ability [an
    opponent controls]" (603.2, 702.21a)."""
    if event.kind != "becomes-target":
        return False
    d = event.details
    target = d.get("target")
    if spec.get("self") and target != obj.id:
        return False
    if target is None or target not in state.objects:
        return False
    by, player = spec.get("by", "any"), d.get("player")
    if by == "opponent" and player not in state.opponents(obj.controller):
        return False
    if by == "you" and player != obj.controller:
        return False
    kind = spec.get("kind", "any")
    if kind != "any" and bool(d.get("ability")) != (kind == "ability"):
        return False
    flt = spec.get("filter")
    return not flt or matches(state, state.objects[int(target)], dict(flt),
                              ctx=FilterContext(you=obj.controller, source=obj.id))


_WARD_TEXT = re.compile(r"^ward\s*(?:(\{[^ ]*\})|\u2014pay (\d+) life)$")


def _ward(cost: Mapping[str, Any], text: str) -> dict[str, Any]:
    counter: dict[str, Any] = {"type": "counter_unless_pays", "target": "event_object"}
    counter.update({k: cost[k] for k in ("cost", "life", "x") if k in cost})
    return {"kind": "triggered", "text": text, "keyword": "ward",
            "trigger": {"event": "becomes_target", "self": True, "by": "opponent"},
            "effects": [counter]}


def ward_abilities(chars: Characteristics) -> list[dict[str, Any]]:
    """The triggered abilities an object's ward instances stand for (702.21a): one per ward
    ability written as data, and one per granted keyword "ward {cost}" / "ward—pay N life"."""
    out = [_ward(a, str(a.get("text", "Ward"))) for a in chars.abilities
           if a.get("kind") == "keyword" and str(a.get("keyword", "")).casefold() == "ward"]
    for kw in sorted(chars.keywords):
        m = _WARD_TEXT.match(kw)
        if m is None:
            continue
        cost = {"cost": m.group(1).upper()} if m.group(1) else {"life": int(m.group(2))}
        out.append(_ward(cost, kw))
    return out


KEYWORD_TRIGGER_FAMILIES.append(ward_abilities)
