#!/usr/bin/env python3
"""A deliberately broken engine for the harness's fault tests (JSON-lines protocol, version 1).

It answers correctly by wrapping the reference engine, and breaks the protocol in one chosen way
(``--fault``) when a chosen request (``--on``: hello, start, perform, observe or end) arrives in a
case whose id matches ``--fault-case`` (a glob, default every case). ``--slow S`` sleeps S
seconds at the start of every case, so a run lasts long enough to be interrupted.

    python tests/engines/faulty_engine.py --fault crash --on observe --fault-case '*split*'
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import os
import sys
import time
from collections.abc import Callable
from typing import Any

from conformance.adapter import StartRequest
from conformance.adapters.reference import ReferenceAdapter

#: Every fault this engine can inject, with what it does.
FAULTS: dict[str, str] = {
    "none": "no fault: a correct engine",
    "error": "replies with an 'error' and a traceback",
    "crash": "writes a message on stderr and exits with code 3",
    "exit": "exits with code 0 without replying",
    "hang": "never replies",
    "garbage": "replies with a line that is not JSON",
    "binary": "replies with bytes that are not UTF-8",
    "partial": "writes half a reply without a newline and exits",
    "partial-hang": "writes half a reply without a newline and waits",
    "wrong-seq": "replies with another seq",
    "bool-seq": "replies with seq true instead of a number",
    "not-object": "replies with a JSON array",
    "wrong-type": "replies with a field of the wrong type (info, ok, outcome, value)",
    "flood-stdout": "writes 8 MiB on one stdout line",
    "flood-lines": "writes 10,000 lines before its reply",
    "flood-stderr": "writes to stderr without end and never replies",
    "noisy-stderr": "writes 6 MiB to stderr, then replies correctly",
    "extra-line": "replies correctly, then writes a line nobody asked for",
    "nan": "replies to observe with NaN (not JSON)",
    "deep": "replies with a value nested 100,000 levels deep",
}


def main(argv: list[str] | None = None) -> int:
    """Serve the protocol on stdin/stdout until quit or end of input."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--fault", choices=sorted(FAULTS), default="none")
    parser.add_argument("--on", default="observe",
                        choices=["hello", "start", "perform", "observe", "end"])
    parser.add_argument("--fault-case", default="*")
    parser.add_argument("--slow", type=float, default=0.0)
    args = parser.parse_args(argv)

    out = sys.stdout.buffer
    adapter = ReferenceAdapter()
    session: Any = None
    case = ""

    def write(data: bytes) -> None:
        out.write(data)
        out.flush()

    def reply(message: dict[str, Any]) -> None:
        write((json.dumps(message) + "\n").encode("utf-8"))

    for raw in sys.stdin.buffer:
        request = json.loads(raw)
        seq, cmd = request["seq"], request["cmd"]
        if cmd == "start":
            case = request["case"]
            if args.slow:
                time.sleep(args.slow)
        faulty = (args.fault != "none" and cmd == args.on
                  and (cmd == "hello" or fnmatch.fnmatchcase(case, args.fault_case)))
        answer = _answer(adapter, request)
        if cmd == "start":
            session = answer.pop("_session", None)
        elif cmd in ("perform", "observe"):
            answer = _session_answer(session, request)
        if not faulty:
            reply({"seq": seq, **answer})
            if cmd == "quit":
                return 0
            continue
        _inject(args.fault, cmd, seq, answer, reply, write)
    return 0


def _answer(adapter: ReferenceAdapter, request: dict[str, Any]) -> dict[str, Any]:
    """The correct reply body to hello, start, end and quit."""
    cmd = request["cmd"]
    if cmd == "hello":
        info = adapter.info().to_dict()
        return {"info": info}
    if cmd == "start":
        session = adapter.start(StartRequest(case=request["case"], era=request["era"],
                                             setup=request["setup"], cards=request["cards"]))
        return {"ok": True, "_session": session}
    return {"ok": True}


def _session_answer(session: Any, request: dict[str, Any]) -> dict[str, Any]:
    """The correct reply body to perform and observe, from the reference engine."""
    from conformance.adapter import Unsupported

    try:
        if request["cmd"] == "perform":
            outcome = session.perform(request["action"])
            if outcome.ok:
                return {"outcome": {"status": "ok"}}
            return {"outcome": {"status": "rejected", "failure": outcome.failure,
                                "message": outcome.message}}
        return {"value": session.observe(request["query"])}
    except Unsupported as exc:
        return {"unsupported": str(exc)}


def _inject(fault: str, cmd: str, seq: int, answer: dict[str, Any],
            reply: Callable[[dict[str, Any]], None], write: Callable[[bytes], None]) -> None:
    """Break the reply to request ``seq`` in the way ``fault`` names."""
    if fault == "error":
        reply({"seq": seq, "error": f"faulty engine: injected error in {cmd}",
               "traceback": "Traceback (most recent call last):\n  injected\nRuntimeError"})
    elif fault == "crash":
        sys.stderr.write(f"faulty engine: fatal error in {cmd}\n")
        sys.stderr.flush()
        os._exit(3)
    elif fault == "exit":
        os._exit(0)
    elif fault == "hang":
        time.sleep(3600)
    elif fault == "garbage":
        write(b"<<this is not json>>\n")
    elif fault == "binary":
        write(b"\xff\xfe\x00garbage\x80\n")
    elif fault in ("partial", "partial-hang"):
        write(json.dumps({"seq": seq, **answer}).encode("utf-8")[:7])
        if fault == "partial-hang":
            time.sleep(3600)
        os._exit(0)
    elif fault == "wrong-seq":
        reply({**answer, "seq": seq + 100})
    elif fault == "bool-seq":
        reply({**answer, "seq": True})
    elif fault == "not-object":
        write(b"[1, 2, 3]\n")
    elif fault == "wrong-type":
        reply({"seq": seq, **_wrong_type(cmd)})
    elif fault == "flood-stdout":
        write(b"x" * (8 * 1024 * 1024))
        time.sleep(3600)
    elif fault == "flood-lines":
        write((json.dumps({"seq": seq + 1, "value": 0}) + "\n").encode("utf-8") * 10_000)
        reply({"seq": seq, **answer})
    elif fault == "flood-stderr":
        chunk = "faulty engine: log line that never ends\n" * 1000
        while True:
            sys.stderr.write(chunk)
    elif fault == "noisy-stderr":
        sys.stderr.write("faulty engine: noisy log\n" * (6 * 1024 * 1024 // 25))
        sys.stderr.flush()
        reply({"seq": seq, **answer})
    elif fault == "extra-line":
        reply({"seq": seq, **answer})
        reply({"seq": seq, **answer})
    elif fault == "nan":
        write(f'{{"seq": {seq}, "value": NaN}}\n'.encode())
    elif fault == "deep":
        write((f'{{"seq": {seq}, "value": ' + "[" * 100_000 + "]" * 100_000 + "}\n").encode())


def _wrong_type(cmd: str) -> dict[str, Any]:
    """A reply body whose main field has the wrong JSON type for ``cmd``."""
    if cmd == "hello":
        return {"info": {"name": "faulty", "version": 1, "eras": "modern", "features": []}}
    if cmd == "perform":
        return {"outcome": "ok"}
    if cmd == "observe":
        return {"values": 5}
    return {"ok": "yes"}


if __name__ == "__main__":
    sys.exit(main())
