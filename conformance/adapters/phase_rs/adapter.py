"""The phase.rs rules engine as an adapter, through its PyPI bindings ``phase-python``.

Install with ``pip install 'mtg-conformance[phase]'``. The engine is imported lazily: the rest of
the package works without it. Card data comes from the suite's card catalog, converted to
MTGJSON's atomic shape (:mod:`.._mtgjson`) and parsed from its Oracle text by the engine's own
``build_oracle_face``. Each case's game is set up through the engine's sandbox actions
(:mod:`.setup`); every step then goes through the engine's normal action API
(``CastSpell``, ``ChooseTarget``, ``DecideOptionalCost``, ``PassPriority``, ...), its prompts
answered from the case's action. Observations read the engine's object and player views.

Known limits are raised as :class:`~conformance.adapter.Unsupported`, each naming what phase.rs's
API lacks (no sandbox action, prompt or view for it) or, where the adapter is the limit, saying
so; :func:`decline_limit` tells the two apart for the published report. phase.rs implements the
current rules only, so the adapter declares the ``modern`` era. ``docs/engines/phase-rs.md``
reports what the engine does with the suite.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import replace
from importlib import metadata
from typing import Any

from ...adapter import AdapterInfo, Outcome, StartRequest, Unsupported
from ...errors import AdapterError
from .._mtgjson import card_faces, oracle_id
from .._versions import SupportedReleases
from .._views import ObjectView, ViewSession, mana_value_of
from .casting import CASTING_PROMPTS, PhaseCasting, tapped_for
from .combat import PhaseCombat
from .effects import EffectWriter
from .mana import MANA_QUERIES, PhaseMana
from .permissions import check_parsed, permission_cards
from .prompts import IllegalAnswer, PhasePrompts
from .queries import QUERIES, PhaseQueries
from .setup import FILLER, PHASES, STEPS, PhaseSetup, counter_kind, handle_of
from .targets import spell_targets
from .text import (
    COLORS,
    MANA_WORDS,
    POOL_ORDER,
    SHARDS,
    choice_handles,
    classify_error,
    cost_text,
    keyword_name,
)

__all__ = ["FEATURES", "SUPPORTED", "UNDECLARED", "PhaseAdapter", "PhaseSession", "classify_error",
           "decline_limit"]

#: The refusal of an action that needs priority once phase.rs has ended the game.
_GAME_OVER = ("the game is over (phase.rs waits for GameOver): no player has priority "
              "(CR 104.2a, 117.1)")

#: Features this adapter can express (spec/features.toml).
FEATURES = frozenset({
    "characteristics", "split-cards", "double-faced-cards", "kindred", "card-counting",
    "counters", "casting", "stack", "targets", "kicker", "flash", "cost-modifiers", "damage",
    "turn-structure", "protection", "triggers", "prevention", "replacement", "custom-cards",
    "combat", "activated-abilities", "mana-abilities", "lands", "tokens", "copies", "domain",
    "layers", "setup-effects", "naming", "piles", "overload",
    "counted-amounts", "targeted-triggers", "look-back-triggers", "event-triggers",
    "delayed-triggers", "library-search", "hidden-choices", "library-manipulation", "sacrifice",
    "auras", "fight", "cast-during-resolution", "loyalty-abilities", "modal-double-faced-cards",
    "battles", "multiplayer", "coins-and-dice", "alternative-payments", "ending-turns",
    "commander", "brawl", "predefined-tokens", "combat-costs", "emblems",
    "activation-prohibitions", "state-triggers",
})

#: Queries phase.rs has no view or question for, and why (engine limits).
_NO_VIEW = {
    "protected_from": "phase.rs keeps protection as keywords and applies it inside its rules; "
                      "it answers no 'is this protected from that source' question",
    "shields": "phase.rs keeps prevention shields inside its replacement effects and shows no "
               "list of them",
    "prevention_remaining": "phase.rs shows no amount left on a prevention shield",
    "player_effects": "phase.rs shows no list of the continuous effects on a player",
    "amount": "phase.rs evaluates amounts (counts, devotion, a characteristic of an object) "
              "only inside its own effects; it answers no 'what does this amount come to' "
              "question",
    "color_identity": "phase.rs takes a card's color identity from the card data it is given "
                      "(MTGJSON colorIdentity), it does not derive it (CR 903.4)",
}

#: Features the adapter leaves undeclared because phase.rs can't be asked about them (engine
#: limits), and why. (``name-stickers`` is undeclared too, but as this adapter's gap: phase.rs
#: 0.103.0 has stickers, its PutSticker/ApplySticker effects and applied-sticker records, and
#: the adapter doesn't write a name sticker into its state yet.)
UNDECLARED = {
    "color-identity": "phase.rs takes a card's color identity from the card data it is given "
                      "(MTGJSON colorIdentity); it does not derive it (CR 903.4)",
    "player-effects": "phase.rs's continuous-effect records hold no effect on a player that "
                      "the case format's player effects map to (CR 613.10)",
    "range-of-influence": "phase.rs refuses a format with a range of influence ('not supported "
                          "until limited-range rules are implemented', CR 801)",
    "emperor": "phase.rs has no Emperor format, and its formats' team structure is fixed "
               "(CR 809)",
    "alternating-teams": "phase.rs has no Alternating Teams format, and its formats' team "
                         "structure is fixed (CR 811)",
    "shared-team-turns": "phase.rs's one team format, Two-Headed Giant, lets only one player "
                         "of each team act: the teammate's land play, priority pass or spell "
                         "is refused ('Wrong player'), so a team can't act as one (CR 805.4)",
    "two-headed-giant": "phase.rs's Two-Headed Giant lets only one player of each team act "
                        "(the teammate is refused: 'Wrong player', CR 810.2, 805.4) and keeps "
                        "a life total for each player (15 each, CR 810.9: one shared total)",
    "teams": "phase.rs refuses teams in its Free-for-All ('a built-in format's team structure "
             "is fixed'; CR 808), and in its one team format, Two-Headed Giant, only one player "
             "of each team may act (CR 805.4)",
}

#: Words of the declines that are this adapter's own (phase.rs could be asked; the adapter
#: doesn't ask it yet, or the case's answer doesn't fit the prompt phase.rs asks). Every other
#: decline names a limit of phase.rs's API: no action, prompt or view for the thing.
_ADAPTER_SIDE = ("this adapter has no", "through this adapter", "not expressible through "
                 "phase.rs", "the case gives no", "the case names none", "the case format has "
                 "no choice", "the case format answers only", "the case format orders those",
                 "has no answer here", "kept prompting", "not put into words here",
                 "on the way to", "did not reach", "no object with handle", "in this adapter",
                 "the phase-rs adapter plays")


def decline_limit(message: str) -> str:
    """The side a decline (an ``unsupported`` result's message) is on: ``"engine"`` (phase.rs
    has no action, prompt or view for it) or ``"adapter"`` (this adapter could express it and
    doesn't; a decline for features is the engine's when one of them is). Used by the published
    report (``python -m conformance.reports.engines``)."""
    if "lacks feature(s): " in message:
        missing = message.split("lacks feature(s): ", 1)[1].split(", ")
        # one feature phase.rs can't be asked about is enough: the case can't be played on
        # phase.rs whatever this adapter did about the others
        features = {f.strip() for f in missing}
        return "engine" if features & set(UNDECLARED) else "adapter"
    if "does not implement era" in message or "implements the modern rules" in message:
        return "engine"
    return "adapter" if any(words in message for words in _ADAPTER_SIDE) else "engine"


_COMBAT_QUERIES = frozenset({"attackers", "attacking", "blockers", "can_attack", "can_block",
                             "damage_events"})


#: The phase-python releases this adapter supports (the state fields its setup edits and the
#: prompts it answers are these releases'); the history of the suite across them is
#: ``docs/engines/phase-rs-history.md``.
SUPPORTED = SupportedReleases("phase-python", "0.77.0", "0.104.0", "MTGCONF_PHASE_ANY_VERSION",
                              tested=("0.77.0", "0.83.0", "0.103.0"))


def _load_phase() -> Any:
    try:
        import phase  # type: ignore[import-not-found, unused-ignore]
    except ImportError as exc:
        raise AdapterError(
            "the phase-rs adapter needs phase-python: pip install 'mtg-conformance[phase]'"
        ) from exc
    SUPPORTED.check(metadata.version("phase-python"))
    return phase


#: phase.rs prompts for the turn-based declarations of the combat steps, made before any
#: player receives priority in the step (CR 508.1, 509.1).
_DECLARATIONS = frozenset({"DeclareAttackers", "DeclareBlockers"})

class PhaseSession(ViewSession):
    """One phase.rs game for one case."""

    def __init__(self, adapter: PhaseAdapter, request: StartRequest, engine: Any,
                 front_names: Mapping[str, str], *, emblems: Mapping[str, str] | None = None
                 ) -> None:
        self.phase = adapter.phase
        self._adapter = adapter
        self.choices = dict(request.setup.get("choices", {}))
        self._cards = request.cards
        self.engine = engine
        self.events: list[Mapping[str, Any]] = []
        self.combat = PhaseCombat(self)
        self.prompts = PhasePrompts(self)
        self.queries = PhaseQueries(self)
        self.casting = PhaseCasting(self)
        self.mana = PhaseMana(self)
        self._lki: dict[int, Mapping[str, Any]] = {}
        self._root: Any = None
        self._asked: dict[str, int] = {}
        self._cast_from = ""
        self.game: Any = None
        self.setup = PhaseSetup(engine, self.phase.GameAction, request.setup, front_names,
                                caster=self._setup_cast, cards=request.cards,
                                emblems=dict(emblems or {}))
        self.setup.effects = EffectWriter(self.phase.build_oracle_face, self.setup.ids,
                                          self.setup.seat)
        try:
            self.game = self.setup.build()
        except ValueError as exc:
            raise Unsupported(f"phase.rs puts a spell on the stack only by casting it, and "
                              f"refused this setup's cast ({exc}): its sandbox has no stack "
                              "entry to create instead (MoveToZone to the stack makes none, "
                              "SetPhase empties the stack)") from exc
        self.players = self.setup.players
        self.events.clear()

    def _setup_cast(self, game: Any, seat: int, obj: Mapping[str, Any], oid: int) -> None:
        """Put a case's stack object on the stack by casting it (the sandbox adds its mana)."""
        self.game = game
        self.players = self.setup.players
        engine_obj = game.object(oid)
        half = obj.get("half")
        cost = engine_obj.get("mana_cost")
        back = engine_obj.get("back_face") or {}
        if half is not None and back.get("name") == half:
            cost = back.get("mana_cost")
        self.setup.add_mana(game, seat, cost, int(obj.get("x", 0) or 0))
        for _ in range(int(obj.get("kicked", 0) or 0)):  # phase.rs offers kicker only if payable
            self.setup.add_mana(game, seat, _kicker_cost(engine_obj))
        action = {"type": "cast", "object": obj.get("handle"), "half": half,
                  "targets": obj.get("targets", []), "kicked": obj.get("kicked", False),
                  "x": obj.get("x", 0)}
        self._apply(seat, {"type": "CastSpell",
                           "data": {"object_id": oid, "card_id": oid,
                                    "payment_mode": {"type": "Auto"}, "targets": []}})
        outcome = self._answer_prompts(seat, action, setup=True)
        # An "up to N" slot ("count = [0, n]") phase.rs may fill with no target at all when the
        # case's targets aren't legal for it; the spell would then resolve without them.
        problem = None
        if outcome.ok and _optional_slot(self._cards.get(str(obj.get("card"))) or {}):
            problem = self._unanswered(action)
        if problem is not None:
            outcome = Outcome.rejected(*problem)
        if not outcome.ok:
            raise Unsupported(f"phase.rs puts a spell on the stack only by casting it, and "
                              f"would not cast {obj.get('card')!r} at setup "
                              f"({outcome.message})")

    def learn_card(self, name: str) -> bool:
        """Give phase.rs the card data of a catalog card the setup doesn't name (a name chosen
        as a spell resolves, CR 201.4: any card name may be chosen), as an engine with its own
        full card database would have it: the game is exported and loaded again into an
        engine built with that card too. False if the suite's catalog has no such card."""
        from ...spec.catalog import default_spec

        data = default_spec().card(name)
        if data is None:
            return False
        cards = {**self._cards, str(data["name"]): data}
        engine, front = self._adapter.engine_for(cards)
        root = self.game.state()
        self.engine = engine
        self.game = engine.load_game(root)
        self._cards = cards
        self.setup.engine = engine
        self.setup.front_names = front
        return True

    # -- views ----------------------------------------------------------------------------------

    def _player(self, seat: Any) -> str:
        return self.players[int(seat)]

    def _seat_of(self, player: str) -> int:
        return self.setup.seat(player)

    def _handle_of(self, oid: int) -> str:
        """The case's handle for engine object ``oid`` (its name if the case has none)."""
        for handle, known in self.setup.ids.items():
            if known == oid:
                return handle
        obj = self.game.object(oid)
        return str(obj["name"]) if obj else f"object {oid}"

    def snapshot(self) -> Any:
        """The game's exported state (sandbox on, for scratch copies), kept until the next
        action: observations read it instead of exporting the state each time."""
        if self._root is None:
            self._root = self.game.state()
            self._root["state"]["debug_mode"] = True
        return self._root

    def _computed(self, oid: int, zone: str) -> Mapping[str, Any]:
        """The engine's own computed characteristics of object ``oid`` (see the module notes).

        phase.rs exposes the characteristics its rules use (mana value, colors, ...) only in the
        last-known-information record of a zone change. A scratch copy of the game is loaded,
        the object is moved out of its zone there, and the record is read; the case's game is
        never touched.
        """
        if oid in self._lki:
            return self._lki[oid]
        try:
            scratch = self.engine.load_game(self.snapshot())
        except ValueError:  # phase.rs can't always reload its own export (see the notes):
            self._lki[oid] = {}  # the object view's own characteristics stand in
            return self._lki[oid]
        to_zone = "Graveyard" if zone == "exile" else "Exile"
        result = scratch.apply(0, self.phase.GameAction.from_dict(
            {"type": "Debug", "data": {"type": "MoveToZone",
                                       "data": {"object_id": oid, "to_zone": to_zone}}}))
        lki: Mapping[str, Any] = {}
        for event in result.events:
            data = event.get("data") or {}
            if event.get("type") == "ZoneChanged" and data.get("object_id") == oid:
                lki = data["record"]["trigger_source_context"]["lki"]
                break
        self._lki[oid] = lki
        return lki

    def _object_view(self, obj: Mapping[str, Any], handle: str | None = None) -> ObjectView:
        cost = cost_text(obj.get("mana_cost"))
        zone = str(obj.get("zone", "")).lower()
        types = obj.get("card_types") or {}
        lki = self._computed(int(obj["id"]), zone)
        counters = {counter_kind(str(k)): int(v) for k, v in (obj.get("counters") or {}).items()}
        return ObjectView(
            name=str(lki.get("name", obj.get("name"))), zone=zone,
            owner=self._player(obj.get("owner", 0)),
            controller=self._player(obj.get("controller", obj.get("owner", 0))),
            mana_cost=cost, mana_value=int(lki.get("mana_value", mana_value_of(cost))),
            colors=frozenset(COLORS[c] for c in lki.get("colors", obj.get("color", []))
                             if c in COLORS),
            supertypes=tuple(lki.get("supertypes", types.get("supertypes", []))),
            types=tuple(lki.get("card_types", types.get("core_types", []))),
            subtypes=tuple(lki.get("subtypes", types.get("subtypes", []))),
            power=lki.get("power", obj.get("power")),
            toughness=lki.get("toughness", obj.get("toughness")),
            keywords=tuple(keyword_name(k) for k in lki.get("keywords", obj.get("keywords", []))),
            tapped=bool(obj.get("tapped")), token=bool(obj.get("is_token")),
            counters=counters, damage=int(obj.get("damage_marked") or 0), handle=handle,
            kicked=self.queries.kicks(int(obj["id"])) > 0,
            blocking=zone == "battlefield" and str(obj["id"]) in (
                (self.snapshot()["state"].get("combat") or {}).get("blocker_to_attacker")
                or {}))

    def _id(self, handle: str) -> int:
        try:
            return self.setup.ids[handle]
        except KeyError:
            raise Unsupported(f"no object with handle {handle!r} in this game") from None

    def view(self, handle: str) -> ObjectView:
        obj = self.game.object(self._id(handle))
        if obj is None:
            raise Unsupported(f"phase.rs no longer tracks the object {handle!r}")
        return self._object_view(obj, handle)

    def zone_views(self, zone: str, player: str | None) -> list[ObjectView]:
        by_id = {v: k for k, v in self.setup.ids.items()}
        seats = ([self.setup.seat(player)] if player is not None
                 else list(range(len(self.players))))
        if zone == "battlefield":
            objs = list(self.game.battlefield())
        elif zone == "exile":
            objs = list(self.game.exile())
        elif zone == "stack":
            objs = [self.game.object(e["source_id"]) for e in self.game.stack()]
        elif zone in ("hand", "graveyard"):
            objs = [o for s in seats for o in getattr(self.game, zone)(s)]
        elif zone == "library":
            state = self.game.state()["state"]
            objs = [self.game.object(i) for s in seats for i in state["players"][s]["library"]]
        else:
            raise Unsupported(f"phase.rs has no {zone} zone view")
        views = [self._object_view(o, by_id.get(int(o["id"]))) for o in objs if o]
        if player is not None and zone in ("battlefield", "exile", "stack"):
            views = [v for v in views if v.controller == player
                     or (zone == "exile" and v.owner == player)]
        return views

    def player_query(self, name: str, query: Mapping[str, Any]) -> Any:
        if name == "life":
            return int(self.game.player(self.setup.seat(str(query.get("player"))))["life"])
        if name == "priority":
            waiting = self.game.waiting_for()
            if waiting.get("type") != "Priority":
                return None
            return self._player(waiting["data"]["player"])
        if name == "step":
            return PHASES.get(str(self.game.phase), str(self.game.phase))
        if name == "active_player":
            return self._player(self.game.state()["state"]["active_player"])
        if name == "mana_pool":
            pool = self.game.player(self.setup.seat(str(query.get("player"))))["mana_pool"]
            letters = [SHARDS.get(str(m["color"]), "?") for m in pool.get("mana", [])]
            return "".join(f"{{{c}}}" for c in sorted(letters, key=POOL_ORDER.find))
        if name == "stack":
            return [self._stack_name(e) for e in self.game.stack()]
        if name in QUERIES:
            return self.queries.answer(name, query)
        if name in MANA_QUERIES:
            return self.mana.answer(name, query)
        if name in _COMBAT_QUERIES:
            return self.combat.combat_query(name, query)
        if name == "lost":
            player = self.game.player(self.setup.seat(str(query.get("player"))))
            status = player.get("status")
            if player.get("is_eliminated") or (isinstance(status, Mapping)
                                               and status.get("type") not in ("Active", None)):
                return True
            waiting = self.game.waiting_for()
            if waiting.get("type") == "GameOver":
                winner = (waiting.get("data") or {}).get("winner")
                return winner is not None and int(winner) != self.setup.seat(
                    str(query.get("player")))
            return False
        if name == "won":  # the game is over and phase.rs names this player its winner (104.2a)
            waiting = self.game.waiting_for()
            winner = (waiting.get("data") or {}).get("winner")
            return (waiting.get("type") == "GameOver" and winner is not None
                    and int(winner) == self.setup.seat(str(query.get("player"))))
        if name in _NO_VIEW:
            raise Unsupported(f"query {name!r}: {_NO_VIEW[name]}")
        raise Unsupported(f"query {name!r} is not expressible through phase.rs")

    def _stack_name(self, entry: Mapping[str, Any]) -> str:
        """A stack entry's name: a spell's own, an ability's after its source. A triggered
        ability whose source has left its zone is named after the source as it last existed
        there (CR 113.7a, 603.10a), which phase.rs keeps in the entry's ``trigger_source``."""
        kind = entry.get("kind", {}).get("type")
        data = (entry.get("kind") or {}).get("data") or {}
        lki = (((data.get("ability") or {}).get("trigger_source") or {}).get("lki") or {})
        source = self.game.object(entry["source_id"])
        name = str(source["name"]) if source else "?"
        if kind == "TriggeredAbility" and lki.get("name"):
            name = str(lki["name"])
        return name if kind == "Spell" else f"ability of {name}"

    # -- actions --------------------------------------------------------------------------------

    def _apply(self, seat: int, data: Mapping[str, Any], game: Any = None) -> Any:
        """Apply one engine action as ``seat``; events of the case's game are kept."""
        target = self.game if game is None else game
        result = target.apply(seat, self.phase.GameAction.from_dict(dict(data)))
        if game is None:
            self.events.extend(result.events)
        return result

    def _waiting(self) -> str:
        return str(self.game.waiting_for().get("type"))

    def perform(self, action: Mapping[str, Any]) -> Outcome:
        try:
            return self._perform(action)
        finally:  # what observations read is read again from the game the action left
            self._lki.clear()
            self._root = None

    def _perform(self, action: Mapping[str, Any]) -> Outcome:
        self._lki.clear()
        self._root = None
        kind = str(action.get("type"))
        handler = getattr(self, f"_do_{kind}", None)
        if handler is None:
            raise Unsupported(f"action {kind!r} is not expressible through phase.rs")
        root = self.game.state()
        untapped = {int(o["id"]) for o in self.game.battlefield() if not o.get("tapped")}
        first_event = len(self.events)
        try:
            result: Outcome = handler(action)
        except ValueError as exc:  # phase.rs refused it, or refused an answer (IllegalAnswer)
            result = Outcome.rejected(getattr(exc, "failure", None) or classify_error(str(exc)),
                                      str(exc))
        except Unsupported:
            self.game = self.engine.load_game(root)
            raise
        if result.ok and kind in ("cast", "activate"):
            result = self._paid_from_pool(action, untapped, first_event)
        if result.ok:
            try:
                self._order_triggers(action)
            except IllegalAnswer as exc:
                result = Outcome.rejected(exc.failure, str(exc))
            except Unsupported:
                self.game = self.engine.load_game(root)
                raise
        if not result.ok:  # a rejected action changes nothing: back to where it began
            self.game = self.engine.load_game(root)
        return result

    def _order_triggers(self, action: Mapping[str, Any]) -> None:
        """Answer the prompts phase.rs asks as triggered abilities go on the stack after an
        action (``OrderTriggers``, 603.3b; ``TriggerTargetSelection``, 603.3d) from the
        action's choices."""
        answers = {**self.choices, **dict(action.get("choices") or {})}
        while self._waiting() in ("OrderTriggers", "TriggerTargetSelection"):
            self.prompts.answer(answers)
        self._lone_trigger_targets(action)

    def _lone_trigger_targets(self, action: Mapping[str, Any]) -> None:
        """The case's trigger targets (603.3d) for an ability phase.rs targeted without asking:
        it chooses a lone legal target itself, so a case's other target was not legal."""
        table = dict(action.get("choices") or {}).get("trigger_targets")
        if not isinstance(table, Mapping):
            return
        for handle, given in table.items():
            if isinstance(given, Mapping) or (isinstance(given, list) and any(
                    isinstance(t, Mapping) for t in given)):
                continue  # by slot name: asked, not checked here
            try:
                source = self._id(str(handle))
            except Unsupported:
                continue
            if source in self.prompts._triggered:
                continue
            entries = [e for e in self.game.stack() if int(e.get("source_id", -1)) == source
                       and (e.get("kind") or {}).get("type") == "TriggeredAbility"]
            if isinstance(given, list) and any(isinstance(t, list) for t in given):
                # one answer per ability of the source that triggered at once: phase.rs
                # targeted each itself, so each answer must be what it chose (603.3d)
                answers = [[self._target(str(t)) for t in choice_handles(a)] for a in given]
                chosen = [spell_targets(e) for e in entries[-len(answers):]]
                if len(chosen) == len(answers) and sorted(map(repr, chosen)) != sorted(
                        map(repr, answers)):
                    raise IllegalAnswer("illegal-target", f"phase.rs chose the targets of "
                                                          f"{handle}'s triggered abilities "
                                                          f"itself ({chosen}); the case's "
                                                          f"{answers} are not legal (603.3d)")
                continue
            wanted = [self._target(str(t)) for t in choice_handles(given)]
            if not wanted:
                continue
            got = spell_targets(entries[-1]) if entries else None
            if got is not None and got[:len(wanted)] != wanted:
                raise IllegalAnswer("illegal-target", f"phase.rs chose the targets of "
                                                      f"{handle}'s triggered ability itself "
                                                      f"({got}); the case's {wanted} are not "
                                                      "legal (603.3d)")

    def _paid_from_pool(self, action: Mapping[str, Any], untapped: set[int],
                        first_event: int) -> Outcome:
        """Check the cost was paid from the mana pool, as the case format pays (601.2h).

        phase.rs's payment activates mana abilities itself when the pool falls short (those
        of untapped permanents, and mana abilities without {T}, the source's own included);
        the case format activates mana abilities only as actions (605.3a), so such a payment
        means the pool could not pay: a ``cannot-pay`` rejection. An activate action of a
        mana ability is itself one mana ability activation of its source."""
        source = self.setup.ids.get(str(action.get("object")))
        # creatures and artifacts the action taps to pay by convoke or improvise (702.51a,
        # 702.126a) pay no mana through their abilities
        for key in ("convoke", "improvise"):
            untapped -= {self.setup.ids.get(str(h), -1) for h in action.get(key) or []}
        tapped = [o for o in self.game.battlefield() if o.get("tapped")
                  and int(o["id"]) in untapped and int(o["id"]) != source
                  and any(a.get("is_mana_ability") for a in o.get("abilities", []))]
        if tapped:
            names = ", ".join(str(o["name"]) for o in tapped)
            return Outcome.rejected("cannot-pay", f"the pool can't pay the cost: phase.rs "
                                                  f"tapped {names} for mana to pay it")
        activations = [int(e["data"]["source_id"]) for e in self.events[first_event:]
                       if e.get("type") == "AbilityActivated"
                       and (e.get("data") or {}).get("kind") == "Mana"]
        if action.get("type") == "activate" and source in activations and self._mana_ability(
                source, int(action.get("ability", 0))):
            activations.remove(source)
        if activations:
            names = ", ".join(sorted({self._handle_of(i) for i in activations}))
            return Outcome.rejected("cannot-pay", f"the pool can't pay the cost: phase.rs "
                                                  f"activated a mana ability of {names} to "
                                                  "pay it")
        return Outcome.done()

    def _mana_ability(self, oid: int, index: int) -> bool:
        """Whether the object's ``index``-th activated ability is a mana ability (605.1a); an
        object its own mana ability sacrificed (a Treasure's, 111.10a) is gone: phase.rs's
        event of its activation already said it was a mana ability."""
        try:
            obj = self.game.object(oid) or {}
        except ValueError:
            return True
        activated = [a for a in obj.get("abilities", []) if a.get("kind") == "Activated"]
        return 0 <= index < len(activated) and bool(activated[index].get("is_mana_ability"))

    def _priority_seat(self, action: Mapping[str, Any],
                       failure: str = "no-priority") -> int | Outcome:
        """The seat holding priority, or a rejection (``failure``) if the action's player does
        not hold it. Casting without priority is a ``timing`` failure in the case format
        (CR 117.1a, 601.3); activating, playing a land or passing is ``no-priority``."""
        player = action.get("player")
        waiting = self.game.waiting_for()
        if waiting.get("type") == "GameOver":  # a game that is over gives no priority (104.2a)
            return Outcome.rejected(failure, "phase.rs has ended the game: no player has "
                                             "priority")
        if waiting.get("type") in _DECLARATIONS:
            # 508.1 / 509.1: the step's turn-based declaration comes first; until it is made
            # no player has priority (508.2, 509.2), which phase.rs shows by asking for it.
            return Outcome.rejected(failure, f"no player has priority: phase.rs waits for "
                                             f"{waiting.get('type')} (CR 508.1, 509.1)")
        if waiting.get("type") != "Priority":
            raise Unsupported(f"phase.rs is waiting for {waiting.get('type')}, not priority")
        holder = int(waiting["data"]["player"])
        if player is not None and self.setup.seat(str(player)) != holder:
            return Outcome.rejected(failure, f"{player} does not have priority "
                                             f"({self._player(holder)} has)")
        return holder

    def _do_pass_priority(self, action: Mapping[str, Any]) -> Outcome:
        seat = self._priority_seat(action)
        if isinstance(seat, Outcome):
            return seat
        self._apply(seat, {"type": "PassPriority"})
        if action.get("choices"):
            # A pass that ends a step leads to the next step's turn-based actions, which may ask
            # the case's choices (the cleanup discard, CR 514.1).
            answers = {**self.choices, **dict(action["choices"])}
            try:
                while self._waiting() in self.prompts.handlers:
                    self.prompts.answer(answers)
            except IllegalAnswer as exc:
                return Outcome.rejected(exc.failure, str(exc))
        return Outcome.done()

    def _do_resolve(self, action: Mapping[str, Any]) -> Outcome:
        """Resolve the top of the stack (``count`` times), answering its prompts.

        A random discard (CR 701.9b) and a shuffle (701.24a) phase.rs makes with its own
        seeded random number generator, asking no one. The case format answers a random
        outcome as a choice (``random_discard``, else ``discard``; ``shuffle``, the new order
        top first, every card of the library once) so that every engine plays the same game;
        the adapter follows it by choosing the seed of phase.rs's generator (``rng_seed`` in
        its state, the engine's only source of randomness) under which phase.rs's own random
        discard and shuffle are the case's. If no seed of the first 200 gives them, the
        action is unsupported. A ``shuffle`` answer that doesn't list each card of the
        shuffled library once is an ``illegal-choice``."""
        answers = {**self.choices, **dict(action.get("choices") or {})}
        wanted = answers.get("random_discard", answers.get("discard"))
        order = answers.get("shuffle")
        chance = _chance(answers)
        if wanted is None and order is None and chance is None:
            return self._resolve(action, answers)
        want = None if wanted is None else sorted(
            self._id(h) for h in ([wanted] if isinstance(wanted, str) else wanted)
            if h != "none")
        root = self.game.state()
        start = len(self.events)
        seed = int(root["state"].get("rng_seed", 0))
        for attempt in range(_SEEDS if chance is None else _CHANCE_SEEDS):
            if attempt:
                root["state"]["rng_seed"] = seed + attempt
                self.game = self.engine.load_game(root)
                del self.events[start:]
                self.prompts.reset()
            outcome = self._resolve(action, answers)
            random = sorted(int(e["data"]["object_id"]) for e in self.events[start:]
                            if e.get("type") == "Discarded"
                            and int(e["data"]["object_id"]) not in self.prompts.discarded)
            if chance is not None:
                _check_dice(chance, self.events[start:])
            if ((want is None or not random or random == want)
                    and (order is None or not outcome.ok or self._shuffled_as(order, start))
                    and (chance is None or _came_out(chance, self.events[start:]))):
                return outcome
        if chance is not None:
            raise Unsupported(f"phase.rs flips coins and rolls dice with its own generator and "
                              f"takes no answer for the outcome; no seed of the first "
                              f"{_CHANCE_SEEDS} gave the case's results")
        raise Unsupported(f"phase.rs discards and shuffles at random with its own generator "
                          f"and takes no answer for the outcome; no seed of the first {_SEEDS} "
                          "gave the case's")

    def _shuffled_as(self, order: Any, start: int) -> bool:
        """Whether the library phase.rs shuffled since event ``start`` is in the case's
        ``shuffle`` order (top first); True if it shuffled none. An order that doesn't list
        each card of that library once is refused (701.24a: a shuffle orders them all)."""
        seats = [int(e["data"]["player_id"]) for e in self.events[start:]
                 if e.get("type") == "PlayerPerformedAction"
                 and (e.get("data") or {}).get("action") == "ShuffledLibrary"]
        if not seats:
            return True
        library = [int(i) for i in self.game.state()["state"]["players"][seats[-1]]["library"]]
        handles = [str(order)] if isinstance(order, str) else [str(h) for h in order]
        ids = [self.setup.ids.get(h, -1) for h in handles]
        if sorted(ids) != sorted(library):
            names = [self._handle_of(i) for i in library]
            raise IllegalAnswer("illegal-choice", f"the shuffle answer {handles} must list "
                                                  f"each card of the library {names} once "
                                                  "(CR 701.24a)")
        return ids == library

    def _resolve(self, action: Mapping[str, Any], answers: Mapping[str, Any]) -> Outcome:
        for _ in range(int(action.get("count", 1))):
            before = [e["id"] for e in self.game.stack()]
            if not before:
                return Outcome.rejected("illegal-action", "the stack is empty")
            if self._waiting() == "GameOver":
                return Outcome.rejected("no-priority", _GAME_OVER)
            try:
                for _ in range(12):
                    waiting = self._waiting()
                    if waiting != "Priority":
                        self.prompts.answer(answers)
                        continue
                    self._apply(self.game.priority_player(), {"type": "PassPriority"})
                    now = [e["id"] for e in self.game.stack()]
                    if now[:len(before)] != before:
                        break
                while self._waiting() not in ("Priority", "GameOver"):  # choices as it resolves
                    self.prompts.answer(answers)
            except ValueError as exc:  # phase.rs refused an answer: the choice is illegal
                return Outcome.rejected(getattr(exc, "failure", "illegal-choice"), str(exc))
            self.prompts.free_cast.check()  # a spell it cast had the case's X (107.3b)
        if "source" in answers and "source" not in self.prompts.used:
            raise Unsupported("phase.rs asked for no damage source: it offers only sources its "
                              "effect can choose, so the case's choice of "
                              f"{answers['source']!r} can't be put to it")
        return Outcome.done()

    def _do_advance(self, action: Mapping[str, Any]) -> Outcome:
        target = STEPS.get(str(action.get("to")))
        if target is None:
            raise Unsupported(f"advance: unknown step {action.get('to')!r}")
        if self._waiting() == "GameOver":
            return Outcome.rejected("no-priority", _GAME_OVER)
        if self.game.stack():
            return Outcome.rejected("illegal-action", "the stack is not empty")
        start = (self.game.turn, str(self.game.phase))
        divided: dict[int, dict[int, int]] = {}  # per attacker: step asked -> events seen
        first_event = len(self.events)
        for _ in range(60):
            waiting = self._waiting()
            if (str(self.game.phase) == target and (self.game.turn, target) != start
                    and waiting != "AssignCombatDamage"):  # the step's turn-based action first
                return self._unasked_divisions(action, divided, first_event)
            if waiting == "DeclareAttackers":
                self._apply(self.game.waiting_for()["data"]["player"],
                            {"type": "DeclareAttackers", "data": {"attacks": [], "bands": []}})
            elif waiting == "DeclareBlockers":
                self._apply(self.game.waiting_for()["data"]["player"],
                            {"type": "DeclareBlockers", "data": {"assignments": []}})
            elif waiting == "Priority":
                self._apply(self.game.priority_player(), {"type": "PassPriority"})
            elif waiting == "GameOver":  # the game ended on the way (CR 104); nothing follows
                return self._unasked_divisions(action, divided, first_event)
            elif waiting == "AssignCombatDamage":
                refused = self.combat.assign_damage(action, divided)
                if refused is not None:
                    return refused
            elif waiting in self.prompts.handlers:  # triggers of the steps passed through
                try:
                    self.prompts.answer({**self.choices, **dict(action.get("choices") or {})})
                except IllegalAnswer as exc:
                    return Outcome.rejected(exc.failure, str(exc))
            else:
                raise Unsupported(f"phase.rs asks {waiting} on the way to {target}")
        raise Unsupported(f"advance: phase.rs did not reach {target}")

    def _unasked_divisions(self, action: Mapping[str, Any],
                           divided: Mapping[int, Mapping[int, int]], first_event: int
                           ) -> Outcome:
        """A ``combat_damage`` answer for an attacker phase.rs asked no division of (one
        blocker and no trample: all its damage goes to the blocker, CR 510.1c; or too little
        damage to reach past lethal, 702.19b) is legal only if it is the division phase.rs
        made: the same recipients, and all of the attacker's power (510.1a); otherwise the
        case's choice is an ``illegal-choice``. Of a double striker's list (one division per
        combat damage step, 510.4) the first-step division is compared when phase.rs asked
        only the second: its first-strike damage is then the attacker's damage before that
        prompt (phase.rs deals both in one step, so no other split of its events is known)."""
        answers = {**self.choices, **dict(action.get("choices") or {})}
        for handle, given in dict(answers.get("combat_damage") or {}).items():
            oid = self.setup.ids.get(str(handle))
            if oid is None:
                continue
            asked = divided.get(oid) or {}
            until = len(self.events)
            if isinstance(given, list):
                if 0 in asked or 1 not in asked or not given:
                    continue
                given, until = given[0], asked[1]
            elif asked:
                continue
            if not isinstance(given, Mapping):
                continue
            dealt: dict[str, int] = {}
            for event in self.events[first_event:until]:
                data = event.get("data") or {}
                if (event.get("type") != "DamageDealt" or not data.get("is_combat")
                        or int(data.get("source_id", -1)) != oid):
                    continue
                where = data.get("target") or {}
                who = (self.players[int(where["Player"])] if "Player" in where
                       else self._handle_of(int(where.get("Object", -1))))
                dealt[who] = dealt.get(who, 0) + int(data.get("amount", 0))
            if not dealt:
                continue  # it dealt no combat damage here: nothing to compare
            power = self.game.object(oid).get("power") if self.game.object(oid) else None
            total = sum(int(v) for v in given.values())
            if set(given) != set(dealt) or (power is not None and total != int(power)):
                return Outcome.rejected("illegal-choice", f"phase.rs asked for no division of "
                                                          f"{handle}'s combat damage (it "
                                                          f"assigned {dealt}); the case's "
                                                          f"{dict(given)} is not that one")
        return Outcome.done()

    def _do_put_onto_battlefield(self, action: Mapping[str, Any]) -> Outcome:
        """An effect from outside the case puts a card onto the battlefield (CR 110.2).

        phase.rs has no action for that outside its own effects; its sandbox's
        ``MoveToZone`` moves the card without applying replacement effects (614.12: Wingfold
        Pteron enters without its counter) or triggering anything (603.6a). So the move is
        made with it only when nothing in the game could replace or see a card entering: the
        card and every permanent have no replacement effect on a move and no zone-change
        trigger, and the card is no Aura (an Aura entering this way has what it enchants
        chosen as it enters, 303.4f, which the sandbox move skips) and no planeswalker or battle
        (they enter with loyalty or defense counters, 306.5b, 310.4b, which the sandbox move
        doesn't give); otherwise the action is unsupported (an engine limit)."""
        oid = self._id(str(action.get("object")))
        state = self.game.state()["state"]
        obj = state["objects"].get(str(oid)) or {}
        if str(obj.get("zone")) in ("Battlefield", "Stack"):
            return Outcome.rejected("illegal-action", f"{action.get('object')} is a permanent "
                                                      "or a spell already")
        if action.get("transformed"):
            raise Unsupported("put onto the battlefield transformed: phase.rs has no action "
                              "that puts a card onto the battlefield back face up (its "
                              "sandbox moves a card front face up, then turns it)")
        entering = set((obj.get("card_types") or {}).get("core_types") or [])
        counted = sorted(entering & {"Planeswalker", "Battle"})
        if counted:
            raise Unsupported(
                f"put onto the battlefield: phase.rs has no action that puts a {counted[0]} "
                "onto the battlefield as an effect does; its sandbox's MoveToZone puts it "
                f"there without the {'loyalty' if counted[0] == 'Planeswalker' else 'defense'} "
                "counters it enters with (CR 306.5b, 310.4b)")
        if "Aura" in ((obj.get("card_types") or {}).get("subtypes") or []):
            raise Unsupported("put onto the battlefield: phase.rs has no action that puts an "
                              "Aura onto the battlefield as an effect does (choosing what it "
                              "enchants as it enters, or leaving it where it is, CR 303.4f); "
                              "its sandbox's MoveToZone puts it there enchanting nothing")
        watchers = [state["objects"][str(i)] for i in state["battlefield"]] + [obj]
        for other in watchers:
            # a permanent's replacement or trigger about itself ("this enters tapped", "when
            # this enters") sees no other card entering; the entering card's own ones do apply
            itself = other is obj

            def about(definition: Mapping[str, Any], itself: bool = itself) -> bool:
                return itself or (definition.get("valid_card") or {}).get("type") != "SelfRef"

            moves = [r for r in other.get("replacement_definitions") or []
                     if r.get("event") == "Moved" and about(r)]
            sees = [t for t in other.get("trigger_definitions") or []
                    if "ChangesZone" in str((t.get("definition") or t).get("mode"))
                    and about(t.get("definition") or t)]
            if moves or sees:
                raise Unsupported(
                    "put onto the battlefield: phase.rs has no action that puts a card onto "
                    "the battlefield as an effect does; its sandbox's MoveToZone skips "
                    f"replacement effects and triggers, and {other.get('name')} has "
                    f"{'a replacement effect on entering' if moves else 'a zone-change trigger'}")
        root = self.game.state()
        root["state"]["debug_mode"] = True
        game = self.engine.load_game(root)
        result = game.apply(0, self.phase.GameAction.from_dict(
            {"type": "Debug", "data": {"type": "MoveToZone",
                                       "data": {"object_id": oid, "to_zone": "Battlefield"}}}))
        self.events.extend(result.events)
        controller = action.get("player")
        if controller is not None and self.setup.seat(str(controller)) != int(obj["owner"]):
            # it enters under that player's control (110.2): the sandbox sets the controller
            result = game.apply(0, self.phase.GameAction.from_dict(
                {"type": "Debug", "data": {"type": "SetController", "data": {
                    "object_id": oid, "controller": self.setup.seat(str(controller))}}}))
            self.events.extend(result.events)
        root = game.state()
        root["state"]["debug_mode"] = False
        self.game = self.engine.load_game(root)
        return Outcome.done()

    def _do_concede(self, action: Mapping[str, Any]) -> Outcome:
        """A player concedes (CR 104.3a): any time, priority or not; phase.rs's own Concede."""
        seat = self._seat_of(str(action.get("player")))
        self._apply(seat, {"type": "Concede", "data": {"player_id": seat}})
        return Outcome.done()

    def _do_declare_attackers(self, action: Mapping[str, Any]) -> Outcome:
        return self.combat.declare_attackers(action)

    def _do_declare_blockers(self, action: Mapping[str, Any]) -> Outcome:
        return self.combat.declare_blockers(action)

    def _do_play_land(self, action: Mapping[str, Any]) -> Outcome:
        seat = self._priority_seat(action)
        if isinstance(seat, Outcome):
            return seat
        oid = self._id(str(action.get("object")))
        not_land = self._face_not_land(oid, action)
        if not_land:  # phase.rs's PlayLand takes no face: it plays the land face itself
            return Outcome.rejected("illegal-action", f"{not_land} is not a land: it can't be "
                                                      "played (CR 305.1, 712.12)")
        self._apply(seat, {"type": "PlayLand", "data": {"object_id": oid, "card_id": oid}})
        answers = {**self.choices, **dict(action.get("choices") or {})}
        while self._waiting() not in ("Priority", "GameOver"):  # "as it enters" choices
            self.prompts.answer(answers)
        return Outcome.done()

    def _face(self, oid: int, action: Mapping[str, Any]) -> Mapping[str, Any] | None:
        """The face of a modal double-faced card the action names (``face``), as phase.rs
        holds it: the object itself for the front, its ``back_face`` for the back."""
        obj = self.game.object(oid) or {}
        if action.get("face") == "back":
            return obj.get("back_face") or None
        return obj if action.get("face") == "front" else None

    def _face_not_land(self, oid: int, action: Mapping[str, Any]) -> str:
        """The name of the named face if phase.rs's data for it has no land type, else ''."""
        face = self._face(oid, action)
        types = ((face or {}).get("card_types") or {}).get("core_types") or []
        return str(face.get("name")) if face is not None and "Land" not in types else ""

    def _do_activate(self, action: Mapping[str, Any]) -> Outcome:
        seat = self._priority_seat(action)
        if isinstance(seat, Outcome):
            return seat
        oid = self._id(str(action.get("object")))
        obj = self.game.object(oid)
        activated = [i for i, a in enumerate(obj.get("abilities", []))
                     if a.get("kind") == "Activated"]
        index = int(action.get("ability", 0))
        if not 0 <= index < len(activated):
            return Outcome.rejected("illegal-action", f"phase.rs gives {obj['name']} "
                                                      f"{len(activated)} activated abilities")
        try:
            self._apply(seat, {"type": "ActivateAbility",
                               "data": {"source_id": oid, "ability_index": activated[index]}})
        except ValueError as exc:
            refusal = self._loyalty_refusal(seat, str(exc))
            if refusal is None:
                raise
            return refusal
        outcome = self._answer_prompts(seat, action)
        if outcome.ok and self._waiting() != "GameOver":
            problem = self._unanswered(action)  # a lone legal target phase.rs chose itself
            if problem is not None:
                return Outcome.rejected(*problem)
        return outcome

    def _loyalty_refusal(self, seat: int, message: str) -> Outcome | None:
        """The class of phase.rs's refusal of a loyalty ability, or None for another refusal.

        phase.rs refuses every loyalty activation it won't allow with one message ("Cannot
        activate loyalty ability"); the class is read from the state it refused in: outside a
        main phase of the controller's turn, or with a nonempty stack, it is timing (CR 606.3);
        otherwise the once-per-turn limit (606.3). (Too few loyalty counters for a negative
        cost, 606.6, phase.rs says in words of its own: "Not enough loyalty".)"""
        if "cannot activate loyalty ability" not in message.lower():
            return None
        state = self.snapshot()["state"]
        main = str(self.game.phase) in ("PreCombatMain", "PostCombatMain")
        if not main or self.game.stack() or int(state.get("active_player", -1)) != seat:
            return Outcome.rejected("timing", f"phase.rs: {message} (not its controller's main "
                                              "phase with an empty stack, CR 606.3)")
        return Outcome.rejected("illegal-action", f"phase.rs: {message} (one loyalty ability "
                                                  "per permanent per turn, CR 606.3)")

    def _targets(self, action: Mapping[str, Any]) -> list[str | None]:
        """The targets an action names, one per target phase.rs asks for, in its order: the
        target slots in order (601.2c). The case format writes them as one value, a list in
        slot order, or a table by slot name (each a value or a list). A table is ordered by
        the slots of the object's card (its spell abilities for a cast, a half's own for a
        split card's half, the ability activated for an activation); phase.rs asks one target
        at a time, the ones past a slot's minimum optional, so a slot of "up to N" given fewer
        than N targets is padded with ``None`` (no target) to N."""
        given = action.get("targets", [])
        if isinstance(given, str):
            return [given]
        if not isinstance(given, Mapping):
            return [str(t) for t in given]
        slots = self._slots(action)
        names = [n for n in slots if n in given] + [n for n in given if n not in slots]
        flat: list[str | None] = []
        for name in names:
            value = given[name]
            chosen = [str(value)] if isinstance(value, str) else [str(v) for v in value]
            flat += chosen + [None] * max(0, slots.get(name, len(chosen)) - len(chosen))
        return flat

    def card_of(self, handle: str) -> Mapping[str, Any]:
        """The case's card data of the object with ``handle`` (empty for a token or none)."""
        objects = list(self.setup.setup.get("objects", []))
        card_name = next((str(o.get("card")) for o in objects
                          if handle_of(o, objects) == handle), None)
        return self._cards.get(card_name or "") or {}

    def _slots(self, action: Mapping[str, Any]) -> dict[str, int]:
        """The target slots of the action's ability, from the case's card data, in order:
        name -> the most targets the slot takes."""
        card = self.card_of(str(action.get("object")))
        faces = card.get("faces") or [card]
        half = action.get("half")
        if half is not None:
            faces = [f for f in faces if f.get("name") == half] or faces
        if action.get("type") == "activate":
            abilities = [a for f in faces for a in f.get("abilities") or []
                         if a.get("kind") in ("activated", "mana")]
            index = int(action.get("ability", 0))
            chosen = abilities[index:index + 1]
        else:
            chosen = [a for f in faces for a in f.get("abilities") or []
                      if a.get("kind") == "spell"]
        slots: dict[str, int] = {}
        for ability in chosen:
            for slot in ability.get("targets") or []:
                count = slot.get("count", 1)
                slots[str(slot.get("name"))] = int(count[-1] if isinstance(count, list)
                                                   else count)
        return slots

    def _target(self, ref: str) -> dict[str, int]:
        if ref in self.players:
            return {"Player": self.players.index(ref)}
        return {"Object": self._id(ref)}

    def _do_cast(self, action: Mapping[str, Any]) -> Outcome:
        if action.get("alternative") not in (None, "overload", "flashback",
                                             "without_paying_mana_cost", "evoke", "dash",
                                             "blitz"):
            raise Unsupported(f"the alternative cost {action.get('alternative')!r}: this "
                              "adapter has no answer yet for it (it answers phase.rs's "
                              "AlternativeCastChoice for overload, flashback, evoke, dash "
                              "and blitz; whether phase.rs offers this one there, and when "
                              "its refusal is the rules' cannot-cast, was not worked out)")
        for key in ("buyback", "entwine"):
            if action.get(key):
                # 702.27a, 702.42a: optional additional costs announced with the cast
                raise Unsupported(f"the cast's {key} announcement has no mapping to phase.rs's "
                                  "optional cost prompts in this adapter")
        seat = self._priority_seat(action, "timing")
        if isinstance(seat, Outcome):
            return seat
        oid = self._id(str(action.get("object")))
        face = self._face(oid, action)
        if face is not None and not self._face_not_land(oid, action):
            return Outcome.rejected("cannot-cast", f"{face.get('name')} is a land (phase.rs's "
                                                   "data for that face): lands are played, not "
                                                   "cast (CR 305.1, 712.11c)")
        root = self.game.state()
        self._cast_from = str(self.game.object(oid).get("zone"))
        cast = {"type": "CastSpell", "data": {"object_id": oid, "card_id": oid,
                                              "payment_mode": {"type": "Auto"}, "targets": []}}
        # 601.2b before 601.2c: kicking a spell that has no kicker is refused as the spell is
        # announced, before targets; phase.rs asks for targets first, so it would refuse for
        # them (or for the kicker prompt it never shows) instead. Timing (601.3) comes first.
        unkickable = bool(action.get("kicked")) and not _has_kicker(self.game.object(oid))
        no_kicker = f"{self.game.object(oid).get('name')} has no kicker (CR 702.33a, 601.2b)"
        try:
            self._apply(seat, cast)
        except ValueError as exc:
            types = ((self.game.object(oid) or {}).get("card_types") or {}).get("core_types")
            if "no mana cost" in str(exc) and "Land" in (types or []):
                # phase.rs refuses a land for its missing mana cost; a land is played, never
                # cast (CR 305.9), which 601.2a finds before any cost (118.6)
                return Outcome.rejected("cannot-cast", f"{exc} (a land: CR 305.9)")
            if action.get("alternative") and self._offered_if_payable(action):
                return Outcome.rejected("cannot-pay", f"phase.rs offers the {action['alternative']}"
                                                      f" cost only when it can be paid ({exc})")
            # 601.2a (the card is one its caster may cast) and 601.3 (timing) come before the
            # kicker announced in 601.2b: phase.rs's own refusal for them stands
            if unkickable and classify_error(str(exc)) not in ("timing", "cannot-cast",
                                                               "no-priority"):
                return Outcome.rejected("illegal-choice", no_kicker)
            raise
        if unkickable:
            self.game = self.engine.load_game(root)
            return Outcome.rejected("illegal-choice", no_kicker)
        outcome = self._answer_prompts(seat, action)
        if not outcome.ok or self._waiting() == "GameOver":  # its cost ended the game
            return outcome
        # A division phase.rs did not ask for (601.2d) is not given to it: the spell is cast
        # as phase.rs made it, and what it deals shows whether it divided as the case did.
        problem = self._unanswered(action)
        if problem is not None:  # undo the cast the engine made without asking
            self.game = self.engine.load_game(root)
            return Outcome.rejected(*problem)
        return outcome

    def _offered_if_payable(self, action: Mapping[str, Any]) -> bool:
        """Whether phase.rs would offer the action's alternative cost if mana were no object:
        asked of a scratch copy with unlimited mana (phase.rs offers an alternative cost only
        when it can be paid, so "not offered" alone does not say why)."""
        asked = dict(self._asked)
        try:
            self.queries.trial_cost({**action, "query": "total_cost"})
        except Unsupported:
            return False
        finally:
            offered = bool(self._asked.get("AlternativeCastChoice"))
            self._asked = asked
        return offered

    def _unanswered(self, action: Mapping[str, Any]) -> tuple[str, str] | None:
        """What the case asked for that the engine cast without (it skips the kicker prompt
        when kicker can't be paid, and chooses a lone legal target itself): a failure class
        and message, or None if the spell on the stack is the one the case cast."""
        alternative = action.get("alternative")
        if action.get("half") == "fused" and not self._asked.get("CastingVariantChoice"):
            return ("illegal-choice", "phase.rs offered no fused cast of this split card "
                                      "(702.102a: fused only from its caster's hand)")
        if alternative == "without_paying_mana_cost" and int(action.get("x", 0) or 0) and \
                not self._asked.get("ChooseXValue"):
            return ("illegal-choice", "cast without paying its mana cost, phase.rs asks no X "
                                      "and casts with X = 0 (107.3b)")
        if alternative and alternative != "without_paying_mana_cost" and not self._asked.get(
                "AlternativeCastChoice") and not (
                alternative == "flashback" and self._cast_from == "Graveyard"):
            if self._offered_if_payable(action):
                return ("cannot-pay", f"phase.rs offers the {alternative} cost only when it "
                                      "can be paid")
            return ("illegal-choice", f"phase.rs offered no {alternative} cost for this cast")
        if action.get("kicked") and not self._asked.get("OptionalCostChoice"):
            return ("cannot-pay", "phase.rs offered no kicker choice: it offers kicker only "
                                  "when the total cost with kicker can be paid")
        wanted_kicks = int(action.get("kicked", 0) or 0)
        top = self._stack_entry(action)
        paid = self.queries.kicks(int(top.get("source_id", -1))) if top else 0
        if wanted_kicks > 1 and paid < wanted_kicks:
            return ("illegal-choice", f"phase.rs let kicker be paid {paid} time(s), not "
                                      f"{wanted_kicks}: only multikicker repeats (702.33c)")
        wanted = [self._target(t) for t in self._targets(action) if t is not None]
        if len(wanted) > self._asked.get("TargetSelection", 0):
            got = spell_targets(top)  # each target word's choice, in the spell's text order
            if got[:len(wanted)] != wanted:
                return ("illegal-target", f"phase.rs chose the targets itself ({got}); the "
                                          f"case's targets {wanted} are not legal")
        return None

    def _stack_entry(self, action: Mapping[str, Any]) -> Mapping[str, Any]:
        """The stack entry of the spell or ability the action just put on the stack: the
        topmost whose source is the action's object. It needn't be the top of the stack: an
        ability that triggered on the cast (Guttersnipe's, CR 601.2i, 603.3) goes above it."""
        stack = self.game.stack()
        try:
            oid = self._id(str(action.get("object")))
        except Unsupported:
            oid = None
        mine = [e for e in stack if oid is not None and int(e.get("source_id", -1)) == oid]
        return mine[-1] if mine else (stack[-1] if stack else {})

    def _cancel(self, seat: int, failure: str, message: str) -> Outcome:
        try:
            self._apply(seat, {"type": "CancelCast"})
        except ValueError:
            pass
        return Outcome.rejected(failure, message)

    def _answer_prompts(self, seat: int, action: Mapping[str, Any], *,
                        setup: bool = False, trial: bool = False) -> Outcome:
        """Answer phase.rs's casting prompts from the case's action until the spell is cast.

        In a ``trial`` (a scratch copy asked for a total cost), a target the action does not
        name is the first one phase.rs offers (targets do not change the cost), and answering
        stops where phase.rs asks for mana."""
        targets = self._targets(action)
        chosen = 0
        self._asked = {}
        for _ in range(20):
            waiting = self.game.waiting_for()
            kind = str(waiting.get("type"))
            self._asked[kind] = self._asked.get(kind, 0) + 1
            if kind in ("Priority", "GameOver"):  # cast; or a cost ended the game (704.5a)
                return Outcome.done()
            if kind == "ModalFaceChoice":
                half = action.get("half")
                modal = (self.card_of(str(action.get("object"))).get("layout") == "modal_dfc")
                if half is None and (action.get("face") in ("front", "back") or modal):
                    # a modal double-faced card: the face to cast (712.11b)
                    self._apply(seat, {"type": "ChooseModalFace",
                                       "data": {"back_face": action.get("face") == "back"}})
                    continue
                if half is None:
                    return self._unsupported(seat, "phase.rs asks which half; the case names "
                                                   "none")
                obj = self.game.object(self._id(str(action.get("object"))))
                halves = [obj["name"], (obj.get("back_face") or {}).get("name")]
                if half not in halves:  # phase.rs offers only the halves (CR 709.3)
                    return self._cancel(seat, "illegal-choice", f"phase.rs casts one half "
                                                                f"({halves[0]} or {halves[1]}), "
                                                                f"not {half!r}")
                self._apply(seat, {"type": "ChooseModalFace",
                                   "data": {"back_face": half == halves[1]}})
            elif kind == "TargetSelection":
                if chosen >= len(targets):
                    data = waiting.get("data") or {}
                    slots = data.get("target_slots") or []
                    current = int((data.get("selection") or {}).get("current_slot", 0))
                    legal = slots[current].get("legal_targets") if current < len(slots) else []
                    if trial and legal:
                        self._apply(seat, {"type": "ChooseTarget", "data": {"target": legal[0]}})
                        continue
                    if current < len(slots) and slots[current].get("optional"):
                        # an optional slot ("one or two targets", "up to two"): choose none
                        self._apply(seat, {"type": "ChooseTarget", "data": {"target": None}})
                        continue
                    if setup:
                        return self._unsupported(seat, f"the setup's spell "
                                                       f"{action.get('object')!r} has fewer "
                                                       "targets than its cast needs: phase.rs "
                                                       "puts a "
                                                       "spell on the stack only by casting it, "
                                                       "a cast chooses every target it needs "
                                                       "(CR 601.2c), and its sandbox makes no "
                                                       "stack entry without a cast")
                    return self._cancel(seat, "illegal-target",
                                        "phase.rs asks for more targets than the case gives")
                ref = targets[chosen]
                try:
                    self._apply(seat, {"type": "ChooseTarget",
                                       "data": {"target": None if ref is None
                                                else self._target(ref)}})
                except ValueError as exc:  # choosing the last target also pays the cost
                    failure = classify_error(str(exc))
                    return self._cancel(seat, "illegal-target" if failure == "illegal-action"
                                        else failure, str(exc))
                chosen += 1
            elif kind == "ChooseManaColor":
                answers = {**self.choices, **dict(action.get("choices") or {})}
                color = MANA_WORDS.get(str(answers.get("mana", "")))
                if color is None:
                    return self._unsupported(seat, "phase.rs asks for a mana color; the case "
                                                   "gives no choices.mana")
                self._apply(seat, {"type": "ChooseManaColor",
                                   "data": {"choice": {"type": "SingleColor", "data": color}}})
            elif kind == "OptionalCostChoice":
                # kicker is asked once; multikicker once more after each payment (702.33c)
                data = waiting.get("data") or {}
                pay = int(data.get("times_kicked", 0)) < int(action.get("kicked", 0) or 0)
                self._apply(seat, {"type": "DecideOptionalCost", "data": {"pay": pay}})
            elif kind == "ChooseXValue":
                self._apply(seat, {"type": "ChooseX", "data": {"value": int(action.get("x", 0))}})
            elif kind == "ManaPayment" and trial:
                return Outcome.done()
            elif kind == "ManaPayment" and self._asked[kind] == 1 and tapped_for(
                    waiting.get("data") or {}, action):
                refused = self.casting.pay_by_tapping(seat, waiting.get("data") or {}, action)
                if refused is not None:
                    return self._cancel(seat, refused.failure or "cannot-pay", refused.message)
            elif kind == "ManaPayment":
                return self._cancel(seat, "cannot-pay", "phase.rs could not pay the cost "
                                                        "automatically")
            elif kind == "PayCost" and trial:  # what is discarded or sacrificed: no cost change
                data = waiting.get("data") or {}
                picks = list(data.get("choices") or [])[:int(data.get("count", 1))]
                self._apply(seat, {"type": "SelectCards", "data": {"cards": picks}})
            elif kind in CASTING_PROMPTS:
                refused = self.casting.answer(seat, kind, waiting.get("data") or {}, action)
                if refused is not None:
                    return self._cancel(seat, refused.failure or "illegal-choice",
                                        refused.message)
            elif setup:
                return self._unsupported(seat, f"phase.rs stops at {kind} while the setup "
                                               "casts its stack spell (state-based actions or "
                                               "triggers before the case's first step): its "
                                               "sandbox makes no stack entry without a cast")
            else:
                return self._unsupported(seat, f"phase.rs prompt {kind} has no answer here")
        return self._unsupported(seat, "phase.rs kept prompting while casting")

    def _unsupported(self, seat: int, message: str) -> Outcome:
        self._cancel(seat, "illegal-action", message)
        raise Unsupported(message)

    def close(self) -> None:
        self.game = None


#: Seeds of phase.rs's generator tried for a random discard or shuffle, and for coin flips
#: and die rolls (a result of two twenty-sided dice is one seed in 400).
_SEEDS = 200
_CHANCE_SEEDS = 1000


def _chance(answers: Mapping[str, Any]) -> tuple[list[bool], list[int]] | None:
    """The case's coin flips and die rolls as phase.rs records them: per flip whether its
    flipper won it (705.2: a called flip is won when the call, ``coin_call``, default heads,
    matches the side, ``coin``), and the dice's natural results in the order rolled (706.2);
    None if the case fixes neither."""
    coins, dice = answers.get("coin"), answers.get("die")
    if coins is None and dice is None:
        return None
    call = str(answers.get("coin_call", "heads"))
    sides = [] if coins is None else [coins] if isinstance(coins, str) else list(coins)
    rolls = [] if dice is None else [dice] if isinstance(dice, int) else list(dice)
    return [str(side) == call for side in sides], [int(r) for r in rolls]


def _came_out(chance: tuple[list[bool], list[int]], events: list[Mapping[str, Any]]) -> bool:
    """Whether phase.rs's flips (``CoinFlipped``) and rolls (``DieRolled``) in ``events`` begin
    as the case's answers do (a flip or roll past the answers given is free)."""
    won = [bool(e["data"]["won"]) for e in events if e.get("type") == "CoinFlipped"]
    rolled = [int(e["data"]["result"]) for e in events if e.get("type") == "DieRolled"]
    return all(a == b for a, b in zip(won, chance[0], strict=False)) and all(
        a == b for a, b in zip(rolled, chance[1], strict=False))


def _check_dice(chance: tuple[list[bool], list[int]], events: list[Mapping[str, Any]]) -> None:
    """A die answer no die of the roll can show is the case's ``illegal-choice`` (706.1)."""
    sides = [int(e["data"]["sides"]) for e in events if e.get("type") == "DieRolled"]
    for result, side in zip(chance[1], sides, strict=False):
        if not 1 <= result <= side:
            raise IllegalAnswer("illegal-choice", f"choice 'die': {result} is not a result of "
                                                  f"a {side}-sided die (CR 706.1)")


def _optional_slot(card: Mapping[str, Any]) -> bool:
    """Whether a card's spell ability has a target slot that may take no target ("up to")."""
    for face in card.get("faces") or [card]:
        for ability in face.get("abilities") or []:
            for slot in ability.get("targets") or [] if ability.get("kind") == "spell" else []:
                count = slot.get("count", 1)
                if isinstance(count, list) and count and int(count[0]) == 0:
                    return True
    return False


def _has_kicker(obj: Mapping[str, Any]) -> bool:
    """Whether phase.rs gives the object a kicker or multikicker (CR 702.33): as a keyword, or
    as its additional cost of type ``Kicker`` (multikicker and non-mana kicker costs)."""
    extra = obj.get("additional_cost")
    return _kicker_cost(obj) is not None or (isinstance(extra, Mapping)
                                             and extra.get("type") == "Kicker")


def _kicker_cost(obj: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The mana cost of an object's kicker (or multikicker) keyword, as phase.rs records it."""
    for keyword in obj.get("keywords") or []:
        if isinstance(keyword, Mapping):
            for name in ("Kicker", "Multikicker"):
                if name in keyword:
                    cost: Mapping[str, Any] = keyword[name]
                    if cost.get("type") == "Mana":
                        data: Mapping[str, Any] = cost["data"]
                        return data
                    return cost
    return None


def _unimplemented(node: Any) -> list[str]:
    """Descriptions of the parts of a built card face phase.rs left ``Unimplemented``."""
    found: list[str] = []
    if isinstance(node, Mapping):
        if node.get("type") == "Unimplemented":
            found.append(str(node.get("description") or node.get("name") or "?"))
        for value in node.values():
            found += _unimplemented(value)
    elif isinstance(node, list):
        for value in node:
            found += _unimplemented(value)
    return found


class PhaseAdapter:
    """phase.rs through ``phase-python``: the current (modern) rules."""

    def __init__(self) -> None:
        self.phase = _load_phase()
        self._engines: OrderedDict[str, tuple[Any, dict[str, str]]] = OrderedDict()
        #: Cards whose text the engine's parser left (partly) unimplemented, with what it left.
        self._unparsed: dict[str, list[str]] = {}

    def info(self) -> AdapterInfo:
        return AdapterInfo(name="phase-rs", version=metadata.version("phase-python"),
                           eras=("modern",), features=FEATURES,
                           homepage="https://pypi.org/project/phase-python/")

    def _faces(self, card: Mapping[str, Any]) -> list[dict[str, Any]]:
        faces = card_faces(card)
        if len(faces) == 1:
            return [self.phase.build_oracle_face(faces[0], oracle_id(str(card["name"])))]
        out = []
        for index, face in enumerate(faces):
            built = self.phase.build_oracle_face_multi(face, oracle_id(str(card["name"])))
            out.append(dict(built, layout=card.get("layout", "normal"), face_index=index))
        return out

    def engine_for(self, cards: Mapping[str, Mapping[str, Any]]) -> tuple[Any, dict[str, str]]:
        """A phase.rs ``Engine`` holding ``cards`` (and the filler), cached by card data."""
        key = json.dumps(cards, sort_keys=True, default=str)
        if key in self._engines:
            self._engines.move_to_end(key)
            return self._engines[key]
        filler = {"name": FILLER, "mana_cost": "", "types": ["Land"], "oracle_text": ""}
        db: dict[str, Any] = {}
        front: dict[str, str] = {}
        for name, card in [*cards.items(), (FILLER, filler)]:
            faces = self._faces(card)
            for face in faces:
                db[str(face["name"]).lower()] = face
                gaps = _unimplemented(face)
                if gaps:
                    self._unparsed[name] = gaps
            front[name] = str(faces[0]["name"])
        entry = (self.phase.Engine.from_json(json.dumps(db)), front)
        self._engines[key] = entry
        if len(self._engines) > 64:
            self._engines.popitem(last=False)
        return entry

    def start(self, request: StartRequest) -> PhaseSession:
        if request.era != "modern":
            raise Unsupported(f"phase.rs implements the modern rules, not {request.era!r}")
        emblems = permission_cards(request.setup)
        if emblems:
            request = replace(request, cards={**request.cards,
                                              **{n: e[2] for n, e in emblems.items()}})
        engine, front = self.engine_for(request.cards)
        for name in request.cards:
            if name in self._unparsed:
                raise Unsupported(f"phase.rs's Oracle parser leaves part of {name!r} "
                                  f"unimplemented ({'; '.join(self._unparsed[name])}), so the "
                                  "card can't be played as written")
        for name, (_player, kind, card) in emblems.items():
            check_parsed(name, kind, self._faces(card)[0])
        return PhaseSession(self, request, engine, front,
                            emblems={n: e[0] for n, e in emblems.items()})

    def close(self) -> None:
        self._engines.clear()
