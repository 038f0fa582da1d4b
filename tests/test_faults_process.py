"""Hostile engine processes (issue 15): wrappers that do not exec, children holding the pipes,
slow start-ups, engines ignoring signals, interrupts of sequential and parallel runs, and the
harness's own environment. Every run ends by itself and leaves no process behind.

Defects pinned here: a wrapper or a child holding the pipes hung the run forever after a timeout
(4); a restart counted against the next case's timeout (5); engine children and pool workers
outlived the run (11); an engine could read the harness's secrets from /proc (12); Ctrl-C on
``--jobs N`` kept running queued work and a sequential Ctrl-C waited a full timeout (13).
"""

from __future__ import annotations

import os
import shlex
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from conformance import Runner
from conformance.errors import AdapterError
from conformance.spec.model import Case
from conformance.transports.procgroup import isolation_prefix, live_engines
from conformance.transports.subprocess import SubprocessAdapter

from .limits import GENEROUS, PATIENCE, run_with_limits, wait_until
from .test_faults_engine import FAULTY, write_probes

pytestmark = pytest.mark.skipif(os.name != "posix", reason="process groups are POSIX")

MTGCONF = [sys.executable, "-m", "conformance.cli"]


def tagged(tag: str) -> list[int]:
    """Pids of live processes whose command line holds ``tag``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes()
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if tag.encode() in cmdline and state != "Z":
            found.append(int(entry.name))
    return found


def gone(tag: str, wait: float = PATIENCE) -> bool:
    """Whether every process tagged ``tag`` has ended (within ``wait`` seconds: it returns as
    soon as they have, so the margin costs nothing on an idle machine)."""
    return wait_until(lambda: not tagged(tag), wait, poll=0.1)


@pytest.fixture(scope="module")
def probes(tmp_path_factory: pytest.TempPathFactory) -> list[Case]:
    """Three probe cases."""
    return write_probes(tmp_path_factory.mktemp("probes"), 3)


def faulty(fault: str, on: str, tag: str, *extra: str, wrap: bool = False) -> list[str]:
    """The faulty engine's argv, optionally behind a shell that does not exec it."""
    argv = [*FAULTY, "--fault", fault, "--on", on, "--fault-case", "faults.probe.n2",
            "--tag", tag, *extra]
    if wrap:  # like `npm start` or `cargo run`: the shell stays the direct child
        return ["/bin/sh", "-c", f"{shlex.join(argv)}; echo wrapper-done {tag} >&2"]
    return argv


# -- defect 4: wrappers and children holding the pipes ------------------------------------------

PIPE_FAULTS = [("hang", True), ("orphan-hang", False), ("orphan-exit", False),
               ("orphan-hang", True), ("ignore-signals", True), ("orphan-ok", False)]


@pytest.mark.parametrize(("fault", "wrap"), PIPE_FAULTS,
                         ids=[f"{f}{'-wrapped' if w else ''}" for f, w in PIPE_FAULTS])
def test_the_whole_group_is_killed(probes: list[Case], fault: str, wrap: bool) -> None:
    """The faulted case errors (or passes, for a child that lives on quietly), the next
    case passes on a fresh engine, and after the run no process of the engine is left."""
    tag = f"mtgconf-test-{uuid.uuid4().hex}"
    adapter = SubprocessAdapter(faulty(fault, "observe", tag, wrap=wrap), timeout=GENEROUS)
    with Runner(adapter, timeout=GENEROUS) as runner:
        results = run_with_limits(runner, probes, reply_limit=3.0)
    expected = "passed" if fault == "orphan-ok" else "errored"
    assert [r.result for r in results] == ["passed", expected, "passed"], \
        [(r.result, r.message) for r in results]
    assert gone(tag), f"left behind: {tagged(tag)}"
    assert not live_engines()


def test_runner_timeout_kills_a_wrapped_engine_with_children(probes: list[Case]) -> None:
    """The per-case timeout (the transport's is longer) kills the wrapper, the engine and its
    child; the run goes on."""
    tag = f"mtgconf-test-{uuid.uuid4().hex}"
    adapter = SubprocessAdapter(faulty("orphan-hang", "observe", tag, wrap=True),
                                timeout=GENEROUS)
    # Only the hung case gets the 5 s limit (it meets it on any machine); the healthy cases get
    # limits no load reaches (they once errored on a loaded machine with 3 s and with 5 s).
    with Runner(adapter, timeout=GENEROUS) as runner:
        results = run_with_limits(runner, probes, case_limit=5)
    assert [r.result for r in results] == ["passed", "errored", "passed"], \
        [(r.result, r.message) for r in results]
    assert results[1].message.startswith("timed out after 5s at ")
    assert gone(tag)


# -- defect 5: start-up has its own limit -------------------------------------------------------


def test_a_slow_start_does_not_count_against_the_next_case(probes: list[Case]) -> None:
    """An engine that sleeps 3 s before it answers 'hello' (each restart too), with a per-case
    timeout of 2.5 s: after a fault killed it, the next case still passes (its restart used to
    be counted in the case's time, so it timed out). The start-up limit is generous; the
    sleep alone is longer than the case's limit, so the test shows the point on any machine."""
    tag = f"mtgconf-test-{uuid.uuid4().hex}"
    adapter = SubprocessAdapter([*FAULTY, "--fault", "slow-start", "--slow-start", "3",
                                 "--tag", tag], timeout=GENEROUS, startup_timeout=GENEROUS)
    with Runner(adapter, timeout=2.5) as runner:
        items = runner_items(runner, probes)
        results = [runner.run_item(items[0])]
        for item in items[1:]:
            adapter.abort()  # as after a fault: the next case needs a fresh engine
            results.append(runner.run_item(item))
    assert [r.result for r in results] == ["passed"] * 3, [(r.result, r.message)
                                                           for r in results]
    assert adapter.restarts == 2
    assert gone(tag)


def runner_items(runner: Runner, cases: list[Case]) -> list:  # type: ignore[type-arg]
    """The planned work items of ``cases`` on ``runner``."""
    from conformance.running.runner import plan

    return plan(cases, runner.info)


def test_a_start_up_that_never_ends_is_the_case_error(probes: list[Case]) -> None:
    """An engine whose restart hangs past its start-up limit: that case errors saying so. (The
    first start gets a generous limit; only the restart, which sleeps 60 s, gets 2 s.)"""
    tag = f"mtgconf-test-{uuid.uuid4().hex}"
    adapter = SubprocessAdapter([*FAULTY, "--fault", "slow-start", "--slow-start", "0",
                                 "--tag", tag], timeout=GENEROUS, startup_timeout=GENEROUS)
    with Runner(adapter, timeout=GENEROUS) as runner:
        adapter.startup_timeout = 2
        adapter.argv = [*FAULTY, "--fault", "slow-start", "--slow-start", "60", "--tag", tag]
        adapter.abort()
        result = runner.run_item(runner_items(runner, probes)[0])
    assert result.result == "errored"
    assert "did not start" in result.message or "no reply to 'hello'" in result.detail, \
        (result.message, result.detail)
    assert gone(tag)


# -- defects 11 and 13: interrupts and leftovers ------------------------------------------------


def _interruptible() -> None:
    """In the child, before exec: SIGINT at its default disposition and not blocked, whatever
    this pytest process inherited (a shell starts background jobs with SIGINT ignored, and an
    ignored or blocked SIGINT is inherited across exec, so Ctrl-C would never reach the run)."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def cli_run(cases: Path, tag: str, *extra: str, fault: str = "none") -> subprocess.Popen[bytes]:
    """``mtgconf run`` of ``cases`` on the faulty engine, in the background, in its own
    process group (as a terminal would start it)."""
    engine = shlex.join([*FAULTY, "--fault", fault, "--on", "observe", "--tag", tag])
    return subprocess.Popen([*MTGCONF, "run", str(cases), "--adapter", f"cmd:{engine}",
                             "--no-progress", "-q", "--timeout", "30", *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True, preexec_fn=_interruptible)


def engines(tag: str) -> list[int]:
    """Pids of engine processes (not the harness or its workers) tagged ``tag``."""
    out = []
    for pid in tagged(tag):
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if b"conformance.cli" not in cmdline:
            out.append(pid)
    return out


@pytest.fixture(scope="module")
def many(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Sixty probe cases (three chunks of a parallel run: both workers get one)."""
    directory = tmp_path_factory.mktemp("many")
    write_probes(directory, 60)
    return directory


@pytest.mark.slow
@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_an_interrupt_stops_the_run_promptly(many: Path, tmp_path: Path, jobs: int,
                                             sig: int) -> None:
    """Ctrl-C (to the whole terminal group) or SIGTERM during a run whose engine hangs (30 s
    timeout): the run stops within a few seconds, exit 130, the report holds whole results
    only, and no engine or worker is left."""
    tag = f"mtgconf-test-{uuid.uuid4().hex}"
    report = tmp_path / "r.jsonl"
    proc = cli_run(many, tag, "--report", str(report), "--jobs", str(jobs), fault="hang")
    deadline = time.monotonic() + 60
    while len(engines(tag)) < (jobs + 1 if jobs > 1 else 1) and time.monotonic() < deadline:
        time.sleep(0.2)
    time.sleep(1.0)
    sent = time.monotonic()
    if sig == signal.SIGINT:
        os.killpg(proc.pid, sig)  # a terminal's Ctrl-C reaches its whole process group
    else:
        os.kill(proc.pid, sig)
    out, err = proc.communicate(timeout=60)
    took = time.monotonic() - sent
    assert proc.returncode == 130, err.decode()
    assert b"Traceback" not in err + out, err.decode()
    assert took < 25, f"took {took:.1f}s to stop"
    assert gone(tag), f"left behind: {tagged(tag)}"
    from conformance.reports.jsonl import load_report

    if report.exists():  # (an interrupt before the report was opened leaves none)
        assert not load_report(report).problems


@pytest.mark.slow
def test_kill_9_of_a_parallel_run_leaves_no_worker(many: Path, tmp_path: Path) -> None:
    """SIGKILL of a ``--jobs 2`` run (its pool path): the pool workers notice and end,
    killing their hung engines (they used to live on forever); the harness's own engine, idle,
    ends with its closed stdin."""
    tag = f"mtgconf-test-{uuid.uuid4().hex}"
    proc = cli_run(many, tag, "--jobs", "2", "--shard", "1/1", fault="hang")
    deadline = time.monotonic() + 60
    while len(engines(tag)) < 3 and time.monotonic() < deadline:
        time.sleep(0.2)
    assert len(engines(tag)) >= 2
    proc.kill()
    proc.wait()
    assert gone(tag, wait=20), f"left behind: {tagged(tag)}"


# -- defect 12: secrets --------------------------------------------------------------------------

PEEK = r'''
import json, os, sys
parent = open(f"/proc/{os.getppid()}/environ", "rb").read()
for line in sys.stdin:
    req = json.loads(line)
    reply = {"seq": req["seq"], "ok": True}
    if req["cmd"] == "hello":
        reply["info"] = {"name": "peek", "version": "0", "eras": [], "features": [],
                         "homepage": "LEAKED" if b"s3cr3t-value" in parent else "clean"}
    print(json.dumps(reply), flush=True)
    if req["cmd"] == "quit":
        break
'''

HARNESS = r'''
import sys
from conformance.transports.subprocess import SubprocessAdapter
isolate = sys.argv[2] == "isolate"
adapter = SubprocessAdapter([sys.executable, sys.argv[1]], isolate=isolate)
print(adapter.info().homepage)
adapter.close()
'''


@pytest.mark.parametrize("mode", ["plain", "isolate"])
def test_an_engine_cannot_read_the_harness_secrets(tmp_path: Path, mode: str) -> None:
    """A secret in the harness's own environment is not in /proc/<harness>/environ when the
    engine looks (the harness scrubs its copy), and with isolation the engine cannot see the
    harness's /proc entry at all; the harness itself still has the variable."""
    if mode == "isolate":
        try:
            isolation_prefix()
        except AdapterError as exc:
            pytest.skip(str(exc))
    (tmp_path / "peek.py").write_text(PEEK, "utf-8")
    (tmp_path / "harness.py").write_text(HARNESS, "utf-8")
    env = {**os.environ, "MY_API_TOKEN": "s3cr3t-value"}
    run = subprocess.run([sys.executable, str(tmp_path / "harness.py"),
                          str(tmp_path / "peek.py"), mode], env=env, capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 0 or mode == "isolate", run.stderr
    if mode == "isolate" and run.returncode != 0:
        assert "No such file" in run.stderr or "environ" in run.stderr
        return
    assert run.stdout.strip() == "clean", run.stderr


def test_isolated_engine_runs_cases_and_its_children_end(probes: list[Case]) -> None:
    """Under isolation the faulty engine passes the probes, and a child it left holding the
    pipes ends with it."""
    try:
        isolation_prefix()
    except AdapterError as exc:
        pytest.skip(str(exc))
    tag = f"mtgconf-test-{uuid.uuid4().hex}"
    adapter = SubprocessAdapter(faulty("orphan-hang", "observe", tag), timeout=GENEROUS,
                                isolate=True)
    with Runner(adapter, timeout=GENEROUS) as runner:
        results = run_with_limits(runner, probes, reply_limit=3.0)
    assert [r.result for r in results] == ["passed", "errored", "passed"], \
        [(r.result, r.message) for r in results]
    assert gone(tag)
