"""Card data in the shape of MTGJSON's atomic cards, built from the suite's card catalog.

Engines that build their cards from MTGJSON (phase.rs does, parsing the Oracle text) are fed from
``spec/cards``: each face becomes one MTGJSON atomic-card dict with the printed characteristics
(mana cost, types, P/T, Oracle text, color indicator) and the fields MTGJSON derives from them
(colors, color identity, mana value), computed here the way MTGJSON computes them. Multi-face
cards share one oracle id, as in MTGJSON, so the engine can link the faces.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Mapping
from typing import Any

from ._views import mana_value_of

__all__ = ["KEYWORDS", "LETTERS", "card_faces", "oracle_id"]

#: Color words of the case format and their MTGJSON letters (CR 105.1, WUBRG order).
LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}

#: Keyword abilities MTGJSON lists in a card's ``keywords`` when its text has them (CR 702).
#: Engines that read MTGJSON (phase.rs's ``build_oracle_face`` does) take keyword abilities from
#: that list, not from the text, so a keyword missing here would leave a card without it.
KEYWORDS = (
    "Deathtouch", "Defender", "Double strike", "Enchant", "Equip", "First strike", "Flash",
    "Flying", "Haste", "Hexproof", "Indestructible", "Intimidate", "Landwalk", "Forestwalk",
    "Islandwalk", "Mountainwalk", "Plainswalk", "Swampwalk", "Lifelink", "Protection", "Reach",
    "Shroud", "Trample", "Vigilance", "Ward", "Banding", "Rampage", "Cumulative upkeep",
    "Flanking", "Phasing", "Buyback", "Shadow", "Cycling", "Echo", "Horsemanship", "Fading",
    "Kicker", "Multikicker", "Flashback", "Madness", "Fear", "Morph", "Megamorph", "Amplify",
    "Provoke", "Storm", "Affinity", "Entwine", "Modular", "Sunburst", "Bushido", "Soulshift",
    "Splice", "Ninjutsu", "Epic", "Convoke", "Dredge", "Transmute", "Bloodthirst", "Haunt",
    "Replicate", "Forecast", "Graft", "Recover", "Ripple", "Split second", "Suspend",
    "Vanishing", "Absorb", "Delve", "Fortify", "Frenzy", "Gravestorm", "Poisonous",
    "Transfigure", "Champion", "Changeling", "Evoke", "Hideaway", "Prowl", "Reinforce",
    "Conspire", "Persist", "Wither", "Retrace", "Devour", "Exalted", "Unearth", "Cascade",
    "Annihilator", "Level up", "Rebound", "Totem armor", "Infect", "Battle cry",
    "Living weapon", "Undying", "Miracle", "Soulbond", "Overload", "Scavenge", "Unleash",
    "Cipher", "Evolve", "Extort", "Fuse", "Bestow", "Tribute", "Dethrone", "Outlast", "Prowess",
    "Dash", "Exploit", "Menace", "Renown", "Awaken", "Devoid", "Ingest", "Myriad", "Surge",
    "Skulk", "Emerge", "Escalate", "Melee", "Crew", "Fabricate", "Partner", "Undaunted",
    "Improvise", "Aftermath", "Embalm", "Eternalize", "Afflict", "Ascend", "Assist",
    "Jump-start", "Mentor", "Afterlife", "Riot", "Spectacle", "Escape", "Companion", "Mutate",
    "Encore", "Boast", "Foretell", "Demonstrate", "Daybound", "Nightbound", "Disturb",
    "Decayed", "Cleave", "Training", "Compleated", "Reconfigure", "Blitz", "Casualty",
    "Enlist", "Read ahead", "Ravenous", "Squad", "Prototype", "Backup", "Bargain", "Craft",
    "Disguise", "Plot", "Saddle", "Offspring", "Impending", "Gift",
)

_NAMESPACE = uuid.UUID("6b0d6c55-5a0e-4c8e-9a51-6d7467636f6e")
_SYMBOL = re.compile(r"\{([^{}]+)\}")
_REMINDER = re.compile(r"\([^)]*\)")


#: Hybrid symbols as Oracle text prints them (CR 107.4e); the reverse order is the same symbol.
CANONICAL_HYBRIDS = frozenset({"W/U", "W/B", "U/B", "U/R", "B/R", "B/G", "R/G", "R/W", "G/W",
                               "G/U"})


def canonical_cost(cost: str) -> str:
    """``cost`` with each two-color hybrid symbol in Oracle order: ``{R/U}`` is ``{U/R}``."""
    def fix(match: re.Match[str]) -> str:
        sym = match.group(1)
        parts = sym.split("/")
        if len(parts) == 2 and sym not in CANONICAL_HYBRIDS and (
                f"{parts[1]}/{parts[0]}" in CANONICAL_HYBRIDS):
            return "{" + f"{parts[1]}/{parts[0]}" + "}"
        return match.group(0)
    return _SYMBOL.sub(fix, cost)


def ability_lines(face: Mapping[str, Any]) -> list[str]:
    """Oracle lines for keyword abilities given as data (``{kind="keyword", ...}``) that the
    face's Oracle text does not already state, as a synthetic card's only text."""
    text = str(face.get("oracle_text", ""))
    lines = []
    for ability in face.get("abilities", []) or []:
        if ability.get("kind") != "keyword" or not ability.get("keyword"):
            continue
        word = str(ability["keyword"])
        line = word[:1].upper() + word[1:]
        if ability.get("cost"):
            line += f" {ability['cost']}"
        elif ability.get("value") is not None:
            line += f" {ability['value']}"
        if line.split(" ")[0].casefold() not in text.casefold():
            lines.append(line)
    return lines


def oracle_id(name: str) -> str:
    """A stable stand-in for a card's Scryfall oracle id, derived from its full name."""
    return str(uuid.uuid5(_NAMESPACE, name))


def _symbol_colors(text: str) -> set[str]:
    found: set[str] = set()
    for sym in _SYMBOL.findall(text):
        found |= {c for c in sym.split("/") if c in "WUBRG"}
    return found


def _ordered(letters: set[str]) -> list[str]:
    return [c for c in "WUBRG" if c in letters]


def _keywords(text: str) -> list[str]:
    """Keyword abilities at the start of a line of Oracle text (how MTGJSON finds them)."""
    found: list[str] = []
    for line in text.splitlines():
        for part in _REMINDER.sub("", line).split(","):
            part = part.strip()
            for kw in KEYWORDS:
                if (part == kw or part.startswith(kw + " ")) and kw not in found:
                    found.append(kw)
    return found


def _identity(faces: list[Mapping[str, Any]]) -> list[str]:
    """Color identity as MTGJSON derives it: symbols in costs and text, indicators (903.4)."""
    letters: set[str] = set()
    for face in faces:
        letters |= _symbol_colors(str(face.get("mana_cost", "")))
        letters |= _symbol_colors(_REMINDER.sub("", str(face.get("oracle_text", ""))))
        letters |= {LETTERS[c] for c in face.get("color_indicator", [])}
    return _ordered(letters)


def _type_line(face: Mapping[str, Any]) -> str:
    left = " ".join([*face.get("supertypes", []), *face.get("types", [])])
    subtypes = face.get("subtypes", [])
    return f"{left} — {' '.join(subtypes)}" if subtypes else left


def _atomic(face: Mapping[str, Any], *, full_name: str, layout: str, mana_value: int,
            identity: list[str]) -> dict[str, Any]:
    cost = canonical_cost(str(face.get("mana_cost", "")))
    indicator = {LETTERS[c] for c in face.get("color_indicator", [])}
    text = "\n".join([*ability_lines(face), *filter(None, [str(face.get("oracle_text", ""))])])
    data: dict[str, Any] = {
        "name": full_name, "manaCost": cost, "manaValue": float(mana_value),
        "convertedManaCost": float(mana_value),
        "colors": _ordered(_symbol_colors(cost) | indicator), "colorIdentity": identity,
        "types": list(face.get("types", [])), "subtypes": list(face.get("subtypes", [])),
        "supertypes": list(face.get("supertypes", [])), "text": text, "layout": layout,
        "type": _type_line(face), "identifiers": {"scryfallOracleId": oracle_id(full_name)},
        "legalities": {}, "keywords": _keywords(text),
    }
    if indicator:
        data["colorIndicator"] = _ordered(indicator)
    for key in ("power", "toughness"):
        if key in face:
            data[key] = str(face[key])
    for key in ("loyalty", "defense"):  # a planeswalker's loyalty, a battle's defense (310.4)
        if key in face:
            data[key] = str(face[key])
    return data


def card_faces(card: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The MTGJSON atomic dicts of a ``spec/cards`` card: one, or one per face (side a, b).

    A split card's ``manaValue`` is the total of its halves' costs, as MTGJSON records it for
    every face; a transforming card's is its front face's (CR 712.8e).
    """
    layout = str(card.get("layout", "normal"))
    name = str(card["name"])
    faces = card.get("faces")
    if not faces:
        mv = mana_value_of(str(card.get("mana_cost", "")))
        return [_atomic(card, full_name=name, layout=layout, mana_value=mv,
                        identity=_identity([card]))]
    identity = _identity(list(faces))
    if layout == "split":
        mv = sum(mana_value_of(str(f.get("mana_cost", ""))) for f in faces)
    else:
        mv = mana_value_of(str(faces[0].get("mana_cost", "")))
    out = []
    for side, face in zip("ab", faces[:2], strict=True):
        data = _atomic(face, full_name=name, layout=layout, mana_value=mv, identity=identity)
        data["faceName"] = str(face["name"])
        data["side"] = side
        out.append(data)
    return out
