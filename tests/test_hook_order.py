"""Hook lists run in CR order, never in import order (``reference_engine/core/ordering.py``)."""

from __future__ import annotations

from typing import Any

import pytest

import reference_engine  # noqa: F401 - fills every hook list
from reference_engine.core import context, registry, state
from reference_engine.core.ordering import HOOK_ORDER, add_in_order, cr_order, in_cr_order
from reference_engine.sba.checks import SBA_CHECKS
from reference_engine.triggers.abilities import PUT_ON_STACK_HOOKS


def test_rule_numbers_sort_as_rules_do() -> None:
    numbers = ["103.8a", "514.1", "514.2", "514.10", "608.2h", "702.9b", "702.16f", "702.96b",
               "702.118b", "903.3"]
    assert sorted(numbers, key=cr_order) == numbers
    for bad in ("", "514.", "rule 514.1", "514.1-2"):
        with pytest.raises(ValueError):
            cr_order(bad)


def test_a_list_is_in_cr_order_whatever_the_registration_order() -> None:
    hooks: list[Any] = []

    def late() -> None: ...

    def early() -> None: ...

    def same_a() -> None: ...

    def same_b() -> None: ...

    in_cr_order(hooks, cr="702.16f")(late)
    in_cr_order(hooks, cr="514.2")(same_b)
    in_cr_order(hooks, cr="509.1b")(early)
    in_cr_order(hooks, cr="514.2")(same_a)
    assert hooks == [early, same_a, same_b, late]
    add_in_order(hooks, late, cr_order("101.1"))  # registering again moves, never doubles
    assert hooks == [late, early, same_a, same_b]


def _lists() -> dict[str, list[Any]]:
    found: dict[str, list[Any]] = {
             "setup": registry.SETUP_HOOKS, "cast": registry.CAST_RESTRICTIONS,
             "land": registry.LAND_PLAY_RESTRICTIONS, "block": registry.BLOCK_RESTRICTIONS,
             "target": context.TARGET_RESTRICTIONS, "resolve": context.RESOLVE_HOOKS,
             "zone-change": state.ZONE_CHANGE_HOOKS, "before-move": state.BEFORE_MOVE_HOOKS,
             "after-move": state.AFTER_MOVE_HOOKS, "move-replacements": state.MOVE_REPLACEMENTS,
             "put-on-stack": PUT_ON_STACK_HOOKS, "state-based actions": SBA_CHECKS}
    found.update({f"step {s}": hooks for s, hooks in registry.STEP_HOOKS.items()})
    found.update({f"skip {s}": hooks for s, hooks in registry.STEP_SKIPS.items()})
    return found


@pytest.mark.parametrize("name", sorted(_lists()))
def test_every_engine_hook_states_its_rule_and_runs_in_its_order(name: str) -> None:
    hooks = _lists()[name]
    assert hooks
    assert all(h in HOOK_ORDER for h in hooks), [h.__qualname__ for h in hooks
                                                   if h not in HOOK_ORDER]
    keys = [(HOOK_ORDER[h], h.__module__, h.__qualname__) for h in hooks]
    assert keys == sorted(keys)


def test_the_cleanup_discard_comes_before_what_ends_at_514_2() -> None:
    cleanup = registry.STEP_HOOKS["cleanup"]
    assert HOOK_ORDER[cleanup[0]] == cr_order("514.1")
    assert {HOOK_ORDER[h] for h in cleanup[1:]} == {cr_order("514.2")}


def test_a_hook_put_in_without_its_rule_fails_loudly() -> None:
    hooks: list[Any] = []

    def bare() -> None: ...

    def stated() -> None: ...

    hooks.append(bare)  # the old way: import order would decide
    with pytest.raises(ValueError, match="without its rule number"):
        in_cr_order(hooks, cr="514.2")(stated)
