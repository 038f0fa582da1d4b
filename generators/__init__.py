"""Hypothesis strategies and ruling families that generate conformance cases.

The public namespace: strategies for card data and game setups, the family registry, and
emission. The package reads only the spec side of the harness (``conformance.spec``):
differential runs and the deliberately wrong engines, which drive adapters, live in
:mod:`conformance.differential`.
"""

from __future__ import annotations

from .emit import case_text, generate_cases, write_cases
from .family import FAMILIES, Draft, Family, FamilyError, build_case, draw_case, find_family
from .strategies import (
    card_faces,
    colors,
    dfc_cards,
    game_states,
    kindred_cards,
    land_cards,
    mana_costs,
    normal_cards,
    split_cards,
    tokens,
)

__all__ = [
    "FAMILIES", "Draft", "Family", "FamilyError", "build_case", "card_faces", "case_text",
    "colors", "dfc_cards", "draw_case", "find_family", "game_states", "generate_cases",
    "kindred_cards", "land_cards", "mana_costs", "normal_cards", "split_cards", "tokens",
    "write_cases",
]
