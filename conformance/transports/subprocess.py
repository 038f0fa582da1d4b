"""The subprocess transport: an engine in any language, spoken to in JSON lines.

The harness starts the engine from an argv list (never through a shell), writes one request per
line on its stdin and reads one reply per line from its stdout; each reply echoes the request's
``seq``. The messages are described by ``spec/schema/protocol.schema.json`` (version 1).

Faults are contained: a reply that is late (timeout), missing (the process died), not JSON, too
long, out of sequence or of the wrong shape raises :class:`~conformance.errors.ProtocolError`
carrying the tail of the engine's stderr, and the process is killed so the next case gets a fresh
one.
"""

from __future__ import annotations

import json
import os
import queue
import select
import subprocess
import threading
import time
from collections import deque
from collections.abc import Mapping, Sequence
from typing import IO, Any, NoReturn, Protocol

from ..adapter import AdapterInfo, Outcome, StartRequest, Unsupported
from ..errors import AdapterError, CommandNotFound, ProtocolError
from .engine_env import ENGINE_ENV_KEYS, engine_environment, start_note
from .procgroup import EngineProcess, isolation_prefix

__all__ = ["ENGINE_ENV_KEYS", "PROTOCOL_VERSION", "SubprocessAdapter", "SubprocessSession",
           "engine_environment"]

PROTOCOL_VERSION = 1
#: A reply line longer than this is a protocol error (an engine flooding stdout).
MAX_LINE_BYTES = 4 * 1024 * 1024
#: How much of the engine's stderr is kept to explain an error.
STDERR_TAIL_BYTES = 8 * 1024

_EOF = object()
#: One encoder and decoder for every message (``json.dumps`` with options builds an encoder
#: per call). Lines are UTF-8 (the protocol): a reply that is not is "not JSON".
_ENCODE = json.JSONEncoder(separators=(",", ":")).encode
_DECODE = json.JSONDecoder().decode


class _Lines(Protocol):
    """Where the engine's reply lines arrive: ``get`` waits at most ``timeout`` seconds for
    the next line (bytes, a line longer than :data:`MAX_LINE_BYTES` cut one byte past it) or
    ``_EOF``, else raises :class:`queue.Empty`; ``ready`` returns a line already there (or
    ``_EOF``) without waiting, else ``None``."""

    def get(self, timeout: float) -> object: ...

    def ready(self) -> object | None: ...


class _ThreadLines:  # pragma: no cover - Windows
    """Lines a reader thread puts (where pipes cannot be polled)."""

    def __init__(self) -> None:
        self._queue: queue.Queue[object] = queue.Queue()

    def put(self, item: object) -> None:
        self._queue.put(item)

    def get(self, timeout: float) -> object:
        return self._queue.get(timeout=timeout)

    def ready(self) -> object | None:
        try:
            return self._queue.get_nowait()
        except queue.Empty:
            return None


class _PolledLines:
    """Reply lines read by the thread that waits for them, from the pipe itself: no reader
    thread, so no hand-over between threads for each message (about half the transport's
    cost on a 2-core machine). The pipe is non-blocking and polled with the request's time
    limit; a killed engine's pipe ends (EOF) and wakes the wait."""

    def __init__(self, stream: IO[bytes]) -> None:
        self._stream = stream  # kept open while this reads it
        self._fd = stream.fileno()
        os.set_blocking(self._fd, False)
        self._poll = select.poll()
        self._poll.register(self._fd, select.POLLIN | select.POLLHUP | select.POLLERR)
        self._buffer = bytearray()
        self._eof = False

    def _line(self) -> object | None:
        """The next complete line, or the end, if the buffer holds it."""
        end = self._buffer.find(b"\n")
        if end >= 0 and end <= MAX_LINE_BYTES:
            line = bytes(self._buffer[:end + 1])
            del self._buffer[:end + 1]
            return line
        if len(self._buffer) > MAX_LINE_BYTES:  # flooding: the caller reports it
            line = bytes(self._buffer[:MAX_LINE_BYTES + 1])
            self._buffer.clear()
            self._eof = True
            return line
        if self._eof:
            if self._buffer:  # a last line without its newline, as readline() gives it
                line = bytes(self._buffer)
                self._buffer.clear()
                return line
            return _EOF
        return None

    def _chunk(self) -> bytes | None:
        """What the pipe holds now (``None`` when nothing yet); at its end, marks the end."""
        try:
            chunk = os.read(self._fd, 1 << 16)
        except BlockingIOError:
            return None
        except (OSError, ValueError):  # closed under us (the engine was killed)
            chunk = b""
        if not chunk:
            self._eof = True
            return None
        return chunk

    def get(self, timeout: float) -> object:
        if not self._buffer and not self._eof:
            # The usual case: nothing read ahead, and the reply arrives as one block holding
            # exactly one line, which is returned as it was read (no buffer, no copy).
            if not self._poll.poll(timeout * 1000):
                raise queue.Empty
            chunk = self._chunk()
            if chunk is not None:
                end = chunk.find(b"\n")
                if end == len(chunk) - 1 and end <= MAX_LINE_BYTES:
                    return chunk
                self._buffer += chunk
        deadline = time.monotonic() + timeout
        while True:
            found = self._line()
            if found is not None:
                return found
            left = deadline - time.monotonic()
            if left <= 0 or not self._poll.poll(left * 1000):
                raise queue.Empty
            chunk = self._chunk()
            if chunk is not None:
                self._buffer += chunk

    def ready(self) -> object | None:
        """A line already read, without a system call: one the engine wrote since, unasked,
        comes before the next reply and is told apart by its ``seq``."""
        return self._line() if self._buffer or self._eof else None


class _Process:
    """One running engine process with threads draining its stdout and stderr."""

    def __init__(self, argv: Sequence[str], env: Mapping[str, str] | None,
                 cwd: str | None, isolate: bool = False) -> None:
        try:
            self.engine = EngineProcess(argv, env=env, cwd=cwd, isolate=isolate)
        except OSError as exc:
            raise CommandNotFound(f"cannot start engine {' '.join(argv)!r}: {exc}") from exc
        self.proc = self.engine.popen
        assert self.proc.stdin is not None
        self._stdin = self.proc.stdin.fileno()
        self.stderr: deque[bytes] = deque()
        self._stderr_size = 0
        self._lock = threading.Lock()
        assert self.proc.stdout is not None and self.proc.stderr is not None
        self.lines: _Lines
        if hasattr(select, "poll"):
            self.lines = _PolledLines(self.proc.stdout)
        else:  # pragma: no cover - no poll() on pipes (Windows): a thread reads them
            self.lines = _ThreadLines()
            threading.Thread(target=self._read_stdout, args=(self.proc.stdout,),
                             daemon=True).start()
        threading.Thread(target=self._read_stderr, args=(self.proc.stderr,),
                         daemon=True).start()

    def _read_stdout(self, stream: IO[bytes]) -> None:  # pragma: no cover - Windows
        assert isinstance(self.lines, _ThreadLines)
        while True:
            try:
                line = stream.readline(MAX_LINE_BYTES + 1)
            except (OSError, ValueError):
                break
            if not line:
                break
            self.lines.put(line)
            if len(line) > MAX_LINE_BYTES:
                break  # flooding: stop reading; the request that waits reports it
        self.lines.put(_EOF)

    def _read_stderr(self, stream: IO[bytes]) -> None:
        while True:
            try:
                chunk = stream.read1(65536) if hasattr(stream, "read1") else stream.read(65536)
            except (OSError, ValueError):
                break
            if not chunk:
                break
            with self._lock:
                self.stderr.append(chunk)
                self._stderr_size += len(chunk)
                while self._stderr_size > STDERR_TAIL_BYTES and len(self.stderr) > 1:
                    self._stderr_size -= len(self.stderr.popleft())

    def stderr_tail(self) -> str:
        with self._lock:
            data = b"".join(self.stderr)[-STDERR_TAIL_BYTES:]
        return data.decode("utf-8", "replace")

    def send(self, message: Mapping[str, Any]) -> None:
        """Write one request line straight to the pipe (no buffer to flush); a long line may
        take several writes."""
        assert self.proc.stdin is not None
        data = (_ENCODE(message) + "\n").encode("utf-8")
        written = os.write(self._stdin, data)
        if written < len(data):
            rest = memoryview(data)[written:]
            while rest:
                rest = rest[os.write(self._stdin, rest):]

    def kill(self) -> None:
        """Kill the engine's whole process group; never blocks on its pipes."""
        self.engine.kill()


class SubprocessAdapter:
    """An engine started as ``argv`` that speaks the JSON-lines protocol.

    ``timeout`` bounds each reply (seconds); the reply to ``hello``, which waits for the engine
    to start, gets ``startup_timeout`` (default: the larger of ``timeout`` and 30 s). The process
    is started on first use, reused across cases, and replaced after any fault; the runner
    restarts it through :meth:`warm_up` before a case, so a slow start-up is bounded by
    ``startup_timeout`` and never counts against the case's own time. It gets ``env`` if given,
    else only the variables :func:`engine_environment` lets through; ``cwd`` defaults to the
    harness's. It runs in its own process group, killed as a whole (see :mod:`.procgroup`);
    ``isolate=True`` runs it in new user, PID and mount namespaces.
    """

    def __init__(self, argv: Sequence[str], *, timeout: float = 10.0,
                 startup_timeout: float | None = None,
                 env: Mapping[str, str] | None = None, cwd: str | None = None,
                 isolate: bool = False) -> None:
        if not argv:
            raise AdapterError("a subprocess adapter needs a command (argv) to start")
        self.argv = list(argv)
        self.timeout = timeout
        self.startup_timeout = startup_timeout if startup_timeout is not None else max(timeout,
                                                                                       30.0)
        self.env = dict(env) if env is not None else engine_environment()
        self.cwd = cwd
        self.isolate = isolate
        if isolate:
            isolation_prefix()  # fail now, with the reason, if this system cannot
        self._proc: _Process | None = None
        self._seq = 0
        self._info: AdapterInfo | None = None
        self.restarts = 0

    # -- transport ------------------------------------------------------------------------------

    def _process(self) -> _Process:
        if self._proc is None or self._proc.proc.poll() is not None:
            if self._proc is not None:
                self._proc.kill()  # it died between requests
                self.restarts += 1
            self._proc = _Process(self.argv, self.env, self.cwd, self.isolate)
            try:
                info = self._exchange({"cmd": "hello", "protocol": PROTOCOL_VERSION})
            except ProtocolError as exc:
                raise ProtocolError(_explain_start(str(exc), self.argv, self.env)) from exc
            if not isinstance(info.get("info"), Mapping):
                self._fail("the reply to hello has no 'info' table", info)
            problem = _info_problem(info["info"])
            if problem:
                self._fail(f"the 'info' table is not valid: {problem}", info)
            try:
                self._info = AdapterInfo.from_dict(info["info"])
            except (KeyError, TypeError) as exc:
                self._fail(f"the 'info' table is incomplete ({exc})", info)
        return self._proc

    def _fail(self, message: str, reply: Any = None, *, proc: _Process | None = None
              ) -> NoReturn:
        """Kill ``proc`` (default: the current process) and raise a ProtocolError with the tail
        of its stderr. A late failure of a process already replaced leaves the new one alone."""
        proc = proc if proc is not None else self._proc
        tail = proc.stderr_tail() if proc is not None else ""
        if proc is not None:
            proc.kill()
            if self._proc is proc:
                self._proc = None
            self.restarts += 1  # the next request starts a fresh process
        detail = f"engine stderr (last lines):\n{tail}" if tail.strip() else "engine stderr: empty"
        if reply is not None:
            detail = f"reply: {str(reply)[:500]}\n" + detail
        raise ProtocolError(f"{message}\n{detail}")

    def _exchange(self, message: dict[str, Any], *, proc: _Process | None = None
                  ) -> dict[str, Any]:
        """Send ``message`` (a new table, which gets its ``seq``) and return its reply. With
        ``proc``, only on that process: a case whose process was stopped (timed out, replaced)
        cannot talk to its successor."""
        if proc is None:
            proc = self._proc if self._proc is not None else self._process()
        elif proc is not self._proc:
            raise ProtocolError(f"the engine process of this case was stopped; "
                                f"{message['cmd']!r} was not sent")
        self._seq += 1
        seq = self._seq
        message["seq"] = seq
        limit = self.startup_timeout if message["cmd"] == "hello" else self.timeout
        stale = proc.lines.ready()
        if stale is _EOF:
            self._fail(f"{_gone(proc.proc)} between requests, before {message['cmd']!r} "
                       f"(seq {seq})", proc=proc)
        if isinstance(stale, bytes):
            self._fail(f"the engine wrote a line nobody asked for, before {message['cmd']!r} "
                       f"(seq {seq}): {stale[:200]!r}", proc=proc)
        try:
            proc.send(message)
        except (BrokenPipeError, OSError, ValueError):
            code = proc.proc.poll()
            self._fail(f"the engine is gone (exit code {code}) and cannot take "
                       f"{message['cmd']!r}", proc=proc)
        try:
            line = proc.lines.get(timeout=limit)
        except queue.Empty:
            self._fail(f"no reply to {message['cmd']!r} (seq {seq}) within {limit:g}s: an "
                       "engine must flush stdout after each reply line (a block-buffered "
                       "stdout holds it back when not writing to a terminal: flush, or "
                       "make stdout line-buffered)", proc=proc)
        if line is _EOF:
            self._fail(f"{_gone(proc.proc)} before replying to {message['cmd']!r} (seq {seq})",
                       proc=proc)
        assert isinstance(line, bytes)
        if len(line) > MAX_LINE_BYTES:
            self._fail(f"a reply line is longer than {MAX_LINE_BYTES} bytes (reply to "
                       f"{message['cmd']!r}, seq {seq})", proc=proc)
        try:
            reply = _DECODE(line.decode("utf-8"))
        except (ValueError, RecursionError):  # not JSON, not UTF-8, an int over 4,300 digits
            self._fail(f"the reply to {message['cmd']!r} (seq {seq}) is not JSON: "
                       f"{line[:200]!r}", proc=proc)
        if not isinstance(reply, dict):
            self._fail(f"the reply to {message['cmd']!r} (seq {seq}) is not a JSON object",
                       reply, proc=proc)
        got = reply.get("seq")
        if type(got) is int and got < seq:
            self._fail(f"the engine wrote a line nobody asked for (seq {got}), before the reply "
                       f"to {message['cmd']!r} (seq {seq}): {line[:200]!r}", proc=proc)
        if type(got) is not int or got != seq:
            self._fail(f"the reply has seq {got!r}, expected {seq} "
                       "(replies must echo their request's seq, in order)", reply, proc=proc)
        if "error" in reply:
            trace = reply.get("traceback")
            raise AdapterError(f"the engine reported an error: {str(reply['error'])[:2000]}"
                               + (f"\n{str(trace)[-8000:]}" if trace else ""))
        if reply.get("unsupported") not in (None, False):  # ("unsupported": false: a value)
            raise Unsupported(str(reply["unsupported"])[:2000])
        return reply

    def warm_up(self) -> None:
        """Make sure an engine process is running (start or restart it and wait for its hello,
        bounded by ``startup_timeout``); the runner calls this before timing a case."""
        self._process()

    def abort(self) -> str:
        """Kill the engine now (the runner calls this when a case runs out of time) and return
        the tail of its stderr; the next request starts a fresh process."""
        proc, self._proc = self._proc, None
        if proc is None:
            return ""
        tail = proc.stderr_tail()
        proc.kill()
        self.restarts += 1
        return f"engine stderr (last lines):\n{tail}" if tail.strip() else "engine stderr: empty"

    # -- adapter --------------------------------------------------------------------------------

    def info(self) -> AdapterInfo:
        if self._info is None:
            self._process()
        assert self._info is not None
        return self._info

    def start(self, request: StartRequest) -> SubprocessSession:
        proc = self._process()
        reply = self._exchange({"cmd": "start", "case": request.case, "era": request.era,
                                "setup": request.setup, "cards": request.cards}, proc=proc)
        if reply.get("ok") is not True:
            self._fail("the reply to start is not {\"ok\": true}", reply, proc=proc)
        return SubprocessSession(self, proc)

    def close(self) -> None:
        """Ask the engine to quit (waiting at most 2 s for its reply), then kill its group."""
        proc = self._proc
        if proc is not None:
            timeout, self.timeout = self.timeout, min(self.timeout, 2.0)
            try:
                self._exchange({"cmd": "quit"}, proc=proc)
            except Exception:
                pass
            finally:
                self.timeout = timeout
            proc.kill()
            if self._proc is proc:
                self._proc = None


#: How long an engine that closed its output is given to exit, so its exit code can be named
#: (returned as soon as it exits; on a loaded machine reaping a dead process takes a while).
EXIT_WAIT = 10.0


def _gone(popen: subprocess.Popen[bytes]) -> str:
    """What became of an engine whose output ended: its exit code once it has exited (waited
    for, at most :data:`EXIT_WAIT` seconds), or that it closed its output and still runs."""
    try:
        code = popen.wait(timeout=EXIT_WAIT)
    except subprocess.TimeoutExpired:  # closed its stdout and runs on
        code = None
    if code is None:
        return "the engine closed its output (it is still running)"
    return f"the engine exited (code {code})"


def _explain_start(message: str, argv: Sequence[str], env: Mapping[str, str]) -> str:
    """``message`` (a failed ``hello``) with its likely causes: the first line gains the
    filtered environment and what it dropped, the detail the whole of it and a command to run
    the engine by hand with the same environment."""
    first, _, rest = message.partition("\n")
    if not first.startswith(("the engine exited", "the engine is gone", "no reply")):
        return message  # it did start: what it said is the cause
    clause, detail = start_note(argv, env)
    return f"{first}; {clause}\n{detail}" + (f"\n{rest}" if rest else "")


def _info_problem(info: Mapping[str, Any]) -> str | None:
    """What is wrong with a hello reply's ``info`` table (protocol ``$defs/info``), if anything."""
    for key in ("name", "version"):
        if not isinstance(info.get(key), str):
            return f"{key!r} must be a string"
    for key in ("eras", "features"):
        value = info.get(key)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            return f"{key!r} must be a list of strings"
    return None


class SubprocessSession:
    """One case on a subprocess engine."""

    def __init__(self, adapter: SubprocessAdapter, proc: _Process | None = None) -> None:
        self.adapter = adapter
        self.proc = proc if proc is not None else adapter._proc

    def perform(self, action: Mapping[str, Any]) -> Outcome:
        reply = self.adapter._exchange({"cmd": "perform", "action": dict(action)},
                                       proc=self.proc)
        outcome = reply.get("outcome")
        if not isinstance(outcome, Mapping) or outcome.get("status") not in ("ok", "rejected"):
            self.adapter._fail("the reply to perform has no valid 'outcome'", reply,
                               proc=self.proc)
        assert isinstance(outcome, Mapping)
        if outcome["status"] == "ok":
            return Outcome.done()
        failure = outcome.get("failure")
        if not isinstance(failure, str):
            self.adapter._fail("a rejected outcome needs a 'failure' string", reply,
                               proc=self.proc)
        return Outcome.rejected(str(failure), str(outcome.get("message", "")))

    def observe(self, query: Mapping[str, Any]) -> Any:
        reply = self.adapter._exchange({"cmd": "observe", "query": dict(query)}, proc=self.proc)
        if "value" not in reply:
            self.adapter._fail("the reply to observe has no 'value'", reply, proc=self.proc)
        return reply["value"]

    def close(self) -> None:
        if self.adapter._proc is not None and self.adapter._proc is self.proc:
            try:
                self.adapter._exchange({"cmd": "end"}, proc=self.proc)
            except ProtocolError:
                raise  # a crash, a hang or garbage on 'end': the runner reports it
            except (AdapterError, Unsupported):
                pass
