"""Priority, passing, resolving and moving through the turn (CR 117, 405, 500).

Actions:

* ``pass_priority {player}``: the player with priority passes (CR 117.3d). When all players pass
  in succession, the top of the stack resolves (405.5) or, with an empty stack, the step ends
  (500.2) and the next one begins with its turn-based actions.
* ``resolve {count = 1}``: shorthand for every player passing until the top object resolves.
* ``advance {to = step}``: shorthand for passing with an empty stack until ``step`` begins
  (a later turn if needed). A step whose turn-based action waits for a decision (the
  declaration of attackers or blockers, CR 508.1, 509.1) stops it there when it is step
  ``to``, with no player holding priority; passing through such a step, it makes the decision
  a player who only passes makes (no attackers, no blockers). Objects that a turn-based action
  put on the stack (combat damage under the Sixth Edition rules, era switch
  ``combat_damage = "on-stack"``) don't stop it:
  every player passes and they resolve, as real passing would, also in step ``to`` itself,
  so it ends where the damage has been dealt in every era. Any other object on the stack
  stops it (``illegal-action``), unless it arrived in step ``to`` (e.g. a trigger).

Before a player receives priority, state-based actions are performed and triggered abilities go
on the stack (CR 117.5). A turn-based action that needs a player's decision (CR 508.1: the
active player declares attackers; 509.1: the defending player declares blockers) sets
``extra[AWAITING_KEY]``: no player receives priority in the step until the decision is made
(508.2, 509.2). Turn-based actions of each step are hooks registered with :func:`on_step`
(the untap and draw steps, cleanup, and the combat steps of the combat area).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.choices import offer_choices, withdraw_choices
from reference_engine.core.errors import RulesViolation, SetupError
from reference_engine.core.objects import SKIP_UNTAP
from reference_engine.core.registry import (
    AWAITING_KEY,
    EXTRA_TURNS_KEY,
    STEP_DECISIONS,
    STEP_HOOKS,
    STEP_SKIPS,
    action,
    on_step,
    skip_step,
)
from reference_engine.core.state import (
    STEPS,
    GameState,
    active_team,
    next_team_player,
    primary_player,
    shares_turns,
    team_of,
    teams,
    variant,
)
from reference_engine.damage.counter_kinds import untap as untap_permanent
from reference_engine.resolution.drawing import draw_cards
from reference_engine.resolution.stack import resolve_top
from reference_engine.sba.checks import check_state_based_actions
from reference_engine.sba.outcome import game_is_over
from reference_engine.triggers.abilities import collect_triggers, put_triggers_on_stack
from reference_engine.turn.extra_phases import next_added_step
from reference_engine.turn.hand_size import discard_to_hand_size
from reference_engine.turn.pool_emptying import empty_mana_pools

if TYPE_CHECKING:
    from reference_engine.core.handlers import GameView

__all__ = ["advance_step", "game_over", "give_priority", "pass_priority"]


def give_priority(state: GameState, player: str) -> None:
    """Give ``player`` priority after SBAs and triggers (CR 117.5), resetting the passes."""
    for _ in range(100):
        # 603.2: abilities trigger when their event happens, before state-based actions
        # remove the source (a creature dealing combat damage as it dies still triggers).
        collect_triggers(state)
        check_state_based_actions(state)
        if not put_triggers_on_stack(state):
            break
    if player not in state.in_game():
        # 800.4j: a player who left doesn't receive priority; the next one in turn order does.
        player = state.next_in_game(player)
    # 805.5: under shared team turns the team receives priority; its primary player holds it.
    player = primary_player(state, player)
    state.priority_player = None if game_over(state) else player
    state.extra["passes"] = 0
    state.changed()


def game_over(state: GameState) -> bool:
    """Whether the game has ended (CR 104.1, 104.2a, 104.2b, 104.3): in a game of two or more
    players, once at most one player has not lost, or once an effect made a player win. No one
    receives priority after that (CR 117.1)."""
    return game_is_over(state)


def _next_player(state: GameState, player: str) -> str:
    """The next player in turn order still in the game (CR 101.4, 117.3d; 800.4k: a player who
    left the game gets no turn); under shared team turns the next team's primary player, as
    teams take turns and have priority (805.4, 805.5)."""
    if shares_turns(state):
        return next_team_player(state, player)
    return state.next_in_game(player)


def _seats(state: GameState) -> int:
    """How many passes in succession end a step or resolve the top of the stack (117.4): one
    per player still in the game, or one per team still in it under shared team turns
    (805.5b)."""
    in_game = state.in_game()
    if shares_turns(state):
        return len([t for t in teams(state) if any(p in in_game for p in t)])
    return len(in_game)


def advance_step(state: GameState) -> None:
    """End the current step and begin the next one (CR 500.2-500.4), with its turn-based
    actions; mana empties from pools between steps (CR 106.4; era switch ``mana_pool``)."""
    empty_mana_pools(state, repeating=state.extra.get("repeat_step") == state.step)
    index = STEPS.index(state.step)
    added: str | None = None
    if state.extra.pop("repeat_step", None) == state.step:
        # A step that happens again, e.g. the second combat damage step of 510.4.
        index -= 1
    else:
        # 500.8-500.10: steps and phases added after the one ending now come first; after
        # them the turn goes on from where they were added.
        added, resume = next_added_step(state)
        index = STEPS.index(resume)
    if added is not None:
        state.step = added
    elif index + 1 == len(STEPS):
        state.turn += 1
        state.extra[_PREVIOUS_ACTIVE] = state.active_player
        extra = state.extra.get(EXTRA_TURNS_KEY)
        # 500.7: an extra turn comes directly after the turn it was created in, the most
        # recently created first; then the turn order goes on from its player.
        state.active_player = extra.pop() if extra else _next_player(state, state.active_player)
        for player in active_team(state):  # 805.4: the team takes the turn together
            state.players[player].last_turn_began = state.turn
            state.players[player].lands_played = 0
        state.step = STEPS[0]
    else:
        state.step = STEPS[index + 1]
    if any(skip(state) for skip in STEP_SKIPS.get(state.step, [])):
        # A skipped step doesn't begin (CR 500.2 via e.g. 508.8): on to the one after it.
        state.log("step-skipped", step=state.step, turn=state.turn)
        advance_step(state)
        return
    state.log("step", step=state.step, turn=state.turn, active=state.active_player)
    for hook in STEP_HOOKS.get(state.step, []):
        hook(state)
    if state.extra.get(AWAITING_KEY) == state.step:
        # The step's turn-based action waits for a player's decision (e.g. 508.1): no one
        # receives priority until it is made (508.2); the action that makes it gives priority.
        state.priority_player = None
        return
    if state.step == "untap":
        # 502.4: no player receives priority in the untap step; an ability that triggers in
        # it waits for the next time a player would receive priority (the upkeep step).
        collect_triggers(state)  # 603.2: it triggers now
        advance_step(state)
        return
    if state.step == "cleanup" and not state.zone_list("stack"):
        # 514.3a: normally no one receives priority in the cleanup step; but if state-based
        # actions are performed or abilities trigger, the active player receives priority
        # (after they happen), and once all pass with an empty stack another cleanup step
        # begins (514.3a).
        collect_triggers(state)  # 603.2, as in give_priority
        performed = check_state_based_actions(state)
        if not put_triggers_on_stack(state) and not performed:
            advance_step(state)
            return
        state.extra["repeat_step"] = "cleanup"
    give_priority(state, state.active_player)


def pass_priority(state: GameState, player: str) -> None:
    """``player`` passes priority (CR 117.3d, 117.4); under shared team turns any player of the
    team with priority passes for it (805.5b)."""
    if state.priority_player is None or player not in (
            team_of(state, state.priority_player) if shares_turns(state)
            else [state.priority_player]):
        raise RulesViolation("no-priority",
                             f"{player} does not have priority ({state.priority_player} has)")
    passes = int(state.extra.get("passes", 0)) + 1
    state.extra["passes"] = passes
    if passes < _seats(state):
        # 117.5: before the next player receives priority, state-based actions are performed
        # and triggered abilities put on the stack (these aren't actions, so the passes still
        # count as "in succession", 117.4).
        for _ in range(100):
            collect_triggers(state)
            check_state_based_actions(state)
            if not put_triggers_on_stack(state):
                break
        state.priority_player = None if game_over(state) else _next_player(state, player)
        return
    if state.zone_list("stack"):
        resolve_top(state)
        give_priority(state, state.active_player)  # 117.3b
    else:
        advance_step(state)


@action("pass_priority")
def _pass(game: GameView, a: Mapping[str, Any]) -> None:
    """The player with priority passes (CR 117.3d); choices that the passes lead to (the top
    of the stack resolving, or the turn-based actions of the next step, such as the cleanup
    discard of 514.1) come from the action's ``choices``."""
    state = game.state
    offer_choices(state, a.get("choices"))
    try:
        pass_priority(state, game.player(a.get("player", state.priority_player)))
    finally:
        withdraw_choices(state)


@action("resolve")
def _resolve(game: GameView, a: Mapping[str, Any]) -> None:
    """Every player passes in turn until the top object of the stack resolves (``count``
    times); choices needed while it resolves come from the action's ``choices``."""
    state = game.state
    offer_choices(state, a.get("choices"))
    try:
        for _ in range(int(a.get("count", 1))):
            stack = list(state.zone_list("stack"))  # a snapshot: the zone list is live
            if not stack:
                raise RulesViolation("illegal-action", "the stack is empty")
            size = len(stack)
            for _ in range(len(state.players) * 2):
                if state.priority_player is None:
                    raise RulesViolation("no-priority", "the game is over: no player has "
                                         "priority (CR 104.2a)")
                pass_priority(state, state.priority_player)
                if len(state.zone_list("stack")) < size or state.zone_list("stack")[
                        :size] != stack[:size]:
                    break
    finally:
        withdraw_choices(state)


@action("advance")
def _advance(game: GameView, a: Mapping[str, Any]) -> None:
    """Pass with an empty stack until step ``to`` begins (at most two turns ahead).

    In the declare attackers step the declaration comes before priority (CR 508.1, 508.2):
    an advance to that step stops there with no player holding priority when a creature could
    attack (the ``declare_attackers`` action makes the declaration); one that passes through
    it declares no attackers, rejected (``cannot-attack``) if a requirement forbids that
    (508.1d).

    The same holds in the declare blockers step (509.1, 509.2): an advance to it stops there
    with no player holding priority when a creature could block (the ``declare_blockers``
    action makes the declaration); one that passes through it declares no blockers, rejected
    (``cannot-block``) if a requirement forbids that (509.1c).

    The passes stop where the game ends (CR 104.2a: in a two-player game it is over once a
    player has lost, e.g. by drawing from an empty library in a draw step, 704.5b): no step
    begins after that. An advance asked for after the game is over is rejected, as no one
    has priority to pass (117.1)."""
    state = game.state
    target = str(a.get("to", ""))
    if target not in STEPS:
        raise SetupError(f"advance: unknown step {target!r} (expected one of {', '.join(STEPS)})")
    if game_over(state):
        raise RulesViolation("no-priority", "the game is over: no player has priority to pass "
                             "(CR 104.2a)")
    offer_choices(state, a.get("choices"))
    try:
        for _ in range(len(STEPS) * 3):
            _decide_on_the_way(state)
            _pass_through_turn_based(state)
            if game_over(state):
                return
            if state.zone_list("stack"):
                raise RulesViolation("illegal-action",
                                     "the stack is not empty; resolve it before advancing")
            advance_step(state)
            if state.step == target or game_over(state):
                _pass_through_turn_based(state)
                return
    finally:
        withdraw_choices(state)
    raise SetupError(f"advance: step {target!r} was not reached")


def _decide_on_the_way(state: GameState) -> None:
    """Make the decision the current step waits for, if any, as a player who only passes
    would (``STEP_DECISIONS``: no attackers in the declare attackers step, 508.1; no blockers
    in the declare blockers step, 509.1)."""
    if state.extra.get(AWAITING_KEY) == state.step:
        STEP_DECISIONS[state.step](state)


def _pass_through_turn_based(state: GameState) -> None:
    """Every player passes while the stack holds only objects put there by turn-based actions
    (``extra["turn_based"]``, e.g. Sixth Edition combat damage), so they resolve (405.5,
    117.4); stops when the stack is empty or anything else arrives on it (a trigger)."""
    stack = state.zone_list("stack")
    for _ in range(len(state.players) * 50):
        if not stack or not all(state.objects[o].extra.get("turn_based") for o in stack):
            return
        if state.priority_player is None:  # the game is over (104.2a)
            return
        pass_priority(state, state.priority_player)


#: ``state.extra`` key of the player whose turn came before the current one.
_PREVIOUS_ACTIVE = "previous_active"


@on_step("untap", cr="502.3")
def _untap_step(state: GameState) -> None:
    """Turn-based action 502.3: the active player untaps their permanents (805.4: under
    shared team turns each player of the active team), except those exerted since their last
    untap step (701.43a: each skips this one untap, however many times it was exerted,
    701.43b)."""
    team = active_team(state)
    for obj in state.battlefield():
        if obj.controller in team:
            if obj.extra.pop(SKIP_UNTAP, False):
                continue
            untap_permanent(state, obj)  # 122.1d: a stun counter is removed instead


@on_step("untap", cr="611.2a")
def _until_next_turn_ends(state: GameState) -> None:
    """Effects that last "until your next turn" end as their controller's next turn begins
    (611.2a, 500.1). If that player has left the game, such an effect lasts until that turn
    would have begun: it ends as the first turn begins that comes after their seat in turn
    order (800.4m), neither at once nor never."""
    waiting = [e for e in state.effects if e.duration == "until-your-next-turn"]
    if not waiting:
        return
    previous = str(state.extra.get(_PREVIOUS_ACTIVE, state.active_player))
    order = state.turn_order
    start = order.index(previous)
    stop = order.index(state.active_player)
    # The seats from the previous active player (excluded) to the new one (included).
    passed = set((order[start + 1:] + order[:start + 1])[:(stop - start) % len(order)])
    ended = [e for e in waiting if e.controller == state.active_player or (
        e.controller in state.extra.get("left", ()) and e.controller in passed)]
    if ended:
        state.effects = [e for e in state.effects if e not in ended]
        state.changed()


@on_step("draw", cr="504.1")
def _draw_step(state: GameState) -> None:
    """Turn-based action 504.1: the active player draws a card; under shared team turns each
    player of the active team draws one (805.4b), one after another in seating order (805.6a:
    the team picks the order)."""
    for player in active_team(state):
        draw_cards(state, player)


@skip_step("draw", cr="103.8a")
def _first_draw_skipped(state: GameState) -> bool:
    """103.8a: in a two-player game the player who plays first skips the draw step of their
    first turn, the game's turn 1 (the setup's active player on turn 1 is the starting player,
    103.1). Only that step is skipped: the upkeep still happens. In Two-Headed Giant the team
    that plays first skips it (103.8b, 810.6); in other multiplayer games no player skips it
    (103.8c, 800.7)."""
    return state.turn == 1 and (len(state.players) == 2
                                or variant(state) == "two-headed-giant")


@on_step("postcombat-main", cr="511.2")
def _end_of_combat_effects_end(state: GameState) -> None:
    """CR 511.2 (500.5): effects that last "until end of combat" end as the combat phase ends,
    so they are gone when the postcombat main phase begins."""
    if any(e.duration == "end-of-combat" for e in state.effects):
        state.effects = [e for e in state.effects if e.duration != "end-of-combat"]
        state.changed()


@on_step("cleanup", cr="514.1")
def _cleanup(state: GameState) -> None:
    """Turn-based actions of the cleanup step, in order: 514.1, the active player discards down
    to their maximum hand size; 514.2, damage wears off and "until end of turn" effects end."""
    discard_to_hand_size(state)
    for obj in state.battlefield():
        obj.damage = 0
    state.effects = [e for e in state.effects if e.duration != "end-of-turn"]
    state.changed()
