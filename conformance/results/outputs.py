"""One guard for every output path a command writes (JSON lines, JUnit, Markdown, HTML,
baselines, generated cases).

Before a command overwrites anything it claims all its outputs at once
(:func:`claim_outputs`); the claim is refused, with a message naming the option and the path,
when

* two of its own outputs are one file (``--report X --junit X``), or one is a file an output
  directory fills (``--html site --markdown site/index.html``), or an output is one of the
  command's inputs (``mtgconf report r.jsonl --markdown r.jsonl``);
* another running command claimed the same path (its run ends by overwriting it), or holds the
  file's own lock (a JSON-lines report being written, :class:`~.files.ReportLock`).

A claim is an exclusive ``flock`` on a small lock file named after the output's real path, in a
directory of this user's (``$TMPDIR/mtgconf-<uid>/outputs``): nothing is created beside the
outputs, a path that does not exist yet can be claimed, and the claim survives the atomic rename
that replaces the file. It is held until the command ends (the kernel drops it when the process
dies, so a killed run never leaves a stale claim).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

from conformance.results.files import file_is_locked

try:  # POSIX
    import fcntl
except ImportError:  # pragma: no cover - Windows: only the checks within one command
    fcntl = None  # type: ignore[assignment]

__all__ = ["Output", "OutputClaim", "OutputConflict", "claim_outputs", "file_is_locked",
           "lock_directory"]

#: Files an output directory (``--html DIR``) always holds: claimed with it, so a report or
#: Markdown file of another run cannot be one of them.
DIRECTORY_FILES = ("index.html", "summary.json")


class OutputConflict(Exception):
    """An output path that cannot be written: the message says which and why."""


@dataclass(frozen=True)
class Output:
    """One output of a command: the option that names it, its path, whether it is a directory
    the command fills."""

    option: str
    path: Path
    directory: bool = False


def _real(path: Path) -> Path:
    return Path(os.path.realpath(os.path.abspath(path)))


def lock_directory() -> Path | None:
    """Where this user's output claims live (None if it cannot be made)."""
    uid = os.getuid() if hasattr(os, "getuid") else 0
    path = Path(tempfile.gettempdir()) / f"mtgconf-{uid}" / "outputs"
    try:
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError:
        return None
    return path


def _shown(path: Path) -> str:
    from conformance.spec.textsafe import clean_text

    return repr(clean_text(str(path)))


class OutputClaim:
    """The claims of one command (a context manager; :meth:`release` ends them)."""

    def __init__(self) -> None:
        self._fds: list[int] = []

    def _claim(self, real: Path, output: Output) -> None:
        directory = lock_directory()
        if directory is None or fcntl is None:
            return
        name = hashlib.sha256(os.fsencode(str(real))).hexdigest()[:32] + ".lock"
        fd = os.open(directory / name, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0),
                     0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = b""
            with contextlib.suppress(OSError):
                holder = os.pread(fd, 64, 0)
            os.close(fd)
            pid = holder.decode("ascii", "replace").strip()
            raise OutputConflict(
                f"{output.option} {_shown(output.path)}: another mtgconf command"
                + (f" (process {pid})" if pid.isdigit() else "")
                + " claimed it: it is being written by another mtgconf run; give this output "
                "another path, or wait for that one to end") from None
        with contextlib.suppress(OSError):
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
        self._fds.append(fd)

    def release(self) -> None:
        """Drop every claim (closing the lock files releases their locks)."""
        fds, self._fds = self._fds, []
        for fd in fds:
            with contextlib.suppress(OSError):
                os.close(fd)

    def __enter__(self) -> OutputClaim:
        return self

    def __exit__(self, t: type[BaseException] | None, e: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.release()


def _within(inner: Path, outer: Path) -> bool:
    """Whether ``inner`` is a file the output directory ``outer`` fills: the directory itself,
    its :data:`DIRECTORY_FILES`, anything under ``badges/`` and any ``.html`` page below it (a
    Markdown file beside ``index.html`` is fine)."""
    if inner == outer:
        return True
    if not inner.is_relative_to(outer):
        return False
    rel = inner.relative_to(outer)
    return (str(rel) in DIRECTORY_FILES or rel.parts[0] == "badges"
            or (len(rel.parts) > 1 and inner.suffix == ".html"))


def _same(a: Path, b: Path) -> bool:
    if a == b:
        return True
    with contextlib.suppress(OSError):
        return os.path.samefile(a, b)  # hard links
    return False


def _check_own(outputs: Sequence[Output], inputs: Sequence[tuple[str, Path]]) -> None:
    """Refuse a command whose outputs overlap each other or its inputs."""
    reals = [(o, _real(o.path)) for o in outputs]
    for k, (a, ra) in enumerate(reals):
        for b, rb in reals[k + 1:]:
            if _same(ra, rb):
                raise OutputConflict(f"{a.option} and {b.option} name the same file "
                                     f"{_shown(a.path)}; give each output its own path")
            for outer, router, inner, rinner in ((a, ra, b, rb), (b, rb, a, ra)):
                if outer.directory and _within(rinner, router):
                    raise OutputConflict(
                        f"{inner.option} {_shown(inner.path)} is one of the files "
                        f"{outer.option} {_shown(outer.path)} writes; give it another path")
        for option, path in inputs:
            rp = _real(path)
            if _same(ra, rp) or (a.directory and _within(rp, ra)):
                raise OutputConflict(f"{a.option} {_shown(a.path)} would overwrite the input "
                                     f"{option} {_shown(path)}; write the output elsewhere")


def claim_outputs(outputs: Iterable[Output], inputs: Sequence[tuple[str, Path]] = ()
                  ) -> OutputClaim:
    """Claim every output of one command before anything is written, or raise
    :class:`OutputConflict` (claiming nothing) saying which output cannot be written and why.
    ``inputs``: (option, path) the command reads, which no output may replace."""
    wanted = list(outputs)
    _check_own(wanted, inputs)
    claim = OutputClaim()
    try:
        for output in wanted:
            real = _real(output.path)
            targets = [real] + ([real / name for name in DIRECTORY_FILES]
                                if output.directory else [])
            for target in targets:
                if target.is_file() and file_is_locked(target):
                    raise OutputConflict(
                        f"{output.option} {_shown(output.path)}: "
                        + (f"{_shown(target)} in it " if target != real else "")
                        + "is being written by another mtgconf run now; give this output "
                        "another path, or wait for that run to end")
                claim._claim(target, output)
    except BaseException:
        claim.release()
        raise
    return claim
