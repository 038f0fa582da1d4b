"""A run's identity: what must be the same for two pieces of one run to be merged.

``mtgconf run --report`` writes it as the first line of the JSON-lines report (the run header,
``{"record": "run", ...}``), and ``mtgconf run --resume`` compares it with the run it is asked
to finish: the same suite version, spec (registries and the selected cases' data), case
selection (the case files found, ``--shard``, ``--era``, ``--skip`` and the eras and features
the adapter declares), adapter name and version, generated cases (count
and seed) and baseline. Any difference is refused with the fields that differ. The header also
carries what a reader of the report wants to know about the run: the suite's commit, the
adapter's full info and when the run started (not part of the identity).
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import stat
from collections.abc import Mapping, Sequence
from datetime import datetime, timezone
from importlib import metadata
from pathlib import Path
from typing import Any

from conformance.adapter import AdapterInfo
from conformance.spec.catalog import Spec
from conformance.spec.limits import MAX_SPEC_FILE_BYTES
from conformance.spec.tomlio import canonical_json

__all__ = ["HEADER_FORMAT", "contents_differences", "identity_differences", "run_header",
           "spec_contents", "spec_hash", "suite_commit", "suite_version"]

#: Version of the header's layout.
HEADER_FORMAT = 1

#: Identity fields, in the order differences are reported, with how to name them.
_FIELDS = {
    "suite_version": "suite version", "spec": "spec (registries and cards)",
    "cases": "case files (their paths and contents)", "selection": "case selection (the "
    "case files, and the eras and features the adapter declares)", "era": "--era",
    "skip": "--skip", "shard": "--shard", "adapter": "adapter", "adapter_version":
    "adapter version", "generated": "generated cases (--generated)", "generated_seed":
    "generated seed (--generated-seed)", "baseline": "baseline file (--baseline)",
}


def _digest(value: Any) -> str:
    return hashlib.sha256(canonical_json(value).encode("utf-8", "backslashreplace")
                          ).hexdigest()[:16]


def spec_hash(spec: Spec) -> str:
    """A short hash of the spec's registries and card catalog."""
    return _digest({"features": spec.features, "failures": spec.failures, "eras": spec.eras,
                    "rulings": {k: dataclasses.asdict(v) for k, v in spec.rulings.items()},
                    "cards": spec.cards})


def suite_version() -> str:
    """The installed suite's version (the ``mtg-conformance`` distribution)."""
    try:
        return metadata.version("mtg-conformance")
    except metadata.PackageNotFoundError:
        return "unknown"


def suite_commit(root: Path | None = None) -> str | None:
    """The git commit the suite runs from (read from ``.git``, no process started), or None
    when it is not a git checkout."""
    here = root or Path(__file__).resolve().parents[2]
    try:
        git = here / ".git"
        if git.is_file():  # a worktree: "gitdir: <path>"
            git = Path(git.read_text("utf-8").split(":", 1)[1].strip())
        head = (git / "HEAD").read_text("utf-8").strip()
        if not head.startswith("ref:"):
            return head or None
        ref = head.split(":", 1)[1].strip()
        common = git
        if (git / "commondir").is_file():
            common = (git / (git / "commondir").read_text("utf-8").strip()).resolve()
        for base in (git, common):
            if (base / ref).is_file():
                return (base / ref).read_text("utf-8").strip() or None
        packed = common / "packed-refs"
        if packed.is_file():
            for line in packed.read_text("utf-8").splitlines():
                if line.endswith(" " + ref):
                    return line.split()[0]
    except (OSError, IndexError, UnicodeDecodeError):
        return None
    return None


def _file_digest(path: Path) -> str:
    """A hash of a case file's bytes (regular files only, read up to the spec size cap: never
    a FIFO or a device)."""
    try:  # opened without blocking (a FIFO would wait for a writer), then checked
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        return f"unreadable ({exc.errno})"
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return "not-a-regular-file"
        digest = hashlib.sha256()
        left = MAX_SPEC_FILE_BYTES + 1
        while left > 0 and (data := os.read(fd, min(left, 1 << 20))):
            digest.update(data)
            left -= len(data)
        return digest.hexdigest()[:16]
    except OSError as exc:
        return f"unreadable ({exc.errno})"
    finally:
        os.close(fd)


def run_header(*, spec: Spec, files: Sequence[Path], info: AdapterInfo,
               era: str | None = None, skip: Sequence[str] = (), shard: str | None = None,
               generated: int = 0, generated_seed: int | None = None,
               baseline: str | None = None, digests: Mapping[str, str] | None = None,
               source: str | None = None) -> dict[str, Any]:
    """The header of a run of the case ``files`` (and ``generated`` cases of seed
    ``generated_seed``) on the adapter ``info``. The run's plan is a function of what the
    identity holds, so two runs with equal identities plan the same results, however they
    are split into processes. ``digests``: the hashes of the bytes the run loaded (read before
    any engine started, :mod:`conformance.spec.snapshot`); a file missing from it is read
    now. ``source``: how the adapter was named (``--adapter``), kept outside the identity so
    that ``mtgconf report`` can tell a built-in adapter from an engine using its name."""
    known = digests or {}
    version = suite_version()
    baseline_hash = None
    if baseline:
        baseline_hash = _file_digest(Path(baseline))
    identity = {
        "suite_version": version,
        "spec": spec_hash(spec),
        "cases": _digest([[str(f), known.get(str(f)) or _file_digest(f)] for f in files]),
        "selection": _digest({"files": [str(f) for f in files], "eras": list(info.eras),
                              "features": sorted(info.features)}),
        "era": era,
        "skip": list(skip),
        "shard": shard,
        "adapter": info.name,
        "adapter_version": info.version,
        "generated": generated,
        "generated_seed": generated_seed if generated else None,
        "baseline": baseline_hash,
    }
    return {
        "format": HEADER_FORMAT,
        "contents": spec_contents(spec),
        "suite": {"version": version, "commit": suite_commit()},
        "adapter": info.to_dict(),
        "adapter_source": source,
        "seed": generated_seed if generated else None,
        "generated": generated,
        "identity": identity,
        "started": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
    }


def spec_contents(spec: Spec) -> dict[str, str]:
    """Hashes of what the spec holds, whatever machine or directory it lies in: its
    registries and cards (``spec``), and every case file under its ``cases/`` by path relative
    to the spec root and content (``cases``). Two runs with equal contents ran the same
    cases, so their results compare case for case."""
    from conformance.spec.loader import find_case_files

    root = spec.root.resolve()
    files = []
    for f in find_case_files(None, spec):
        try:
            rel = f.resolve().relative_to(root).as_posix()
        except ValueError:
            rel = f.name
        files.append([rel, _file_digest(f)])
    return {"spec": spec_hash(spec), "cases": _digest(sorted(files))}


def contents_differences(headers: Mapping[str, Mapping[str, Any] | None]) -> list[str]:
    """Warnings, in words, when reports (by name -> header) ran on different spec contents
    (see :func:`spec_contents`); a report without a header or contents is named too."""
    seen: dict[str, tuple[str, Any]] = {}
    out: list[str] = []
    known = {name: h.get("contents") for name, h in headers.items() if isinstance(h, Mapping)}
    if len(headers) < 2 or not any(isinstance(c, Mapping) for c in known.values()):
        return []  # nothing to compare with
    for name, header in headers.items():
        contents = header.get("contents") if isinstance(header, Mapping) else None
        if not isinstance(contents, Mapping):
            out.append(f"{name} does not say which spec contents it ran (no run header, or "
                       "one written before headers carried them): it cannot be checked")
            continue
        for key, label in (("spec", "registries and cards"), ("cases", "case files")):
            value = contents.get(key)
            if key in seen and seen[key][1] != value:
                out.append(f"{name} and {seen[key][0]} ran on different spec contents "
                           f"({label} differ): their results do not compare case for case")
            seen.setdefault(key, (name, value))
    return out


def identity_differences(old: Mapping[str, Any], new: Mapping[str, Any]) -> list[str]:
    """What differs between two headers' identities, in words (empty when they agree)."""
    before = old.get("identity")
    after = new.get("identity")
    if not isinstance(before, Mapping) or not isinstance(after, Mapping):
        return ["the report's header has no identity"]
    out = []
    for key, name in _FIELDS.items():
        if before.get(key) != after.get(key):
            out.append(f"{name}: {canonical_json(before.get(key))} in the report, "
                       f"{canonical_json(after.get(key))} now")
    return out
