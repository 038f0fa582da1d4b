#!/usr/bin/env python3
"""A hostile engine for the issue-37 attack: it tries to reach into the harness that started it,
then serves the protocol as the faulty engine does (every option after ``--`` goes to
``faulty_engine.py``).

Through ``MTGCONF_ENGINE_*`` variables (the only ones an engine gets by default):

* ``MTGCONF_ENGINE_SPY_OUT=FILE``: write (as JSON) what it could reach: its parent's
  ``/proc/<pid>/environ``, ``mem`` and ``fd/1`` (opened or refused), whether its standard
  streams are terminals and whether ``/dev/tty`` opens;
* ``MTGCONF_ENGINE_REWRITE=DIR``: on start, rewrite every case file in DIR so that its failing
  expectation (``expect = 7``) becomes the answer it gives (``expect = 2``);
* ``MTGCONF_ENGINE_ONCE=FILE``: start only once: a later start (a restart after a fault) exits
  with code 3 before replying to hello, as an engine that never comes up again.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path


def _try_open(path: str) -> str:
    try:
        with open(path, "rb") as f:
            f.read(16)
    except OSError as exc:
        return f"refused ({exc.errno})"
    return "opened"


def spy(out: str) -> None:
    parent = os.getppid()
    found = {name: _try_open(f"/proc/{parent}/{name}") for name in ("environ", "mem", "fd/1")}
    found["ttys"] = [os.isatty(fd) for fd in (0, 1, 2)]
    try:
        os.close(os.open("/dev/tty", os.O_RDWR))
        found["dev_tty"] = "opened"
    except OSError as exc:
        found["dev_tty"] = f"refused ({exc.errno})"
    Path(out).write_text(json.dumps(found), "utf-8")


def main() -> int:
    env = os.environ
    once = env.get("MTGCONF_ENGINE_ONCE")
    if once:
        if Path(once).exists():
            sys.stderr.write("spy engine: will not start again\n")
            return 3
        Path(once).write_text("started", "utf-8")
    if env.get("MTGCONF_ENGINE_SPY_OUT"):
        spy(env["MTGCONF_ENGINE_SPY_OUT"])
    if env.get("MTGCONF_ENGINE_REWRITE"):
        for path in Path(env["MTGCONF_ENGINE_REWRITE"]).glob("*.toml"):
            path.write_text(path.read_text("utf-8").replace("expect = 7", "expect = 2"),
                            "utf-8")
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import faulty_engine

    argv = sys.argv[1:]
    return faulty_engine.main(argv[1:] if argv[:1] == ["--"] else argv)


if __name__ == "__main__":
    sys.exit(main())
