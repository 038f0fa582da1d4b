"""Producing mana (CR 106, 605): what a mana ability adds, "could produce", and the replacement
effects and triggers on tapping a permanent for mana.

A mana ability is card data ``{kind = "mana", cost = {...}, produce = ...}`` (costs: see
:mod:`reference_engine.casting.activated`). ``produce`` is one of:

* ``"{C}{C}"``: exactly that mana;
* ``{one_of = ["W", "U"], amount = 1}``: ``amount`` mana of one type chosen among these
  (choice ``mana``, answered with a type letter);
* ``{any_color = true}``: one mana of any color;
* ``{commander_identity = true}``: one mana of any color in the controller's commander's color
  identity (Command Tower; CR 903.4), none without a commander (903.4f);
* ``{could_produce = {filter}, colors_only = false}``: one mana of a type (or only a color) that
  a permanent matching the filter could produce (Reflecting Pool, Fellwar Stone; CR 106.7).

An ability that would produce mana of an undefined type produces none (CR 106.5). Riders such as
``spend_only = {spell = {filter}}`` travel with each unit and never change its type (CR 106.6).

Replacement effects on "tapped for mana" (CR 106.12b) are static data on a permanent:
``{kind = "replacement", event = "tapped_for_mana", filter = {...}, multiply = 2}`` ("produces
twice as much of that mana instead") or ``produce = "{B}"`` ("produces {B} instead of any other
type and amount"). Triggers ``{event = "tapped_for_mana", filter = {...}, mana_type = "G"}``
fire when such an ability resolves and produces (that type of) mana (CR 106.12a).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import TYPE_CHECKING, Any

from reference_engine.core.amounts import AmountContext, evaluate
from reference_engine.core.characteristics import Characteristics
from reference_engine.core.choices import choose
from reference_engine.core.context import ResolveContext, effect
from reference_engine.core.errors import RulesViolation, SetupError
from reference_engine.core.objects import GameObject
from reference_engine.core.registry import query
from reference_engine.core.symbols import parse_mana_cost
from reference_engine.layers.amounts import selected
from reference_engine.layers.filters import FilterContext, matches
from reference_engine.layers.system import compute_all, static_abilities
from reference_engine.mana.pool import MANA_TYPES, SpendCheck, add_mana
from reference_engine.sba.commander import commander_identity
from reference_engine.triggers.abilities import declines_optional, trigger_matcher

if TYPE_CHECKING:
    from reference_engine.core.handlers import GameView
    from reference_engine.core.state import Event, GameState

__all__ = [
    "COLOR_TYPES",
    "Proposal",
    "choose_type",
    "could_produce",
    "has_tap_cost",
    "is_mana_ability",
    "is_triggered_mana_ability",
    "mana_abilities",
    "produce_mana",
    "proposal",
    "sort_types",
    "spend_check",
]

#: The five colored mana types (CR 106.1a); colorless is "C".
COLOR_TYPES = ("W", "U", "B", "R", "G")
_ORDER = {t: i for i, t in enumerate(MANA_TYPES)}


def sort_types(types: Sequence[str] | set[str]) -> list[str]:
    """Mana types in the canonical WUBRGC order."""
    return sorted(types, key=_ORDER.__getitem__)


def is_mana_ability(ability: Mapping[str, Any]) -> bool:
    """True for an activated mana ability written as data (CR 605.1a)."""
    return ability.get("kind") == "mana"


def has_tap_cost(ability: Mapping[str, Any]) -> bool:
    """True if {T} is part of the ability's activation cost (CR 107.5)."""
    cost = ability.get("cost", {})
    return isinstance(cost, Mapping) and bool(cost.get("tap"))


def mana_abilities(chars: Characteristics) -> list[dict[str, Any]]:
    """The mana abilities among ``chars``' abilities, in order (intrinsic ones first, 305.6)."""
    return [a for a in chars.abilities if is_mana_ability(a)]


@dataclass(frozen=True)
class Proposal:
    """What a mana ability would add: ``fixed`` mana, or ``amount`` of one of ``options``."""

    fixed: tuple[str, ...] | None
    options: tuple[str, ...] = ()
    amount: int = 1

    def outcomes(self) -> list[list[str]]:
        """Every list of mana the ability could add (one per choice)."""
        if self.fixed is not None:
            return [list(self.fixed)] if self.fixed else []
        return [[t] * self.amount for t in self.options]


_LKI = "mana_sources_lki"
_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G",
          "colorless": "C"}


def choose_type(state: GameState, name: str, options: Sequence[str]) -> str:
    """The type of mana chosen for choice ``name`` among ``options`` (letters), answered with a
    letter (``"U"``) or a word (``"blue"``, ``"colorless"``)."""
    if len(options) == 1:
        return options[0]
    words = [w for w, t in _WORDS.items() if t in options]
    answer = str(choose(state, name, list(options) + words))
    return _WORDS.get(answer, answer)


def _type_letter(value: Any, where: str) -> str:
    text = str(value).strip("{}").upper()
    if text not in MANA_TYPES:
        raise SetupError(f"{where}: {value!r} is not a mana type (one of {', '.join(MANA_TYPES)})")
    return text


def _hybrid_halves(text: str) -> list[str] | None:
    """The two halves of a hybrid symbol's text ("R/G", "2/W", "C/U"), or None."""
    halves = text.split("/")
    if len(halves) == 2 and "P" not in halves:
        return halves
    return None


def symbol_mana(state: GameState, text: str, where: str) -> list[str]:
    """The mana an effect adds for one mana symbol (without braces): a type letter adds that
    mana; a generic number that much colorless mana (106.10); a snow symbol one colorless
    (106.11); a Phyrexian symbol one mana of its color (106.9); a hybrid symbol the half its
    player chooses (choice ``hybrid``, answered with the half: "R", "2", a color word), one
    mana of a colored half or its number of colorless for a generic half (106.8)."""
    upper = text.upper()
    if upper.isdigit():
        return ["C"] * int(upper)
    if upper == "S":
        return ["C"]
    halves = upper.split("/")
    if len(halves) == 2 and halves[1] == "P":
        return [_type_letter(halves[0], where)]
    hybrid = _hybrid_halves(upper)
    if hybrid is not None:
        words = {w: t for w, t in _WORDS.items() if t in hybrid}
        answer = str(choose(state, "hybrid", hybrid + list(words)))
        half = words.get(answer, answer.strip("{}").upper())
        if half not in hybrid:
            raise RulesViolation("illegal-choice", f"{answer!r} is not a half of {{{text}}} "
                                 "(CR 106.8)")
        return symbol_mana(state, half, where)
    return [_type_letter(upper, where)]


def proposal(state: GameState, source: GameObject, ability: Mapping[str, Any], controller: str,
             visiting: frozenset[int] = frozenset()) -> Proposal:
    """What ``ability`` of ``source`` would add for ``controller`` if it resolved now."""
    produce = ability.get("produce")
    if isinstance(produce, str):
        symbols = [s.text.upper() for s in parse_mana_cost(produce).symbols]
        hybrid = _hybrid_halves(symbols[0]) if len(symbols) == 1 else None
        if hybrid is not None and all(not h.isdigit() for h in hybrid):
            # "Add {R/G}": one mana of either half's color (106.8).
            return Proposal(fixed=None, options=tuple(_type_letter(h, "produce")
                                                      for h in hybrid))
        if any(_hybrid_halves(t) for t in symbols):
            raise SetupError(f"{source.card.name}: a mana ability producing {produce} needs "
                             "the add_mana effect (hybrid halves are chosen as it resolves)")
        return Proposal(fixed=tuple(t for sym in symbols for t in symbol_mana(state, sym,
                                                                              "produce")))
    if not isinstance(produce, Mapping):
        raise SetupError(f"a mana ability of {source.card.name} needs 'produce'")
    amount = _produced_amount(state, source, produce.get("amount", 1), controller)
    if "colors_among" in produce:
        # "For each color among permanents you control, add one mana of that color."
        actx = _amounts(state, source, controller)
        colors = {c.value for o in selected(actx, produce["colors_among"])
                 for c in actx.chars_of(o.id).colors}
        return Proposal(fixed=tuple(t for t in COLOR_TYPES if t in colors))
    if "one_of" in produce:
        options = tuple(_type_letter(t, "produce.one_of") for t in produce["one_of"])
    elif produce.get("any_color"):
        options = COLOR_TYPES
    elif produce.get("commander_identity"):
        # "Any color in your commander's color identity" (903.4): none if the controller has
        # no commander, the quality being undefined (903.4f, 106.5).
        identity = commander_identity(state, controller) or set()
        options = tuple(t for t in COLOR_TYPES if any(c.value == t for c in identity))
    elif "could_produce" in produce:
        found: set[str] = set()
        fctx = FilterContext(you=controller, source=source.id)
        for obj in state.battlefield():
            if matches(state, obj, produce["could_produce"], ctx=fctx):
                found |= could_produce(state, obj, visiting | {source.id})
        if produce.get("colors_only"):
            found &= set(COLOR_TYPES)
        options = tuple(sort_types(found))
    else:
        raise SetupError(f"unknown 'produce' {dict(produce)!r} on {source.card.name}")
    return Proposal(fixed=None, options=options, amount=amount)


def _amounts(state: GameState, source: GameObject, controller: str) -> AmountContext:
    chars = compute_all(state)
    return AmountContext(state=state, you=controller, source=source.id,
                         chars_of=chars.__getitem__)


def _produced_amount(state: GameState, source: GameObject, value: Any, controller: str) -> int:
    """How much mana: an integer or a counted amount, counted as the ability resolves ("add
    {G} for each Elf you control", CR 106.1, 608.2h); never less than 0 (107.1b)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return max(value, 0)
    return max(evaluate(value, _amounts(state, source, controller)), 0)


# -- replacement effects on tapping for mana (CR 106.12b, 614, 616.1) -----------------------------

@dataclass(frozen=True)
class _Replacement:
    id: str
    source: GameObject
    data: Mapping[str, Any]


def _replacements(state: GameState, tapped: GameObject, tapped_chars: Characteristics,
                  mana: Sequence[str]) -> list[_Replacement]:
    """The tapped-for-mana replacement effects that apply to this production event."""
    chars = compute_all(state)
    out = []
    for src, ability in static_abilities(state, chars, kind="replacement"):
        if ability.get("event") != "tapped_for_mana":
            continue
        fctx = FilterContext(you=src.controller, source=src.id)
        if not matches(state, tapped, ability.get("filter", {}), ctx=fctx, chars=tapped_chars):
            continue
        wanted = ability.get("mana_type")
        if wanted is not None and _type_letter(wanted, "mana_type") not in mana:
            continue
        out.append(_Replacement(src.handle or f"{src.card.name}#{src.id}", src, ability))
    return out


def _apply(rep: _Replacement, mana: list[str]) -> list[str]:
    """Apply one replacement to the mana being produced."""
    if "produce" in rep.data:
        return [_type_letter(s.text, "produce")
                for s in parse_mana_cost(str(rep.data["produce"])).symbols]
    factor = int(rep.data.get("multiply", 1))
    return [t for t in mana for _ in range(factor)]


def _replace(state: GameState, tapped: GameObject, tapped_chars: Characteristics,
             mana: list[str], order: Sequence[str] | None) -> list[str]:
    """Apply every applicable replacement once (CR 616.1): while any applies, the controller of
    the tapped permanent picks one (``order`` lists replacement ids; by default the earliest)."""
    used: set[str] = set()
    while mana:
        reps = [r for r in _replacements(state, tapped, tapped_chars, mana) if r.id not in used]
        if not reps:
            break
        ranked = [r for rid in (order or []) for r in reps if r.id == rid]
        rep = ranked[0] if ranked else min(reps, key=lambda r: r.source.timestamp)
        used.add(rep.id)
        mana = _apply(rep, mana)
    return mana


def _replaced_outcomes(state: GameState, tapped: GameObject, tapped_chars: Characteristics,
                       mana: list[str]) -> list[list[str]]:
    """Every result of the applicable replacements in every possible order (CR 106.7)."""
    reps = _replacements(state, tapped, tapped_chars, mana)
    if not reps:
        return [mana]
    return [_replace(state, tapped, tapped_chars, list(mana), [r.id for r in perm])
            for perm in permutations(reps)]


def could_produce(state: GameState, obj: GameObject,
                  visiting: frozenset[int] = frozenset()) -> set[str]:
    """Check 106.7: the mana types ``obj`` could produce: what its mana abilities would add if
    they resolved now, with applicable replacement effects in any order, ignoring costs.

    ``visiting`` breaks cycles (a Reflecting Pool asking about itself adds nothing).
    """
    if obj.id in visiting or obj.id not in state.objects:
        return set()
    visiting = visiting | {obj.id}
    chars = compute_all(state)[obj.id]
    found: set[str] = set()
    for ability in mana_abilities(chars):
        for mana in proposal(state, obj, ability, obj.controller, visiting).outcomes():
            if has_tap_cost(ability):
                for result in _replaced_outcomes(state, obj, chars, mana):
                    found |= set(result)
            else:
                found |= set(mana)
    return found


def produce_mana(state: GameState, source: GameObject, source_chars: Characteristics,
                 ability: Mapping[str, Any], player: str) -> list[str]:
    """Resolve a mana ability (CR 605.3b): add its mana to ``player``'s pool and return it.

    An undefined type adds nothing (106.5). If the ability has {T} in its cost the permanent
    is "tapped for mana" (106.12): replacement effects modify the production (106.12b) and, if
    mana was produced, a ``tapped-for-mana`` event is logged for triggers (106.12a).
    """
    prop = proposal(state, source, ability, player)
    if prop.fixed is not None:
        mana = list(prop.fixed)
    elif not prop.options:
        mana = []  # 106.5: no type can be defined, so no mana
    else:
        mana = [choose_type(state, "mana", prop.options)] * prop.amount
    tapped_for_mana = has_tap_cost(ability)
    if mana and tapped_for_mana:
        order = choose(state, "mana_replacement_order", None, default=[], has_default=True)
        mana = _replace(state, source, source_chars, mana, list(order))
    riders = {k: ability[k] for k in ("spend_only",) if k in ability}
    if source_chars.has_supertype("Snow"):
        riders["snow"] = True  # 107.4h: mana from a snow source can pay {S}
    for t in mana:
        add_mana(state, player, t, source=source.id, **riders)
    state.log("mana-added", player=player, source=source.id, mana=list(mana))
    if mana and tapped_for_mana:
        # Last known information, for triggers that look at a source sacrificed as a cost.
        state.extra.setdefault(_LKI, {})[source.id] = (source, source_chars)
        event = state.log("tapped-for-mana", object=source.id, card=source.card.name,
                          player=player, mana=list(mana))
        _resolve_triggered_mana_abilities(state, event)
    return mana


# -- triggered mana abilities (CR 605.1b, 605.4a) -------------------------------------------------

def is_triggered_mana_ability(ability: Mapping[str, Any]) -> bool:
    """Check 605.1b: a triggered ability with no target that triggers from a mana ability and
    could add mana is a mana ability."""
    trigger = ability.get("trigger", {})
    return (ability.get("kind") == "triggered" and not ability.get("targets")
            and isinstance(trigger, Mapping) and trigger.get("event") == "tapped_for_mana"
            and any(e.get("type") == "add_mana" for e in ability.get("effects", [])))


def _event_matches(state: GameState, obj: GameObject, spec: Mapping[str, Any],
                   event: Event) -> bool:
    oid = int(event.details["object"])
    tapped = state.objects.get(oid)
    chars: Characteristics | None = None
    if tapped is None:  # it left the battlefield: use its last known information
        if oid not in state.extra.get(_LKI, {}):
            return False
        tapped, chars = state.extra[_LKI][oid]
    fctx = FilterContext(you=obj.controller, source=obj.id)
    if not matches(state, tapped, spec.get("filter", {}), ctx=fctx, chars=chars):
        return False
    wanted = spec.get("mana_type")
    return wanted is None or _type_letter(wanted, "mana_type") in event.details["mana"]


def _mana_of_effect(state: GameState, eff: Mapping[str, Any], event: Event | None) -> list[str]:
    """The mana an ``add_mana`` effect adds: ``mana = "{B}{B}{B}"``, ``any_color = n`` (n mana,
    each of any color: choice ``mana``), or ``same_as_event = true`` for "one mana of any type
    that land produced" (choice ``mana_trigger``)."""
    if eff.get("any_color"):
        # "Add one mana of any color" / "two mana in any combination of colors" as an effect
        # (106.1, 106.3): choice ``mana``, a color for each mana (a list when several).
        n = int(eff["any_color"])
        answer = choose(state, str(eff.get("choice", "mana")), None)
        picks = answer if isinstance(answer, list) else [answer]
        if len(picks) != n:
            raise RulesViolation("illegal-choice", f"choose {n} color(s) of mana, not "
                                 f"{answer!r} (CR 106.1)")
        out = []
        for pick in picks:
            letter = _WORDS.get(str(pick), str(pick).strip("{}").upper())
            if letter not in COLOR_TYPES:
                raise RulesViolation("illegal-choice", f"{pick!r} is not a color of mana "
                                     "(CR 106.1a)")
            out.append(letter)
        return out
    if eff.get("same_as_event"):
        produced = sort_types(set(event.details["mana"])) if event is not None else []
        if not produced:
            return []  # 106.5: no type can be defined
        return [choose_type(state, "mana_trigger", produced)]
    return [t for s in parse_mana_cost(str(eff.get("mana", ""))).symbols
            for t in symbol_mana(state, s.text, "add_mana")]


def _add_mana_for(state: GameState, source: GameObject, controller: str,
                  eff: Mapping[str, Any], event: Event | None) -> None:
    who = eff.get("to", "controller")
    if who == "event_player" and event is not None:
        player = str(event.details.get("player"))
    elif who == "controller":
        player = controller
    else:
        player = str(who)
    if player not in state.players:
        raise SetupError(f"add_mana: unknown player {who!r}")
    mana = _mana_of_effect(state, eff, event)
    for t in mana:
        add_mana(state, player, t, source=source.id)
    state.log("mana-added", player=player, source=source.id, mana=mana)


def _resolve_triggered_mana_abilities(state: GameState, event: Event) -> None:
    """Check 605.4a: triggered mana abilities resolve right after the mana ability that
    triggered them, without the stack and without waiting for priority."""
    chars = compute_all(state)
    for obj in state.battlefield():
        for ability in chars[obj.id].abilities:
            if is_triggered_mana_ability(ability) and _event_matches(
                    state, obj, ability["trigger"], event):
                if declines_optional(state, ability):  # 603.5: "you may add ..."
                    state.log("declined", source=obj.id, card=obj.card.name)
                    continue
                state.log("mana-trigger", source=obj.id, card=obj.card.name)
                for eff in ability.get("effects", []):
                    if eff.get("type") == "add_mana":
                        _add_mana_for(state, obj, obj.controller, eff, event)


@effect("add_mana")
def _add_mana_effect(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Add mana (CR 106.3-106.4): ``mana = "{B}{B}{B}"``, ``any_color = n`` ("add one mana of any
    color", "two mana in any combination of colors": choice ``mana``, a color word or a list of
    them), or ``same_as_event = true``; to the controller unless ``to`` names
    ``"event_player"`` or a player."""
    source = ctx.state.objects.get(ctx.source_id, ctx.obj)
    _add_mana_for(ctx.state, source, ctx.controller, p, ctx.obj.extra.get("trigger_event"))


@trigger_matcher("tapped_for_mana")
def _tapped_for_mana(state: GameState, obj: GameObject, spec: Mapping[str, Any],
                     event: Event) -> bool:
    """Check 106.12a: a permanent matching ``filter`` was tapped for mana (of ``mana_type``)."""
    if event.kind != "tapped-for-mana":
        return False
    for ability in compute_all(state)[obj.id].abilities:
        if ability.get("trigger") == spec and is_triggered_mana_ability(ability):
            return False  # a mana ability: it already resolved with the mana ability (605.4a)
    return _event_matches(state, obj, spec, event)


# -- spending restrictions (CR 106.6) ------------------------------------------------------------

def spend_check(state: GameState, *, spell: GameObject | None = None,
                ability_source: GameObject | None = None) -> SpendCheck:
    """Which pool units may pay for ``spell`` (being cast) or an ability of ``ability_source``.

    A unit with ``spend_only = {spell = filter}`` pays only for a spell matching the filter;
    ``spend_only = {ability = filter}`` only for abilities of matching sources;
    ``spend_only = {not_spell = filter}`` pays for anything but casting a spell matching the
    filter (a Powerstone's "can't be spent to cast a nonartifact spell", 111.10h). Units
    without riders pay for anything. The rider never changes the unit's type (106.6).
    """
    def can_spend(unit: Mapping[str, Any]) -> bool:
        only = unit.get("spend_only")
        if not only:
            return True
        if "not_spell" in only:
            return spell is None or not matches(
                state, spell, only["not_spell"], ctx=FilterContext(you=spell.controller))
        if spell is not None and "spell" in only:
            return matches(state, spell, only["spell"], ctx=FilterContext(you=spell.controller))
        if ability_source is not None and "ability" in only:
            return matches(state, ability_source, only["ability"],
                           ctx=FilterContext(you=ability_source.controller))
        return False
    return can_spend


@query("could_produce")
def _could_produce(game: GameView, q: Mapping[str, Any]) -> list[str]:
    """The mana types a permanent could produce (CR 106.7), in WUBRGC order."""
    return sort_types(could_produce(game.state, game.object(q.get("object"))))
