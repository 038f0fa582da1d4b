"""Resolution effects of the casting area: conditional counters, bouncing, putting cards onto
the battlefield without casting them, counters from enters triggers, and copies of spells.

Vocabulary (``effects = [...]`` of a spell or ability, see
:mod:`reference_engine.resolution.stack`):

* ``counter_if {target, filter}``: counter the target spell if it matches ``filter``; a value
  ``"X"`` in the filter is the X of the countering spell (Spell Blast). With ``if_kicked``,
  "do A; if kicked, do B instead" is two entries of which exactly one runs (608.2c, 702.33e).
* ``counter_unless_pays {target, cost}``: Mana Leak (118.12a); the spell's controller answers
  the choice ``pay``.
* ``return_to_hand {target}``: return each target permanent to its owner's hand.
* ``put_onto_battlefield {target} | {from = "hand", filter, choice}``: the target card, or a
  card the controller chooses from a zone, is put onto the battlefield; it was not cast, so it
  is not kicked (702.33a, KICK-04).
* (``put_counters`` is a keyword action of :mod:`reference_engine.actions.counters`; its
  ``amount = "X"`` in an enters trigger is the X of the spell that became the permanent.)
* ``damage_by_mana_value {target, of}``: damage equal to the mana value of the object in slot
  ``of`` (its last known information); an illegal ``of`` target gives no information, so no
  damage (608.2b).
* ``copy_spell {target, nonlegendary}``: copy a spell (707.10), see :func:`copy_spell`.

The ``enters`` trigger event (``trigger = {event = "enters", self = true, if_kicked = true}``)
triggers when a permanent enters; ``if_kicked`` is an intervening "if it was kicked" (603.4).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from reference_engine.core.arrivals import arriving_together
from reference_engine.core.cards import CardDef
from reference_engine.core.choices import choose, offer_choices, withdraw_choices
from reference_engine.core.context import ResolveContext, effect, objects_of, resolve_hook
from reference_engine.core.objects import GameObject
from reference_engine.core.registry import action
from reference_engine.layers.filters import FilterContext, matches
from reference_engine.layers.system import characteristics_of
from reference_engine.resolution.countering import can_be_countered, counter_object
from reference_engine.resolution.division import DIVISION, ref_key
from reference_engine.resolution.stack import is_legal_target, spell_ability
from reference_engine.triggers.abilities import log_became_targets, trigger_matcher

if TYPE_CHECKING:
    from reference_engine.core.handlers import GameView
    from reference_engine.core.state import Event, GameState

__all__ = ["copy_spell", "x_for"]


def x_for(ctx: ResolveContext) -> int:
    """X while ``ctx`` resolves (107.3): the spell's announced X; for an enters-triggered
    ability, the X of the spell that became its source (107.3m)."""
    return ctx.x


def _amount(ctx: ResolveContext, value: Any) -> int:
    return x_for(ctx) if value == "X" else ctx.amount(value)


#: Filter keys that hold a number, which an effect's filter may give as an amount counted as
#: the effect happens ("if it has the same mana value as the revealed card", 608.2c).
_NUMERIC_KEYS = ("mana_value", "mana_value_max", "mana_value_min", "power_max", "power_min")


def _with_x(ctx: ResolveContext, flt: Mapping[str, Any]) -> dict[str, Any]:
    """``flt`` with "X" as this spell's X and amount tables of numeric keys counted now."""
    return {k: (x_for(ctx) if v == "X" else
                ctx.amount(v) if k in _NUMERIC_KEYS and isinstance(v, Mapping) else v)
            for k, v in flt.items()}


@effect("counter_if")
def _counter_if(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Counter each target spell that matches ``filter`` (701.6), "X" being this spell's X and
    a numeric key's amount table counted now (``mana_value = {mana_value_of = "revealed"}``:
    "if it has the same mana value as the revealed card", 608.2c); a spell that can't be
    countered stays (101.2)."""
    flt = _with_x(ctx, dict(p.get("filter", {})))
    for obj in objects_of(ctx, ctx.refs(p)):
        if obj.zone != "stack":
            continue
        if flt and not matches(ctx.state, obj, flt, ctx=FilterContext(you=ctx.controller)):
            continue
        counter_object(ctx.state, obj)


@effect("counter_unless_pays", params={
    "target": "ref: the spells or abilities (a target slot, or \"event_object\" for ward)",
    "cost": "str: the mana cost to pay, e.g. \"{3}\"; \"{X}\" with ``x``",
    "x": "amount: what X is, worked out as this resolves (702.21b)",
    "life": "amount: life to pay instead (\"unless that player pays 3 life\", 119.4)"},
    cr=("118.12a", "701.6a", "702.21a", "702.21b", "119.4"),
    example='Mana Leak: {type = "counter_unless_pays", target = "t", cost = "{3}"}')
def _counter_unless_pays(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Counter each target spell or ability unless its controller pays the cost (118.12a):
    that player's choice ``pay`` (true/false); the mana comes from their pool, and a cost they
    can't pay isn't paid. Life can be paid only by a player with at least that much (119.4).
    X is worked out now, as this resolves (702.21b)."""
    cost = str(p.get("cost", "{0}"))
    if "x" in p:
        cost = cost.replace("{X}", f"{{{max(ctx.amount(p['x']), 0)}}}")
    life = max(ctx.amount(p["life"]), 0) if "life" in p else None
    for obj in objects_of(ctx, ctx.refs(p)):
        if obj.zone != "stack" or not can_be_countered(ctx.state, obj):
            continue  # 101.2: paying would change nothing, so it isn't asked
        if choose(ctx.state, "pay", [True, False]) and _pay(ctx, obj.controller, cost, life):
            ctx.state.log("paid", object=obj.id, player=obj.controller,
                          cost=cost if life is None else f"{life} life")
            continue
        counter_object(ctx.state, obj)


def _pay(ctx: ResolveContext, player: str, cost: str, life: int | None) -> bool:
    """Pay ``life`` (119.4: only with at least that much life; paying it is losing it) or the
    mana ``cost`` (106.6: restricted mana can't pay it)."""
    from reference_engine.casting.cast import pay_mana
    from reference_engine.mana.abilities import spend_check

    if life is not None:
        if ctx.state.players[player].life < life:
            return False
        ctx.state.players[player].life -= life
        if life:
            ctx.state.log("life-paid", player=player, amount=life)
        return True
    return pay_mana(ctx.state, player, cost, can_spend=spend_check(ctx.state))


@effect("return_to_hand")
def _return_to_hand(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Return each permanent referred to to its owner's hand (a new object there, 400.7); a
    card referred to in another zone (``from``: "return it from your graveyard") too."""
    moved = []
    for obj in objects_of(ctx, ctx.refs(p)):
        if obj.zone == str(p.get("from", "battlefield")):
            ctx.state.log("returned", object=obj.id, card=obj.card.name, owner=obj.owner)
            moved.append(ctx.state.move(obj, "hand"))
    ctx.note_moved(moved, p)


@effect("put_onto_battlefield", params={
    "target": "ref: the card(s) to put onto the battlefield (a target slot or \"self\")",
    "from": "str: otherwise, the zone of the controller's to choose a card from (default "
            "\"hand\")",
    "filter": "filter: what may be chosen from that zone",
    "choice": "str: the name of that choice (default \"put\"), a handle or \"none\"",
    "transformed": "bool: it enters transformed, back face up (CR 712.14; only a "
                   "transforming double-faced card can, 712.14a)",
    "tapped": "bool: it enters tapped",
    "remember": "str: remember the permanent under this name (\"moved\" always)",
    "attached_to": "ref: what it enters attached to (a target slot or \"self\"): an Aura "
                   "that can't enchant it stays where it was (303.4i), an Equipment or "
                   "Fortification that can't be attached to it, or any other permanent, "
                   "enters unattached (301.5e, 303.4h)"},
    cr=("110.2", "702.33a", "712.14", "712.14a", "303.4h", "303.4i", "301.5e"),
    example='Startled Awake: {type = "put_onto_battlefield", target = "self", '
            'transformed = true}')
def _put_onto_battlefield(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Put each target card onto the battlefield, or else one card matching ``filter`` the
    controller chooses from ``from`` (default the hand; choice ``put``, a handle or "none");
    it isn't cast, so it isn't kicked (702.33a); ``transformed`` puts it onto the battlefield
    with its back face up (712.14), which a card that isn't double-faced can't do (712.14a).
    Cards put at once arrive together (:mod:`reference_engine.core.arrivals`).
    ``attached_to``: it enters attached to that object where it legally can (303.4i, 303.4h,
    301.5e, see :func:`_put_attached`)."""
    from reference_engine.objects.entering import enter_battlefield

    state = ctx.state
    transformed = bool(p.get("transformed", False))
    tapped = bool(p.get("tapped", False))

    def enter(obj: GameObject) -> GameObject | None:
        if "attached_to" not in p:
            return enter_battlefield(state, obj, controller=ctx.controller, tapped=tapped,
                                     transformed=transformed)
        return _put_attached(ctx, obj, p["attached_to"], tapped=tapped,
                             transformed=transformed)

    if p.get("target") is not None:
        with arriving_together(state):
            ctx.note_moved([enter(obj) for obj in objects_of(ctx, ctx.refs(p))
                            if obj.zone not in ("battlefield", "stack")], p)
        return
    zone = str(p.get("from", "hand"))
    flt = dict(p.get("filter", {}))
    fctx = FilterContext(you=ctx.controller, source=ctx.source_id)
    options = [o for o in state.objects_in(zone, ctx.controller)
               if not flt or matches(state, o, flt, ctx=fctx)]
    names = [o.handle or f"#{o.id}" for o in options] + ["none"]
    picked = choose(state, str(p.get("choice", "put")), names)
    if picked == "none":
        ctx.note_moved([], p)
        return
    ctx.note_moved([enter(options[names.index(picked)])], p)


def _put_attached(ctx: ResolveContext, obj: GameObject, where: Any, *, tapped: bool,
                  transformed: bool) -> GameObject | None:
    """Put ``obj`` onto the battlefield attached to the object ``where`` refers to: an Aura
    that can't legally enchant it (or with nothing there) stays in its zone, or goes to its
    owner's graveyard from the stack (303.4i); an Equipment or Fortification that can't be
    attached to it enters unattached (301.5e, 301.6); a permanent that is none of those enters
    unattached (303.4h)."""
    from reference_engine.objects.auras import can_enchant
    from reference_engine.objects.entering import enter_battlefield

    state = ctx.state
    refs = ctx.refs({"target": where})
    hosts = [h for h in objects_of(ctx, refs) if h.zone == "battlefield"]
    host = hosts[0] if hosts else None
    chars = characteristics_of(state, obj.id)
    attach_to: int | None = None
    if chars.has_subtype("Aura"):
        if host is None or not can_enchant(state, obj, host, controller=ctx.controller):
            state.log("enter-failed", object=obj.id, card=obj.card.name, reason="303.4i")
            if obj.zone == "stack":
                state.move(obj, "graveyard")
            return None
        attach_to = host.id
    elif host is not None and not chars.has_type("Creature"):
        needs = {"Equipment": "Creature", "Fortification": "Land"}
        wanted = [t for sub, t in needs.items() if chars.has_subtype(sub)]
        if wanted and characteristics_of(state, host.id).has_type(wanted[0]):
            attach_to = host.id
    return enter_battlefield(state, obj, controller=ctx.controller, tapped=tapped,
                             transformed=transformed, attach_to=attach_to)


@action("put_onto_battlefield", params={
    "object": "str!: the handle of the card to put onto the battlefield",
    "player": "str: who controls it (default its owner)",
    "transformed": "bool: it enters with its back face up (CR 712.14, 712.14a)"},
    cr=("110.2", "614.12", "712.14", "712.14a"),
    example='{type = "put_onto_battlefield", object = "delver", transformed = true}')
def _put_onto_battlefield_action(game: GameView, a: Mapping[str, Any]) -> None:
    """An effect from outside the case puts a card onto the battlefield from any zone (as a
    resolving "put onto the battlefield" effect would: replacement effects apply, 614.12, and
    triggers see it enter); ``transformed``: back face up, which only a transforming
    double-faced card can do; another card then stays where it is (712.14a). Rejected with
    ``illegal-action`` if the object is a permanent or a spell already."""
    from reference_engine.core.errors import RulesViolation
    from reference_engine.objects.entering import enter_battlefield

    state = game.state
    obj = game.object(a.get("object"))
    if obj.zone in ("battlefield", "stack"):
        raise RulesViolation("illegal-action", f"{obj.name_for_log} is on the {obj.zone}; only "
                             "a card in another zone can be put onto the battlefield")
    player = game.player(a["player"]) if a.get("player") is not None else obj.owner
    offer_choices(state, a.get("choices"))
    try:
        enter_battlefield(state, obj, controller=player,
                          transformed=bool(a.get("transformed", False)))
    finally:
        withdraw_choices(state)
    from reference_engine.turn.priority import give_priority

    # 117.5: state-based actions and triggered abilities before a player next gets priority.
    give_priority(state, state.priority_player or state.active_player)


@resolve_hook(cr="608.2h")
def _remember_targets(ctx: ResolveContext, ability: Mapping[str, Any] | None) -> None:
    """Keep each target's mana value as it resolves starts (last known information, 608.2h)."""
    info = {}
    for slot, refs in ctx.targets.items():
        values = [characteristics_of(ctx.state, int(r["object"])).mana_value()
                  for r in refs if "object" in r and int(r["object"]) in ctx.state.objects]
        info[slot] = values
    ctx.obj.extra["target_mana_values"] = info




@effect("damage_by_mana_value")
def _damage_by_mana_value(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Deal damage equal to the mana value of the target in slot ``of`` to each ``target``;
    if that target is illegal it supplies no information and no damage is dealt (608.2b)."""
    of = str(p.get("of"))
    if of in ctx.illegal:
        return
    values = ctx.obj.extra.get("target_mana_values", {}).get(of, [])
    if not values:
        return
    from reference_engine.core.context import EFFECTS

    EFFECTS["damage"](ctx, {"type": "damage", "target": p.get("target"),
                            "amount": int(values[0])})


def _nonlegendary(card: CardDef) -> CardDef:
    faces = tuple(replace(f, supertypes=tuple(s for s in f.supertypes if s != "Legendary"))
                  for f in card.faces)
    return replace(card, faces=faces)


def copy_spell(state: GameState, original: GameObject, controller: str, *,
               nonlegendary: bool = False) -> GameObject:
    """Put a copy of the spell ``original`` onto the stack (CR 707.10): it copies the choices
    made when it was cast (half 709.3b, kicked 707.10/702.33d, X, modes, targets, overload)
    and is not cast; its controller may choose new targets (choice ``new_targets``, 707.10c)."""
    card = _nonlegendary(original.card) if nonlegendary else original.card
    new = state.create_object(card, owner=controller, zone="stack", controller=controller,
                              is_copy=True, cast_half=original.cast_half,
                              kicked=original.kicked, x=original.x,
                              transformed=original.transformed)
    new.targets = [dict(t) for t in original.targets]
    for key in ("overloaded", "alternative", "modes", "fused", "division"):
        if key in original.extra:
            new.extra[key] = original.extra[key]
    wanted = choose(state, "new_targets", default=None, has_default=True)
    if wanted is not None:
        _retarget(state, new, list(wanted) if isinstance(wanted, list) else [wanted])
    state.log("copied", object=new.id, of=original.id, card=card.name, controller=controller)
    log_became_targets(state, new)  # 707.10: the copy's targets become its targets
    state.changed()
    return new


def _retarget(state: GameState, new: GameObject, wanted: list[Any]) -> None:
    """Change the copy's targets where the new ones are legal (707.10c)."""
    ability = spell_ability(state, new)
    for i, value in enumerate(wanted[:len(new.targets)]):
        old = new.targets[i]
        ref: dict[str, Any] = ({"player": value} if value in state.players
                               else {"object": state.by_handle(str(value)).id})
        ref["slot"] = old.get("slot")
        slots: list[Mapping[str, Any]] = list((ability or {}).get("targets", []))
        slot: Mapping[str, Any] = next(
            (s for j, s in enumerate(slots) if str(s.get("name", f"t{j}")) == ref["slot"]), {})
        if ref.get("object") != new.id and is_legal_target(state, new, slot, ref):
            new.targets[i] = ref
            # 707.10c: the division can't change; the new target takes the old one's share.
            shares = new.extra.get(DIVISION, {}).get(str(ref["slot"]))
            if shares is not None and ref_key(old) in shares:
                new.extra[DIVISION] = {**new.extra[DIVISION], str(ref["slot"]): {
                    (ref_key(ref) if k == ref_key(old) else k): v for k, v in shares.items()}}


@effect("copy_spell")
def _copy_spell(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Copy each target spell (CR 707.10); a copy of a permanent spell becomes a token as it
    resolves (608.3f)."""
    for obj in objects_of(ctx, ctx.refs(p)):
        if obj.zone == "stack" and obj.ability is None:
            copy_spell(ctx.state, obj, ctx.controller,
                       nonlegendary=bool(p.get("nonlegendary", False)))


@trigger_matcher("enters")
def _enters(state: GameState, obj: GameObject, spec: Mapping[str, Any], event: Event) -> bool:
    """"When [this] enters" (``self = true``) or "whenever a [filter] enters"; ``if_kicked``
    is an intervening if-clause checked as it triggers (CR 603.4)."""
    if event.kind != "enters":
        return False
    entered = state.objects.get(int(event.details["object"]))
    if entered is None:
        return False
    if spec.get("self") and entered.id != obj.id:
        return False
    flt = spec.get("filter")
    if flt and not matches(state, entered, flt, ctx=FilterContext(you=obj.controller,
                                                                  source=obj.id)):
        return False
    return "if_kicked" not in spec or (entered.kicked > 0) == bool(spec["if_kicked"])
