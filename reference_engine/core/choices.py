"""Answers to choices players make while the game runs (CR 601.2, 608.2d, 616.1, ...).

A case supplies answers as data: ``setup.choices`` for the whole case, or ``choices`` in the
action that leads to the choice (they override the setup's). Rules code asks with
:func:`choose`; a choice the case did not answer is taken automatically only when there is a
single option, otherwise the case is incomplete and :class:`SetupError` says which choice it
needs. An answer outside the options the rules offer is the player choosing something the
rules don't allow: the action is rejected with ``illegal-choice`` (a Clone told to copy a
permanent that is no longer a creature, CR 707.5), and the game is left as it was.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from reference_engine.core.errors import RulesViolation, SetupError
from reference_engine.core.registry import setup_hook

if TYPE_CHECKING:
    from reference_engine.core.state import GameState

__all__ = ["choose", "offer_choices", "withdraw_choices"]

_KEY = "choices"


@setup_hook(stage="choices")
def _setup_choices(state: GameState, setup: Mapping[str, Any]) -> None:
    state.extra[_KEY] = [dict(setup.get("choices", {}))]


def offer_choices(state: GameState, answers: Mapping[str, Any] | None) -> None:
    """Make ``answers`` (from an action) available to the choices that follow."""
    state.extra.setdefault(_KEY, [{}]).append(dict(answers or {}))


def withdraw_choices(state: GameState) -> None:
    """Forget the answers the last :func:`offer_choices` added."""
    stack = state.extra.setdefault(_KEY, [{}])
    if len(stack) > 1:
        stack.pop()


def choose(state: GameState, name: str, options: Sequence[Any] | None = None, *,
           default: Any = None, has_default: bool = False) -> Any:
    """The answer to choice ``name``: the case's answer, else the only option, else
    ``default`` when one is given; an answer outside ``options`` is an illegal choice."""
    for answers in reversed(state.extra.get(_KEY, [])):
        if name in answers:
            value = answers[name]
            if options is not None and value not in options:
                raise RulesViolation(
                    "illegal-choice",
                    f"choice {name!r}: {value!r} is not one of the options {list(options)!r}")
            return value
    if options is not None and len(options) == 1:
        return options[0]
    if has_default or default is not None:
        return default
    shown = f" (options: {list(options)!r})" if options is not None else ""
    raise SetupError(f"the case must answer choice {name!r}{shown}: add it to the action's "
                     "'choices' table or to setup.choices")
