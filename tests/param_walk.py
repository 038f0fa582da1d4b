"""The parameter walk (issue 38): every documented parameter of every ability kind, effect,
layer operation, amount, condition and trigger event, and a spec case in which changing it
changes the outcome.

For each parameter the walk finds the spec cases whose card data (catalog or inline) uses it,
changes its value there (drops it, flips a boolean, moves a number by one, or puts another
value the vocabulary uses for the same parameter elsewhere), runs the case on the reference
engine with the changed card, and calls the parameter *shown* when the case then fails (an
observed value differs; an error does not count, since a value the engine can't read proves
nothing about what the parameter does). The parameters no case shows are listed, with the
reason, in ``docs/parameter-walk.md``, written by ``python -m tests.param_walk --write``.
"""

from __future__ import annotations

import argparse
import copy
import sys
from collections import defaultdict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from conformance import Runner, load_cases
from conformance.adapters.reference import ReferenceAdapter
from conformance.spec.model import Case
from reference_engine.validation import entries

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "parameter-walk.md"
#: The tables walked, and the key that names an entry in each.
TABLES = {"ability kinds": "kind", "effects": "type", "operations": "type",
          "trigger events": "event", "amounts": "", "conditions": ""}
#: How an entry's argument (an amount's or a condition's value) is named in the walk.
ARGUMENT = "(argument)"

#: Parameters that by design change no outcome: text for readers.
DOCUMENTATION_ONLY = {
    "text": "documentation only: the ability's text for readers (the Oracle lint reads it, no "
            "rule does)",
    "note": "documentation only: a remark for readers, ignored by the engine",
}

Param = tuple[str, str, str]  # (table, entry, parameter)
Path_ = tuple[Any, ...]


@dataclass(frozen=True)
class Use:
    """One place card data uses a parameter: the case, the card and the path to the value."""

    case: str
    card: str
    path: Path_


def documented() -> list[Param]:
    """Every documented parameter of the walked tables (an amount's or condition's argument
    counts as one parameter)."""
    vocab = entries()
    out: list[Param] = []
    for table, key in TABLES.items():
        for name, entry in sorted(vocab[table].items()):
            if not key:
                out.append((table, name, ARGUMENT))
                out += [(table, name, p.name) for p in entry.params]
                continue
            out += [(table, name, p.name) for p in entry.params if p.name != key]
    return sorted(set(out))


def _tables_in(value: Any, path: Path_, kind_of: dict[str, set[str]]
               ) -> Iterator[tuple[Param, Path_, Any]]:
    """Every (parameter, path, value) in card data ``value``."""
    if isinstance(value, list):
        for i, item in enumerate(value):
            yield from _tables_in(item, (*path, i), kind_of)
        return
    if not isinstance(value, Mapping):
        return
    named: tuple[str, str] | None = None
    for table, key in TABLES.items():
        if key and key in value and str(value[key]) in kind_of[table]:
            if table == "ability kinds" and path and path[-1] not in ("abilities",) \
                    and not isinstance(path[-1], int):
                continue
            named = (table, str(value[key]))
            break
    if named is None and len(value) >= 1:
        for table in ("amounts", "conditions"):
            heads = [k for k in value if k in kind_of[table]]
            if heads and table == "amounts" and all(
                    k in kind_of[table] or k in ("times", "plus") for k in value):
                named = (table, heads[0])
                yield (table, heads[0], ARGUMENT), (*path, heads[0]), value[heads[0]]
                for k in ("times", "plus"):
                    if k in value:
                        yield (table, heads[0], k), (*path, k), value[k]
                break
            if heads and table == "conditions" and all(k in kind_of[table] for k in value):
                named = (table, heads[0])
                for k in heads:
                    yield (table, k, ARGUMENT), (*path, k), value[k]
                break
    if named is not None and named[0] not in ("amounts", "conditions"):
        key = TABLES[named[0]]
        for k, v in value.items():
            if k != key:
                yield (named[0], named[1], k), (*path, k), v
    for k, v in value.items():
        yield from _tables_in(v, (*path, k), kind_of)


def uses() -> tuple[dict[Param, list[Use]], dict[Param, list[Any]], dict[str, Case],
                    dict[str, Mapping[str, Any]]]:
    """Where spec cases' card data uses each parameter, and the values each takes."""
    kind_of = {t: set(v) for t, v in entries().items()}
    loaded = load_cases()
    cases = {c.id: c for c in loaded.cases}
    found: dict[Param, list[Use]] = defaultdict(list)
    values: dict[Param, list[Any]] = defaultdict(list)
    cards: dict[str, Mapping[str, Any]] = {}
    with Runner(ReferenceAdapter()) as runner:
        for case in loaded.cases:
            for name, data in runner.cards_for(case).items():
                cards.setdefault(f"{case.id}|{name}", data)
                for param, path, value in _tables_in(dict(data), (), kind_of):
                    found[param].append(Use(case.id, name, path))
                    if value not in values[param]:
                        values[param].append(value)
    return found, values, cases, cards


def _likely_first(places: list[Use], cases: Mapping[str, Case]) -> list[Use]:
    """One use per case, those whose title names the card first (the case is about that
    card, so its parameters are likelier to decide what the case observes)."""
    seen: set[str] = set()
    distinct = []
    for use in places:
        if use.case not in seen:
            seen.add(use.case)
            distinct.append(use)
    return sorted(distinct, key=lambda u: (u.card.split(" //")[0].split(",")[0].casefold()
                                           not in cases[u.case].title.casefold(), u.case))


def _mutations(value: Any, others: list[Any]) -> Iterator[Any]:
    """Changed values for a parameter: dropped (None), the other values the vocabulary uses
    for it, a flipped boolean, a number moved by one."""
    yield None
    if isinstance(value, bool):
        yield not value
    elif isinstance(value, int):
        yield value + 1
        yield max(0, value - 1)
    for other in others[:6]:
        if other != value:
            yield other


def _set(data: Any, path: Path_, value: Any) -> None:
    for step in path[:-1]:
        data = data[step]
    if value is None:
        if isinstance(data, dict):
            data.pop(path[-1], None)
        return
    data[path[-1]] = value


def _get(data: Any, path: Path_) -> Any:
    for step in path:
        data = data[step]
    return data


def walk(limit: int = 8) -> tuple[dict[Param, str], dict[Param, str]]:
    """(shown, unshown): for each documented parameter, the case that shows it, or why none
    does."""
    found, values, cases, cards = uses()
    shown: dict[Param, str] = {}
    unshown: dict[Param, str] = {}
    with Runner(ReferenceAdapter()) as runner:
        for param in documented():
            places = found.get(param, [])
            if param[2] in DOCUMENTATION_ONLY:
                unshown[param] = DOCUMENTATION_ONLY[param[2]]
                continue
            if not places:
                unshown[param] = "no spec case uses it"
                continue
            for use in _likely_first(places, cases)[:limit]:
                case = cases[use.case]
                original = cards[f"{use.case}|{use.card}"]
                value = _get(original, use.path)
                for changed in _mutations(value, values[param]):
                    data = copy.deepcopy(dict(original))
                    _set(data, use.path, changed)
                    inline = tuple(c for c in case.cards if c.get("name") != use.card)
                    trial = replace(case, cards=(*inline, data))
                    results = list(runner.run([trial]))
                    if any(r.result == "failed" for r in results):
                        shown[param] = use.case
                        break
                if param in shown:
                    break
            else:
                unshown[param] = (f"used by {len({u.case for u in places})} case(s); no change "
                                  "tried changes an observed value")
    return shown, unshown


def render(shown: Mapping[Param, str], unshown: Mapping[Param, str]) -> str:
    """``docs/parameter-walk.md``."""
    total = len(shown) + len(unshown)
    lines = ["# The parameter walk", "",
             "Generated by `python -m tests.param_walk --write`; `tests/test_parameter_walk.py` "
             "fails when it differs from a new walk. For every documented parameter of every "
             "ability kind, effect, layer operation, amount, condition and trigger event, the "
             "walk changes the parameter in the card data of the spec cases that use it and "
             "runs them on the reference engine: a parameter is shown when a case then fails.",
             "", f"{len(shown)} of {total} parameters shown; the others, with the reason:", "",
             "| table | entry | parameter | reason |", "|---|---|---|---|"]
    for (table, name, param), reason in sorted(unshown.items()):
        lines.append(f"| {table} | `{name}` | `{param}` | {reason} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.param_walk")
    parser.add_argument("--write", action="store_true", help=f"write {DOC.relative_to(ROOT)}")
    args = parser.parse_args(argv)
    shown, unshown = walk()
    text = render(shown, unshown)
    if args.write:
        DOC.write_text(text, encoding="utf-8")
    print(f"{len(shown)} shown, {len(unshown)} not shown")
    return 0


if __name__ == "__main__":
    sys.exit(main())
