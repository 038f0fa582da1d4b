"""Keywords of spells: split second (702.61), storm (702.40), affinity (702.41) and buyback
(702.27).

* Split second (702.61a-c): while a spell with split second is on the stack, players can't
  cast other spells (a cast restriction, ``cannot-cast``) or activate abilities that aren't
  mana abilities (:func:`reference_engine.casting.activated.check_activation`,
  ``illegal-action``); mana abilities, special actions and triggered abilities work as usual
  (702.61b). Two instances are one (702.61c): the test is whether a spell on the stack has it.

* Storm (702.40a-b): "When you cast this spell, copy it for each other spell that was cast before
  it this turn"; the copies may get new targets (choice ``new_targets``, 707.10c). Each instance
  triggers separately (a triggered keyword counted per instance).
* Affinity for [filter] (702.41a-b): ``{kind = "keyword", keyword = "affinity", filter =
  {type = "Artifact"}}`` means "This spell costs {1} less to cast for each [filter] you
  control"; each instance applies (one cost reduction per instance).
* Buyback [cost] (702.27a): an optional additional cost announced with the cast (``buyback =
  true``, see :mod:`reference_engine.casting.cast`); if it was paid, the spell is put into its
  owner's hand instead of the graveyard as it resolves, but not when it is countered or doesn't
  resolve (608.2b).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.casting.effects import copy_spell
from reference_engine.core.amounts import AmountContext, amount
from reference_engine.core.context import ResolveContext, effect
from reference_engine.core.ordering import in_cr_order
from reference_engine.core.registry import cast_restriction
from reference_engine.core.state import MOVE_REPLACEMENTS
from reference_engine.layers.keywords import keyword_expansion
from reference_engine.layers.system import compute_all
from reference_engine.resolution.stack import RESOLVED
from reference_engine.triggers.keyword_instances import triggered_keyword

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["spells_cast_before", "split_second_spell"]


def split_second_spell(state: GameState, *, besides: int | None = None) -> GameObject | None:
    """A spell with split second on the stack (other than ``besides``), or None (702.61a)."""
    chars = compute_all(state)
    for obj in state.objects_in("stack"):
        if obj.id == besides or obj.ability is not None:
            continue
        c = chars.get(obj.id)
        if c is not None and c.has_keyword("split second"):
            return obj
    return None


@cast_restriction(cr="702.61a")
def _no_casting_under_split_second(state: GameState, spell: GameObject) -> str | None:
    """702.61a: no other spell can be cast while a spell with split second is on the stack."""
    other = split_second_spell(state, besides=spell.id)
    if other is None:
        return None
    return (f"{other.name_for_log} has split second: no other spell can be cast while it is "
            "on the stack (CR 702.61a)")




def spells_cast_before(state: GameState, spell_id: int) -> int:
    """How many spells were cast this turn before the spell ``spell_id`` (702.40a): ``cast``
    events of this turn that come before its own."""
    count = 0
    seen_own = False
    for event in reversed(state.events):
        if event.kind == "step" and int(event.details.get("turn", state.turn)) < state.turn:
            break
        if event.kind != "cast":
            continue
        if event.details.get("object") == spell_id and not seen_own:
            seen_own = True
            continue
        if seen_own:
            count += 1
    return count


@amount("spells_cast_before_this", arg="bool", cr=("702.40a",),
        example='Storm: {spells_cast_before_this = true}')
def _cast_before(ctx: AmountContext, arg: Any) -> int:
    """The number of spells cast this turn before this spell (the source), 702.40a."""
    return spells_cast_before(ctx.state, ctx.source) if ctx.source is not None else 0


@effect("copy_self", params={"amount": "amount: how many copies (default 1)"},
        cr=("707.10", "702.40a"), example='Storm: {type = "copy_self", amount = '
        '{spells_cast_before_this = true}}')
def _copy_self(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Copy the spell that is this ability's source, ``amount`` times, if it is still on the
    stack (707.10; "copy it for each ...", 702.40a); each copy may get new targets (choice
    ``new_targets``, 707.10c)."""
    spell = ctx.state.objects.get(ctx.source_id)
    n = ctx.amount(p.get("amount", 1))
    if spell is None or spell.zone != "stack" or spell.ability is not None:
        return
    for _ in range(n):
        copy_spell(ctx.state, spell, ctx.controller)


triggered_keyword("storm", lambda n: [{
    "kind": "triggered", "keyword": "storm", "text": "Storm",
    "trigger": {"event": "spell_cast", "self": True, "zones": ["stack"]},
    "effects": [{"type": "copy_self", "amount": {"spells_cast_before_this": True}}]}])


@keyword_expansion(lambda name: name == "undaunted")
def _undaunted(ability: Mapping[str, Any]) -> list[dict[str, Any]]:
    """702.125a: "This spell costs {1} less to cast for each opponent you have"; each instance
    applies (702.125c)."""
    return [{"kind": "cost", "reduce": "{1}", "affected": "self", "per": {"opponents": True},
             "text": str(ability.get("text", "Undaunted"))}]


@amount("opponents", arg="bool", cr=("702.125a", "702.125b", "102.2"),
        example='Undaunted: {opponents = true}')
def _opponents(ctx: AmountContext, arg: Any) -> int:
    """The number of opponents "you" have: players who have left the game don't count
    (702.125b, 800.4a)."""
    you = ctx.player(None)
    return sum(1 for p in ctx.state.opponents(you) if p in ctx.state.in_game())


@keyword_expansion(lambda name: name == "affinity")
def _affinity(ability: Mapping[str, Any]) -> list[dict[str, Any]]:
    """702.41a: "This spell costs {1} less to cast for each [filter] you control"."""
    flt = {**dict(ability.get("filter", {})), "controller": "you"}
    return [{"kind": "cost", "reduce": "{1}", "affected": "self",
             "per": {"count": {"filter": flt}}, "text": str(ability.get("text", "Affinity"))}]


@in_cr_order(MOVE_REPLACEMENTS, cr="702.27a")
def _buyback(state: GameState, obj: GameObject, zone: str) -> str:
    """702.27a: a spell whose buyback cost was paid goes to its owner's hand instead of the
    graveyard as it resolves."""
    if obj.zone == "stack" and zone == "graveyard" and obj.extra.get("paid_buyback") \
            and obj.extra.get(RESOLVED):
        return "hand"
    return zone
