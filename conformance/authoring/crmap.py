"""The map of the Comprehensive Rules (``spec/cr-map.toml``): every number of the index classified.

Each number of ``spec/cr-index.txt`` has one entry (issue 31):

* ``testable``: game behaviour an engine computes, allows or refuses, observable through the
  protocol's actions and observations, whether a case exists yet or not;
* ``definition``: only defines a term, a heading or a notation; ``tested_by`` names the rules
  through which it is tested;
* ``variant``: a casual variant or optional rule outside two-player play, multiplayer play
  (CR 800-811) and Commander (CR 903), e.g. Planechase (901), Vanguard (902), Archenemy
  (904), Conspiracy Draft (905), ante (407);
* ``outside``: physical cards and play items, deck construction, tournaments, real-world
  procedure such as taking shortcuts (731.1-731.3), and numbers the edition does not have.

Every entry other than ``testable`` carries a one-line ``reason``. :func:`check_cr_map` is what
``mtgconf validate`` runs: the schema, one entry per number of the index and none other, and
``tested_by`` numbers that exist and are testable.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from conformance.authoring.crindex import CrIndex, load_cr_index, sort_key
from conformance.errors import SpecError
from conformance.spec.catalog import read_toml
from conformance.spec.limits import read_spec_text
from conformance.spec.schema import json_path
from conformance.spec.tomlindex import index_lines, line_of

__all__ = ["KINDS", "MAP_FILE", "CrMap", "RuleEntry", "check_cr_map", "default_cr_map",
           "default_index", "lint_cr_map", "load_cr_map", "section_of"]

#: The kinds of the map, in report order.
KINDS = ("testable", "definition", "variant", "outside")
#: The map's file name under ``spec/``.
MAP_FILE = "cr-map.toml"
#: Findings about missing entries beyond this many are summed up in one.
_MAX_LISTED = 20


@dataclass(frozen=True)
class RuleEntry:
    """One CR number of the map."""

    number: str
    kind: str
    reason: str | None = None
    tested_by: tuple[str, ...] = ()
    title: str | None = None


@dataclass(frozen=True)
class CrMap:
    """Every classified CR number of one edition, in rule order."""

    entries: Mapping[str, RuleEntry] = field(default_factory=dict)
    edition: str = ""
    path: str = ""

    def __contains__(self, number: object) -> bool:
        return number in self.entries

    def __len__(self) -> int:
        return len(self.entries)

    def kind(self, number: str) -> str | None:
        """The kind of ``number``, or None when the map does not list it."""
        entry = self.entries.get(number)
        return entry.kind if entry else None

    def title(self, rule: str) -> str:
        """The title of a three-digit rule (``""`` if the map has none)."""
        entry = self.entries.get(rule)
        return entry.title or "" if entry else ""


def section_of(number: str) -> str:
    """The section (first digit) of a CR number: ``"7"`` for ``702.19b``."""
    return number[0]


def _entries(data: Mapping[str, Any]) -> dict[str, RuleEntry]:
    rules = data.get("rules", {})
    out: dict[str, RuleEntry] = {}
    if not isinstance(rules, Mapping):
        return out
    for number in sorted(rules, key=sort_key):
        raw = rules[number]
        if not isinstance(raw, Mapping):
            continue
        out[number] = RuleEntry(
            number=number, kind=str(raw.get("kind", "")),
            reason=raw.get("reason") if isinstance(raw.get("reason"), str) else None,
            tested_by=tuple(str(n) for n in raw.get("tested_by", []) or []),
            title=raw.get("title") if isinstance(raw.get("title"), str) else None)
    return out


def load_cr_map(path: Path | str) -> tuple[CrMap, list[SpecError]]:
    """Read and schema-check the map at ``path``; a missing file is one error (the map is part
    of the spec), and gives an empty map."""
    p = Path(path)
    if not p.is_file():
        return CrMap(path=str(p)), [SpecError(
            "crmap-missing", f"the CR map {p} does not exist", file=str(p),
            hint="every number of spec/cr-index.txt needs an entry (docs/coverage.md)")]
    data, errors = read_toml(p, "cr-map")
    if data is None:
        return CrMap(path=str(p)), errors
    return CrMap(_entries(data), str(data.get("edition", "")), str(p)), errors


@cache
def _cached(path: str) -> CrMap:
    return load_cr_map(path)[0]


def default_cr_map(spec_root: Path) -> CrMap:
    """The map shipped under ``spec_root`` (loaded once per process)."""
    return _cached(str(spec_root / MAP_FILE))


def check_cr_map(cmap: CrMap, index: CrIndex) -> list[SpecError]:
    """Cross-checks of the map against the index: every number classified once, nothing else
    listed, ``tested_by`` pointing at testable numbers of the index, the same edition."""
    if not cmap.path or not index.numbers:
        return []
    text, _ = read_spec_text(Path(cmap.path), display=cmap.path)
    lines = index_lines(text) if text is not None else {}
    found: list[SpecError] = []

    def err(code: str, message: str, where: list[Any], hint: str | None = None) -> None:
        found.append(SpecError(code, message, file=cmap.path, path=json_path(where),
                               line=line_of(lines, where), hint=hint))

    if cmap.edition and index.edition and cmap.edition != index.edition:
        err("crmap-edition", f"the map classifies the {cmap.edition} edition, the index lists "
            f"the {index.edition} edition", ["edition"], "classify the index's edition")
    missing = sorted((n for n in index.numbers if n not in cmap.entries), key=sort_key)
    for number in missing[:_MAX_LISTED]:
        err("crmap-unclassified", f"CR {number} of {Path(index.path).name} has no entry in the "
            "map", ["rules"], f'add "{number}" = {{ kind = "testable" }} (or definition, '
            "variant, outside with a reason)")
    if len(missing) > _MAX_LISTED:
        err("crmap-unclassified", f"{len(missing) - _MAX_LISTED} more numbers of the index "
            f"have no entry in the map (first: {', '.join(missing[:3])})", ["rules"])
    for number, entry in cmap.entries.items():
        where: list[Any] = ["rules", number]
        if number not in index.numbers:
            near = index.nearest(number)
            err("crmap-unknown", f"CR {number} is in the map but not in the index "
                f"({Path(index.path).name})", where,
                f"numbers of that rule: {', '.join(near)}" if near else "check the number")
        for i, other in enumerate(entry.tested_by):
            at = [*where, "tested_by", i]
            if other not in index.numbers:
                err("crmap-tested-by-unknown", f"CR {number} is tested by {other}, which is "
                    "not in the index", at)
            elif cmap.kind(other) not in (None, "testable"):
                err("crmap-tested-by-untestable", f"CR {number} is tested by {other}, which "
                    f"the map classifies as {cmap.kind(other)}", at,
                    "name testable rules, through which the definition is tested")
    return found


def default_index(spec_root: Path) -> CrIndex:
    """The index the map classifies (``spec/cr-index.txt``)."""
    return load_cr_index(spec_root / "cr-index.txt")



def lint_cr_map(spec_root: Path) -> list[SpecError]:
    """Every problem of the map under ``spec_root``: its schema, then :func:`check_cr_map`."""
    cmap, errors = load_cr_map(spec_root / MAP_FILE)
    return errors + check_cr_map(cmap, default_index(spec_root))
