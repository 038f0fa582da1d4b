"""The options of one run of the suite (``mtgconf run``) as a typed, frozen value.

The command line builds it from its parsed arguments (:mod:`conformance.commands.run`); the run
itself (:mod:`conformance.running.session`, and the command's resume and baseline steps) reads
only this, never the argument parser's namespace.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from conformance.running.defaults import DEFAULT_TIMEOUT

__all__ = ["RunOptions"]


@dataclass(frozen=True)
class RunOptions:
    """What to run, on which engine, and where the results go."""

    #: case files or directories (empty: every spec case)
    paths: tuple[Path, ...] = ()
    #: adapter name, ``module:Class`` or ``cmd:<command line>``
    adapter: str = "reference"
    #: only cases of this era (None: every era the adapter implements)
    era: str | None = None
    report: Path | None = None
    junit: Path | None = None
    markdown: Path | None = None
    #: seconds allowed per case
    timeout: float = DEFAULT_TIMEOUT
    #: globs of case ids to skip
    skip: tuple[str, ...] = ()
    #: worker processes
    jobs: int = 1
    #: ``I/N``: only shard I of N
    shard: str | None = None
    #: a ``cmd:`` engine in its own namespaces
    isolate: bool = False
    #: leave out what the engine cannot play instead of reporting it unsupported
    only_supported: bool = False
    no_progress: bool = False
    quiet: bool = False
    #: generated cases to add (None: the default set without paths, else none; see
    #: :func:`generators.emit.default_count`)
    generated: int | None = None
    generated_seed: int | None = None
    baseline: Path | None = None
    strict_baseline: bool = False
    write_baseline: Path | None = None
    #: a JSON-lines report of an interrupted run to finish
    resume: Path | None = None

    def generated_set(self) -> tuple[int, int]:
        """How many generated cases the run adds, and their seed ((0, 0) for none)."""
        from generators.emit import DEFAULT_SEED, default_count

        count = self.generated if self.generated is not None else (
            0 if self.paths else default_count())
        if count <= 0:
            return 0, 0
        return count, self.generated_seed if self.generated_seed is not None else DEFAULT_SEED

    @property
    def splits(self) -> bool:
        """Whether the run is split across processes, each loading its own share: several
        jobs, and no ``shard`` or ``resume`` (those need the whole plan first)."""
        return self.jobs > 1 and not self.shard and self.resume is None

    @property
    def shows_progress(self) -> bool:
        return not self.no_progress and not self.quiet

    def whole_run(self) -> bool:
        """Whether the run covers the whole suite (no paths, skips, shard, era filter, resume
        or other generated set than the default), so a baseline entry that explains no failure
        is stale rather than about a case not run."""
        return not (self.paths or self.skip or self.shard or self.era or self.resume
                    or self.generated is not None)
