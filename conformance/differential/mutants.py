"""Deliberately wrong engines: the reference engine with one ruling broken each.

They prove that the generated cases and the differential runs find bugs (``tests/
test_generators_mutants.py``). Each is an ordinary adapter, usable by name as
``conformance.differential.mutants:<Class>``
(``mtgconf run --adapter conformance.differential.mutants:SplitOneHalf``).
A mutant changes only the answers its bug touches and reports its own adapter name.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

from conformance.adapter import AdapterInfo, Outcome, StartRequest
from conformance.adapters.reference import ReferenceAdapter, ReferenceSession
from generators.rules import colors_of_cost, mana_value_of_cost
from reference_engine.core.objects import GameObject

#: An engine attribute or table entry a mutant replaces: (module or table, name or key, value).
Patch = tuple[Any, Any, Any]


@contextmanager
def _patched(patches: list[Patch]) -> Iterator[None]:
    """Replace each attribute (or list / dict entry) for the duration of the block."""
    saved: list[Patch] = []
    try:
        for holder, key, value in patches:
            if isinstance(holder, list | dict):
                saved.append((holder, key, holder[key]))
                holder[key] = value
            else:
                saved.append((holder, key, getattr(holder, key)))
                setattr(holder, key, value)
        yield
    finally:
        for holder, key, old in reversed(saved):
            if isinstance(holder, list | dict):
                holder[key] = old
            else:
                setattr(holder, key, old)


__all__ = [
    "MUTANTS",
    "DfcBackZero",
    "KickerInManaValue",
    "MutantAdapter",
    "SickManaTap",
    "SplitOneHalf",
    "TappedAttacker",
    "TokenWithoutSuffix",
]

_MV_QUERIES = ("mana_value", "characteristics")
_NAME_QUERIES = ("name", "characteristics")


class MutantSession:
    """A reference session whose answers pass through the mutant's ``alter``."""

    def __init__(self, inner: ReferenceSession, mutant: MutantAdapter, era: str) -> None:
        self.inner = inner
        self.mutant = mutant
        self.era = era
        self.query: Mapping[str, Any] = {}

    def perform(self, action: Mapping[str, Any]) -> Outcome:
        """Perform on the reference engine, unless the mutant decides otherwise."""
        with _patched(self.mutant.patches()):
            return self.mutant.perform(self, action)

    def observe(self, query: Mapping[str, Any]) -> Any:
        """The reference answer, altered by the mutant where its bug applies."""
        with _patched(self.mutant.patches()):
            value = self.inner.observe(query)
            self.query = query
            handle = query.get("object")
            if not isinstance(handle, str):
                return self.mutant.alter_global(self, str(query.get("query")), value)
            try:
                obj = self.inner.game.object(handle)
            except Exception:
                return value
            self.query = query
            return self.mutant.alter(self, str(query.get("query")), obj, value)

    def close(self) -> None:
        """End the game."""
        self.inner.close()


class MutantAdapter(ReferenceAdapter):
    """Base of the wrong engines: the reference engine with ``alter``/``perform`` hooks, and
    ``patches`` of engine functions applied only while this mutant's calls run."""

    #: Short name of the bug (the adapter is called ``mutant-<bug>``).
    bug = "none"
    #: The rules area of the broken rule (cases of that area are tried first).
    area = "casting"
    #: Whether a short differential run (:mod:`conformance.differential.fuzz`) finds it in one step.
    fuzzable = False
    #: The generator families whose cases catch it.
    families: tuple[str, ...] = ()

    def info(self) -> AdapterInfo:
        """The reference's info under the mutant's name."""
        return replace(super().info(), name=f"mutant-{self.bug}")

    def start(self, request: StartRequest) -> MutantSession:  # type: ignore[override]
        """Start a reference game wrapped in the mutant's session."""
        with _patched(self.patches()):
            return MutantSession(super().start(request), self, request.era)

    def patches(self) -> list[Patch]:
        """Engine attributes (or table entries) replaced while this mutant's games run:
        ``(holder, name or index, replacement)``; none by default."""
        return []

    def perform(self, session: MutantSession, action: Mapping[str, Any]) -> Outcome:
        """Perform ``action`` (the reference's behaviour unless overridden)."""
        return session.inner.perform(action)

    def alter(self, session: MutantSession, query: str, obj: GameObject, value: Any) -> Any:
        """The answer the mutant gives for ``query`` about ``obj`` (default: unchanged)."""
        return value

    def alter_global(self, session: MutantSession, query: str, value: Any) -> Any:
        """The answer the mutant gives for a ``query`` about no object (default: unchanged)."""
        return value


def _with_mana_value(query: str, value: Any, mv: int) -> Any:
    if query == "characteristics" and isinstance(value, dict):
        return {**value, "mana_value": mv}
    return mv if query == "mana_value" else value


class SplitOneHalf(MutantAdapter):
    """Bug: a split card off the stack has the mana value of its first half only (CR 709.4b)."""

    bug = "split-one-half"
    area = "characteristics"
    families = ("split-mana-value-combined",)
    fuzzable = True

    def alter(self, session: MutantSession, query: str, obj: GameObject, value: Any) -> Any:
        if query in _MV_QUERIES and obj.card.is_split and obj.zone != "stack" \
                and session.era == "modern":
            cost = obj.card.data.get("faces", [{}])[0].get("mana_cost", "")
            return _with_mana_value(query, value, mana_value_of_cost(cost))
        return value


class TokenWithoutSuffix(MutantAdapter):
    """Bug: a token named by its subtypes lacks the word "Token" (CR 111.4)."""

    bug = "token-without-suffix"
    area = "objects"
    families = ("token-names",)
    fuzzable = True

    def alter(self, session: MutantSession, query: str, obj: GameObject, value: Any) -> Any:
        if query in _NAME_QUERIES and obj.is_token:
            if query == "name" and isinstance(value, str) and value.endswith(" Token"):
                return value[: -len(" Token")]
            if isinstance(value, dict) and str(value.get("name", "")).endswith(" Token"):
                return {**value, "name": str(value["name"])[: -len(" Token")]}
        return value

    def alter_global(self, session: MutantSession, query: str, value: Any) -> Any:
        if query == "tokens" and isinstance(value, list):
            return [v[: -len(" Token")] if isinstance(v, str) and v.endswith(" Token") else v
                    for v in value]
        return value


_KICKER = re.compile(r"^Kicker ((?:\{[^}]+\})+)", re.MULTILINE)


class KickerInManaValue(MutantAdapter):
    """Bug: a card's kicker cost is counted into its mana value (CR 202.3, 118.8d)."""

    bug = "kicker-in-mana-value"
    area = "characteristics"
    families = ("kicker-outside-mana-cost",)
    fuzzable = True

    def alter(self, session: MutantSession, query: str, obj: GameObject, value: Any) -> Any:
        if query not in _MV_QUERIES or obj.card.is_split or not isinstance(
                value if query == "mana_value" else (value or {}).get("mana_value"), int):
            return value
        costs = [str(a.get("cost", "")) for a in obj.card.front.abilities
                 if a.get("kind") == "keyword" and a.get("keyword") == "kicker"]
        found = _KICKER.search(obj.card.front.oracle_text)
        if not costs and found is not None:
            costs = [found.group(1)]
        if not costs:
            return value
        base = value if query == "mana_value" else value["mana_value"]
        return _with_mana_value(query, value, base + mana_value_of_cost(costs[0]))


class DfcBackZero(MutantAdapter):
    """Bug: a transformed double-faced permanent has mana value 0 (CR 712.8e says: the front
    face's mana value)."""

    bug = "dfc-back-zero"
    area = "characteristics"
    families = ("dfc-mana-value",)
    fuzzable = True

    def alter(self, session: MutantSession, query: str, obj: GameObject, value: Any) -> Any:
        if query in _MV_QUERIES and obj.card.is_double_faced and obj.transformed:
            return _with_mana_value(query, value, 0)
        return value


class TappedAttacker(MutantAdapter):
    """Bug: a tapped creature may be declared as an attacker (CR 508.1a says it can't)."""

    bug = "tapped-attacker"
    area = "combat"
    families = ("attack-legality",)
    fuzzable = True

    def perform(self, session: MutantSession, action: Mapping[str, Any]) -> Outcome:
        if action.get("type") != "declare_attackers":
            return session.inner.perform(action)
        game = session.inner.game
        untapped: list[str] = []
        for entry in action.get("attackers", []):
            handle = entry.get("object") if isinstance(entry, Mapping) else entry
            try:
                attacker = game.object(handle)
            except Exception:
                continue
            if attacker.tapped:
                attacker.tapped = False  # the bug: tapped status is ignored
                untapped.append(str(handle))
        outcome = session.inner.perform(action)
        if not outcome.ok:  # a rejection restores the game: tap them again in the restored one
            for handle in untapped:
                session.inner.game.object(handle).tapped = True
        return outcome


class SickManaTap(MutantAdapter):
    """Bug: a summoning-sick creature may pay {T} for a mana ability (CR 302.6 says it can't)."""

    bug = "sick-mana-tap"
    area = "mana"
    families = ("tap-for-mana",)
    fuzzable = True

    def perform(self, session: MutantSession, action: Mapping[str, Any]) -> Outcome:
        outcome = session.inner.perform(action)
        if action.get("type") != "activate" or outcome.failure != "summoning-sick":
            return outcome
        source = session.inner.game.object(action.get("object"))
        since = source.controlled_since
        source.controlled_since = -1  # the bug: treated as controlled since long ago
        outcome = session.inner.perform(action)
        if not outcome.ok:
            source.controlled_since = since
        return outcome


# -- helpers of the wrong engines below --------------------------------------------------------


def _chars(session: MutantSession, obj: GameObject) -> Any:
    from reference_engine.layers.system import characteristics_of

    return characteristics_of(session.inner.game.state, obj.id)


def _object(session: MutantSession, handle: Any) -> GameObject | None:
    try:
        return session.inner.game.object(handle)
    except Exception:
        return None


def _sorcery_timing(session: MutantSession, player: str) -> bool:
    """CR 307.1: the player's own main phase, with an empty stack."""
    state = session.inner.game.state
    return (state.active_player == player and state.step in ("precombat-main", "postcombat-main")
            and not state.objects_in("stack"))


def _instant_speed(chars: Any) -> bool:
    return bool(chars.has_type("Instant") or chars.has_keyword("flash"))


def _controlled_this_turn(session: MutantSession, obj: GameObject) -> bool:
    state = session.inner.game.state
    return obj.controlled_since >= state.players[obj.controller].last_turn_began


def _printed_keywords(obj: GameObject) -> set[str]:
    faces = [obj.card.data, *obj.card.data.get("faces", [])]
    return {str(a.get("keyword")).casefold() for f in faces for a in f.get("abilities", [])
            if a.get("kind") == "keyword"}


def _taps(session: MutantSession, obj: GameObject, index: Any) -> bool:
    from reference_engine.casting.activated import activated_abilities

    abilities = activated_abilities(session.inner.game.state, obj)
    if not isinstance(index, int) or not 0 <= index < len(abilities):
        return False
    cost = abilities[index].get("cost", {})
    return isinstance(cost, Mapping) and bool(cost.get("tap"))


def _with_colors(query: str, value: Any, colors: list[str]) -> Any:
    if query == "characteristics" and isinstance(value, dict):
        return {**value, "colors": colors}
    return colors if query == "colors" else value


_CAST_QUERIES = ("can_cast",)


# -- casting -------------------------------------------------------------------------------------


class SorceryPrecombatOnly(MutantAdapter):
    """Bug: sorcery-speed spells can be cast only in the precombat main phase (CR 307.1 and
    505.1 allow either main phase)."""

    bug = "sorcery-precombat-only"
    area = "casting"
    families = ("flash-and-sorcery-timing",)

    def _refuses(self, session: MutantSession, obj: GameObject | None) -> bool:
        return (obj is not None and obj.zone != "stack"
                and session.inner.game.state.step == "postcombat-main"
                and not _instant_speed(_chars(session, obj)))

    def perform(self, session: MutantSession, action: Mapping[str, Any]) -> Outcome:
        if action.get("type") == "cast" and self._refuses(session,
                                                          _object(session, action.get("object"))):
            return Outcome.rejected("timing", "sorceries only before combat (the bug)")
        return session.inner.perform(action)

    def alter(self, session: MutantSession, query: str, obj: GameObject, value: Any) -> Any:
        return False if query in _CAST_QUERIES and self._refuses(session, obj) else value


class FlashIgnored(MutantAdapter):
    """Bug: a permanent spell with flash is still cast only at sorcery speed (CR 702.8a)."""

    bug = "flash-ignored"
    area = "casting"
    families = ("flash-and-sorcery-timing",)

    def _refuses(self, session: MutantSession, obj: GameObject | None, player: str) -> bool:
        if obj is None or obj.zone == "stack":
            return False
        chars = _chars(session, obj)
        return (chars.has_keyword("flash") and not chars.has_type("Instant")
                and not _sorcery_timing(session, player))

    def perform(self, session: MutantSession, action: Mapping[str, Any]) -> Outcome:
        if action.get("type") == "cast" and self._refuses(
                session, _object(session, action.get("object")), str(action.get("player"))):
            return Outcome.rejected("timing", "flash ignored (the bug)")
        return session.inner.perform(action)

    def alter(self, session: MutantSession, query: str, obj: GameObject, value: Any) -> Any:
        player = str(session.query.get("player", obj.controller))
        return False if query in _CAST_QUERIES and self._refuses(session, obj, player) else value


class RepeatModesRefused(MutantAdapter):
    """Bug: a mode is never chosen twice, even when the spell allows it (CR 700.2d)."""

    bug = "repeat-modes-refused"
    area = "casting"
    families = ("modal-choices",)

    def perform(self, session: MutantSession, action: Mapping[str, Any]) -> Outcome:
        modes = action.get("modes")
        if action.get("type") == "cast" and isinstance(modes, list) \
                and len(set(map(str, modes))) != len(modes):
            return Outcome.rejected("illegal-choice", "each mode at most once (the bug)")
        return session.inner.perform(action)


def _life_cost(obj: GameObject, kicked: int) -> int:
    """The life an additional cost of the card asks for (its own cost abilities and a kicker
    paid in life)."""
    total = 0
    for ability in obj.card.data.get("abilities", []):
        extra = ability.get("additional") if ability.get("kind") == "cost" else None
        if isinstance(extra, Mapping) and isinstance(extra.get("life"), int):
            total += int(extra["life"])
        cost = ability.get("cost")
        if ability.get("keyword") in ("kicker", "multikicker") and isinstance(cost, Mapping):
            total += int(cost.get("life", 0)) * kicked
    return total


class LifeCostUnpaid(MutantAdapter):
    """Bug: life paid as an additional cost is neither checked nor paid (CR 119.4, 118.8)."""

    bug = "life-cost-unpaid"
    area = "casting"
    families = ("life-additional-cost",)

    def perform(self, session: MutantSession, action: Mapping[str, Any]) -> Outcome:
        obj = _object(session, action.get("object"))
        if action.get("type") != "cast" or obj is None:
            return session.inner.perform(action)
        player = session.inner.game.state.players.get(str(action.get("player")))
        life = _life_cost(obj, int(action.get("kicked", 0) or 0))
        if player is None or not life:
            return session.inner.perform(action)
        player.life += life  # the payment that follows takes it back: nothing is paid
        outcome = session.inner.perform(action)
        if not outcome.ok:
            player.life -= life
        return outcome


class OverloadHitsOwn(MutantAdapter):
    """Bug: an overloaded spell affects each object of the kind its target describes, ignoring
    "you don't control" (CR 702.96b keeps the whole description)."""

    bug = "overload-hits-own"
    area = "casting"
    families = ("overload-each",)

    def patches(self) -> list[Patch]:
        from reference_engine.casting import targets

        real = _REAL.setdefault("fits_description", targets.fits_description)

        def loose(state: Any, spell: Any, slot: Mapping[str, Any], candidate: Any) -> bool:
            flt = {k: v for k, v in dict(slot.get("filter") or {}).items() if k != "controller"}
            return bool(real(state, spell, {**slot, "filter": flt}, candidate))

        return [(targets, "fits_description", loose)]


# -- characteristics -------------------------------------------------------------------------


def _printed_cost(obj: GameObject) -> str | None:
    if obj.card.is_split or obj.card.is_double_faced:
        return None
    return str(obj.card.data.get("mana_cost", ""))


class HybridFirstColor(MutantAdapter):
    """Bug: a two-color hybrid symbol gives only its first color (CR 202.2d: it is both)."""

    bug = "hybrid-first-color"
    area = "characteristics"
    families = ("cost-colors",)

    def alter(self, session: MutantSession, query: str, obj: GameObject, value: Any) -> Any:
        cost = _printed_cost(obj)
        if query not in ("colors", "characteristics") or not cost or "/" not in cost:
            return value
        colors = value.get("colors") if isinstance(value, dict) else value
        if colors != colors_of_cost(cost):
            return value  # an effect changed the colors: not this bug's answer
        first = re.sub(r"\{([WUBRG])/[WUBRG]\}", r"{\1}", cost)
        return _with_colors(query, value, colors_of_cost(first))


class MonoHybridCountsOne(MutantAdapter):
    """Bug: a monocolored hybrid symbol such as {2/W} adds 1 to mana value (CR 202.3f: 2)."""

    bug = "mono-hybrid-counts-one"
    area = "characteristics"
    families = ("cost-colors",)

    def alter(self, session: MutantSession, query: str, obj: GameObject, value: Any) -> Any:
        cost = _printed_cost(obj)
        mv = value.get("mana_value") if isinstance(value, dict) else value
        if query not in _MV_QUERIES or not cost or "{2/" not in cost \
                or mv != mana_value_of_cost(cost):
            return value
        return _with_mana_value(query, value, mv - cost.count("{2/"))


class KeywordCounterOneWord(MutantAdapter):
    """Bug: keyword counters of two-word keywords (first strike, double strike) grant
    nothing (CR 122.1b lists them)."""

    bug = "keyword-counter-one-word"
    area = "objects"
    families = ("first-and-double-strike",)

    def patches(self) -> list[Patch]:
        from reference_engine.layers import system

        real = _REAL.setdefault("KEYWORD_COUNTERS", system.KEYWORD_COUNTERS)
        return [(system, "KEYWORD_COUNTERS", frozenset(k for k in real if " " not in k))]


# -- combat ---------------------------------------------------------------------------------


def _damage_step_hook() -> tuple[list[Any], int, Any]:
    from reference_engine.combat import damage_step
    from reference_engine.core.registry import STEP_HOOKS

    hooks = STEP_HOOKS["combat-damage"]
    real = _REAL.setdefault("combat_damage_step", damage_step._combat_damage_step)
    return hooks, hooks.index(real), real


class FirstStrikeBothSteps(MutantAdapter):
    """Bug: a first striker deals combat damage again in the second combat damage step
    (CR 510.4, 702.7c: only creatures without first strike and double strikers do)."""

    bug = "first-strike-both-steps"
    area = "combat"
    families = ("first-and-double-strike",)

    def patches(self) -> list[Patch]:
        from reference_engine.combat.declare import combat

        hooks, index, real = _damage_step_hook()

        def step(state: Any) -> None:
            record = combat(state)
            firsts = record.get("first_strike")
            if not firsts:
                real(state)
                return
            record["first_strike"] = []  # the bug: forget who already dealt damage
            try:
                real(state)
            finally:
                record["first_strike"] = firsts

        return [(hooks, index, step)]


class DoubleStrikeOnce(MutantAdapter):
    """Bug: a double striker deals combat damage only in the first combat damage step
    (CR 702.4b: in both)."""

    bug = "double-strike-once"
    area = "combat"
    families = ("first-and-double-strike",)

    def patches(self) -> list[Patch]:
        from reference_engine.combat import damage_step
        from reference_engine.combat.declare import combat

        hooks, index, real = _damage_step_hook()
        compute = _REAL.setdefault("damage_step.compute_all", vars(damage_step)["compute_all"])

        def without_double(state: Any) -> Any:
            return {k: replace(c, keywords=c.keywords - {"double strike"})
                    for k, c in compute(state).items()}

        def step(state: Any) -> None:
            if not combat(state).get("first_strike"):
                real(state)
                return
            with _patched([(damage_step, "compute_all", without_double)]):
                real(state)

        return [(hooks, index, step)]


def _haste_only_from_counter(session: MutantSession, obj: GameObject) -> bool:
    """The creature has haste, and only because of a haste counter."""
    state = session.inner.game.state
    n = obj.counters.get("haste", 0)
    if not n or not _chars(session, obj).has_keyword("haste"):
        return False
    del obj.counters["haste"]
    state.changed()
    try:
        without = _chars(session, obj).has_keyword("haste")
    finally:
        obj.counters["haste"] = n
        state.changed()
    return not without


class HasteCounterIgnored(MutantAdapter):
    """Bug: summoning sickness ignores haste from a haste counter (CR 302.6 with 122.1b: the
    counter gives haste like any other source)."""

    bug = "haste-counter-ignored"
    area = "combat"
    families = ("haste-sources",)

    def _sick(self, session: MutantSession, obj: GameObject | None) -> bool:
        return (obj is not None and obj.zone == "battlefield"
                and _controlled_this_turn(session, obj) and _haste_only_from_counter(session, obj))

    def perform(self, session: MutantSession, action: Mapping[str, Any]) -> Outcome:
        kind = action.get("type")
        if kind == "declare_attackers":
            for entry in action.get("attackers", []):
                handle = entry.get("object") if isinstance(entry, Mapping) else entry
                if self._sick(session, _object(session, handle)):
                    return Outcome.rejected("cannot-attack", "summoning sick (the bug)")
        if kind == "activate":
            obj = _object(session, action.get("object"))
            if self._sick(session, obj) and obj is not None and _taps(
                    session, obj, action.get("ability", 0)):
                return Outcome.rejected("summoning-sick", "summoning sick (the bug)")
        return session.inner.perform(action)

    def alter(self, session: MutantSession, query: str, obj: GameObject, value: Any) -> Any:
        if query in ("can_attack", "summoning_sick", "can_activate") and self._sick(session, obj):
            if query == "can_activate" and not _taps(session, obj,
                                                     session.query.get("ability", 0)):
                return value
            return query == "summoning_sick"
        return value


class VigilanceTaps(MutantAdapter):
    """Bug: attacking taps a creature even if it has vigilance (CR 702.20b)."""

    bug = "vigilance-taps"
    area = "combat"
    families = ("attack-legality",)

    def perform(self, session: MutantSession, action: Mapping[str, Any]) -> Outcome:
        outcome = session.inner.perform(action)
        if action.get("type") == "declare_attackers" and outcome.ok:
            for entry in action.get("attackers", []):
                handle = entry.get("object") if isinstance(entry, Mapping) else entry
                obj = _object(session, handle)
                if obj is not None and _chars(session, obj).has_keyword("vigilance"):
                    obj.tapped = True
                    session.inner.game.state.changed()
        return outcome


# -- mana -----------------------------------------------------------------------------------


class GrantedHasteIgnoredForTap(MutantAdapter):
    """Bug: only printed haste lets a creature pay {T} the turn it arrives; haste from an
    effect or a counter is ignored (CR 302.6: any haste)."""

    bug = "granted-haste-ignored-for-tap"
    area = "mana"
    families = ("haste-sources",)

    def _refuses(self, session: MutantSession, obj: GameObject | None, index: Any) -> bool:
        if obj is None or obj.zone != "battlefield":
            return False
        chars = _chars(session, obj)
        return (chars.has_type("Creature") and chars.has_keyword("haste")
                and "haste" not in _printed_keywords(obj)
                and _controlled_this_turn(session, obj) and _taps(session, obj, index))

    def perform(self, session: MutantSession, action: Mapping[str, Any]) -> Outcome:
        if action.get("type") == "activate" and self._refuses(
                session, _object(session, action.get("object")), action.get("ability", 0)):
            return Outcome.rejected("summoning-sick", "granted haste ignored (the bug)")
        return session.inner.perform(action)

    def alter(self, session: MutantSession, query: str, obj: GameObject, value: Any) -> Any:
        if query == "can_activate" and self._refuses(session, obj,
                                                     session.query.get("ability", 0)):
            return False
        return value


class SickArtifactTap(MutantAdapter):
    """Bug: a noncreature permanent that came under your control this turn can't pay {T}
    (CR 302.6 restricts only creatures)."""

    bug = "sick-artifact-tap"
    area = "mana"
    families = ("tap-for-mana",)

    def _refuses(self, session: MutantSession, obj: GameObject | None, index: Any) -> bool:
        return (obj is not None and obj.zone == "battlefield"
                and not _chars(session, obj).has_type("Creature")
                and _controlled_this_turn(session, obj) and _taps(session, obj, index))

    def perform(self, session: MutantSession, action: Mapping[str, Any]) -> Outcome:
        if action.get("type") == "activate" and self._refuses(
                session, _object(session, action.get("object")), action.get("ability", 0)):
            return Outcome.rejected("summoning-sick", "treated as summoning sick (the bug)")
        return session.inner.perform(action)

    def alter(self, session: MutantSession, query: str, obj: GameObject, value: Any) -> Any:
        if query == "can_activate" and self._refuses(session, obj,
                                                     session.query.get("ability", 0)):
            return False
        return value


# -- objects --------------------------------------------------------------------------------


class CloneCopiesCounters(MutantAdapter):
    """Bug: a permanent entering as a copy also gets the original's counters (CR 707.2:
    counters are not copiable values)."""

    bug = "clone-copies-counters"
    area = "objects"
    families = ("clone-copiable-values",)

    def patches(self) -> list[Patch]:
        from reference_engine.objects import copies

        real_enter = _REAL.setdefault("enter_as_copy", copies.enter_as_copy)
        real_values = _REAL.setdefault("copiable_values", copies.copiable_values)

        def enter(state: Any, new: Any, spec: Any) -> None:
            seen: list[Any] = []

            def spy(st: Any, original: Any, *args: Any, **kwargs: Any) -> Any:
                seen.append(original)
                return real_values(st, original, *args, **kwargs)

            with _patched([(copies, "copiable_values", spy)]):
                real_enter(state, new, spec)
            if seen:
                for kind, n in seen[-1].counters.items():
                    new.counters[kind] = new.counters.get(kind, 0) + n
                state.changed()

        return [(copies, "enter_as_copy", enter)]


class NamedCardCastable(MutantAdapter):
    """Bug: "spells with the chosen name can't be cast" stops nothing (CR 201.4b, 101.2)."""

    bug = "named-card-castable"
    area = "objects"
    families = ("named-card-prohibited",)

    def patches(self) -> list[Patch]:
        from reference_engine.objects import names

        real = _REAL.setdefault("spell_prohibition", names.spell_prohibition)

        def prohibition(state: Any, obj: Any, chars: Any, *, rule: str = "cant_be_cast"
                        ) -> str | None:
            return None if rule == "cant_be_cast" else real(state, obj, chars, rule=rule)

        return [(names, "spell_prohibition", prohibition)]


class PilesSwapped(MutantAdapter):
    """Bug: the player who chooses a pile gets the other one (CR 700.3)."""

    bug = "piles-swapped"
    area = "objects"
    families = ("fact-or-fiction-piles",)

    def perform(self, session: MutantSession, action: Mapping[str, Any]) -> Outcome:
        choices = action.get("choices")
        if isinstance(choices, Mapping) and choices.get("pile") in (1, 2):
            action = {**action, "choices": {**choices, "pile": 3 - int(choices["pile"])}}
        return session.inner.perform(action)


#: The engine's own functions and tables, as they were before any mutant replaced them.
_REAL: dict[str, Any] = {}


#: Every wrong engine, by bug name.
MUTANTS: dict[str, type[MutantAdapter]] = {
    m.bug: m for m in (
        SplitOneHalf, TokenWithoutSuffix, KickerInManaValue, DfcBackZero, TappedAttacker,
        SickManaTap, SorceryPrecombatOnly, FlashIgnored, RepeatModesRefused, LifeCostUnpaid,
        OverloadHitsOwn, HybridFirstColor, MonoHybridCountsOne, KeywordCounterOneWord,
        FirstStrikeBothSteps, DoubleStrikeOnce, HasteCounterIgnored, VigilanceTaps,
        GrantedHasteIgnoredForTap, SickArtifactTap, CloneCopiesCounters, NamedCardCastable,
        PilesSwapped)
}
