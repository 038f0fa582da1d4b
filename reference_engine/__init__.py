"""The reference engine of mtg-conformance: a Magic engine shaped like the Comprehensive Rules.

Cards are data (see :mod:`reference_engine.core.cards`); behaviour comes from a small vocabulary of
effects, conditions and filters that the engine interprets, and rules eras are switches
(:mod:`reference_engine.core.eras`).
"""

from __future__ import annotations

from reference_engine.core.cards import CardCatalog, CardDef, FaceDef, parse_card
from reference_engine.core.eras import SWITCHES, Era, era_from_mapping
from reference_engine.core.errors import (
    CardDataError,
    EngineError,
    RulesViolation,
    SetupError,
    UnsupportedQuery,
)
from reference_engine.core.symbols import Color, ManaCost, ManaCostError, parse_mana_cost
from reference_engine.game import Game
from reference_engine.validation import (
    Problem,
    check_action,
    check_card_data,
    check_query,
    check_setup_effect,
)

__version__ = "0.1.0"

__all__ = [
    "SWITCHES",
    "CardCatalog",
    "CardDataError",
    "CardDef",
    "Color",
    "EngineError",
    "Era",
    "FaceDef",
    "Game",
    "ManaCost",
    "ManaCostError",
    "Problem",
    "RulesViolation",
    "SetupError",
    "UnsupportedQuery",
    "check_action",
    "check_card_data",
    "check_query",
    "check_setup_effect",
    "era_from_mapping",
    "parse_card",
    "parse_mana_cost",
]
