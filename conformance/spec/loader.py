"""Load case files: TOML, then the case schema, then checks against the spec registries.

Every problem becomes a located :class:`~conformance.errors.SpecError`; all problems in a file are
reported together, and a bad file never stops the others from loading.
"""

from __future__ import annotations

import difflib
import json
import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from conformance.errors import SpecError
from conformance.spec.catalog import AREAS, Spec, default_spec, parse_toml_text
from conformance.spec.limits import (
    MAX_SPEC_FILE_BYTES,
    decode_spec_bytes,
    escaped_root,
    non_json_values,
    read_spec_text,
    too_deep,
    too_large,
)
from conformance.spec.model import Case, Step
from conformance.spec.schema import is_valid
from conformance.spec.snapshot import Snapshot
from conformance.spec.tomlindex import index_lines, line_of

__all__ = ["LoadResult", "case_from_data", "find_case_files", "load_case_data", "load_case_file",
           "load_cases"]

#: Keys of an action or query that name an object by handle.
HANDLE_KEYS = ("object", "attacker", "blocker", "source", "card", "spell", "permanent")
#: Keys holding a list of handles or players.
HANDLE_LIST_KEYS = ("objects", "targets", "attackers", "blockers")


@dataclass
class LoadResult:
    """Cases that loaded and errors for those that did not."""

    cases: list[Case] = field(default_factory=list)
    errors: list[SpecError] = field(default_factory=list)
    files: int = 0


def find_case_files(paths: Sequence[Path | str] | None = None,
                    spec: Spec | None = None) -> list[Path]:
    """Case files under ``paths`` (files or directories; default ``spec/cases``), sorted."""
    roots = [Path(p) for p in paths] if paths else [(spec or default_spec()).cases_dir()]
    files: list[Path] = []
    for root in roots:
        if root.is_dir():
            files += sorted(root.rglob("*.toml"))
        else:
            files.append(root)
    return files


def _display(path: Path, real: Path | None = None) -> str:
    try:
        return str((real or path.resolve()).relative_to(Path.cwd()))
    except (ValueError, OSError, RuntimeError):  # outside the cwd, or a symbolic link loop
        return str(path)


class _Resolver:
    """``Path.resolve`` for many files in few directories: each directory is resolved once,
    then a file is its real directory plus its name, unless the file itself is a link."""

    def __init__(self) -> None:
        self._dirs: dict[Path, Path] = {}
        self._known: dict[str, Path] = {}  # paths asked for before (a root, for each file)

    def __call__(self, path: Path) -> Path:
        key = str(path)
        known = self._known.get(key)
        if known is None:
            known = self._known[key] = self._resolve(path)
        return known

    def _resolve(self, path: Path) -> Path:
        name = path.name
        if not name or name in (".", "..") or os.path.islink(path):
            return path.resolve()
        parent = self._dirs.get(path.parent)
        if parent is None:
            parent = self._dirs[path.parent] = path.parent.resolve()
        return parent / name


def load_case_file(path: Path | str, spec: Spec | None = None, *,
                   real: Path | None = None, snapshot: Snapshot | None = None
                   ) -> tuple[Case | None, list[SpecError]]:
    """Load one case file; return the case (None if it has errors) and every error.
    ``real`` is the file's resolved path when the caller already knows it; ``snapshot`` holds
    the file's bytes when the run read them already (:mod:`conformance.spec.snapshot`)."""
    spec = spec or default_spec()
    path = Path(path)
    shown = _display(path, real)
    read = snapshot.get(str(path)) if snapshot is not None else None
    if read is None:
        text, error = read_spec_text(path, display=shown)
    elif read.data is None:
        text, error = None, (replace(read.error, file=shown) if read.error else None)
    else:
        text, error = decode_spec_bytes(read.data, display=shown)
    if text is None:
        if error is not None and error.code == "no-such-file":
            error = SpecError("no-such-file", "no such case file", file=shown)
        return None, [error] if error is not None else []
    return load_case_text(text, spec, display=shown, folder=area_folder(real or path, spec))


def area_folder(path: Path, spec: Spec) -> str | None:
    """The rules-area folder a case file is in: ``<area>`` for ``<spec>/cases/<area>/...``, ""
    for a file directly in ``<spec>/cases``, None for a file outside that tree."""
    try:
        cases = spec.cases_dir().resolve()
        parts = path.resolve().relative_to(cases).parts
    except (ValueError, OSError, RuntimeError):
        return None
    return parts[0] if len(parts) >= 2 else ""


def _area_problems(data: Mapping[str, Any], folder: str | None,
                   spec: Spec) -> Iterator[tuple[str, str, list[Any], str | None]]:
    """One rule for a case's area (issue 38): it is the folder the file is in under
    ``spec/cases``, and the case's id starts with that area."""
    if folder is None:
        return
    areas = sorted(AREAS)
    if folder == "":
        yield ("area-folder", "a case file must be in a rules area's folder, "
               "spec/cases/<area>/", [], f"areas: {', '.join(areas)}")
        return
    if folder not in areas:
        yield ("area-folder", f"{folder!r} is not a rules area (the folder under "
               "spec/cases names the case's area)", [], f"areas: {', '.join(areas)}")
        return
    case_id = data.get("id")
    if isinstance(case_id, str) and case_id.split(".", 1)[0] != folder:
        yield ("area-folder", f"the case is in the folder of area {folder!r}, so its id must "
               f"start with '{folder}.'", ["id"], "move the file to the folder of the area its "
               "id names (an id never changes)")


def load_case_text(text: str, spec: Spec, *, display: str, folder: str | None = None
                   ) -> tuple[Case | None, list[SpecError]]:
    """Load a case from TOML ``text`` (``display`` names it in errors); text over the size
    limit or nested too deeply is a located error, never an exception. ``folder`` is the
    rules-area folder of its file under ``spec/cases`` (see :func:`area_folder`)."""
    if len(text) > MAX_SPEC_FILE_BYTES:
        return None, [too_large(display, len(text.encode("utf-8")))]
    try:
        return _load_case_text(text, spec, display=display, folder=folder)
    except RecursionError:
        return None, [too_deep(display)]


def _load_case_text(text: str, spec: Spec, *, display: str, folder: str | None = None
                    ) -> tuple[Case | None, list[SpecError]]:
    data, errors = parse_toml_text(text, "case", display=display)
    if data is None:
        return None, errors
    case_id = data.get("id") if isinstance(data.get("id"), str) else None
    if not errors:
        problems = [*non_json_values(data), *semantic_problems(data, spec),
                    *_area_problems(data, folder, spec)]
        if problems:  # the line index is built only to place an error
            index = index_lines(text)
            errors += [
                SpecError(code, message, file=display, case=case_id, path=_path_text(path),
                          line=line_of(index, path), hint=hint)
                for code, message, path, hint in problems
            ]
    if errors:
        return None, errors
    return case_from_data(data, spec, file=display, area=folder or None), []


def load_case_data(data: dict[str, Any], text: Callable[[], str], spec: Spec, *,
                   display: str) -> tuple[Case | None, list[SpecError]]:
    """Load a case given as the data its TOML ``text`` reads back to (a generated case, see
    :func:`generators.tomlcase.toml_layout`): the same checks, without writing or parsing text.

    A case that passes every check is built from ``data`` directly. Any doubt (a problem found,
    a value that is not plain JSON, data that might be large) loads ``text()`` instead, so the
    errors are exactly those of the text, with their lines."""
    try:
        plain = json.dumps(data, allow_nan=False, check_circular=False)
    except (TypeError, ValueError, RecursionError):
        plain = None
    if (plain is not None and len(plain) <= MAX_SPEC_FILE_BYTES // 8
            and is_valid("case", data) and not any(True for _ in semantic_problems(data, spec))):
        return case_from_data(data, spec, file=display), []
    return load_case_text(text(), spec, display=display)


def _path_text(path: Sequence[Any]) -> str:
    from conformance.spec.schema import json_path

    return json_path(path)


def semantic_problems(data: Mapping[str, Any], spec: Spec
                      ) -> Iterable[tuple[str, str, list[Any], str | None]]:
    """Yield (code, message, JSON path, hint) for each problem the schema cannot see."""
    for i, ruling in enumerate(data.get("rulings", [])):
        if ruling not in spec.rulings:
            yield ("unknown-ruling", f"unknown ruling id {ruling!r}", ["rulings", i],
                   "ruling ids are listed in spec/rulings.toml")
    for i, era in enumerate(data.get("eras", [])):
        if era not in spec.eras:
            yield ("unknown-era", f"unknown era {era!r}", ["eras", i],
                   f"known eras: {', '.join(spec.eras)}")
    for i, feature in enumerate(data.get("features", [])):
        if feature not in spec.features:
            yield ("unknown-feature", f"unknown feature {feature!r}", ["features", i],
                   _did_you_mean(feature, list(spec.features))
                   or "features are listed in spec/features.toml")
    inline = {str(c.get("name", "")).casefold() for c in data.get("cards", [])}
    if inline and "custom-cards" not in data.get("features", []):
        yield ("missing-feature", "inline cards need the 'custom-cards' feature", ["cards"],
               "add \"custom-cards\" to features")
    setup = data.get("setup", {})
    players = list(setup.get("players", ["alice", "bob"]))
    if len(players) > 2 and "multiplayer" not in data.get("features", []):
        yield ("missing-feature", f"a game of {len(players)} players needs the 'multiplayer' "
               "feature (CR 800.1)", ["setup", "players"], "add \"multiplayer\" to features")
    needed = [("teams", "teams", "a game between teams (setup.teams) needs the 'teams' feature "
               "(CR 102.3)"),
              ("shared_team_turns", "shared-team-turns", "the shared team turns option needs the "
               "'shared-team-turns' feature (CR 805)")]
    variant = setup.get("variant")
    for name, feature in (("two-headed-giant", "two-headed-giant"),
                          ("two-headed-giant", "shared-team-turns"),
                          ("alternating-teams", "alternating-teams"), ("emperor", "emperor")):
        if variant == name:
            needed.append(("variant", feature, f"a {name} game needs the '{feature}' feature "
                           "(CR 809-811)"))
    for key, feature, message in needed:
        if setup.get(key) and feature not in data.get("features", []):
            yield ("missing-feature", message, ["setup", key], f"add \"{feature}\" to features")
    options = setup.get("multiplayer")
    if isinstance(options, dict):
        needs = [("range_of_influence" in options or options.get("variant") == "grand-melee",
                  "range-of-influence", "a limited range of influence", "801"),
                 (options.get("attack") in ("left", "right")
                  or options.get("variant") == "grand-melee",
                  "attack-direction", "the attack left or right option", "803"),
                 (options.get("variant") == "grand-melee", "grand-melee",
                  "the Grand Melee variant", "807"),
                 (options.get("attack") == "one", "defending-player-choice",
                  "a game without an attack option (one defending player chosen)", "506.2a")]
        for wanted, feature, what, rule in needs:
            if wanted and feature not in data.get("features", []):
                yield ("missing-feature", f"{what} (setup.multiplayer) needs the {feature!r} "
                       f"feature (CR {rule})", ["setup", "multiplayer"],
                       f"add \"{feature}\" to features")
    if setup.get("brawl") and "brawl" not in data.get("features", []):
        yield ("missing-feature", "a Brawl game (setup.brawl) needs the 'brawl' feature "
               "(CR 903.12)", ["setup", "brawl"], "add \"brawl\" to features")
    if setup.get("commander") and "commander" not in data.get("features", []):
        yield ("missing-feature", "a Commander game (setup.commander) needs the 'commander' "
               "feature (CR 903)", ["setup", "commander"], "add \"commander\" to features")
    handles: dict[str, int] = {}
    objects = setup.get("objects", [])
    suggested = 0  # "did you mean" for the first 20 unknown cards only: each costs a search
    for i, obj in enumerate(objects):
        card = obj.get("card")
        if isinstance(card, str) and card.casefold() not in inline and spec.card(card) is None:
            yield ("unknown-card", f"unknown card {card!r}", ["setup", "objects", i, "card"],
                   (_did_you_mean(card, [str(c["name"]) for c in spec.cards.values()])
                    if (suggested := suggested + 1) <= 20 else None)
                   or f"cards are defined in {spec.root / 'cards'} (or inline with "
                   "custom-cards)")
        for key in ("owner", "controller"):
            if key in obj and obj[key] not in players:
                yield ("unknown-player", f"unknown player {obj[key]!r}",
                       ["setup", "objects", i, key], f"players: {', '.join(players)}")
        handle = obj.get("handle")
        if handle is not None:
            if handle in handles:
                yield ("duplicate-handle", f"handle {handle!r} is used twice (first at "
                       f"setup.objects[{handles[handle]}])", ["setup", "objects", i, "handle"],
                       None)
            else:
                handles[handle] = i
    for key in ("active", "priority"):
        if key in setup and setup[key] not in players:
            yield ("unknown-player", f"unknown player {setup[key]!r}", ["setup", key],
                   f"players: {', '.join(players)}")
    yield from _attachment_problems(objects, handles)
    for i, effect in enumerate(setup.get("effects", [])):
        affected = effect.get("affected")
        if isinstance(affected, list):
            for j, h in enumerate(affected):
                if h not in handles:
                    yield ("dangling-handle", f"no object has handle {h!r}",
                           ["setup", "effects", i, "affected", j], _known(handles))
        src = effect.get("source")
        if src is not None and src not in handles:
            yield ("dangling-handle", f"no object has handle {src!r}",
                   ["setup", "effects", i, "source"], _known(handles))
    known = set(handles) | set(players)
    for i, step in enumerate(data.get("steps", [])):
        body_key = "action" if "action" in step else "observe"
        body = step.get(body_key, {})
        for key in HANDLE_KEYS:
            value = body.get(key)
            if isinstance(value, str) and key in ("object", "attacker", "blocker", "spell",
                                                  "permanent") and value not in known:
                yield ("dangling-handle", f"no object has handle {value!r}",
                       ["steps", i, body_key, key], _known(handles))
        new = body.get("handle")
        if body_key == "action" and isinstance(new, str):
            known.add(new)
        if "reject" in step and step["reject"] not in spec.failures:
            yield ("unknown-failure", f"unknown failure class {step['reject']!r}",
                   ["steps", i, "reject"], "failure classes are listed in spec/features.toml")


def _did_you_mean(word: str, choices: list[str]) -> str | None:
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.75)
    return f"did you mean {close[0]!r}?" if close else None


def _known(handles: Mapping[str, int]) -> str:
    names = list(handles)
    shown = ", ".join(names[:20]) + (f", ... ({len(names)} in all)" if len(names) > 20 else "")
    return "known handles: " + (shown if names else "(none)")


def _attachment_problems(objects: Sequence[Mapping[str, Any]], handles: Mapping[str, int]
                         ) -> Iterable[tuple[str, str, list[Any], str | None]]:
    """Attachments must name a known object and must not form a cycle."""
    attached: dict[str, str] = {}
    for i, obj in enumerate(objects):
        target = obj.get("attached_to")
        if target is None:
            continue
        if target not in handles:
            yield ("dangling-handle", f"no object has handle {target!r}",
                   ["setup", "objects", i, "attached_to"], _known(handles))
        elif obj.get("handle"):
            attached[str(obj["handle"])] = str(target)
    # Each object is attached to at most one other: walk each chain once (linear time), and
    # report every member of each cycle, its chain shown from that member.
    cycle_of: dict[str, list[str]] = {}
    position: dict[str, int] = {}
    done: set[str] = set()
    for start in attached:
        path: dict[str, int] = {}
        cur: str | None = start
        while cur is not None and cur not in done and cur not in path:
            path[cur] = len(path)
            cur = attached.get(cur)
        if cur is not None and cur in path:
            members = list(path)[path[cur]:]
            for member in members:
                cycle_of[member] = members
            position.update((m, i) for i, m in enumerate(members))
        done.update(path)
    for start in attached:
        ring = cycle_of.get(start)
        if ring is None:
            continue
        at, n = position[start], len(ring)
        shown = [ring[(at + k) % n] for k in range(min(n, 10))]
        if n > 10:
            shown.append(f"... ({n} objects)")
        yield ("attachment-cycle", "objects are attached to each other in a cycle: "
               + " -> ".join([*shown, start]), ["setup", "objects", handles[start],
                                               "attached_to"], None)


def _area(data: Mapping[str, Any], spec: Spec) -> str:
    """The area of a case that is not in ``spec/cases`` (a generated case, a file elsewhere):
    its id's first part when that is a rules area, else its first ruling's area."""
    head = str(data.get("id", "")).split(".", 1)[0]
    if head in AREAS:
        return head
    for rid in data.get("rulings", []):
        ruling = spec.rulings.get(rid)
        if ruling is not None:
            return ruling.area
    return "unknown"


def case_from_data(data: Mapping[str, Any], spec: Spec, *, file: str | None = None,
                   area: str | None = None) -> Case:
    """Build a :class:`Case` from validated case data; its ``area`` is the rules-area folder
    its file is in under ``spec/cases`` (the one rule, checked as it loads), else see
    :func:`_area`."""
    steps = []
    for i, s in enumerate(data["steps"]):
        if "action" in s:
            steps.append(Step(index=i, kind="action", body=s["action"], reject=s.get("reject"),
                              note=s.get("note")))
        else:
            has = "expect" in s or "expect_null" in s
            steps.append(Step(index=i, kind="observe", body=s["observe"],
                              expect=s.get("expect"), has_expect=has,
                              compare=s.get("compare", "equal"), note=s.get("note")))
    return Case(
        id=data["id"],
        title=data["title"],
        rulings=tuple(data["rulings"]),
        rules=tuple(data["rules"]),
        eras=tuple(data["eras"]),
        features=tuple(data["features"]),
        setup=data["setup"],
        steps=tuple(steps),
        area=area or _area(data, spec),
        file=file,
        cards=tuple(data.get("cards", [])),
        generated=data.get("generated"),
        period_rules=tuple(data.get("period_rules", [])),
        data=data,
    )


def load_cases(paths: Sequence[Path | str] | None = None, spec: Spec | None = None, *,
               snapshot: Snapshot | None = None) -> LoadResult:
    """Load every case under ``paths``; duplicate ids across files are errors too. With
    ``snapshot``, the files it holds are taken from it instead of read now."""
    spec = spec or default_spec()
    result = LoadResult()
    seen: dict[str, str] = {}
    roots = case_roots(paths, spec)
    resolve = _Resolver()
    for path in find_case_files(paths, spec):
        result.files += 1
        case, errors = load_found_file(path, roots, spec, resolve=resolve, snapshot=snapshot)
        result.errors += errors
        if case is None:
            continue
        if case.id in seen:
            result.errors.append(duplicate_id(case.id, case.file, seen[case.id]))
            continue
        seen[case.id] = case.file or "?"
        result.cases.append(case)
    return result


def case_roots(paths: Sequence[Path | str] | None, spec: Spec) -> list[Path]:
    """The directories (or files) case files are looked for under."""
    return [Path(p) for p in paths] if paths else [spec.cases_dir()]


def load_found_file(path: Path, roots: list[Path], spec: Spec, *,
                    resolve: Callable[[Path], Path] | None = None,
                    snapshot: Snapshot | None = None) -> tuple[Case | None, list[SpecError]]:
    """Load one file that :func:`find_case_files` found under ``roots``: refused unread if it
    links outside them. ``resolve`` is a caching resolver shared by the files of one load."""
    resolve = resolve or _Resolver()
    escaped = escaped_root(path, roots, resolve=resolve)
    try:
        real: Path | None = resolve(path)
    except (OSError, RuntimeError):  # a link loop (RuntimeError on 3.11): the read reports it
        real = None
    if escaped is not None:
        return None, [SpecError(
            "outside-tree", f"the file links outside {escaped} and was not read",
            file=_display(path, real), hint="case files must live inside the directory "
            "they are found in")]
    return load_case_file(path, spec, real=real, snapshot=snapshot)


def duplicate_id(case_id: str, file: str | None, first: str) -> SpecError:
    """The error for the case ``case_id`` of ``file`` whose id an earlier file (``first``)
    already uses."""
    return SpecError("duplicate-id", f"case id {case_id!r} is also used by {first}",
                     file=file, case=case_id, path="id", hint="every case needs its own id")
