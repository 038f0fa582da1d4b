"""Differential runs: the reference engine and another adapter side by side, step by step.

A *scenario* is a family's setup (drawn from its parameters) followed by a few actions chosen
among the actions the reference engine offers in the current state (valid by construction). After
the setup and after every action both engines answer the same observations: the family's own
queries and each object's basic characteristics. The first difference is a
:class:`Divergence`; Hypothesis then shrinks the scenario, and :func:`reproduction_case` turns
the minimal one into an ordinary TOML case whose expected values come from the reference engine.

The target is a plain Hypothesis test (:func:`fuzz_target`), so HypoFuzz can run it at scale
(see ``docs/generators.md``).
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st
from hypothesis.errors import FlakyFailure

from conformance.adapter import Adapter, AdapterInfo, Outcome, StartRequest, Unsupported
from conformance.adapters.reference import ReferenceAdapter
from conformance.running.compare import values_equal
from conformance.running.judge import judge_action, judge_observation
from conformance.spec.tomlio import canonical_json
from generators import families as _families  # noqa: F401 - registers the families
from generators.family import FAMILIES, Family, build_case

__all__ = ["ACTION_SOURCES", "Divergence", "FuzzResult", "Scenario", "action_source",
           "fuzz", "fuzz_target", "reproduction_case", "run_scenario", "scenarios"]

_OBJECT_QUERIES = ("zone", "name", "mana_value", "colors", "types", "power", "toughness")
_GLOBAL_QUERIES: tuple[Mapping[str, Any], ...] = (
    {"query": "stack"}, {"query": "step"}, {"query": "priority"},
    {"query": "life", "player": "alice"}, {"query": "life", "player": "bob"},
)


@dataclass(frozen=True)
class Scenario:
    """A family's draw under an era, and the choices that pick each action in turn."""

    family: str
    era: str
    params: Any
    choices: tuple[int, ...]
    #: Perform the family's own actions (the ruling's scenario) before the chosen ones.
    scripted: bool = False


class Divergence(AssertionError):
    """The adapter answered differently from the reference engine."""

    def __init__(self, scenario: Scenario, actions: list[Mapping[str, Any]],
                 outcomes: list[Outcome], step: Mapping[str, Any], expected: Any,
                 observed: Any) -> None:
        super().__init__(f"{scenario.family} [{scenario.era}] after {len(actions)} action(s): "
                         f"{canonical_json(step)}: reference {canonical_json(expected)}, "
                         f"adapter {canonical_json(observed)}")
        self.scenario = scenario
        self.actions = actions
        self.outcomes = outcomes
        self.step = step
        self.expected = expected
        self.observed = observed


#: Makers of candidate actions: each gets the reference session and the case's handles and
#: returns actions, needing the feature it is registered with. Rules areas add theirs.
ACTION_SOURCES: list[tuple[str, Callable[[Any, Sequence[str]], list[dict[str, Any]]]]] = []


def action_source(feature: str) -> Callable[[Callable[[Any, Sequence[str]],
                                                      list[dict[str, Any]]]],
                                            Callable[[Any, Sequence[str]], list[dict[str, Any]]]]:
    """Register a maker of candidate actions that needs ``feature`` on both engines."""

    def wrap(fn: Callable[[Any, Sequence[str]], list[dict[str, Any]]]
             ) -> Callable[[Any, Sequence[str]], list[dict[str, Any]]]:
        ACTION_SOURCES.append((feature, fn))
        return fn

    return wrap


def _ask(session: Any, query: Mapping[str, Any]) -> tuple[bool, Any]:
    try:
        return True, session.observe(query)
    except Exception:
        return False, None


@action_source("stack")
def _priority_actions(session: Any, handles: Sequence[str]) -> list[dict[str, Any]]:
    """Pass priority (CR 117.3d) and resolve the top of the stack (CR 608)."""
    ok, player = _ask(session, {"query": "priority"})
    actions: list[dict[str, Any]] = []
    if ok and player:
        actions.append({"type": "pass_priority", "player": player})
    ok, stack = _ask(session, {"query": "stack"})
    if ok and stack:
        actions.append({"type": "resolve"})
    return actions


_STEPS = ("upkeep", "draw", "precombat-main", "beginning-of-combat", "end")


@action_source("turn-structure")
def _advance_actions(session: Any, handles: Sequence[str]) -> list[dict[str, Any]]:
    """Move on to a later step (CR 500)."""
    ok, stack = _ask(session, {"query": "stack"})
    if not ok or stack:
        return []
    return [{"type": "advance", "to": s} for s in _STEPS]


def _objects_in(session: Any, handles: Sequence[str], zone: str) -> list[str]:
    return [h for h in handles if _ask(session, {"query": "zone", "object": h}) == (True, zone)]


@action_source("casting")
def _cast_actions(session: Any, handles: Sequence[str]) -> list[dict[str, Any]]:
    """Cast a card from hand (CR 601.2), each half of a split card, kicked or not."""
    ok, player = _ask(session, {"query": "priority"})
    if not ok or not player:
        return []
    actions: list[dict[str, Any]] = []
    for h in _objects_in(session, handles, "hand"):
        ok, types = _ask(session, {"query": "types", "object": h})
        if ok and "Land" in (types or []):
            continue
        ok, names = _ask(session, {"query": "names", "object": h})
        halves = names if ok and isinstance(names, list) and len(names) > 1 else [None]
        for half in halves:
            base = {"type": "cast", "player": player, "object": h}
            if half is not None:
                base["half"] = half
            actions += [base, {**base, "kicked": True}]
    return actions


@action_source("combat")
def _attack_actions(session: Any, handles: Sequence[str]) -> list[dict[str, Any]]:
    """Declare each creature of the active player as the only attacker, or all of them."""
    ok, player = _ask(session, {"query": "active_player"})
    if not ok:
        return []
    mine = [h for h in _objects_in(session, handles, "battlefield")
            if _ask(session, {"query": "controller", "object": h}) == (True, player)
            and "Creature" in (_ask(session, {"query": "types", "object": h})[1] or [])]
    actions = [{"type": "declare_attackers", "player": player, "attackers": [h]} for h in mine]
    if len(mine) > 1:
        actions.append({"type": "declare_attackers", "player": player, "attackers": mine})
    return actions


@action_source("lands")
def _land_actions(session: Any, handles: Sequence[str]) -> list[dict[str, Any]]:
    """Play a land from hand (CR 305.1)."""
    ok, player = _ask(session, {"query": "active_player"})
    if not ok:
        return []
    return [{"type": "play_land", "player": player, "object": h}
            for h in _objects_in(session, handles, "hand")
            if "Land" in (_ask(session, {"query": "types", "object": h})[1] or [])]


@action_source("mana-abilities")
def _activate_actions(session: Any, handles: Sequence[str]) -> list[dict[str, Any]]:
    """Activate the first activated ability of a permanent (CR 602, 605)."""
    ok, player = _ask(session, {"query": "priority"})
    if not ok or not player:
        return []
    return [{"type": "activate", "player": player, "object": h, "ability": 0}
            for h in _objects_in(session, handles, "battlefield")
            if _ask(session, {"query": "controller", "object": h}) == (True, player)]


def scenarios(families: Sequence[Family], *, max_actions: int = 4
              ) -> st.SearchStrategy[Scenario]:
    """Scenarios over ``families`` (each with its eras), with up to ``max_actions`` actions."""
    if not families:
        raise ValueError("scenarios() needs at least one family")

    @st.composite
    def _draw(draw: st.DrawFn) -> Scenario:
        fam = draw(st.sampled_from(list(families)))
        era = draw(st.sampled_from(list(fam.eras)))
        params = draw(fam.strategy())
        choices = draw(st.lists(st.integers(0, 63), max_size=max_actions))
        return Scenario(fam.name, era, params, tuple(choices), not draw(st.booleans()))

    return _draw()


def _observations(case: Mapping[str, Any]) -> list[dict[str, Any]]:
    queries = [dict(s["observe"]) for s in case["steps"] if "observe" in s]
    for o in case["setup"].get("objects", []):
        queries += [{"query": q, "object": o["handle"]} for q in _OBJECT_QUERIES]
    return queries + [dict(q) for q in _GLOBAL_QUERIES]


def _compare(scenario: Scenario, ref: Any, other: Any, queries: list[dict[str, Any]],
             actions: list[Mapping[str, Any]], outcomes: list[Outcome]) -> None:
    for query in queries:
        ok, expected = _ask(ref, query)
        if not ok:
            continue
        try:
            observed = other.observe(query)
        except Unsupported:
            continue
        if not values_equal(expected, observed):
            raise Divergence(scenario, list(actions), list(outcomes), {"observe": query},
                             expected, observed)


def run_scenario(scenario: Scenario, reference: Adapter, adapter: Adapter,
                 features: frozenset[str], cards: Callable[[Mapping[str, Any]],
                                                           dict[str, Mapping[str, Any]]]
                 ) -> None:
    """Play ``scenario`` on both engines; raise :class:`Divergence` at the first difference."""
    fam = FAMILIES[scenario.family]
    case = build_case(fam, scenario.params, scenario.era, seed=0, index=0)
    request = StartRequest(case=case["id"], era=scenario.era, setup=case["setup"],
                           cards=cards(case))
    ref = reference.start(request)
    try:
        other = adapter.start(request)
    except Unsupported:
        ref.close()
        return
    sources = [fn for feature, fn in ACTION_SOURCES if feature in features]
    handles = [o["handle"] for o in case["setup"].get("objects", [])]
    queries = _observations(case)
    # The family's own actions, taken in order first when scripted: the ruling's scenario.
    script = [dict(s["action"]) for s in case["steps"] if "action" in s]
    picks: list[int | None] = ([None] * len(script) if scenario.scripted else [])
    picks += list(scenario.choices)
    actions: list[Mapping[str, Any]] = []
    outcomes: list[Outcome] = []
    try:
        _compare(scenario, ref, other, queries, actions, outcomes)
        for n, choice in enumerate(picks):
            if choice is None:
                action: Mapping[str, Any] = script[n]
            else:
                candidates = [a for fn in sources for a in fn(ref, handles)]
                if not candidates:
                    break
                action = candidates[choice % len(candidates)]
            try:
                expected = ref.perform(action)
            except Exception:
                break
            try:
                observed = other.perform(action)
            except Unsupported:
                break
            if (expected.ok, expected.failure) != (observed.ok, observed.failure):
                raise Divergence(scenario, list(actions), list(outcomes), {"action": action},
                                 _outcome(expected), _outcome(observed))
            actions.append(action)
            outcomes.append(expected)
            _compare(scenario, ref, other, queries, actions, outcomes)
    finally:
        ref.close()
        other.close()


def _outcome(outcome: Outcome) -> Any:
    return "ok" if outcome.ok else {"rejected": outcome.failure}


def reproduction_case(div: Divergence, *, seed: int) -> dict[str, Any]:
    """The minimal case for ``div``: the family's setup, the actions so far (with the
    reference's rejections) and the diverging step with the reference engine's answer."""
    fam = FAMILIES[div.scenario.family]
    case = build_case(fam, div.scenario.params, div.scenario.era, seed=seed, index=0)
    steps: list[dict[str, Any]] = []
    for action, outcome in zip(div.actions, div.outcomes, strict=True):
        step: dict[str, Any] = {"action": dict(action)}
        if not outcome.ok:
            step["reject"] = outcome.failure
        steps.append(step)
    if "action" in div.step:
        last: dict[str, Any] = {"action": dict(div.step["action"])}
        if isinstance(div.expected, dict):
            last["reject"] = div.expected["rejected"]
        steps.append(last)
    elif div.expected is None:
        steps.append({"observe": dict(div.step["observe"]), "expect_null": True})
    else:
        steps.append({"observe": dict(div.step["observe"]), "expect": div.expected})
    features = set(case["features"])
    if steps[:-1] or "action" in div.step:
        features |= {f for f, _ in ACTION_SOURCES
                     if any(s.get("action", {}).get("type") in _ACTION_FEATURE.get(f, ())
                            for s in steps)}
    digest = hashlib.sha256(canonical_json([case["setup"], case.get("cards", []), steps,
                                            div.scenario.era]).encode()).hexdigest()[:10]
    case.update(
        id=f"fuzz.{fam.name}.s{seed}.{digest}",
        title=fam.title,
        eras=[div.scenario.era],
        features=sorted(features),
        steps=steps,
        generated={"family": fam.name, "seed": seed, "index": 0, "version": "fuzz"},
        description=f"Found by a differential run; the minimal scenario where an engine "
                    f"diverged: {div}",
    )
    return case


def _plays_as_expected(session: Any, steps: Sequence[Mapping[str, Any]]) -> bool:
    """Whether ``session`` meets every expectation of ``steps`` (a case's steps)."""
    for step in steps:
        if "action" in step:
            if judge_action(step.get("reject"), session.perform(step["action"])) is not None:
                return False
        else:
            expected = None if step.get("expect_null") else step.get("expect")
            if judge_observation(expected, session.observe(step["observe"]),
                                 step.get("compare", "equal")) is not None:
                return False
    return True


def reproduces(case: Mapping[str, Any], adapter: Adapter, reference: Adapter,
               cards: Callable[[Mapping[str, Any]], dict[str, Mapping[str, Any]]]) -> bool:
    """Whether ``case`` passes on the reference engine and fails on ``adapter``."""
    request = StartRequest(case=case["id"], era=case["eras"][0], setup=case["setup"],
                           cards=cards(case))
    outcomes = []
    for engine in (reference, adapter):
        try:
            session = engine.start(request)
        except Exception:
            return False
        try:
            outcomes.append(_plays_as_expected(session, case["steps"]))
        except Exception:
            return False
        finally:
            session.close()
    return outcomes == [True, False]


def _mentioned(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, Mapping):
        return set().union(*(_mentioned(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_mentioned(v) for v in value)) if value else set()
    return set()


def prune_case(case: dict[str, Any], adapter: Adapter, reference: Adapter,
               cards: Callable[[Mapping[str, Any]], dict[str, Mapping[str, Any]]]
               ) -> dict[str, Any]:
    """Drop setup objects (and their inline cards) that the divergence doesn't need: each
    object no step names is removed if the case still reproduces without it."""
    if not reproduces(case, adapter, reference, cards):
        return case
    for o in list(case["setup"].get("objects", [])):
        objects = case["setup"]["objects"]
        others = [x for x in objects if x is not o]
        needed = _mentioned(case["steps"]) | _mentioned([
            {k: v for k, v in x.items() if k in ("targets", "attached_to")} for x in others])
        if o.get("handle") in needed:
            continue
        used = {x.get("card") for x in others}
        trial = {**case, "setup": {**case["setup"], "objects": others}}
        if "cards" in case:
            trial["cards"] = [c for c in case["cards"] if c["name"] in used]
            if not trial["cards"]:
                del trial["cards"]
        if reproduces(trial, adapter, reference, cards):
            case = trial
    return case


_ACTION_FEATURE: dict[str, tuple[str, ...]] = {
    "stack": ("pass_priority", "resolve"), "turn-structure": ("advance",), "casting": ("cast",),
    "combat": ("declare_attackers",), "lands": ("play_land",), "mana-abilities": ("activate",),
}


@dataclass
class FuzzResult:
    """What a differential run found: the minimal divergence (if any) and how much it ran."""

    examples: int = 0
    seconds: float = 0.0
    divergence: Divergence | None = None
    case: dict[str, Any] | None = None
    families: list[str] = field(default_factory=list)


def _families_for(info: AdapterInfo, ref_info: AdapterInfo,
                  names: Sequence[str] = ()) -> list[Family]:
    chosen = [FAMILIES[n] for n in (names or sorted(FAMILIES))]
    have = info.features & ref_info.features
    return [f for f in chosen
            if set(f.features) <= have and any(e in info.eras for e in f.eras)]


def fuzz_target(adapter: Adapter, *, families: Sequence[str] = (), max_actions: int = 4,
                reference: Adapter | None = None, deadline: float | None = None,
                counter: list[int] | None = None) -> Callable[[Scenario], None]:
    """The differential property for ``adapter`` as a plain function of a scenario; wrap it
    with ``@given(scenarios(...))`` (as :func:`fuzz` does) or hand it to HypoFuzz."""
    reference = reference or ReferenceAdapter()
    info, ref_info = adapter.info(), reference.info()
    features = info.features & ref_info.features
    from conformance.running.runner import Runner

    runner = Runner(reference)
    runner.close = lambda: None  # type: ignore[method-assign]  # keep the shared reference open

    def cards(case: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
        inline = {c["name"]: c for c in case.get("cards", [])}
        names = [o["card"] for o in case["setup"].get("objects", []) if "card" in o]
        return {n: inline.get(n) or runner.spec.card(n) or {} for n in names}

    def target(scenario: Scenario) -> None:
        if deadline is not None and time.monotonic() > deadline:
            return
        if counter is not None:
            counter[0] += 1
        if scenario.era not in info.eras:
            return
        run_scenario(scenario, reference, adapter, features, cards)

    target.families = _families_for(info, ref_info, families)  # type: ignore[attr-defined]
    target.reference = reference  # type: ignore[attr-defined]
    target.cards = cards  # type: ignore[attr-defined]
    return target


def fuzz(adapter: Adapter, *, seconds: float = 30.0, seed: int = 0,
         families: Sequence[str] = (), max_actions: int = 4, batch: int = 200,
         scenarios_budget: int | None = None) -> FuzzResult:
    """Run scenarios for about ``seconds`` (or, with ``scenarios_budget``, until that many were
    played, whatever the time); on a divergence, shrink it and build the case."""
    start = time.monotonic()
    deadline = math.inf if scenarios_budget is not None else start + seconds
    counter = [0]
    target = fuzz_target(adapter, families=families, max_actions=max_actions, counter=counter)
    chosen: list[Family] = target.families  # type: ignore[attr-defined]
    result = FuzzResult(families=[f.name for f in chosen])
    if not chosen:
        return result
    strategy = scenarios(chosen, max_actions=max_actions)
    found: list[Divergence] = []
    round_no = 0
    while not found and (counter[0] < scenarios_budget if scenarios_budget is not None
                         else time.monotonic() < deadline):
        played = counter[0]
        size = batch if scenarios_budget is None else min(batch, scenarios_budget - played)

        @hypothesis_seed(seed * 100003 + round_no)
        @settings(max_examples=size, database=None, deadline=None, derandomize=False,
                  report_multiple_bugs=False, phases=(Phase.generate, Phase.shrink),
                  suppress_health_check=list(HealthCheck), print_blob=False)
        @given(strategy)
        def _test(scenario: Scenario) -> None:
            # Out of time: pass quickly, unless shrinking a divergence already found (its
            # replays must fail as the first run did).
            if not found and time.monotonic() > deadline:
                return
            try:
                target(scenario)
            except Divergence as exc:
                found.append(exc)
                raise

        round_no += 1
        try:
            _test()
        except Divergence as exc:
            found.append(exc)
            # Shrinking may run past the deadline; that is the price of a minimal case.
            break
        except FlakyFailure:
            # An adapter that answers differently on a replay: keep the first divergence.
            break
        if counter[0] == played:
            break  # the strategy gave nothing to play: another round would give nothing too
    result.examples = counter[0]
    result.seconds = time.monotonic() - start
    if found:
        result.divergence = found[-1]
        case = reproduction_case(found[-1], seed=seed)
        result.case = prune_case(case, adapter, target.reference,  # type: ignore[attr-defined]
                                 target.cards)  # type: ignore[attr-defined]
    return result
