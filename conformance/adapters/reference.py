"""The reference engine as an adapter (the default)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import reference_engine
from conformance.spec.catalog import default_spec
from reference_engine import (
    CardCatalog,
    CardDef,
    EngineError,
    Era,
    Game,
    RulesViolation,
    UnsupportedQuery,
    era_from_mapping,
    parse_card,
)
from reference_engine.capabilities import FEATURES

from ..adapter import AdapterInfo, Outcome, StartRequest, Unsupported

__all__ = ["ReferenceAdapter", "ReferenceSession", "card_data_problems", "setup_effect_problems",
           "step_problems"]

#: A problem the reference engine finds in card data or a step: (path, message, hint).
Problem = tuple[list[Any], str, "str | None"]


def card_data_problems(card: Mapping[str, Any]) -> list[Problem]:
    """Names and keys in a card's abilities that the reference engine's vocabulary doesn't
    have (docs/card-vocabulary.md), each with its path in the card data and a hint."""
    return [(list(p.path), p.message, p.hint) for p in reference_engine.check_card_data(card)]


def setup_effect_problems(entry: Mapping[str, Any]) -> list[Problem]:
    """Names and keys of a case's ``setup.effects`` entry the vocabulary doesn't have."""
    return [(list(p.path), p.message, p.hint) for p in reference_engine.check_setup_effect(entry)]


def step_problems(kind: str, body: Mapping[str, Any]) -> list[Problem]:
    """A problem if a step's action type (``kind = "action"``) or query (``"observe"``) is
    not one the reference engine knows."""
    check = reference_engine.check_action if kind == "action" else reference_engine.check_query
    return [(list(p.path), p.message, p.hint) for p in check(body)]


class ReferenceSession:
    """One reference-engine game."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def perform(self, action: Mapping[str, Any]) -> Outcome:
        try:
            self.game.perform(action)
        except RulesViolation as exc:
            return Outcome.rejected(exc.failure, exc.message)
        except UnsupportedQuery as exc:
            raise Unsupported(str(exc)) from exc
        return Outcome.done()

    def observe(self, query: Mapping[str, Any]) -> Any:
        try:
            return self.game.observe(query)
        except UnsupportedQuery as exc:
            raise Unsupported(str(exc)) from exc

    def close(self) -> None:
        self.game = None  # type: ignore[assignment]


#: Parsed cards a reference adapter keeps (the oldest goes first): the whole catalog fits, and
#: a run of many generated cases, each with cards of its own, stays in flat memory.
CARD_CACHE = 2048


class ReferenceAdapter:
    """Runs cases on :mod:`reference_engine`, in process. Card definitions are parsed once."""

    def __init__(self) -> None:
        spec = default_spec()
        self._eras: dict[str, Era] = {k: era_from_mapping(v) for k, v in spec.eras.items()}
        self._cards: dict[str, tuple[Mapping[str, Any], CardDef]] = {}

    def info(self) -> AdapterInfo:
        return AdapterInfo(name="reference", version=reference_engine.__version__,
                           eras=tuple(self._eras), features=FEATURES,
                           homepage="https://github.com/mtg-conformance/mtg-conformance")

    def _card(self, name: str, data: Mapping[str, Any]) -> CardDef:
        cached = self._cards.get(name)
        if cached is not None and (cached[0] is data or cached[0] == data):
            return cached[1]
        card = parse_card(data, where=f"card {name!r}")
        if len(self._cards) >= CARD_CACHE:  # generated cards have names of their own: a long
            del self._cards[next(iter(self._cards))]  # run keeps the newest, not every one
        self._cards[name] = (data, card)
        return card

    def start(self, request: StartRequest) -> ReferenceSession:
        era = self._eras.get(request.era)
        if era is None:
            raise Unsupported(f"the reference engine has no era {request.era!r}")
        catalog = CardCatalog(self._card(n, d) for n, d in request.cards.items())
        try:
            game = Game.from_setup(request.setup, catalog=catalog, era=era)
        except UnsupportedQuery as exc:
            raise Unsupported(str(exc)) from exc
        except EngineError:
            raise
        return ReferenceSession(game)

    def close(self) -> None:
        self._cards.clear()
