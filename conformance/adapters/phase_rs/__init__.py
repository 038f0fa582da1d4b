"""The phase.rs rules engine as an adapter (``--adapter phase-rs``), through its PyPI bindings.

:mod:`.adapter` holds the adapter and its session; the session builds one helper per concern
and hands each itself, typed as the small protocol of :mod:`.session_view`, so no helper names
the session's module: :mod:`.setup` (the case's game through the engine's sandbox actions,
with :mod:`.effects` for setup effects), :mod:`.casting`, :mod:`.free_cast`, :mod:`.combat`,
:mod:`.mana`, :mod:`.permissions` (setup casting permissions), :mod:`.prompts` (answering the
engine's prompts from a case's action), :mod:`.targets` (the legal_target query),
:mod:`.queries`, and :mod:`.text` (the engine's words and errors as the case format's).
"""

from __future__ import annotations

from .adapter import (
    FEATURES,
    SUPPORTED,
    UNDECLARED,
    PhaseAdapter,
    PhaseSession,
    classify_error,
    decline_limit,
)

__all__ = ["FEATURES", "SUPPORTED", "UNDECLARED", "PhaseAdapter", "PhaseSession", "classify_error",
           "decline_limit"]
