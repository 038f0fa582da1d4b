"""One validation layer for the numeric and path options of every command.

Each function here is an ``argparse`` ``type=``: it turns the option's text into a value or
raises :class:`argparse.ArgumentTypeError`, which ``argparse`` prints as a usage error naming
the option (``mtgconf run: error: argument --jobs/-j: must be at least 1, not 0``) and exits 2
before anything starts. The option's text is shown through :func:`shown_arg` (escaped, never
raw), so a value holding control characters or console markup cannot act on the terminal.

Nothing here imports the harness: ``mtgconf run`` parses its options before it starts the
workers' interpreter.
"""

from __future__ import annotations

import argparse
import math
import os
import stat
from pathlib import Path

from conformance.spec.textsafe import clean_text

__all__ = ["JOBS_PER_CPU", "MAX_SECONDS", "count", "job_cap", "jobs", "output_dir", "output_file",
           "parse_shard", "report_to_resume", "seconds", "shard_spec", "shown_arg"]

#: The largest time limit an option accepts (a week): beyond it a timer is no limit at all.
MAX_SECONDS = 7 * 24 * 3600.0
#: Worker processes per CPU a run may start (engines often wait on pipes, so more than one).
JOBS_PER_CPU = 2


def shown_arg(text: str, limit: int = 200) -> str:
    """``text`` from the command line, fit to appear in a message: quoted, every invisible or
    control code point escaped, cut after ``limit`` characters."""
    cut = text if len(text) <= limit else text[:limit] + "..."
    return repr(clean_text(cut))


def _int(text: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {shown_arg(text)}"
                                         ) from None


def jobs(text: str) -> int:
    """``--jobs N``: a whole number, at least 1 (a run caps it to :func:`job_cap`, saying
    so)."""
    value = _int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value} (1 runs every case "
                                         "in this process)")
    return value


def job_cap() -> int:
    """The most worker processes a run starts: :data:`JOBS_PER_CPU` per CPU this process may
    use (at least 2)."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cpus = os.cpu_count() or 1
    return max(2, JOBS_PER_CPU * cpus)


def count(text: str) -> int:
    """A number of things (``--generated``, ``--count``): a whole number, 0 or more."""
    value = _int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {value}")
    if value > 10_000_000:
        raise argparse.ArgumentTypeError(f"must be at most 10000000, not {value}")
    return value


def positive_count(text: str) -> int:
    """A number of things that must be at least 1 (``--max-cases``)."""
    value = count(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1, not 0")
    return value


def seconds(text: str) -> float:
    """A time limit (``--timeout``, ``--seconds``): a finite number of seconds above 0 and at
    most :data:`MAX_SECONDS` (``nan`` would disable a timer, ``inf`` overflow one)."""
    try:
        value = float(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, not {shown_arg(text)}"
                                         ) from None
    if math.isnan(value) or math.isinf(value):
        raise argparse.ArgumentTypeError(f"must be a finite number of seconds, not {value}")
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be more than 0 seconds, not {value:g}")
    if value > MAX_SECONDS:
        raise argparse.ArgumentTypeError(f"must be at most {MAX_SECONDS:g} seconds (a week), "
                                         f"not {value:g}")
    return value


def parse_shard(text: str) -> tuple[int, int]:
    """Read ``"I/N"`` (1-based: shard I of N); :class:`ValueError` saying what is wrong."""
    parts = text.strip().split("/")
    try:
        if len(parts) != 2:
            raise ValueError
        i, n = int(parts[0]), int(parts[1])
    except ValueError:
        raise ValueError(f"--shard {shown_arg(text)}: expected I/N such as 1/4") from None
    if n < 1 or n > 1_000_000:
        raise ValueError(f"--shard {shown_arg(text)}: N must be between 1 and 1000000")
    if not 1 <= i <= n:
        raise ValueError(f"--shard {shown_arg(text)}: I must be between 1 and N")
    return i, n


def shard_spec(text: str) -> str:
    """``--shard I/N``, checked (an empty value is an error, not "every shard")."""
    try:
        i, n = parse_shard(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc).split(": ", 1)[1]) from None
    return f"{i}/{n}"


def _not_empty(text: str) -> None:
    if not text.strip():
        raise argparse.ArgumentTypeError("expected a path, not an empty string")
    if "\x00" in text:
        raise argparse.ArgumentTypeError(f"a path cannot hold a NUL character: {shown_arg(text)}")


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISREG(mode):
        return "a file"
    return "not a regular file"


def _parent_ok(path: Path, text: str) -> None:
    """The nearest existing ancestor of ``path`` must be a directory."""
    for parent in path.absolute().parents:
        try:
            mode = parent.stat().st_mode
        except FileNotFoundError:
            continue
        except OSError as exc:
            raise argparse.ArgumentTypeError(f"{shown_arg(text)}: cannot reach {parent}: "
                                             f"{exc.strerror}") from None
        if not stat.S_ISDIR(mode):
            raise argparse.ArgumentTypeError(
                f"{shown_arg(text)}: {shown_arg(str(parent))} is {_kind(mode)}, not a directory")
        return


def _mode_of(path: Path, text: str) -> int | None:
    """The file mode of ``path`` (None: nothing there yet); any other error is the option's."""
    try:
        return path.stat().st_mode
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise argparse.ArgumentTypeError(f"{shown_arg(text)}: {exc.strerror}") from None


def output_file(text: str) -> Path:
    """A file a command writes (``--report``, ``--junit``, ``--markdown``,
    ``--write-baseline``): not empty, not an existing directory, pipe or device, under a
    directory."""
    _not_empty(text)
    path = Path(text)
    mode = _mode_of(path, text)
    if mode is not None and not stat.S_ISREG(mode):
        raise argparse.ArgumentTypeError(f"{shown_arg(text)} is {_kind(mode)}; give a file "
                                         "path to write")
    _parent_ok(path, text)
    return path


def output_dir(text: str) -> Path:
    """A directory a command writes into (``--html``, ``generate --out``): not empty, and not
    an existing file, pipe or device."""
    _not_empty(text)
    path = Path(text)
    mode = _mode_of(path, text)
    if mode is not None and not stat.S_ISDIR(mode):
        raise argparse.ArgumentTypeError(f"{shown_arg(text)} is {_kind(mode)}, not a "
                                         "directory; give a directory to write into")
    _parent_ok(path, text)
    return path


def report_to_resume(text: str) -> Path:
    """``--resume REPORT``: an existing regular file (a directory or a named pipe is said to
    be one, not called missing)."""
    _not_empty(text)
    path = Path(text)
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        raise argparse.ArgumentTypeError(f"no report to resume at {shown_arg(text)}") from None
    except OSError as exc:
        raise argparse.ArgumentTypeError(f"{shown_arg(text)}: {exc.strerror}") from None
    if not stat.S_ISREG(mode):
        raise argparse.ArgumentTypeError(f"{shown_arg(text)} is {_kind(mode)}, not a report "
                                         "file written by mtgconf run --report")
    if not os.access(path, os.R_OK | os.W_OK):
        raise argparse.ArgumentTypeError(f"{shown_arg(text)}: cannot read and append to it "
                                         "(permission denied)")
    return path


def input_file(text: str) -> Path:
    """A file a command reads (``--baseline``, a report): not empty; what it holds is checked
    by its reader."""
    _not_empty(text)
    return Path(text)
