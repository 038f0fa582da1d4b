"""JSON Schemas of the spec (``spec/schema/*.json``) and validation that reports every error.

Two validators share each schema. The fast one (``jsonschema-rs``, compiled, about a hundred times
quicker here) only answers *is this valid?*, and is asked first; the thorough one (``jsonschema``)
runs only when the answer is no, to explain the failure with every error and its path. So a valid
file costs a compiled check, and an invalid one gets exactly the messages it always got. Should the
two ever disagree, the thorough one decides: the fast "no" of a file it finds valid costs only time.
``MTGCONF_NO_FAST_VALIDATOR=1`` (or :func:`fast_validation` ``(False)``) turns the fast one off.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # imported when first needed: a clean run never explains an error
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError
    from referencing import Registry

from conformance.spec.paths import spec_root

__all__ = ["SCHEMAS", "fast_validation", "is_valid", "iter_schema_errors", "json_path", "schema",
           "validator"]

#: Schema names, each ``spec/schema/<name>.schema.json``.
SCHEMAS = ("case", "card", "ruling", "protocol", "report", "eras", "features", "cr-map")


def _schema_dir() -> Path:
    return spec_root() / "schema"


@cache
def _registry() -> Registry[Any]:
    from referencing import Registry, Resource

    resources = []
    for name in SCHEMAS:
        contents = json.loads((_schema_dir() / f"{name}.schema.json").read_text("utf-8"))
        resources.append((contents["$id"], Resource.from_contents(contents)))
    registry: Registry[Any] = Registry().with_resources(resources)
    return registry


@cache
def schema(name: str) -> dict[str, Any]:
    """The schema ``name`` (one of :data:`SCHEMAS`) as a mapping."""
    if name not in SCHEMAS:
        raise KeyError(f"unknown schema {name!r} (known: {', '.join(SCHEMAS)})")
    loaded: dict[str, Any] = json.loads(
        (_schema_dir() / f"{name}.schema.json").read_text("utf-8"))
    return loaded


@cache
def validator(name: str) -> Draft202012Validator:
    """A validator for schema ``name`` that resolves references to the other schemas (with a
    linear-time ``uniqueItems``, see :func:`conformance.spec.limits.unique_items`)."""
    from jsonschema import Draft202012Validator, validators

    from conformance.spec.limits import unique_items

    cls = validators.extend(  # type: ignore[no-untyped-call]
        Draft202012Validator, {"uniqueItems": unique_items})
    made: Draft202012Validator = cls(schema(name), registry=_registry())
    return made


@cache
def _fast(name: str) -> Any:
    """The compiled validator of schema ``name`` (references resolved from the local schemas,
    never fetched), or None without ``jsonschema-rs``."""
    try:
        import jsonschema_rs
    except ImportError:  # pragma: no cover - a platform without its wheel: the thorough path
        return None
    compiled: Any = jsonschema_rs
    registry = compiled.Registry([(schema(n)["$id"], schema(n)) for n in SCHEMAS])
    return compiled.validator_for(schema(name), registry=registry)


_FAST = [os.environ.get("MTGCONF_NO_FAST_VALIDATOR", "") in ("", "0")]


def fast_validation(enabled: bool | None = None) -> bool:
    """Whether :func:`is_valid` asks the compiled validator first; set it with ``enabled``
    (tests compare the two paths). Returns the setting in force before the call."""
    before = _FAST[0]
    if enabled is not None:
        _FAST[0] = enabled
    return before


def is_valid(name: str, instance: Any) -> bool:
    """True when ``instance`` certainly satisfies schema ``name`` (the compiled check); False
    means "ask :func:`iter_schema_errors`", which has the last word."""
    fast = _fast(name) if _FAST[0] else None
    if fast is None:
        return False
    try:
        return bool(fast.is_valid(instance))
    except (ValueError, TypeError, OverflowError, RecursionError):
        return False  # not JSON (a TOML date), too deep, too large: the thorough path explains


def json_path(path: Sequence[Any]) -> str:
    """``steps[2].expect`` style text for a JSON path (``$`` for the root)."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "$"


def _best(error: ValidationError) -> ValidationError:
    """For ``oneOf``/``anyOf`` failures, explain with the branch the input came closest to
    (fewest errors, then deepest), as a person reading the message expects."""
    if not error.context or error.validator not in ("oneOf", "anyOf"):
        return error
    branches: dict[Any, list[ValidationError]] = {}
    for sub in error.context:
        branches.setdefault(sub.relative_schema_path[0], []).append(sub)
    closest = min(branches.values(),
                  key=lambda errs: (len(errs), -max(len(e.absolute_path) for e in errs)))
    return _best(max(closest, key=lambda e: len(e.absolute_path)))


def iter_schema_errors(name: str, instance: Any) -> Iterator[ValidationError]:
    """Every schema error in ``instance`` (not just the first), most specific first-level."""
    errors = sorted(validator(name).iter_errors(instance), key=lambda e: list(e.absolute_path))
    for error in errors:
        yield _best(error)
