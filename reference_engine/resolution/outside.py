"""Bringing cards into the game from outside it (CR 400.11, 400.11b, 309.2d).

The cards each player owns outside the game are the case's ``setup.outside`` (by name, see
:mod:`reference_engine.objects.dungeons`). Resolution effect ``put_from_outside {types, to}``
("choose a card you own from outside the game and put it into your hand", Mastermind's
Acquisition; "a sorcery card", Burning Wish): the controller chooses one such card whose card
types include one of ``types`` (any card without it; choice ``outside``, a card name or
"none"), and it comes into the game in their ``to`` zone (default the hand), where it stays
like any other card (400.11b).

* 309.2d: a dungeon card chosen this way isn't brought into the game: only venturing into the
  dungeon does that; it stays outside the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from reference_engine.core.choices import choose
from reference_engine.core.context import ResolveContext, effect
from reference_engine.core.errors import SetupError

__all__: list[str] = []

#: ``state.extra`` key of the cards each player owns outside the game (``setup.outside``).
_OUTSIDE = "outside_cards"
_ZONES = ("hand", "graveyard", "exile", "library")


@effect("put_from_outside", params={
    "types": "words: the card types the card may have (default any card)",
    "to": "str: the zone it is put into (default \"hand\")"},
    cr=("400.11", "400.11b", "309.2d"),
    example='Burning Wish: {type = "put_from_outside", types = ["Sorcery"]}')
def _put_from_outside(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """The controller chooses a card they own from outside the game with one of ``types`` and
    puts it into ``to`` (CR 400.11b); a dungeon card stays outside (309.2d)."""
    state = ctx.state
    to = str(p.get("to", "hand"))
    if to not in _ZONES:
        raise SetupError(f"put_from_outside: to must be one of {', '.join(_ZONES)}")
    wanted = {str(t) for t in p.get("types") or []}
    owned: dict[str, list[str]] = state.extra.get(_OUTSIDE, {})
    mine = owned.get(ctx.controller, [])
    names = sorted({n for n in mine if (card := state.catalog.get(n)) is not None
                    and (not wanted or wanted & set(card.front.types))})
    picked = str(choose(state, "outside", [*names, "none"]))
    if picked == "none":
        return
    card = state.catalog[picked]
    if "Dungeon" in card.front.types:
        # 309.2d: only venturing brings a dungeon card into the game.
        state.log("outside-card-stays", card=card.name, player=ctx.controller, rule="309.2d")
        return
    rest = list(mine)
    rest.remove(picked)
    owned[ctx.controller] = rest
    new = state.create_object(card, owner=ctx.controller, zone=to, controller=ctx.controller)
    state.log("brought-into-game", object=new.id, card=card.name, player=ctx.controller,
              zone=to)
    state.changed()
