"""A run's work, drawn as the run reaches it: the spec cases' items, planned up front, then
the generated cases', each drawn, loaded and planned only when the run gets to it.

A plain ``mtgconf run --generated N`` (one process, no ``--shard``, no ``--resume``) walks a
:class:`WorkList`, so it holds one generated case at a time however large N is; its length is
known without drawing anything (:func:`generators.emit.generated_item_count`), for the progress
bar. Runs that need the whole plan first (a shard, a resumed report) build a list as before.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from typing import Any

from conformance.adapter import AdapterInfo
from conformance.running.runner import WorkItem, plan
from conformance.spec.catalog import Spec

__all__ = ["WorkList"]


class WorkList(Collection[WorkItem]):
    """Work items: ``first`` (already planned), then the generated set, drawn lazily."""

    def __init__(self, first: Sequence[WorkItem], info: AdapterInfo, *, spec: Spec,
                 generated: int = 0, seed: int = 0, era: str | None = None,
                 skip: Sequence[str] = ()) -> None:
        from generators.emit import generated_item_count

        self._first = first
        self._info = info
        self._spec = spec
        self._count = generated
        self._seed = seed
        self._era = era
        self._skip = skip
        self._length = len(first) + generated_item_count(count=generated, era=era)
        #: Spec errors of generated cases met so far (none, for a sound generator).
        self.errors: list[Any] = []

    def __len__(self) -> int:
        return self._length

    def __bool__(self) -> bool:
        return self._length > 0

    def __contains__(self, item: object) -> bool:
        return any(item == x for x in self)  # draws the generated set: for tests, not runs

    def __iter__(self) -> Iterator[WorkItem]:
        from generators.emit import iter_generated

        yield from self._first
        self.errors = []
        for case, errors in iter_generated(count=self._count, seed=self._seed, era=self._era,
                                           spec=self._spec):
            self.errors += errors
            if case is not None:
                yield from plan([case], self._info, era=self._era, skip=self._skip)
