"""Flipping coins (CR 705) and rolling dice (CR 706), with outcomes a case can fix.

A random outcome is the case's answer to a choice, as for a random discard or a shuffle
(:mod:`reference_engine.core.randomness`): ``coin = "heads"`` (or a list, one per flip, in
order) and ``die = 4`` (or a list, one natural result per die, in the order rolled, rolling
again included). Without an answer the outcome is drawn from the game's seed. An answer a die
can't show (0, or 21 on a d20) is an illegal choice (706.1a).

* ``flip_coin {heads, tails, win, lose, result, count = 1}``: the controller flips a coin.
  With ``heads``/``tails`` effects the flip only cares about the side that came up, and no one
  wins or loses it (705.2); otherwise the flipper calls (choice ``coin_call``, default
  ``"heads"``) and wins if the call matches (705.2), running ``win`` or ``lose``. ``result``
  (``"heads"``, ``"tails"``, ``"win"``) is an outcome the effect itself states, used instead of
  the actual flip (705.3).
* ``roll_die {sides = 6, count = 1, modifier = 0, ignore_lowest = false, table, effects,
  doubles}``: the controller rolls ``count`` ``sides``-sided dice (706.1, 706.1a); each natural
  result plus ``modifier`` is that die's result (706.2). ``ignore_lowest`` drops the lowest
  roll as if it never happened (706.6). ``table`` is a results table (706.3a): a list of
  ``{min, max, effects}`` (``max`` absent: "``min``+"), the row holding the total result runs;
  a row ``{..., again = true}`` rolls again with the same dice and modifiers (706.3c).
  ``effects`` run after the table with the amount ``{die_result = "total"}`` (or
  ``"highest"``/``"lowest"``/``"natural"``) naming the result (706.4); ``doubles`` run when
  every die kept shows the same result (706.5). Each roll logs ``dice-rolled`` (trigger event
  ``rolls_dice``), an ignored die is not in it (706.6).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from reference_engine.core.amounts import AmountContext, amount
from reference_engine.core.choices import choose
from reference_engine.core.context import ResolveContext, effect
from reference_engine.core.errors import RulesViolation, SetupError
from reference_engine.core.objects import GameObject
from reference_engine.core.state import Event, GameState
from reference_engine.resolution.stack import run_effect
from reference_engine.triggers.abilities import trigger_matcher
from reference_engine.triggers.life import player_matches

__all__ = ["die_results", "flip_results"]

_USED = "random_answers_used"
_ROLL = "die_roll"
_SIDES = ("heads", "tails")


def _answers(state: GameState, name: str) -> list[Any] | None:
    answer = choose(state, name, None, default=None, has_default=True)
    if answer is None:
        return None
    return list(answer) if isinstance(answer, list) else [answer]


def _next(state: GameState, name: str, draw: Any) -> Any:
    """The next outcome of random choice ``name``: the case's next unused answer, else seeded
    (the same seed and count as the other random choices of the game)."""
    answers = _answers(state, name)
    used = state.extra.setdefault(_USED, {})
    n = int(used.get(name, 0))
    if answers is not None and n < len(answers):
        used[name] = n + 1
        return answers[n]
    count = int(state.extra.get("random_count", 0))
    state.extra["random_count"] = count + 1
    return draw(random.Random(f"{state.extra.get('random_seed', 0)}:{count}"))


def flip_results(state: GameState, count: int) -> list[str]:
    """``count`` coin flips: the case's answers to ``coin`` in order, else seeded (705)."""
    out = []
    for _ in range(count):
        side = _next(state, "coin", lambda rng: rng.choice(_SIDES))
        if side not in _SIDES:
            raise RulesViolation("illegal-choice", f"choice 'coin': {side!r} is not "
                                 "'heads' or 'tails' (a coin has two sides, 705.1)")
        out.append(str(side))
    return out


def die_results(state: GameState, sides: int, count: int) -> list[int]:
    """``count`` natural results of ``sides``-sided dice: the case's answers to ``die`` in
    order, else seeded; each must be a number from 1 to ``sides`` (706.1a)."""
    if sides < 1:
        raise SetupError(f"a die needs at least one side, not {sides} (706.1a)")
    out = []
    for _ in range(count):
        value = _next(state, "die", lambda rng: rng.randint(1, sides))
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= sides:
            raise RulesViolation("illegal-choice", f"choice 'die': {value!r} is not a result "
                                 f"of a {sides}-sided die (1 to {sides}, 706.1a)")
        out.append(value)
    return out


def _run_all(ctx: ResolveContext, effects: Any) -> None:
    for eff in effects or []:
        run_effect(ctx, eff)


@effect("flip_coin", params={
    "heads": "effects: what happens if it comes up heads (a flip no one wins, 705.2)",
    "tails": "effects: what happens if it comes up tails",
    "win": "effects: what happens if the flipper wins the flip (their call matched, 705.2)",
    "lose": "effects: what happens if the flipper loses the flip",
    "result": "str: an outcome the effect states (\"heads\", \"tails\" or \"win\"), used "
              "instead of the flip (705.3)",
    "count": "int: how many flips (default 1)"},
    cr=("705.2", "705.3"), example='{type = "flip_coin", win = [...], lose = [...]}')
def _flip_coin(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Flip a coin (705): a heads/tails flip runs the side's effects and no one wins it; a
    flip with ``win``/``lose`` is called (choice ``coin_call``) and won if the call matches
    (705.2). A stated ``result`` replaces the actual outcome (705.3)."""
    state = ctx.state
    called = "win" in p or "lose" in p
    for side in flip_results(state, int(p.get("count", 1))):
        stated = p.get("result")
        if stated in _SIDES:
            side = str(stated)  # 705.3: the stated result, not the actual one
        if not called:
            state.log("coin-flipped", player=ctx.controller, result=side)
            _run_all(ctx, p.get(side))
            continue
        call = choose(state, "coin_call", list(_SIDES), default="heads", has_default=True)
        won = stated == "win" or call == side
        state.log("coin-flipped", player=ctx.controller, result=side, call=call, won=won)
        _run_all(ctx, p.get("win" if won else "lose"))
    state.changed()


def _roll(ctx: ResolveContext, p: Mapping[str, Any]) -> list[tuple[int, int]]:
    """One roll of the effect's dice: (natural, result) per die kept, the ignored one
    dropped before anything sees it (706.6)."""
    sides, count = int(p.get("sides", 6)), int(p.get("count", 1))
    modifier = ctx.amount(p.get("modifier", 0))
    naturals = die_results(ctx.state, sides, count)
    if p.get("ignore_lowest") and naturals:
        naturals.remove(min(naturals))  # 706.6: tied lowest rolls are the same to ignore
    kept = [(n, n + modifier) for n in naturals]
    if kept:
        ctx.state.log("dice-rolled", player=ctx.controller, sides=sides,
                      naturals=[n for n, _ in kept], results=[r for _, r in kept])
    return kept


def _row(table: Sequence[Mapping[str, Any]], total: int) -> Mapping[str, Any] | None:
    for row in table:
        low = int(row.get("min", 1))
        high = row.get("max")
        if total >= low and (high is None or total <= int(high)):
            return row
    return None


@effect("roll_die", params={
    "sides": "int: how many sides each die has (default 6, 706.1a)",
    "count": "int: how many dice (default 1)",
    "modifier": "amount: added to each natural result (706.2)",
    "ignore_lowest": "bool: the lowest roll is ignored, as if it never happened (706.6)",
    "table": "any: a results table, a list of rows {min, max, effects} or {min, max, again = true} "
             "(706.3a, 706.3c)",
    "effects": "effects: what happens after the roll; {die_result = ...} names its result "
               "(706.4)",
    "doubles": "effects: what happens if every die kept shows the same result (706.5)"},
    cr=("706.1", "706.1a", "706.2", "706.3", "706.3a", "706.3c", "706.4", "706.5", "706.6"),
    example='{type = "roll_die", sides = 20, table = [{min = 1, max = 9, effects = [...]}]}')
def _roll_die(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Roll dice (706): the results, after modifiers (706.2), pick a row of the results
    table (706.3a), which may say to roll again with the same dice and modifiers (706.3c);
    then the effects that read the result (706.4) and the doubles effects (706.5)."""
    raw = p.get("table", [])
    table = [row for row in raw if isinstance(row, Mapping)] if isinstance(raw, list) else []
    for _ in range(100):
        kept = _roll(ctx, p)
        ctx.obj.extra[_ROLL] = kept
        row = _row(table, sum(r for _, r in kept)) if table else None
        if row is None or not row.get("again"):
            break
    else:
        raise SetupError("roll_die: rolled again 100 times; the results table never settles")
    if row is not None:
        _run_all(ctx, row.get("effects"))
    _run_all(ctx, p.get("effects"))
    if len(kept) > 1 and len({r for _, r in kept}) == 1:
        _run_all(ctx, p.get("doubles"))
    ctx.state.changed()


@amount("die_result", arg="str", cr=("706.2", "706.4"),
        example='deals damage equal to the result, {die_result = "total"}')
def _die_result(ctx: AmountContext, arg: Any) -> int:
    """The result of the die roll of the resolving ``roll_die``: ``"total"`` (the sum of
    the results after modifiers, the default), ``"highest"``, ``"lowest"`` or ``"natural"``
    (the sum before modifiers, 706.2)."""
    resolving = ctx.extra.get("resolving")
    obj = getattr(resolving, "obj", None)
    kept = obj.extra.get(_ROLL) if isinstance(obj, GameObject) else None
    if not kept:
        raise SetupError("{die_result = ...} is read only inside a roll_die effect")
    results: list[int] = [int(r) for _, r in kept]
    if arg in (None, True, "total"):
        return sum(results)
    if arg == "highest":
        return max(results)
    if arg == "lowest":
        return min(results)
    if arg == "natural":
        return sum(int(n) for n, _ in kept)
    raise SetupError(f"die_result is 'total', 'highest', 'lowest' or 'natural', not {arg!r}")


@trigger_matcher("rolls_dice", params={"player": "str: whose roll: \"you\" (default), "
                                                   "\"opponent\" or \"any\""},
                 cr=("706.1", "706.6"), example='{event = "rolls_dice"}')
def _rolls_die(state: GameState, obj: GameObject, spec: Mapping[str, Any],
               event: Event) -> bool:
    """"Whenever [you | a player] roll(s) one or more dice" (706): once per roll; a roll
    that is ignored never happened and triggers nothing (706.6)."""
    return event.kind == "dice-rolled" and player_matches(
        state, spec.get("player", "you"), event.details.get("player"), obj.controller)
