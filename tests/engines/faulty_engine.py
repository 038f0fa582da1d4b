#!/usr/bin/env python3
"""A deliberately broken engine for the harness's fault tests (JSON-lines protocol, version 1).

It answers correctly by wrapping the reference engine, and breaks the protocol in one chosen way
(``--fault``) when a chosen request (``--on``: hello, start, perform, observe or end) arrives in a
case whose id matches ``--fault-case`` (a glob, default every case). ``--slow S`` sleeps S
seconds at the start of every case, so a run lasts long enough to be interrupted; ``--wait-for
FILE`` holds every case until FILE exists (a gate the test opens, whatever the machine's speed).

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
    # hostile text (issue 15): --text picks the string (see TEXTS), default every one at once
    "text-error": "replies with an 'error' and a traceback made of hostile text",
    "text-value": "replies to observe with a hostile string as the value",
    "text-reject": "rejects the action with a hostile failure class and message",
    "text-stderr": "writes hostile text (ANSI colours, controls) on stderr, then exits 3",
    "text-name": "gives a hostile name and version in its hello info",
    "huge-int": "replies to observe with a 5,000-digit integer",
    # issue 37
    "unsupported-false": "replies correctly, with \"unsupported\": false beside the value",
    # hostile processes (issue 15)
    "orphan-hang": "starts a child that holds its pipes, then never replies",
    "orphan-exit": "starts a child that holds its pipes, then exits without replying",
    "orphan-ok": "starts a child that holds its pipes and lives on, then replies correctly",
    "ignore-signals": "ignores SIGTERM, SIGINT and SIGHUP, then never replies",
    "slow-start": "sleeps --slow-start seconds before replying to hello (a JVM start-up)",
}

#: Hostile strings for the text-* faults: every awkward class of code point.
TEXTS: dict[str, str] = {
    "surrogate": "lone surrogate \ud800 and \udfff here",
    "ansi": "\x1b[2J\x1b[1;1H\x1b[32mPASSED\x1b[0m \x1b]0;title\x07 hidden",
    "c0": "".join(chr(c) for c in range(32)) + "\x7f end",
    "c1": "".join(chr(c) for c in range(0x80, 0xA0)) + " end",
    "linesep": "one\u2028two\u2029three\x85four\r\nfive\x0bsix\x0cseven\x1c\x1d\x1e",
    "markup": "evil[/bold][red]x[/red][/] [link=file:///etc/passwd]y[/link] \\[not]",
    "markdown": "```\n# Injected heading\n[link](http://evil.invalid) <script>x()</script>"
                "\n~~~\n| a | b |\n````",
    "bidi": "admin\u202euser\u2066\u2069\u200f\ufeff\ufffe\uffff",
    "xml": "]]><!-- --><x a=\"\"/>&amp;&#0;",
    "long": "x" * 100_000,
}
TEXTS["all"] = "|".join(v for k, v in TEXTS.items() if k != "long")


def main(argv: list[str] | None = None) -> int:
    """Serve the protocol on stdin/stdout until quit or end of input."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--fault", choices=sorted(FAULTS), default="none")
    parser.add_argument("--on", default="observe",
                        choices=["hello", "start", "perform", "observe", "end"])
    parser.add_argument("--fault-case", default="*")
    parser.add_argument("--slow", type=float, default=0.0)
    parser.add_argument("--slow-start", type=float, default=0.0)
    parser.add_argument("--wait-for", default="", metavar="FILE")
    parser.add_argument("--text", choices=sorted(TEXTS), default="all")
    parser.add_argument("--tag", default="", help="a token put on every child's command line "
                                                   "(so a test can find leaked processes)")
    args = parser.parse_args(argv)
    global TEXT, TAG, SLOW_START
    TEXT, TAG, SLOW_START = TEXTS[args.text], args.tag, args.slow_start

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
            while args.wait_for and not os.path.exists(args.wait_for):
                time.sleep(0.05)
        faulty = (args.fault != "none" and cmd == args.on
                  and (cmd == "hello" or fnmatch.fnmatchcase(case, args.fault_case)))
        if args.fault == "slow-start":
            if cmd == "hello":
                time.sleep(SLOW_START)
            faulty = False
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


TEXT = TEXTS["all"]
TAG = ""
SLOW_START = 0.0


def _orphan() -> None:
    """Start a child that inherits stdin, stdout and stderr and sleeps for an hour."""
    import subprocess

    subprocess.Popen([sys.executable, "-c", "import time; time.sleep(3600)", "orphan", TAG],
                     stdin=sys.stdin, stdout=sys.stdout, stderr=sys.stderr, close_fds=False)


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
    elif fault == "text-error":
        reply({"seq": seq, "error": f"injected in {cmd}: {TEXT}", "traceback": TEXT})
    elif fault == "text-value":
        reply({"seq": seq, "value": TEXT})
    elif fault == "text-reject":
        reply({"seq": seq, "outcome": {"status": "rejected", "failure": TEXT[:200],
                                       "message": TEXT}})
    elif fault == "text-stderr":
        sys.stderr.write(TEXT + "\n")
        sys.stderr.flush()
        os._exit(3)
    elif fault == "text-name":
        info = dict(answer["info"])
        info.update(name=f"faulty {TEXT[:300]}", version=TEXT[:300])
        reply({"seq": seq, "info": info})
    elif fault == "huge-int":
        write(f'{{"seq": {seq}, "value": {"9" * 5000}}}\n'.encode())
    elif fault == "unsupported-false":
        reply({"seq": seq, **answer, "unsupported": False})
    elif fault in ("orphan-hang", "orphan-exit", "orphan-ok"):
        _orphan()
        if fault == "orphan-ok":
            reply({"seq": seq, **answer})
        elif fault == "orphan-exit":
            os._exit(0)
        else:
            time.sleep(3600)
    elif fault == "ignore-signals":
        import signal

        for name in ("SIGTERM", "SIGINT", "SIGHUP"):
            signal.signal(getattr(signal, name), signal.SIG_IGN)
        time.sleep(3600)
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
