"""The subprocess transport: JSON lines, a seq echoed by every reply, and faults contained.

The example engine (examples/tiny_engine.py) passes what it supports; a misbehaving engine that
crashes, hangs, answers out of sequence or writes garbage makes that case ``errored`` and the
next case runs on a fresh process.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from conformance import Runner, load_cases
from conformance.adapter import StartRequest
from conformance.adapters import resolve_adapter
from conformance.errors import ProtocolError
from conformance.spec.catalog import default_spec
from conformance.spec.schema import validator
from conformance.transports.subprocess import SubprocessAdapter

from .limits import GENEROUS

ROOT = Path(__file__).resolve().parent.parent
TINY = [sys.executable, str(ROOT / "examples" / "tiny_engine.py")]

MISBEHAVING = '''
import json, sys, time
mode = sys.argv[1]
count = 0
for line in sys.stdin:
    req = json.loads(line)
    seq, cmd = req["seq"], req["cmd"]
    reply = {"seq": seq}
    if cmd == "hello":
        reply["info"] = {"name": "bad", "version": "0", "eras": ["modern"],
                         "features": ["characteristics"]}
    elif cmd == "observe":
        count += 1
        if mode == "crash":
            sys.stderr.write("fatal: segfault in colors()\\n"); sys.stderr.flush()
            sys.exit(3)
        if mode == "hang":
            time.sleep(60)
        if mode == "wrong-seq":
            reply["seq"] = seq + 7
        if mode == "garbage":
            sys.stdout.write("<<not json>>\\n"); sys.stdout.flush(); continue
        reply["value"] = ["green"]
    else:
        reply["ok"] = True
    sys.stdout.write(json.dumps(reply) + "\\n"); sys.stdout.flush()
'''


@pytest.fixture(scope="module")
def characteristic_cases() -> list[Any]:
    return [c for c in load_cases().cases if c.area == "characteristics"]


def test_example_engine_passes_what_it_supports(characteristic_cases: list[Any]) -> None:
    with Runner(SubprocessAdapter(TINY, timeout=10)) as runner:
        results = list(runner.run(characteristic_cases))
    kinds = {r.result for r in results}
    assert kinds <= {"passed", "unsupported"}, [r.message for r in results
                                                if r.result not in ("passed", "unsupported")]
    assert sum(r.result == "passed" for r in results) >= 5


def test_cmd_adapter_spec_and_info() -> None:
    adapter = resolve_adapter("cmd:" + " ".join(TINY))
    info = adapter.info()
    assert (info.name, info.eras) == ("tiny", ("modern",))
    adapter.close()


def _engine(tmp_path: Path, mode: str, timeout: float = 5.0) -> SubprocessAdapter:
    script = tmp_path / "bad_engine.py"
    script.write_text(MISBEHAVING, encoding="utf-8")
    return SubprocessAdapter([sys.executable, str(script), mode], timeout=timeout)


def _two_cases(cases: list[Any]) -> list[Any]:
    simple = [c for c in cases if c.id == "characteristics.multicolor.from-mana-cost"]
    other = [c for c in cases if c.id == "characteristics.activated-ability.cost-not-color"]
    return simple + other


@pytest.mark.parametrize(("mode", "message"), [
    ("crash", "the engine exited (code 3) before replying to 'observe'"),
    ("hang", "no reply to 'observe' (seq 3) within 3s"),
    ("wrong-seq", "the reply has seq 10, expected 3 (replies must echo their request's seq"),
    ("garbage", "the reply to 'observe' (seq 3) is not JSON: b'<<not json>>\\n'"),
])
def test_faults_become_errored_and_the_run_goes_on(tmp_path: Path, characteristic_cases: Any,
                                                   mode: str, message: str) -> None:
    # Every request of these cases gets 3 s; only the hung observe meets it, on any machine.
    adapter = _engine(tmp_path, mode, timeout=3.0)
    with Runner(adapter, timeout=GENEROUS) as runner:
        results = list(runner.run(_two_cases(characteristic_cases), era="modern"))
    assert [r.result for r in results] == ["errored", "errored"]
    assert message in results[0].detail
    assert adapter.restarts >= 1, "the second case must get a fresh process"
    if mode == "crash":
        assert "fatal: segfault in colors()" in results[0].detail


def test_protocol_error_carries_context(tmp_path: Path) -> None:
    adapter = _engine(tmp_path, "wrong-seq")
    session = adapter.start(StartRequest(case="c", era="modern", setup={}, cards={}))
    with pytest.raises(ProtocolError) as info:
        session.observe({"query": "colors", "object": "x"})
    assert "reply: {'seq': 10, 'value': ['green']}" in str(info.value)
    adapter.close()


def test_messages_follow_the_protocol_schema(characteristic_cases: list[Any]) -> None:
    """Requests the harness writes and replies the example engine gives are schema-valid."""
    spec = default_spec()
    schema = validator("protocol")
    case = next(c for c in characteristic_cases if c.steps[0].kind == "observe")
    cards = {n: spec.card(n) for n in case.card_names()}
    requests = [
        {"cmd": "hello", "seq": 1, "protocol": 1},
        {"cmd": "start", "seq": 2, "case": case.id, "era": "modern", "setup": case.setup,
         "cards": cards},
        {"cmd": "observe", "seq": 3, "query": dict(case.steps[0].body)},
        {"cmd": "end", "seq": 4}, {"cmd": "quit", "seq": 5},
    ]
    import subprocess

    proc = subprocess.run(TINY, input="".join(json.dumps(r) + "\n" for r in requests),
                          capture_output=True, text=True, timeout=30, check=True)
    replies = [json.loads(line) for line in proc.stdout.splitlines()]
    for message in requests + replies:
        errors = list(schema.iter_errors(message))
        assert not errors, (message, [e.message for e in errors])
    assert [r["seq"] for r in replies] == [1, 2, 3, 4, 5]
