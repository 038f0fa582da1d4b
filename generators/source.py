"""Sources of random choices: one interface over ``random.Random`` and Hypothesis draws.

A family's parameters and a generated card are written once, as a function of a
:class:`Source`. Emission runs them on a seeded :class:`RandomSource` (deterministic for a seed,
no Hypothesis involved); property tests and differential runs run them on a :class:`DrawSource`
so that Hypothesis can shrink every choice.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar

if TYPE_CHECKING:  # imported by the Hypothesis side only: emission draws from random.Random
    from hypothesis import strategies as st

__all__ = ["DrawSource", "RandomSource", "Source", "from_source", "random_source"]

T = TypeVar("T")


class Source(Protocol):
    """Where random choices come from."""

    def integer(self, low: int, high: int) -> int:
        """An integer from ``low`` to ``high`` inclusive (shrinks towards ``low``)."""
        ...

    def choice(self, options: Sequence[T]) -> T:
        """One of ``options`` (shrinks towards the first)."""
        ...

    def boolean(self) -> bool:
        """True or False (shrinks towards False)."""
        ...


class RandomSource:
    """Choices from a seeded :class:`random.Random`: the same seed gives the same choices."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def integer(self, low: int, high: int) -> int:
        """An integer from ``low`` to ``high`` inclusive."""
        return self.rng.randint(low, high)

    def choice(self, options: Sequence[T]) -> T:
        """One of ``options``."""
        if not options:
            raise ValueError("choice() needs at least one option")
        return options[self.rng.randrange(len(options))]

    def boolean(self) -> bool:
        """True or False."""
        return self.rng.random() < 0.5


@functools.lru_cache(maxsize=512)
def _integers(low: int, high: int) -> st.SearchStrategy[int]:
    from hypothesis import strategies as st

    return st.integers(low, high)


@functools.lru_cache(maxsize=1)
def _booleans() -> st.SearchStrategy[bool]:
    from hypothesis import strategies as st

    return st.booleans()


class DrawSource:
    """Choices drawn inside a Hypothesis ``@st.composite`` function, so they shrink.

    A choice is drawn as an index (one cached integer strategy per range), which keeps drawing
    cheap and shrinks towards the first option.
    """

    def __init__(self, draw: st.DrawFn) -> None:
        self.draw = draw

    def integer(self, low: int, high: int) -> int:
        """An integer from ``low`` to ``high`` inclusive."""
        return self.draw(_integers(low, high))

    def choice(self, options: Sequence[T]) -> T:
        """One of ``options``."""
        if not options:
            raise ValueError("choice() needs at least one option")
        return options[self.draw(_integers(0, len(options) - 1))]

    def boolean(self) -> bool:
        """True or False."""
        return self.draw(_booleans())


def random_source(*parts: object) -> RandomSource:
    """A source seeded from ``parts`` (joined as text; stable across processes and runs)."""
    return RandomSource(random.Random(":".join(str(p) for p in parts)))


def from_source(build: Callable[[Source], T]) -> st.SearchStrategy[T]:
    """The Hypothesis strategy that runs ``build`` on drawn choices."""
    from hypothesis import strategies as st

    @st.composite
    def _strategy(draw: st.DrawFn) -> T:
        return build(DrawSource(draw))

    return _strategy()
