"""Deliberately wrong engines: the reference engine with one ruling broken each.

They prove that the generated cases and the differential runs find bugs (``tests/
test_generators_mutants.py``). Each is an ordinary adapter, usable by name as
``generators.mutants:<Class>`` (``mtgconf run --adapter generators.mutants:SplitOneHalf``).
A mutant changes only the answers its bug touches and reports its own adapter name.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from conformance.adapter import AdapterInfo, Outcome, StartRequest
from conformance.adapters.reference import ReferenceAdapter, ReferenceSession
from reference_engine.core.objects import GameObject

from .rules import mana_value_of_cost

__all__ = [
    "MUTANTS",
    "DfcBackZero",
    "KickerInManaValue",
    "MutantAdapter",
    "SickManaTap",
    "SplitOneHalf",
    "TappedAttacker",
    "TokenWithoutSuffix",
]

_MV_QUERIES = ("mana_value", "characteristics")
_NAME_QUERIES = ("name", "characteristics")


class MutantSession:
    """A reference session whose answers pass through the mutant's ``alter``."""

    def __init__(self, inner: ReferenceSession, mutant: MutantAdapter, era: str) -> None:
        self.inner = inner
        self.mutant = mutant
        self.era = era

    def perform(self, action: Mapping[str, Any]) -> Outcome:
        """Perform on the reference engine, unless the mutant decides otherwise."""
        return self.mutant.perform(self, action)

    def observe(self, query: Mapping[str, Any]) -> Any:
        """The reference answer, altered by the mutant where its bug applies."""
        value = self.inner.observe(query)
        handle = query.get("object")
        if not isinstance(handle, str):
            return value
        try:
            obj = self.inner.game.object(handle)
        except Exception:
            return value
        return self.mutant.alter(self, str(query.get("query")), obj, value)

    def close(self) -> None:
        """End the game."""
        self.inner.close()


class MutantAdapter(ReferenceAdapter):
    """Base of the wrong engines: the reference engine with ``alter``/``perform`` hooks."""

    #: Short name of the bug (the adapter is called ``mutant-<bug>``).
    bug = "none"

    def info(self) -> AdapterInfo:
        """The reference's info under the mutant's name."""
        return replace(super().info(), name=f"mutant-{self.bug}")

    def start(self, request: StartRequest) -> MutantSession:  # type: ignore[override]
        """Start a reference game wrapped in the mutant's session."""
        return MutantSession(super().start(request), self, request.era)

    def perform(self, session: MutantSession, action: Mapping[str, Any]) -> Outcome:
        """Perform ``action`` (the reference's behaviour unless overridden)."""
        return session.inner.perform(action)

    def alter(self, session: MutantSession, query: str, obj: GameObject, value: Any) -> Any:
        """The answer the mutant gives for ``query`` about ``obj`` (default: unchanged)."""
        return value


def _with_mana_value(query: str, value: Any, mv: int) -> Any:
    if query == "characteristics" and isinstance(value, dict):
        return {**value, "mana_value": mv}
    return mv if query == "mana_value" else value


class SplitOneHalf(MutantAdapter):
    """Bug: a split card off the stack has the mana value of its first half only (CR 709.4b)."""

    bug = "split-one-half"

    def alter(self, session: MutantSession, query: str, obj: GameObject, value: Any) -> Any:
        if query in _MV_QUERIES and obj.card.is_split and obj.zone != "stack" \
                and session.era == "modern":
            cost = obj.card.data.get("faces", [{}])[0].get("mana_cost", "")
            return _with_mana_value(query, value, mana_value_of_cost(cost))
        return value


class TokenWithoutSuffix(MutantAdapter):
    """Bug: a token named by its subtypes lacks the word "Token" (CR 111.4)."""

    bug = "token-without-suffix"

    def alter(self, session: MutantSession, query: str, obj: GameObject, value: Any) -> Any:
        if query in _NAME_QUERIES and obj.is_token:
            if query == "name" and isinstance(value, str) and value.endswith(" Token"):
                return value[: -len(" Token")]
            if isinstance(value, dict) and str(value.get("name", "")).endswith(" Token"):
                return {**value, "name": str(value["name"])[: -len(" Token")]}
        return value


_KICKER = re.compile(r"^Kicker ((?:\{[^}]+\})+)", re.MULTILINE)


class KickerInManaValue(MutantAdapter):
    """Bug: a card's kicker cost is counted into its mana value (CR 202.3, 118.8d)."""

    bug = "kicker-in-mana-value"

    def alter(self, session: MutantSession, query: str, obj: GameObject, value: Any) -> Any:
        if query not in _MV_QUERIES or obj.card.is_split or not isinstance(
                value if query == "mana_value" else (value or {}).get("mana_value"), int):
            return value
        costs = [str(a.get("cost", "")) for a in obj.card.front.abilities
                 if a.get("kind") == "keyword" and a.get("keyword") == "kicker"]
        found = _KICKER.search(obj.card.front.oracle_text)
        if not costs and found is not None:
            costs = [found.group(1)]
        if not costs:
            return value
        base = value if query == "mana_value" else value["mana_value"]
        return _with_mana_value(query, value, base + mana_value_of_cost(costs[0]))


class DfcBackZero(MutantAdapter):
    """Bug: a transformed double-faced permanent has mana value 0 (CR 712.8e says: the front
    face's mana value)."""

    bug = "dfc-back-zero"

    def alter(self, session: MutantSession, query: str, obj: GameObject, value: Any) -> Any:
        if query in _MV_QUERIES and obj.card.is_double_faced and obj.transformed:
            return _with_mana_value(query, value, 0)
        return value


class TappedAttacker(MutantAdapter):
    """Bug: a tapped creature may be declared as an attacker (CR 508.1a says it can't)."""

    bug = "tapped-attacker"

    def perform(self, session: MutantSession, action: Mapping[str, Any]) -> Outcome:
        if action.get("type") != "declare_attackers":
            return session.inner.perform(action)
        game = session.inner.game
        untapped: list[GameObject] = []
        for entry in action.get("attackers", []):
            handle = entry.get("object") if isinstance(entry, Mapping) else entry
            try:
                attacker = game.object(handle)
            except Exception:
                continue
            if attacker.tapped:
                attacker.tapped = False  # the bug: tapped status is ignored
                untapped.append(attacker)
        outcome = session.inner.perform(action)
        if not outcome.ok:
            for attacker in untapped:
                attacker.tapped = True
        return outcome


class SickManaTap(MutantAdapter):
    """Bug: a summoning-sick creature may pay {T} for a mana ability (CR 302.6 says it can't)."""

    bug = "sick-mana-tap"

    def perform(self, session: MutantSession, action: Mapping[str, Any]) -> Outcome:
        outcome = session.inner.perform(action)
        if action.get("type") != "activate" or outcome.failure != "summoning-sick":
            return outcome
        source = session.inner.game.object(action.get("object"))
        since = source.controlled_since
        source.controlled_since = -1  # the bug: treated as controlled since long ago
        outcome = session.inner.perform(action)
        if not outcome.ok:
            source.controlled_since = since
        return outcome


#: Every wrong engine, by bug name.
MUTANTS: dict[str, type[MutantAdapter]] = {
    m.bug: m for m in (SplitOneHalf, TokenWithoutSuffix, KickerInManaValue, DfcBackZero,
                       TappedAttacker, SickManaTap)
}
