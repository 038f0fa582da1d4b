"""Record what the harness and an engine say to each other, for ``mtgconf explain --adapter``
and the transcript in ``docs/engine-authors.md``.

Two recorders, one log format (a list of :class:`Exchange`, a request and its reply as protocol
messages, ``spec/schema/protocol.schema.json``):

* :class:`WireRecorder` is the subprocess transport itself with each line it writes and reads
  kept: the exact JSON an engine in another language receives and sends, ``seq`` included.
* :class:`RecordingAdapter` wraps any in-process adapter and writes its calls in the same
  message shapes (without ``seq``): what that engine was asked and what it answered.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from conformance.adapter import Adapter, AdapterInfo, Outcome, StartRequest, Unsupported
from conformance.errors import AdapterError
from conformance.transports.subprocess import PROTOCOL_VERSION, SubprocessAdapter

__all__ = ["Exchange", "RecordingAdapter", "WireRecorder", "recording"]


@dataclass
class Exchange:
    """One request and its reply (``reply`` is None when none came: a crash or a hang)."""

    request: dict[str, Any]
    reply: dict[str, Any] | None

    @property
    def cmd(self) -> str:
        """The request's command: hello, start, perform, observe, end or quit."""
        return str(self.request.get("cmd", "?"))


class WireRecorder(SubprocessAdapter):
    """The subprocess adapter, keeping every request and reply as sent and received."""

    def __init__(self, argv: Sequence[str], **kwargs: Any) -> None:
        super().__init__(argv, **kwargs)
        self.log: list[Exchange] = []

    def _exchange(self, message: dict[str, Any], *, proc: Any = None) -> dict[str, Any]:
        sent = {**message, "seq": self._seq + 1}
        entry = Exchange(sent, None)
        self.log.append(entry)
        try:
            reply = super()._exchange(message, proc=proc)
        except Unsupported as exc:
            entry.reply = {"seq": sent["seq"], "unsupported": str(exc)}
            raise
        except AdapterError as exc:
            if str(exc).startswith("the engine reported an error: "):
                entry.reply = {"seq": sent["seq"],
                               "error": str(exc).split(": ", 1)[1].splitlines()[0]}
            raise
        entry.reply = reply
        return reply


def _outcome_reply(outcome: Any) -> dict[str, Any]:
    if not isinstance(outcome, Outcome):
        return {"outcome": repr(outcome)}
    if outcome.ok:
        return {"outcome": {"status": "ok"}}
    return {"outcome": {"status": "rejected", "failure": outcome.failure,
                        "message": outcome.message}}


class _Call:
    """Runs one call of the wrapped engine and records it as an exchange."""

    def __init__(self, log: list[Exchange], request: dict[str, Any]) -> None:
        self.entry = Exchange(request, None)
        log.append(self.entry)

    def __enter__(self) -> _Call:
        return self

    def __exit__(self, t: type[BaseException] | None, e: BaseException | None,
                 tb: object) -> None:
        if isinstance(e, Unsupported):
            self.entry.reply = {"unsupported": str(e)}
        elif e is not None:
            self.entry.reply = {"error": f"{type(e).__name__}: {e}".splitlines()[0]}


class _RecordingSession:
    def __init__(self, session: Any, log: list[Exchange]) -> None:
        self.session = session
        self.log = log

    def perform(self, action: Mapping[str, Any]) -> Outcome:
        with _Call(self.log, {"cmd": "perform", "action": dict(action)}) as call:
            outcome: Outcome = self.session.perform(action)
            call.entry.reply = _outcome_reply(outcome)
        return outcome

    def observe(self, query: Mapping[str, Any]) -> Any:
        with _Call(self.log, {"cmd": "observe", "query": dict(query)}) as call:
            value = self.session.observe(query)
            call.entry.reply = {"value": value}
        return value

    def close(self) -> None:
        with _Call(self.log, {"cmd": "end"}) as call:
            self.session.close()
            call.entry.reply = {"ok": True}


class RecordingAdapter:
    """An in-process adapter whose every call is logged as a protocol message."""

    def __init__(self, inner: Adapter) -> None:
        self.inner = inner
        self.log: list[Exchange] = []

    def info(self) -> AdapterInfo:
        with _Call(self.log, {"cmd": "hello", "protocol": PROTOCOL_VERSION}) as call:
            info = self.inner.info()
            call.entry.reply = {"info": info.to_dict()}
        return info

    def start(self, request: StartRequest) -> Any:
        with _Call(self.log, {"cmd": "start", "case": request.case, "era": request.era,
                              "setup": request.setup, "cards": request.cards}) as call:
            session = self.inner.start(request)
            call.entry.reply = {"ok": True}
        return _RecordingSession(session, self.log)

    def close(self) -> None:
        self.inner.close()

    def abort(self) -> str:
        abort = getattr(self.inner, "abort", None)
        return str(abort() or "") if callable(abort) else ""


def recording(adapter: Adapter) -> Any:
    """A recording version of ``adapter`` (a :class:`WireRecorder` for a subprocess engine);
    its ``log`` fills as the harness uses it."""
    if isinstance(adapter, SubprocessAdapter) and not isinstance(adapter, WireRecorder):
        recorder = WireRecorder(adapter.argv, timeout=adapter.timeout,
                                startup_timeout=adapter.startup_timeout, env=adapter.env,
                                cwd=adapter.cwd)
        adapter.close()
        return recorder
    if isinstance(adapter, WireRecorder):
        return adapter
    return RecordingAdapter(adapter)
