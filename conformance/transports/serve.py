"""Serve an in-process adapter over the JSON-lines protocol (``spec/schema/protocol.schema.json``).

The command line is :mod:`conformance.adapters.serve`, which names the adapter. Requests are
read from stdin one line at a time and each gets exactly one reply line on stdout echoing its
``seq``; anything else the engine prints goes to stderr, so stdout stays protocol-only. An
:class:`~conformance.adapter.Unsupported` becomes an ``unsupported`` reply and any other
exception an ``error`` reply with its traceback, so the harness classifies results exactly as it
does in process.
"""

from __future__ import annotations

import contextlib
import json
import traceback
from collections.abc import Mapping
from typing import IO, Any

from ..adapter import Adapter, Session, StartRequest, Unsupported

__all__ = ["PROTOCOL_VERSION", "Server"]

PROTOCOL_VERSION = 1


class Server:
    """Answers protocol requests with an in-process adapter, one session at a time."""

    def __init__(self, adapter: Adapter) -> None:
        self.adapter = adapter
        self.session: Session | None = None

    def _end(self) -> None:
        if self.session is not None:
            try:
                self.session.close()
            finally:
                self.session = None

    def handle(self, request: Mapping[str, Any]) -> tuple[dict[str, Any], bool]:
        """The reply to ``request`` (without its seq) and whether to stop serving."""
        cmd = request.get("cmd")
        if cmd == "hello":
            if request.get("protocol") != PROTOCOL_VERSION:
                return {"error": f"unsupported protocol version {request.get('protocol')!r} "
                                 f"(this server speaks {PROTOCOL_VERSION})"}, False
            return {"info": self.adapter.info().to_dict()}, False
        if cmd == "start":
            self._end()
            self.session = self.adapter.start(StartRequest(
                case=str(request.get("case", "")), era=str(request.get("era", "")),
                setup=request.get("setup", {}), cards=request.get("cards", {})))
            return {"ok": True}, False
        if cmd == "perform":
            outcome = self._session().perform(request.get("action", {}))
            if outcome.ok:
                return {"outcome": {"status": "ok"}}, False
            return {"outcome": {"status": "rejected", "failure": outcome.failure,
                                "message": outcome.message}}, False
        if cmd == "observe":
            return {"value": self._session().observe(request.get("query", {}))}, False
        if cmd == "end":
            self._end()
            return {"ok": True}, False
        if cmd == "quit":
            self._end()
            return {"ok": True}, True
        return {"error": f"unknown command {cmd!r}"}, False

    def _session(self) -> Session:
        if self.session is None:
            raise RuntimeError("no case started: send 'start' first")
        return self.session

    def serve(self, stdin: IO[str], stdout: IO[str]) -> None:
        """Read requests until ``quit`` or end of input, writing one reply per request."""
        for line in stdin:
            if not line.strip():
                continue
            seq: Any = None
            stop = False
            try:
                request = json.loads(line)
                seq = request.get("seq") if isinstance(request, dict) else None
                if not isinstance(request, dict):
                    raise ValueError("a request must be a JSON object")
                reply, stop = self.handle(request)
            except Unsupported as exc:
                reply = {"unsupported": str(exc) or "unsupported"}
            except Exception as exc:  # every failure is reported to the harness
                reply = {"error": f"{type(exc).__name__}: {exc}",
                         "traceback": traceback.format_exc()}
            stdout.write(json.dumps({"seq": seq, **reply}, separators=(",", ":"),
                                    default=str) + "\n")
            stdout.flush()
            if stop:
                break
        self._end()
        with contextlib.suppress(Exception):
            self.adapter.close()
