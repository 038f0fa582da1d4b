"""Writing report files safely: one atomic writer, one lock, one file mode.

Every report file (JUnit, Markdown, HTML, summary, badges, baselines) is written by
:func:`atomic_write`: the text goes to a temporary file beside the target, is flushed and synced,
given the mode a new file of this user would get (``0666`` less the umask, so ``0644`` under the
usual umask ``022``) and renamed over the target, so a reader sees the old file or the new one,
never half of one. The temporary file's name carries the writer's process id: an interrupted
write (Ctrl-C, SIGTERM) removes its own, and one left by a killed writer (SIGKILL, power loss) is
removed by the next write of the same target once that process is gone.

The JSON-lines report, written as results arrive, is held under an exclusive advisory lock
(:class:`ReportLock`, ``flock``) for as long as a run writes it: a second run naming the same
``--report`` is refused at once instead of both writing one file.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import threading
from pathlib import Path
from typing import IO

try:  # POSIX
    import fcntl
except ImportError:  # pragma: no cover - Windows: no advisory lock
    fcntl = None  # type: ignore[assignment]

__all__ = ["ReportBusy", "ReportLock", "atomic_write", "file_is_locked", "file_mode",
           "open_locked",
           "sweep_stale_temps"]

_umask_lock = threading.Lock()


class ReportBusy(OSError):
    """Another process holds the lock of a report file."""


def _current_umask() -> int:
    try:  # Linux 4.7+: read it without changing it
        text = Path("/proc/self/status").read_text("ascii")
        m = re.search(r"^Umask:\s*([0-7]+)", text, re.MULTILINE)
        if m:
            return int(m.group(1), 8)
    except OSError:
        pass
    with _umask_lock:  # elsewhere: set and restore it (another thread could see it changed)
        umask = os.umask(0o022)
        os.umask(umask)
        return umask


def file_mode() -> int:
    """The mode a new file gets: ``0666`` less the process's umask."""
    return 0o666 & ~_current_umask()


_TEMP = re.compile(r"^\.(?P<name>.+)\.(?P<pid>\d+)\.[0-9a-f]+\.tmp$")


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True


def sweep_stale_temps(path: Path) -> int:
    """Remove temporary files of ``path`` left by writers that no longer run; return how
    many were removed."""
    removed = 0
    try:
        entries = list(path.parent.iterdir())
    except OSError:
        return 0
    for entry in entries:
        m = _TEMP.match(entry.name)
        if m is None or m.group("name") != path.name or _alive(int(m.group("pid"))):
            continue
        with contextlib.suppress(OSError):
            entry.unlink()
            removed += 1
    return removed


def file_is_locked(path: Path) -> bool:
    """Whether another open file holds an exclusive ``flock`` on the existing file ``path``
    (a JSON-lines report being written). Never creates the file."""
    if fcntl is None:  # pragma: no cover
        return False
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        os.close(fd)
    return False


def atomic_write(path: Path | str, data: str | bytes) -> None:
    """Write ``data`` (text is UTF-8) to ``path`` atomically, with :func:`file_mode`. A
    target another process holds locked (a JSON-lines report being written) is refused
    (:class:`ReportBusy`), never replaced."""
    path = Path(path)
    if path.is_file() and file_is_locked(path):
        raise ReportBusy(f"{path} is being written by another mtgconf run; it was not "
                         "replaced")
    path.parent.mkdir(parents=True, exist_ok=True)
    sweep_stale_temps(path)
    raw = data.encode("utf-8", "backslashreplace") if isinstance(data, str) else data
    tmp = path.parent / f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            if hasattr(os, "fchmod"):
                os.fchmod(fd, file_mode())
            view = memoryview(raw)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


class ReportLock:
    """An exclusive, non-blocking advisory lock on an open file (``flock``)."""

    def __init__(self, handle: IO[str], path: Path) -> None:
        self.handle = handle
        self.path = path
        if fcntl is None:  # pragma: no cover
            return
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise ReportBusy(f"{path} is being written by another mtgconf run; give this run "
                             "its own --report, or wait for the other one to end") from None


def open_locked(path: Path | str, *, append: bool) -> IO[str]:
    """Open ``path`` for writing text under an exclusive lock (created with
    :func:`file_mode`; emptied, once locked, unless ``append``). Raises :class:`ReportBusy`
    when another process holds the lock: the file is then left as it was."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o666)
    handle = os.fdopen(fd, "a", encoding="utf-8", errors="backslashreplace", newline="\n")
    try:
        ReportLock(handle, path)
        if not append:
            handle.truncate(0)
    except BaseException:
        handle.close()
        raise
    return handle
