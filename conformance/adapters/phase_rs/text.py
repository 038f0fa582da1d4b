"""How phase.rs writes things, in the case format's words: mana costs, keywords, mana colors,
the failure class of an engine rejection message, and a refused answer to one of its prompts."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

__all__ = ["COLORS", "MANA_WORDS", "POOL_ORDER", "SHARDS", "IllegalAnswer", "choice_handles",
           "classify_error", "cost_text", "keyword_name", "keyword_text", "total_cost_text"]

#: phase.rs color names and the case format's color words.
COLORS = {"White": "white", "Blue": "blue", "Black": "black", "Red": "red", "Green": "green"}
#: phase.rs mana shard words and their Oracle symbols (hybrids are two words: ``RedGreen``).
SHARDS = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G", "Colorless": "C",
          "Snow": "S", "X": "X", "Two": "2"}
_WORD = re.compile(r"[A-Z][a-z]*")
#: Order of mana symbols in a written mana pool (CR 106.4: WUBRG, then colorless).
POOL_ORDER = "WUBRGC"
#: A mana choice (``R`` or ``red``) as a phase.rs color name.
MANA_WORDS = {**{k: v for k, v in zip("WUBRGC", ("White", "Blue", "Black", "Red", "Green",
                                                  "Colorless"), strict=True)},
               **{w: w.title() for w in ("white", "blue", "black", "red", "green",
                                         "colorless")}}

#: Engine error messages and the failure class each means (first match wins).
_FAILURES: tuple[tuple[str, str], ...] = (
    ("maximum lands", "land-limit"),
    # "Declaration obeys 0 attack requirement(s) but 1 are obtainable without paying a cost"
    ("attack requirement", "cannot-attack"),
    ("block requirement", "cannot-block"),
    ("it has no mana cost", "cannot-pay"),  # "Cannot cast ... it has no mana cost (CR 118.6)"
    # "X=4 exceeds the maximum legal value of 3": phase.rs caps X at what the pool can pay
    ("exceeds the maximum legal value", "cannot-pay"),
    ("cannot cast", "cannot-cast"),
    ("prevents you from casting", "cannot-cast"),  # "A static ability prevents you from ..."
    ("not enough loyalty", "cannot-pay"),  # a negative loyalty cost (CR 606.6)
    # "Not enough cards in hand to discard": a discard cost with no card to pay it (CR 118.3)
    ("not enough cards in hand to discard", "cannot-pay"),
    ("wrong player", "no-priority"),
    ("priority", "no-priority"),
    ("summoning sick", "summoning-sick"),
    ("is tapped", "tapped"),
    ("target", "illegal-target"),
    ("sorcery", "timing"),
    ("timing", "timing"),
    ("main phase", "timing"),
    ("empty stack", "timing"),
    ("while the stack is empty", "timing"),  # "Can only play lands while the stack is empty"
    ("mana", "cannot-pay"),
    ("pay", "cannot-pay"),
    ("afford", "cannot-pay"),
    ("cannot be cast", "cannot-cast"),
    ("can't be cast", "cannot-cast"),
    ("castable zone", "cannot-cast"),
    ("attack", "cannot-attack"),
    ("block", "cannot-block"),
)


def classify_error(message: str) -> str:
    """The failure class an engine rejection message stands for (``illegal-action`` if none)."""
    low = message.lower()
    return next((cls for text, cls in _FAILURES if text in low), "illegal-action")




def _shard(name: str) -> str:
    if name in SHARDS:
        return "{" + SHARDS[name] + "}"
    words = _WORD.findall(name)
    if words and words[0] == "Phyrexian" and len(words) >= 2:
        return "{" + "/".join(SHARDS[w] for w in words[1:]) + "/P}"
    if len(words) == 2 and all(w in SHARDS for w in words):
        return "{" + "/".join(SHARDS[w] for w in words) + "}"
    # a shard with no Oracle symbol (phase.rs reads {Z} as "TwoOrMoreColorSource"): written
    # with phase.rs's own name, so an observation shows what the engine holds
    return "{" + name + "}"


def cost_text(cost: Mapping[str, Any] | None) -> str:
    """A phase.rs mana cost in Oracle notation: generic first, then shards in engine order."""
    if not cost or cost.get("type") != "Cost":
        return ""
    shards = [_shard(str(s)) for s in cost.get("shards", [])]
    generic = int(cost.get("generic", 0))
    lead = [f"{{{generic}}}"] if generic or not shards else []
    return "".join(lead + shards)


def total_cost_text(cost: Mapping[str, Any] | None) -> str:
    """A total cost (CR 601.2f) as the case format writes one: generic first, then colored
    symbols in WUBRG order, then the others in the engine's order; ``{0}`` for nothing."""
    if not cost or cost.get("type") != "Cost":
        return "{0}"
    symbols = [_shard(str(s)) for s in cost.get("shards", [])]
    colored = sorted((s for s in symbols if s[1:-1] in "WUBRG" and len(s) == 3),
                     key=lambda s: "WUBRG".index(s[1]))
    other = [s for s in symbols if s not in colored]
    generic = int(cost.get("generic", 0))
    return "".join(([f"{{{generic}}}"] if generic else []) + colored + other) or "{0}"


def keyword_name(entry: Any) -> str:
    """A phase.rs keyword (``FirstStrike`` or ``{"Kicker": ...}``) as the case format writes it;
    landwalk is named for its land type (CR 702.14a: "islandwalk")."""
    name = entry if isinstance(entry, str) else next(iter(entry), "") if entry else ""
    if isinstance(entry, Mapping) and isinstance(entry.get("Landwalk"), str):
        return f"{str(entry['Landwalk']).lower()}walk"  # {"Landwalk": "Island"}: islandwalk
    if isinstance(entry, Mapping) and "type" in entry:
        name = str(entry["type"])
    words = _WORD.findall(str(name)) or [str(name)]
    return " ".join(w.lower() for w in words)


class IllegalAnswer(ValueError):
    """phase.rs does not offer the case's answer: the action is rejected with ``failure``."""

    def __init__(self, failure: str, message: str) -> None:
        super().__init__(message)
        self.failure = failure


def choice_handles(value: Any) -> list[str]:
    """A choice's handles: one handle, a list of them, or ``"none"`` (no card)."""
    if value is None or value == "none":
        return []
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]


def keyword_text(ability: Mapping[str, Any]) -> str:
    """A keyword ability given as data, as Oracle words: ``protection from red``."""
    words = str(ability.get("keyword"))
    source = ability.get("from")
    if isinstance(source, Mapping) and "color" in source:
        words += f" from {source['color']}"
    elif ability.get("cost"):
        words += f" {ability['cost']}"
    elif ability.get("value") is not None:
        words += f" {ability['value']}"
    return words
