"""Faulty subprocess engines: every fault becomes an ``errored`` result with context, and the run
goes on with the next case on a fresh process.

Each test runs three probe cases through ``tests/engines/faulty_engine.py`` (the reference engine
behind the JSON-lines protocol) with one fault injected into the middle case only.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from conformance import Runner
from conformance.errors import AdapterError
from conformance.results.records import CaseResult
from conformance.spec.loader import load_cases
from conformance.spec.model import Case
from conformance.transports.subprocess import (
    ENGINE_ENV_KEYS,
    MAX_LINE_BYTES,
    STDERR_TAIL_BYTES,
    SubprocessAdapter,
    engine_environment,
)

from .limits import GENEROUS, run_with_limits

ROOT = Path(__file__).resolve().parent.parent
FAULTY = [sys.executable, str(ROOT / "tests" / "engines" / "faulty_engine.py")]

PROBE = """\
id = "faults.probe.n{n}"
title = "Probe case number {n} for the fault tests"
rulings = ["SPLIT-M02"]
rules = ["709.4"]
eras = ["modern"]
features = ["characteristics", "split-cards"]

[setup]
[[setup.objects]]
handle = "ww"
card = "Wax // Wane"
zone = "hand"
owner = "alice"

[[steps]]
action = {{ type = "pass_priority", player = "alice" }}

[[steps]]
observe = {{ query = "mana_value", object = "ww" }}
expect = 2

[[steps]]
action = {{ type = "pass_priority", player = "alice" }}
reject = "no-priority"
"""


def write_probes(directory: Path, count: int) -> list[Case]:
    """Write ``count`` probe cases into ``directory`` and load them."""
    directory.mkdir(parents=True, exist_ok=True)
    for n in range(1, count + 1):
        (directory / f"probe-{n}.toml").write_text(PROBE.format(n=n), "utf-8")
    loaded = load_cases([directory])
    assert not loaded.errors, loaded.errors
    return loaded.cases


@pytest.fixture(scope="module")
def probes(tmp_path_factory: pytest.TempPathFactory) -> list[Case]:
    """Three probe cases: an action, an observation and an expected rejection each."""
    return write_probes(tmp_path_factory.mktemp("probes"), 3)


def engine(fault: str, on: str = "observe", *, case: str = "faults.probe.n2",
           timeout: float = 5.0) -> SubprocessAdapter:
    """The faulty engine, breaking ``on`` requests of the case ``case`` with ``fault``."""
    return SubprocessAdapter([*FAULTY, "--fault", fault, "--on", on, "--fault-case", case],
                             timeout=timeout)


def run_probes(adapter: SubprocessAdapter, cases: list[Case], *,
               timeout: float = GENEROUS) -> list[CaseResult]:
    """Run ``cases`` through a runner on ``adapter``: the faulted case (``faults.probe.n2``)
    gets the per-case limit ``timeout`` and the adapter's reply limit; the others get limits no
    load reaches (``tests/limits.py``)."""
    reply = adapter.timeout
    with Runner(adapter, timeout=timeout) as runner:
        return run_with_limits(runner, cases, case_limit=timeout, reply_limit=reply)


def test_the_faulty_engine_without_a_fault_passes(probes: list[Case]) -> None:
    """With no fault injected the wrapped reference engine passes every probe."""
    assert [r.result for r in run_probes(engine("none"), probes)] == ["passed"] * 3


#: (fault, request it hits, text the errored result must contain; "|" separates alternatives)
FAULTS = [
    ("error", "observe", "the engine reported an error: faulty engine: injected error in "
                         "observe"),
    ("error", "start", "the engine reported an error: faulty engine: injected error in start"),
    ("crash", "observe", "the engine exited (code 3) before replying to 'observe'"),
    ("crash", "perform", "the engine exited (code 3) before replying to 'perform'"),
    ("crash", "start", "the engine exited (code 3) before replying to 'start'"),
    ("exit", "observe", "the engine exited (code 0) before replying to 'observe'"),
    ("hang", "observe", "no reply to 'observe'"),
    ("garbage", "observe", "is not JSON: b'<<this is not json>>\\n'"),
    ("binary", "perform", "the reply to 'perform'"),
    ("partial", "observe", "is not JSON: b'{\"seq\":'"),
    ("partial-hang", "observe", "no reply to 'observe'"),
    ("wrong-seq", "observe", "expected"),
    ("bool-seq", "perform", "the reply has seq True, expected"),
    ("not-object", "observe", "is not a JSON object"),
    ("wrong-type", "observe", "the reply to observe has no 'value'"),
    ("wrong-type", "perform", "the reply to perform has no valid 'outcome'"),
    ("wrong-type", "start", "the reply to start is not {\"ok\": true}"),
    ("flood-stdout", "observe", f"a reply line is longer than {MAX_LINE_BYTES} bytes"),
    ("flood-lines", "observe", "(replies must echo their request's seq, in order)"),
    ("flood-stderr", "observe", "no reply to 'observe'"),
    # the extra line is caught before the next request is sent, or as that request's reply
    ("extra-line", "perform", "the engine wrote a line nobody asked for|(replies must echo"),
    ("nan", "observe", "observe() returned a value that is not JSON: the number nan"),
    ("deep", "observe", "is not JSON"),
]


@pytest.mark.parametrize(("fault", "on", "text"), FAULTS,
                         ids=[f"{f}-{o}" for f, o, _ in FAULTS])
def test_fault_is_errored_and_the_run_goes_on(probes: list[Case], fault: str, on: str,
                                              text: str) -> None:
    """The faulted case is errored with the fault named; the cases around it pass."""
    adapter = engine(fault, on, timeout=3.0)
    results = run_probes(adapter, probes)
    assert [r.result for r in results] == ["passed", "errored", "passed"], \
        [(r.result, r.message, r.detail[:300]) for r in results]
    bad = results[1]
    assert any(t in bad.message + "\n" + bad.detail for t in text.split("|")), \
        (bad.message, bad.detail[:300])
    assert bad.case == "faults.probe.n2" and bad.file and bad.file.endswith("probe-2.toml")
    if on != "start":
        assert bad.step is not None
        assert bad.message.startswith(f"step {bad.step} (")
    assert len(bad.detail) < STDERR_TAIL_BYTES + 4000, "the context must stay bounded"


def test_crash_context_has_the_engine_stderr(probes: list[Case]) -> None:
    """A crash's result carries what the engine wrote on stderr before dying, and the next
    case runs on a fresh process."""
    adapter = engine("crash")
    results = run_probes(adapter, probes)
    assert "faulty engine: fatal error in observe" in results[1].detail
    assert "engine stderr (last lines):" in results[1].detail
    assert adapter.restarts >= 1


def test_stderr_flood_keeps_only_a_tail(probes: list[Case]) -> None:
    """An engine logging without end is cut off by the timeout; the result keeps a bounded
    tail of its stderr."""
    results = run_probes(engine("flood-stderr", timeout=3.0), probes)
    assert "log line that never ends" in results[1].detail
    assert len(results[1].detail) <= STDERR_TAIL_BYTES + 1000


def test_noisy_stderr_is_not_a_fault(probes: list[Case]) -> None:
    """Megabytes of stderr followed by a correct reply: no deadlock, every case passes."""
    results = run_probes(engine("noisy-stderr"), probes)
    assert [r.result for r in results] == ["passed"] * 3


def test_runner_timeout_kills_a_hung_engine(probes: list[Case]) -> None:
    """With the transport's own timeout long, the runner's per-case timeout fires, kills the
    engine and the next case gets a fresh process (it does not inherit the hung one). The
    message names the runner's limit, so it was the runner's timeout that fired (the
    transport's, 300 s, would say "no reply")."""
    adapter = engine("hang", timeout=GENEROUS)
    results = run_probes(adapter, probes, timeout=5)
    assert [r.result for r in results] == ["passed", "errored", "passed"]
    assert results[1].message.startswith("timed out after 5s at ")
    assert "the adapter did not finish the case in time" in results[1].detail
    assert adapter.restarts >= 1


def test_every_case_faulty_still_finishes(probes: list[Case]) -> None:
    """An engine that crashes in every case gives every case a result."""
    adapter = engine("crash", case="*")
    results = run_probes(adapter, probes)
    assert [r.result for r in results] == ["errored"] * 3
    assert adapter.restarts >= 2


def test_hello_fault_is_an_adapter_error() -> None:
    """An engine whose hello reply is wrong cannot be used: an AdapterError says why."""
    for fault, text in [("wrong-type", "the 'info' table is not valid: 'version' must be a "
                                       "string"),
                        ("crash", "the engine exited (code 3) before replying to 'hello'"),
                        ("garbage", "is not JSON")]:
        adapter = engine(fault, "hello", timeout=5.0)
        with pytest.raises(AdapterError) as info:
            Runner(adapter)
        assert text in str(info.value)
        adapter.close()


def test_a_missing_engine_is_an_adapter_error() -> None:
    """A command that does not exist is reported, not raised as OSError."""
    adapter = SubprocessAdapter(["/nonexistent/engine-binary"])
    with pytest.raises(AdapterError, match="cannot start engine"):
        adapter.info()


def test_engine_environment_is_minimal() -> None:
    """The engine gets the documented variables and MTGCONF_ENGINE_*, nothing else."""
    base = {"PATH": "/bin", "HOME": "/h", "AWS_SECRET_ACCESS_KEY": "s3cr3t",
            "GITHUB_TOKEN": "t", "MTGCONF_ENGINE_LOG": "debug", "MTGCONF_SPEC": "/x"}
    env = engine_environment(base)
    assert env == {"PATH": "/bin", "HOME": "/h", "MTGCONF_ENGINE_LOG": "debug"}
    assert "PATH" in ENGINE_ENV_KEYS


def test_engine_process_sees_only_that_environment(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """A real engine process started by the adapter does not see a secret of the harness's
    environment; it is started from an argv list, without a shell."""
    monkeypatch.setenv("MTGCONF_TEST_SECRET", "do-not-leak")
    monkeypatch.setenv("MTGCONF_ENGINE_FLAVOUR", "vanilla")
    script = tmp_path / "env_engine.py"
    script.write_text(ENV_ENGINE, "utf-8")
    weird = tmp_path / "dir with spaces; $(touch pwned)"
    weird.mkdir()
    adapter = SubprocessAdapter([sys.executable, str(script), str(weird)])
    info = adapter.info()
    adapter.close()
    seen = dict(pair.split("=", 1) for pair in info.homepage.split("|") if pair)
    assert "MTGCONF_TEST_SECRET" not in seen
    assert seen["MTGCONF_ENGINE_FLAVOUR"] == "vanilla"
    assert seen["ARG"] == str(weird)
    assert not (tmp_path / "pwned").exists()


ENV_ENGINE = '''
import json, os, sys
for line in sys.stdin:
    req = json.loads(line)
    env = "|".join(f"{k}={v}" for k, v in sorted(os.environ.items()) if "|" not in v)
    env += "|ARG=" + sys.argv[1]
    reply = {"seq": req["seq"], "ok": True}
    if req["cmd"] == "hello":
        reply = {"seq": req["seq"], "info": {"name": "env", "version": "0", "eras": [],
                                             "features": [], "homepage": env}}
    print(json.dumps(reply), flush=True)
    if req["cmd"] == "quit":
        break
'''


def test_wrong_value_type_is_a_failure_not_an_error(tmp_path: Path) -> None:
    """An engine answering a number query with a string is wrong about the rules, so the
    case fails (with both values), it does not error."""
    script = tmp_path / "string_engine.py"
    script.write_text(STRING_ENGINE, "utf-8")
    cases = write_probes(tmp_path / "cases", 1)
    results = run_probes(SubprocessAdapter([sys.executable, str(script)]), cases)
    assert results[0].result == "failed"
    assert (results[0].expected, results[0].observed) == (2, "2")


STRING_ENGINE = '''
import json, sys
for line in sys.stdin:
    req = json.loads(line)
    reply = {"seq": req["seq"], "ok": True}
    if req["cmd"] == "hello":
        reply = {"seq": req["seq"], "info": {"name": "s", "version": "0", "eras": ["modern"],
                 "features": ["characteristics", "split-cards"]}}
    elif req["cmd"] == "perform":
        reply = {"seq": req["seq"], "outcome": {"status": "ok"}}
    elif req["cmd"] == "observe":
        reply = {"seq": req["seq"], "value": "2"}
    print(json.dumps(reply), flush=True)
'''


def fault_names() -> list[str]:
    """Every fault the faulty engine knows (for docs/reliability.md's count)."""
    sys.path.insert(0, str(ROOT / "tests" / "engines"))
    try:
        import faulty_engine
    finally:
        sys.path.pop(0)
    return sorted(faulty_engine.FAULTS)


def test_every_fault_of_the_engine_is_injected() -> None:
    """Each fault the faulty engine offers is used by a test above."""
    from .test_faults_process import PIPE_FAULTS
    from .test_faults_text import TEXT_FAULTS

    used = ({f for f, _, _ in FAULTS} | {"none", "noisy-stderr", "slow-start", "text-name",
                                         "huge-int", "unsupported-false"}
            | {f for f, _ in TEXT_FAULTS} | {f for f, _ in PIPE_FAULTS})
    assert set(fault_names()) == used
