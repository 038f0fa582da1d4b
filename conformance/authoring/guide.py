"""Keep ``docs/engine-authors.md`` true: its transcript and its ``start`` request are made by a
real run, and this module writes them.

    python -m conformance.authoring.guide           # rewrite the blocks from a fresh run
    python -m conformance.authoring.guide --check   # exit 1 if the guide is out of date

The run plays :data:`CASE` on the reference engine served over the JSON-lines protocol
(``python -m conformance.adapters.serve reference``), through the harness's own subprocess
transport, recording every line as sent and received.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from conformance.running.recording import Exchange, WireRecorder
from conformance.running.runner import Runner, plan
from conformance.spec.catalog import default_spec
from conformance.spec.loader import load_case_file

__all__ = ["CASE", "GUIDE", "guide_text", "record", "render_blocks"]

ROOT = Path(__file__).resolve().parent.parent.parent
#: The guide, in a source checkout.
GUIDE = ROOT / "docs" / "engine-authors.md"
#: The case the guide's transcript plays (relative to the spec directory's parent).
CASE = Path("spec/cases/casting/audit-fire-single-target.toml")


def record(case_file: Path, argv: list[str]) -> list[Exchange]:
    """Every request and reply of one run of ``case_file`` (its first era) on ``argv``."""
    spec = default_spec()
    case, errors = load_case_file(case_file, spec)
    if case is None:
        raise SystemExit("\n".join(e.format() for e in errors))
    adapter = WireRecorder(argv)
    with Runner(adapter, spec=spec) as runner:
        item = plan([case], runner.info)[0]
        result = runner.run_item(item)
    if result.result != "passed":
        raise SystemExit(f"the guide's case did not pass: {result.message}")
    return adapter.log


def render_blocks(log: list[Exchange]) -> dict[str, str]:
    """The guide's generated blocks by marker name."""
    lines = []
    for ex in log:
        lines.append("> " + json.dumps(ex.request, ensure_ascii=False))
        lines.append("< " + json.dumps(ex.reply, ensure_ascii=False))
    start = next(ex.request for ex in log if ex.cmd == "start")
    return {"transcript": "```text\n" + "\n".join(lines) + "\n```",
            "start-request": "```json\n" + json.dumps(start, indent=2, ensure_ascii=False)
                             + "\n```"}


def guide_text(text: str, blocks: dict[str, str]) -> str:
    """``text`` with each ``<!-- NAME:begin -->...<!-- NAME:end -->`` block replaced."""
    for name, body in blocks.items():
        pattern = re.compile(rf"(<!-- {name}:begin -->\n).*?(<!-- {name}:end -->)", re.S)
        if not pattern.search(text):
            raise SystemExit(f"the guide has no {name} block")
        found = pattern.search(text)
        assert found is not None
        text = text[:found.start()] + found.group(1) + body + "\n" + found.group(2) \
            + text[found.end():]
    return text


def main(argv: list[str] | None = None) -> int:
    """Rewrite (or with ``--check``, compare) the guide's generated blocks."""
    parser = argparse.ArgumentParser(prog="python -m conformance.authoring.guide")
    parser.add_argument("--check", action="store_true", help="exit 1 if the guide is stale")
    parser.add_argument("guide", nargs="?", type=Path, default=GUIDE)
    args = parser.parse_args(argv)
    log = record(ROOT / CASE, [sys.executable, "-m", "conformance.adapters.serve", "reference"])
    old = args.guide.read_text("utf-8")
    new = guide_text(old, render_blocks(log))
    if args.check:
        if new != old:
            print(f"{args.guide} is out of date: run python -m conformance.authoring.guide",
                  file=sys.stderr)
            return 1
        return 0
    args.guide.write_text(new, "utf-8")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
