"""Queries answered from fields phase.rs exposes, or asked of a scratch copy of its game.

Player fields: ``poison`` (``poison_counters``, CR 122.1f), ``lands_played``
(``lands_played_this_turn``, CR 305.2). Object fields: ``summoning_sick`` (the engine's own
``has_summoning_sickness``, CR 302.6), ``face_up`` (``transformed``, CR 712.8), ``is_token``,
``kicked`` / ``times_kicked`` (the spell's ``kickers_paid``, 702.33d), ``x`` (``cost_x_paid``,
107.3), ``targets`` and ``stack_objects`` (the stack entries' chosen targets, 601.2c).
Characteristics-derived answers are computed over the engine's own characteristics the way the
CR defines them: ``land_types`` (205.3i), ``basic_land_types`` and ``domain`` (305.6),
``tokens`` (the names of a player's tokens in the order they entered, 111.4).

``total_cost`` (601.2f) and ``can_cast`` are asked of a scratch copy of the game: the cast is
begun there with manual payment, the case's announcements answered, and the cost phase.rs asks to
be paid (its pending cast's ``cost``) read when it asks for mana; the case's game never moves.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...adapter import Unsupported
from .._views import LAND_TYPES
from .targets import legal_target, spell_targets
from .text import classify_error, total_cost_text

if TYPE_CHECKING:
    from .session_view import SessionView

__all__ = ["QUERIES", "PhaseQueries"]

_BASIC = LAND_TYPES[:5]

_CHOSEN = {"color": "Color", "name": "CardName", "number": "Number",
           "creature_type": "CreatureType"}

#: Queries this module answers.
QUERIES = frozenset({"poison", "lands_played", "summoning_sick", "face_up", "is_token",
                     "kicked", "times_kicked", "x", "targets", "stack_objects", "land_types",
                     "basic_land_types", "domain", "tokens", "total_cost", "can_cast",
                     "can_be_cast",
                     "is_double_faced", "is_blocked", "blocking", "cast_half", "chosen",
                     "attached_to", "legal_target", "protector", "defense", "commander_tax",
                     "commander_damage", "emblems"})


class PhaseQueries:
    """The extra queries of one :class:`~conformance.adapters.phase_rs.PhaseSession`."""

    def __init__(self, session: SessionView) -> None:
        self.s = session

    def answer(self, name: str, query: Mapping[str, Any]) -> Any:
        """Answer ``query`` (one of :data:`QUERIES`)."""
        return getattr(self, f"_q_{name}")(query)

    # -- helpers --------------------------------------------------------------------------------

    def _obj(self, query: Mapping[str, Any]) -> Mapping[str, Any]:
        handle = str(query.get("object"))
        obj = self.s.game.object(self.s._id(handle))
        if obj is None:
            raise Unsupported(f"phase.rs no longer tracks the object {handle!r}")
        return dict(obj)

    def _player_seat(self, query: Mapping[str, Any]) -> int:
        return self.s._seat_of(str(query.get("player")))

    def _entry(self, oid: int) -> Mapping[str, Any] | None:
        for entry in self.s.game.stack():
            if int(entry.get("source_id", -1)) == oid and (
                    (entry.get("kind") or {}).get("type") == "Spell"):
                return dict(entry)
        return None

    def _ability(self, entry: Mapping[str, Any]) -> Mapping[str, Any]:
        return ((entry.get("kind") or {}).get("data") or {}).get("ability") or {}

    def _target_names(self, entry: Mapping[str, Any]) -> list[str]:
        out: list[str] = []
        for ref in spell_targets(entry):  # each target word's choice, in the text's order
            if "Player" in ref:
                out.append(self.s.players[int(ref["Player"])])
            else:
                out.append(self.s._handle_of(int(ref.get("Object", -1))))
        return out

    def kicks(self, oid: int) -> int:
        """How many times the kicker of spell or permanent ``oid`` was paid (702.33d):
        phase.rs records it on an instant or sorcery's resolving ability and on the object
        of a permanent spell; anything else is not kicked."""
        entry = self._entry(oid)
        if entry is not None:
            context = self._ability(entry).get("context")
            if context is not None:
                return len(context.get("kickers_paid") or [])
        obj = self.s.snapshot()["state"]["objects"].get(str(oid)) or {}
        if obj.get("zone") not in ("Battlefield", "Stack"):
            return 0
        return len(obj.get("kickers_paid") or [])

    # -- players --------------------------------------------------------------------------------

    def _q_poison(self, query: Mapping[str, Any]) -> int:
        return int(self.s.game.player(self._player_seat(query))["poison_counters"])

    def _q_lands_played(self, query: Mapping[str, Any]) -> int:
        return int(self.s.game.player(self._player_seat(query))["lands_played_this_turn"])

    def _lands(self, query: Mapping[str, Any]) -> list[str]:
        player = str(query.get("player"))
        found = {t for v in self.s.zone_views("battlefield", player) if "Land" in v.types
                 for t in v.subtypes}
        return [t for t in _BASIC if t in found]

    def _q_basic_land_types(self, query: Mapping[str, Any]) -> list[str]:
        return self._lands(query)

    def _q_domain(self, query: Mapping[str, Any]) -> int:
        return len(self._lands(query))

    def _q_tokens(self, query: Mapping[str, Any]) -> list[str]:
        seat = self._player_seat(query)
        objs = [o for o in self.s.game.battlefield()
                if o.get("is_token") and int(o.get("controller", -1)) == seat]
        objs.sort(key=lambda o: int(o.get("timestamp", 0)))  # the order they entered
        return [self.s._object_view(o).name for o in objs]

    # -- objects --------------------------------------------------------------------------------

    def _q_summoning_sick(self, query: Mapping[str, Any]) -> bool:
        obj = self._obj(query)
        if "Creature" not in (obj.get("card_types") or {}).get("core_types", []):
            return False
        return bool(obj.get("has_summoning_sickness"))

    def _q_face_up(self, query: Mapping[str, Any]) -> str:
        """A transformed permanent (``transformed``) or a modal double-faced card cast or
        played back face up (``modal_back_face``, CR 712.11b, 712.12) shows its back face."""
        obj = self._obj(query)
        return "back" if obj.get("transformed") or obj.get("modal_back_face") else "front"

    def _q_is_double_faced(self, query: Mapping[str, Any]) -> bool:
        """A transforming double-faced object (712.1, 707.8a): phase.rs keeps the other face
        as ``back_face`` with layout ``Transform`` (a split card's other half is ``Split``)."""
        oid = self.s._id(str(query.get("object")))
        state = self.s.game.state()["state"]["objects"].get(str(oid)) or {}
        back = state.get("back_face") or {}
        return str(back.get("layout_kind")) in ("Transform", "ModalDfc", "Meld")

    def _q_is_token(self, query: Mapping[str, Any]) -> bool:
        return bool(self.s.view(str(query.get("object"))).token)

    def _q_kicked(self, query: Mapping[str, Any]) -> bool:
        return self.kicks(self.s._id(str(query.get("object")))) > 0

    def _q_times_kicked(self, query: Mapping[str, Any]) -> int:
        return self.kicks(self.s._id(str(query.get("object"))))

    def _q_x(self, query: Mapping[str, Any]) -> int:
        obj = self._obj(query)
        if str(obj.get("zone")) != "Stack":
            return 0
        state = self.s.game.state()["state"]["objects"].get(str(obj["id"])) or {}
        return int(state.get("cost_x_paid") or 0)

    def _q_cast_half(self, query: Mapping[str, Any]) -> Any:
        obj = self._obj(query)
        if str(obj.get("zone")) != "Stack":
            return None
        return str(obj["name"])

    def _q_targets(self, query: Mapping[str, Any]) -> list[str]:
        entry = self._entry(self.s._id(str(query.get("object"))))
        if entry is None:
            raise Unsupported("targets: phase.rs has no stack entry for that object")
        return self._target_names(entry)

    def _q_stack_objects(self, query: Mapping[str, Any]) -> list[dict[str, Any]]:
        out = []
        for entry in self.s.game.stack():
            source = int(entry.get("source_id", -1))
            state = self.s.game.state()["state"]["objects"].get(str(source)) or {}
            out.append({"name": self.s._stack_name(entry),
                        "controller": self.s.players[int(entry.get("controller", 0))],
                        # phase.rs makes a copy of a spell a token object (not a card, 707.10)
                        "copy": bool(state.get("is_copy") or state.get("is_token")),
                        "kicked": self.kicks(source) > 0,
                        "targets": self._target_names(entry)})
        return out

    def _q_attached_to(self, query: Mapping[str, Any]) -> str | None:
        """The handle of the permanent the object is attached to, or None (CR 301.5, 303.4):
        phase.rs's ``attached_to`` field of the object."""
        host = self._obj(query).get("attached_to")
        if isinstance(host, Mapping):  # {"type": "Object", "data": id} (or a player)
            if host.get("type") == "Player":
                return self.s.players[int(host["data"])]
            host = host.get("data", host.get("Object"))
        return None if host is None else self.s._handle_of(int(host))

    def _q_chosen(self, query: Mapping[str, Any]) -> Any:
        """The value an object remembers for a choice (CR 607.2): phase.rs's
        ``chosen_attributes``, by kind."""
        kind = _CHOSEN.get(str(query.get("choice")))
        if kind is None:
            raise Unsupported(f"phase.rs records no choice called {query.get('choice')!r}")
        oid = self.s._id(str(query.get("object")))
        state = self.s.game.state()["state"]["objects"].get(str(oid)) or {}
        values = [a.get("value") for a in state.get("chosen_attributes") or []
                  if a.get("type") == kind]
        if not values:
            return None
        if kind == "CardName":  # a chosen name is the list of names it is (one, here)
            names = [[str(v)] for v in values]
            return names[0] if len(names) == 1 else names
        value = values[-1]
        return str(value).lower() if kind == "Color" else value

    def _record(self, query: Mapping[str, Any]) -> Mapping[str, Any]:
        oid = self.s._id(str(query.get("object")))
        return self.s.game.state()["state"]["objects"].get(str(oid)) or {}

    def _q_protector(self, query: Mapping[str, Any]) -> str | None:
        """The player who protects a battle (CR 310.8, 310.8e): phase.rs records the protector
        chosen as a battle enters (310.8a, its own replacement "choose an opponent") or given
        again by a state-based action (704.5w, 704.5x) as the battle's chosen player; null off
        the battlefield or for a permanent that isn't a battle."""
        record = self._record(query)
        if record.get("zone") != "Battlefield" or "Battle" not in (
                (record.get("card_types") or {}).get("core_types") or []):
            return None
        players = [a.get("value") for a in record.get("chosen_attributes") or []
                   if a.get("type") == "Player"]
        return self.s.players[int(players[-1])] if players else None

    def _q_defense(self, query: Mapping[str, Any]) -> int | None:
        """A battle's defense (CR 310.4): on the battlefield the defense counters on it
        (310.4c), elsewhere phase.rs's printed defense (310.4a); null for a non-battle."""
        record = self._record(query)
        if "Battle" not in ((record.get("card_types") or {}).get("core_types") or []):
            return None
        if record.get("zone") == "Battlefield":
            return int((record.get("counters") or {}).get("defense", 0))
        printed = record.get("defense", record.get("base_defense"))
        return None if printed is None else int(printed)

    def _q_commander_tax(self, query: Mapping[str, Any]) -> int:
        """The generic mana a commander's cast from the command zone costs more now: {2} for
        each earlier cast from there (CR 903.8), phase.rs's own ``commander_tax`` of the
        object; 0 for an object that isn't a commander."""
        record = self._record(query)
        return int(record.get("commander_tax") or 0) if record.get("is_commander") else 0

    def _q_commander_damage(self, query: Mapping[str, Any]) -> int:
        """The combat damage a commander has dealt a player over the game (CR 903.10a):
        phase.rs's ``commander_damage`` record of that commander and player."""
        seat = self._player_seat(query)
        oid = self.s._id(str(query.get("commander")))
        records = self.s.game.state()["state"].get("commander_damage") or []
        return sum(int(r.get("damage", 0)) for r in records
                   if int(r.get("commander", -1)) == oid and int(r.get("player", -1)) == seat)

    def _q_emblems(self, query: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The emblems a player owns in the command zone, oldest first (CR 114.2): phase.rs's
        emblem records (``is_emblem``), its label "Emblem" being no name (114.3: an emblem has
        only its abilities), each ability by its text. The emblems this adapter puts there for
        setup permissions are not the game's."""
        seat = self._player_seat(query)
        state = self.s.game.state()["state"]
        own = {oid for handle, oid in self.s.setup.ids.items() if handle.endswith("(emblem)")}
        records = [state["objects"][str(oid)] for oid in state.get("command_zone") or []
                   if int(oid) not in own]
        out = []
        for record in sorted((r for r in records if r.get("is_emblem")
                              and int(r.get("owner", -1)) == seat),
                             key=lambda r: (int(r.get("timestamp", 0)), int(r.get("id", 0)))):
            texts = [str(d.get("description") or "").strip() for kind in (
                "static_definitions", "trigger_definitions", "abilities")
                for d in record.get(kind) or []]
            types = (record.get("card_types") or {}).get("core_types") or []
            name = str(record.get("name") or "")
            out.append({"controller": self.s.players[int(record.get("controller", seat))],
                        "name": "" if name == "Emblem" else name,
                        "mana_cost": "", "colors": [str(c).lower() for c in
                                                    record.get("color") or []],
                        "types": list(types),
                        "abilities": [t if t.endswith(".") else t + "." for t in texts if t]})
        return out

    def _q_land_types(self, query: Mapping[str, Any]) -> list[str]:
        view = self.s.view(str(query.get("object")))
        return [t for t in view.subtypes if t in LAND_TYPES]

    # -- combat ---------------------------------------------------------------------------------

    def _combat(self) -> Mapping[str, Any]:
        return self.s.game.state()["state"].get("combat") or {}

    def _q_is_blocked(self, query: Mapping[str, Any]) -> bool:
        oid = self.s._id(str(query.get("object")))
        for attacker in self._combat().get("attackers", []):
            if int(attacker["object_id"]) == oid:
                return bool(attacker.get("blocked"))
        return False

    def _q_blocking(self, query: Mapping[str, Any]) -> Any:
        oid = self.s._id(str(query.get("object")))
        blocks = (self._combat().get("blocker_to_attacker") or {}).get(str(oid))
        if not blocks:
            return None
        first = blocks[0] if isinstance(blocks, list) else blocks
        return self.s._handle_of(int(first))

    # -- casting on a scratch copy --------------------------------------------------------------

    def trial_cost(self, query: Mapping[str, Any]) -> str | None:
        """The total cost phase.rs asks for the proposed cast, begun on a scratch copy of the
        game (None if phase.rs refuses the proposal itself).

        CR 601.2f's total cost does not depend on timing or on the mana at hand, so in the
        scratch copy (only there) the caster is given priority (the holder passes once, which
        resolves nothing) and, through the sandbox, unlimited mana: phase.rs offers kicker only
        when kicker can be paid. The cast uses manual payment, and the cost is read where
        phase.rs asks for mana."""
        session = self.s
        oid = session._id(str(query.get("object")))
        owner = session.game.object(oid)
        player = query.get("player")
        seat = session._seat_of(str(player)) if player else int(owner["controller"])
        saved = session.game, list(session.events)
        root = session.game.state()
        root["state"]["debug_mode"] = True
        session.game = session.engine.load_game(root)
        try:
            game = session.game
            if game.waiting_for().get("type") == "Priority" and game.priority_player() != seat:
                session._apply(game.priority_player(), {"type": "PassPriority"})
            session._apply(0, {"type": "Debug", "data": {"type": "SetInfiniteMana", "data": {
                "player_id": seat, "enabled": True}}})
            try:
                session._apply(seat, {"type": "CastSpell", "data": {
                    "object_id": oid, "card_id": oid, "payment_mode": {"type": "Manual"},
                    "targets": []}})
            except ValueError as exc:
                reason = classify_error(str(exc))
                if reason in ("illegal-target", "timing", "no-priority"):
                    raise Unsupported("total_cost: phase.rs begins a cast only when the spell "
                                      "could be cast now, targets and timing included "
                                      f"({exc}); CR 601.2f's total cost needs neither"
                                      ) from None
                return None
            action = {"type": "cast", "object": query.get("object"), "half": query.get("half"),
                      "targets": list(query.get("targets", [])),
                      "kicked": query.get("kicked", False), "x": query.get("x", 0),
                      "alternative": query.get("alternative"),
                      "choices": query.get("choices") or {}}
            try:
                outcome = session._answer_prompts(seat, action, trial=True)
            except ValueError as exc:
                if classify_error(str(exc)) in ("illegal-target", "timing"):
                    # e.g. a split half with no legal target: phase.rs refuses to choose it
                    raise Unsupported("total_cost: phase.rs begins a cast only when the spell "
                                      "could be cast now, targets and timing included "
                                      f"({exc}); CR 601.2f's total cost needs neither"
                                      ) from None
                return None
            if not outcome.ok and outcome.failure in ("illegal-target", "timing"):
                raise Unsupported("total_cost: phase.rs casts only what could be cast now, "
                                  f"targets and timing included ({outcome.message}); CR "
                                  "601.2f's total cost needs neither")
            if not outcome.ok:
                return None
            alternative = str(query.get("alternative") or "").replace("-", "_")
            if alternative and alternative != "without_paying_mana_cost" \
                    and not session._asked.get("AlternativeCastChoice") and not (
                        alternative == "flashback" and owner.get("zone") == "Graveyard"):
                # phase.rs offered no such alternative cost (a flashback cost from a hand,
                # 702.34a): the proposal is illegal, as the cast action finds (_unanswered)
                return None
            if session.game.waiting_for().get("type") == "ManaPayment":
                pending = session.game.state()["state"].get("pending_cast") or {}
                return total_cost_text(pending.get("cost"))
            return "{0}"  # on the stack without a payment step: nothing to pay
        finally:
            session.game = saved[0]
            session.events[:] = saved[1]

    def _q_legal_target(self, query: Mapping[str, Any]) -> bool:
        """Asked of a scratch copy, the spell's cast begun again (:mod:`.targets`)."""
        return legal_target(self.s, query)

    def _q_total_cost(self, query: Mapping[str, Any]) -> Any:
        return self.trial_cost(query)

    def _q_can_cast(self, query: Mapping[str, Any]) -> bool:
        """Whether the cast action would be allowed now: the case's own cast action, done on
        a scratch copy of the game (mana paid as the cast action pays it)."""
        session = self.s
        saved = session.game, list(session.events)
        untapped = {int(o["id"]) for o in session.game.battlefield() if not o.get("tapped")}
        session.game = session.engine.load_game(session.game.state())
        first_event = len(session.events)
        try:
            action = {**{k: v for k, v in query.items() if k != "query"}, "type": "cast"}
            outcome = session._do_cast(action)
            if outcome.ok:  # paid from the pool, as the case format pays (601.2h)
                outcome = session._paid_from_pool(action, untapped, first_event)
            return bool(outcome.ok)
        except ValueError:
            return False
        finally:
            session.game = saved[0]
            session.events[:] = saved[1]

    def _q_can_be_cast(self, query: Mapping[str, Any]) -> bool:
        """Whether an effect forbids casting the card (or its ``half``) as a spell, timing and
        costs aside (CR 601.2, 601.3; 709.3a: only the chosen half counts).

        phase.rs answers only by trying a cast, which also checks timing, mana and targets. So
        the cast is tried on a scratch copy of the game where none of those can stand in the
        way: its caster's main phase with an empty stack and priority (the turn fields of the
        state, written as they are), unlimited mana through the sandbox. phase.rs refuses a
        forbidden spell with words of its own ("can't be cast", "prevents you from casting"):
        that refusal is False; a cast that goes on to its targets or payment is True. A
        refusal for want of targets says nothing about prohibitions: unsupported."""
        session = self.s
        oid = session._id(str(query.get("object")))
        obj = session.game.object(oid)
        if obj is None:
            raise Unsupported(f"phase.rs no longer tracks the object {query.get('object')!r}")
        seat = int(obj.get("owner", 0))
        root = session.game.state()
        state = root["state"]
        state.update(debug_mode=True, phase="PreCombatMain", active_player=seat,
                     priority_player=seat, priority_pass_count=0, stack=[],
                     waiting_for={"type": "Priority", "data": {"player": seat}})
        saved = session.game, list(session.events)
        session.game = session.engine.load_game(root)
        try:
            session._apply(0, {"type": "Debug", "data": {"type": "SetInfiniteMana", "data": {
                "player_id": seat, "enabled": True}}})
            action = {"type": "cast", "object": query.get("object"),
                      "half": query.get("half")}
            try:
                session._apply(seat, {"type": "CastSpell", "data": {
                    "object_id": oid, "card_id": oid, "payment_mode": {"type": "Manual"},
                    "targets": []}})
                outcome = session._answer_prompts(seat, action, trial=True)
                refusal = "" if outcome.ok else outcome.message
            except ValueError as exc:
                refusal = str(exc)
            cast = session.game.object(oid) or {}
            if (not refusal and query.get("half") is not None
                    and cast.get("name") != query["half"]):  # the half being cast names it
                raise Unsupported(f"can_be_cast: phase.rs cast the other half "
                                  f"({cast.get('name')}) without asking, so the half "
                                  f"{query['half']!r} can't be cast now, for a reason it "
                                  "doesn't name (an effect, or its targets)")
            if refusal and _prohibited(refusal):
                return False
            if refusal:
                raise Unsupported(f"can_be_cast: phase.rs refused the trial cast for another "
                                  f"reason ({refusal}), which says nothing about an effect "
                                  "that forbids it")
            return True
        finally:
            session.game = saved[0]
            session.events[:] = saved[1]


#: Words of phase.rs's refusals of a spell an effect forbids (CR 101.2, 601.3).
_PROHIBITION_WORDS = ("can't be cast", "cannot be cast", "cannot cast", "can't cast",
                      "prevents you from casting")


def _prohibited(message: str) -> bool:
    """Whether a phase.rs refusal says an effect forbids the cast (not timing, mana, targets
    or zone)."""
    low = message.lower()
    return any(words in low for words in _PROHIBITION_WORDS)
