"""Tables of the actions, queries and setup hooks the engine understands.

Each rules-area module registers its handlers with the decorators here, and
:mod:`reference_engine.areas` imports every area module once, from the top. A case's
``action.type`` / ``observe.query`` picks the handler.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.ordering import add_in_order, cr_order, in_cr_order
from reference_engine.core.state import STEPS
from reference_engine.core.vocab_spec import Params, describe

if TYPE_CHECKING:
    from reference_engine.core.handlers import GameView
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = [
    "ACTIONS",
    "AWAITING_KEY",
    "BLOCK_RESTRICTIONS",
    "CAST_RESTRICTIONS",
    "EXTRA_TURNS_KEY",
    "LAND_PLAY_RESTRICTIONS",
    "PREGAME_ACTIONS",
    "PREGAME_KEY",
    "QUERIES",
    "SETUP_HOOKS",
    "SETUP_STAGES",
    "STEP_DECISIONS",
    "STEP_HOOKS",
    "STEP_SKIPS",
    "action",
    "add_in_order",
    "block_restriction",
    "cast_restriction",
    "cr_order",
    "land_play_restriction",
    "on_step",
    "query",
    "setup_hook",
    "skip_step",
    "step_decision",
]

ActionHandler = Callable[["GameView", Mapping[str, Any]], None]
QueryHandler = Callable[["GameView", Mapping[str, Any]], Any]
SetupHook = Callable[["GameState", Mapping[str, Any]], None]

ACTIONS: dict[str, ActionHandler] = {}
QUERIES: dict[str, QueryHandler] = {}
SETUP_HOOKS: list[SetupHook] = []
#: Rules that forbid casting a spell (CR 601.2, 601.3), each (state, the spell as proposed on
#: the stack with its chosen half) -> the reason it can't be cast, or None. The ``cast`` action
#: asks every one and rejects with failure class ``cannot-cast``.
CastRestriction = Callable[["GameState", "GameObject"], "str | None"]
CAST_RESTRICTIONS: list[CastRestriction] = []


def cast_restriction(*, cr: str) -> Callable[[CastRestriction], CastRestriction]:
    """Register the rule ``cr`` that can forbid casting a spell (returns a reason, or None);
    they are asked in CR order."""
    return in_cr_order(CAST_RESTRICTIONS, cr=cr)


#: Rules that forbid playing a land (CR 305.1), each (state, the land card) -> the reason, or
#: None. The ``play_land`` action asks every one and rejects with ``illegal-action``.
LAND_PLAY_RESTRICTIONS: list[CastRestriction] = []


def land_play_restriction(*, cr: str) -> Callable[[CastRestriction], CastRestriction]:
    """Register the rule ``cr`` that can forbid playing a land (returns a reason, or None);
    they are asked in CR order."""
    return in_cr_order(LAND_PLAY_RESTRICTIONS, cr=cr)


def action(name: str, *, params: Params = None, cr: tuple[str, ...] = (),
           example: str = "") -> Callable[[ActionHandler], ActionHandler]:
    """Register the handler of action ``name`` (with its parameters for the docs)."""
    def register(fn: ActionHandler) -> ActionHandler:
        if name in ACTIONS and ACTIONS[name] is not fn:
            raise ValueError(f"action {name!r} is registered twice")
        ACTIONS[name] = fn
        describe("actions", name, fn, params=params, cr=cr, example=example)
        return fn
    return register


def query(name: str, *, params: Params = None, cr: tuple[str, ...] = (),
          example: str = "") -> Callable[[QueryHandler], QueryHandler]:
    """Register the handler of query ``name`` (with its parameters for the docs)."""
    def register(fn: QueryHandler) -> QueryHandler:
        if name in QUERIES and QUERIES[name] is not fn:
            raise ValueError(f"query {name!r} is registered twice")
        QUERIES[name] = fn
        describe("queries", name, fn, params=params, cr=cr, example=example)
        return fn
    return register


#: The stages of setting up a case's game after the common setup, in order: each setup hook
#: names its stage (the order is the setup's, not a rule's: the CR starts a game at 103).
SETUP_STAGES = ("seats", "choices", "randomness", "teams", "copies", "mana", "permissions",
                "commanders", "attachments", "protectors", "stickers", "pregame")


def setup_hook(*, stage: str) -> Callable[[SetupHook], SetupHook]:
    """Register a function run after the common setup (for area-specific setup keys), at its
    place in :data:`SETUP_STAGES`."""
    if stage not in SETUP_STAGES:
        raise ValueError(f"unknown setup stage {stage!r}")
    return lambda fn: add_in_order(SETUP_HOOKS, fn, (SETUP_STAGES.index(stage),))


StepHook = Callable[["GameState"], None]
#: Turn-based actions run as a step begins, by step name (CR 500.2, 703).
STEP_HOOKS: dict[str, list[StepHook]] = {}


def on_step(step: str, *, cr: str) -> Callable[[StepHook], StepHook]:
    """Register a turn-based action (rule ``cr``) run when ``step`` begins; a step's actions
    run in CR order (514.1 before 514.2)."""
    if step not in STEPS:
        raise ValueError(f"unknown step {step!r}")
    return in_cr_order(STEP_HOOKS.setdefault(step, []), cr=cr)


StepSkip = Callable[["GameState"], bool]
#: Rules that skip a step entirely (it doesn't begin: no turn-based actions, no priority), by
#: step name, e.g. the declare blockers and combat damage steps with no attackers (CR 508.8).
STEP_SKIPS: dict[str, list[StepSkip]] = {}


def skip_step(*steps: str, cr: str) -> Callable[[StepSkip], StepSkip]:
    """Register the rule ``cr`` that says whether each of ``steps`` is skipped this time."""
    for step in steps:
        if step not in STEPS:
            raise ValueError(f"unknown step {step!r}")
    key = cr_order(cr)

    def register(fn: StepSkip) -> StepSkip:
        for step in steps:
            add_in_order(STEP_SKIPS.setdefault(step, []), fn, key)
        return fn
    return register


#: ``state.extra`` key set by a step's turn-based action that waits for a player's decision
#: before anyone receives priority in the step (CR 508.1 and 508.2: the active player declares
#: attackers as the declare attackers step begins; 509.1 and 509.2: the defending player
#: declares blockers as the declare blockers step begins); its value is the step's name. While
#: it is set no player has priority; the action that makes the decision clears it and gives
#: priority.
AWAITING_KEY = "awaiting_decision"

#: ``state.extra`` key holding the pregame (CR 103) while the game has not begun: who chooses
#: the starting player, the mulligan declarations. Only :data:`PREGAME_ACTIONS` are allowed
#: then; no player has priority (117.1: priority begins with the first turn).
PREGAME_KEY = "pregame"
#: ``state.extra`` key: the players of the extra turns still to come after the current one,
#: the one taken next last (CR 500.7: the most recently created extra turn is taken first).
EXTRA_TURNS_KEY = "extra_turns"
#: The actions a player can take before the game begins (filled by ``turn/pregame.py``).
PREGAME_ACTIONS: set[str] = set()

#: For a step whose turn-based action waits for a decision, the decision ``advance`` makes when
#: it passes through the step without the case making it (declaring no attackers, no
#: blockers); it may raise a RulesViolation if that decision is illegal, and gives priority
#: once it is made.
STEP_DECISIONS: dict[str, StepHook] = {}


def step_decision(step: str) -> Callable[[StepHook], StepHook]:
    """Register the decision ``advance`` makes for a player in ``step`` (see STEP_DECISIONS)."""
    if step not in STEPS:
        raise ValueError(f"unknown step {step!r}")

    def register(fn: StepHook) -> StepHook:
        STEP_DECISIONS[step] = fn
        return fn
    return register


#: A block restriction: (state, blocker, attacker) -> a reason the block is illegal, or None.
BlockRestriction = Callable[["GameState", "GameObject", "GameObject"], "str | None"]
#: Rules that can forbid one creature blocking another (CR 509.1b), from any rules area
#: (evasion, protection, ...); the declare-blockers action asks every one.
BLOCK_RESTRICTIONS: list[BlockRestriction] = []


def block_restriction(*, cr: str) -> Callable[[BlockRestriction], BlockRestriction]:
    """Register the rule ``cr`` that can forbid one creature blocking another (CR 509.1b);
    they are asked in CR order, the first reason found is the one reported."""
    return in_cr_order(BLOCK_RESTRICTIONS, cr=cr)
