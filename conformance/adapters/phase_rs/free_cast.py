"""A spell cast while another resolves (CR 608.2g), answered from the case's ``free_cast``.

An effect such as "you may cast a spell with mana value X or less from your hand without paying
its mana cost" makes phase.rs cast the chosen card in the middle of the resolution: it asks the
casting prompts of that spell then, and the case answers them all from the one ``free_cast``
choice, ``{ object, targets, x, choices }`` (the "you may" and the card are asked first, see
:mod:`.prompts`):

* ``TargetSelection``: ``targets``, one slot at a time (601.2c); an optional slot past the
  given targets gets none;
* ``PayCost``: the additional cost is still paid (118.9d): ``choices.sacrifice`` or
  ``choices.discard`` names what, a cost with one way to pay it needs no answer;
* ``ChooseXValue``: ``x`` (107.3).

Cast without paying its mana cost, a spell's X is 0 (107.3b): phase.rs then asks no X at all.
So once the resolution is over, :meth:`PhaseFreeCast.check` compares the X phase.rs cast the
spell with (``chosen_x``, absent for 0) with the case's ``x``: a different one is an
``illegal-choice`` (phase.rs did not take the case's X).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...adapter import Unsupported
from .text import IllegalAnswer, choice_handles

if TYPE_CHECKING:
    from .session_view import PromptsView

__all__ = ["FREE_CAST_PROMPTS", "PhaseFreeCast"]

#: The casting prompts of a spell cast while another resolves, answered here.
FREE_CAST_PROMPTS = ("TargetSelection", "PayCost", "ChooseXValue")

_COST_KEYS = {"Sacrifice": "sacrifice", "Discard": "discard"}


class PhaseFreeCast:
    """The answers to one session's casting prompts asked during a resolution."""

    def __init__(self, prompts: PromptsView) -> None:
        self.p = prompts

    def _given(self, what: str) -> Mapping[str, Any]:
        given = self.p.pending.get("free_cast")
        if not isinstance(given, Mapping):
            raise Unsupported(f"phase.rs asks for a spell's {what} while another resolves; "
                              "the case gives no free_cast table with it")
        return given

    def targets(self, data: Mapping[str, Any], answers: Mapping[str, Any]) -> None:
        """``TargetSelection``: the free_cast answer's ``targets``, one slot at a time."""
        targets = [str(t) for t in self._given("targets").get("targets") or []]
        slot = int((data.get("selection") or {}).get("current_slot", 0))
        slots = list(data.get("target_slots") or [])
        if slot >= len(targets):
            if slot < len(slots) and slots[slot].get("optional"):
                self.p._act(data, "ChooseTarget", target=None)
                return
            raise IllegalAnswer("illegal-target", "phase.rs asks for more targets than the "
                                                  "free_cast answer gives")
        target = self.p.s._target(targets[slot])
        legal = list((data.get("selection") or {}).get("current_legal_targets")
                     or (slots[slot].get("legal_targets") if slot < len(slots) else []) or [])
        if target not in legal:
            raise IllegalAnswer("illegal-target", f"{targets[slot]!r} is not a legal target "
                                                  f"(phase.rs offers {legal})")
        self.p._act(data, "ChooseTarget", target=target)

    def pay_cost(self, data: Mapping[str, Any], answers: Mapping[str, Any]) -> None:
        """``PayCost``: the spell's additional cost (118.9d), from the free_cast answer's own
        ``choices`` (``sacrifice``, ``discard``); a cost phase.rs offers one way to pay (as
        many cards as it needs) is paid with it."""
        kind = str((data.get("kind") or {}).get("type", ""))
        key = _COST_KEYS.get(kind)
        given = self.p.pending.get("free_cast")
        choices = dict(given.get("choices") or {}) if isinstance(given, Mapping) else {}
        offered = [int(c) for c in data.get("choices") or []]
        count = int(data.get("count", 1))
        if key is None:
            raise Unsupported(f"phase.rs asks for a {kind} cost of a spell cast while another "
                              "resolves; the case format names only what is sacrificed or "
                              "discarded")
        if key not in choices:
            if len(offered) != count:
                raise IllegalAnswer("illegal-choice", f"phase.rs asks what to {key} for the "
                                                      "spell's additional cost; the free_cast "
                                                      f"answer gives no choices.{key}")
            self.p._act(data, "SelectCards", cards=offered)
            return
        handles = choice_handles(choices[key])
        ids = [self.p.s._id(h) for h in handles]
        refused = [h for h, i in zip(handles, ids, strict=True) if i not in offered]
        if refused or len(ids) != count:
            raise IllegalAnswer("illegal-choice", f"phase.rs offers "
                                                  f"{[self.p.s._handle_of(c) for c in offered]}"
                                                  f" to {key} ({count}), not {handles}")
        self.p._act(data, "SelectCards", cards=ids)

    def choose_x(self, data: Mapping[str, Any], answers: Mapping[str, Any]) -> None:
        """``ChooseXValue``: the free_cast answer's ``x`` (0 when it gives none, 107.3)."""
        self.p._act(data, "ChooseX", value=int(self._given("X").get("x", 0) or 0))

    def check(self) -> None:
        """After a resolution that cast a spell from ``free_cast``: phase.rs must have cast it
        with the case's X (107.3b: 0 without paying its mana cost, when phase.rs asks none).
        The answer is then forgotten: each action's free cast is its own."""
        given = self.p.pending.pop("free_cast", None)
        if not isinstance(given, Mapping) or "object" not in given:
            return
        oid = self.p.s.setup.ids.get(str(given["object"]))
        for entry in self.p.s.game.stack():
            if int(entry.get("source_id", -1)) != oid:
                continue
            ability = ((entry.get("kind") or {}).get("data") or {}).get("ability") or {}
            chosen = int(ability.get("chosen_x", 0) or 0)
            wanted = int(given.get("x", 0) or 0)
            if chosen != wanted:
                raise IllegalAnswer("illegal-choice", f"phase.rs cast {given['object']} with "
                                                      f"X = {chosen}, not the case's {wanted} "
                                                      "(CR 107.3b: X is 0 for a spell cast "
                                                      "without paying its mana cost)")
