"""Combat through phase.rs's own prompts: declaring attackers and blockers, and combat queries.

phase.rs asks the active player ``DeclareAttackers`` (listing ``valid_attacker_ids``) as the
declare attackers step begins (CR 508.1) and the defending player ``DeclareBlockers`` (listing
``valid_block_targets``) as the declare blockers step begins (CR 509.1). The case's
``declare_attackers`` / ``declare_blockers`` actions pass priority (both players, empty stack) to
that prompt and answer it. A declaration the engine refuses is a rejection; the game is then
restored to where the action began (as an engine's own illegal-action rollback would), so the
case goes on from an unchanged position.

Questions such as "could this creature attack now?" are asked of a scratch copy of the game,
walked to the prompt, so the case's game never moves.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...adapter import Outcome, Unsupported

if TYPE_CHECKING:
    from .session_view import SessionView

__all__ = ["PhaseCombat"]

_PASSES = 12
#: phase.rs phases up to the end of combat, in turn order (CR 500.1).
_ORDER = ("Untap", "Upkeep", "Draw", "PreCombatMain", "BeginCombat", "DeclareAttackers",
          "DeclareBlockers", "CombatDamage", "EndCombat")


def _reached(game: Any, step: str) -> bool:
    """Whether ``game`` is at or past ``step`` of this turn's combat."""
    phase = str(game.phase)
    return phase not in _ORDER or _ORDER.index(phase) >= _ORDER.index(step)


class PhaseCombat:
    """Combat actions and queries of one :class:`~conformance.adapters.phase_rs.PhaseSession`."""

    def __init__(self, session: SessionView) -> None:
        self.s = session
        #: Engine ids in the order the case declared them (phase.rs keeps attackers unordered).
        self.declared: list[int] = []
        #: The seats whose block declaration this adapter made in the current combat.
        self.blocks_made: set[int] = set()

    # -- walking to a prompt --------------------------------------------------------------------

    def _walk_to(self, game: Any, prompt: str) -> Mapping[str, Any] | None:
        """Pass priority (empty stack only) until ``prompt`` is asked; None if it never is:
        the engine skipped the declaration (nothing could be declared) or it is too late."""
        for _ in range(_PASSES):
            waiting = game.waiting_for()
            if waiting.get("type") == prompt:
                return dict(waiting.get("data") or {})
            if waiting.get("type") != "Priority" or game.stack() or _reached(game, prompt):
                return None
            self.s._apply(game.priority_player(), {"type": "PassPriority"}, game)
        return None

    def _stack_in_the_way(self, prompt: str, late: bool) -> bool:
        """Whether a declaration can't be reached because the stack isn't empty: a step ends
        only when all players pass in succession with an empty stack (CR 117.4, 500.2), so the
        declaration is a matter of timing, not of the creatures (the reference engine's
        ``timing``)."""
        game = self.s.game
        return (not late and bool(game.stack())
                and game.waiting_for().get("type") != prompt)

    def _restore(self, root: Any, failure: str, message: str) -> Outcome:
        self.s.game = self.s.engine.load_game(root)
        return Outcome.rejected(failure, message)

    def _combat_cost(self, root: Any, action: Mapping[str, Any], seat: int,
                     attackers: set[int]) -> Outcome | None:
        """Pay the total cost to attack or block phase.rs asks after the declaration
        (``CombatTaxPayment``, CR 508.1h-j, 509.1d-f): accepted, and phase.rs pays it from the
        pool and the player's mana sources; the sources it taps must be the permanents the
        declaration's ``mana`` names (508.1i), else, or when it can't pay, the declaration is
        refused as ``cannot-pay`` and the game restored. None when no cost was asked or it was
        paid."""
        if self.s.game.waiting_for().get("type") != "CombatTaxPayment":
            return None
        named = {self.s._id(str(h)) for h in action.get("mana") or []}
        before = {int(o["id"]) for o in self.s.game.battlefield() if o.get("tapped")}
        try:
            self.s._apply(seat, {"type": "PayCombatTax", "data": {"accept": True}})
        except ValueError as exc:
            return self._restore(root, "cannot-pay", f"phase.rs could not pay the total cost "
                                                     f"of the declaration ({exc})")
        if self.s.game.waiting_for().get("type") == "CombatTaxPayment":
            return self._restore(root, "cannot-pay", "phase.rs could not pay the total cost "
                                                     "of the declaration")
        tapped = {int(o["id"]) for o in self.s.game.battlefield() if o.get("tapped")}
        extra = tapped - before - attackers - named
        if extra:
            names = ", ".join(sorted(self.s._handle_of(i) for i in extra))
            return self._restore(root, "cannot-pay", f"the declaration's mana can't pay the "
                                                     f"total cost: phase.rs tapped {names} too")
        return self._float_rest(root, seat, named - tapped)

    def _float_rest(self, root: Any, seat: int, rest: set[int]) -> Outcome | None:
        """The named sources phase.rs's payment didn't need: their mana abilities are activated
        too (508.1i, 509.1e), their mana staying in the pool. phase.rs takes no activation
        while it waits for the payment, so they are activated once the declaring player has
        priority again; a defending player doesn't, and that is declined."""
        game = self.s.game
        for oid in sorted(rest):
            handle = self.s._handle_of(oid)
            if game.waiting_for().get("type") != "Priority" or game.priority_player() != seat:
                self.s.game = self.s.engine.load_game(root)
                raise Unsupported(f"the declaration's mana names {handle}, which the cost "
                                  "doesn't need: phase.rs pays the cost itself while it waits "
                                  "for the payment, and this adapter has no way to activate "
                                  "the rest then (its TapLandForMana selection is not "
                                  "expressed here); the declaring player has no priority after")
            obj = game.object(oid) or {}
            activated = [a for a in obj.get("abilities", []) if a.get("kind") == "Activated"]
            first = next((i for i, a in enumerate(activated) if a.get("is_mana_ability")), None)
            if first is None:
                return self._restore(root, "cannot-pay", f"{handle} has no mana ability")
            outcome = self.s._do_activate({"type": "activate", "player": self.s.players[seat],
                                      "object": handle, "ability": first})
            if not outcome.ok:
                return self._restore(root, outcome.failure or "cannot-pay", outcome.message)
        return None

    # -- actions --------------------------------------------------------------------------------

    def declare_attackers(self, action: Mapping[str, Any]) -> Outcome:
        root = self.s.game.state()
        active = int(root["state"]["active_player"])
        player = str(action.get("player", self.s.players[active]))
        if self.s._seat_of(player) != active:
            return Outcome.rejected("illegal-action", f"only the active player "
                                                      f"({self.s.players[active]}) attacks")
        late = _reached(self.s.game, "DeclareAttackers")
        if self._stack_in_the_way("DeclareAttackers", late):
            return Outcome.rejected("timing", "the stack must be empty to move to combat "
                                              "(CR 117.4, 500.2)")
        prompt = self._walk_to(self.s.game, "DeclareAttackers")
        if prompt is None and late:
            return self._restore(root, "timing", "phase.rs asks for no attack declaration "
                                                 f"now ({self.s.game.phase})")
        if prompt is None and not action.get("attackers"):
            return Outcome.done()  # no attackers, and the engine skipped the declaration
        if prompt is None:
            return self._restore(root, "cannot-attack", "phase.rs skipped the declaration: "
                                                        "no creature could attack")
        attacks: list[list[Any]] = []
        order: list[int] = []
        valid = {int(i) for i in prompt.get("valid_attacker_ids", [])}
        for entry in action.get("attackers", []):
            spec = entry if isinstance(entry, Mapping) else {"object": entry}
            oid = self.s._id(str(spec.get("object")))
            if oid not in valid:
                return self._restore(root, "cannot-attack",
                                     f"{spec.get('object')} is not among phase.rs's valid "
                                     "attackers")
            defender = spec.get("defender")
            if defender is None:
                others = [p for p in self.s.players if p != self.s.players[active]]
                if len(others) != 1:
                    raise Unsupported("declare_attackers: the case names no defending player "
                                      "for an attacker among several opponents")
                defender = others[0]
            if defender in self.s.players:
                target = {"type": "Player", "data": self.s._seat_of(str(defender))}
            else:  # a planeswalker or battle (CR 506.3, 508.1b), as phase.rs names them
                did = self.s._id(str(defender))
                types = (self.s.game.object(did).get("card_types") or {}).get("core_types", [])
                kind = "Battle" if "Battle" in types else "Planeswalker"
                target = {"type": kind, "data": did}
            attacks.append([oid, target])
            order.append(oid)
        try:
            self.s._apply(active, {"type": "DeclareAttackers",
                                   "data": {"attacks": attacks, "bands": []}})
        except ValueError as exc:
            return self._restore(root, "cannot-attack", str(exc))
        refused = self._combat_cost(root, action, active, set(order))
        if refused is not None:
            return refused
        self.declared = order
        self.blocks_made = set()
        return Outcome.done()

    def declare_blockers(self, action: Mapping[str, Any]) -> Outcome:
        root = self.s.game.state()
        late = _reached(self.s.game, "DeclareBlockers") or not self._combat().get("attackers")
        if self._stack_in_the_way("DeclareBlockers", late):
            return Outcome.rejected("timing", "the stack must be empty to move to declare "
                                              "blockers (CR 117.4, 500.2)")
        prompt = self._walk_to(self.s.game, "DeclareBlockers")
        asked = None if prompt is None else int(prompt.get("player", 1))
        skipped = (self._skipped_declaration(root, action) if (prompt is None and late) or (
            asked is not None and action.get("player") is not None
            and self.s._seat_of(str(action["player"])) != asked) else None)
        if skipped is not None:
            return skipped
        if prompt is None and late:
            return self._restore(root, "timing", "phase.rs asks for no block declaration "
                                                 f"now ({self.s.game.phase})")
        if prompt is None:
            if not action.get("blockers"):
                return Outcome.done()  # no blockers, and the engine skipped the declaration
            return self._restore(root, "cannot-block", "phase.rs skipped the declaration: "
                                                       "no creature could block")
        seat = int(prompt.get("player", 1))
        if action.get("player") is not None and self.s._seat_of(str(action["player"])) != seat:
            return self._restore(root, "illegal-action",
                                 f"{action['player']} is not the defending player")
        raw = action.get("blockers", {})
        pairs = list(raw.items()) if isinstance(raw, Mapping) else [
            (e.get("object"), e.get("attacker")) for e in raw]
        targets = {int(k): {int(a) for a in v}
                   for k, v in (prompt.get("valid_block_targets") or {}).items()}
        assignments = []
        for blocker, attacker in pairs:
            b, a = self.s._id(str(blocker)), self.s._id(str(attacker))
            if a not in targets.get(b, set()):
                return self._restore(root, "cannot-block",
                                     f"phase.rs does not let {blocker} block {attacker}")
            assignments.append([b, a])
        try:
            self.s._apply(seat, {"type": "DeclareBlockers", "data": {"assignments": assignments}})
        except ValueError as exc:
            return self._restore(root, "cannot-block", str(exc))
        refused = self._combat_cost(root, action, seat, set())
        if refused is not None:
            return refused
        self.blocks_made.add(seat)
        return Outcome.done()

    def _skipped_declaration(self, root: Any, action: Mapping[str, Any]) -> Outcome | None:
        """A defending player's declaration phase.rs made for them: with several defending
        players it asks each in APNAP order (CR 802.4) but only those with a creature that
        could block, and records the others as having declared none (its
        ``blockers_declared_by``). Their declaration of no blockers is that one; None when
        the player is not such a defending player."""
        if action.get("player") is None or len(self.s.players) < 3:
            return None
        seat = self.s._seat_of(str(action["player"]))
        if seat in self.blocks_made or seat not in (self._combat().get("blockers_declared_by")
                                                    or []):
            return None
        if action.get("blockers"):
            return self._restore(root, "cannot-block", "phase.rs skipped this player's block "
                                                       "declaration: no creature could block")
        self.blocks_made.add(seat)
        return Outcome.done()

    def assign_damage(self, action: Mapping[str, Any], divided: dict[int, dict[int, int]]
                      ) -> Outcome | None:
        """Answer phase.rs's combat damage assignment prompt (CR 510.1c-d) from the
        ``combat_damage`` choice, ``{attacker = {blocker = n, player = n}}`` (for a double striker a
        list: one division per combat damage step, CR 510.4); a division phase.rs refuses is an
        ``illegal-choice`` rejection (None when the answer was taken).

        A list's division is the one for the step phase.rs asks in: the second once its
        first-strike damage is done (``first_strike_done`` in its combat record), as the
        reference engine reads it; phase.rs asks no division it can make alone (a lone blocker
        without trample, or too little damage for more than one), so the count of prompts is no
        guide. ``divided`` records, per attacker, the steps it was asked a division in and how
        many events had been seen then (:meth:`PhaseSession._unasked_divisions` reads both).

        The recipients: a blocker is an assignment; the player, planeswalker or battle the
        creature attacks is phase.rs's ``trample_damage`` (702.19b); the controller of an
        attacked planeswalker is its ``controller_damage`` (only "trample over planeswalkers"
        may assign there, 702.19c; plain trample never, 702.19f), so phase.rs judges each of
        these itself."""
        data = dict(self.s.game.waiting_for().get("data") or {})
        answers = {**self.s.choices, **dict(action.get("choices") or {})}
        oid = int(data.get("attacker_id", -1))
        attacker = self.s._handle_of(oid)
        given = (answers.get("combat_damage") or {}).get(attacker) or {}
        combat = self.s.game.state()["state"].get("combat") or {}
        step = 1 if combat.get("first_strike_done") and combat.get(
            "first_strike_participants") else 0
        if isinstance(given, list):
            given = given[step] if step < len(given) else {}
        divided.setdefault(oid, {})[step] = len(self.s.events)
        division = dict(given)
        if not division:
            raise Unsupported(f"phase.rs asks how {attacker} divides its combat damage; the "
                              "case gives no combat_damage choice for it")
        target = data.get("attack_target") or {}
        attacked = int(target.get("data", -1))
        defending = int(data.get("defending_player", -1))
        assignments: list[list[int]] = []
        to_target = to_controller = 0
        for ref, amount in division.items():
            if ref in self.s.players:
                seat = self.s.players.index(str(ref))
                if target.get("type") == "Player" and seat == attacked:
                    to_target += int(amount)
                elif target.get("type") != "Player" and seat == defending:
                    to_controller += int(amount)
                else:
                    return Outcome.rejected("illegal-choice", f"{attacker} attacks "
                                            f"{target}; phase.rs's division has no place for "
                                            f"damage to {ref} (CR 510.1c-d)")
            elif target.get("type") != "Player" and self.s._id(str(ref)) == attacked:
                to_target += int(amount)
            else:
                assignments.append([self.s._id(str(ref)), int(amount)])
        try:
            self.s._apply(int(data.get("player", 0)), {"type": "AssignCombatDamage", "data": {
                "assignments": assignments, "trample_damage": to_target,
                "controller_damage": to_controller}})
        except ValueError as exc:
            return Outcome.rejected("illegal-choice", str(exc))
        return None

    # -- queries --------------------------------------------------------------------------------

    def _combat(self) -> Mapping[str, Any]:
        return self.s.game.state()["state"].get("combat") or {}

    def combat_query(self, name: str, query: Mapping[str, Any]) -> Any:
        """Answer a combat query, or raise :class:`Unsupported` for one this is not."""
        combat = self._combat()
        order = {oid: i for i, oid in enumerate(self.declared)}
        attackers = sorted(combat.get("attackers", []),  # in the case's declaration order
                           key=lambda a: order.get(int(a["object_id"]), len(order)))
        if name == "attackers":
            return [self.s._handle_of(int(a["object_id"])) for a in attackers]
        if name == "attacking":
            oid = self.s._id(str(query.get("object")))
            for a in attackers:
                if int(a["object_id"]) == oid:
                    target = a.get("attack_target") or {}
                    if target.get("type") == "Player":
                        return self.s.players[int(target["data"])]
                    return self.s._handle_of(int(target.get("data", -1)))
            return None
        blocks = {int(k): v for k, v in (combat.get("blocker_to_attacker") or {}).items()}
        if name == "blockers":
            wanted = query.get("object")
            out = []
            for blocker, attacked in blocks.items():
                ids = [int(x) for x in (attacked if isinstance(attacked, list) else [attacked])]
                if wanted is None or self.s._id(str(wanted)) in ids:
                    out.append(self.s._handle_of(blocker))
            return out
        if name == "can_attack":
            return self._could(str(query.get("object")), "DeclareAttackers", None)
        if name == "can_block":
            return self._could(str(query.get("object")), "DeclareBlockers",
                               query.get("attacker"))
        if name == "damage_events":
            return self._damage_events(query)
        raise Unsupported(f"query {name!r} is not expressible through phase.rs")

    def _could(self, handle: str, prompt: str, attacker: Any) -> bool:
        oid = self.s._id(handle)
        scratch = self.s.engine.load_game(self.s.game.state())
        attacking = {int(a["object_id"]) for a in self._combat().get("attackers", [])}
        if prompt == "DeclareBlockers" and attacker is not None and (
                self.s._id(str(attacker)) not in attacking):
            self._attack_alone(scratch, self.s._id(str(attacker)), oid)
        data = self._walk_to(scratch, prompt)
        if data is None and prompt == "DeclareBlockers" and (
                self._combat().get("blockers_declared_by") or _reached(self.s.game,
                                                                       "CombatDamage")):
            raise Unsupported("can_block: phase.rs judges blocks only while they are declared; "
                              "this combat's blockers are already declared")
        if data is None:
            return False
        if prompt == "DeclareAttackers":
            return oid in {int(i) for i in data.get("valid_attacker_ids", [])}
        targets = {int(k): {int(a) for a in v}
                   for k, v in (data.get("valid_block_targets") or {}).items()}
        if attacker is None:
            return bool(targets.get(oid))
        return self.s._id(str(attacker)) in targets.get(oid, set())

    def _attack_alone(self, scratch: Any, attacker: int, blocker: int) -> None:
        """In ``scratch``, declare ``attacker`` the only attacker, at the blocker's
        controller, so "could this block that?" can be asked of the engine's block prompt."""
        data = self._walk_to(scratch, "DeclareAttackers")
        if data is None or attacker not in {int(i) for i in data.get("valid_attacker_ids", [])}:
            raise Unsupported("can_block: phase.rs can only judge blocks of a creature that "
                              "can attack this turn")
        defender = int(scratch.object(blocker)["controller"])
        self.s._apply(int(data.get("player", 0)), {"type": "DeclareAttackers", "data": {
            "attacks": [[attacker, {"type": "Player", "data": defender}]], "bands": []}},
            scratch)

    def _damage_events(self, query: Mapping[str, Any]) -> list[dict[str, Any]]:
        out = []
        for event in self.s.events:
            if event.get("type") != "DamageDealt":
                continue
            data = event.get("data") or {}
            combat = bool(data.get("is_combat"))
            if query.get("combat") is not None and combat != bool(query["combat"]):
                continue
            target = data.get("target") or {}
            who = (self.s.players[int(target["Player"])] if "Player" in target
                   else self.s._handle_of(int(target.get("Object", -1))))
            out.append({"source": self.s._handle_of(int(data.get("source_id", -1))),
                        "target": who, "amount": int(data.get("amount", 0)),
                        "combat": combat})
        return out
