"""Casting spells (CR 601): the ``cast`` action as the sequence of CR 601.2.

``action = { type = "cast", player = "alice", object = "handle", half = "Assault",
alternative = "overload" | "without_paying_mana_cost", modes = [0], kicked = true, x = 3,
buyback = true, entwine = true, targets = ["bears", "bob"], convoke = [...], delve = [...],
improvise = [...], choices = {...} }``

The steps, in the order of CR 601.2:

* 601.3 the player must be allowed to begin: priority (117.1a), timing (307.1 sorcery speed, or
  flash / an "as though it had flash" permission, 601.3b-d, evaluated before the spell moves),
  the zone it is cast from (hand, or a permission such as "from your graveyard", checking only
  the chosen half of a split card, 709.3a / 601.3e);
* 601.2a the card moves to the stack and becomes the spell;
* 601.2b announcements: which half (709.3), or the Adventure or Omen of an adventurer or omen
  card named as its ``half`` (715.3, 720.3), or both halves of a split card with fuse cast
  from hand (``half = "fused"``, 702.102a), the modes of a modal spell (700.2; card data
  ``{kind = "spell", choose = 1 | [1, 2], modes = [{targets, effects}, ...]}``, slot names
  distinct across modes; with ``entwine = true`` every mode, 702.42a), an alternative cost (one
  at most, 118.9a), kicker (at most once unless multikicker, 702.33), the optional additional
  costs buyback (``buyback = true``, 702.27a) and entwine (702.42a), the value of X (107.3);
* 601.2c targets, only for the slots that exist given those announcements (kicker-only targets,
  702.33g; overload has none, 702.96b);
* 601.2f-h the total cost (:mod:`reference_engine.casting.costs`) is determined and paid from the
  caster's mana pool, with additional non-mana costs such as sacrificing a creature;
* 601.2i the spell becomes cast: a ``cast`` event is logged (object, player, card) and the caster
  receives priority (117.3c).

An action the rules forbid is rejected with a failure class and the game returns to the moment
before the cast was proposed (601.2, 733): ``timing``, ``cannot-cast``, ``illegal-choice``,
``illegal-target``, ``cannot-pay``.

Permissions to cast (CR 601.3) are data, see :mod:`reference_engine.casting.permissions`;
the queries about a proposed cast are in :mod:`reference_engine.casting.queries`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from reference_engine.casting.cost_helpers import pay_with_helpers
from reference_engine.casting.costs import CostChange, cost_changes, total_cost
from reference_engine.casting.flashback import alternative_abilities, alternative_zones
from reference_engine.casting.permissions import Permission, permissions_for
from reference_engine.casting.target_slots import count_range as _count_range
from reference_engine.casting.target_slots import split_targets as _split_targets
from reference_engine.core.characteristics import Characteristics, printed_characteristics
from reference_engine.core.choices import choose, offer_choices, withdraw_choices
from reference_engine.core.errors import RulesViolation, SetupError
from reference_engine.core.objects import GameObject
from reference_engine.core.registry import CAST_RESTRICTIONS, action
from reference_engine.core.state import GameState, active_team, holds_priority
from reference_engine.core.symbols import ManaCost, parse_mana_cost
from reference_engine.layers.filters import FilterContext, matches
from reference_engine.layers.system import characteristics_of
from reference_engine.mana.abilities import spend_check
from reference_engine.mana.phyrexian import pay_with_phyrexian
from reference_engine.mana.pool import SpendCheck, find_payment, spends_as_any_color
from reference_engine.resolution.division import announce_division
from reference_engine.resolution.stack import is_legal_target, spell_ability
from reference_engine.triggers.abilities import log_became_targets
from reference_engine.turn.priority import give_priority

if TYPE_CHECKING:
    from reference_engine.core.handlers import GameView

__all__ = ["CAST_TRANSFORMED", "FREE", "CastPlan", "active_slots", "cast_spell", "pay_mana",
           "plan_cast", "slot_capacity", "target_ref"]

#: The alternative cost of an effect that lets a player cast a spell without paying its mana
#: cost (CR 118.9).
FREE = "without_paying_mana_cost"
#: ``state.extra`` key: the id of the card an effect is casting "transformed" (CR 712.11a).
CAST_TRANSFORMED = "cast_transformed"
_MAIN_STEPS = ("precombat-main", "postcombat-main")


@dataclass
class CastPlan:
    """What the announcements of CR 601.2b-c decided, and the total cost of 601.2f."""

    player: str
    half: int | None = None
    #: Both halves of a split card with fuse are cast (702.102a).
    fused: bool = False
    alternative: str | None = None
    kicked: int = 0
    x: int = 0
    targets: list[dict[str, Any]] = field(default_factory=list)
    additional: list[ManaCost] = field(default_factory=list)
    #: Additional costs that aren't mana, announced with kicker ("Kicker—Pay 3 life").
    other: list[Mapping[str, Any]] = field(default_factory=list)
    changes: list[CostChange] = field(default_factory=list)
    cost_text: str = "{0}"
    #: The keyword whose permission the spell is cast with (retrace, jump-start), or None.
    via: str | None = None


def _reject(failure: str, message: str) -> RulesViolation:
    return RulesViolation(failure, message)


def _keyword(chars: Characteristics, name: str) -> Mapping[str, Any] | None:
    for ability in chars.abilities:
        if ability.get("kind") == "keyword" and str(ability.get("keyword")).casefold() == name:
            return ability
    return None


def _alternatives(chars: Characteristics) -> dict[str, Mapping[str, Any]]:
    return {str(a["keyword"]).casefold(): a for a in chars.abilities
            if a.get("kind") == "keyword" and a.get("alternative") and "keyword" in a}


def _choose_half(obj: GameObject, half: Any) -> int | None:
    """Check 709.3: a split card is cast as exactly one of its halves."""
    card = obj.card
    if card.inset_spell is not None:
        # 715.3, 720.3: cast normally, or as the Adventure / Omen by naming its face.
        if half is None or str(half).casefold() == card.front.name.casefold():
            return None
        if str(half).casefold() == card.faces[1].name.casefold():
            return 1
        raise _reject("illegal-choice", f"{card.name} is cast as {card.front.name} or as "
                      f"the {card.inset_spell} {card.faces[1].name}, not {half!r} (CR 715.3, "
                      "720.3)")
    if not card.is_split:
        if half is not None and str(half).casefold() != card.name.casefold():
            raise _reject("illegal-choice", f"{card.name} is not a split card; it has no "
                          f"half {half!r}")
        return None
    if half is None:
        raise _reject("illegal-choice", f"casting {card.name} needs the half to cast "
                      f"({' or '.join(f.name for f in card.faces)}) (CR 709.3)")
    face = card.face_named(str(half))
    if face is None:
        raise _reject("illegal-choice", f"{card.name} can't be cast as {half!r}: choose one "
                      f"half, {' or '.join(f.name for f in card.faces)} (CR 709.3, 702.102a)")
    return card.faces.index(face)


#: Keywords that are optional additional costs announced by the cast action's key of the same
#: name: buyback (702.27a), entwine (702.42a, with every mode chosen).
_OPTIONAL_ADDITIONAL = ("buyback", "entwine")


#: The ``half`` values that ask to cast both halves of a split card with fuse (702.102a).
FUSED = ("fused", "both")


def _wants_fuse(a: Mapping[str, Any]) -> bool:
    half = a.get("half")
    return bool(a.get("fuse")) or (isinstance(half, str) and half.casefold() in FUSED)


def _check_fuse(obj: GameObject, player: str) -> None:
    """Check 702.102a: both halves may be cast only for a split card with fuse, from its
    caster's hand."""
    card = obj.card
    has_fuse = card.is_split and any(
        a.get("kind") == "keyword" and str(a.get("keyword", "")).casefold() == "fuse"
        for face in card.faces for a in face.abilities)
    if not has_fuse:
        raise _reject("illegal-choice", f"{card.name} has no fuse: only one half can be cast "
                      "(CR 709.3, 702.102a)")
    if obj.zone != "hand" or obj.owner != player:
        raise _reject("illegal-choice", f"fuse lets {card.name} be cast with both halves only "
                      f"from its caster's hand, not the {obj.zone} (CR 702.102a)")


def _is_sorcery_timing(state: GameState, player: str) -> bool:
    """Check 307.1: main phase of the player's own turn with an empty stack (805.4: under
    shared team turns the turn is the whole active team's)."""
    return (player in active_team(state) and state.step in _MAIN_STEPS
            and not state.zone_list("stack"))


def _spell_chars(state: GameState, obj: GameObject, half: int | None,
                 back: bool = False) -> Characteristics:
    """The characteristics the card would have as a spell (CR 601.3e, 709.3a; 712.11c: only
    the face of a modal double-faced card that will be up)."""
    return printed_characteristics(obj.card, zone="stack", transformed=obj.transformed or back,
                                   cast_half=half, era=state.era)


def _choose_face(obj: GameObject, face: Any) -> bool:
    """712.11b: whether a modal double-faced card is cast with its back face up (``face =
    "back"``); only such a card has a face to choose."""
    if face in (None, "front"):
        return False
    if face != "back":
        raise _reject("illegal-choice", f"face must be \"front\" or \"back\", not {face!r}")
    if not obj.card.is_modal_dfc:
        raise _reject("illegal-choice", f"{obj.name_for_log} is not a modal double-faced card: "
                      "it has no face to choose (CR 712.11b)")
    return True


def _has_flash(state: GameState, obj: GameObject, spell: Characteristics) -> bool:
    """The spell has flash (702.8), including flash granted only while conditions hold,
    judged as the player begins to cast it (601.3d)."""
    # A fused split spell with a sorcery half is cast at sorcery speed (702.102c, 307.1).
    return (spell.has_keyword("flash")
            or (spell.has_type("Instant") and not spell.has_type("Sorcery"))
            or characteristics_of(state, obj.id).has_keyword("flash"))


def _check_begin(state: GameState, obj: GameObject, player: str, plan: CastPlan,
                 spell: Characteristics, *, check_timing: bool) -> None:
    """Check 601.3: the player may begin to cast this spell now, from this zone."""
    if check_timing and not holds_priority(state, player):  # 117.1a; 805.5a
        raise _reject("timing", f"{player} does not have priority (CR 117.1a)")
    if obj.zone in ("stack", "battlefield"):
        raise _reject("cannot-cast", f"{obj.name_for_log} is on the {obj.zone}, not a card "
                      "that can be cast")
    if spell.has_type("Land"):
        raise _reject("cannot-cast", f"{spell.name} is a land; lands are played, not cast "
                      "(CR 305.1)")
    if spell.has_type("Dungeon"):
        raise _reject("cannot-cast", f"{spell.name} is a dungeon; dungeon cards can't be cast "
                      "(CR 309.2c)")
    perms = [p for p in permissions_for(state, obj, player)
             if p.applies(state, obj, spell, player)]
    zone_perms = [p for p in perms if obj.zone in p.zones]
    by_rule = obj.zone == "hand" and obj.owner == player
    if _keyword(spell, "aftermath") is not None:
        # 702.127a: this half may be cast from its owner's graveyard, and from nowhere else.
        if obj.zone != "graveyard":
            raise _reject("cannot-cast", f"{spell.name} has aftermath: it can be cast only "
                          "from a graveyard (CR 702.127a)")
        by_rule = obj.owner == player
    if not by_rule and not zone_perms:
        raise _reject("cannot-cast", f"nothing allows {player} to cast {spell.name} from "
                      f"the {obj.zone} (CR 601.3)")
    required = [FREE if p.free else p.alternative for p in zone_perms]
    if not by_rule and all(required):
        # 118.9b: every permission requires an alternative cost: casting it without paying
        # its mana cost, or paying its flashback cost (702.34a).
        if plan.alternative is None:
            plan.alternative = required[0]
        elif plan.alternative not in required:
            raise _reject("illegal-choice", f"{spell.name} may be cast from the {obj.zone} "
                          f"only for {' or '.join(sorted({str(r) for r in required}))}, so "
                          f"no other alternative cost ({plan.alternative}) can be applied "
                          "(CR 118.9a)")
    alt = alternative_abilities(spell).get(plan.alternative or "")
    if alt is not None and alternative_zones(alt) and not any(
            p.alternative == plan.alternative for p in zone_perms):
        raise _reject("illegal-choice", f"the {plan.alternative} cost of {spell.name} can be "
                      f"paid only when it is cast from the {' or '.join(alternative_zones(alt))}"
                      " (CR 702.34a)")
    if plan.alternative == FREE and not any(p.free for p in zone_perms):
        raise _reject("illegal-choice", f"nothing lets {player} cast {spell.name} without "
                      "paying its mana cost")
    if not by_rule:
        _permission_cost(plan, zone_perms)
    if _is_sorcery_timing(state, player) or _has_flash(state, obj, spell):
        return
    flash = [p for p in perms if p.flash]
    if not flash:
        if not check_timing:
            return  # a cost query: the cost is the same whenever it could be cast
        raise _reject("timing", f"{spell.name} can be cast only at sorcery speed: in a main "
                      "phase of its caster's turn with an empty stack (CR 307.1)")
    if not any(p.additional_cost is None for p in flash):
        # 601.3c: flash on condition of paying an additional cost.
        extra = flash[0].additional_cost
        assert extra is not None
        plan.additional.append(extra)


def _permission_cost(plan: CastPlan, zone_perms: list[Permission]) -> None:
    """702.81a, 702.133a: a cast that only a permission with an additional cost allows
    (retrace, jump-start) adds that cost (paid with the others, 601.2f-h)."""
    usable = [p for p in zone_perms if (p.alternative is None or p.alternative
                                        == plan.alternative) and (not p.free
                                                                  or plan.alternative == FREE)]
    if not usable or any(p.other_cost is None for p in usable):
        return
    chosen = usable[0]
    assert chosen.other_cost is not None
    plan.other.append(dict(chosen.other_cost))
    plan.via = chosen.keyword


def _kicker_cost(cost: Any) -> tuple[ManaCost, Mapping[str, Any]]:
    """A kicker cost (CR 702.33a) as its mana part and its other parts: ``"{1}{G}"``, or a table
    of costs ``{ mana = "{1}", life = 3, sacrifice = {...}, discard = {...} }`` for a kicker that
    isn't only mana ("Kicker—Pay 3 life", "Kicker—Sacrifice a creature", 118.8)."""
    if isinstance(cost, Mapping):
        other = {k: v for k, v in cost.items() if k != "mana"}
        return parse_mana_cost(str(cost.get("mana", ""))), other
    return parse_mana_cost(str(cost)), {}


def _announce(state: GameState, obj: GameObject, spell: Characteristics, plan: CastPlan,
              a: Mapping[str, Any]) -> None:
    """Check 601.2b: alternative cost, kicker and X."""
    alts = _alternatives(spell)
    if plan.alternative is not None and plan.alternative != FREE \
            and plan.alternative not in alts:
        raise _reject("illegal-choice", f"{spell.name} has no alternative cost "
                      f"{plan.alternative!r}")
    alt_cost = alts[plan.alternative].get("cost") if plan.alternative in alts else None
    if isinstance(alt_cost, Mapping):
        # 118.9: "pay 1 life and exile a blue card from your hand rather than pay this spell's
        # mana cost": the parts that aren't mana are paid like additional costs (601.2h).
        alt_other = {k: v for k, v in alt_cost.items() if k != "mana"}
        if alt_other:
            plan.other.append(alt_other)
    kicked = a.get("kicked", 0)
    if not isinstance(kicked, (bool, int)):
        raise _reject("illegal-choice", f"kicked must be true, false or a count, not {kicked!r}")
    count = int(kicked)
    kicker = _keyword(spell, "kicker")
    multikicker = _keyword(spell, "multikicker")
    if count < 0:
        raise _reject("illegal-choice", "kicker can't be paid a negative number of times")
    if count and kicker is None and multikicker is None:
        raise _reject("illegal-choice", f"{spell.name} has no kicker (CR 702.33a)")
    if count > 1 and multikicker is None:
        raise _reject("illegal-choice", f"the kicker cost of {spell.name} can be paid only "
                      "once (CR 702.33a, 702.33d)")
    plan.kicked = count
    for name in _OPTIONAL_ADDITIONAL:
        if not (a.get("buyback") if name == "buyback" else a.get("entwine")):
            continue
        optional = _keyword(spell, name)
        if optional is None:
            raise _reject("illegal-choice", f"{spell.name} has no {name} (CR 702.27a, 702.42a)")
        # 702.27a, 702.42a: an optional additional cost, paid with the other costs (601.2f-h).
        mana, other = _kicker_cost(optional.get("cost", ""))
        plan.additional.append(mana)
        plan.other += [other] if other else []
        obj.extra[f"paid_{name}"] = True
    kick_ability = multikicker or kicker
    if count and kick_ability is not None:
        mana, other = _kicker_cost(kick_ability.get("cost", ""))
        plan.additional += [mana] * count
        plan.other += [other] * count if other else []
    x = a.get("x")
    base = _base_cost(spell, plan, alts)
    # 107.3: X is announced for a cost being paid; with no mana cost paid, X there is 0.
    has_x = any(c.has_x for c in plan.additional) or (base is not None and base.has_x)
    if x is not None:
        if not isinstance(x, int) or isinstance(x, bool) or x < 0:
            raise _reject("illegal-choice", f"X must be a whole number, not {x!r}")
        if x and not has_x:
            raise _reject("illegal-choice", f"the costs being paid for {spell.name} have no X "
                          "(CR 107.3)")
        plan.x = x


def _choose_modes(state: GameState, spell_obj: GameObject, spell: Characteristics,
                  a: Mapping[str, Any]) -> None:
    """Check 601.2b, 700.2: a modal spell's modes are chosen as it is cast, as many as it says
    (``choose = n`` or ``[min, max]``), each mode at most once unless the spell lets a mode be
    chosen more than once (``repeat_modes = true``, 700.2d)."""
    ability = next((ab for ab in spell.abilities if ab.get("kind") == "spell"), None)
    wanted = a.get("modes", [a["mode"]] if "mode" in a else None)
    if ability is None or "modes" not in ability:
        if wanted is not None:
            raise _reject("illegal-choice", f"{spell.name} is not modal (CR 700.2)")
        return
    count = ability.get("choose", 1)
    low, high = (count, count) if isinstance(count, int) else (int(count[0]), int(count[1]))
    if a.get("entwine"):
        # 702.42a: with its entwine cost paid, a modal spell has all its modes chosen.
        if _keyword(spell, "entwine") is None:
            raise _reject("illegal-choice", f"{spell.name} has no entwine (CR 702.42a)")
        every = list(range(len(ability["modes"])))
        if wanted is not None and sorted(wanted if isinstance(wanted, list) else [wanted]) \
                != every:
            raise _reject("illegal-choice", f"{spell.name} entwined has all its modes chosen "
                          f"({every}), not {wanted!r} (CR 702.42a)")
        wanted, low, high = every, len(every), len(every)
    if wanted is None:
        raise _reject("illegal-choice", f"choose the mode(s) of {spell.name} (CR 601.2b)")
    picks = list(wanted) if isinstance(wanted, list) else [wanted]
    total = len(ability["modes"])
    # 700.2d: a mode is chosen at most once, unless the spell says it may be chosen again.
    repeat = bool(ability.get("repeat_modes"))
    if not all(isinstance(i, int) and not isinstance(i, bool) and 0 <= i < total
               for i in picks) or (len(set(picks)) != len(picks) and not repeat) \
            or not low <= len(picks) <= high:
        once = "" if repeat else ", each at most once"
        raise _reject("illegal-choice", f"{picks!r} is not a legal choice of modes for "
                      f"{spell.name}: choose {low}-{high} of modes 0-{total - 1}{once} "
                      "(CR 700.2, 700.2d)")
    spell_obj.extra["modes"] = sorted(picks)
    state.changed()


def _base_cost(spell: Characteristics, plan: CastPlan,
               alts: Mapping[str, Mapping[str, Any]]) -> ManaCost | None:
    """The mana cost, or the alternative cost announced (601.2f, 118.9)."""
    if plan.alternative == FREE:
        return ManaCost()
    if plan.alternative is not None:
        cost = alts[plan.alternative].get("cost", "")
        if isinstance(cost, Mapping):
            # An alternative cost that isn't only mana (118.9): its mana part here, the rest
            # paid with the other costs (see _announce).
            return parse_mana_cost(str(cost.get("mana", "")))
        return parse_mana_cost(str(cost))
    return spell.mana_cost


def target_ref(state: GameState, value: Any) -> dict[str, Any]:
    if value in state.players:
        return {"player": value}
    return {"object": state.by_handle(str(value)).id}


def active_slots(ability: Mapping[str, Any] | None, *, kicked: bool,
                 overloaded: bool) -> list[tuple[str, Mapping[str, Any]]]:
    """The target slots (name, slot) a spell has given its announcements (CR 601.2c):
    kicker-only slots only if kicked (702.33g); none at all when overloaded (702.96b)."""
    if ability is None or overloaded:
        return []
    return [(str(s.get("name", f"t{i}")), s) for i, s in enumerate(ability.get("targets", []))
            if "if_kicked" not in s or bool(s["if_kicked"]) == kicked]


def slot_capacity(slot: Mapping[str, Any]) -> int:
    """How many targets a slot takes at most (CR 601.2c: "up to two" takes two)."""
    return _count_range(slot)[1]


def _choose_targets(state: GameState, spell_obj: GameObject, plan: CastPlan,
                    given: Any) -> None:
    """Check 601.2c: the number of targets each target slot requires, each legal, and the
    same object or player at most once for any one instance of the word "target"."""
    ability = spell_ability(state, spell_obj)
    slots = active_slots(ability, kicked=plan.kicked > 0,
                         overloaded=plan.alternative == "overload")
    name = characteristics_of(state, spell_obj.id).name
    if plan.alternative == "overload" and given:
        raise _reject("illegal-target", f"{name} cast for its overload cost has no targets "
                      "(CR 702.96b)")
    for slot_name, slot, values in _split_targets(name, slots, given):
        low, high = _count_range(slot)
        if not low <= len(values) <= high:
            raise _reject("illegal-target", f"{name} needs {low}-{high} target(s) for "
                          f"{slot_name!r}, {len(values)} given (CR 601.2c)")
        if len({str(v) for v in values}) != len(values):
            raise _reject("illegal-target", f"the same target is chosen twice for one "
                          f"instance of the word target on {name} (CR 601.2c)")
        for value in values:
            ref = target_ref(state, value)
            ref["slot"] = slot_name
            if ref.get("object") == spell_obj.id or not is_legal_target(
                    state, spell_obj, slot, ref):
                raise _reject("illegal-target", f"{value!r} is not a legal target for {name} "
                              f"({slot.get('kind', 'any')} {dict(slot.get('filter', {}))})")
            plan.targets.append(ref)


def _pay_other(state: GameState, plan: CastPlan, spell_obj: GameObject) -> None:
    """Pay additional non-mana costs (601.2h, 118.8) and the non-mana parts of an alternative
    cost (118.9): sacrifice a permanent you control (``sacrifice = {filter}``, choice
    ``sacrifice``), discard a card (``discard = {filter}``, choice ``discard``), pay life
    (``life = n``, only up to your life total, 119.4), exile a card from your hand
    (``exile = {filter}``, choice ``exile``), return a permanent you control to its owner's
    hand (``return = {filter}``, choice ``return``)."""
    for other in [*(change.other or {} for change in plan.changes
                    if change.kind == "additional"), *plan.other]:
        if "life" in other:
            life = int(other["life"])
            if life > state.players[plan.player].life:
                raise _reject("cannot-pay", f"{plan.player} can't pay {life} life (CR 119.4)")
            state.players[plan.player].life -= life
            state.log("life-paid", player=plan.player, amount=life)
        if "discard" in other:
            flt = dict(other["discard"])
            fctx = FilterContext(you=plan.player, source=spell_obj.id)
            cards = [o for o in state.objects_in("hand", plan.player)
                     if matches(state, o, flt, ctx=fctx)]
            if not cards:
                raise _reject("cannot-pay", f"{plan.player} has no card to discard ({flt}) "
                              "(CR 118.3)")
            names = [o.handle or f"#{o.id}" for o in cards]
            card = cards[names.index(choose(state, "discard", names))]
            state.log("discarded", object=card.id, card=card.card.name, player=plan.player)
            state.move(card, "graveyard")
        if "exile" in other:
            _exile_from_hand(state, plan, spell_obj, dict(other["exile"]))
        if "return" in other:
            _return_to_hand(state, plan, spell_obj, dict(other["return"]))
        if "sacrifice" not in other:
            continue
        flt = dict(other["sacrifice"])
        fctx = FilterContext(you=plan.player, source=spell_obj.id)
        options = [o for o in state.battlefield() if o.controller == plan.player
                   and matches(state, o, flt, ctx=fctx)]
        if not options:
            raise _reject("cannot-pay", f"{plan.player} controls nothing to sacrifice "
                          f"({flt}) (CR 118.3)")
        names = [o.handle or f"#{o.id}" for o in options]
        chosen = choose(state, "sacrifice", names)
        victim = options[names.index(chosen)]
        state.log("sacrificed", object=victim.id, card=victim.card.name, player=plan.player)
        if characteristics_of(state, victim.id).has_type("Creature"):
            # 700.4: a creature put into a graveyard from the battlefield dies.
            state.log("dies", object=victim.id, card=victim.card.name, reason="sacrificed")
        state.move(victim, "graveyard")


def _exile_from_hand(state: GameState, plan: CastPlan, spell_obj: GameObject,
                     flt: dict[str, Any]) -> None:
    """Pay "exile a [filter] card from your hand" (118.3, 601.2h): choice ``exile``."""
    fctx = FilterContext(you=plan.player, source=spell_obj.id)
    cards = [o for o in state.objects_in("hand", plan.player)
             if matches(state, o, flt, ctx=fctx)]
    if not cards:
        raise _reject("cannot-pay", f"{plan.player} has no card in hand to exile ({flt}) "
                      "(CR 118.3)")
    names = [o.handle or f"#{o.id}" for o in cards]
    card = cards[names.index(choose(state, "exile", names))]
    state.log("exiled-as-cost", object=card.id, card=card.card.name, player=plan.player)
    state.move(card, "exile")


def _return_to_hand(state: GameState, plan: CastPlan, spell_obj: GameObject,
                    flt: dict[str, Any]) -> None:
    """Pay "return a [filter] you control to its owner's hand" (118.3, 601.2h): choice
    ``return``."""
    fctx = FilterContext(you=plan.player, source=spell_obj.id)
    options = [o for o in state.battlefield() if o.controller == plan.player
               and matches(state, o, flt, ctx=fctx)]
    if not options:
        raise _reject("cannot-pay", f"{plan.player} controls nothing to return ({flt}) "
                      "(CR 118.3)")
    names = [o.handle or f"#{o.id}" for o in options]
    chosen = options[names.index(choose(state, "return", names))]
    state.log("returned-as-cost", object=chosen.id, card=chosen.card.name, player=plan.player)
    state.move(chosen, "hand")


def plan_cast(state: GameState, a: Mapping[str, Any], *, check_timing: bool = True,
              check_targets: bool = True) -> tuple[CastPlan, GameObject]:
    """Propose the cast of CR 601.2a-e and determine its total cost (601.2f); the card is on
    the stack afterwards (the caller restores the state if anything is rejected)."""
    player = str(a.get("player", state.priority_player))
    if player not in state.players:
        raise SetupError(f"cast: unknown player {player!r}")
    obj = state.by_handle(str(a.get("object")))
    fused = _wants_fuse(a)
    if fused:
        _check_fuse(obj, player)
    plan = CastPlan(player=player, half=None if fused else _choose_half(obj, a.get("half")),
                    fused=fused)
    alt = a.get("alternative")
    if isinstance(alt, list):
        # 118.9a: only one alternative cost can be applied to a spell.
        if len(alt) > 1:
            raise _reject("illegal-choice", f"only one alternative cost can be applied to a "
                          f"spell, not {len(alt)} ({', '.join(map(str, alt))}) (CR 118.9a)")
        alt = alt[0] if alt else None
    plan.alternative = str(alt).replace("-", "_") if alt is not None else None
    # 712.11b: a modal double-faced card's chosen face; 712.11a: a card an effect casts
    # "transformed" (``CAST_TRANSFORMED``, set by that effect) is put on the stack back face up.
    back = _choose_face(obj, a.get("face")) or state.extra.get(CAST_TRANSFORMED) == obj.id
    spell = _spell_chars(state, obj, plan.half, back)
    _check_begin(state, obj, player, plan, spell, check_timing=check_timing)
    # 601.2a: the card moves to the stack and becomes a spell its caster controls.
    cast_from = obj.zone
    spell_obj = state.move(obj, "stack", controller=player)
    if back:
        spell_obj.transformed = True  # 712.11b: the chosen face is up on the stack
    spell_obj.extra["cast_from"] = cast_from  # 702.127a: aftermath exiles what a graveyard cast
    spell_obj.cast_half = plan.half
    if plan.fused:
        # 702.102c: a fused split spell has the combined characteristics of its two halves.
        spell_obj.extra["fused"] = True
    spell_obj.extra["alternative"] = plan.alternative
    spell_obj.extra["cast_via"] = plan.via  # 702.133a: jump-start's exile
    state.changed()
    for restriction in CAST_RESTRICTIONS:
        reason = restriction(state, spell_obj)
        if reason is not None:
            raise _reject("cannot-cast", reason)
    spell = characteristics_of(state, spell_obj.id)
    _choose_modes(state, spell_obj, spell, a)
    _announce(state, spell_obj, spell, plan, a)
    spell_obj.kicked = plan.kicked
    spell_obj.x = plan.x if a.get("x") is not None else None
    if plan.alternative == "overload":
        spell_obj.extra["overloaded"] = True
    state.changed()
    if check_targets:
        _choose_targets(state, spell_obj, plan, a.get("targets", []))
        spell_obj.targets = plan.targets
        # 601.2d: the division of damage among the targets is announced with them.
        announce_division(state, spell_obj, spell_ability(state, spell_obj), a.get("divide"),
                          x=plan.x)
    # 601.2f: total cost.
    spell = characteristics_of(state, spell_obj.id)
    base = _base_cost(spell, plan, _alternatives(spell))
    if base is None:
        raise _reject("cannot-pay", f"{spell.name} has no mana cost; that cost can't be paid "
                      "(CR 118.6)")
    plan.changes = cost_changes(state, spell_obj, player, spell)
    plan.cost_text = total_cost(base, x=plan.x, additional=plan.additional,
                                changes=plan.changes).text()
    return plan, spell_obj


def check_begin(state: GameState, obj: GameObject, player: str, plan: CastPlan,
                spell: Characteristics, *, check_timing: bool) -> None:
    """Whether ``player`` may begin to cast ``obj`` now (601.3); raises the rejection if not.
    Suspend asks it before exiling a card (702.62a)."""
    _check_begin(state, obj, player, plan, spell, check_timing=check_timing)


def spell_characteristics(state: GameState, obj: GameObject, half: int | None) -> Characteristics:
    """The characteristics ``obj`` would have as a spell (601.3e)."""
    return _spell_chars(state, obj, half)


def pay_mana(state: GameState, player: str, cost_text: str, *,
             can_spend: SpendCheck | None = None) -> bool:
    """Pay a mana cost from ``player``'s pool (CR 601.2h, 118.3a) with the units
    ``can_spend`` allows; generic mana is paid with colorless mana before colored mana, which
    keeps the most options open. Returns False, with the pool unchanged, if it can't be paid."""
    pool = state.players[player].mana_pool
    order = sorted(range(len(pool)), key=lambda i: pool[i]["type"] != "C")
    chosen = find_payment(parse_mana_cost(cost_text), [pool[i] for i in order],
                          can_spend=can_spend, any_color=spends_as_any_color(state, player))
    if chosen is None:
        return False
    for idx in sorted((order[i] for i in chosen), reverse=True):
        del pool[idx]
    state.changed()
    return True


def cast_spell(state: GameState, a: Mapping[str, Any], *,
               during_resolution: bool = False) -> GameObject:
    """Cast a spell (CR 601.2); return the spell on the stack. ``during_resolution``: a
    resolving effect lets the player cast it now, so timing and priority don't apply and no
    one receives priority afterwards (608.2g; see :mod:`reference_engine.free_cast`)."""
    plan, spell_obj = plan_cast(state, a, check_timing=not during_resolution)
    # 702.51b, 702.66b, 702.126b: convoke, delve and improvise pay part of the total cost once
    # it is determined; the rest is paid with mana.
    plan.cost_text = pay_with_helpers(state, spell_obj, plan.player, plan.cost_text, a)
    # 601.2g-h: pay the total cost from the caster's mana pool; partial payments aren't allowed.
    # 106.6: mana with a spending restriction pays only for the spells it allows; 107.4f: a
    # Phyrexian symbol may be paid with 2 life instead (reference_engine.mana.phyrexian).
    if not pay_with_phyrexian(state, plan.player, plan.cost_text,
                              can_spend=spend_check(state, spell=spell_obj)):
        raise _reject("cannot-pay", f"{plan.player} can't pay {plan.cost_text} for "
                      f"{characteristics_of(state, spell_obj.id).name} (CR 601.2h)")
    _pay_other(state, plan, spell_obj)
    # 601.2i: the spell becomes cast; its caster receives priority (117.3c).
    state.log("cast", object=spell_obj.id, player=plan.player, card=spell_obj.card.name,
              spell=characteristics_of(state, spell_obj.id).name, kicked=plan.kicked,
              alternative=plan.alternative)
    log_became_targets(state, spell_obj)
    if not during_resolution:
        give_priority(state, plan.player)
    return spell_obj


@action("cast")
def _cast(game: GameView, a: Mapping[str, Any]) -> None:
    """Cast a spell (CR 601.2): announce half, alternative cost, kicker, X and targets, then
    pay the total cost from the mana pool, part of it with the creatures, artifacts or
    graveyard cards named by ``convoke``, ``improvise`` or ``delve`` (702.51, 702.126, 702.66).
    Rejected: ``timing``, ``cannot-cast``, ``illegal-choice``, ``illegal-target``,
    ``cannot-pay``."""
    # 601.2: a rejected proposal leaves the game as it was; Game.perform restores the state.
    offer_choices(game.state, a.get("choices"))
    cast_spell(game.state, a)
    withdraw_choices(game.state)
