"""Answering the prompts phase.rs asks while a spell or ability resolves (CR 608.2d).

When a resolving object needs a choice, phase.rs stops at a prompt (``waiting_for``) and waits
for the matching answer action. The case gives its answers in the action's ``choices`` table;
each prompt is answered from the key the case format uses for that choice:

* ``UnlessPayment``: ``pay`` (CR 118.12), answered with ``PayUnlessCost``;
* ``OptionalEffectChoice``: ``pay`` or ``reveal``, ``DecideOptionalEffect``;
* ``NamedChoice``: ``color``, ``number`` or ``name`` (CR 201.4), ``ChooseOption``;
* ``DamageSourceChoice``: ``source`` (CR 615.7), ``ChooseDamageSource``;
* ``ReplacementChoice`` (a "may enter as a copy"): ``copy``, ``"none"`` to decline (616.1,
  707.5), ``ChooseReplacement``; then ``CopyTargetChoice``: ``copy``, ``ChooseTarget``;
* ``ChooseLegend``: ``legend_rule`` (704.5j), ``ChooseLegend``;
* ``CopyRetarget``: ``new_targets`` (707.10c), ``ChooseTarget`` one slot at a time, or
  ``KeepAllCopyTargets``; a new target phase.rs does not list as legal keeps the old one;
* ``SeparatePilesPartition`` / ``SeparatePilesChoice``: ``pile_1`` and ``pile`` (CR 700.3),
  ``SubmitPilePartition`` / ``ChoosePile``;
* ``TargetSelection``, ``PayCost``, ``ChooseXValue`` of a spell cast while this one resolves:
  ``free_cast`` (608.2g, :mod:`.free_cast`).

A choice made by another player than the resolving object's controller is looked up as
``<key>_<player>`` first, then ``<key>_opponent``, then ``<key>``. A prompt with no answer in the
case is :class:`~conformance.adapter.Unsupported` (the case did not say what to choose).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ...adapter import Unsupported
from .free_cast import PhaseFreeCast
from .text import MANA_WORDS, IllegalAnswer, choice_handles

if TYPE_CHECKING:
    from .session_view import SessionView

__all__ = ["IllegalAnswer", "PhasePrompts"]

_COLOR_OPTIONS = {"white": "White", "blue": "Blue", "black": "Black", "red": "Red",
                  "green": "Green"}


class PhasePrompts:
    """The prompt answers of one session, from the case's ``choices``."""

    def __init__(self, session: SessionView) -> None:
        self.s = session
        #: The choice keys phase.rs has asked for so far.
        self.used: set[str] = set()
        self.handlers: dict[str, Callable[[Mapping[str, Any], Mapping[str, Any]], None]] = {
            "UnlessPayment": self._unless, "OptionalEffectChoice": self._optional,
            "NamedChoice": self._named, "DamageSourceChoice": self._source,
            "ReplacementChoice": self._replacement, "CopyTargetChoice": self._copy_target,
            "ChooseLegend": self._legend, "CopyRetarget": self._retarget,
            "SeparatePilesPartition": self._partition, "SeparatePilesChoice": self._pile,
            "PileChoice": self._pile, "TriggerTargetSelection": self._trigger_targets,
            "OrderTriggers": self._order_triggers, "SearchChoice": self._search,
            "DiscardChoice": self._discard, "RevealChoice": self._reveal,
            "DiscardToHandSize": self._discard_to_hand_size,
            "EffectZoneChoice": self._zone_choice, "ScryChoice": self._scry,
            "SurveilChoice": self._surveil, "SearchPartitionChoice": self._search_split,
            "ReturnAsAuraTarget": self._enchant, "ChooseOneOfBranch": self._branch,
            "ChooseManaColor": self._mana_color, "ProliferateChoice": self._proliferate,
            "PopulateChoice": self._populate, "ConniveDiscard": self._connive,
            "DigChoice": self._explore, "ChooseFromZoneChoice": self._bolster,
            "BattleProtectorChoice": self._battle_protector,
            "CommanderZoneChoice": self._command_zone,
        }
        #: The casting prompts of a spell cast while another resolves (608.2g).
        self.free_cast = PhaseFreeCast(self)
        self.handlers.update({"TargetSelection": self.free_cast.targets,
                              "PayCost": self.free_cast.pay_cost,
                              "ChooseXValue": self.free_cast.choose_x})
        #: How many times each trigger source's targets have been answered (603.3d: a source
        #: that triggers several times at once is answered once per ability, in order).
        self._triggered: dict[int, int] = {}
        #: Answers accepted by a "you may" prompt whose details phase.rs asks next.
        self.pending: dict[str, Any] = {}
        #: Cards discarded by a player's choice (the DiscardChoice prompt), not at random.
        self.discarded: set[int] = set()

    def reset(self) -> None:
        """Forget the answers given, for a retry of the same action."""
        self._triggered.clear()
        self.pending.clear()
        self.discarded.clear()

    def answer(self, answers: Mapping[str, Any]) -> None:
        """Answer the prompt phase.rs is waiting on, from ``answers``."""
        waiting = self.s.game.waiting_for()
        kind = str(waiting.get("type"))
        handler = self.handlers.get(kind)
        if handler is None:
            raise Unsupported(f"phase.rs asks {kind} while resolving; this adapter has no "
                              "case choice for that prompt")
        handler(dict(waiting.get("data") or {}), answers)

    # -- lookup ---------------------------------------------------------------------------------

    def _choice(self, data: Mapping[str, Any], answers: Mapping[str, Any], *keys: str) -> Any:
        """The answer to ``keys`` for the prompted player: ``<key>_<player>``, then
        ``<key>_opponent`` (another player than the resolving object's controller), then
        ``<key>``; a table keyed by player names answers for each player."""
        seat = int(data.get("player", 0))
        player = self.s.players[seat]
        stack = self.s.game.stack()
        controller = int(stack[-1].get("controller", seat)) if stack else seat
        for key in keys:
            for name in (f"{key}_{player}", *((f"{key}_opponent",) if seat != controller
                                              else ()), key):
                if name in answers:
                    self.used.add(key)
                    value = answers[name]
                    if isinstance(value, Mapping) and player in value:
                        return value[player]
                    return value
        raise Unsupported(f"phase.rs asks {player} to choose ({' / '.join(keys)}); the case "
                          "gives no such choice")

    def _act(self, data: Mapping[str, Any], kind: str, **payload: Any) -> None:
        self.s._apply(int(data.get("player", 0)), {"type": kind, "data": payload}
                      if payload else {"type": kind})

    # -- prompts --------------------------------------------------------------------------------

    def _unless(self, data: Mapping[str, Any], answers: Mapping[str, Any]) -> None:
        self._act(data, "PayUnlessCost", pay=bool(self._choice(data, answers, "pay")))

    def _optional(self, data: Mapping[str, Any], answers: Mapping[str, Any]) -> None:
        """A "you may" effect (CR 608.2d). phase.rs's prompt gives only the ability's text, so
        the case's choice is found by what the text lets the player do: ``free_cast`` (cast a
        spell while this resolves, 608.2g: an answer other than "none" accepts, no answer
        declines), ``put``
        (put a card onto the battlefield: a handle accepts, "none" declines), else ``may``,
        ``pay`` or ``reveal``; unanswered, a "you may" is done (the format's ``may`` default),
        a "you may pay" is declined as unanswered."""
        text = str(data.get("description", "")).lower()
        if "tap or untap" in text and "tap_or_untap" in answers:  # "neither" declines
            word = str(self._choice(data, answers, "tap_or_untap")).lower()
            if word != "neither":
                self.pending["tap_or_untap"] = word
            self._act(data, "DecideOptionalEffect", accept=word != "neither")
            return
        if "may cast" in text and not any(k.startswith("free_cast") for k in answers):
            # no free_cast answer declines the "you may" (the case format's default, "none")
            self._act(data, "DecideOptionalEffect", accept=False)
            return
        for phrase, key in (("may cast", "free_cast"), ("may put", "put")):
            if phrase in text and key in answers:
                given = self._choice(data, answers, key)
                accept = given not in (None, "none", False)
                if accept:
                    self.pending[key] = given
                self._act(data, "DecideOptionalEffect", accept=accept)
                return
        keys: tuple[str, ...] = (("reveal", "pay") if "reveal" in text and "pay" not in text
                                 else ("pay", "reveal"))
        if any(k == "may" or k.startswith("may_") for k in answers):
            keys = ("may", *keys)
        try:
            accept = bool(self._choice(data, answers, *keys))
        except Unsupported:
            if "pay" in text:  # "you may pay": the case must say (choice pay)
                raise
            # the case format's choice ``may``: a "you may" the case doesn't answer is done
            accept = True
        self._act(data, "DecideOptionalEffect", accept=accept)

    def _handles(self, data: Mapping[str, Any], answers: Mapping[str, Any], key: str
                 ) -> list[Any]:
        """The case's answer ``key`` (a handle or player, or a list of them) as phase.rs's
        target references."""
        given = self._choice(data, answers, key)
        return [self.s._target(str(h)) for h in (given if isinstance(given, list) else [given])]

    def _mana_color(self, data: Mapping[str, Any], answers: Mapping[str, Any]) -> None:
        """The colors of mana an effect adds "in any combination of colors" or of one color
        chosen (CR 106.1, 605.3): the case's ``mana``, a color word or a list."""
        given = self._choice(data, answers, "mana")
        words = [str(w).lower() for w in (given if isinstance(given, list) else [given])]
        colors = [_COLOR_OPTIONS.get(w, MANA_WORDS.get(w, w)) for w in words]
        choice = data.get("choice") or {}
        if choice.get("type") == "AnyCombination":
            self._act(data, "ChooseManaColor", choice={"type": "Combination", "data": colors},
                      count=1)
        else:
            self._act(data, "ChooseManaColor", choice={"type": "SingleColor",
                                                       "data": colors[0]})

    def _proliferate(self, data: Mapping[str, Any], answers: Mapping[str, Any]) -> None:
        """The permanents and players chosen to proliferate (701.34a): ``proliferate``."""
        self._act(data, "SelectTargets", targets=self._handles(data, answers, "proliferate"))

    def _populate(self, data: Mapping[str, Any], answers: Mapping[str, Any]) -> None:
        """The creature token a populate copies (701.36a): ``populate``."""
        (chosen,) = self._handles(data, answers, "populate")[:1]
        self._act(data, "ChooseTarget", target=chosen)

    def _connive(self, data: Mapping[str, Any], answers: Mapping[str, Any]) -> None:
        """The cards a conniving player discards (701.50a): ``discard``."""
        cards = [ref["Object"] for ref in self._handles(data, answers, "discard")]
        self._act(data, "SelectCards", cards=cards)

    def _explore(self, data: Mapping[str, Any], answers: Mapping[str, Any]) -> None:
        """A nonland card revealed by explore stays on top or goes to the graveyard (701.44a):
        ``explore`` = "keep" or "graveyard" (phase.rs's answer names the cards kept)."""
        if not any(k == "explore" or k.startswith("explore_") for k in answers):
            raise Unsupported("phase.rs asks DigChoice while resolving; this adapter answers "
                              "it only for explore (choice explore)")
        keep = str(self._choice(data, answers, "explore")).lower() == "keep"
        self._act(data, "SelectCards", cards=list(data.get("cards") or []) if keep else [])

    def _bolster(self, data: Mapping[str, Any], answers: Mapping[str, Any]) -> None:
        """The creature a bolster's counters go on, among those tied (701.39a): ``bolster``."""
        if not any(k == "bolster" or k.startswith("bolster_") for k in answers):
            raise Unsupported("phase.rs asks ChooseFromZoneChoice while resolving; this adapter "
                              "answers it only for bolster (choice bolster)")
        cards = [ref["Object"] for ref in self._handles(data, answers, "bolster")]
        self._act(data, "SelectCards", cards=cards)

    def _choice_keys(self, data: Mapping[str, Any], what: str, *defaults: str
                     ) -> tuple[str, ...]:
        """The case's choice keys for a value chosen as an object resolves: the ``key`` of
        each ``choose_value`` effect of that choice's kind (``what``) in the card data of the
        object the prompt names (else the top of the stack), then the format's usual
        ``defaults``."""
        source = ((((data.get("source") or {}).get("prompt") or {}).get("identity") or {})
                  .get("reference") or {}).get("object_id")
        stack = self.s.game.stack()
        if source is None and stack:
            source = stack[-1].get("source_id")
        keys: list[str] = []
        if source is not None:
            card = self.s.card_of(self.s._handle_of(int(source)))
            for face in card.get("faces") or [card]:
                for ability in face.get("abilities") or []:
                    for effect in ability.get("effects") or []:
                        if effect.get("type") == "choose_value" and effect.get("what") == what:
                            keys.append(str(effect.get("key", what)))
        return tuple(dict.fromkeys([*keys, *defaults]))

    def _named(self, data: Mapping[str, Any], answers: Mapping[str, Any]) -> None:
        kind = data.get("choice_type")
        label = kind if isinstance(kind, str) else next(iter(kind or {}), "")
        if label in ("Opponent", "Player"):
            self._player(data, answers, label)
            return
        if label == "Color":
            word = str(self._choice(data, answers, *self._choice_keys(data, "color", "color")))
            choice = _COLOR_OPTIONS.get(word.lower(), MANA_WORDS.get(word, word))
        elif label == "NumberRange":
            choice = str(int(self._choice(data, answers, *self._choice_keys(data, "number",
                                                                            "number"))))
        elif label == "CreatureType":
            choice = str(self._choice(data, answers, *self._choice_keys(
                data, "creature_type", "creature_type", "name")))
        else:
            choice = str(self._choice(data, answers, *self._choice_keys(
                data, "card_name", "name", "creature_type")))
        options = [str(o) for o in data.get("options") or []]
        if label == "CardName" and not options:
            self._known_name(choice)
        if options and choice not in options:
            raise Unsupported(f"phase.rs offers {options} for this choice; the case's "
                              f"{choice!r} is not among them")
        self._act(data, "ChooseOption", choice=choice)

    def _player(self, data: Mapping[str, Any], answers: Mapping[str, Any], label: str) -> None:
        """A player chosen as an object resolves or enters (``NamedChoice`` of kind Opponent or
        Player, its options the seats): ``protector`` for a battle's protector (CR 310.8a,
        310.11a), else ``player`` (e.g. "as this enters, choose a player"). A player phase.rs
        doesn't offer is an illegal choice."""
        source = ((((data.get("source") or {}).get("prompt") or {}).get("identity") or {})
                  .get("reference") or {}).get("object_id")
        battle = source is not None and "Battle" in (
            (self.s.game.object(int(source)) or {}).get("card_types") or {}).get(
                "core_types", [])
        keys = ("protector", "player") if battle else self._choice_keys(data, "player",
                                                                         "player")
        player = str(self._choice(data, answers, *keys))
        seat = self.s._seat_of(player)
        if str(seat) not in [str(o) for o in data.get("options") or []]:
            raise IllegalAnswer("illegal-choice", f"phase.rs offers no {player!r} for this "
                                f"choice of {'an opponent' if label == 'Opponent' else 'a player'}")
        self._act(data, "ChooseOption", choice=str(seat))

    def _battle_protector(self, data: Mapping[str, Any], answers: Mapping[str, Any]) -> None:
        """A battle's new protector, chosen by its controller as a state-based action when it
        has none in the game or is protected by its controller and is a Siege (CR 704.5w,
        704.5x, 310.10): ``protector``; a player not among phase.rs's candidates is an
        illegal choice."""
        player = str(self._choice(data, answers, "protector"))
        seat = self.s._seat_of(player)
        if seat not in [int(c) for c in data.get("candidates") or []]:
            raise IllegalAnswer("illegal-choice", f"phase.rs's candidates to protect the "
                                f"battle don't include {player!r} (CR 310.8a, 310.11a)")
        self._act(data, "ChooseBattleProtector", protector=seat)

    def _command_zone(self, data: Mapping[str, Any], answers: Mapping[str, Any]) -> None:
        """Whether a commander put into a graveyard or exile, or about to be put into a hand
        or library, goes to the command zone instead (CR 903.9a, 903.9b):
        ``commander_to_command_zone``, true unless the case says otherwise (the format's
        default)."""
        try:
            wanted = bool(self._choice(data, answers, "commander_to_command_zone"))
        except Unsupported:
            wanted = True
        self._act(data, "DecideOptionalEffect", accept=wanted)

    def _known_name(self, choice: str) -> None:
        """A card name phase.rs can accept: it checks a named card against its own card
        database, which this adapter builds from the case's cards; a card of the suite's
        catalog the case names without using it (CR 201.4: any card name may be chosen) is
        added to it first (:meth:`PhaseSession.learn_card`)."""
        known = {n.casefold() for names in self.s.setup.front_names.items() for n in names}
        known |= {part.casefold() for n in list(known) for part in n.split(" // ")}
        if choice.casefold() not in known and not self.s.learn_card(choice):
            raise Unsupported(f"phase.rs accepts only names from the card database it was "
                              f"built with (the case's cards and the suite's catalog); "
                              f"{choice!r} is in neither")

    def _source(self, data: Mapping[str, Any], answers: Mapping[str, Any]) -> None:
        handle = str(self._choice(data, answers, "source"))
        self._act(data, "ChooseDamageSource", source=self.s._id(handle))

    def _ordered(self, data: Mapping[str, Any], candidates: list[Mapping[str, Any]],
                 answers: Mapping[str, Any]) -> bool:
        """Apply the effect the case's ``replacement_order`` puts first among phase.rs's
        candidates (CR 616.1: the affected player chooses; 614.5: each applies at most once).
        The order lists ``replacement:<handle>:<index>`` (the index-th replacement ability of
        that object), for every player or keyed by the affected player; a candidate is
        phase.rs's by its source object (and, among several of one source, the index of its
        definition). False when the case
        gives no order that names one of the candidates."""
        order = answers.get("replacement_order")
        if isinstance(order, Mapping):
            order = order.get(self.s.players[int(data.get("player", 0))])
        if not isinstance(order, list):
            return False
        identities = list((data.get("remember_identity") or {}).get("candidates") or [])
        keys = []
        for index, candidate in enumerate(candidates):
            ident = identities[index].get("data") or {} if index < len(identities) else {}
            keys.append((int(candidate.get("source_id", -1)), int(ident.get("index", 0))))
        for entry in order:
            parts = str(entry).split(":")
            if len(parts) != 3 or parts[0] != "replacement" or parts[1] not in self.s.setup.ids:
                continue
            key = (self.s.setup.ids[parts[1]], int(parts[2]) if parts[2].isdigit() else 0)
            same_source = [i for i, k in enumerate(keys) if k[0] == key[0]]
            if len(same_source) == 1:
                # the source's one candidate: the case's index counts the replacement
                # abilities of its card data, which need not be phase.rs's definitions (a
                # card whose text phase.rs splits into more, e.g. Doubling Season's tokens
                # and counters), so the index only tells apart several of one source
                self._act(data, "ChooseReplacement", index=same_source[0])
                return True
            if key in keys:
                self._act(data, "ChooseReplacement", index=keys.index(key))
                return True
        return False

    def _order_replacements(self, data: Mapping[str, Any],
                            candidates: list[Mapping[str, Any]]) -> None:
        """Which of several replacement (or prevention) effects applies first (CR 616.1): the
        case format has no answer for that outside mana events, so an order is given to
        phase.rs only where it provably doesn't matter. Each candidate is chosen on a scratch
        copy of the game; if every choice leaves phase.rs's whole exported state the same,
        the game goes on identically whichever applies first, and the first is chosen."""
        seat = int(data.get("player", 0))
        root = self.s.game.state()
        after = []
        for index in range(len(candidates)):
            scratch = self.s.engine.load_game(root)
            scratch.apply(seat, self.s.phase.GameAction.from_dict(
                {"type": "ChooseReplacement", "data": {"index": index}}))
            after.append(scratch.state())
        if all(state == after[0] for state in after):
            self._act(data, "ChooseReplacement", index=0)
            return
        described = [str(c.get("description")) for c in candidates]
        if len(set(described)) < len(described):
            raise Unsupported("phase.rs asks to order replacement effects it describes alike "
                              f"({described}, no source named) whose orders give different "
                              "games: its prompt does not say which effect is which, so no "
                              "order can be matched to the case's")
        raise Unsupported(f"phase.rs asks to choose among replacement effects ({described}) "
                          "whose orders give different games; the case format orders those "
                          "only for mana events")

    def _replacement(self, data: Mapping[str, Any], answers: Mapping[str, Any]) -> None:
        candidates = list(data.get("candidates") or [])
        copying = [i for i, c in enumerate(candidates)
                   if "copy" in str(c.get("description", "")).lower()]
        paying = [i for i, c in enumerate(candidates)
                  if str(c.get("description", "")).lower().startswith("pay ")]
        declined = [i for i, c in enumerate(candidates) if c.get("description") == "Decline"]
        command = [i for i, c in enumerate(candidates)
                   if "command zone" in str(c.get("description", "")).lower()]
        if command and len(candidates) == 2:
            # a commander about to go to a hand or library (903.9b): its owner's choice, by
            # default the command zone, else the move as it was (the other candidate)
            try:
                wanted = bool(self._choice(data, answers, "commander_to_command_zone"))
            except Unsupported:
                wanted = True
            self._act(data, "ChooseReplacement", index=command[0] if wanted else 1 - command[0])
            return
        if not copying and "pay" in answers and declined:
            # "As this enters, you may pay 2 life" (a shock land, 614.12): ``pay``
            if not self._choice(data, answers, "pay"):
                self._act(data, "ChooseReplacement", index=declined[0])
                return
            if not paying:
                raise IllegalAnswer("cannot-pay", "phase.rs offers no payment here (CR 119.4: "
                                                  "a player can't pay more life than they have)")
            seat = int(data.get("player", 0))
            life = int(self.s.game.player(seat)["life"])
            self._act(data, "ChooseReplacement", index=paying[0])
            text = str(candidates[paying[0]].get("description", "")).lower()
            if "life" in text and int(self.s.game.player(seat)["life"]) == life:
                # phase.rs offers the payment but makes none when life is short; the case
                # format rejects the choice itself (CR 119.4)
                raise IllegalAnswer("cannot-pay", f"phase.rs took no life for {text!r}: the "
                                                  f"payment can't be made with {life} life "
                                                  "(CR 119.4)")
            return
        if not copying:
            if not self._ordered(data, candidates, answers):
                self._order_replacements(data, candidates)
            return
        wanted = self._choice(data, answers, "copy")
        if wanted in (None, "none"):
            if not declined:
                raise Unsupported("phase.rs offers no way to decline this copy effect")
            self._act(data, "ChooseReplacement", index=declined[0])
        else:
            self._act(data, "ChooseReplacement", index=copying[0])

    def _copy_target(self, data: Mapping[str, Any], answers: Mapping[str, Any]) -> None:
        oid = self.s._id(str(self._choice(data, answers, "copy")))
        valid = [int(v) for v in data.get("valid_targets") or []]
        if oid not in valid:  # phase.rs refuses the choice: an illegal choice, as it sees it
            raise ValueError(f"phase.rs does not offer {self._choice(data, answers, 'copy')!r}"
                             f" as a copy choice (it offers {valid})")
        self._act(data, "ChooseTarget", target={"Object": oid})

    def _legend(self, data: Mapping[str, Any], answers: Mapping[str, Any]) -> None:
        """The legend to keep: a handle, or ``token-N``, the Nth of the candidates the case has
        no handle for (in timestamp order), as the case format names them."""
        wanted = str(self._choice(data, answers, "legend_rule"))
        if wanted in self.s.setup.ids:
            keep = self.s.setup.ids[wanted]
        elif wanted.startswith("token-") and wanted[6:].isdigit():
            known = set(self.s.setup.ids.values())
            unnamed = sorted((int(c) for c in data.get("candidates") or [] if int(c) not in known),
                             key=lambda oid: int(self.s.game.object(oid).get("timestamp", 0)))
            index = int(wanted[6:]) - 1
            if not 0 <= index < len(unnamed):
                raise Unsupported(f"legend_rule: there is no {wanted} among phase.rs's choices")
            keep = unnamed[index]
        else:
            keep = self.s._id(wanted)
        self._act(data, "ChooseLegend", keep=keep)

    def _retarget(self, data: Mapping[str, Any], answers: Mapping[str, Any]) -> None:
        """phase.rs asks for a copy's targets one slot at a time (``current_slot``); without a
        ``new_targets`` answer the copy keeps its targets (the format's default, 707.10c)."""
        try:
            given = self._choice(data, answers, "new_targets")
        except Unsupported:
            self._act(data, "KeepAllCopyTargets")
            return
        wanted = [self.s._target(str(t)) for t in given]
        slots = list(data.get("target_slots") or [])
        if wanted == [s.get("current") for s in slots]:
            self._act(data, "KeepAllCopyTargets")
            return
        slot = int(data.get("current_slot", 0))
        if slot >= len(wanted):
            raise Unsupported(f"phase.rs asks for the copy's target {slot + 1}; the case's "
                              f"new_targets name {len(wanted)}")
        legal = list(slots[slot].get("legal_alternatives") or []) if slot < len(slots) else []
        target = wanted[slot]
        if target not in legal:  # a new target must be legal, else the old one stays (707.10c)
            target = slots[slot].get("current")
        self._act(data, "ChooseTarget", target=target)

    def _partition(self, data: Mapping[str, Any], answers: Mapping[str, Any]) -> None:
        pile = [self.s._id(str(h)) for h in self._choice(data, answers, "pile_1")]
        self._act(data, "SubmitPilePartition", pile_a=pile)

    def _pile(self, data: Mapping[str, Any], answers: Mapping[str, Any]) -> None:
        side = "A" if int(self._choice(data, answers, "pile")) == 1 else "B"
        self._act(data, "ChoosePile", pile={"type": side})

    # -- triggered abilities (CR 603.3) -------------------------------------------------------

    def _trigger_targets(self, data: Mapping[str, Any], answers: Mapping[str, Any]) -> None:
        """A triggered ability's targets, chosen as it is put on the stack (603.3d): the
        choice ``trigger_targets`` by the source's handle or card name, written as a cast
        action's targets (a value, a list in slot order, or a table by slot name), or a list
        of such answers, one per ability when the source triggered more than once."""
        source = int(data.get("source_id", -1))
        table = answers.get("trigger_targets")
        handle = self.s._handle_of(source)
        obj = self.s.game.object(source) or {}
        key = next((k for k in (handle, obj.get("name")) if isinstance(table, Mapping)
                    and k in table), None)
        if not isinstance(table, Mapping) or key is None:
            raise Unsupported(f"phase.rs asks for the targets of {handle}'s triggered ability "
                              f"({data.get('description')}); the case gives no "
                              "trigger_targets answer for it")
        self.used.add("trigger_targets")
        given = table[key]
        slot = int((data.get("selection") or {}).get("current_slot", 0))
        if slot == 0:
            self._triggered[source] = self._triggered.get(source, 0) + 1
        nth = self._triggered.get(source, 1) - 1
        if isinstance(given, list) and given and all(isinstance(g, (list, Mapping))
                                                     for g in given):
            given = given[min(nth, len(given) - 1)]
        values = (list(given.values()) if isinstance(given, Mapping)
                  else list(given) if isinstance(given, list) else [given])
        flat = [v for value in values for v in (value if isinstance(value, list) else [value])]
        slots = list(data.get("target_slots") or [])
        if len(flat) > len(slots):  # more targets than the ability has (601.2c, 603.3d)
            raise IllegalAnswer("illegal-target", f"{handle}'s triggered ability takes at most "
                                                  f"{len(slots)} target(s), {len(flat)} given")
        if slot >= len(flat):
            if slot < len(slots) and slots[slot].get("optional"):
                self._act(data, "ChooseTarget", target=None)
                return
            raise IllegalAnswer("illegal-target", f"phase.rs asks for target {slot + 1} of "
                                                  f"{handle}'s triggered ability; the case "
                                                  f"gives {len(flat)}")
        target = self.s._target(str(flat[slot]))
        legal = list((data.get("selection") or {}).get("current_legal_targets")
                     or (slots[slot].get("legal_targets") if slot < len(slots) else []) or [])
        if target not in legal:
            raise IllegalAnswer("illegal-target", f"{flat[slot]!r} is not a legal target for "
                                                  f"{handle}'s triggered ability (phase.rs "
                                                  f"offers {legal})")
        self._act(data, "ChooseTarget", target=target)

    def _order_triggers(self, data: Mapping[str, Any], answers: Mapping[str, Any]) -> None:
        """The order a player puts their triggered abilities on the stack (603.3b): the
        choice ``trigger_order``, the sources' handles bottom first; abilities of sources it
        doesn't name follow in the order they triggered (as without an answer)."""
        order = [str(h) for h in answers.get("trigger_order") or []]
        ranks = {h: i for i, h in enumerate(order)}
        sources = [self.s._handle_of(int(t.get("source_id", -1)))
                   for t in data.get("triggers") or []]
        names = [str(t.get("source_name")) for t in data.get("triggers") or []]
        if order:
            self.used.add("trigger_order")
        chosen = sorted(range(len(sources)), key=lambda i: ranks.get(
            sources[i], ranks.get(names[i], len(ranks))))
        self._act(data, "OrderTriggers", order=chosen)

    # -- hidden zones and libraries (CR 701.9, 701.20-701.25) ---------------------------------

    def _select(self, data: Mapping[str, Any], handles: list[str], what: str) -> None:
        """Answer a ``SelectCards`` prompt with the cards of ``handles``; a card phase.rs
        does not offer, or a wrong number of them, is an illegal choice."""
        offered = [int(c) for c in data.get("cards") or []]
        ids = [self.s._id(h) for h in handles]
        missing = [h for h, i in zip(handles, ids, strict=True) if i not in offered]
        if missing:
            raise IllegalAnswer("illegal-choice", f"phase.rs does not offer {missing} to "
                                                  f"{what} (it offers "
                                                  f"{[self.s._handle_of(c) for c in offered]})")
        self._act(data, "SelectCards", cards=ids)

    def _search(self, data: Mapping[str, Any], answers: Mapping[str, Any]) -> None:
        """Cards found by a library search (701.23): choice ``search``, handles or "none"
        (a search for a stated quality may find fewer, 701.23b)."""
        handles = choice_handles(self._choice(data, answers, "search"))
        count = int(data.get("count", 1))
        if len(handles) > count:
            raise IllegalAnswer("illegal-choice", f"the search finds at most {count} card(s), "
                                                  f"{handles} given")
        self._select(data, handles, "find")

    def _discard(self, data: Mapping[str, Any], answers: Mapping[str, Any]) -> None:
        """Cards discarded by the player's choice (701.9): choice ``discard``."""
        handles = choice_handles(self._choice(data, answers, "discard"))
        count = int(data.get("count", 1))
        if len(handles) != min(count, len(data.get("cards") or [])):
            raise IllegalAnswer("illegal-choice", f"phase.rs asks for {count} card(s) to "
                                                  f"discard, {handles} given")
        self._select(data, handles, "discard")
        self.discarded.update(self.s._id(h) for h in handles)

    def _discard_to_hand_size(self, data: Mapping[str, Any], answers: Mapping[str, Any]) -> None:
        """The cleanup step's discard down to maximum hand size (CR 514.1): choice
        ``discard``, the cards the active player discards, as for any discard of their choice."""
        self._discard(data, answers)

    def _reveal(self, data: Mapping[str, Any], answers: Mapping[str, Any]) -> None:
        """The card chosen from a revealed hand (701.20): choice ``card``."""
        self._select(data, choice_handles(self._choice(data, answers, "card")), "choose")

    def _zone_choice(self, data: Mapping[str, Any], answers: Mapping[str, Any]) -> None:
        """Objects a player chooses for an effect: for a sacrifice, the choice ``sacrifice``
        (701.21a)."""
        kind = str(data.get("effect_kind"))
        if kind == "CastFromZone":  # the spell cast while this resolves (608.2g)
            given = self.pending.get("free_cast") or self._choice(data, answers, "free_cast")
            handle = given.get("object") if isinstance(given, Mapping) else given
            self.pending["free_cast"] = given
            self._select(data, choice_handles(handle), "cast")
            return
        if kind != "Sacrifice":
            raise Unsupported(f"phase.rs asks the player to choose objects for {kind}; the "
                              "case format has no choice for that")
        handles = choice_handles(self._choice(data, answers, "sacrifice"))
        count = int(data.get("count", 1))
        if len(handles) != min(count, len(data.get("cards") or [])):
            raise IllegalAnswer("illegal-choice", f"phase.rs asks for {count} permanent(s) to "
                                                  f"sacrifice, {handles} given")
        self._select(data, handles, "sacrifice")

    def _split(self, data: Mapping[str, Any], answer: Any, keep: str, away: str
               ) -> tuple[list[str], list[str]]:
        """A scry or surveil answer as (cards kept on top, top first; the others): every card
        phase.rs shows is placed, a card the answer leaves out going to the side it doesn't
        list (the format's ``{ bottom = [...] }`` keeps the rest on top)."""
        if not isinstance(answer, Mapping):
            raise IllegalAnswer("illegal-choice", f"the answer must be a table of {keep} and "
                                                  f"{away}, not {answer!r}")
        top, other = choice_handles(answer.get(keep)), choice_handles(answer.get(away))
        shown = [int(c) for c in data.get("cards") or []]
        listed = {self.s._id(h) for h in top + other}
        rest = [self.s._handle_of(c) for c in shown if c not in listed]
        if rest and keep in answer and away in answer:
            raise IllegalAnswer("illegal-choice", f"the answer does not place {rest}")
        if rest:
            top, other = (top, other + rest) if keep in answer else (top + rest, other)
        if sorted(self.s._id(h) for h in top + other) != sorted(shown):
            raise IllegalAnswer("illegal-choice", f"the answer places {top + other}; phase.rs "
                                                  f"shows {[self.s._handle_of(c) for c in shown]}")
        return top, other

    def _library_top(self, seat: int, top: list[str]) -> None:
        """After the answer: the library's top cards must be in the answer's order."""
        library = list(self.s.game.state()["state"]["players"][seat]["library"])
        wanted = [self.s._id(h) for h in top]
        if library[:len(wanted)] != wanted:
            raise Unsupported("phase.rs put the cards kept on top in another order than the "
                              "case's answer; its SelectCards answer takes no order")

    def _scry(self, data: Mapping[str, Any], answers: Mapping[str, Any]) -> None:
        """Scry (701.22a): choice ``scry = { top, bottom }``, each top first. phase.rs's
        answer names the cards kept on top, in order; the others go to the bottom."""
        top, bottom = self._split(data, self._choice(data, answers, "scry"), "top", "bottom")
        if len(bottom) > 1:
            raise Unsupported("scry: phase.rs orders the cards it puts on the bottom itself; "
                              "its SelectCards answer names only the cards kept on top")
        self._select(data, top, "keep on top")
        self._library_top(int(data.get("player", 0)), top)

    def _surveil(self, data: Mapping[str, Any], answers: Mapping[str, Any]) -> None:
        """Surveil (701.25a): choice ``surveil = { graveyard, top }``. phase.rs's answer names
        the cards kept on top, in order; the others go to the graveyard."""
        top, _ = self._split(data, self._choice(data, answers, "surveil"), "top", "graveyard")
        self._select(data, top, "keep on top")
        self._library_top(int(data.get("player", 0)), top)

    def _search_split(self, data: Mapping[str, Any], answers: Mapping[str, Any]) -> None:
        """Found cards split between two destinations (Kodama's Reach): the first
        ``primary_count`` cards of the ``search`` answer go to the first destination."""
        handles = choice_handles(self._choice(data, answers, "search"))
        count = int(data.get("primary_count", 1))
        self._select(data, handles[:count], f"put into {data.get('primary_destination')}")

    # -- auras (CR 303.4) ---------------------------------------------------------------------

    def _enchant(self, data: Mapping[str, Any], answers: Mapping[str, Any]) -> None:
        """What an Aura put onto the battlefield without being cast enchants (303.4f): the
        choice ``enchant``; it doesn't target, so phase.rs lists every object it could
        enchant."""
        handle = str(self._choice(data, answers, "enchant"))
        target = self.s._target(handle)
        legal = list(data.get("legal_targets") or [])
        if target not in legal:
            raise IllegalAnswer("illegal-choice", f"the Aura can't enchant {handle!r} "
                                                  f"(phase.rs offers {legal})")
        self._act(data, "ChooseTarget", target=target)

    # -- "your choice of" (CR 608.2d) ---------------------------------------------------------

    def _branch(self, data: Mapping[str, Any], answers: Mapping[str, Any]) -> None:
        """A choice among an effect's branches: ``tap_or_untap`` (answered after the "you
        may" prompt of a "tap or untap" effect), or for branches that put counters ("your choice
        of a menace counter and a lifelink counter or ..."), the choice ``counter``, the kinds
        put (one, or a list)."""
        branches = list(data.get("branches") or [])
        labels = [str(b.get("description", "")).lower() for b in branches]
        if "tap_or_untap" in self.pending:  # Twiddle: "tap or untap" (701.26)
            word = str(self.pending.pop("tap_or_untap")).lower()
            if word not in labels:
                raise IllegalAnswer("illegal-choice", f"phase.rs offers {labels}, not {word!r}")
            self._act(data, "ChooseBranch", index=labels.index(word))
            return
        kinds: list[list[str]] = []
        for branch in branches:
            found: list[str] = []
            part: Mapping[str, Any] | None = branch
            while part:
                effect = part.get("effect") or {}
                if effect.get("type") == "PutCounter":
                    found.append(str(effect.get("counter_type")).lower())
                part = part.get("sub_ability")
            kinds.append(sorted(found))
        if not all(kinds):
            raise Unsupported("phase.rs asks to choose among "
                              f"{[b.get('description') for b in branches]}; the case format "
                              "answers only a choice of counters")
        given = self._choice(data, answers, "counter")
        wanted = sorted(str(c).lower() for c in (given if isinstance(given, list) else [given]))
        if wanted not in kinds:
            raise IllegalAnswer("illegal-choice", f"phase.rs offers the counters {kinds}, not "
                                                  f"{wanted}")
        self._act(data, "ChooseBranch", index=kinds.index(wanted))
