"""Where the spec data lives, following the user.

The ``spec/`` directory is found in this order (the first that applies wins):

1. ``--spec DIR`` on the command line (or ``--mtg-spec DIR`` for the pytest plugin);
2. the ``MTGCONF_SPEC`` environment variable;
3. from the current directory upwards: a ``pyproject.toml`` with ``[tool.mtgconf] spec = "DIR"``
   (relative to that file), or a directory holding ``spec/eras.toml`` and
   ``spec/features.toml`` (a checkout of this project, or a project carrying its own spec);
4. the copy shipped inside the installed package (``conformance/_spec``);
5. the ``spec/`` beside the package (an editable install run from elsewhere).

:func:`locate_spec` says which of these gave the directory, so commands that write into the spec
(``mtgconf new``) can refuse to write into an installed package and say how to point elsewhere.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from conformance.spec import tomlio

__all__ = ["ENV_VAR", "SpecLocation", "inside_package", "locate_spec", "set_spec_override",
           "spec_root"]

#: The environment variable naming the spec directory.
ENV_VAR = "MTGCONF_SPEC"

_override: Path | None = None


@dataclass(frozen=True)
class SpecLocation:
    """A spec directory and how it was found."""

    root: Path
    source: str
    installed: bool = False

    def describe(self) -> str:
        """``spec /x/spec (from MTGCONF_SPEC)``, for messages."""
        return f"{self.root} (from {self.source})"


def set_spec_override(path: Path | str | None) -> None:
    """Use ``path`` as the spec directory for the rest of the process (``--spec DIR``)."""
    global _override
    _override = Path(path).resolve() if path is not None else None


def _is_spec_dir(path: Path) -> bool:
    return (path / "eras.toml").is_file() and (path / "features.toml").is_file()


def _from_pyproject(directory: Path) -> Path | None:
    """The spec directory ``[tool.mtgconf] spec`` names in ``directory/pyproject.toml``."""
    file = directory / "pyproject.toml"
    if not file.is_file():
        return None
    try:
        data = tomlio.loads(file.read_text("utf-8"))
    except (OSError, UnicodeDecodeError, tomlio.TOMLDecodeError):
        return None
    tool = data.get("tool", {})
    section = tool.get("mtgconf") if isinstance(tool, dict) else None
    value = section.get("spec") if isinstance(section, dict) else None
    if not isinstance(value, str) or not value:
        return None
    return (directory / value).resolve()


def inside_package(path: Path) -> bool:
    """True when ``path`` lies in this installed package or in any site-packages."""
    return _inside_package(path)


def _inside_package(path: Path) -> bool:
    here = Path(__file__).resolve().parent.parent  # the conformance package
    try:
        path.resolve().relative_to(here)
        return True
    except ValueError:
        pass
    return any(part in ("site-packages", "dist-packages") for part in path.resolve().parts)


def locate_spec(start: Path | None = None) -> SpecLocation:
    """The spec directory for a command run in ``start`` (default: the current directory)."""
    if _override is not None:
        return SpecLocation(_override, "--spec", _inside_package(_override))
    env = os.environ.get(ENV_VAR)
    if env:
        root = Path(env)
        return SpecLocation(root, ENV_VAR, _inside_package(root))
    try:
        here_dir = (start or Path.cwd()).resolve()
    except OSError:  # the current directory was removed
        here_dir = None
    if here_dir is not None:
        for directory in (here_dir, *here_dir.parents):
            named = _from_pyproject(directory)
            if named is not None:
                return SpecLocation(named, f"[tool.mtgconf] in {directory / 'pyproject.toml'}",
                                    _inside_package(named))
            if _is_spec_dir(directory / "spec"):
                root = directory / "spec"
                if not _inside_package(root):
                    return SpecLocation(root, f"the checkout {directory}")
    package = Path(__file__).resolve().parent.parent  # the conformance package
    packaged = package / "_spec"
    if packaged.is_dir():
        return SpecLocation(packaged, "the installed package", True)
    return SpecLocation(package.parent / "spec", "the source tree beside the package")


def spec_root() -> Path:
    """The ``spec/`` directory to use (see :func:`locate_spec`)."""
    return locate_spec().root


def relative_file(path: str | None, root: Path) -> str | None:
    """``path`` (a case file) as reports write it, never absolute when it can be helped:
    relative to the spec root ``root`` (``cases/combat/x.toml``), else to the current
    directory, with ``/`` separators; as given when it lies outside both."""
    if not path:
        return path
    p = Path(path)
    for base in (root, Path.cwd()):
        try:
            return p.resolve().relative_to(base.resolve()).as_posix()
        except (ValueError, OSError):
            continue
    return p.as_posix() if not p.is_absolute() else path
