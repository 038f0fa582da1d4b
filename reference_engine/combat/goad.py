"""Goad (CR 701.15): a designation that makes a creature attack, and attack someone else.

Resolution effect ``goad {target}``: each target creature becomes goaded by the controller of
the spell or ability until that player's next turn (701.15a). A goaded creature attacks each
combat if able and attacks a player other than each player who goaded it if able (701.15b);
each player goading it adds its own requirement (701.15c), and a player who already goads it
adds nothing by goading it again (701.15d). Goaded is a designation of the permanent, not an
ability and not copiable (701.15b), so a new object after a zone change is not goaded.

The attack check follows 508.1d: a declaration that leaves a goaded creature able to attack at
home, or sends it at a player who goaded it while another opponent could be attacked (obeying
more of its requirements), is rejected with ``cannot-attack``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.combat.declare import attack_declaration_check, attack_problem
from reference_engine.core.context import ResolveContext, effect, objects_of
from reference_engine.core.registry import on_step
from reference_engine.layers.system import compute_all

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["GOADED", "goaders"]

#: Where a permanent keeps the players who goaded it (701.15b), in the order they did.
GOADED = "goaded_by"


def goaders(obj: GameObject) -> list[str]:
    """The players who goad ``obj`` now."""
    return [str(p) for p in obj.extra.get(GOADED, [])]


@effect("goad", params={"target": "ref: the creatures goaded"},
        cr=("701.15a", "701.15b", "701.15c", "701.15d"), example='{type = "goad", target = "t"}')
def _goad(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Goad (701.15a): each creature referred to is goaded by this spell's or ability's
    controller until that player's next turn; goading it again changes nothing (701.15d)."""
    for obj in objects_of(ctx, ctx.refs(p)):
        if obj.zone != "battlefield":
            continue
        players = obj.extra.setdefault(GOADED, [])
        if ctx.controller not in players:
            players.append(ctx.controller)
            ctx.state.log("goaded", object=obj.id, card=obj.card.name, player=ctx.controller)
    ctx.state.changed()


@on_step("untap", cr="701.15a")
def _goad_ends(state: GameState) -> None:
    """701.15a: goading by a player lasts until that player's next turn begins."""
    for obj in state.battlefield():
        players = obj.extra.get(GOADED)
        if players and state.active_player in players:
            players.remove(state.active_player)
            state.changed()


def _obeyed(defender: Any, players: list[str], state: GameState) -> int:
    """How many of a goaded creature's requirements attacking ``defender`` obeys: it attacks
    (1), and one more for each goading player it isn't (a player, not a planeswalker)."""
    if defender not in state.players:
        return 1
    return 1 + sum(1 for g in players if g != defender)


@attack_declaration_check
def _goad_requirements(state: GameState, player: str,
                       declared: list[tuple[int, Any]]) -> str | None:
    """508.1d with 701.15b: every goaded creature of ``player`` able to attack attacks, and
    attacks a player who didn't goad it when one of the opponents it could attack didn't."""
    chars = compute_all(state)
    attacking = dict(declared)
    for obj in state.battlefield():
        players = goaders(obj)
        if obj.controller != player or not players:
            continue
        if attack_problem(state, obj, player, chars) is not None:
            continue
        if obj.id not in attacking:
            return f"{obj.name_for_log} is goaded: it attacks each combat if able (CR 701.15b)"
        best = max((_obeyed(o, players, state) for o in state.opponents(player)), default=1)
        if _obeyed(attacking[obj.id], players, state) < best:
            return (f"{obj.name_for_log} is goaded by {', '.join(players)}: it attacks a "
                    "player other than them if able (CR 701.15b, 508.1d)")
    return None
