"""Built-in adapters and the lookup of adapters by name, ``module:Class`` or command line."""

from __future__ import annotations

import importlib
import shlex
from typing import Any

from ..adapter import Adapter
from ..errors import AdapterError

__all__ = ["ENTRY_POINT_GROUP", "available_adapters", "builtin_adapters", "resolve_adapter"]

#: Entry-point group third-party packages use to register adapters by name.
ENTRY_POINT_GROUP = "mtg_conformance.adapters"

_BUILTIN = {
    "reference": "conformance.adapters.reference:ReferenceAdapter",
    "null": "conformance.adapters.null:NullAdapter",
    "phase-rs": "conformance.adapters.phase_rs:PhaseAdapter",
    "python-mtg": "conformance.adapters.python_mtg:PythonMtgAdapter",
}


def builtin_adapters() -> dict[str, str]:
    """The adapters shipped with the harness, by name (``module:Class``): an engine started
    another way must not pass for one of them in a report."""
    return dict(_BUILTIN)


def available_adapters() -> dict[str, str]:
    """Adapter names and where each comes from (``module:Class``)."""
    from importlib.metadata import entry_points  # scanning the installed packages is slow

    found = dict(_BUILTIN)
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        found.setdefault(ep.name, ep.value)
    return found


def _load_object(target: str) -> Any:
    module_name, _, attr = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise AdapterError(f"cannot import adapter module {module_name!r}: {exc}") from exc
    try:
        return getattr(module, attr)
    except AttributeError:
        raise AdapterError(f"module {module_name!r} has no attribute {attr!r}") from None


def resolve_adapter(spec: str, *, timeout: float = 10.0, isolate: bool = False) -> Adapter:
    """Make the adapter ``spec`` names: a registered name (``reference``), ``module:Class``, or
    ``cmd:<command line>`` for an engine speaking the JSON-lines protocol (``isolate``: in its
    own namespaces, see :mod:`conformance.transports.procgroup`; only for ``cmd:``)."""
    from ..transports.subprocess import SubprocessAdapter

    if spec.startswith("cmd:"):
        argv = shlex.split(spec[4:])
        if not argv:
            raise AdapterError("'cmd:' needs a command line, e.g. cmd:python my_engine.py")
        return SubprocessAdapter(argv, timeout=timeout, isolate=isolate)
    if isolate:
        raise AdapterError("--isolate is for engines started as a process (cmd:...); an "
                           "in-process adapter runs inside the harness")
    # A built-in name wins over an entry point of the same name: no need to scan for those.
    known = _BUILTIN if spec in _BUILTIN else available_adapters()
    target = known.get(spec, spec if ":" in spec else None)
    if target is None:
        raise AdapterError(
            f"unknown adapter {spec!r}; known: {', '.join(sorted(known))} "
            "(or give module:Class, or cmd:<command line>)")
    factory = _load_object(target)
    try:
        adapter = factory()
    except Exception as exc:
        raise AdapterError(f"adapter {spec!r} failed to start: {exc}") from exc
    for method in ("info", "start"):
        if not callable(getattr(adapter, method, None)):
            raise AdapterError(f"{target} is not an adapter: it has no {method}() method")
    return adapter  # type: ignore[no-any-return]
