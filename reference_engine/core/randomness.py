"""Random choices (CR 701.9b discarding at random, 701.24 shuffling) that a case can control.

A random outcome is the case's answer to the choice, when it gives one (so a case can say
which cards were discarded at random, or the order of a shuffled library, and any engine can
follow it); otherwise a pseudo-random pick seeded by ``setup.seed`` (default 0) and by how many
random choices were made before, so a game is reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from reference_engine.core.choices import choose
from reference_engine.core.errors import RulesViolation
from reference_engine.core.registry import setup_hook

if TYPE_CHECKING:
    from reference_engine.core.state import GameState

__all__ = ["random_order", "random_pick"]

_SEED = "random_seed"
_COUNT = "random_count"


@setup_hook(stage="randomness")
def _setup_seed(state: GameState, setup: Mapping[str, Any]) -> None:
    state.extra[_SEED] = int(setup.get("seed", 0))


def _rng(state: GameState) -> random.Random:
    n = int(state.extra.get(_COUNT, 0))
    state.extra[_COUNT] = n + 1
    return random.Random(f"{state.extra.get(_SEED, 0)}:{n}")


def _as_list(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list) else [value]


def random_pick(state: GameState, name: str, options: Sequence[str], count: int) -> list[str]:
    """``count`` different options picked at random (all of them if there are fewer): the
    case's answer to choice ``name`` if it gives one, else seeded."""
    count = min(count, len(options))
    answer = choose(state, name, None, default=None, has_default=True)
    if answer is not None:
        picked = [str(a) for a in _as_list(answer)]
        if len(picked) != count or len(set(picked)) != count or not set(picked) <= set(options):
            raise RulesViolation("illegal-choice", f"choice {name!r}: {answer!r} must be "
                                 f"{count} different card(s) of {list(options)!r}")
        return picked
    return _rng(state).sample(list(options), count)


def random_order(state: GameState, name: str, options: Sequence[str]) -> list[str]:
    """``options`` in a random order (a shuffle, 701.24a): the case's answer to choice ``name``
    (every option once, in the order wanted) if it gives one, else seeded."""
    answer = choose(state, name, None, default=None, has_default=True)
    if answer is not None:
        order = [str(a) for a in _as_list(answer)]
        if sorted(order) != sorted(options):
            raise RulesViolation("illegal-choice", f"choice {name!r}: {answer!r} must list "
                                 f"each of {list(options)!r} once")
        return order
    order = list(options)
    _rng(state).shuffle(order)
    return order
