"""Triggered keyword abilities of combat (CR 702.23-702.149), one instance at a time.

Each is card data ``{kind = "keyword", keyword = "<name>", n = N}`` (N for the keywords that
carry a number), or a keyword granted by name ("bushido 1"); what one instance means is
registered with :func:`reference_engine.triggers.keyword_instances.triggered_keyword`, so every
instance triggers separately (the "multiple instances" rule of each keyword).

* Rampage N (702.23a-c): whenever this becomes blocked, +N/+N until end of turn for each
  creature blocking it beyond the first, counted once, as the ability resolves (amount
  ``{blockers_beyond_first = N}``).
* Flanking (702.25a-b): whenever this becomes blocked by a creature without flanking, that
  blocker gets -1/-1 until end of turn (trigger ``becomes_blocked_by_creature`` with a
  ``filter`` on the blocker).
* Bushido N (702.45a-b): whenever this blocks or becomes blocked, +N/+N until end of turn.
* Frenzy N (702.68a-b): whenever this attacks and isn't blocked, +N/+0 until end of turn
  (trigger ``attacks_unblocked``, as blockers have been declared, 509.1h).
* Poisonous N (702.70a-b): whenever this deals combat damage to a player, that player gets N
  poison counters.
* Annihilator N (702.86a-b): whenever this attacks, the defending player sacrifices N
  permanents (reference ``defending_player``, 506.2).
* Battle cry (702.91a-b): whenever this attacks, each other attacking creature gets +1/+0.
* Dethrone (702.105a-b): whenever this attacks the player with the most life or tied for most
  life, a +1/+1 counter on it (trigger ``attacks_player_with_most_life``).
* Prowess (702.108a-b): whenever you cast a noncreature spell, +1/+1 until end of turn.
* Melee (702.121a-b): whenever this attacks, +1/+1 for each opponent you attacked with a
  creature this combat (amount ``opponents_attacked``).
* Afflict N (702.130a-b): whenever this becomes blocked, the defending player loses N life.
* Mentor (702.134a-b): whenever this attacks, a +1/+1 counter on target attacking creature with
  power less than this creature's (filter key ``power_less_than_source``).
* Training (702.149a-b): whenever this and at least one other creature with greater power
  attack, a +1/+1 counter on this (trigger ``attacks_with_greater_power``).
* Decayed (702.147a): this creature can't block (a block restriction on the keyword, however
  it was gained, a decayed counter included, 122.1b); when it attacks, a delayed triggered
  ability sacrifices it at the beginning of the end of combat step (603.7).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.combat.declare import (
    attackers,
    blockers_of,
    combat,
    defending_player,
    is_blocked,
)
from reference_engine.core.amounts import AmountContext, amount
from reference_engine.core.context import ResolveContext, reference
from reference_engine.core.registry import block_restriction
from reference_engine.layers.filters import FilterContext, filter_key
from reference_engine.layers.system import compute_all
from reference_engine.triggers.abilities import trigger_matcher
from reference_engine.triggers.keyword_instances import triggered_keyword

if TYPE_CHECKING:
    from reference_engine.core.characteristics import Characteristics
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import Event, GameState

__all__: list[str] = []


def _pump(power: Any, toughness: Any) -> dict[str, Any]:
    return {"type": "continuous", "target": "self",
            "op": {"type": "modify_pt", "power": power, "toughness": toughness}}


def _trig(keyword: str, n: int | None, event: str, effects: list[dict[str, Any]],
          **more: Any) -> dict[str, Any]:
    text = keyword.capitalize() + ("" if n is None else f" {n}")
    return {"kind": "triggered", "keyword": keyword, "text": text,
            "trigger": {"event": event, **more.pop("trigger", {})}, "effects": effects, **more}


def _n(n: int | None) -> int:
    return 1 if n is None else n


triggered_keyword("rampage", lambda n: [_trig(
    "rampage", _n(n), "becomes_blocked",
    [_pump({"blockers_beyond_first": _n(n)}, {"blockers_beyond_first": _n(n)})])])
triggered_keyword("flanking", lambda n: [_trig(
    "flanking", None, "becomes_blocked_by_creature",
    [{"type": "modify_event_object", "power": -1, "toughness": -1}],
    trigger={"filter": {"not": {"keyword": "flanking"}}})])
triggered_keyword("bushido", lambda n: [
    _trig("bushido", _n(n), "blocks", [_pump(_n(n), _n(n))]),
    _trig("bushido", _n(n), "becomes_blocked", [_pump(_n(n), _n(n))])])
triggered_keyword("frenzy", lambda n: [_trig(
    "frenzy", _n(n), "attacks_unblocked", [_pump(_n(n), 0)])])
triggered_keyword("poisonous", lambda n: [_trig(
    "poisonous", _n(n), "deals_combat_damage_to_player",
    [{"type": "put_counters", "target": "event_player", "counter": "poison",
      "amount": _n(n)}])])
triggered_keyword("annihilator", lambda n: [_trig(
    "annihilator", _n(n), "attacks",
    [{"type": "sacrifice", "player": "defending_player", "amount": _n(n)}])])
triggered_keyword("battle cry", lambda n: [_trig(
    "battle cry", None, "attacks",
    [{"type": "continuous", "affected": {"attacking": True, "other": True},
      "op": {"type": "modify_pt", "power": 1, "toughness": 0}}])])
triggered_keyword("dethrone", lambda n: [_trig(
    "dethrone", None, "attacks_player_with_most_life",
    [{"type": "put_counters", "target": "self", "counter": "+1/+1", "amount": 1}])])
triggered_keyword("prowess", lambda n: [_trig(
    "prowess", None, "cast_noncreature_spell", [_pump(1, 1)])])
triggered_keyword("melee", lambda n: [_trig(
    "melee", None, "attacks",
    [_pump({"opponents_attacked": True}, {"opponents_attacked": True})])])
triggered_keyword("afflict", lambda n: [_trig(
    "afflict", _n(n), "becomes_blocked",
    [{"type": "lose_life", "target": "defending_player", "amount": _n(n)}])])
triggered_keyword("mentor", lambda n: [_trig(
    "mentor", None, "attacks",
    [{"type": "put_counters", "target": "t", "counter": "+1/+1", "amount": 1}],
    targets=[{"name": "t", "kind": "creature",
              "filter": {"attacking": True, "power_less_than_source": True}}])])
triggered_keyword("decayed", lambda n: [_trig(
    "decayed", None, "attacks",
    [{"type": "delayed_trigger", "trigger": {"event": "beginning_of_step", "step": "end-of-combat"},
      "effects": [{"type": "sacrifice", "target": "self"}]}])])
triggered_keyword("training", lambda n: [_trig(
    "training", None, "attacks_with_greater_power",
    [{"type": "put_counters", "target": "self", "counter": "+1/+1", "amount": 1}])])


@block_restriction(cr="702.147a")
def _decayed_cant_block(state: GameState, blocker: GameObject,
                        attacker: GameObject) -> str | None:
    """Check 702.147a: a creature with decayed can't block."""
    if compute_all(state)[blocker.id].has_keyword("decayed"):
        return f"{blocker.name_for_log} has decayed: it can't block (CR 702.147a)"
    return None


# -- references, amounts, filter keys ------------------------------------------------------------

def _source_of(ctx: ResolveContext) -> int:
    return ctx.source_id


@reference("defending_player")
def _defending(ctx: ResolveContext, arg: Any) -> list[dict[str, Any]]:
    """"Defending player" of an ability whose source is attacking: the player it attacks, or
    who controls or protects the planeswalker or battle it attacks (CR 506.2, 508.5); none if
    the source is no longer attacking."""
    defender = attackers(ctx.state).get(_source_of(ctx))
    player = defending_player(ctx.state, defender) if defender is not None else None
    return [{"player": player}] if player is not None else []


@amount("blockers_beyond_first", arg="int", cr=("702.23a", "702.23b"),
        example='Rampage 2: {blockers_beyond_first = 2}')
def _beyond_first(ctx: AmountContext, arg: Any) -> int:
    """N for each creature blocking this creature beyond the first, counted now (702.23b)."""
    if ctx.source is None:
        return 0
    return int(arg) * max(0, len(blockers_of(ctx.state, ctx.source)) - 1)


@amount("opponents_attacked", arg="bool", cr=("702.121a", "506.2"),
        example='Melee: {opponents_attacked = true}')
def _opponents_attacked(ctx: AmountContext, arg: Any) -> int:
    """The number of opponents of "you" that creatures you controlled attacked this combat
    (a player attacked directly, 506.2; 702.121a)."""
    you = ctx.player(None)
    record = combat(ctx.state)
    seen: set[str] = set()
    for oid, defender in record["attackers"].items():
        if record["controllers"].get(oid) not in (None, you):
            continue
        if isinstance(defender, str) and defender in ctx.state.opponents(you):
            seen.add(defender)
    return len(seen)


@filter_key("power_less_than_source", characteristic=True)
def _power_below(state: GameState, obj: GameObject, chars: Characteristics, value: Any,
                 ctx: FilterContext) -> bool:
    """true: has power less than the source's power ("power less than this creature's
    power", mentor 702.134a); an object without power never matches."""
    if ctx.source is None or not isinstance(chars.power, int):
        return False
    source = compute_all(state).get(ctx.source)
    if source is None or not isinstance(source.power, int):
        return False
    return (chars.power < source.power) == bool(value)


# -- trigger events -------------------------------------------------------------------------------

@trigger_matcher("attacks_player_with_most_life", cr=("702.105a",),
                 example='Dethrone: {event = "attacks_player_with_most_life"}')
def _attacks_richest(state: GameState, obj: GameObject, spec: Mapping[str, Any],
                     event: Event) -> bool:
    """Whenever this creature attacks the player with the most life or tied for most life
    (a player, not a planeswalker or battle; 702.105a)."""
    if event.kind != "attacks" or event.details.get("object") != obj.id:
        return False
    defender = event.details.get("defender")
    if not isinstance(defender, str) or defender not in state.players:
        return False
    most = max(state.players[p].life for p in state.in_game())
    return state.players[defender].life >= most


@trigger_matcher("attacks_with_greater_power", cr=("702.149a",),
                 example='Training: {event = "attacks_with_greater_power"}')
def _attacks_with_bigger(state: GameState, obj: GameObject, spec: Mapping[str, Any],
                         event: Event) -> bool:
    """Whenever this creature and at least one other creature with greater power attack
    (702.149a): judged as the attackers are declared."""
    if event.kind != "attacks" or event.details.get("object") != obj.id:
        return False
    chars = compute_all(state)
    own = chars[obj.id].power
    if not isinstance(own, int):
        return False
    return any(isinstance(p := chars[o].power, int) and p > own
               for o in attackers(state) if o != obj.id and o in chars)


@trigger_matcher("attacks_unblocked", cr=("509.1h", "702.68a"),
                 example='Frenzy: {event = "attacks_unblocked"}')
def _attacks_unblocked(state: GameState, obj: GameObject, spec: Mapping[str, Any],
                       event: Event) -> bool:
    """Whenever this creature attacks and isn't blocked: as blockers have been declared, it
    is an attacking creature that no creature blocks (509.1h)."""
    return (event.kind == "blockers-declared" and obj.id in attackers(state)
            and not is_blocked(state, obj.id))

