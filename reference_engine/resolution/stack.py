"""Resolving spells and abilities (CR 608): target rechecks and the effect vocabulary.

A spell's behaviour is card data: the face has ``{kind = "spell", targets = [...],
effects = [...]}``; an ability on the stack carries the same two lists. Targets are slots,
``{name = "t", kind = "creature" | "player" | "any" | "permanent" | "spell" | "card",
filter = {...}, player = "opponent" | "you"}``; effects name the slot they act on with
``target = "t"``. Triggered abilities choose their targets as they go on the stack
(:mod:`reference_engine.resolution.trigger_targets`); an Aura spell's target is its enchant slot
(:mod:`reference_engine.objects.auras`).

On resolution (CR 608.2b) each target is checked again; if every target is now illegal the
spell or ability does not resolve. Otherwise each effect runs in order, skipping the targets
that became illegal. Effects are registered with :func:`effect`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.amounts import AmountContext, amount, is_amount
from reference_engine.core.choices import choose
from reference_engine.core.context import (
    EFFECTS,
    LINKED_KEY,
    RESOLVE_HOOKS,
    TARGET_RESTRICTIONS,
    ResolveContext,
    effect,
    objects_of,
    reference,
)
from reference_engine.core.errors import SetupError
from reference_engine.core.objects import GameObject
from reference_engine.core.registry import EXTRA_TURNS_KEY
from reference_engine.damage.counter_kinds import destroy as destroy_permanent
from reference_engine.damage.counter_kinds import untap as untap_permanent
from reference_engine.damage.events import DamageEvent, deal_damage
from reference_engine.layers.effects import ContinuousEffect
from reference_engine.layers.filters import FilterContext, matches
from reference_engine.layers.system import characteristics_of
from reference_engine.resolution.drawing import draw_cards
from reference_engine.resolution.inset_spells import resolve_inset_spell
from reference_engine.sba.checks import NO_REGENERATION
from reference_engine.triggers.abilities import declines_optional

if TYPE_CHECKING:
    from reference_engine.core.state import GameState

__all__ = ["fused_ability", "is_legal_target", "resolve_top", "run_effect", "spell_ability"]

#: Where a resolving spell or ability keeps the life its effects made players lose.
LIFE_LOST = "life_lost"


@amount("life_lost_this_way", arg="bool", cr=("119.3", "608.2c"),
        example="Gray Merchant of Asphodel: you gain {life_lost_this_way = true} life")
def _life_lost_this_way(ctx: AmountContext, arg: Any) -> int:
    """The total life players lost to the earlier parts of this spell's or ability's effect
    ("you gain life equal to the life lost this way")."""
    resolving = ctx.extra.get("resolving")
    obj = getattr(resolving, "obj", None)
    return int(obj.extra.get(LIFE_LOST, 0)) if obj is not None else 0


_KIND_ZONE = {"creature": "battlefield", "permanent": "battlefield", "spell": "stack",
              "any": "battlefield"}


def is_legal_target(state: GameState, obj: GameObject, slot: Mapping[str, Any],
                    ref: Mapping[str, Any]) -> bool:
    """Whether ``ref`` is a legal target for ``slot`` of the spell or ability ``obj``
    (CR 115.1, 601.2c; rechecked on resolution, 608.2b)."""
    kind = str(slot.get("kind", "any"))
    if "player" in ref:
        if kind not in ("player", "any", "player_or_planeswalker") \
                or ref["player"] not in state.players:
            return False
        # "target opponent" (``player = "opponent"``), "target player" (any).
        whose = slot.get("player")
        if whose == "opponent" and ref["player"] not in state.opponents(obj.controller):
            return False
        if whose == "you" and ref["player"] != obj.controller:
            return False
    else:
        target = state.objects.get(int(ref.get("object", -1)))
        if target is None or kind == "player":
            return False
        zone = slot.get("zone", _KIND_ZONE.get(kind, "battlefield"))
        if target.zone != zone:
            return False
        chars = characteristics_of(state, target.id)
        if kind in ("creature", "any") and not chars.has_type("Creature") and not (
                kind == "any" and (chars.has_type("Planeswalker") or chars.has_type("Battle"))):
            return False
        if kind == "player_or_planeswalker" and not chars.has_type("Planeswalker"):
            return False  # "target player or planeswalker": a player or a planeswalker (115.1)
        flt = slot.get("filter")
        if flt:
            # "X" in a target's description is the value announced for X (601.2b before 601.2c).
            flt = {k: ((obj.x or 0) if v == "X" else v) for k, v in flt.items()}
        you = obj.controller
        # "another target creature": "another" means other than the ability's source (109.5).
        source = obj.source_id if obj.ability is not None and obj.source_id is not None \
            else obj.id
        if flt and not matches(state, target, flt, ctx=FilterContext(you=you, source=source)):
            return False
    return not any(r(state, obj, slot, ref) for r in TARGET_RESTRICTIONS)


def spell_ability(state: GameState, obj: GameObject) -> dict[str, Any] | None:
    """The ability that resolves for ``obj``: an ability on the stack, or the spell ability of
    the spell's (cast half's / face's) characteristics."""
    if obj.ability is not None:
        return obj.ability
    if obj.extra.get("fused"):
        return fused_ability(characteristics_of(state, obj.id).abilities)
    chars = characteristics_of(state, obj.id)
    for ability in chars.abilities:
        if ability.get("kind") == "spell":
            modes = obj.extra.get("modes")
            if "modes" in ability and modes is not None:
                # 700.2: a modal spell has the targets and effects of the modes chosen for it.
                return {**ability, **_join_parts([ability["modes"][i] for i in modes])}
            return ability
    from reference_engine.objects.auras import aura_spell_ability

    return aura_spell_ability(chars)  # 303.4a: an Aura spell targets what it will enchant


def fused_ability(abilities: Iterable[Mapping[str, Any]]) -> dict[str, Any] | None:
    """Check 702.102d: a fused split spell has the targets of both halves and follows the
    instructions of its left half, then those of its right half."""
    halves = [a for a in abilities if a.get("kind") == "spell"]
    if not halves:
        return None
    return {"kind": "spell", **_join_parts(halves)}


def _join_parts(parts: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """The targets and effects of several parts followed in order: fused halves (702.102d), or
    the modes chosen for a modal spell, one mode perhaps more than once (700.2d), each instance
    with its own targets. A target slot whose name an earlier part already uses is renamed
    ``"<name>2"`` (and so are its effects' references to it)."""
    targets: list[dict[str, Any]] = []
    effects: list[dict[str, Any]] = []
    for ability in parts:
        taken = {str(t.get("name", f"t{i}")) for i, t in enumerate(targets)}
        renames: dict[str, str] = {}
        for i, slot in enumerate(ability.get("targets", [])):
            name = str(slot.get("name", f"t{i}"))
            new = name
            while new in taken:
                new += "2"
            renames[name] = new
            taken.add(new)
            targets.append({**slot, "name": new})
        for eff in ability.get("effects", []):
            effects.append({k: (renames.get(str(v), v) if k in ("target", "to", "of") else v)
                            for k, v in eff.items()})
    return {"kind": "spell", "targets": targets, "effects": effects}


def _slots(ability: Mapping[str, Any] | None) -> list[Mapping[str, Any]]:
    return list(ability.get("targets", [])) if ability else []


def _is_permanent_spell(state: GameState, obj: GameObject) -> bool:
    chars = characteristics_of(state, obj.id)
    return obj.ability is None and not (chars.has_type("Instant") or chars.has_type("Sorcery"))


def resolve_top(state: GameState) -> None:
    """Resolve the top object of the stack (CR 608)."""
    stack = state.zone_list("stack")
    if not stack:
        raise SetupError("the stack is empty; nothing to resolve")
    obj = state.objects[stack[-1]]
    ability = spell_ability(state, obj)
    ctx = ResolveContext(state=state, obj=obj, controller=obj.controller)
    slots = {str(s.get("name", f"t{i}")): s for i, s in enumerate(_slots(ability))}
    chosen = [t for t in obj.targets]
    if chosen:
        for ref in chosen:
            slot_name = str(ref.get("slot"))
            slot = slots.get(slot_name, {})
            if is_legal_target(state, obj, slot, ref):
                ctx.targets.setdefault(slot_name, []).append(dict(ref))
        used = {str(r.get("slot")) for r in chosen}
        ctx.illegal = {s for s in used if s not in ctx.targets}
        if used and not ctx.targets:
            # 608.2b: every target illegal: it doesn't resolve.
            state.log("fizzle", object=obj.id, card=obj.card.name)
            _leave_stack(state, obj, countered=True)
            return
    if (obj.ability is not None and ability is not None and ability.get("kind") == "triggered"
            and "condition" in ability
            and not effect_condition_holds(ctx, ability["condition"])):
        # 603.4: an intervening "if" clause false as the ability resolves: it is removed from
        # the stack and does nothing.
        state.log("intervening-if-false", object=obj.id, card=obj.card.name)
        _leave_stack(state, obj, countered=False)
        return
    if obj.ability is not None and declines_optional(state, ability):
        # 603.5: a "you may" ability whose controller chooses, as it resolves, not to.
        state.log("declined", object=obj.id, card=obj.card.name)
        _leave_stack(state, obj, countered=False)
        return
    state.log("resolve", object=obj.id, card=obj.card.name, ability=obj.ability is not None)
    from reference_engine.layers.values import snapshot_targets

    snapshot_targets(ctx)
    for hook in RESOLVE_HOOKS:
        hook(ctx, ability)
    for eff in (ability or {}).get("effects", []):
        run_effect(ctx, eff)
    if obj.id not in state.objects or obj.zone != "stack":
        return  # an effect moved it (e.g. a spell that exiles itself)
    if _is_permanent_spell(state, obj):
        # 608.3: a permanent spell becomes a permanent under its controller's control,
        # through the enters-the-battlefield replacement effects (614.12, see entering.py).
        from reference_engine.objects.entering import enter_battlefield

        if obj.is_copy:
            # 608.3f, 707.10f: a copy of a permanent spell becomes a token as it resolves.
            obj.is_copy, obj.is_token = False, True
        from reference_engine.objects.auras import ENCHANT_SLOT

        # 608.3c, 303.4f: an Aura spell enters attached to the object it targets.
        host = ctx.targets.get(ENCHANT_SLOT, [])
        attach: int | str | None = None
        if host and "object" in host[0]:
            attach = int(host[0]["object"])
        elif host and "player" in host[0]:
            attach = str(host[0]["player"])  # 702.5d: "enchant player"
        enter_battlefield(state, obj, controller=obj.controller, transformed=obj.transformed,
                          kicked=obj.kicked, cast_x=obj.x, attach_to=attach)
    elif not resolve_inset_spell(state, obj):  # 715.3d, 720.3d
        _leave_stack(state, obj, countered=False)


def run_effect(ctx: ResolveContext, eff: Mapping[str, Any]) -> None:
    """Run one effect of the vocabulary, honoring ``if_kicked`` (CR 702.33e, 608.2c),
    ``condition`` and ``if_remembered`` (608.2c)."""
    if "if_kicked" in eff and bool(eff["if_kicked"]) != ctx.kicked:
        return
    if eff.get("target") is not None and str(eff["target"]) in ctx.illegal:
        return  # 608.2b: illegal targets aren't affected
    if "condition" in eff and not effect_condition_holds(ctx, eff["condition"]):
        return  # 608.2c: "if ..." checked as this part of the effect is reached
    if isinstance(eff.get("if_remembered"), str) and not ctx.named(eff["if_remembered"]):
        return  # 608.2c: "if you do": an earlier part did nothing to remember
    kind = str(eff.get("type"))
    fn = EFFECTS.get(kind)
    if fn is None:
        raise SetupError(f"unknown effect {kind!r} (known: {', '.join(sorted(EFFECTS))})")
    from reference_engine.core.arrivals import arriving_together
    from reference_engine.layers.values import snapshot_targets
    from reference_engine.triggers.last_known import simultaneously

    snapshot_targets(ctx)
    # What one instruction moves, it moves at the same time; the permanents it puts onto the
    # battlefield arrive together (Death or Glory's returned pile, Sixth Edition 420.5e ties).
    with simultaneously(ctx.state), arriving_together(ctx.state):
        fn(ctx, eff)
    from reference_engine.triggers.abilities import note_state_triggers

    note_state_triggers(ctx.state)  # 603.8: a state that held only during the resolution


def effect_condition_holds(ctx: ResolveContext, cond: Any) -> bool:
    """Whether an effect's ``condition`` holds now, as that part of the effect is reached
    (CR 608.2c), with "you" the controller and "this" the source."""
    from reference_engine.layers.conditions import ConditionContext, holds
    from reference_engine.layers.system import compute_all

    if not isinstance(cond, Mapping):
        raise SetupError(f"an effect's condition must be a table, not {cond!r}")
    chars = compute_all(ctx.state)
    return holds(ctx.state, cond, ConditionContext(source=ctx.source_id, you=ctx.controller,
                                                   chars_of=chars.__getitem__, x=ctx.x,
                                                   named=ctx.named))


#: ``GameObject.extra`` key of a spell leaving the stack as the last step of its resolution
#: (608.2n), read by replacements that apply "as it resolves" (buyback, 702.27a).
RESOLVED = "resolved"


def _leave_stack(state: GameState, obj: GameObject, *, countered: bool) -> None:
    """An instant or sorcery goes to its owner's graveyard (608.2n); an ability or a copy
    ceases to exist."""
    if obj.ability is not None or obj.is_copy:
        state.remove(obj)
        return
    if not countered:
        obj.extra[RESOLVED] = True  # 608.2n: it leaves the stack as it resolves
    state.move(obj, "graveyard")


# -- the core effect vocabulary ------------------------------------------------------------------

@effect("damage", params={
    "target": "ref: what is dealt damage (a slot, \"each_opponent\", {controller_of = slot}, ...)",
    "amount": "amount: how much (default 0)",
    "source": "ref: a target slot whose creature deals the damage instead of the spell "
              "(\"target creature deals damage equal to its power\", 120.3)",
    "divided": "any: true: each target gets its share of the division announced on casting "
               "(601.2d); \"evenly\": the amount divided evenly, rounded down, among the "
               "targets",
    "cant_be_prevented": "bool: this damage can't be prevented (615.12)"},
    cr=("120.1", "120.3", "601.2d", "615.12"),
    example='Shock: {type = "damage", target = "t", amount = 2}')
def _damage(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Deal damage to each target (CR 120); ``divided = true``: each target its share of the
    division announced as the spell was cast (601.2d,
    :mod:`reference_engine.resolution.division`)."""
    from reference_engine.resolution.division import share_of

    source = ctx.source_id
    if p.get("source") is not None:
        # 120.3 / 701.14: "target creature deals damage equal to its power": the creature is
        # the source; if it is an illegal target or gone, it deals no damage (608.2b).
        sources = [o.id for o in objects_of(ctx, ctx.refs({"target": p["source"]}))
                   if o.zone == "battlefield"]
        if not sources or str(p["source"]) in ctx.illegal:
            return
        source = sources[0]
    amount = max(ctx.amount(p.get("amount", 0)), 0)
    events = []
    refs = ctx.refs(p)
    if p.get("divided") == "evenly":
        # "divided evenly, rounded down, among any number of targets": each target still legal
        # as it resolves gets an equal share (608.2b: an illegal target gets none).
        amount = amount // len(refs) if refs else 0
    for ref in refs:
        if p.get("divided") is True:
            share = share_of(ctx.obj, str(p.get("target")), ref)
            amount = share if share is not None else amount
        preventable = not p.get("cant_be_prevented", False)  # 615.12
        if "player" in ref:
            events.append(DamageEvent(source, amount, target_player=ref["player"],
                                      preventable=preventable))
        else:
            events.append(DamageEvent(source, amount, target_object=int(ref["object"]),
                                      preventable=preventable))
    deal_damage(ctx.state, events)


@effect("destroy", params={
    "target": "ref: the permanents to destroy",
    "filter": "filter: only one matching this as the effect happens (608.2c)",
    "regenerate": "bool: false for \"It can't be regenerated\" (701.19c; default true)"},
    cr=("701.8", "702.12b", "701.19c"), example='Naturalize: {type = "destroy", target = "t"}')
def _destroy(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Destroy each target permanent (CR 701.8); with ``filter``, only one that matches it as
    the effect happens ("destroy target permanent if it's red", 608.2c); with ``regenerate =
    false`` no regeneration applies to this destruction (701.19c)."""
    flt = p.get("filter")
    for obj in objects_of(ctx, ctx.refs(p)):
        if flt and not matches(ctx.state, obj, flt, ctx=FilterContext(you=ctx.controller)):
            continue
        if p.get("regenerate", True) is False:
            before = obj.extra.get(NO_REGENERATION)
            obj.extra[NO_REGENERATION] = True
            destroy_permanent(ctx.state, obj)
            if obj.id in ctx.state.objects:
                obj.extra.pop(NO_REGENERATION, None)
                if before is not None:
                    obj.extra[NO_REGENERATION] = before
            continue
        destroy_permanent(ctx.state, obj)  # 702.12b indestructible, 122.1c shield counters


@effect("counter", params={
    "target": "ref: the spells to counter",
    "filter": "filter: only one matching this as the effect happens"},
    cr=("701.6", "101.2"), example='Counterspell: {type = "counter", target = "t"}')
def _counter(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Counter each target spell (CR 701.6): it goes to its owner's graveyard, unless it
    can't be countered (CR 101.2, see :mod:`reference_engine.resolution.countering`)."""
    from reference_engine.resolution.countering import counter_object

    for obj in objects_of(ctx, ctx.refs(p)):
        flt = p.get("filter")
        if flt and not matches(ctx.state, obj, flt, ctx=FilterContext(you=ctx.controller)):
            continue
        counter_object(ctx.state, obj)


@effect("gain_life", params={
    "target": "ref: who gains life (default the controller)",
    "amount": "amount: how much (default 0)"},
    cr=("119.3",), example='Congregate: {type = "gain_life", target = "p", amount = '
                          '{count = {filter = {type = "Creature"}}, times = 2}}')
def _gain_life(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Each player referred to gains life (CR 119.3)."""
    from reference_engine.triggers.life import gain_life

    for ref in ctx.refs(p) or [{"player": ctx.controller}]:
        if "player" in ref:
            gain_life(ctx.state, str(ref["player"]), ctx.amount(p.get("amount", 0)),
                      source=ctx.source_id)


@effect("lose_life", params={
    "target": "ref: who loses life", "amount": "amount: how much (default 0)"},
    cr=("119.3",), example='Gray Merchant of Asphodel: {type = "lose_life", target = '
                          '"each_opponent", amount = {devotion = "black"}}')
def _lose_life(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Each player referred to loses life (CR 119.3)."""
    for ref in ctx.refs(p):
        if "player" in ref:
            lost = max(ctx.amount(p.get("amount", 0)), 0)
            ctx.state.players[ref["player"]].life -= lost
            ctx.obj.extra[LIFE_LOST] = int(ctx.obj.extra.get(LIFE_LOST, 0)) + lost


@effect("set_life", params={
    "target": "ref: whose life total is set", "amount": "amount: the new life total"},
    cr=("119.5",), example='Blessed Wind: {type = "set_life", target = "p", amount = 20}')
def _set_life(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Each player referred to has their life total set to ``amount`` (CR 119.5): they gain
    or lose the difference, so "whenever you gain life" sees a gain and nothing sees a loss."""
    from reference_engine.triggers.life import gain_life

    for ref in ctx.refs(p):
        if "player" not in ref:
            continue
        player = str(ref["player"])
        difference = ctx.amount(p.get("amount", 0)) - ctx.state.players[player].life
        if difference > 0:
            gain_life(ctx.state, player, difference, source=ctx.source_id)
        elif difference < 0:
            ctx.state.players[player].life += difference
            ctx.state.changed()


@effect("extra_turn", params={"target": "ref: who takes the extra turn (default the "
                                          "controller)"},
        cr=("500.7",), example='Time Warp: {type = "extra_turn", target = "p"}')
def _extra_turn(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Each player referred to takes an extra turn after this one (CR 500.7): it is added
    directly after the current turn, so the most recently created extra turn is taken first."""
    for ref in ctx.refs(p) or [{"player": ctx.controller}]:
        if "player" in ref:
            ctx.state.extra.setdefault(EXTRA_TURNS_KEY, []).append(str(ref["player"]))
            ctx.state.log("extra-turn", player=str(ref["player"]))


@effect("draw", params={
    "target": "ref: who draws (default the controller)",
    "amount": "amount: how many cards (default 1)",
    "remember": "str: remember the cards drawn under this name, for a later instruction about "
                "\"that card\" (a card drawn in place of a replaced draw is not one, 614.11b)"},
    cr=("121.1", "121.2", "614.11b"), example='Divination: {type = "draw", target = '
                                             '"controller", amount = 2}')
def _draw(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Draw cards from the top of the library (CR 121); ``remember`` names the cards these
    draws drew, not those a replacement effect drew instead (614.11b)."""
    drawn: list[GameObject] = []
    for ref in ctx.refs(p) or [{"player": ctx.controller}]:
        player = ref.get("player")
        if player is None:
            continue
        draw_cards(ctx.state, str(player), ctx.amount(p.get("amount", 1)), drawn=drawn)
    if "remember" in p:
        ctx.note_moved(list(drawn), p)


@effect("continuous", params={
    "op": "op!: the layer operation; amounts in it are counted now (608.2h) and "
          "``{choice = key}`` values are the ones chosen on resolution (608.2d)",
    "target": "ref: what it affects (a target slot or \"self\")",
    "affected": "filter: instead, every permanent matching this filter now (611.2c)",
    "duration": "str: \"end-of-turn\" (default), \"end-of-combat\" (CR 511.2), "
                "\"until-your-next-turn\" (611.2a, 800.4m) or \"permanent\""},
    cr=("611.2a", "611.2c", "608.2h", "613"),
    example='Giant Growth: {type = "continuous", target = "t", op = {type = "modify_pt", '
            'power = 3, toughness = 3}}')
def _continuous(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Create a continuous effect (``op`` from the layer vocabulary) on the targets, or on every
    permanent matching ``affected``, locked in as they are now (CR 611.2c); ``duration``
    defaults to end of turn."""
    if "affected" in p:
        from reference_engine.layers.system import compute_all

        chars = compute_all(ctx.state)
        fctx = FilterContext(you=ctx.controller, source=ctx.source_id,
                             chars_of=chars.__getitem__)
        affected = [o.id for o in ctx.state.battlefield()
                    if matches(ctx.state, o, dict(p["affected"]), ctx=fctx, chars=chars[o.id])]
    else:
        affected = [o.id for o in objects_of(ctx, ctx.refs(p))]
    from reference_engine.layers.values import with_chosen

    # 607.5a, 608.2d: values chosen on resolution ("the color of your choice") are filled in.
    chosen_op = with_chosen(ctx, dict(p["op"]))
    if chosen_op is None:
        return
    # 608.2h: a resolving effect's amounts ("+X/+X, where X is ...") are counted once, now.
    op = {k: (ctx.amount(v) if k != "type" and (v == "X" or (isinstance(v, Mapping)
                                                            and is_amount(v))) else v)
          for k, v in chosen_op.items()}
    ctx.state.effects.append(ContinuousEffect(
        op=op, timestamp=ctx.state.new_timestamp(), affected=affected,
        source=ctx.source_id, controller=ctx.controller,
        duration=str(p.get("duration", "end-of-turn"))))
    ctx.state.changed()


@effect("tap", params={"target": "ref: the permanents to tap"}, cr=("701.26a",),
        example='Stormscape Apprentice: {type = "tap", target = "t"}')
def _tap(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Tap each target permanent (CR 701.26)."""
    for obj in objects_of(ctx, ctx.refs(p)):
        obj.tapped = True


@effect("untap", params={"target": "ref: the permanents to untap"},
        cr=("701.26b",), example='{type = "untap", target = "self"}')
def _untap(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Untap each target permanent (CR 701.26; a stun counter stops it, 122.1d)."""
    for obj in objects_of(ctx, ctx.refs(p)):
        untap_permanent(ctx.state, obj)


@effect("tap_or_untap", params={
    "target": "ref: the permanents to tap or untap",
    "choice": "str: the name of the choice answered \"tap\" or \"untap\" (default "
              "\"tap_or_untap\")"},
    cr=("701.26a", "608.2d"),
    example='Twiddle: {type = "tap_or_untap", target = "t"}')
def _tap_or_untap(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Tap or untap each target permanent, as the controller chooses on resolution ("you may
    tap or untap target ...", CR 701.26a, 608.2d): choice ``tap_or_untap``, answered "tap",
    "untap" or "neither"."""
    answer = choose(ctx.state, str(p.get("choice", "tap_or_untap")), ["tap", "untap", "neither"])
    if answer == "neither":
        return
    for obj in objects_of(ctx, ctx.refs(p)):
        if obj.zone != "battlefield":
            continue
        if answer == "tap":
            obj.tapped = True
        elif not untap_permanent(ctx.state, obj):  # 122.1d: a stun counter stops it
            continue
        ctx.state.log("tapped" if obj.tapped else "untapped", object=obj.id,
                      card=obj.card.name)
    ctx.state.changed()


@effect("choose", params={
    "name": "str!: the choice's name (answered in the action's choices)",
    "options": "any: the allowed answers"},
    cr=("608.2d",), example='Crosis, the Purger: {type = "choose", name = "color", options '
                           '= ["white", "blue", "black", "red", "green"]}')
def _choose(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Make a choice on resolution (CR 608.2d), remembered on the spell as ``name``."""
    name = str(p["name"])
    ctx.obj.choices[name] = choose(ctx.state, name, p.get("options"))


@reference("each")
def _each(ctx: ResolveContext, flt: Any) -> list[dict[str, Any]]:
    """``{each = filter}``: every permanent matching the filter, as the effect happens; no
    targeting ("deals 3 damage to each other creature", "creatures you control gain ...").
    A filter with another ``zone`` means every object in that zone ("exile all graveyards":
    ``{each = {zone = "graveyard"}}``, each player's)."""
    if not isinstance(flt, Mapping):
        raise SetupError(f"{{each = ...}} needs a filter table, not {flt!r}")
    fctx = FilterContext(you=ctx.controller, source=ctx.source_id)
    zone = str(flt.get("zone", "battlefield"))
    pool = (ctx.state.battlefield() if zone == "battlefield"
            else [o for o in list(ctx.state.all_objects()) if o.zone == zone])
    return [{"object": o.id} for o in pool if matches(ctx.state, o, dict(flt), ctx=fctx)]


@reference("linked")
def _linked(ctx: ResolveContext, name: Any) -> list[dict[str, Any]]:
    """``{linked = "name"}``: the objects an ability of the same source linked under ``name``
    (``link = "name"`` on the effect that moved them) that are still where it put them: "the
    exiled card" of Oblivion Ring's second ability (CR 607.2a, 400.7)."""
    links = ctx.state.extra.get(LINKED_KEY, {}).get(str(ctx.source_id), {})
    return [{"object": i} for i in links.get(str(name), []) if i in ctx.state.objects]
