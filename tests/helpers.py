"""Helpers shared by the tests: build reference-engine games straight from card data."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from conformance.spec.catalog import default_spec
from reference_engine import CardCatalog, Era, Game, era_from_mapping, parse_card


def eras() -> dict[str, Era]:
    """The spec's eras by id."""
    return {k: era_from_mapping(v) for k, v in default_spec().eras.items()}


def game(setup: Mapping[str, Any], *, era: str = "modern",
         cards: Iterable[Mapping[str, Any]] = ()) -> Game:
    """A game of ``setup``; catalog cards are looked up by name, ``cards`` adds inline ones."""
    spec = default_spec()
    data = {str(c["name"]): c for c in cards}
    for obj in setup.get("objects", []):
        name = obj.get("card")
        if name and name not in data:
            found = spec.card(name)
            assert found is not None, f"unknown card {name}"
            data[name] = found
    catalog = CardCatalog(parse_card(d) for d in data.values())
    return Game.from_setup(setup, catalog=catalog, era=eras()[era])


def observe(g: Game, query: str, **args: Any) -> Any:
    """Shorthand for ``g.observe({"query": query, **args})``."""
    return g.observe({"query": query, **args})
