"""Drawing cards (CR 121), replacing draws (614.11) and losing by drawing from an empty
library (CR 704.5b).

A draw replacement is card data, ``{kind = "replacement", event = "draw", players = "you",
library_empty = true, instead = "win_game"}`` (Laboratory Maniac: "If you would draw a card
while your library has no cards in it, you win the game instead"): ``players`` (you,
opponents, each) says whose draws it watches, ``library_empty`` limits it to draws from an
empty library, and ``instead`` is what happens in place of the draw: ``win_game`` (the
ability's controller wins), ``nothing``, or ``draw`` with ``amount`` (Thought Reflection: "If
you would draw a card, draw two cards instead"). Each draw of a sequence is one event,
replaced on its own, and what the replacement does (the cards it draws instead) is done in
full before the next draw of the sequence (614.11a); the draws it makes instead are new
events, which other draw replacements may replace but not the one that made them (614.5).
A replacement applies even when the library is empty, so no draw from an empty library
happens and 704.5b has nothing to see (614.11). When several apply, the drawing player
chooses the order (616.1, ``replacement_order``).

``drawn``: the caller's list of the cards drawn by the draws it asked for, for an instruction
that goes on to act on "that card" ("draw a card and reveal it"); a card drawn in place of a
replaced draw is not one of them (614.11b).

A static ability ``{kind = "static", rule = "one_draw_each_turn", players = "each"}`` (Spirit of
the Labyrinth) stops every draw after a player's first of the turn (121.2b): each card draw is
counted on its own, so "draw two cards" is carried out in part.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from reference_engine.core.errors import SetupError
from reference_engine.damage.ordering import Replacement, apply_in_order, replacements_for
from reference_engine.layers.system import compute_all, static_abilities
from reference_engine.sba.checks import state_based_action
from reference_engine.sba.outcome import game_is_over, mark_won

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["draw_cards"]

_EMPTY_DRAW = "drew_from_empty_library"
_DRAWS_KEY = "draws_this_turn"
#: The static rule "can't draw more than one card each turn" (121.2b, Spirit of the Labyrinth).
ONE_DRAW = "one_draw_each_turn"


def draw_cards(state: GameState, player: str, count: int = 1, *,
               drawn: list[GameObject] | None = None, used: Collection[str] = ()) -> int:
    """``player`` draws ``count`` cards one at a time from the top of their library (121.2);
    a draw from an empty library draws nothing and is remembered for 704.5b. Returns the number
    of cards drawn by these draws themselves (not by replacements, 614.11b), which are added
    to ``drawn``; ``used``: the replacements that made these draws, which can't replace them
    (614.5)."""
    count_drawn = 0
    for _ in range(count):
        if game_is_over(state):
            break  # 104.1: nothing more happens once the game is over
        if _draw_limited(state, player):
            state.log("draw-not-allowed", player=player)
            continue
        if _draw_replaced(state, player, used):
            continue
        _count_draw(state, player)
        library = state.zone_list("library", player)
        if not library:
            state.extra.setdefault(_EMPTY_DRAW, set()).add(player)
            state.log("draw-from-empty-library", player=player)
            continue
        card = state.move(state.objects[library[0]], "hand")
        state.log("draw", player=player)
        if drawn is not None:
            drawn.append(card)
        count_drawn += 1
    return count_drawn


def _draws_this_turn(state: GameState, player: str) -> int:
    turn, count = state.extra.get(_DRAWS_KEY, {}).get(player, (state.turn, 0))
    return int(count) if turn == state.turn else 0


def _count_draw(state: GameState, player: str) -> None:
    counts = state.extra.setdefault(_DRAWS_KEY, {})
    counts[player] = (state.turn, _draws_this_turn(state, player) + 1)


def _draw_limited(state: GameState, player: str) -> bool:
    """Check 121.2b: a static ability says ``player`` can't draw more than one card each turn,
    and they have drawn one this turn (each card draw counts on its own)."""
    if _draws_this_turn(state, player) < 1:
        return False
    chars = compute_all(state)
    for src, ability in static_abilities(state, chars):
        if ability.get("rule") != ONE_DRAW:
            continue
        who = ability.get("players", "each")
        if who in ("each", "each_player", "any") or (who == "you" and player == src.controller) \
                or (who in ("opponents", "opponent") and player in state.opponents(src.controller)):
            return True
    return False


def _watches(rep: Replacement, state: GameState, player: str) -> bool:
    who = rep.ability.get("players", "you")
    controller = rep.source.controller
    if who in ("each", "each_player", "any"):
        return True
    if who == "you":
        return player == controller
    if who in ("opponents", "opponent"):
        return player in state.opponents(controller)
    raise SetupError(f"draw replacement: players must be you, opponents or each, not {who!r}")


def _draw_replaced(state: GameState, player: str, used: Collection[str]) -> bool:
    """Apply the draw replacement effects to one draw of ``player`` (CR 614.11, 616.1);
    return True if the draw was replaced (it doesn't happen)."""
    reps = [r for r in replacements_for(state, "draw") if r.id not in used]
    if not reps:
        return False
    empty = not state.zone_list("library", player)

    def applicable(event: str) -> list[Replacement]:
        if event != "draw":
            return []
        return [r for r in reps if _watches(r, state, player)
                and (empty or not r.ability.get("library_empty"))]

    def apply(event: str, rep: Replacement) -> str:
        instead = rep.ability.get("instead")
        if instead == "win_game":
            mark_won(state, rep.source.controller)  # 104.2b
            return "won"
        if instead == "nothing":
            return "nothing"
        if instead == "draw":
            # 614.11a: the draws made instead happen now, before the sequence goes on; 614.5:
            # this replacement (and those already applied) can't replace them again.
            amount = rep.ability.get("amount", 1)
            if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
                raise SetupError(f"draw replacement: amount must be a whole number, "
                                 f"not {amount!r}")
            draw_cards(state, player, amount, used={*used, rep.id})
            return "drew_instead"
        raise SetupError(f"draw replacement: instead must be win_game, nothing or draw, "
                         f"not {instead!r}")

    result = apply_in_order(state, "draw", player=player, applicable=applicable, apply=apply)
    if result != "draw":
        state.log("draw-replaced", player=player)
        return True
    return False


@state_based_action(cr="704.5b")
def _empty_library_loss(state: GameState) -> bool:
    """Check 704.5b: a player who attempted to draw from an empty library since the last check
    loses the game."""
    players = state.extra.pop(_EMPTY_DRAW, set())
    lost = state.extra.setdefault("lost", [])
    for player in sorted(players):
        if player not in lost:
            lost.append(player)
            state.log("player-loses", player=player, reason="drew from an empty library")
    return bool(players)
