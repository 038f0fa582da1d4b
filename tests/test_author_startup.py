"""Start-up that explains itself (issue 35): ``--engine-env`` and the ``engine-env`` config key
pass variables into the filtered environment; a failed start names that environment and what
it dropped; a silent engine's time-out names flushing; ``smoke`` shows the engine's stderr and
exits 1 for a broken engine (2 stays bad usage)."""

from __future__ import annotations

import os
import sys
import textwrap
from pathlib import Path

import pytest

from conformance.cli import PASS_VAR as CLI_PASS_VAR
from conformance.cli import main
from conformance.errors import ProtocolError
from conformance.transports.engine_env import (
    PASS_VAR,
    configured_entries,
    engine_environment,
    hand_command,
    parse_entries,
)
from conformance.transports.subprocess import SubprocessAdapter

ROOT = Path(__file__).resolve().parent.parent
NEEDS_CLASSPATH = textwrap.dedent("""\
    import json, os, sys
    if "CLASSPATH" not in os.environ:
        print("Error: Could not find or load main class Engine", file=sys.stderr)
        sys.exit(1)
    for line in sys.stdin:
        req = json.loads(line)
        if req["cmd"] == "hello":
            reply = {"info": {"name": "cp", "version": os.environ["CLASSPATH"],
                              "eras": ["modern"], "features": ["characteristics"]}}
        else:
            reply = {"unsupported": "no"}
        print(json.dumps({"seq": req["seq"], **reply}), flush=True)
""")

NO_FLUSH = textwrap.dedent("""\
    import json, sys
    for line in sys.stdin:
        req = json.loads(line)
        sys.stdout.write(json.dumps({"seq": req["seq"], "info": {
            "name": "x", "version": "1", "eras": ["modern"], "features": []}}) + "\\n")
""")


@pytest.fixture()
def needs_classpath(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    engine = tmp_path / "engine.py"
    engine.write_text(NEEDS_CLASSPATH)
    monkeypatch.setenv("CLASSPATH", "/opt/engine/lib/*")
    monkeypatch.delenv(PASS_VAR, raising=False)
    monkeypatch.chdir(tmp_path)  # no pyproject.toml with an engine-env above it
    monkeypatch.setenv("MTGCONF_SPEC", str(ROOT / "spec"))
    return f"cmd:{sys.executable} {engine}"


def test_the_cli_and_the_module_agree_on_the_variable() -> None:
    assert CLI_PASS_VAR == PASS_VAR


def test_entries_parse_and_bad_ones_are_named() -> None:
    assert parse_entries(["CLASSPATH", "JAVA_OPTS=-Xmx1g -Dx=y", "EMPTY="]) == {
        "CLASSPATH": None, "JAVA_OPTS": "-Xmx1g -Dx=y", "EMPTY": ""}
    for bad in ("=x", "1ABC", "A-B=c"):
        with pytest.raises(ValueError, match=repr(bad).replace("'", ".")):
            parse_entries([bad])


def test_the_environment_passes_named_and_set_variables(monkeypatch: pytest.MonkeyPatch,
                                                        tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    base = {"PATH": "/bin", "CLASSPATH": "/lib", "SECRET": "s", "OTHER": "o",
            PASS_VAR: "CLASSPATH 'JAVA_OPTS=-Xmx1g -Da=b' MISSING"}
    env = engine_environment(base)
    assert env == {"PATH": "/bin", "CLASSPATH": "/lib", "JAVA_OPTS": "-Xmx1g -Da=b"}
    assert hand_command(["java", "-cp", "x y"], env, base).startswith(
        'env -i CLASSPATH="$CLASSPATH" \'JAVA_OPTS=-Xmx1g -Da=b\' PATH="$PATH" java -cp')


def test_the_config_key_is_read_from_the_nearest_pyproject(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.mtgconf]\nengine-env = ["CLASSPATH", "JAVA_TOOL_OPTIONS=-Dfile.encoding=UTF-8"]\n')
    deep = tmp_path / "a" / "b"
    deep.mkdir(parents=True)
    monkeypatch.chdir(deep)
    assert configured_entries() == ["CLASSPATH", "JAVA_TOOL_OPTIONS=-Dfile.encoding=UTF-8"]
    env = engine_environment({"PATH": "/bin", "CLASSPATH": "/lib"})
    assert env["CLASSPATH"] == "/lib"
    assert env["JAVA_TOOL_OPTIONS"] == "-Dfile.encoding=UTF-8"


def test_a_failed_start_names_the_filtered_environment(needs_classpath: str) -> None:
    adapter = SubprocessAdapter(needs_classpath.removeprefix("cmd:").split(), timeout=5)
    with pytest.raises(ProtocolError) as caught:
        adapter.info()
    first, *rest = str(caught.value).splitlines()
    assert "exited (code 1) before replying to 'hello'" in first
    assert "filtered environment that dropped CLASSPATH" in first
    assert "--engine-env NAME[=VALUE]" in first
    text = "\n".join(rest)
    assert "not passed: CLASSPATH" in text and "env -i " in text
    assert "Could not find or load main class" in text


def test_engine_env_option_passes_it_through(needs_classpath: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["smoke", "--engine-env", "CLASSPATH", "--adapter", needs_classpath]) in (0, 1)
    out = capsys.readouterr().out
    assert "cp /opt/engine/lib/*" in out  # the engine got the variable: its version says so
    assert os.environ.get(PASS_VAR) is None  # the option does not outlive the command
    assert main(["smoke", "--engine-env", "CLASSPATH=/set/here", "--adapter",
                 needs_classpath]) in (0, 1)
    assert "cp /set/here" in capsys.readouterr().out
    assert main(["smoke", "--engine-env", "NOT A NAME", "--adapter", needs_classpath]) == 2


def test_smoke_shows_stderr_and_exits_1_for_a_broken_engine(
        needs_classpath: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["smoke", "--adapter", needs_classpath]) == 1
    err = capsys.readouterr().err
    assert "engine stderr (last lines):" in err
    assert "Error: Could not find or load main class Engine" in err
    assert "dropped CLASSPATH" in err and "--engine-env" in err
    assert main(["smoke", "--adapter", "no-such-adapter"]) == 2


def test_run_exits_1_when_the_engine_does_not_start(needs_classpath: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "-q", "--adapter", needs_classpath,
                 str(ROOT / "spec" / "cases" / "characteristics")]) == 1
    assert "dropped CLASSPATH" in capsys.readouterr().err


def test_a_silent_engine_times_out_naming_flushing(tmp_path: Path) -> None:
    engine = tmp_path / "noflush.py"
    engine.write_text(NO_FLUSH)
    adapter = SubprocessAdapter([sys.executable, str(engine)], timeout=1, startup_timeout=1.5)
    with pytest.raises(ProtocolError) as caught:
        adapter.info()
    first = str(caught.value).splitlines()[0]
    assert "no reply to 'hello' (seq 1) within 1.5s" in first
    assert "flush stdout" in first and "line-buffered" in first
