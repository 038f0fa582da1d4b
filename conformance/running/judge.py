"""Judging a step: the one place that decides whether an engine's answer meets a case's step.

The runner (a result), the trace (``mtgconf explain``) and differential runs all judge steps the
same way, through :func:`judge_action` and :func:`judge_observation`; they also gather a case's
card data the same way, through :func:`cards_for`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from conformance.adapter import Outcome
from conformance.running.compare import values_equal
from conformance.spec.catalog import Spec
from conformance.spec.model import Case
from conformance.spec.tomlio import canonical_json

__all__ = ["Mismatch", "cards_for", "judge_action", "judge_observation"]


@dataclass(frozen=True)
class Mismatch:
    """How an answer missed its step: the values a report shows and a sentence saying why."""

    expected: Any
    observed: Any
    message: str


def judge_action(reject: str | None, outcome: Outcome) -> Mismatch | None:
    """None when ``outcome`` is what the step asks for: done when ``reject`` is None, else
    refused with exactly that failure class."""
    if reject is None:
        if outcome.ok:
            return None
        return Mismatch("ok", {"rejected": outcome.failure, "message": outcome.message},
                        f"the action was rejected ({outcome.failure}: {outcome.message}) but "
                        f"the rules allow it")
    if outcome.ok:
        return Mismatch({"rejected": reject}, "ok",
                        f"the action was allowed but the rules reject it ({reject})")
    if outcome.failure != reject:
        return Mismatch({"rejected": reject},
                        {"rejected": outcome.failure, "message": outcome.message},
                        f"rejected as {outcome.failure!r}, expected {reject!r}")
    return None


def judge_observation(expect: Any, observed: Any, compare: str = "equal") -> Mismatch | None:
    """None when ``observed`` matches ``expect`` under the step's ``compare`` mode."""
    if values_equal(expect, observed, compare):
        return None
    return Mismatch(expect, observed,
                    f"expected {canonical_json(expect)}, observed {canonical_json(observed)}")


def cards_for(case: Case, spec: Spec) -> dict[str, Mapping[str, Any]]:
    """Card data for every card the case's setup names: the case's inline cards first, then
    the catalog's; a name neither knows is left out (the engine reports it)."""
    inline = {str(c["name"]).casefold(): c for c in case.cards}
    cards: dict[str, Mapping[str, Any]] = {}
    for name in case.card_names():
        data = inline.get(name.casefold()) or spec.card(name)
        if data is not None:
            cards[name] = data
    return cards
