"""The spec registries: features and failure classes, eras, the ruling catalog and the cards.

:func:`load_spec` reads them all from a spec directory, validates each file against its schema and
collects every problem as a located :class:`~conformance.errors.SpecError` instead of stopping.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from conformance.errors import SpecError
from conformance.spec.limits import (
    non_json_values,
    parse_untrusted_toml,
    read_spec_text,
    too_deep,
)
from conformance.spec.model import Ruling
from conformance.spec.paths import spec_root
from conformance.spec.schema import is_valid, iter_schema_errors, json_path
from conformance.spec.tomlindex import index_lines, line_of

__all__ = ["AREAS", "Spec", "default_spec", "load_spec", "read_toml"]

#: Rules areas, in report order.
AREAS = ("characteristics", "casting", "combat", "mana", "objects")


@dataclass
class Spec:
    """Everything in ``spec/`` except the cases."""

    root: Path
    features: dict[str, Mapping[str, Any]] = field(default_factory=dict)
    failures: dict[str, Mapping[str, Any]] = field(default_factory=dict)
    eras: dict[str, Mapping[str, Any]] = field(default_factory=dict)
    #: The era switches' citations (``[[switch]]`` of ``eras.toml``), by switch id.
    switches: dict[str, Mapping[str, Any]] = field(default_factory=dict)
    rulings: dict[str, Ruling] = field(default_factory=dict)
    cards: dict[str, Mapping[str, Any]] = field(default_factory=dict)
    card_files: dict[str, str] = field(default_factory=dict)
    errors: list[SpecError] = field(default_factory=list)

    def card(self, name: str) -> Mapping[str, Any] | None:
        """Card data by full name or by a face's name (case-insensitive)."""
        key = name.casefold()
        found = self.cards.get(key)
        if found is not None:
            return found
        for data in self.cards.values():
            for face in data.get("faces", []):
                if str(face.get("name", "")).casefold() == key:
                    return data
        return None

    def cases_dir(self) -> Path:
        """``spec/cases``."""
        return self.root / "cases"


def read_toml(path: Path, schema_name: str | None, *,
              display: str | None = None) -> tuple[dict[str, Any] | None, list[SpecError]]:
    """Read and schema-check one TOML file; return its data (None if unreadable) and every
    error found, each with its line where it can be placed."""
    shown = display or str(path)
    text, error = read_spec_text(path, display=shown)
    if text is None:
        return None, [error] if error is not None else []
    try:
        return parse_toml_text(text, schema_name, display=shown)
    except RecursionError:
        return None, [too_deep(shown)]


def parse_toml_text(text: str, schema_name: str | None, *, display: str,
                    case_id: str | None = None
                    ) -> tuple[dict[str, Any] | None, list[SpecError]]:
    """Parse TOML ``text`` and check it against ``schema_name`` (every error, located)."""
    data, problem = parse_untrusted_toml(text, display=display)
    if data is None:
        return None, [problem] if problem is not None else []
    if schema_name is None:
        return data, []
    if is_valid(schema_name, data):  # the compiled check: nothing to explain
        return data, []
    ident = case_id or (data.get("id") if isinstance(data.get("id"), str) else None)
    index: dict[tuple[Any, ...], int] | None = None  # built only to place an error
    errors = []
    for err in iter_schema_errors(schema_name, data):
        if index is None:
            index = index_lines(text)
        path = list(err.absolute_path)
        schema = err.schema if isinstance(err.schema, Mapping) else {}
        if err.validator == "additionalProperties":
            instance: Any = err.instance
            extra = sorted(set(instance) - set(schema.get("properties", {})))
            if extra:
                path = [*path, extra[0]]
        errors.append(SpecError("schema", _schema_message(err), file=display, case=ident,
                                path=json_path(path), line=line_of(index, path),
                                hint=schema.get("x-hint")))
    return data, errors


def _schema_message(err: Any) -> str:
    """A schema error in words: unknown keys named, patterns explained by the schema's
    description instead of the regular expression, and a condition's own words where the
    schema gives them (``x-message``)."""
    if isinstance(err.schema, Mapping) and isinstance(err.schema.get("x-message"), str):
        return str(err.schema["x-message"])
    if err.validator == "additionalProperties":
        extra = sorted(set(err.instance) - set(err.schema.get("properties", {})))
        names = ", ".join(repr(k) for k in extra)
        return f"unknown key {names}: it is not part of the format"
    if err.validator == "pattern" and err.schema.get("description"):
        return f"{err.instance!r} is not valid: {err.schema['description']}"
    return str(err.message)


def _load_rulings(root: Path, spec: Spec) -> None:
    path = root / "rulings.toml"
    data, errors = read_toml(path, "ruling")
    spec.errors += errors
    if not data:
        return
    for entry in data.get("ruling", []):
        if not isinstance(entry, Mapping) or not isinstance(entry.get("id"), str):
            continue
        rid = entry["id"]
        if rid in spec.rulings:
            spec.errors.append(SpecError("duplicate-ruling", f"ruling id {rid!r} appears twice",
                                         file=str(path)))
            continue
        spec.rulings[rid] = Ruling(
            id=rid,
            area=str(entry.get("area", "")),
            statement=str(entry.get("statement", "")),
            source=str(entry.get("source", "")),
            rules=tuple(entry.get("rules", [])),
            eras=tuple(entry.get("eras", [])),
            conflicts=tuple(entry.get("conflicts", [])),
            cards=tuple(entry.get("cards", [])),
            testable=bool(entry.get("testable", True)),
            not_testable=entry.get("not_testable"),
            note=entry.get("note"),
        )


def _not_json(data: Mapping[str, Any], path: Path) -> list[SpecError]:
    """A located ``not-json`` error for each date, time, NaN or infinity in ``data``."""
    found = list(non_json_values(data))
    if not found:
        return []
    text, _ = read_spec_text(path, display=str(path))
    index = index_lines(text) if text is not None else {}
    return [SpecError(code, message, file=str(path), path=json_path(where),
                      line=line_of(index, where), hint=hint)
            for code, message, where, hint in found]


def _card_files(root: Path, spec: Spec) -> list[Path]:
    """The card files of the spec at ``root``. A card directory that exists but cannot be
    listed (no permission, not a directory) is a located error, never an empty catalog."""
    directory = root / "cards"
    try:
        with os.scandir(directory) as entries:
            names = [e.name for e in entries
                     if e.name.endswith(".toml") and not e.name.startswith(".")]
    except FileNotFoundError:
        return []
    except OSError as exc:
        spec.errors.append(SpecError(
            "unreadable", f"cannot list the card directory: {exc.strerror or exc}",
            file=str(directory), hint="every card the cases name is read from here; make it "
            "a readable directory"))
        return []
    return sorted(directory / name for name in names)


def _load_cards(root: Path, spec: Spec) -> None:
    for path in _card_files(root, spec):
        data, errors = read_toml(path, "card")
        if data and not errors:
            errors = _not_json(data, path)  # cards go to engines as JSON
        spec.errors += errors
        if not data or errors:
            continue
        name = str(data["name"])
        key = name.casefold()
        if key in spec.cards:
            spec.errors.append(SpecError(
                "duplicate-card", f"card {name!r} is defined twice (also in "
                f"{spec.card_files[key]})", file=str(path)))
            continue
        spec.cards[key] = data
        spec.card_files[key] = str(path)


def load_spec(root: Path | None = None) -> Spec:
    """Load every registry under ``root`` (default: :func:`~conformance.paths.spec_root`)."""
    root = root or spec_root()
    spec = Spec(root=root)
    data, errors = read_toml(root / "features.toml", "features")
    spec.errors += errors
    if data:
        spec.features = dict(data.get("feature", {}))
        spec.failures = dict(data.get("failure", {}))
    data, errors = read_toml(root / "eras.toml", "eras")
    spec.errors += errors
    if data:
        spec.eras = {str(e["id"]): e for e in data.get("era", []) if "id" in e}
        spec.switches = {str(s["id"]): s for s in data.get("switch", []) if "id" in s}
    _load_rulings(root, spec)
    _load_cards(root, spec)
    _check_cross_references(spec)
    return spec


def _check_cross_references(spec: Spec) -> None:
    rulings_file = str(spec.root / "rulings.toml")
    for ruling in spec.rulings.values():
        for era in ruling.eras:
            if era not in spec.eras:
                spec.errors.append(SpecError(
                    "unknown-era", f"ruling {ruling.id} names unknown era {era!r}",
                    file=rulings_file, hint=f"known eras: {', '.join(spec.eras)}"))
        for other in ruling.conflicts:
            if other not in spec.rulings:
                spec.errors.append(SpecError(
                    "unknown-ruling", f"ruling {ruling.id} conflicts with unknown ruling "
                    f"{other!r}", file=rulings_file))
        for card in ruling.cards:
            if spec.card(card) is None:
                spec.errors.append(SpecError(
                    "unknown-card", f"ruling {ruling.id} names card {card!r}, which is not in "
                    "spec/cards", file=rulings_file))


@cache
def _cached(root: str) -> Spec:
    return load_spec(Path(root))


def default_spec(root: Path | None = None) -> Spec:
    """The spec at ``root`` (default location if None), loaded once per process."""
    return _cached(str(root or spec_root()))


def era_ids(spec: Spec) -> Iterable[str]:
    """Era ids in the order the spec lists them."""
    return spec.eras.keys()
