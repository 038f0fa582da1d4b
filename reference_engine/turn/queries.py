"""Queries about the game state rather than characteristics: stack, pools, turn, status."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.registry import PREGAME_KEY, query
from reference_engine.layers.system import characteristics_of

if TYPE_CHECKING:
    from reference_engine.core.handlers import GameView
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["stack_name"]


@query("stack")
def _stack(game: GameView, q: Mapping[str, Any]) -> list[str]:
    """Names of the objects on the stack, bottom first (CR 405.2); an ability shows as
    ``"ability of <source name>"``, an object with a ``label`` in its ability data by that
    label (e.g. ``"combat damage"`` under the Sixth Edition rules)."""
    out = []
    for oid in game.state.zone_list("stack"):
        obj = game.state.objects[oid]
        if obj.ability is not None and "label" in obj.ability:
            out.append(str(obj.ability["label"]))
            continue
        out.append(stack_name(game.state, obj))
    return out


def stack_name(state: GameState, obj: GameObject) -> str:
    """How the ``stack`` queries name an object: a spell by its name; an ability as
    ``"ability of <source>"``, the source named as it is now (the face that is up, CR 712.8d);
    a source that has left the battlefield is named as it last existed there (its last known
    information, CR 113.7a, 603.10a: Chaos, the Endless's dies trigger is an ability of Chaos,
    not of the Garland card in the graveyard), else by its front face."""
    from reference_engine.triggers.last_known import last_known_info

    if obj.ability is None:
        return characteristics_of(state, obj.id).name
    source = state.objects.get(obj.source_id) if obj.source_id is not None else None
    last = last_known_info(state, obj.source_id) if obj.source_id is not None else None
    if source is not None and (source.zone == "battlefield" or last is None):
        name = characteristics_of(state, source.id).name
    elif last is not None:
        name = last.chars.name
    else:
        name = obj.card.front.name
    return f"ability of {name}"


@query("priority")
def _priority(game: GameView, q: Mapping[str, Any]) -> Any:
    """The player who has priority (CR 117), or null."""
    return game.state.priority_player


@query("step")
def _step(game: GameView, q: Mapping[str, Any]) -> str | None:
    """The current step (CR 500.1); null before the game begins (CR 103)."""
    if PREGAME_KEY in game.state.extra:
        return None
    return game.state.step


@query("active_player")
def _active(game: GameView, q: Mapping[str, Any]) -> str:
    """The active player (CR 102.1)."""
    return game.state.active_player


@query("tapped")
def _tapped(game: GameView, q: Mapping[str, Any]) -> bool | None:
    """Whether a permanent is tapped (CR 110.5); null for an object that isn't a permanent:
    only permanents have status, a card elsewhere is neither tapped nor untapped (110.5d)."""
    obj = game.object(q.get("object"))
    return obj.tapped if obj.zone == "battlefield" else None


@query("damage")
def _damage(game: GameView, q: Mapping[str, Any]) -> int:
    """Damage marked on a permanent (CR 120.3e)."""
    return game.object(q.get("object")).damage


@query("counters")
def _counters(game: GameView, q: Mapping[str, Any]) -> dict[str, int]:
    """Counters on an object by kind (CR 122), omitting kinds with none."""
    return {k: v for k, v in sorted(game.object(q.get("object")).counters.items()) if v > 0}


@query("controller")
def _controller(game: GameView, q: Mapping[str, Any]) -> str:
    """An object's controller (CR 108.4)."""
    return game.object(q.get("object")).controller


@query("lost")
def _lost(game: GameView, q: Mapping[str, Any]) -> bool:
    """Whether a player has lost the game (CR 104.3)."""
    return game.player(q.get("player")) in game.state.extra.get("lost", [])
