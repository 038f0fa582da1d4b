"""The exit statuses of ``mtgconf``: one table, shown in ``--help`` and in the README.

A run that tested nothing must never look green, so "no case selected", "every case
unsupported" and "nothing passed" each have their own status, apart from ordinary failures.
"""

from __future__ import annotations

from collections.abc import Sequence

from conformance.results.records import CaseResult

__all__ = ["ALL_UNSUPPORTED", "EXIT_CODES", "FAILED", "INTERRUPTED", "NOTHING_PASSED",
           "NO_CASES", "OK", "PIPE_CLOSED", "USAGE", "exit_table", "run_status"]

OK = 0
FAILED = 1
USAGE = 2
NO_CASES = 3
NOTHING_PASSED = 4
ALL_UNSUPPORTED = 5
INTERRUPTED = 130
PIPE_CLOSED = 141

#: (status, meaning), in the order the table shows them.
EXIT_CODES: tuple[tuple[int, str], ...] = (
    (OK, "every case that ran passed (or was a known failure), and at least one passed"),
    (FAILED, "a case failed or errored, the engine did not start, the reference engine could "
             "not answer a case, a spec file did not load, or a fixed case under "
             "--strict-baseline"),
    (USAGE, "bad usage: an unknown option, adapter, era, case id or baseline file, or a cmd: "
            "command that cannot be executed"),
    (NO_CASES, "no case selected: the paths, --era, --skip and --shard chose nothing"),
    (NOTHING_PASSED, "nothing passed: nothing failed either, but not one case passed (only "
                     "known failures, unsupported or skipped)"),
    (ALL_UNSUPPORTED, "everything unsupported: the engine lacks the era or features of every "
                      "selected case (or all were skipped), so nothing was tested"),
    (INTERRUPTED, "interrupted (Ctrl-C, SIGTERM, SIGHUP); reports hold what finished"),
    (PIPE_CLOSED, "standard output was closed early (e.g. piped into head)"),
)


def exit_table() -> str:
    """The exit statuses as lines of text, for ``--help``."""
    return "exit status:\n" + "\n".join(f"  {code:>3}  {text}" for code, text in EXIT_CODES)


def run_status(results: Sequence[CaseResult], *, bad: bool) -> int:
    """The status of a finished run (see :data:`EXIT_CODES`): ``bad`` when something failed,
    which wins over the statuses saying that nothing was tested."""
    if not results:
        return NO_CASES
    if bad:
        return FAILED
    kinds = {r.result for r in results}
    if kinds <= {"unsupported", "skipped"}:
        return ALL_UNSUPPORTED
    if not kinds & {"passed", "fixed"}:
        return NOTHING_PASSED
    return OK
