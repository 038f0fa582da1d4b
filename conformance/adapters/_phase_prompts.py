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
  ``SubmitPilePartition`` / ``ChoosePile``.

A choice made by another player than the resolving object's controller is looked up as
``<key>_<player>`` first, then ``<key>_opponent``, then ``<key>``. A prompt with no answer in the
case is :class:`~conformance.adapter.Unsupported` (the case did not say what to choose).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ..adapter import Unsupported
from ._phase_text import MANA_WORDS

if TYPE_CHECKING:
    from .phase_rs import PhaseSession

__all__ = ["PhasePrompts"]

_COLOR_OPTIONS = {"white": "White", "blue": "Blue", "black": "Black", "red": "Red",
                  "green": "Green"}


class PhasePrompts:
    """The prompt answers of one session, from the case's ``choices``."""

    def __init__(self, session: PhaseSession) -> None:
        self.s = session
        #: The choice keys phase.rs has asked for so far.
        self.used: set[str] = set()
        self._handlers: dict[str, Callable[[Mapping[str, Any], Mapping[str, Any]], None]] = {
            "UnlessPayment": self._unless, "OptionalEffectChoice": self._optional,
            "NamedChoice": self._named, "DamageSourceChoice": self._source,
            "ReplacementChoice": self._replacement, "CopyTargetChoice": self._copy_target,
            "ChooseLegend": self._legend, "CopyRetarget": self._retarget,
            "SeparatePilesPartition": self._partition, "SeparatePilesChoice": self._pile,
            "PileChoice": self._pile,
        }

    def answer(self, answers: Mapping[str, Any]) -> None:
        """Answer the prompt phase.rs is waiting on, from ``answers``."""
        waiting = self.s.game.waiting_for()
        kind = str(waiting.get("type"))
        handler = self._handlers.get(kind)
        if handler is None:
            raise Unsupported(f"phase.rs asks {kind} while resolving; this adapter has no "
                              "case choice for that prompt")
        handler(dict(waiting.get("data") or {}), answers)

    # -- lookup ---------------------------------------------------------------------------------

    def _choice(self, data: Mapping[str, Any], answers: Mapping[str, Any], *keys: str) -> Any:
        seat = int(data.get("player", 0))
        player = self.s.players[seat]
        stack = self.s.game.stack()
        controller = int(stack[-1].get("controller", seat)) if stack else seat
        for key in keys:
            for name in (f"{key}_{player}", *((f"{key}_opponent",) if seat != controller
                                              else ()), key):
                if name in answers:
                    self.used.add(key)
                    return answers[name]
        raise Unsupported(f"phase.rs asks {player} to choose ({' / '.join(keys)}); the case "
                          "gives no such choice")

    def _act(self, data: Mapping[str, Any], kind: str, **payload: Any) -> None:
        self.s._apply(int(data.get("player", 0)), {"type": kind, "data": payload}
                      if payload else {"type": kind})

    # -- prompts --------------------------------------------------------------------------------

    def _unless(self, data: Mapping[str, Any], answers: Mapping[str, Any]) -> None:
        self._act(data, "PayUnlessCost", pay=bool(self._choice(data, answers, "pay")))

    def _optional(self, data: Mapping[str, Any], answers: Mapping[str, Any]) -> None:
        text = str(data.get("description", "")).lower()
        keys = ("reveal", "pay") if "reveal" in text and "pay" not in text else ("pay", "reveal")
        self._act(data, "DecideOptionalEffect", accept=bool(self._choice(data, answers, *keys)))

    def _named(self, data: Mapping[str, Any], answers: Mapping[str, Any]) -> None:
        kind = data.get("choice_type")
        label = kind if isinstance(kind, str) else next(iter(kind or {}), "")
        if label == "Color":
            word = str(self._choice(data, answers, "color"))
            choice = _COLOR_OPTIONS.get(word.lower(), MANA_WORDS.get(word, word))
        elif label == "NumberRange":
            choice = str(int(self._choice(data, answers, "number")))
        else:
            choice = str(self._choice(data, answers, "name", "creature_type"))
        options = [str(o) for o in data.get("options") or []]
        if label == "CardName" and not options:
            self._known_name(choice)
        if options and choice not in options:
            raise Unsupported(f"phase.rs offers {options} for this choice; the case's "
                              f"{choice!r} is not among them")
        self._act(data, "ChooseOption", choice=choice)

    def _known_name(self, choice: str) -> None:
        """A card name phase.rs can accept: it checks a named card against its own card
        database, which this adapter builds from the case's cards only, so a real card the
        case names without using it (CR 201.4: any card name may be chosen) is unknown there."""
        known = {n.casefold() for names in self.s.setup.front_names.items() for n in names}
        known |= {part.casefold() for n in list(known) for part in n.split(" // ")}
        if choice.casefold() not in known:
            raise Unsupported(f"phase.rs accepts only names from the card database it was "
                              f"built with (the case's cards); {choice!r} is not among them")

    def _source(self, data: Mapping[str, Any], answers: Mapping[str, Any]) -> None:
        handle = str(self._choice(data, answers, "source"))
        self._act(data, "ChooseDamageSource", source=self.s._id(handle))

    def _replacement(self, data: Mapping[str, Any], answers: Mapping[str, Any]) -> None:
        candidates = list(data.get("candidates") or [])
        copying = [i for i, c in enumerate(candidates)
                   if "copy" in str(c.get("description", "")).lower()]
        if not copying:
            raise Unsupported("phase.rs asks to choose among replacement effects "
                              f"({[c.get('description') for c in candidates]}); the case "
                              "format orders those only for mana events")
        declined = [i for i, c in enumerate(candidates) if c.get("description") == "Decline"]
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
