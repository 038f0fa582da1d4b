"""Resolution effects, triggers and queries of the combat and damage area.

Effects (``{type = ...}`` in a spell's or ability's ``effects``):

* ``remove_from_combat {target}``: remove creatures from combat (CR 506.4, Reconnaissance).
* ``double_pt {target, power = true, toughness = true, duration}``: double power and/or
  toughness (CR 701.10a-c): the object gets +X/+Y where X and Y are its power and toughness as
  the effect begins (locked in, 611.2c); a negative value doubles to a more negative one
  (-2 becomes -4, 701.10c).
* ``rules_effect {rule, affected, duration}``: a rule-modifying effect such as Chaos's
  "creatures can't block this turn" (CR 611.2c: it also applies to creatures that arrive
  later; blocks already declared stay, 506.4a).
* ``if_you_control {filter, at_least, effects}``: "then if you control N or more ..." (608.2c).
* ``may_pay {cost, effects}``: "you may pay {cost}. If you do, ..." (CR 117.12, 118.12): choice
  ``pay`` (true/false), paid from the controller's mana pool, then ``effects`` run.
* ``discard_chosen_color {player = "damaged"}``, ``gain_life_per_chosen_color {filter}``,
  ``return_chosen_color {filter}``, ``damage_per_chosen_color {player = "damaged"}``,
  ``create_token_per_chosen_color {filter, token}``: the Dragon
  Legends' effects on a color chosen on resolution (``choose`` with ``name = "color"`` first,
  CR 608.2d). ``"damaged"`` is the player the triggering damage was dealt to.

Trigger events: ``deals_combat_damage_to_player`` (CR 510.2, 603.2: at least 1 damage must be
dealt; prevented damage is not dealt, 615.1a, 120.8), ``deals_damage_to_player``,
``creature_you_control_attacks_alone`` (506.5) and ``cast_noncreature_spell`` (a ``cast`` event
of a noncreature spell controlled by the ability's controller, CR 603.2). The keyword exalted
(702.83) is a triggered ability of every object with it, wherever the keyword came from.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.combat.declare import combat
from reference_engine.core.context import ResolveContext, effect, objects_of
from reference_engine.core.errors import SetupError
from reference_engine.core.registry import query
from reference_engine.damage.events import DamageEvent, deal_damage
from reference_engine.layers.effects import ContinuousEffect, add_rule_effect
from reference_engine.layers.filters import FilterContext, matches
from reference_engine.layers.system import compute_all
from reference_engine.mana.pool import pay
from reference_engine.resolution.stack import run_effect
from reference_engine.triggers.abilities import KEYWORD_TRIGGERS, trigger_matcher

if TYPE_CHECKING:
    from reference_engine.core.handlers import GameView
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import Event, GameState

__all__: list[str] = []


@effect("remove_from_combat", params={"target": "ref: the creatures to remove from combat"},
        cr=("506.4", "509.1h", "510.1c", "510.1d"),
        example='Reconnaissance: {type = "remove_from_combat", target = "t"}')
def _remove_from_combat(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Remove each target creature from combat (CR 506.4): it stops being an attacking or
    blocking creature. An attacker it was blocking stays blocked (509.1h) and assigns it no
    damage (510.1c); a creature that was blocking it assigns no combat damage (510.1d)."""
    record = combat(ctx.state)
    for obj in objects_of(ctx, ctx.refs(p)):
        was_attacking = record["attackers"].pop(obj.id, None) is not None
        was_blocking = record["blocks"].pop(obj.id, None) is not None
        if was_attacking or was_blocking:
            ctx.state.log("removed-from-combat", object=obj.id)
            ctx.state.changed()


@effect("double_pt")
def _double_pt(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Double power and/or toughness (CR 701.10): +X/+Y with X, Y its values now."""
    state = ctx.state
    chars = compute_all(state)
    for obj in objects_of(ctx, ctx.refs(p)):
        if obj.zone != "battlefield":
            continue
        c = chars[obj.id]
        power = c.power if isinstance(c.power, int) and p.get("power", True) else 0
        tough = c.toughness if isinstance(c.toughness, int) and p.get("toughness", True) else 0
        state.effects.append(ContinuousEffect(
            op={"type": "modify_pt", "power": power, "toughness": tough},
            timestamp=state.new_timestamp(), affected=[obj.id], source=ctx.source_id,
            controller=ctx.controller, duration=str(p.get("duration", "end-of-turn"))))
        state.log("doubled", object=obj.id, power=power, toughness=tough)
    state.changed()


#: Rules a ``rules_effect`` may create: restrictions (509.1b, 508.1c) and requirements (508.1d,
#: 509.1c, e.g. "target creature blocks this turn if able": ``must_block``).
_RULES = ("cant_block", "cant_attack", "cant_be_blocked", "must_attack", "must_block",
          "must_be_blocked", "all_must_block", "can_block_only_flying")


@effect("rules_effect")
def _rules_effect(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """A rule-modifying effect such as "creatures can't block this turn" (CR 611.2c)."""
    rule = str(p.get("rule", ""))
    if rule not in _RULES:
        raise SetupError(f"rules_effect: unknown rule {rule!r} ({', '.join(_RULES)})")
    affected: Any = dict(p.get("affected", {"type": "Creature"}))
    if p.get("target") is not None:
        affected = [o.id for o in objects_of(ctx, ctx.refs(p))]
    add_rule_effect(ctx.state, rule, affected, controller=ctx.controller,
                    source=ctx.source_id, duration=str(p.get("duration", "end-of-turn")))


@effect("may_pay")
def _may_pay(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """"You may pay {cost}. If you do, ..." (CR 118.12): choice ``pay``; mana from the pool."""
    from reference_engine.core.choices import choose
    from reference_engine.mana.abilities import spend_check

    if not choose(ctx.state, "pay", [True, False]):
        ctx.state.log("declined", object=ctx.obj.id)
        return
    # 106.6: mana that may be spent only on certain spells or abilities can't pay this cost.
    if not pay(ctx.state, ctx.controller, str(p.get("cost", "")),
               can_spend=spend_check(ctx.state)):
        ctx.state.log("could-not-pay", object=ctx.obj.id, cost=p.get("cost"))
        return
    for eff in p.get("effects", []):
        run_effect(ctx, eff)


@effect("if_you_control")
def _if_you_control(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """"Then if you control N or more [filter], ..." (CR 608.2c): checked as this part of the
    effect is reached; ``at_least`` defaults to 1."""
    fctx = FilterContext(you=ctx.controller, source=ctx.source_id)
    n = sum(1 for o in ctx.state.battlefield()
            if o.controller == ctx.controller
            and matches(ctx.state, o, dict(p.get("filter", {})), ctx=fctx))
    if n >= int(p.get("at_least", 1)):
        for eff in p.get("effects", []):
            run_effect(ctx, eff)


def _damaged_player(ctx: ResolveContext) -> str:
    event = ctx.obj.extra.get("trigger_event")
    player = event.details.get("player") if event is not None else None
    if not isinstance(player, str):
        raise SetupError("this effect needs the player a triggering damage event was dealt to")
    return player


def _chosen_color(ctx: ResolveContext, p: Mapping[str, Any]) -> str:
    name = str(p.get("choice", "color"))
    if name not in ctx.obj.choices:
        raise SetupError(f"no color chosen yet as {name!r}; add a 'choose' effect before")
    return str(ctx.obj.choices[name])


def _with_color(ctx: ResolveContext, p: Mapping[str, Any]) -> dict[str, Any]:
    return {**dict(p.get("filter", {})), "color": _chosen_color(ctx, p)}


def _players(ctx: ResolveContext, p: Mapping[str, Any]) -> list[str]:
    who = p.get("player", "damaged")
    if who == "damaged":
        return [_damaged_player(ctx)]
    return [str(r["player"]) for r in ctx.refs({"target": who}) if "player" in r]


@effect("discard_chosen_color")
def _discard_color(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """That player reveals their hand and discards all cards of the chosen color (Crosis)."""
    flt = _with_color(ctx, p)
    for player in _players(ctx, p):
        for obj in list(ctx.state.objects_in("hand", player)):
            if matches(ctx.state, obj, flt, ctx=FilterContext(you=ctx.controller)):
                ctx.state.log("discard", object=obj.id, player=player, card=obj.card.name)
                ctx.state.move(obj, "graveyard")


@effect("damage_per_chosen_color")
def _damage_per_color(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Deal damage to that player equal to the number of cards of the chosen color in their
    revealed hand (Darigaaz)."""
    flt = _with_color(ctx, p)
    for player in _players(ctx, p):
        n = sum(1 for o in ctx.state.objects_in("hand", player)
                if matches(ctx.state, o, flt, ctx=FilterContext(you=ctx.controller)))
        if n > 0:
            deal_damage(ctx.state, [DamageEvent(ctx.source_id, n, target_player=player)])


@effect("gain_life_per_chosen_color")
def _gain_per_color(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """You gain 1 life for each permanent of the chosen color (Treva)."""
    flt = _with_color(ctx, p)
    n = sum(1 for o in ctx.state.battlefield()
            if matches(ctx.state, o, flt, ctx=FilterContext(you=ctx.controller)))
    from reference_engine.triggers.life import gain_life

    gain_life(ctx.state, ctx.controller, n, source=ctx.source_id)


@effect("create_token_per_chosen_color")
def _tokens_per_color(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Create a ``token`` for each permanent matching ``filter`` of the chosen color (Rith),
    counted once before any token is created (CR 608.2h)."""
    from reference_engine.core.arrivals import arriving_together
    from reference_engine.objects.tokens import create_token

    flt = _with_color(ctx, p)
    n = sum(1 for o in ctx.state.battlefield()
            if matches(ctx.state, o, flt, ctx=FilterContext(you=ctx.controller)))
    with arriving_together(ctx.state):
        for _ in range(n):
            create_token(ctx.state, dict(p["token"]), ctx.controller)


@effect("return_chosen_color")
def _return_color(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Return all permanents matching ``filter`` of the chosen color to their owners' hands
    (Dromar)."""
    flt = _with_color(ctx, p)
    for obj in [o for o in ctx.state.battlefield()
                if matches(ctx.state, o, flt, ctx=FilterContext(you=ctx.controller))]:
        ctx.state.move(obj, "hand")


@effect("modify_event_object")
def _modify_event_object(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """"That creature gets +N/+M until end of turn": the object of the triggering event
    (e.g. the creature that attacked alone, for exalted, 702.83a), locked in (611.2c)."""
    event = ctx.obj.extra.get("trigger_event")
    oid = event.details.get("object") if event is not None else None
    obj = ctx.state.objects.get(int(oid)) if isinstance(oid, int) else None
    if obj is None or obj.zone != "battlefield":
        return  # it left the battlefield: a new object, not "that creature" (400.7)
    ctx.state.effects.append(ContinuousEffect(
        op={"type": "modify_pt", "power": int(p.get("power", 0)),
            "toughness": int(p.get("toughness", 0))},
        timestamp=ctx.state.new_timestamp(), affected=[obj.id], source=ctx.source_id,
        controller=ctx.controller, duration=str(p.get("duration", "end-of-turn"))))
    ctx.state.changed()


#: 702.83a: "Whenever a creature you control attacks alone, that creature gets +1/+1 until end
#: of turn" -- each instance of exalted triggers separately.
KEYWORD_TRIGGERS["exalted"] = {
    "kind": "triggered", "trigger": {"event": "creature_you_control_attacks_alone"},
    "effects": [{"type": "modify_event_object", "power": 1, "toughness": 1}]}


# -- triggers --------------------------------------------------------------------------------------

@trigger_matcher("deals_combat_damage_to_player")
def _combat_damage_to_player(state: GameState, obj: GameObject, spec: Mapping[str, Any],
                             event: Event) -> bool:
    """Whenever this deals combat damage to a player: a dealt damage event (amount >= 1) with
    this as its source (CR 510.2, 603.2h)."""
    d = event.details
    return (event.kind == "damage" and d.get("source") == obj.id and bool(d.get("combat"))
            and d.get("player") is not None and int(d.get("amount", 0)) >= 1)


@trigger_matcher("deals_damage_to_player")
def _damage_to_player(state: GameState, obj: GameObject, spec: Mapping[str, Any],
                      event: Event) -> bool:
    """Whenever this deals damage (combat or not) to a player (CR 603.2, 120.1); with
    ``player = "opponent"``, to an opponent of its controller (Hypnotic Specter)."""
    from reference_engine.triggers.life import player_matches

    d = event.details
    return (event.kind == "damage" and d.get("source") == obj.id
            and d.get("player") is not None and int(d.get("amount", 0)) >= 1
            and player_matches(state, spec.get("player", "any"), d.get("player"),
                               obj.controller))


@trigger_matcher("creature_you_control_attacks_alone")
def _ally_attacks_alone(state: GameState, obj: GameObject, spec: Mapping[str, Any],
                        event: Event) -> bool:
    """Whenever a creature you control attacks alone (CR 506.5, 702.83a)."""
    if event.kind != "attacks" or not event.details.get("alone"):
        return False
    attacker = state.objects.get(int(event.details.get("object", -1)))
    return attacker is not None and attacker.controller == obj.controller


@trigger_matcher("cast_noncreature_spell")
def _cast_noncreature(state: GameState, obj: GameObject, spec: Mapping[str, Any],
                      event: Event) -> bool:
    """Whenever you cast a noncreature spell (CR 601.2i, 603.2)."""
    if event.kind != "cast" or event.details.get("player") != obj.controller:
        return False
    spell = state.objects.get(int(event.details.get("object", -1)))
    if spell is None:
        return False
    return not compute_all(state)[spell.id].has_type("Creature")


# -- queries ---------------------------------------------------------------------------------------

@query("damage_events")
def _q_damage_events(game: GameView, q: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Damage dealt so far this game, in order: ``{source, target, amount, combat}`` with case
    handles or player names (CR 120); ``combat = true`` keeps only combat damage."""
    out = []
    for e in game.state.events:
        if e.kind != "damage":
            continue
        d = e.details
        if q.get("combat") is not None and bool(d.get("combat")) != bool(q["combat"]):
            continue
        target = d.get("player") if d.get("player") is not None else d.get("object_label")
        out.append({"source": d.get("source_label"), "target": target,
                    "amount": d.get("amount"), "combat": bool(d.get("combat"))})
    return out
