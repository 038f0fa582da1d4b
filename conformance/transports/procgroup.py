"""The owner of engine processes: each engine in its own session, killed as a whole.

An engine is often not one process: a shell script that does not ``exec``, ``npm start``,
``cargo run`` or a JVM launcher starts the real engine as a child, and an engine may start helpers
of its own. Killing only the direct child leaves the others running, holding the pipes open, so
reading them never ends. Here every engine is started in a new session (``start_new_session``:
its own process group, no controlling terminal, so a Ctrl-C reaches the harness only) and stopped
by killing the whole group (``killpg`` with SIGKILL), on a timeout, a fault, the end of a run, a
signal to the harness and at interpreter exit. Pipes are closed on a background thread, so a
process that escaped the group and still holds one cannot block the harness.

What this cannot reach: a descendant that starts its own session (``setsid``, a daemon) leaves
the group. With ``isolate=True`` (``mtgconf run --isolate``) the engine runs in new user, PID and
mount namespaces (``unshare``) with its own ``/proc``: every process it starts is in its PID
namespace and dies with it, and it cannot see the harness's or any other process's environment.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import os
import shutil
import signal
import subprocess
import sys
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path

__all__ = ["EngineProcess", "drop_dumpable", "forget_inherited", "is_dumpable",
           "isolation_prefix", "kill_all_engines", "live_engines", "scrub_own_environ"]

_live_lock = threading.Lock()
_live: set[EngineProcess] = set()

#: The namespaces wrapper (util-linux ``unshare``); ``--kill-child`` ends the engine when the
#: wrapper dies, the PID namespace ends every process in it when the engine dies.
_UNSHARE = ["--user", "--map-root-user", "--pid", "--fork", "--kill-child=SIGKILL",
            "--mount-proc"]


class EngineProcess:
    """One engine process (and its group), started with pipes on stdin, stdout and stderr."""

    def __init__(self, argv: Sequence[str], *, env: Mapping[str, str] | None,
                 cwd: str | None, isolate: bool = False) -> None:
        scrub_own_environ()
        drop_dumpable()
        command = [*isolation_prefix(), *argv] if isolate else list(argv)
        posix = os.name == "posix"
        self.popen = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env=dict(env) if env is not None else None, cwd=cwd, shell=False,
            start_new_session=posix)
        self.pgid = self.popen.pid if posix else None
        self._killed = False
        with _live_lock:
            _live.add(self)

    def kill(self) -> None:
        """Kill the engine's whole process group, reap the engine and close its pipes without
        blocking. Safe to call more than once and from any thread."""
        if not self._killed:
            self._killed = True
            self._signal_group()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.popen.wait(timeout=5)
            self._signal_group()  # children forked while the engine was dying
        with _live_lock:
            _live.discard(self)
        threading.Thread(target=self._close_pipes, daemon=True,
                         name="mtgconf-close-pipes").start()

    def _signal_group(self) -> None:
        if self.pgid is not None:
            with contextlib.suppress(OSError):
                os.killpg(self.pgid, signal.SIGKILL)
        elif self.popen.poll() is None:  # pragma: no cover - Windows
            with contextlib.suppress(OSError):
                self.popen.kill()

    def _close_pipes(self) -> None:
        for stream in (self.popen.stdin, self.popen.stdout, self.popen.stderr):
            if stream is not None:
                with contextlib.suppress(OSError, ValueError):
                    stream.close()


def live_engines() -> list[EngineProcess]:
    """Engine processes started and not yet killed."""
    with _live_lock:
        return list(_live)


def forget_inherited() -> None:
    """In a forked child: the engines in the registry are the parent's, not this process's
    to kill."""
    global _live_lock
    _live_lock = threading.Lock()
    _live.clear()


def kill_all_engines() -> int:
    """Kill every live engine's process group (at exit, on a signal); return how many."""
    engines = live_engines()
    for engine in engines:
        engine._killed = True
        engine._signal_group()
    for engine in engines:
        with contextlib.suppress(Exception):
            engine.kill()
    return len(engines)


atexit.register(kill_all_engines)


@functools.cache
def isolation_prefix() -> tuple[str, ...]:
    """The argv prefix that starts a command in new user, PID and mount namespaces; raises
    :class:`~conformance.errors.AdapterError` saying why when this system cannot."""
    from ..errors import AdapterError

    if not sys.platform.startswith("linux"):
        raise AdapterError("--isolate needs Linux namespaces (unshare); run the engine as "
                           "another user instead")
    unshare = shutil.which("unshare")
    if unshare is None:
        raise AdapterError("--isolate needs the unshare command (util-linux)")
    prefix = (unshare, *_UNSHARE)
    try:
        probe = subprocess.run([*prefix, "true"], capture_output=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise AdapterError(f"--isolate: cannot start unshare: {exc}") from exc
    if probe.returncode != 0:
        why = probe.stderr.decode("utf-8", "replace").strip()[:300]
        raise AdapterError(f"--isolate: this system does not allow unprivileged namespaces "
                           f"({why or f'exit {probe.returncode}'}); run the engine as another "
                           "user instead")
    return prefix


_scrubbed = False
_scrub_lock = threading.Lock()


def scrub_own_environ() -> bool:
    """Overwrite this process's initial environment block (what ``/proc/<pid>/environ`` shows
    to any process of the same user, an engine included) with zeros, keeping every variable
    usable: each is first copied to the heap with ``putenv``. Linux only; returns whether it
    was done. Done once per process.

    This removes the harness's own copy of its secrets; the shell or CI runner that started
    the harness still holds its own (see docs/reliability.md).
    """
    global _scrubbed
    with _scrub_lock:
        if _scrubbed:
            return True
        if not sys.platform.startswith("linux") or os.environ.get("MTGCONF_NO_SCRUB"):
            return False
        try:
            fields = Path("/proc/self/stat").read_bytes().rsplit(b")", 1)[1].split()
            start, end = int(fields[-3]), int(fields[-2])  # env_start, env_end (Linux 3.5+)
            if not 0 < start < end or end - start > 16 * 1024 * 1024:
                return False
            for key, value in os.environb.items():
                os.putenv(key, value)  # a heap copy for C code that reads the environment
            with open("/proc/self/mem", "r+b", buffering=0) as mem:
                mem.seek(start)
                mem.write(b"\0" * (end - start - 1))
        except (OSError, ValueError, IndexError):
            return False
        _scrubbed = True
        return True


#: ``prctl`` options (``<linux/prctl.h>``).
_PR_GET_DUMPABLE = 3
_PR_SET_DUMPABLE = 4


def _prctl(option: int, value: int = 0) -> int:
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    result: int = libc.prctl(option, value, 0, 0, 0)
    return result


def drop_dumpable() -> bool:
    """Make this process non-dumpable (Linux ``prctl(PR_SET_DUMPABLE, 0)``): its
    ``/proc/<pid>/mem``, ``environ``, ``fd/`` and the rest become root's, so an engine of the
    same user can neither read the harness's memory (its secrets) nor open its terminal through
    ``/proc/<pid>/fd/1``, nor attach a debugger to it. An engine is not affected (``execve``
    makes it dumpable again). Returns whether this process is now non-dumpable; called before
    every engine starts (idempotent)."""
    if not sys.platform.startswith("linux") or os.environ.get("MTGCONF_KEEP_DUMPABLE"):
        return False
    try:
        return _prctl(_PR_SET_DUMPABLE, 0) == 0
    except (OSError, AttributeError):
        return False


def is_dumpable() -> bool | None:
    """Whether this process is dumpable (None where that cannot be asked)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return _prctl(_PR_GET_DUMPABLE) == 1
    except (OSError, AttributeError):
        return None
