"""More keywords of permanents that stand for triggered or static abilities, as data:
cumulative upkeep (702.24), soulshift (702.46), graft (702.58), absorb (702.64), extort
(702.101), ingest (702.115).

Each is card data ``{kind = "keyword", keyword = "<name>"}`` (with ``n`` for a number, ``cost``
or ``life`` for a cost). The triggered ones whose instances trigger separately are registered
with :func:`reference_engine.triggers.keyword_instances.triggered_keyword` (so a keyword granted
by name, "soulshift 3", counts too); the ones with a cost or a static part are expanded after
layer 6 with :func:`reference_engine.layers.keywords.keyword_expansion`, one set per keyword
ability table (each instance separately):

* Cumulative upkeep [cost] (702.24a): at the beginning of your upkeep, put an age counter on it,
  then sacrifice it unless you pay [cost] once for each age counter on it (``unless_pays`` with
  ``times``). Each instance triggers on its own and counts every age counter on the permanent as
  it resolves (702.24b). ``cost`` is mana; ``life = N`` is "Cumulative upkeep—Pay N life".
* Soulshift N (702.46a-b): when this dies, you may return target Spirit card with mana value N
  or less from your graveyard to your hand.
* Graft N (702.58a-b): enters with N +1/+1 counters; whenever another creature enters, if this
  has a +1/+1 counter, you may move one from this onto that creature (effect ``move_counter``).
* Absorb N (702.64a-c): prevent N of the damage each source would deal to this creature at one
  time (a damage replacement with ``recipient = "self"``); each instance applies separately.
* Extort (702.101a-b): whenever you cast a spell, you may pay {W/B}; if you do, each opponent
  loses 1 life and you gain the life lost this way.
* Ingest (702.115a-b): whenever this deals combat damage to a player, that player exiles the
  top card of their library (effect ``exile_top``).
* Unleash (702.98a): you may have it enter with an additional +1/+1 counter (choice ``pay``,
  a free optional cost); it can't block as long as it has a +1/+1 counter.
* Riot (702.136a-b): you may have it enter with an additional +1/+1 counter (choice ``pay``);
  if you don't, it gains haste. Each instance is a choice of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from reference_engine.core.context import ResolveContext, effect, objects_of
from reference_engine.damage.counter_replacements import put_counters
from reference_engine.layers.keywords import keyword_expansion
from reference_engine.layers.values import players_of
from reference_engine.triggers.keyword_instances import triggered_keyword

__all__: list[str] = []

_UPKEEP = {"event": "beginning_of_step", "step": "upkeep", "player": "you"}


def _n(n: int | None) -> int:
    return 1 if n is None else n


def _number(ability: Mapping[str, Any]) -> int:
    n = ability.get("n")
    return int(n) if isinstance(n, int) and not isinstance(n, bool) else 1


@keyword_expansion(lambda name: name == "cumulative upkeep")
def _cumulative_upkeep(ability: Mapping[str, Any]) -> list[dict[str, Any]]:
    """702.24a: an age counter at your upkeep, then pay the cost for each age counter on it or
    sacrifice it; every age counter counts, whichever instance put it there (702.24b)."""
    pay: dict[str, Any] = {"type": "unless_pays", "times": {"counters": {"kind": "age"}},
                           "effects": [{"type": "sacrifice", "target": "self"}]}
    if "life" in ability:
        pay["life"] = ability["life"]
        text = f"Cumulative upkeep—Pay {ability['life']} life"
    else:
        pay["mana"] = str(ability.get("cost", "{0}"))
        text = f"Cumulative upkeep {pay['mana']}"
    return [{"kind": "triggered", "text": str(ability.get("text") or text),
             "trigger": dict(_UPKEEP),
             "effects": [{"type": "put_counters", "target": "self", "counter": "age",
                          "amount": 1}, pay]}]


triggered_keyword("soulshift", lambda n: [{
    "kind": "triggered", "keyword": "soulshift", "text": f"Soulshift {_n(n)}", "optional": True,
    "trigger": {"event": "dies", "self": True},
    "targets": [{"name": "t", "kind": "card", "zone": "graveyard",
                 "filter": {"subtype": "Spirit", "owner": "you", "mana_value_max": _n(n)}}],
    "effects": [{"type": "return_to_hand", "target": "t", "from": "graveyard"}]}])


@keyword_expansion(lambda name: name == "graft")
def _graft(ability: Mapping[str, Any]) -> list[dict[str, Any]]:
    """702.58a: N +1/+1 counters as it enters; whenever another creature enters, if this has a
    +1/+1 counter, you may move one onto that creature."""
    n = _number(ability)
    return [{"kind": "replacement", "event": "enters", "counters": {"+1/+1": n}},
            {"kind": "triggered", "text": f"Graft {n}", "optional": True,
             "trigger": {"event": "enters", "filter": {"type": "Creature", "other": True}},
             "condition": {"source_has_counter": "+1/+1"},
             "effects": [{"type": "move_counter", "from": "self", "target": "event_object",
                          "counter": "+1/+1"}]}]


@keyword_expansion(lambda name: name == "absorb")
def _absorb(ability: Mapping[str, Any]) -> list[dict[str, Any]]:
    """702.64a-b: prevent N of the damage each source would deal to this creature at one time."""
    n = _number(ability)
    return [{"kind": "replacement", "event": "damage", "recipient": "self",
             "modify": {"prevent": n}, "text": f"Absorb {n}"}]


@keyword_expansion(lambda name: name == "unleash")
def _unleash(ability: Mapping[str, Any]) -> list[dict[str, Any]]:
    """702.98a: a +1/+1 counter as it enters if its controller wants; no blocking while it has
    a +1/+1 counter."""
    return [{"kind": "replacement", "event": "enters", "optional_cost": {},
             "paid": {"counters": {"+1/+1": 1}}, "text": "Unleash"},
            {"kind": "static", "rule": "cant_block", "affected": "self", "text": "Unleash",
             "condition": {"source_has_counter": "+1/+1"}}]


@keyword_expansion(lambda name: name == "riot")
def _riot(ability: Mapping[str, Any]) -> list[dict[str, Any]]:
    """702.136a: a +1/+1 counter as it enters, or else haste."""
    return [{"kind": "replacement", "event": "enters", "optional_cost": {},
             "paid": {"counters": {"+1/+1": 1}}, "otherwise": {"gains": ["haste"]},
             "text": "Riot"}]


triggered_keyword("extort", lambda n: [{
    "kind": "triggered", "keyword": "extort", "text": "Extort",
    "trigger": {"event": "spell_cast", "player": "you"},
    "effects": [{"type": "may_pay", "cost": "{W/B}", "effects": [
        {"type": "lose_life", "target": "each_opponent", "amount": 1},
        {"type": "gain_life", "amount": {"life_lost_this_way": True}}]}]}])

triggered_keyword("ingest", lambda n: [{
    "kind": "triggered", "keyword": "ingest", "text": "Ingest",
    "trigger": {"event": "deals_combat_damage_to_player"},
    "effects": [{"type": "exile_top", "player": "event_player", "amount": 1}]}])


@effect("move_counter", params={
    "from": "ref: the permanent the counter leaves (default self)",
    "target": "ref: the permanent it goes to",
    "counter": "str: the kind (default +1/+1)"},
    cr=("122.5", "702.58a"),
    example='Graft: {type = "move_counter", from = "self", target = "event_object"}')
def _move_counter(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Move one counter of a kind from one permanent onto another (122.5): nothing moves if the
    first has none or either is no longer on the battlefield."""
    kind = str(p.get("counter", "+1/+1"))
    sources = objects_of(ctx, ctx.refs({"target": p.get("from", "self")}))
    dests = [o for o in objects_of(ctx, ctx.refs(p)) if o.zone == "battlefield"]
    source = next((o for o in sources if o.zone == "battlefield"), None)
    if (source is None or not dests or dests[0].id == source.id
            or source.counters.get(kind, 0) <= 0):
        return
    have = source.counters[kind]
    source.counters[kind] = have - 1
    if have == 1:
        del source.counters[kind]
    ctx.state.log("counters-removed", object=source.id, counter=kind, amount=1, left=have - 1)
    put_counters(ctx.state, dests[0], kind, 1)
    ctx.state.changed()


@effect("exile_top", params={
    "player": "player: whose library (default the controller)",
    "amount": "amount: how many cards (default 1)"},
    cr=("406.1", "702.115a"),
    example='Ingest: {type = "exile_top", player = "event_player"}')
def _exile_top(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Each player referred to exiles the top card(s) of their library (fewer if it has fewer,
    ingest 702.115a)."""
    for player in players_of(ctx, p.get("player", "controller")):
        for _ in range(max(ctx.amount(p.get("amount", 1)), 0)):
            library = ctx.state.zone_list("library", player)
            if not library:
                break
            ctx.state.move(ctx.state.objects[library[0]], "exile")
