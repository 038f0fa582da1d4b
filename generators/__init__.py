"""Hypothesis strategies and ruling families that generate conformance cases."""

from __future__ import annotations

from .strategies import card_faces, mana_costs, split_cards

__all__ = ["card_faces", "mana_costs", "split_cards"]
