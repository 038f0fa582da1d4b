"""Ruling families: a parameterised ruling that generates conformance cases.

A :class:`Family` is a strategy for its parameters (written over a
:class:`~generators.source.Source`), a builder of the setup, and an **oracle**: a few lines that
restate the ruling and give the steps with their expected values, never asking the reference
engine. :func:`build_case` turns one draw into an ordinary case (the ``case.schema.json`` shape).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the families' strategies import Hypothesis when first asked for
    from hypothesis import strategies as st

from .catalog import is_catalog_card, partial_card_names
from .source import Source, from_source, random_source

__all__ = ["FAMILIES", "GENERATOR_VERSION", "Draft", "Family", "FamilyError", "build_case",
           "case_id", "draw_case", "family", "find_family", "obj", "observe", "register"]

#: Version of the generators: part of every generated case's provenance. Bump it when a family
#: changes what it emits for a seed, so "same seed and version" keeps meaning "same bytes".
GENERATOR_VERSION = "5"


class FamilyError(ValueError):
    """A family is misused: unknown name, era it does not hold in, bad arguments."""


@dataclass(frozen=True)
class Draft:
    """What a family builds for one draw: the setup, inline cards and steps with expectations."""

    setup: Mapping[str, Any]
    steps: Sequence[Mapping[str, Any]]
    cards: Sequence[Mapping[str, Any]] = ()
    note: str = ""


@dataclass(frozen=True)
class Family:
    """A parameterised ruling.

    ``params`` draws the parameters; ``build(params, era)`` makes the setup and cards; ``oracle``
    (inside ``build``'s steps) restates the ruling to give expected values. ``eras`` are the eras
    the family holds in; with ``per_era`` each case lists one era (the ruling differs by era),
    otherwise each case lists them all.
    """

    name: str
    title: str
    area: str
    rulings: tuple[str, ...]
    rules: tuple[str, ...]
    eras: tuple[str, ...]
    features: tuple[str, ...]
    params: Callable[[Source], Any]
    build: Callable[[Any, str], Draft]
    per_era: bool = False
    #: Actions a differential run may add after the setup
    #: (see :mod:`conformance.differential.fuzz`).
    dynamic: bool = True
    tags: tuple[str, ...] = field(default=())

    def strategy(self) -> st.SearchStrategy[Any]:
        """Hypothesis strategy for this family's parameters."""
        return from_source(self.params)

    def case_eras(self, era: str) -> list[str]:
        """The eras a case built for ``era`` lists."""
        return [era] if self.per_era else list(self.eras)


FAMILIES: dict[str, Family] = {}


def register(fam: Family) -> Family:
    """Add ``fam`` to the registry (names are unique)."""
    if fam.name in FAMILIES:
        raise FamilyError(f"family {fam.name!r} is registered twice")
    FAMILIES[fam.name] = fam
    return fam


def family(**fields: Any) -> Callable[[Callable[[Any, str], Draft]], Family]:
    """Decorator: register the decorated builder as a family with ``fields``."""

    def wrap(build: Callable[[Any, str], Draft]) -> Family:
        fam = Family(build=build, **fields)
        if not build.__doc__:
            raise FamilyError(f"family {fam.name!r}: the builder needs a docstring")
        return register(fam)

    return wrap


def find_family(name: str) -> Family:
    """The family called ``name``."""
    fam = FAMILIES.get(name)
    if fam is None:
        raise FamilyError(f"unknown family {name!r}; known: {', '.join(sorted(FAMILIES))}")
    return fam


def case_id(fam: Family, seed: int, index: int, era: str | None = None) -> str:
    """A generated case's id: ``gen.<family>.s<seed>.i<index>[.<era>]``."""
    tail = f".{era}" if fam.per_era and era else ""
    return f"gen.{fam.name}.s{seed}.i{index}{tail}"


def build_case(fam: Family, params: Any, era: str, *, seed: int, index: int,
               version: str = GENERATOR_VERSION) -> dict[str, Any]:
    """The case (as data with sorted keys) that ``fam`` builds for ``params`` under ``era``."""
    if era not in fam.eras:
        raise FamilyError(f"family {fam.name!r} does not hold in era {era!r} "
                          f"(it holds in {', '.join(fam.eras)})")
    draft = fam.build(params, era)
    features = set(fam.features)
    inline = [c for c in draft.cards if not is_catalog_card(c)]  # catalog cards need no data
    if inline:
        features.add("custom-cards")
    case: dict[str, Any] = {
        "id": case_id(fam, seed, index, era),
        "title": fam.title,
        "rulings": list(fam.rulings),
        "rules": list(fam.rules),
        "eras": fam.case_eras(era),
        "features": sorted(features),
        "setup": dict(draft.setup),
        "steps": [dict(s) for s in draft.steps],
        "generated": {"family": fam.name, "seed": seed, "index": index, "version": version},
    }
    if inline:
        case["cards"] = [dict(c) for c in inline]
    own = {str(c.get("name", "")).casefold() for c in inline}  # inline data is whole
    partial = partial_card_names([str(o.get("card", "")) for o in draft.setup.get("objects", [])
                                  if isinstance(o, dict)
                                  and str(o.get("card", "")).casefold() not in own])
    if partial:
        case["partial_cards"] = partial
    if draft.note:
        case["description"] = draft.note
    return case


def draw_case(fam: Family, *, seed: int, index: int, era: str | None = None) -> dict[str, Any]:
    """Deterministically build case ``index`` of ``fam`` for ``seed`` (no Hypothesis involved).

    Without ``era``, a per-era family picks one of its eras from the same seed.
    """
    src = random_source("mtg-conformance", GENERATOR_VERSION, fam.name, seed, index)
    chosen = era if era is not None else (src.choice(fam.eras) if fam.per_era else fam.eras[0])
    return build_case(fam, fam.params(src), chosen, seed=seed, index=index)


def observe(query: str, expect: Any, *, note: str = "", unordered: bool = False,
            **args: Any) -> dict[str, Any]:
    """An observation step expecting ``expect`` (``None`` becomes ``expect_null``)."""
    step: dict[str, Any] = {"observe": {"query": query, **args}}
    if expect is None:
        step["expect_null"] = True
    else:
        step["expect"] = expect
    if unordered:
        step["compare"] = "unordered"
    if note:
        step["note"] = note
    return step


def obj(handle: str, card: str, zone: str, owner: str = "alice", **status: Any
        ) -> dict[str, Any]:
    """A ``setup.objects`` entry."""
    return {"handle": handle, "card": card, "zone": zone, "owner": owner, **status}
