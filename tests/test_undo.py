"""Undoing a rejected action (issue 21): the state comes back field for field, without a copy.

A game journals the actions it allowed; a rejected action is undone by rebuilding the setup (or a
checkpoint) and replaying the journal. These tests compare the whole state after an undo with a
deep copy taken before the action: on random rejected actions over the spec cases' games, on
every rejection in the spec suite, and on state that did not exist when the mechanism was
written (new fields, new classes, changes made behind the game's back).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import reference_engine.game as game_module
import reference_engine.undo_check as undo_check
from conformance.adapter import StartRequest
from conformance.adapters import resolve_adapter
from conformance.running.runner import Runner, plan
from conformance.spec.catalog import default_spec
from conformance.spec.loader import load_cases
from conformance.spec.model import Case
from generators.emit import load_generated
from reference_engine import EngineError, Game, RulesViolation, SetupError
from reference_engine.core.registry import ACTIONS
from reference_engine.core.state import GameState, snapshot
from reference_engine.undo_check import differences
from tests.helpers import game, observe

SPEC = default_spec()
CASES = load_cases(None, SPEC).cases
ADAPTER = resolve_adapter("reference")
PLANNED = [i for i in plan(CASES, ADAPTER.info()) if i.verdict is None]


def deep(state: GameState) -> GameState:
    """The reference copy: :func:`copy.deepcopy`, sharing what the engine treats as fixed."""
    return undo_check.checked_copy(state)


def same(before: GameState, after: GameState) -> list[str]:
    """Differences other than the version (a change counter that a rejection still moves)."""
    return [d for d in differences(before, after, limit=40)
            if not d.startswith("state['_version']")]


@pytest.fixture
def checked() -> Iterator[None]:
    before = undo_check.CHECK_UNDO[0]
    undo_check.CHECK_UNDO[0] = True
    try:
        yield
    finally:
        undo_check.CHECK_UNDO[0] = before


@pytest.fixture
def registered() -> Iterator[dict[str, Any]]:
    """Register temporary actions for a test; removed afterwards."""
    added: dict[str, Any] = {}
    yield added
    for name in added:
        ACTIONS.pop(name, None)


def start(case: Case, era: str) -> Game:
    """The reference engine's game for ``case`` under ``era``, as the adapter builds it."""
    inline = {str(c["name"]).casefold(): c for c in case.cards}
    cards = {n: inline.get(n.casefold()) or SPEC.card(n) for n in case.card_names()}
    request = StartRequest(case=case.id, era=era, setup=case.setup,
                           cards={n: d for n, d in cards.items() if d is not None})
    session: Any = ADAPTER.start(request)
    return session.game  # type: ignore[no-any-return]


def play(g: Game, case: Case, upto: int) -> None:
    """The case's first ``upto`` steps (rejections and failures are fine: they are steps)."""
    for step in case.steps[:upto]:
        try:
            if step.kind == "action":
                g.perform(step.body)
            else:
                g.observe(step.body)
        except (RulesViolation, SetupError):
            pass


# -- every rejection in the suite ---------------------------------------------------------------

def _undo_problems(cases: list[Case]) -> list[str]:
    with Runner(ADAPTER, spec=SPEC) as runner:
        return [f"{r.case}: {r.detail}" for r in map(runner.run_item, plan(cases, runner.info))
                if r.result != "passed" and "did not restore" in (r.message + (r.detail or ""))]


REJECTING = [c for c in CASES if any(s.reject for s in c.steps)]


def test_every_rejection_in_the_spec_suite_restores_the_whole_state(checked: None) -> None:
    """With CHECK_UNDO, each undo is compared with a deep copy taken before the action (an
    AssertionError inside the case makes it errored)."""
    assert REJECTING and _undo_problems(REJECTING) == []


@pytest.mark.slow
def test_every_undo_of_every_case_and_generated_case_restores_the_state(checked: None) -> None:
    """The same over every case (trial casts, effects ended by queries) and generated ones."""
    assert _undo_problems([*CASES, *load_generated(count=300, spec=SPEC).cases]) == []


def _inputs(cases: list[Case]) -> str:
    return json.dumps([(c.setup, [s.body for s in c.steps]) for c in cases], sort_keys=True)


@pytest.mark.parametrize("every", [pytest.param(5), pytest.param(1, marks=pytest.mark.slow)])
def test_running_a_case_leaves_its_data_as_it_was(every: int) -> None:
    """The journal and the rebuild keep what they were given; the engine must not edit its
    inputs either (a rebuild from an edited setup would be another game)."""
    items = PLANNED[::every]
    before = _inputs([i.case for i in items])
    with Runner(ADAPTER, spec=SPEC) as runner:
        for item in items:
            runner.run_item(item)
    assert _inputs([i.case for i in items]) == before


# -- random rejected actions ----------------------------------------------------------------

ACTION_TYPES = sorted(ACTIONS)


@st.composite
def random_actions(draw: st.DrawFn, case: Case) -> dict[str, Any]:
    """An action of any registered type naming the case's handles and players at random."""
    handles = [o["handle"] for o in case.setup.get("objects", []) if "handle" in o]
    players = list(case.setup.get("players", ["alice", "bob"]))
    names = st.sampled_from(handles + players + ["nobody"])
    action: dict[str, Any] = {"type": draw(st.sampled_from(ACTION_TYPES)),
                              "player": draw(st.sampled_from(players))}
    for key in draw(st.lists(st.sampled_from(["object", "targets", "attackers", "blockers",
                                              "ability", "half", "kicked", "x", "mode",
                                              "choices", "mana", "amount"]), max_size=4,
                             unique=True)):
        if key in ("targets", "attackers"):
            action[key] = draw(st.lists(names, max_size=3))
        elif key == "blockers":
            action[key] = draw(st.dictionaries(names, names, max_size=2))
        elif key in ("ability", "x", "mode", "amount"):
            action[key] = draw(st.integers(-1, 3))
        elif key == "kicked":
            action[key] = draw(st.booleans())
        elif key == "choices":
            action[key] = {"name": draw(names)}
        elif key == "mana":
            action[key] = draw(st.sampled_from(["{R}", "{G}", "{W}{U}", "{C}"]))
        else:
            action[key] = draw(names)
    return action


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(data=st.data())
def test_a_random_rejected_action_changes_nothing(data: st.DataObject) -> None:
    """Any case, any point in it, any action: if the rules reject it, the whole state (every
    object, zone, player, effect, event and area module's record) is as it was."""
    item = data.draw(st.sampled_from(PLANNED))
    g = start(item.case, item.era)
    play(g, item.case, data.draw(st.integers(0, len(item.case.steps))))
    for _ in range(data.draw(st.integers(1, 3))):
        action = data.draw(random_actions(item.case))
        before = deep(g.state)
        try:
            g.perform(action)
        except (RulesViolation, SetupError):
            assert same(before, g.state) == []
        except Exception:  # an action this state cannot even express: not the point here
            assume(False)


# -- state that did not exist when the undo was written ---------------------------------------

@dataclass
class Delayed:
    """A class the engine has never seen (as a helper adding delayed triggers would add)."""

    when: str
    targets: list[int] = field(default_factory=list)


def test_new_fields_and_classes_are_undone(registered: dict[str, Any], checked: None) -> None:
    def grow(g: Game, a: Mapping[str, Any]) -> None:  # keeps what it adds
        g.state.delayed = [*getattr(g.state, "delayed", []), Delayed("end", [1])]
        g.state.changed()

    def grow_then_fail(g: Game, a: Mapping[str, Any]) -> None:
        g.state.delayed.append(Delayed("upkeep"))
        g.state.delayed[0].targets.append(99)
        g.state.brand_new = {"x": [1, 2]}
        next(iter(g.state.objects.values())).extra["mark"] = {"deep": [1]}
        raise RulesViolation("illegal-choice", "changed a lot, then refused")

    for name, fn in (("test_grow", grow), ("test_grow_then_fail", grow_then_fail)):
        ACTIONS[name] = fn
        registered[name] = fn
    g = game({"objects": [{"handle": "bears", "card": "Grizzly Bears"}]})
    g.perform({"type": "test_grow"})
    before = deep(g.state)
    with pytest.raises(RulesViolation):
        g.perform({"type": "test_grow_then_fail"})
    assert same(before, g.state) == []
    assert not hasattr(g.state, "brand_new")
    assert g.state.delayed == [Delayed("end", [1])]
    assert "mark" not in g.state.by_handle("bears").extra


def test_a_change_behind_the_games_back_survives_a_later_undo() -> None:
    """A change made outside perform (it calls changed()) starts a checkpoint, so an undo
    does not lose it."""
    g = game({"mana_pool": {"alice": "{R}"}, "objects": [
        {"handle": "b", "card": "Burst Lightning", "zone": "hand"},
        {"handle": "bears", "card": "Grizzly Bears"}]})
    g.state.players["alice"].life = 7
    g.state.by_handle("bears").counters["+1/+1"] = 2
    g.state.changed()
    with pytest.raises(RulesViolation):
        g.perform({"type": "cast", "player": "alice", "object": "b", "kicked": True,
                   "targets": ["bob"]})
    assert g.state.players["alice"].life == 7
    assert observe(g, "power", object="bears") == 4


def test_a_game_built_from_a_state_undoes_too() -> None:
    base = game({"mana_pool": {"alice": "{R}"}, "objects": [
        {"handle": "b", "card": "Burst Lightning", "zone": "hand"}]})
    g = Game(base.state)
    before = deep(g.state)
    with pytest.raises(RulesViolation):
        g.perform({"type": "cast", "player": "alice", "object": "b", "kicked": True,
                   "targets": ["bob"]})
    assert same(before, g.state) == []


def test_editing_an_action_after_performing_it_does_not_change_the_undo() -> None:
    g = game({"objects": [{"handle": "bears", "card": "Grizzly Bears"}]})
    action: dict[str, Any] = {"type": "pass_priority", "player": "alice"}
    g.perform(action)
    before = deep(g.state)
    action["player"] = "bob"  # the journal kept its own copy
    with pytest.raises(RulesViolation):
        g.perform({"type": "declare_attackers", "player": "bob", "attackers": ["bears"]})
    assert same(before, g.state) == []


def test_an_undo_that_cannot_replay_says_so(registered: dict[str, Any]) -> None:
    """A handler that is not deterministic breaks replay: the undo fails loudly, never
    silently gives another state."""
    calls: list[int] = []

    def flaky(g: Game, a: Mapping[str, Any]) -> None:
        calls.append(1)
        if len(calls) > 1:
            raise RulesViolation("illegal-choice", "not this time")

    def refuse(g: Game, a: Mapping[str, Any]) -> None:
        raise RulesViolation("illegal-choice", "never")

    ACTIONS["test_flaky"] = registered["test_flaky"] = flaky
    ACTIONS["test_refuse"] = registered["test_refuse"] = refuse
    g = game({})
    g.perform({"type": "test_flaky"})
    with pytest.raises(EngineError, match="undo failed: replaying"):
        g.perform({"type": "test_refuse"})


def test_check_mode_catches_an_undo_that_misses_something(
        registered: dict[str, Any], checked: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check compares with a deep copy: a restore that left a change behind is an error."""
    def fail(g: Game, a: Mapping[str, Any]) -> None:
        g.state.players["alice"].life = 1
        raise RulesViolation("illegal-choice", "no")

    ACTIONS["test_fail"] = registered["test_fail"] = fail
    monkeypatch.setattr(Game, "_restore", lambda self, before: None)  # an undo that does nothing
    g = game({})
    with pytest.raises(AssertionError,
                       match=r"\['players'\]\['alice'\]<Player>\['own_life'\]: 20 != 1"):
        g.perform({"type": "test_fail"})


# -- the snapshot (trial casts, checkpoints) --------------------------------------------------

def states() -> Iterator[GameState]:
    for item in PLANNED[::4]:
        g = start(item.case, item.era)
        play(g, item.case, len(item.case.steps))
        yield g.state


def test_a_snapshot_equals_a_deep_copy_and_shares_nothing_mutable() -> None:
    for state in states():
        copied = snapshot(state)
        assert same(deep(state), copied) == []
        assert _mutable_ids(state) & _mutable_ids(copied) == set()


def _mutable_ids(value: Any, seen: set[int] | None = None) -> set[int]:
    """Ids of every list, dict, set and plain object reachable from ``value``."""
    from reference_engine.core.state import SHARED_TYPES

    seen = set() if seen is None else seen
    if type(value) in SHARED_TYPES or id(value) in seen:
        return seen
    if isinstance(value, (dict, list, set)):
        seen.add(id(value))
        for v in (value.values() if isinstance(value, dict) else value):
            _mutable_ids(v, seen)
    elif isinstance(value, tuple):
        for v in value:
            _mutable_ids(v, seen)
    elif hasattr(value, "__dict__") and not isinstance(value, type):
        seen.add(id(value))
        for k, v in vars(value).items():
            if k != "_chars_cache":
                _mutable_ids(v, seen)
    return seen


def test_a_snapshot_keeps_objects_reached_twice_as_one() -> None:
    g = game({"objects": [{"handle": "bears", "card": "Grizzly Bears"}]})
    bears = g.state.by_handle("bears")
    g.state.extra["piles"] = (bears, [bears])
    copied = snapshot(g.state)
    twin = copied.extra["piles"]
    assert twin[0] is twin[1][0] is copied.objects[bears.id] and twin[0] is not bears


def test_a_snapshot_of_an_unusual_class_falls_back_to_deepcopy() -> None:
    class Slotted:
        __slots__ = ("items",)

        def __init__(self) -> None:
            self.items = [1]

    g = game({})
    g.state.extra["piles"] = Slotted()
    copied = snapshot(g.state)
    assert copied.extra["piles"].items == [1]
    assert copied.extra["piles"] is not g.state.extra["piles"]
    assert copied.extra["piles"].items is not g.state.extra["piles"].items


# -- the history of computed characteristics ----------------------------------------------------

class _Forgetful(dict[int, Any]):
    """A history that never remembers: every replay computes characteristics afresh."""

    def get(self, key: Any, default: Any = None) -> Any:
        return default


def _answers(cases: list[Case]) -> list[Any]:
    """Every answer and rejection of ``cases``' steps, in order, as JSON text."""
    out: list[Any] = []
    for case in cases:
        for era in case.eras:
            g = start(case, era)
            for step in case.steps:
                try:
                    if step.kind == "action":
                        g.perform(step.body)
                        out.append((case.id, "ok"))
                    else:
                        out.append((case.id, json.dumps(g.observe(step.body), sort_keys=True)))
                except (RulesViolation, SetupError) as exc:
                    out.append((case.id, type(exc).__name__, str(exc)))
    return out


def _several_rejections(cases: list[Case]) -> list[Case]:
    return [c for c in cases if sum(1 for s in c.steps if s.reject) >= 2]


@pytest.mark.parametrize("generated", [pytest.param(0), pytest.param(300, marks=pytest.mark.slow)])
def test_replays_reusing_computed_characteristics_answer_as_computing_afresh(
        generated: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """An undo replays the journal and takes each version's characteristics from the history
    of what was computed then. Cases rejecting several actions (where the replay runs actions
    made after an earlier undo) answer every step exactly as when nothing is remembered."""
    cases = [*CASES, *load_generated(count=generated, spec=SPEC).cases] if generated else CASES
    chosen = _several_rejections(cases) if not generated else cases
    assert chosen
    remembered = _answers(chosen)
    monkeypatch.setattr(game_module, "_start_history", _forgetful_history)
    assert _answers(chosen) == remembered


def _forgetful_history(state: GameState) -> dict[int, Any]:
    history: dict[int, Any] = _Forgetful()
    state._chars_history = history
    return history


def test_an_undo_forgets_what_the_rejected_action_computed() -> None:
    """After an undo the state has the version it had before the rejected action, and the
    history holds nothing computed after it: the next action numbers its states anew."""
    g = game({"mana_pool": {"alice": "{R}"}, "objects": [
        {"handle": "b", "card": "Burst Lightning", "zone": "hand"},
        {"handle": "bears", "card": "Grizzly Bears"}]})
    g.perform({"type": "pass_priority", "player": "alice"})
    before = g.state.version
    with pytest.raises(RulesViolation):
        g.perform({"type": "cast", "player": "alice", "object": "b", "kicked": True,
                   "targets": ["bob"]})
    assert g.state.version == before
    history = g.state._chars_history
    assert history is not None and all(v <= before for v in history)


def test_a_snapshot_copies_the_mutable_members_of_a_tuple_that_also_holds_shared_ones() -> None:
    """A tuple mixing shared values (an id) with a mutable one (a list) is rebuilt with a copy
    of the mutable member: kept as it is, the snapshot (an undo checkpoint) would see later
    changes of the live state through it."""
    g = game({"objects": [{"handle": "bears", "card": "Grizzly Bears"}]})
    bears = g.state.by_handle("bears")
    g.state.extra["piles"] = (bears.id, [bears.id])
    copied = snapshot(g.state)
    g.state.extra["piles"][1].append(0)
    assert copied.extra["piles"] == (bears.id, [bears.id])
    assert copied.extra["piles"][1] is not g.state.extra["piles"][1]
    only_shared = (bears.id, "bears")
    g.state.extra["last_known"] = only_shared
    assert snapshot(g.state).extra["last_known"] is only_shared  # nothing to copy: kept as it is


def test_the_check_does_nothing_while_switched_off() -> None:
    """With the switch off (every case run) the check takes no copy and compares nothing, so no
    engine answer depends on reference_engine/undo_check.py (why mutation testing leaves it
    out, docs/mutation-testing.md)."""
    before = undo_check.CHECK_UNDO[0]
    undo_check.CHECK_UNDO[0] = False
    try:
        _off_then_on()
    finally:
        undo_check.CHECK_UNDO[0] = before


def _off_then_on() -> None:
    g = game({})
    assert undo_check.copy_if_checking(g.state) is None
    other = game({"players": ["alice", "bob"], "life": {"alice": 3}})
    undo_check.check_restored(None, other.state, {"type": "pass_priority"})  # nothing to compare
    undo_check.CHECK_UNDO[0] = True
    copied = undo_check.copy_if_checking(g.state)
    assert copied is not None
    with pytest.raises(AssertionError, match="did not restore"):
        undo_check.check_restored(copied, other.state, {"type": "pass_priority"})
