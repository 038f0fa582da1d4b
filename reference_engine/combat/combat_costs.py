"""Costs to attack and to block (CR 508.1h-j, 509.1d-f).

Card data: ``{kind = "static", rule = "attack_cost", mana = "{2}", defending = "you"}`` is
Ghostly Prison's "creatures can't attack you unless their controller pays {2} for each creature
they control that's attacking you": each declared attacker attacking the source's controller
(``defending = "you"``, a player, not a planeswalker) or, with ``affected`` (a filter,
"enchanted" or "equipped"), each declared attacker the ability affects, costs ``mana`` once per
such ability. ``rule = "block_cost"`` is the same for each declared blocker (``affected``, or
every blocker).

As the declaration is made the declaring player determines the total cost of every such
ability and creature (508.1h, 509.1d), then may activate mana abilities (508.1i, 509.1e: the
permanents named in the action's ``mana``, each tapped for its first mana ability) and pays the
whole total from their mana pool at once (508.1j, 509.1f). If the pool can't pay it all, the
declaration is illegal and undone (``cannot-pay``): partial payments aren't allowed. Costs
are determined once, from the abilities as the declaration is made.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.casting.activated import is_summoning_sick
from reference_engine.combat.declare import ATTACK_COST_HOOKS, BLOCK_COST_HOOKS
from reference_engine.core.errors import RulesViolation, SetupError
from reference_engine.core.ordering import in_cr_order
from reference_engine.core.symbols import parse_mana_cost
from reference_engine.layers.filters import FilterContext, matches
from reference_engine.layers.system import compute_all, static_abilities
from reference_engine.mana.abilities import has_tap_cost, mana_abilities, produce_mana
from reference_engine.mana.pool import pay

if TYPE_CHECKING:
    from reference_engine.core.characteristics import Characteristics
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["total_cost"]


def _applies(state: GameState, src: GameObject, ability: Mapping[str, Any], creature: int,
             defender: Any, chars: Mapping[int, Characteristics]) -> bool:
    """Whether ``ability`` of ``src`` asks a cost of ``creature`` (attacking or blocking)."""
    affected = ability.get("affected")
    if affected in ("enchanted", "equipped"):
        return src.attached_to == creature
    if isinstance(affected, Mapping):
        obj = state.objects[creature]
        return matches(state, obj, dict(affected), chars=chars[creature],
                       ctx=FilterContext(you=src.controller, source=src.id,
                                         chars_of=chars.__getitem__))
    if ability.get("defending") == "you":
        # "can't attack you": the player (a name), not a planeswalker they control (an id).
        return isinstance(defender, str) and defender == src.controller
    return affected is None


def total_cost(state: GameState, rule: str, declared: list[tuple[int, Any]]) -> str:
    """The total cost (508.1h, 509.1d) of ``declared`` under the ``rule`` ("attack_cost" or
    "block_cost") abilities now on the battlefield, as a mana cost ("" for none)."""
    chars = compute_all(state)
    parts: list[str] = []
    for src, ability in static_abilities(state, chars):
        if ability.get("rule") != rule:
            continue
        mana = ability.get("mana")
        if not isinstance(mana, str):
            raise SetupError(f"{src.name_for_log}: the {rule} rule needs mana = a mana cost")
        parse_mana_cost(mana)
        for creature, defender in declared:
            if _applies(state, src, ability, creature, defender, chars):
                parts.append(mana)
    return "".join(parts)


def _add_mana(state: GameState, player: str, sources: list[GameObject]) -> None:
    """508.1i, 509.1e: the player activates the first mana ability of each source."""
    chars = compute_all(state)
    for source in sources:
        abilities = mana_abilities(chars[source.id])
        if source.zone != "battlefield" or source.controller != player or not abilities:
            raise RulesViolation("illegal-action", f"{player} can't activate a mana ability "
                                 f"of {source.name_for_log}")
        ability = abilities[0]
        if has_tap_cost(ability):
            if source.tapped:
                raise RulesViolation("tapped", f"{source.name_for_log} is already tapped")
            if is_summoning_sick(state, source):
                raise RulesViolation("summoning-sick", f"{source.name_for_log} hasn't been "
                                     f"under {player}'s control since their turn began")
            source.tapped = True
        state.log("activate", object=source.id, card=source.card.name, player=player,
                  mana_ability=True)
        produce_mana(state, source, chars[source.id], ability, player)


def _pay(state: GameState, player: str, rule: str, declared: list[tuple[int, Any]],
         sources: list[GameObject]) -> None:
    cost = total_cost(state, rule, declared)  # locked in now (508.1h, 509.1d)
    _add_mana(state, player, sources)
    if cost and not pay(state, player, cost):
        what = "attack" if rule == "attack_cost" else "block"
        raise RulesViolation("cannot-pay", f"{player} can't pay {cost}, the total cost to "
                             f"{what} with these creatures (CR "
                             f"{'508.1j' if what == 'attack' else '509.1f'}: no partial "
                             "payment)")
    if cost:
        state.log("combat-cost-paid", player=player, cost=cost, rule=rule)


@in_cr_order(ATTACK_COST_HOOKS, cr="508.1h")
def _pay_attack_costs(state: GameState, player: str, declared: list[tuple[int, Any]],
                      sources: list[GameObject]) -> None:
    """Check 508.1h-j: determine, lock in and pay the total cost to attack."""
    _pay(state, player, "attack_cost", declared, sources)


@in_cr_order(BLOCK_COST_HOOKS, cr="509.1d")
def _pay_block_costs(state: GameState, player: str, declared: list[tuple[int, Any]],
                     sources: list[GameObject]) -> None:
    """Check 509.1d-f: determine, lock in and pay the total cost to block."""
    _pay(state, player, "block_cost", declared, sources)
