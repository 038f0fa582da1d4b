"""Persist (CR 702.79) and undying (CR 702.93): triggered keyword abilities that return a
creature that died.

* Persist: "When this permanent is put into a graveyard from the battlefield, if it had no
  -1/-1 counters on it, return it to the battlefield under its owner's control with a -1/-1
  counter on it" (702.79a).
* Undying: the same with +1/+1 counters (702.93a).

Both are ability data in :data:`reference_engine.triggers.abilities.KEYWORD_TRIGGERS`, so an
object has them however it got the keyword. The "if it had no ... counters" is judged on the
permanent as it last existed on the battlefield (603.10a, the trigger's ``without_counter``);
"it" is the card in the graveyard, so if that card has left the graveyard (or was a token,
which ceases to exist, 704.5d) nothing returns (400.7). It returns as a new object, which may
persist again once it dies without the counter.
"""

from __future__ import annotations

from typing import Any

from reference_engine.triggers.abilities import KEYWORD_TRIGGERS

__all__: list[str] = []


def _returning(keyword: str, counter: str, rule: str) -> dict[str, Any]:
    return {
        "kind": "triggered", "keyword": keyword,
        "text": f"{keyword.capitalize()} (CR {rule})",
        "trigger": {"event": "leaves_battlefield", "self": True, "to": "graveyard",
                    "without_counter": counter},
        "effects": [{"type": "return_to_battlefield", "target": "event_object",
                     "under": "owner", "counters": {counter: 1}}],
    }


KEYWORD_TRIGGERS["persist"] = _returning("persist", "-1/-1", "702.79a")
KEYWORD_TRIGGERS["undying"] = _returning("undying", "+1/+1", "702.93a")
