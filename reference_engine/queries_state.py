"""Queries about the game state rather than characteristics: stack, pools, turn, status."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .layers import characteristics_of
from .mana_pool import pool_text
from .registry import query

if TYPE_CHECKING:
    from .game import Game

__all__: list[str] = []


@query("stack")
def _stack(game: Game, q: Mapping[str, Any]) -> list[str]:
    """Names of the objects on the stack, bottom first (CR 405.2); an ability shows as
    ``"ability of <source name>"``."""
    out = []
    for oid in game.state.zone_list("stack"):
        obj = game.state.objects[oid]
        name = characteristics_of(game.state, oid).name
        out.append(f"ability of {obj.card.name}" if obj.ability is not None else name)
    return out


@query("mana_pool")
def _mana_pool(game: Game, q: Mapping[str, Any]) -> str:
    """A player's mana pool as mana symbols in WUBRGC order (CR 106.4)."""
    return pool_text(game.state, game.player(q.get("player")))


@query("priority")
def _priority(game: Game, q: Mapping[str, Any]) -> Any:
    """The player who has priority (CR 117), or null."""
    return game.state.priority_player


@query("step")
def _step(game: Game, q: Mapping[str, Any]) -> str:
    """The current step (CR 500.1)."""
    return game.state.step


@query("active_player")
def _active(game: Game, q: Mapping[str, Any]) -> str:
    """The active player (CR 102.1)."""
    return game.state.active_player


@query("tapped")
def _tapped(game: Game, q: Mapping[str, Any]) -> bool:
    """Whether a permanent is tapped (CR 110.5)."""
    return game.object(q.get("object")).tapped


@query("damage")
def _damage(game: Game, q: Mapping[str, Any]) -> int:
    """Damage marked on a permanent (CR 120.3e)."""
    return game.object(q.get("object")).damage


@query("counters")
def _counters(game: Game, q: Mapping[str, Any]) -> dict[str, int]:
    """Counters on an object by kind (CR 122), omitting kinds with none."""
    return {k: v for k, v in sorted(game.object(q.get("object")).counters.items()) if v > 0}


@query("controller")
def _controller(game: Game, q: Mapping[str, Any]) -> str:
    """An object's controller (CR 108.4)."""
    return game.object(q.get("object")).controller


@query("lost")
def _lost(game: Game, q: Mapping[str, Any]) -> bool:
    """Whether a player has lost the game (CR 104.3)."""
    return game.player(q.get("player")) in game.state.extra.get("lost", [])
