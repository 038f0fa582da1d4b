"""``mtgconf new --ruling ID``: scaffold a case file for a ruling of the catalog.

The scaffold carries the ruling's metadata (id, a title drawn from the statement, CR numbers,
eras, the features those CR numbers call for), a setup holding the ruling's cards, and commented
examples of steps. It does not validate until the author writes at least one step: a case without
steps checks nothing.
"""

from __future__ import annotations

import argparse
import re
import sys
import textwrap
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from conformance.authoring.lint import MAX_TITLE
from conformance.spec import tomlio
from conformance.spec.catalog import Spec, default_spec
from conformance.spec.loader import load_cases
from conformance.spec.model import Ruling
from conformance.spec.paths import inside_package as _inside_package
from conformance.spec.paths import locate_spec
from conformance.spec.tomlio import canonical_json

from ._common import console, quoted, shown

__all__ = ["detail_of", "features_for", "render_scaffold", "title_from_statement", "topic_of"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``mtgconf new``."""
    parser.add_argument("--ruling", required=True, metavar="ID",
                        help="ruling id from spec/rulings.toml, e.g. SPLIT-M02")
    parser.add_argument("--area", help="rules area (directory and id prefix; default: the "
                                       "ruling's area)")
    parser.add_argument("--era", help="write the case for this era only (default: every era "
                                      "of the ruling)")
    parser.add_argument("-o", "--output", type=Path,
                        help="file or directory to write (default: spec/cases/<area>/)")
    parser.add_argument("--name", metavar="SLUG",
                        help="the detail part of the id and file name, lower-case words joined "
                             "by '-' (default: drawn from the ruling's statement)")
    parser.add_argument("--stdout", action="store_true", help="print the scaffold instead")
    parser.add_argument("--force", action="store_true", help="overwrite an existing file")


#: Words a shortened title or a handle should not end on (or, for handles, contain).
_DANGLING = frozenset({"a", "an", "the", "at", "of", "to", "in", "on", "as", "and", "or", "by",
                       "for", "with", "from", "its", "their", "that", "which", "is", "are"})


def title_from_statement(statement: str, limit: int = MAX_TITLE) -> str:
    """A title under ``limit`` characters from a ruling statement: the statement itself if it is
    short enough, else its first clause, else its first words."""
    text = " ".join(statement.split()).rstrip(".")
    if len(text) < limit:
        return text
    for sep in (": ", "; ", ", so ", ", and ", ", but ", " because ", " while ", ", "):
        head = text.split(sep)[0].rstrip(",;")
        if 20 <= len(head) < limit:
            return head
    words: list[str] = []
    for word in text.split():
        if len(" ".join([*words, word])) >= limit:
            break
        words.append(word)
    while len(words) > 3 and words[-1].casefold().strip(",;:") in _DANGLING:
        words.pop()
    return " ".join(words).rstrip(",;:")


def _covers(feature_rule: str, number: str) -> bool:
    """True when CR ``number`` lies within ``feature_rule`` (702 covers 702.33a, 601.2 covers
    601.2c, but 109.3 does not cover 109.30)."""
    if number == feature_rule:
        return True
    if number.startswith(feature_rule + "."):
        return True
    return number.startswith(feature_rule) and "." in feature_rule \
        and number[len(feature_rule):].isalpha()


def features_for(ruling: Ruling, spec: Spec, cards: Sequence[Mapping[str, Any]] = ()
                 ) -> list[str]:
    """Features a case of ``ruling`` likely needs: the area's own feature, those whose CR
    numbers (``spec/features.toml``) cover the ruling's, and those its cards' layouts need."""
    wanted: list[str] = []
    if ruling.area in spec.features:
        wanted.append(ruling.area)
    for name, feature in spec.features.items():
        rules = [str(r) for r in feature.get("rules", [])]
        if any(_covers(r, n) for r in rules for n in ruling.rules) and name not in wanted:
            wanted.append(name)
    layouts = {"split": "split-cards", "transform": "double-faced-cards",
               "modal_dfc": "modal-double-faced-cards", "adventure": "adventures",
               "omen": "omens"}
    for card in cards:
        feature_name = layouts.get(str(card.get("layout", "")))
        if feature_name and feature_name in spec.features and feature_name not in wanted:
            wanted.append(feature_name)
    return wanted


def _handle(name: str, used: set[str]) -> str:
    words = [w for w in re.findall(r"[a-z0-9]+", name.split("//")[0].casefold())
             if w not in _DANGLING]
    base = "-".join(words if len(words) <= 2 else [words[0], words[-1]]) or "card"
    handle, n = base, 2
    while handle in used:
        handle, n = f"{base}{n}", n + 1
    used.add(handle)
    return handle


def _zone(card: Mapping[str, Any]) -> str:
    types = set(card.get("types", []))
    for face in card.get("faces", []):
        types |= set(face.get("types", []))
    return "hand" if types & {"Instant", "Sorcery"} or not types else "battlefield"


def _toml_list(values: Sequence[str]) -> str:
    return "[" + ", ".join(canonical_json(v) for v in values) + "]"


def render_scaffold(ruling: Ruling, spec: Spec, *, case_id: str, area: str,
                    eras: Sequence[str]) -> str:
    """The text of a new case file for ``ruling``."""
    cards = [c for c in (spec.card(n) for n in ruling.cards) if c is not None]
    wrap = textwrap.TextWrapper(width=98, initial_indent="#   ", subsequent_indent="#   ")
    lines = [
        f"# A case for ruling {ruling.id} ({area}), scaffolded by `mtgconf new`.",
        "# The ruling:",
        *wrap.wrap(ruling.statement),
        f"# Source: {ruling.source}.",
    ]
    if ruling.note:
        lines += ["# Note from the catalog:", *wrap.wrap(ruling.note)]
    lines += [
        "# Fill in the setup and at least one step, check the title says what holds, keep only",
        "# the features the steps need, then run:",
        "#   mtgconf validate THIS_FILE --check-reference",
        "# Format: docs/case-format.md. Queries and actions: python -m reference_engine.vocabulary",
        f"id = {canonical_json(case_id)}",
        f"title = {canonical_json(title_from_statement(ruling.statement))}",
        f"rulings = {_toml_list([ruling.id])}",
        f"rules = {_toml_list(list(ruling.rules))}",
        f"eras = {_toml_list(list(eras))}",
        f"features = {_toml_list(features_for(ruling, spec, cards))}",
        "",
        "[setup]",
        '# players = ["alice", "bob"]   active = "alice"   turn = 2   step = "precombat-main"',
        '# life = { bob = 7 }           mana_pool = { alice = "{R}{G}" }',
    ]
    used: set[str] = set()
    for card in cards:
        lines += [
            "",
            "[[setup.objects]]",
            f"handle = {canonical_json(_handle(str(card['name']), used))}",
            f"card = {canonical_json(str(card['name']))}",
            f"zone = {canonical_json(_zone(card))}",
            'owner = "alice"',
        ]
    if not cards:
        lines += [
            "",
            "# [[setup.objects]]",
            '# handle = "bears"',
            '# card = "Grizzly Bears"        # a card of spec/cards/',
            '# zone = "battlefield"',
            '# owner = "alice"',
        ]
    lines += [
        "",
        "# Steps, in order: each an action or an observation. For example:",
        "#",
        "# [[steps]]",
        '# action = { type = "cast", player = "alice", object = "bolt", targets = ["bob"] }',
        '# reject = "timing"                # only if the rules forbid the action',
        "#",
        "# [[steps]]",
        '# observe = { query = "life", player = "bob" }',
        "# expect = 17",
        '# note = "what this step shows a reader"',
        "",
    ]
    return "\n".join(lines)


#: Words left out of an id's detail: they name nothing.
_FILLER = frozenset({"has", "have", "can", "be", "it", "not", "this", "when", "where", "while",
                     "into", "onto", "than", "then", "there", "would", "does", "do"})


def topic_of(ruling_id: str) -> str:
    """The topic part of a case id (CONTRIBUTING.md: ``<area>.<topic>.<detail>[.<era>]``):
    the ruling id's prefix in lower case (``SPLIT-M02`` -> ``split``)."""
    return re.sub(r"[^a-z0-9]+", "-", ruling_id.split("-")[0].casefold()).strip("-") or "ruling"


def detail_of(title: str, words: int = 5) -> str:
    """The detail part of a case id drawn from a title: its first few meaningful words."""
    kept = [w for w in re.findall(r"[a-z0-9]+", title.casefold())
            if w not in _DANGLING and w not in _FILLER and len(w) > 1]
    return "-".join(kept[:words]) or "case"


def _free_name(directory: Path, taken: set[str], *, area: str, topic: str, detail: str,
               era: str | None) -> tuple[str, Path]:
    """A case id and file name following the convention, free in the spec and ``directory``:
    ``<area>.<topic>.<detail>[.<era>]`` in ``<topic>-<detail>[-<era>].toml``; a taken one
    gets ``-2``, ``-3`` ... on its detail, in both."""
    n = 1
    while True:
        d = detail if n == 1 else f"{detail}-{n}"
        case_id = f"{area}.{topic}.{d}" + (f".{era}" if era else "")
        path = directory / (f"{topic}-{d}" + (f"-{era}" if era else "") + ".toml")
        if case_id not in taken and not path.exists():
            return case_id, path
        n += 1


def _ids_in(directory: Path) -> set[str]:
    """Case ids already used by the TOML files of ``directory`` (outside spec/cases too)."""
    ids: set[str] = set()
    for path in directory.glob("*.toml") if directory.is_dir() else ():
        try:
            value = tomlio.loads(path.read_text("utf-8")).get("id")
        except (OSError, UnicodeDecodeError, tomlio.TOMLDecodeError):
            continue
        if isinstance(value, str):
            ids.add(value)
    return ids


def installed_refusal(path: Path) -> str | None:
    """Why ``path`` must not be written (it lies inside an installed package), or None."""
    if not _inside_package(path):
        return None
    where = locate_spec()
    return (f"error: will not write {path}: it is inside the installed package (the spec in "
            f"use is {where.describe()}), where a new case is lost on the next install and "
            "the checkout's spec/ never sees it.\n"
            "  Run mtgconf inside your checkout of mtg-conformance (its spec/ is found from "
            "the current directory), or say where the spec is: --spec DIR, MTGCONF_SPEC=DIR, "
            "or [tool.mtgconf] spec = \"DIR\" in pyproject.toml; or give --output FILE "
            "(or --stdout).")


def run(args: argparse.Namespace) -> int:
    """Write the scaffold; exit 2 if the ruling or era is unknown or the file exists."""
    spec = default_spec()
    out = console()
    err = console(stderr=True)
    ruling = spec.rulings.get(args.ruling) or next(
        (r for r in spec.rulings.values() if r.id.casefold() == args.ruling.casefold()), None)
    if ruling is None:
        close = [r for r in spec.rulings if r.split("-")[0] == args.ruling.split("-")[0].upper()]
        err.print(f"error: unknown ruling id {quoted(args.ruling)}"
                  + (f" (did you mean: {shown(', '.join(close[:8]))}?)" if close else
                     " (ruling ids are listed in spec/rulings.toml)"))
        return 2
    if not ruling.testable:
        err.print(f"note: the catalog marks {shown(ruling.id)} not testable: "
                  f"{shown(ruling.not_testable)}")
    eras = list(ruling.eras)
    if args.era:
        if args.era not in spec.eras:
            err.print(f"error: unknown era {quoted(args.era)} (known: "
                      f"{shown(', '.join(spec.eras))})")
            return 2
        eras = [args.era]
    area = args.area or ruling.area
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", area):
        err.print(f"error: area {quoted(area)} must be lower-case words joined by '-'")
        return 2
    detail = args.name or detail_of(title_from_statement(ruling.statement))
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", detail):
        err.print(f"error: --name {quoted(detail)} must be lower-case words joined by '-'")
        return 2
    era = eras[0] if len(eras) == 1 else None
    explicit = args.output is not None and args.output.suffix == ".toml"
    directory = (args.output.parent if explicit else args.output if args.output is not None
                 else spec.cases_dir() / area)
    taken = {c.id for c in load_cases(None, spec).cases} | _ids_in(directory)
    case_id, path = _free_name(directory, taken, area=area, topic=topic_of(ruling.id),
                               detail=detail, era=era)
    if explicit:
        path = args.output
        if path.exists() and not args.force:
            err.print(f"error: {shown(path)} exists (use --force to overwrite)")
            return 2
    if not args.stdout:
        refusal = installed_refusal(path)
        if refusal:
            err.print(refusal, markup=False, soft_wrap=True)
            return 2
    text = render_scaffold(ruling, spec, case_id=case_id, area=area, eras=eras)
    if args.stdout:
        sys.stdout.write(text)
        return 0
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, "utf-8")
    out.print(f"wrote {shown(path)} (case {shown(case_id)})", soft_wrap=True)
    out.print(f"next: add the setup and steps, then [bold]mtgconf validate {shown(path)} "
              "--check-reference[/bold]", soft_wrap=True)
    return 0
