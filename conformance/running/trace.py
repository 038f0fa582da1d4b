"""A case in words and its step-by-step trace on the reference engine, for ``mtgconf explain``.

The trace drives :mod:`reference_engine` directly (through the reference adapter's session, so
setup is built exactly as in a run) and records, for each step, what the engine logged
(``game.state.events``: casts, zone changes, damage, triggers ...), whether an action was done or
rejected, and the observed value. It then sets each observation beside the case's expectation,
for a reader; adapters never see those expectations.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from conformance.adapter import StartRequest, Unsupported
from conformance.running.judge import cards_for, judge_action, judge_observation
from conformance.spec.catalog import Spec
from conformance.spec.model import Case, Step
from conformance.spec.tomlio import canonical_json

__all__ = ["StepTrace", "Trace", "describe_case", "describe_step", "trace_case"]

#: Event detail keys that hold an object id of the reference engine.
_OBJECT_KEYS = frozenset({"object", "old", "new", "source", "of", "spell", "target", "attached_to",
                          "attacker", "blocker", "permanent"})


@dataclass
class StepTrace:
    """What happened at one step on the reference engine."""

    index: int
    text: str
    kind: str
    outcome: str = ""
    failure: str | None = None
    message: str = ""
    observed: Any = None
    expected: Any = None
    matches: bool = True
    events: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """The step as JSON."""
        data: dict[str, Any] = {"step": self.index, "text": self.text, "kind": self.kind,
                                "outcome": self.outcome, "matches": self.matches,
                                "events": list(self.events)}
        if self.failure is not None:
            data["failure"] = self.failure
            data["message"] = self.message
        if self.kind == "observe":
            data["observed"] = self.observed
            data["expected"] = self.expected
        return data


@dataclass
class Trace:
    """The reference engine's run of one case under one era."""

    case: str
    era: str
    setup_events: list[str] = field(default_factory=list)
    steps: list[StepTrace] = field(default_factory=list)
    error: str = ""

    @property
    def diverged_at(self) -> int | None:
        """Index of the first step whose outcome differs from the case, if any."""
        return next((s.index for s in self.steps if not s.matches), None)

    def to_dict(self) -> dict[str, Any]:
        """The trace as JSON."""
        return {"case": self.case, "era": self.era, "error": self.error,
                "setup_events": list(self.setup_events), "diverged_at": self.diverged_at,
                "steps": [s.to_dict() for s in self.steps]}


# -- the case in words --------------------------------------------------------------------------


def _value(value: Any) -> str:
    return canonical_json(value) if not isinstance(value, str) else value


def describe_step(step: Step) -> str:
    """One step as a sentence: ``alice casts bolt targeting bob`` or ``ask mana_value of ab``."""
    body = dict(step.body)
    if step.kind == "observe":
        query = body.pop("query", "?")
        subject = body.pop("object", None) or body.pop("player", None)
        text = f"ask {query}" + (f" of {subject}" if subject else "")
        if body:
            text += " (" + ", ".join(f"{k} {_value(v)}" for k, v in sorted(body.items())) + ")"
        if step.has_expect:
            text += f"; expect {canonical_json(step.expect)}"
            if step.compare != "equal":
                text += f" ({step.compare})"
        return text
    kind = body.pop("type", "?")
    player = body.pop("player", None)
    obj = body.pop("object", None)
    text = f"{player} {kind}" if player else str(kind)
    if obj:
        text += f" {obj}"
    targets = body.pop("targets", None)
    if targets:
        text += " targeting " + ", ".join(str(t) for t in targets)
    if body:
        text += " (" + ", ".join(f"{k} {_value(v)}" for k, v in sorted(body.items())) + ")"
    if step.reject:
        text += f"; the rules reject it ({step.reject})"
    return text


def _describe_object(obj: Mapping[str, Any]) -> str:
    what = (obj.get("card") or obj.get("predefined_token")
            or (obj.get("token") or {}).get("name", "a token"))
    zone = obj.get("zone", "?")
    owner = obj.get("owner", "?")
    controller = obj.get("controller", owner)
    place = (f"on the {zone} under {controller}'s control" if zone in ("battlefield", "stack")
             else f"in {owner}'s {zone}")
    text = f"{obj.get('handle', '(no handle)')}: {what} {place}"
    extras = [k for k in ("tapped", "sick", "kicked") if obj.get(k)]
    extras += [f"{k} {_value(obj[k])}" for k in ("face", "half", "x", "counters", "damage",
                                                  "attached_to", "targets") if k in obj]
    return text + (f" ({', '.join(extras)})" if extras else "")


def describe_case(case: Case, spec: Spec) -> list[str]:
    """The case in words: title, rulings with their statements, CR numbers, setup and steps."""
    lines = [case.title, f"case {case.id}" + (f" ({case.file})" if case.file else "")]
    for rid in case.rulings:
        ruling = spec.rulings.get(rid)
        lines.append(f"ruling {rid}: {ruling.statement if ruling else '(not in the catalog)'}")
    lines.append("CR " + ", ".join(case.rules))
    lines.append("eras: " + ", ".join(case.eras) + "; features: " + ", ".join(case.features))
    setup = case.setup
    players = setup.get("players", ["alice", "bob"])
    state = [f"players {', '.join(players)}", f"active {setup.get('active', players[0])}"]
    for key in ("turn", "step", "priority", "life", "mana_pool", "choices"):
        if key in setup:
            state.append(f"{key} {_value(setup[key])}")
    lines.append("setup: " + "; ".join(state))
    lines += ["  " + _describe_object(o) for o in setup.get("objects", [])]
    for effect in setup.get("effects", []):
        lines.append("  effect: " + canonical_json(effect))
    for step in case.steps:
        note = f"  ({step.note})" if step.note else ""
        lines.append(f"step {step.index}: {describe_step(step)}{note}")
    return lines


# -- the trace ----------------------------------------------------------------------------------


class _Names:
    """Names for the engine's object ids: the case's handle, else the card name and id."""

    def __init__(self) -> None:
        self.names: dict[int, str] = {}

    def learn(self, state: Any) -> None:
        for obj in state.all_objects():
            name = obj.handle or getattr(obj.card, "name", "?")
            self.names[obj.id] = f"{name}#{obj.id}"

    def event(self, event: Any) -> str:
        parts = []
        for key, value in event.details.items():
            if key in _OBJECT_KEYS and isinstance(value, int) and not isinstance(value, bool):
                value = self.names.get(value, f"#{value}")
            parts.append(f"{key}={_value(value)}")
        return f"{event.kind}: " + " ".join(parts)


def trace_case(case: Case, spec: Spec, era: str, *, cards: Mapping[str, Any] | None = None
               ) -> Trace:
    """Run ``case`` under ``era`` on the reference engine, recording every step."""
    from conformance.adapters.reference import ReferenceAdapter

    adapter = ReferenceAdapter()
    trace = Trace(case=case.id, era=era)
    card_data = dict(cards) if cards is not None else cards_for(case, spec)
    try:
        session = adapter.start(StartRequest(case=case.id, era=era, setup=case.setup,
                                             cards=card_data))
    except Exception as exc:  # shown to the reader as the trace's error
        trace.error = f"setup failed: {type(exc).__name__}: {exc}"
        return trace
    state = session.game.state
    names = _Names()
    names.learn(state)
    trace.setup_events = [names.event(e) for e in state.events if e.kind != "action"]
    for step in case.steps:
        trace.steps.append(_run_step(session, step, names))
    adapter.close()
    return trace


def _run_step(session: Any, step: Step, names: _Names) -> StepTrace:
    state = session.game.state
    before = len(state.events)
    names.learn(state)
    st = StepTrace(index=step.index, text=describe_step(step), kind=step.kind)
    try:
        if step.kind == "action":
            outcome = session.perform(step.body)
            st.outcome = "done" if outcome.ok else "rejected"
            st.failure = outcome.failure
            st.message = outcome.message
            st.matches = judge_action(step.reject, outcome) is None
        else:
            st.observed = session.observe(step.body)
            st.expected = step.expect
            st.outcome = "observed"
            st.matches = judge_observation(step.expect, st.observed, step.compare) is None
    except Unsupported as exc:
        st.outcome, st.message, st.matches = "unsupported", str(exc), False
    except Exception as exc:  # an engine error is part of what the reader sees
        st.outcome, st.message, st.matches = "error", f"{type(exc).__name__}: {exc}", False
    state = session.game.state
    names.learn(state)
    st.events = [names.event(e) for e in state.events[before:] if e.kind != "action"]
    return st


def format_trace(trace: Trace) -> Sequence[str]:
    """The trace as lines of text."""
    lines = [f"trace on the reference engine, era {trace.era}:"]
    if trace.error:
        return [*lines, f"  {trace.error}"]
    lines += [f"  setup: {e}" for e in trace.setup_events]
    for st in trace.steps:
        mark = "ok" if st.matches else "DIVERGES"
        head = f"  step {st.index}: {st.text}"
        if st.kind == "action":
            result = st.outcome + (f" ({st.failure}: {st.message})" if st.failure else "")
        elif st.outcome == "observed":
            result = f"observed {canonical_json(st.observed)}"
        else:
            result = f"{st.outcome}: {st.message}"
        lines.append(f"{head} -> {result} [{mark}]")
        lines += [f"      {e}" for e in st.events]
    where = trace.diverged_at
    lines.append("  the reference engine agrees with every step" if where is None
                 else f"  the reference engine first diverges from the case at step {where}")
    return lines
