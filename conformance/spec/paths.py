"""Where the spec data lives: shipped inside the package, or next to it in a source checkout."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["spec_root"]


def spec_root() -> Path:
    """The ``spec/`` directory: ``$MTGCONF_SPEC`` if set, the copy shipped in the wheel
    (``conformance/_spec``), else the repository's ``spec/`` beside the package."""
    env = os.environ.get("MTGCONF_SPEC")
    if env:
        return Path(env)
    here = Path(__file__).resolve().parent.parent  # the conformance package
    packaged = here / "_spec"
    if packaged.is_dir():
        return packaged
    return here.parent / "spec"
