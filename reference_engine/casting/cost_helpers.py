"""Convoke, delve and improvise (CR 702.51, 702.66, 702.126): other ways to pay part of a
spell's total cost, chosen as the cost is paid.

They aren't additional or alternative costs: each applies only once the total cost has been
determined (601.2f; 702.51b, 702.66b, 702.126b), so cost increases and reductions come first,
and what they pay for is part of that total. The cast action names what pays:

* ``convoke = ["elf", "bears"]``: each untapped creature its caster controls is tapped and pays
  for one generic mana or one mana of one of its colors (702.51a); a creature that pays this way
  has convoked the spell (702.51c: the ``convoked`` event);
* ``delve = ["c1", "c2"]``: each card exiled from its caster's graveyard pays for one generic
  mana (702.66a);
* ``improvise = ["ornithopter"]``: each untapped artifact its caster controls is tapped and pays
  for one generic mana (702.126a).

Multiple instances of one of these on a spell are redundant (702.51d, 702.66c, 702.126c): the
keyword lets each object pay once, whatever the count. A name for a spell without the keyword, an
object that can't pay (tapped, not the caster's, not in the graveyard) or more objects than the
cost has mana for them to pay is rejected (``illegal-choice``). The rest is paid with mana.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.casting.costs import format_cost
from reference_engine.core.errors import RulesViolation
from reference_engine.core.symbols import parse_mana_cost
from reference_engine.layers.system import characteristics_of, compute_all

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["HELPERS", "pay_with_helpers"]

#: The action key of each way to pay, with the keyword that allows it.
HELPERS = {"convoke": "convoke", "delve": "delve", "improvise": "improvise"}


def _reject(message: str) -> RulesViolation:
    return RulesViolation("illegal-choice", message)


def _split(cost_text: str) -> tuple[int, list[str]]:
    """A cost as its generic amount and its other symbols ("{3}{R}{R}" -> 3, ["R", "R"])."""
    cost = parse_mana_cost(cost_text)
    generic = 0
    symbols: list[str] = []
    for sym in cost.symbols:
        if sym.text.isdigit():
            generic += int(sym.text)
        else:
            symbols.append(sym.text)
    return generic, symbols


def _named(state: GameState, names: Any, key: str) -> list[GameObject]:
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise _reject(f"{key} must be a list of handles, not {names!r}")
    if len(set(names)) != len(names):
        raise _reject(f"{key}: the same object is named twice")
    return [state.by_handle(n) for n in names]


def pay_with_helpers(state: GameState, spell: GameObject, player: str, cost_text: str,
                     action: Mapping[str, Any]) -> str:
    """Pay what the action's ``convoke``, ``delve`` and ``improvise`` name toward the total
    cost ``cost_text`` (702.51a, 702.66a, 702.126a) and return what is left to pay with mana."""
    wanted = {k: action[k] for k in HELPERS if action.get(k)}
    if not wanted:
        return cost_text
    chars = characteristics_of(state, spell.id)
    generic, symbols = _split(cost_text)
    for key, names in wanted.items():
        if not chars.has_keyword(HELPERS[key]):
            raise _reject(f"{chars.name} has no {key} (CR 702.51a, 702.66a, 702.126a)")
        objects = _named(state, names, key)
        if key == "delve":
            generic = _delve(state, player, objects, generic)
        else:
            generic, symbols = _tap(state, player, objects, generic, symbols,
                                    convoke=key == "convoke", spell=spell)
    return format_cost(generic, symbols)


def _delve(state: GameState, player: str, cards: list[GameObject], generic: int) -> int:
    """702.66a: each card exiled from the caster's graveyard pays for {1}."""
    for card in cards:
        if card.zone != "graveyard" or card.owner != player:
            raise _reject(f"delve exiles cards from {player}'s graveyard; "
                          f"{card.name_for_log} isn't there (CR 702.66a)")
    if len(cards) > generic:
        raise _reject(f"delve pays only generic mana: {len(cards)} cards for {{{generic}}} "
                      "(CR 702.66a)")
    for card in cards:
        state.log("exiled-as-cost", object=card.id, card=card.card.name, player=player)
        state.move(card, "exile")
    return generic - len(cards)


def _tap(state: GameState, player: str, objects: list[GameObject], generic: int,
         symbols: list[str], *, convoke: bool, spell: GameObject) -> tuple[int, list[str]]:
    """702.51a / 702.126a: tap each untapped creature (artifact) the caster controls; it pays
    for one mana of its color (convoke only) or for {1}."""
    chars = compute_all(state)
    kind = "Creature" if convoke else "Artifact"
    for obj in objects:
        c = chars.get(obj.id)
        if (obj.zone != "battlefield" or obj.controller != player or obj.tapped
                or c is None or not c.has_type(kind)):
            raise _reject(f"{obj.name_for_log} isn't an untapped {kind.lower()} {player} "
                          "controls (CR 702.51a, 702.126a)")
        paid = False
        if convoke:
            for color in sorted(c.colors, key=lambda col: col.value):
                letter = color.value
                if letter in symbols:
                    symbols.remove(letter)
                    paid = True
                    break
        if not paid:
            if generic <= 0:
                raise _reject(f"nothing is left that {obj.name_for_log} can pay for "
                              "(CR 702.51a, 702.126a)")
            generic -= 1
        obj.tapped = True
        state.log("tapped", object=obj.id, card=obj.card.name, cost=True)
        if convoke:
            state.log("convoked", object=obj.id, spell=spell.id, player=player)
    state.changed()
    return generic, symbols

