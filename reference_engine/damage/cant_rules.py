""""Can't" rules for damage and life, and replacement effects on gaining life (CR 614.17,
615.12, 119.7, 119.10).

Two rules, each a static ability of a permanent or an effect of a resolving spell for the rest
of the turn:

* ``damage_cant_be_prevented`` (615.12): prevention effects still apply to the damage but
  prevent none of it, and shields aren't used up. A static ability may narrow it with
  ``filter`` (on the damage source, ``you`` its controller) and ``combat_only``; a damage
  effect with ``cant_be_prevented = true`` makes only its own damage unpreventable (Combust).
* ``cant_gain_life`` (119.7) for ``players`` (``"each"``, ``"you"``, ``"opponents"``): such a
  player gains no life, and because the event can't happen no replacement effect modifies it
  (614.17c): "if an opponent would gain life, that player loses that much life instead" does
  nothing to a player who can't gain life.

Static abilities: ``{kind = "static", rule = "cant_gain_life", players = "each"}``,
``{kind = "static", rule = "damage_cant_be_prevented"}``. Resolving effects:
``{type = "rule_this_turn", rule = "cant_gain_life", players = "each_player"}`` (Skullcrack;
``players`` a player reference, default each player).

Life gain replacements (119.10): ``{kind = "replacement", event = "gain_life", players =
"opponents" | "you" | "each", instead = "lose_life" | "nothing"}`` or ``modify = "double"`` /
``{add = n}``; when several apply the player gaining life chooses the order (616.1, choice
``replacement_order``), each at most once (614.5).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.context import ResolveContext, effect
from reference_engine.core.errors import SetupError
from reference_engine.damage.counter_replacements import modified_count
from reference_engine.damage.events import UNPREVENTABLE, DamageEvent
from reference_engine.damage.ordering import Replacement, apply_in_order, replacements_for
from reference_engine.layers.filters import FilterContext, matches
from reference_engine.layers.system import compute_all, static_abilities
from reference_engine.triggers.life import CANT_GAIN_LIFE, LIFE_GAIN_REPLACEMENTS

if TYPE_CHECKING:
    from reference_engine.core.state import GameState

__all__ = ["CANT_GAIN", "UNPREVENTABLE_RULE"]

CANT_GAIN = "cant_gain_life"
UNPREVENTABLE_RULE = "damage_cant_be_prevented"
_RULES = (CANT_GAIN, UNPREVENTABLE_RULE)
_TURN_KEY = "rules_this_turn"


def _covers(state: GameState, who: Any, controller: str, player: str) -> bool:
    """Whether ``players`` (each, you, opponents) of an ability controlled by ``controller``
    includes ``player``."""
    if who in (None, "each", "each_player", "any"):
        return True
    if who == "you":
        return player == controller
    if who in ("opponents", "opponent", "each_opponent"):
        return player in state.opponents(controller)
    raise SetupError(f"players must be each, you or opponents, not {who!r}")


def _turn_rules(state: GameState, rule: str) -> list[Mapping[str, Any]]:
    return [r for r in state.extra.get(_TURN_KEY, [])
            if r["rule"] == rule and r["turn"] == state.turn]


def _cant_gain(state: GameState, player: str) -> bool:
    """Check 119.7: a static ability or a resolved effect says ``player`` can't gain life."""
    chars = compute_all(state)
    for src, ability in static_abilities(state, chars):
        if ability.get("rule") == CANT_GAIN and _covers(state, ability.get("players"),
                                                         src.controller, player):
            return True
    return any(player in r["players"] for r in _turn_rules(state, CANT_GAIN))


def _unpreventable(state: GameState, event: DamageEvent) -> bool:
    """Check 615.12: a rule says this damage can't be prevented."""
    if _turn_rules(state, UNPREVENTABLE_RULE):
        return True
    source = state.objects.get(event.source)
    chars = compute_all(state)
    for src, ability in static_abilities(state, chars):
        if ability.get("rule") != UNPREVENTABLE_RULE:
            continue
        if ability.get("combat_only") and not event.combat:
            continue
        flt = ability.get("filter")
        if flt:
            fctx = FilterContext(you=src.controller, source=src.id, chars_of=chars.__getitem__)
            if source is None or not matches(state, source, dict(flt), ctx=fctx):
                continue
        return True
    return False


@effect("rule_this_turn", params={
    "rule": "str!: cant_gain_life or damage_cant_be_prevented",
    "players": "player: the players a player rule covers (default each player)"},
    cr=("614.17", "615.12", "119.7"),
    example='Skullcrack: {type = "rule_this_turn", rule = "cant_gain_life"}')
def _rule_this_turn(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """A "can't" rule for the rest of the turn: players can't gain life (119.7), damage can't
    be prevented (615.12). It exists from now on and doesn't change what already happened
    (614.17a)."""
    rule = str(p.get("rule", ""))
    if rule not in _RULES:
        raise SetupError(f"rule_this_turn: unknown rule {rule!r} ({', '.join(_RULES)})")
    players = [str(r["player"]) for r in ctx.refs({"target": p.get("players", "each_player")})
               if "player" in r]
    ctx.state.extra.setdefault(_TURN_KEY, []).append(
        {"rule": rule, "turn": ctx.state.turn, "players": players})
    ctx.state.changed()


def _life_event(state: GameState, player: str, amount: int,
                source: int | None) -> tuple[str, int]:
    """Apply the life gain replacement effects (119.10, 614.1a) in the order ``player`` chooses
    (616.1); return the event that happens: ("gain" | "lose" | "none", amount)."""
    reps = replacements_for(state, "gain_life")
    if not reps:
        return "gain", amount

    def applicable(ev: tuple[str, int]) -> list[Replacement]:
        if ev[0] != "gain":
            return []
        return [r for r in reps
                if _covers(state, r.ability.get("players", "you"), r.source.controller, player)]

    def apply(ev: tuple[str, int], rep: Replacement) -> tuple[str, int]:
        instead = rep.ability.get("instead")
        if instead == "lose_life":
            return "lose", ev[1]
        if instead == "nothing":
            return "none", 0
        return "gain", modified_count(rep.ability.get("modify"), ev[1])

    return apply_in_order(state, ("gain", amount), player=player, applicable=applicable,
                          apply=apply, done=lambda ev: ev[1] <= 0)


CANT_GAIN_LIFE.append(_cant_gain)
UNPREVENTABLE.append(_unpreventable)
LIFE_GAIN_REPLACEMENTS.append(_life_event)
