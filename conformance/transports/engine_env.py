"""The environment an engine process gets, and how to widen it.

An engine started with ``cmd:`` gets a filtered environment (:data:`ENGINE_ENV_KEYS`, every
``MTGCONF_ENGINE_*`` variable, and nothing else): secrets and the harness's own settings do not
leak into it. Some engines need more (a JVM reads ``CLASSPATH``, .NET ``DOTNET_ROOT``); three
ways pass a variable through, each naming it (``NAME``: passed from the harness's environment)
or setting it (``NAME=VALUE``):

* ``--engine-env NAME[=VALUE]`` on the command line (repeatable);
* ``engine-env = ["NAME", "NAME=VALUE"]`` under ``[tool.mtgconf]`` in the nearest
  ``pyproject.toml`` (from the current directory upwards);
* ``MTGCONF_ENGINE_ENV="NAME NAME=VALUE"`` (space-separated) in the environment.

When an engine fails to start, :func:`start_note` says which environment it had and which of
the harness's variables it did not get, so a missing ``CLASSPATH`` is named, not guessed.
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from conformance.spec import tomlio

__all__ = ["ENGINE_ENV_KEYS", "PASS_VAR", "configured_entries", "dropped", "engine_environment",
           "hand_command", "parse_entries", "start_note"]

#: Variables passed from the harness's environment to an engine (see docs/reliability.md);
#: every ``MTGCONF_ENGINE_*`` variable is passed too, and those named as above.
ENGINE_ENV_KEYS = ("PATH", "HOME", "USER", "LOGNAME", "LANG", "LC_ALL", "LC_CTYPE", "TZ",
                   "TMPDIR", "TEMP", "TMP", "SYSTEMROOT", "COMSPEC", "PATHEXT", "PYTHONPATH",
                   "VIRTUAL_ENV")
#: The variable holding the extra entries (``--engine-env`` writes it, so that worker
#: processes of ``--jobs`` inherit it).
PASS_VAR = "MTGCONF_ENGINE_ENV"
#: Variables that, dropped, commonly stop an engine from starting: named first.
_TELLING = ("CLASSPATH", "JAVA_HOME", "JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "DOTNET_ROOT",
            "NODE_PATH", "GOPATH", "GOROOT", "CARGO_HOME", "RUSTUP_HOME", "LD_LIBRARY_PATH",
            "DYLD_LIBRARY_PATH", "PYTHONHOME", "CONDA_PREFIX", "GEM_HOME", "GEM_PATH",
            "PERL5LIB")


def parse_entries(entries: Iterable[str]) -> dict[str, str | None]:
    """``NAME`` -> None (pass it through), ``NAME=VALUE`` -> VALUE. Raises ValueError naming
    an entry with no name or a name that is not a variable name."""
    out: dict[str, str | None] = {}
    for entry in entries:
        name, eq, value = entry.partition("=")
        name = name.strip()
        if not name or not all(c.isalnum() or c == "_" for c in name) or name[0].isdigit():
            raise ValueError(f"engine environment entry {entry!r}: expected NAME or "
                             "NAME=VALUE, NAME made of letters, digits and _")
        out[name] = value if eq else None
    return out


def configured_entries(start: Path | None = None) -> list[str]:
    """The ``engine-env`` list of the nearest ``pyproject.toml`` with a ``[tool.mtgconf]``
    table, from ``start`` (default: the current directory) upwards; [] when none."""
    directory = (start or Path.cwd()).resolve()
    for folder in (directory, *directory.parents):
        file = folder / "pyproject.toml"
        if not file.is_file():
            continue
        try:
            data = tomlio.loads(file.read_text("utf-8"))
        except (OSError, UnicodeDecodeError, tomlio.TOMLDecodeError):
            continue
        tool = data.get("tool", {})
        section = tool.get("mtgconf") if isinstance(tool, dict) else None
        if not isinstance(section, dict):
            continue
        value = section.get("engine-env", [])
        return [str(v) for v in value] if isinstance(value, list) else []
    return []


def _extra(base: Mapping[str, str]) -> dict[str, str | None]:
    """The entries named by the environment's :data:`PASS_VAR` and the project's config
    (an entry that does not parse is left out here; the command line reports it)."""
    entries = [*configured_entries(), *shlex.split(base.get(PASS_VAR, ""))]
    out: dict[str, str | None] = {}
    for entry in entries:
        try:
            out.update(parse_entries([entry]))
        except ValueError:
            continue
    return out


def engine_environment(base: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment an engine process gets: the :data:`ENGINE_ENV_KEYS` and
    ``MTGCONF_ENGINE_*`` variables of ``base`` (default: this process), the variables the
    command line, the config or :data:`PASS_VAR` name or set, and nothing else."""
    base = os.environ if base is None else base
    env = {k: v for k, v in base.items()
           if k in ENGINE_ENV_KEYS or (k.startswith("MTGCONF_ENGINE_") and k != PASS_VAR)}
    for name, value in _extra(base).items():
        if value is not None:
            env[name] = value
        elif name in base:
            env[name] = base[name]
    return env


def dropped(env: Mapping[str, str], base: Mapping[str, str] | None = None) -> list[str]:
    """The harness's variables the engine did not get, the telling ones first."""
    base = os.environ if base is None else base
    gone = sorted(k for k in base if k not in env)
    return [k for k in _TELLING if k in gone] + [k for k in gone if k not in _TELLING]


def hand_command(argv: Sequence[str], env: Mapping[str, str],
                 base: Mapping[str, str] | None = None) -> str:
    """A shell command running ``argv`` with exactly ``env`` (``env -i``), to try by hand; a
    variable with the harness's own value is written ``NAME="$NAME"``, so no value is shown."""
    base = os.environ if base is None else base
    pairs = [f'{k}="${k}"' if base.get(k) == v else shlex.quote(f"{k}={v}")
             for k, v in sorted(env.items())]
    return " ".join(["env", "-i", *pairs, *(shlex.quote(a) for a in argv)])


def start_note(argv: Sequence[str], env: Mapping[str, str]) -> tuple[str, str]:
    """What to say when an engine did not start: a short clause for the message's first line,
    and a paragraph for its detail (the variables it got and those it did not)."""
    gone = dropped(env)
    telling = [k for k in gone if k in _TELLING]
    if telling:
        clause = (f"the engine runs with a filtered environment that dropped "
                  f"{', '.join(telling)}"
                  + (f" (and {len(gone) - len(telling)} more)" if len(gone) > len(telling)
                     else "") + "; pass a variable with --engine-env NAME[=VALUE]")
    else:
        clause = (f"the engine runs with a filtered environment ({len(gone)} of this "
                  "process's variables not passed; --engine-env NAME[=VALUE] passes one)")
    detail = ("engine environment (filtered; see docs/engine-authors.md): it got "
              + (", ".join(sorted(env)) or "nothing")
              + "; not passed: " + (", ".join(gone) or "nothing")
              + "\nto try it by hand with the same environment: " + hand_command(argv, env))
    return clause, detail
