"""Lint card data and cases against the reference engine's card vocabulary (issue 17).

* ``card-vocabulary``: a name or key in a catalog card's (or a case's inline card's) abilities
  that the vocabulary doesn't have; located at the card file, card and path, with a hint.
* ``card-promises-more``: a catalog card whose Oracle text names keywords or abilities its
  data doesn't have, and which has no ``partial = "..."`` note saying what is missing
  (:func:`oracle_shortfall`).
* ``setup-vocabulary``: an operation or key of a ``setup.effects`` entry it doesn't have.
* ``unknown-action`` / ``unknown-query``: a step the reference engine doesn't know (a typo
  would otherwise run as ``unsupported`` and pass the run).
* ``partial-card``: a case uses a card whose data is partial without listing it in
  ``partial_cards`` (listing it says the case doesn't touch what is missing);
  ``partial-card-not-partial``: it lists a card that isn't partial.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from conformance.adapters.reference import (
    card_data_problems,
    setup_effect_problems,
    step_problems,
)
from conformance.errors import SpecError
from conformance.spec.catalog import Spec
from conformance.spec.schema import json_path
from conformance.spec.tomlindex import index_lines, line_of

__all__ = ["KEYWORDS", "check_case_vocabulary", "lint_cards", "oracle_shortfall"]

Finding = tuple[str, str, list[Any], "str | None"]

#: Keyword abilities (CR 702) the lint recognises at the start of an Oracle line.
KEYWORDS: tuple[str, ...] = (
    "deathtouch", "defender", "double strike", "enchant", "equip", "first strike", "flash",
    "flying", "haste", "hexproof", "indestructible", "intimidate", "landwalk", "lifelink",
    "protection", "reach", "shroud", "trample", "vigilance", "ward", "banding", "rampage",
    "cumulative upkeep", "flanking", "phasing", "buyback", "shadow", "cycling", "echo",
    "horsemanship", "fading", "kicker", "multikicker", "flashback", "madness", "fear",
    "morph", "amplify", "provoke", "storm", "affinity", "entwine", "modular", "sunburst",
    "bushido", "soulshift", "splice", "offering", "ninjutsu", "epic", "convoke", "dredge",
    "transmute", "bloodthirst", "haunt", "replicate", "forecast", "graft", "recover",
    "ripple", "split second", "suspend", "vanishing", "absorb", "aura swap", "delve",
    "fortify", "frenzy", "gravestorm", "poisonous", "transfigure", "champion", "changeling",
    "evoke", "hideaway", "prowl", "reinforce", "conspire", "persist", "wither", "retrace",
    "devour", "exalted", "unearth", "cascade", "annihilator", "level up", "rebound",
    "totem armor", "infect", "battle cry", "living weapon", "undying", "miracle", "soulbond",
    "overload", "scavenge", "unleash", "cipher", "evolve", "extort", "fuse", "bestow",
    "tribute", "dethrone", "hidden agenda", "outlast", "prowess", "dash", "exploit", "menace",
    "renown", "awaken", "devoid", "ingest", "myriad", "surge", "skulk", "emerge",
    "escalate", "melee", "crew", "fabricate", "partner", "undaunted", "improvise",
    "aftermath", "embalm", "eternalize", "afflict", "ascend", "assist", "jump-start",
    "mentor", "afterlife", "riot", "spectacle", "escape", "companion", "mutate",
    "encore", "boast", "foretell", "demonstrate", "daybound", "nightbound", "disturb",
    "decayed", "cleave", "training", "compleated", "reconfigure", "blitz", "casualty",
    "enlist", "read ahead", "ravenous", "squad", "space sculptor", "visit", "prototype",
    "living metal", "more than meets the eye", "for mirrodin!", "toxic", "backup", "bargain",
    "craft", "disguise", "solved", "plot", "saddle", "spree", "offspring", "impending",
    "gift", "exhaust", "max speed", "start your engines!", "harmonize", "mobilize",
    "islandwalk", "swampwalk", "forestwalk", "mountainwalk", "plainswalk", "snow landwalk",
)
#: Typecycling keywords (702.29e): "Islandcycling", "Basic landcycling", "Wizardcycling".
_TYPECYCLING = r"(?:basic )?[a-z]+cycling"
_KEYWORD_RE = re.compile(r"^(" + _TYPECYCLING + "|" + "|".join(re.escape(k) for k in sorted(
    KEYWORDS, key=len, reverse=True)) + r")\b", re.IGNORECASE)
_REMINDER = re.compile(r"\([^()]*\)")
_ABILITY_WORD = re.compile(r"^[A-Z][A-Za-z' -]+ — ")
#: A Saga's chapter symbols (CR 714.2a): "I, II — ..." is one chapter ability per numeral
#: (714.2c), each a triggered ability.
_CHAPTERS = re.compile(r"^([IVX]+(?:, [IVX]+)*) — ")
_TRIGGER = re.compile(r"^(when|whenever|at)\b", re.IGNORECASE)
_CAST_TRIGGER = re.compile(r"^when(ever)? you cast this spell\b", re.IGNORECASE)
#: A leveler's level symbol (CR 711.2): the line and the lines of its striation after it (its
#: P/T box, its abilities) are one static ability.
_LEVEL = re.compile(r"^LEVEL \d+(-\d+|\+)$")
_ACTIVATED = re.compile(r"^([+\u2212-]?[0-9X]+: |[^\"]*?(\{[^}]+\}|\bSacrifice\b|\bDiscard\b|"
                        r"\bPay\b|\bRemove\b|\bExile\b|\bTap\b)[^\"]*?: )")
_REPLACEMENT = re.compile(r"\benters (with|tapped)\b|^as (this|it) \w+ enters\b|\binstead\b",
                          re.IGNORECASE)


def _keyword_line(line: str) -> list[str] | None:
    """The keywords of a line made only of keywords ("Flying, vigilance"), else None."""
    parts = [p.strip() for p in re.split(r"[,;]", line) if p.strip()]
    found = []
    for part in parts:
        m = _KEYWORD_RE.match(part)
        if m is None:
            return None
        found.append(m.group(1).casefold())
    return found or None


def _classify(face: Mapping[str, Any]) -> dict[str, Any]:
    """What the Oracle text of ``face`` promises: keywords and counts of ability shapes."""
    promised: dict[str, Any] = {"keywords": [], "activated": 0, "triggered": 0, "static": 0,
                                "spell": 0}
    types = [str(t) for t in face.get("types", [])]
    is_spell = any(t in ("Instant", "Sorcery") for t in types)
    in_level = False
    for raw in str(face.get("oracle_text", "")).split("\n"):
        if _LEVEL.match(raw.strip()):
            promised["static"] += 1
            in_level = True
            continue
        if in_level:
            continue  # 711.2: the striation's P/T and abilities belong to its level symbol
        chapters = _CHAPTERS.match(_REMINDER.sub("", raw).strip())
        if chapters is not None:
            promised["triggered"] += len(chapters.group(1).split(", "))
            continue
        line = _ABILITY_WORD.sub("", _REMINDER.sub("", raw)).strip()
        if not line:
            continue
        keywords = _keyword_line(line.rstrip("."))
        if keywords is not None:
            promised["keywords"] += keywords
        elif _ACTIVATED.match(line):
            promised["activated"] += 1
        elif _TRIGGER.match(line) and not (is_spell and not _CAST_TRIGGER.match(line)):
            # An instant's or sorcery's "Whenever ... this turn" line is an instruction of its
            # spell ability that creates a delayed triggered ability (603.7a); only "when you
            # cast this spell" is a triggered ability of the card itself.
            promised["triggered"] += 1
        elif is_spell:
            promised["spell"] = 1
        else:
            promised["static"] += 1
    return promised


def _kinds(abilities: list[Any]) -> dict[str, Any]:
    have: dict[str, Any] = {"keywords": set(), "activated": 0, "triggered": 0, "static": 0,
                            "spell": 0}
    for a in abilities:
        if not isinstance(a, Mapping):
            continue
        kind = a.get("kind")
        if a.get("text"):
            # An ability written out with its text ("Equip {2}: ...") is that keyword too.
            m = _KEYWORD_RE.match(str(a["text"]))
            if m is not None:
                have["keywords"].add(m.group(1).casefold())
        if kind == "keyword":
            have["keywords"].add(str(a.get("keyword", "")).casefold())
        elif kind in ("activated", "mana"):
            have["activated"] += 1
        elif kind == "triggered":
            have["triggered"] += 1
        elif kind in ("static", "replacement", "cost"):
            have["static"] += 1
        elif kind == "spell":
            have["spell"] = 1
    return have


def oracle_shortfall(card: Mapping[str, Any]) -> list[str]:
    """What a card's Oracle text names that its ability data lacks, face by face: each keyword
    without a ``keyword`` ability, and each kind of ability (activated, triggered, static,
    the spell ability) with fewer abilities in the data than lines in the text."""
    raw = card.get("faces")
    faces: list[Any] = list(raw) if isinstance(raw, list) else [card]
    out: list[str] = []
    for face in faces:
        if not isinstance(face, Mapping):
            continue
        promised = _classify(face)
        have = _kinds(list(face.get("abilities", [])))
        where = f"{face.get('name')}: " if len(faces) > 1 else ""
        for kw in promised["keywords"]:
            base = "landwalk" if kw.endswith("walk") else kw
            if kw not in have["keywords"] and base not in have["keywords"]:
                out.append(f"{where}the keyword {kw!r}")
        for shape in ("activated", "triggered", "static", "spell"):
            if promised[shape] > have[shape]:
                n = promised[shape]
                out.append(f"{where}{n} {shape} abilit{'y' if n == 1 else 'ies'} in the text, "
                           f"{have[shape]} in the data")
    return out


def lint_cards(spec: Spec) -> list[SpecError]:
    """Every vocabulary problem and every unnoted shortfall of the catalog's cards, located."""
    found: list[SpecError] = []
    for key, data in sorted(spec.cards.items()):
        file = spec.card_files.get(key)
        try:
            lines = index_lines(Path(file).read_text("utf-8")) if file else None
        except OSError:
            lines = None
        name = str(data.get("name"))
        for path, message, hint in card_data_problems(data):
            found.append(SpecError("card-vocabulary", f"card {name!r}: {message}", file=file,
                                   path=json_path(path),
                                   line=line_of(lines, path) if lines else None, hint=hint))
        missing = oracle_shortfall(data)
        if missing and not data.get("partial"):
            found.append(SpecError(
                "card-promises-more", f"card {name!r}: its Oracle text names more than its "
                f"data has: {'; '.join(missing)}", file=file, path="abilities",
                hint="write the missing abilities as data (docs/card-vocabulary.md), or say "
                     "what is missing in partial = \"...\""))
    return found


def check_case_vocabulary(data: Mapping[str, Any], spec: Spec) -> Iterator[Finding]:
    """Unknown actions and queries, inline card problems and partial cards of one case."""
    for i, step in enumerate(data.get("steps", []) or []):
        if not isinstance(step, Mapping):
            continue
        for kind, code in (("action", "unknown-action"), ("observe", "unknown-query")):
            body = step.get(kind)
            if isinstance(body, Mapping):
                for path, message, hint in step_problems(kind, body):
                    yield (code, message, ["steps", i, kind, *path], hint)
    for j, card in enumerate(data.get("cards", []) or []):
        if isinstance(card, Mapping):
            for path, message, hint in card_data_problems(card):
                yield ("card-vocabulary", f"card {card.get('name')!r}: {message}",
                       ["cards", j, *path], hint)
    listed = [str(n) for n in data.get("partial_cards", []) or []]
    raw = data.get("setup")
    setup: Mapping[str, Any] = raw if isinstance(raw, Mapping) else {}
    for j, entry in enumerate(setup.get("effects", []) or []):
        if isinstance(entry, Mapping):
            for path, message, hint in setup_effect_problems(entry):
                yield ("setup-vocabulary", f"setup effect: {message}",
                       ["setup", "effects", j, *path], hint)
    for k, obj in enumerate(setup.get("objects", []) or []):
        name = obj.get("card") if isinstance(obj, Mapping) else None
        card = spec.card(str(name)) if isinstance(name, str) else None
        if card is not None and card.get("partial") and str(card["name"]) not in listed \
                and name not in listed:
            yield ("partial-card", f"the case uses {card['name']!r}, whose data is partial: "
                   f"{card['partial']}", ["setup", "objects", k, "card"],
                   "if the case doesn't touch what is missing, list the card in partial_cards; "
                   "otherwise complete the card's data first")
    for k, name in enumerate(listed):
        card = spec.card(name)
        if card is None or not card.get("partial"):
            yield ("partial-card-not-partial", f"partial_cards lists {name!r}, which is not a "
                   "partial catalog card", ["partial_cards", k],
                   "remove it from partial_cards")
