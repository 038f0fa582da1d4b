"""What stands between an engine and a result: the *blockers* of an ``unsupported`` result, and
the ranking "what to build next" made from them.

A blocker is a label ``kind:name``:

* ``era:NAME``: the engine does not declare the case's era;
* ``feature:NAME``: the case needs a feature the engine does not declare;
* ``query:NAME`` / ``action:TYPE``: the engine does not declare that query or action (when it
  declares a list), or refused it with ``unsupported`` while the case ran;
* ``setup``: the engine refused the case's setup.

A result planned as unsupported carries *every* blocker found before running it (its era, all
its missing features, its undeclared queries and actions), so a blocker that is a result's only
one is exactly the thing that, built alone, would let that result run. A result refused while
running carries the query or action it was refused on (what follows that step is unknown).
The ranking counts, for each blocker, the results it *alone* blocks (``alone``) and all the
results it is one of the blockers of (``blocks``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from conformance.results.records import CaseResult

__all__ = ["KINDS", "Unlock", "blockers", "case_blockers", "describe", "planned_unsupported",
           "rank", "rank_results", "step_blocker", "unsupported_reason", "uses"]

#: Blocker kinds, in the order a ranking lists equal counts.
KINDS = ("feature", "era", "query", "action", "setup")

_LACKS = re.compile(r" lacks feature\(s\): (.+)$")
_ERA = re.compile(r" does not implement era '([^']+)'")
_STEP = re.compile(r"^step \d+ \((?:observe ([\w-]+)|([\w-]+))[^)]*\): ")


def step_blocker(kind: str, body: Any) -> str:
    """The blocker of a step refused while running: ``query:NAME`` or ``action:TYPE``."""
    if not isinstance(body, dict):
        return "setup"
    if kind == "observe":
        return f"query:{body.get('query')}"
    return f"action:{body.get('type')}"


def uses(case: Any) -> tuple[frozenset[str], frozenset[str]]:
    """The query names and action types the steps of ``case`` (a
    :class:`~conformance.spec.model.Case`) use."""
    queries = {str(s.body.get("query")) for s in case.steps if s.kind == "observe"}
    actions = {str(s.body.get("type")) for s in case.steps if s.kind == "action"}
    return frozenset(queries), frozenset(actions)


def case_blockers(case: Any, era: str, info: Any) -> tuple[str, ...]:
    """Everything ``info`` (an :class:`~conformance.adapter.AdapterInfo`) lacks to run ``case``
    under ``era``: the era, the missing features, and, when the engine declares the queries
    and actions it answers, those it lacks. Empty when the case can run."""
    out: list[str] = []
    if era not in info.eras:
        out.append(f"era:{era}")
    out += [f"feature:{f}" for f in sorted(set(case.features) - set(info.features))]
    queries, actions = uses(case)
    declared_q = getattr(info, "queries", None)
    declared_a = getattr(info, "actions", None)
    if declared_q is not None:
        out += [f"query:{q}" for q in sorted(queries - set(declared_q))]
    if declared_a is not None:
        out += [f"action:{a}" for a in sorted(actions - set(declared_a))]
    return tuple(out)


def blockers(result: CaseResult) -> tuple[str, ...]:
    """The blockers of an ``unsupported`` result (empty for any other): those it carries, else
    read from its message (a report written before results carried them)."""
    if result.result != "unsupported":
        return ()
    if result.missing:
        return result.missing
    lacks = _LACKS.search(result.message)
    if lacks:
        return tuple(f"feature:{f.strip()}" for f in lacks.group(1).split(","))
    era = _ERA.search(result.message)
    if era:
        return (f"era:{era.group(1)}",)
    step = _STEP.match(result.message)
    if step:
        return (f"query:{step.group(1)}",) if step.group(1) else (f"action:{step.group(2)}",)
    if result.message.startswith("setup"):
        return ("setup",)
    return ()


_STEP_PREFIX = re.compile(r"^(?:setup|step \d+ \([^)]*\)): ")


def unsupported_reason(result: CaseResult) -> str:
    """One line grouping an unsupported result with those refused for the same reason: its
    message without the adapter's name, or, for a step or setup the engine refused, what was
    refused and the engine's words."""
    message = result.message.strip()
    if message.startswith(("setup", "step ")):
        words = _STEP_PREFIX.sub("", message)[:160] or "(no reason given)"
        what = blockers(result)
        return (f"{describe(what[0])}: " if what else "") + words
    if result.adapter and message.startswith(result.adapter + " "):
        message = message[len(result.adapter) + 1:]
    return message[:160] or "(no reason given)"


def planned_unsupported(result: CaseResult) -> bool:
    """Whether ``result`` was reported unsupported without running, from what the engine
    declares (its eras, features, queries and actions), not refused by the engine itself."""
    return (result.result == "unsupported" and result.step is None
            and not result.message.startswith("setup"))


def describe(blocker: str) -> str:
    """A blocker in words: ``feature combat``, ``era invasion-2000``, ``query matches``."""
    kind, _, name = blocker.partition(":")
    return f"{kind} {name}" if name else "the setup (refused by the engine)"


@dataclass(frozen=True)
class Unlock:
    """One blocker and how many results it holds back: ``alone`` (it is their only blocker, so
    building it alone lets them run) and ``blocks`` (it is one of their blockers)."""

    blocker: str
    alone: int
    blocks: int

    @property
    def kind(self) -> str:
        """``feature``, ``era``, ``query``, ``action`` or ``setup``."""
        return self.blocker.partition(":")[0]

    @property
    def name(self) -> str:
        """The feature, era, query or action name (empty for ``setup``)."""
        return self.blocker.partition(":")[2]

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {"blocker": self.blocker, "kind": self.kind, "name": self.name,
                "alone": self.alone, "blocks": self.blocks}


def rank(groups: Iterable[Sequence[str]]) -> list[Unlock]:
    """Every blocker of ``groups`` (one blocker list per unsupported result), most results
    unlocked alone first, then most results blocked, then by kind and name."""
    alone: Counter[str] = Counter()
    blocks: Counter[str] = Counter()
    for group in groups:
        unique = set(group)
        blocks.update(unique)
        if len(unique) == 1:
            alone.update(unique)
    order = {k: i for i, k in enumerate(KINDS)}
    return sorted((Unlock(b, alone[b], blocks[b]) for b in blocks),
                  key=lambda u: (-u.alone, -u.blocks, order.get(u.kind, len(KINDS)), u.name))


def rank_results(results: Iterable[CaseResult]) -> list[Unlock]:
    """:func:`rank` over the unsupported results of a run."""
    return rank(blockers(r) for r in results if r.result == "unsupported")
