"""Emit generated cases: deterministic case data for a seed, and case files on disk.

The same seed, count, filters and generator version always give byte-identical files: each case
comes from its own ``random.Random`` seeded by (version, family, seed, index), and files are
written in a fixed key order (:mod:`generators.tomlcase`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from . import families as _families  # noqa: F401 - registers the families
from .family import FAMILIES, Family, FamilyError, draw_case, find_family
from .tomlcase import case_text, toml_layout

__all__ = ["DEFAULT_PER_FAMILY", "DEFAULT_SEED", "case_text", "default_count", "generate_cases",
           "generated_text", "load_generated", "regenerate", "select_families", "write_cases"]

#: The seed ``mtgconf run`` uses for its generated set.
DEFAULT_SEED = 20001002

#: Cases of each family in the generated set ``mtgconf run`` adds by default.
DEFAULT_PER_FAMILY = 6


def default_count() -> int:
    """How many cases the default generated set holds: :data:`DEFAULT_PER_FAMILY` of every
    family. A family added later adds its own cases and changes no other family's."""
    return DEFAULT_PER_FAMILY * len(FAMILIES)


def select_families(names: Sequence[str] = (), *, era: str | None = None,
                    features: frozenset[str] | None = None) -> list[Family]:
    """The families to draw from, in name order: those named (all by default), holding in
    ``era`` if given, and needing only ``features`` if given."""
    chosen = [find_family(n) for n in names] if names else [FAMILIES[n] for n in sorted(FAMILIES)]
    if era is not None:
        chosen = [f for f in chosen if era in f.eras]
    if features is not None:
        chosen = [f for f in chosen if set(f.features) <= features]
    if not chosen:
        raise FamilyError("no family matches" + (f" era {era!r}" if era else "")
                          + (f" among {', '.join(names)}" if names else ""))
    return chosen


def generate_cases(*, seed: int, count: int, families: Sequence[str] = (),
                   era: str | None = None, start: int = 0) -> Iterator[dict[str, Any]]:
    """``count`` cases for ``seed``, taking the selected families in turn.

    Case ``i`` of the set belongs to family ``i mod n`` and is that family's case number
    ``i // n`` (its id ends ``.i<i // n>``): the first ``k * n`` cases hold the first ``k`` cases
    of every family, and each case depends only on its family, the seed and its number in the
    family, so adding or removing a family changes no other family's cases. With ``start``, the
    cases ``start`` to ``start + count - 1`` of the same set (each is drawn on its own, so a set
    can be split across processes).
    """
    if count < 0:
        raise FamilyError(f"count={count!r} must not be negative")
    if start < 0:
        raise FamilyError(f"start={start!r} must not be negative")
    chosen = select_families(families, era=era)
    for index in range(start, start + count):
        fam = chosen[index % len(chosen)]
        yield draw_case(fam, seed=seed, index=index // len(chosen), era=era)


def case_path(case: dict[str, Any]) -> Path:
    """Where a generated case goes under the output directory: ``<family>/<id>.toml``."""
    return Path(str(case["generated"]["family"])) / f"{case['id']}.toml"


def write_cases(cases: Iterator[dict[str, Any]] | Sequence[dict[str, Any]], out: Path
                ) -> list[Path]:
    """Write each case under ``out``; return the paths written."""
    paths: list[Path] = []
    for case in cases:
        path = out / case_path(case)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(case_text(case), encoding="utf-8", newline="\n")
        paths.append(path)
    return paths


def load_generated(*, count: int, seed: int = DEFAULT_SEED, era: str | None = None,
                   spec: Any = None, start: int = 0) -> Any:
    """Generate ``count`` cases (from case ``start`` on) and load them like case files
    (validated): a :class:`conformance.spec.loader.LoadResult` whose cases have ``file`` =
    ``<generated:family/id.toml>``."""
    from conformance.spec.loader import LoadResult

    result = LoadResult()
    for case, errors in iter_generated(count=count, seed=seed, era=era, spec=spec, start=start):
        result.files += 1
        result.errors += errors
        if case is not None:
            result.cases.append(case)
    return result


def iter_generated(*, count: int, seed: int = DEFAULT_SEED, era: str | None = None,
                   spec: Any = None, start: int = 0) -> Iterator[tuple[Any, list[Any]]]:
    """The cases of :func:`load_generated` one at a time, each drawn and loaded only when
    asked for: ``(case or None, its spec errors)``. A run that plays each case as it comes
    holds one generated case at a time, however many it plays."""
    from conformance.spec.catalog import default_spec
    from conformance.spec.loader import load_case_data, load_case_text

    spec = spec or default_spec()
    if count <= 0:
        return
    for data in generate_cases(seed=seed, count=count, era=era, start=start):
        display = f"<generated:{case_path(data)}>"
        plain = toml_layout(data)  # what the text would read back to, without the text
        if plain is None:
            case, errors = load_case_text(case_text(data), spec, display=display)
        else:
            case, errors = load_case_data(plain, partial(case_text, data), spec,
                                          display=display)
        yield case, list(errors)


def generated_item_count(*, count: int, era: str | None = None,
                         families: Sequence[str] = ()) -> int:
    """How many (case, era) pairs the first ``count`` generated cases give a run (``era``:
    only that era), without drawing them: a per-era family's case holds in the one era it was
    drawn for, another family's in each of its eras."""
    if count <= 0:
        return 0
    chosen = select_families(families, era=era)
    per_case = [1 if (era is not None or fam.per_era) else len(fam.eras) for fam in chosen]
    full, rest = divmod(count, len(chosen))
    return full * sum(per_case) + sum(per_case[:rest])


def generated_text(case: Any) -> str:
    """The TOML text of a loaded generated case, byte for byte what ``mtgconf generate --out``
    writes for it: rendered on demand (for a report or a failure), never during a run."""
    return case_text(case.data)


_GENERATED_ID = re.compile(r"^gen\.(?P<family>.+)\.s(?P<seed>-?\d+)\.i(?P<index>\d+)$")


def regenerate(case_id: str, *, era: str | None = None) -> dict[str, Any] | None:
    """The generated case ``gen.<family>.s<seed>.i<index>`` drawn again (the same data
    ``mtgconf generate`` wrote for it), or None if the id does not name a family's case."""
    m = _GENERATED_ID.match(case_id)
    if m is None or m["family"] not in FAMILIES:
        return None
    data = draw_case(FAMILIES[m["family"]], seed=int(m["seed"]), index=int(m["index"]), era=era)
    return data if data.get("id") == case_id else None
