"""Day and night (CR 730, 703.4b): designations of the game, and the untap step's check.

The game starts as neither day nor night (730.1). The effect ``become_day_night {to = "day" |
"night"}`` makes it day or night ("it becomes day"); once it is either, it is always one of
them (730.1). As the second part of each untap step (703.4b, 730.2) the game looks at the
previous turn: if it's day and that turn's active player cast no spells, it becomes night
(730.2a); if it's night and they cast two or more, it becomes day (730.2b); if it's neither,
nothing is checked (730.2c). A change logs ``day-night`` (trigger event ``day_night_changes``:
"whenever day becomes night or night becomes day", 730.1a). Query ``day_night``: ``"day"``,
``"night"`` or null.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.context import ResolveContext, effect
from reference_engine.core.errors import SetupError
from reference_engine.core.registry import on_step, query, setup_hook
from reference_engine.triggers.abilities import trigger_matcher

if TYPE_CHECKING:
    from reference_engine.core.handlers import GameView
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import Event, GameState

__all__ = ["DAY_NIGHT", "set_day_night"]

#: ``state.extra`` key of the game's designation: "day", "night", or absent (730.1).
DAY_NIGHT = "day_night"
#: Where the turn that is under way began in the event log, and whose turn it is.
_TURN_MARK = "day_night_turn_mark"


@setup_hook(stage="choices")
def _setup_mark(state: GameState, setup: Mapping[str, Any]) -> None:
    state.extra[_TURN_MARK] = (0, state.active_player)


def set_day_night(state: GameState, to: str) -> None:
    """Make it ``to`` ("day" or "night"); a change from one to the other is "day becomes
    night" or "night becomes day" (730.1a)."""
    if to not in ("day", "night"):
        raise SetupError(f"day or night, not {to!r} (730.1)")
    before = state.extra.get(DAY_NIGHT)
    if before == to:
        return
    state.extra[DAY_NIGHT] = to
    state.log("day-night", old=before, new=to)
    state.changed()


@effect("become_day_night", params={"to": "str!: \"day\" or \"night\""},
        cr=("730.1",), example='{type = "become_day_night", to = "day"}')
def _become(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """"It becomes day" / "it becomes night" (730.1)."""
    set_day_night(ctx.state, str(p.get("to", "")))


def _spells_cast(state: GameState, start: int, player: str) -> int:
    return sum(1 for e in state.events[start:]
               if e.kind == "cast" and e.details.get("player") == player)


@on_step("untap", cr="502.2")
def _check_day_night(state: GameState) -> None:
    """703.4b, 730.2: as the untap step begins, day becomes night if the previous turn's
    active player cast no spells that turn (730.2a), night becomes day if they cast two or
    more (730.2b); with neither designation nothing happens (730.2c)."""
    start, previous = state.extra.get(_TURN_MARK, (0, None))
    state.extra[_TURN_MARK] = (len(state.events), state.active_player)
    now = state.extra.get(DAY_NIGHT)
    if now is None or previous is None:
        return
    cast = _spells_cast(state, int(start), str(previous))
    if now == "day" and cast == 0:
        set_day_night(state, "night")
    elif now == "night" and cast >= 2:
        set_day_night(state, "day")


@query("day_night")
def _day_night(game: GameView, q: Mapping[str, Any]) -> str | None:
    """Whether it is day or night in the game: "day", "night", or null for neither (730.1)."""
    value = game.state.extra.get(DAY_NIGHT)
    return str(value) if value is not None else None


@trigger_matcher("day_night_changes", params={"to": "str: only when it becomes this "
                                                     "(\"day\" or \"night\")"},
                 cr=("730.1a",), example='{event = "day_night_changes", to = "night"}')
def _changes(state: GameState, obj: GameObject, spec: Mapping[str, Any], event: Event) -> bool:
    """"Whenever day becomes night or night becomes day" (730.1a): a change from one
    designation to the other, not the first time it becomes day or night."""
    if event.kind != "day-night" or event.details.get("old") is None:
        return False
    return spec.get("to") in (None, event.details.get("new"))
