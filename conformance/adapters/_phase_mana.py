"""Mana-ability queries answered from phase.rs: ``activated_abilities``, ``could_produce`` and
``can_activate``.

* ``activated_abilities`` (CR 602, 605): phase.rs's own activated abilities of the object, in its
  index order, written in Oracle words from their cost and effect records ({T}, mana costs,
  "Add {G}", "Add {W} or {U}", "Add one mana of any color", cycling). An ability whose record
  this module cannot put into words is :class:`~conformance.adapter.Unsupported`.
* ``could_produce`` (CR 106.7): every mana ability of the permanent is activated, once per color
  it lets its controller choose, on scratch copies of the game where the sandbox has untapped the
  permanent, removed its summoning sickness and given its controller priority; the mana that
  phase.rs adds to the pool there (after its own replacement effects) is the answer. Costs and
  sickness do not matter to what a permanent could produce, so they are set aside only there;
  the case's game never moves.
* ``can_activate``: the case's activate action on a scratch copy.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..adapter import Unsupported
from ._phase_text import SHARDS, cost_text

if TYPE_CHECKING:
    from .phase_rs import PhaseSession

__all__ = ["MANA_QUERIES", "PhaseMana"]

#: Queries this module answers.
MANA_QUERIES = frozenset({"activated_abilities", "could_produce", "can_activate"})

_ORDER = "WUBRGC"
_COLOR_WORDS = ("White", "Blue", "Black", "Red", "Green")


def _symbol(color: str) -> str:
    return "{" + SHARDS.get(color, "?") + "}"


class PhaseMana:
    """The mana-ability queries of one session."""

    def __init__(self, session: PhaseSession) -> None:
        self.s = session

    def answer(self, name: str, query: Mapping[str, Any]) -> Any:
        """Answer ``query`` (one of :data:`MANA_QUERIES`)."""
        return getattr(self, f"_q_{name}")(query)

    def _object(self, query: Mapping[str, Any]) -> Mapping[str, Any]:
        obj = self.s.game.object(self.s._id(str(query.get("object"))))
        if obj is None:
            raise Unsupported(f"phase.rs no longer tracks {query.get('object')!r}")
        return dict(obj)

    # -- activated_abilities -------------------------------------------------------------------

    def _cost(self, cost: Mapping[str, Any] | None) -> str:
        if not cost:
            return ""
        kind = cost.get("type")
        if kind == "Tap":
            return "{T}"
        if kind == "Mana":
            return cost_text(cost.get("cost"))
        if kind == "Composite":
            return ", ".join(self._cost(c) for c in cost.get("costs") or [])
        raise Unsupported(f"activated_abilities: phase.rs's cost {kind!r} is not put into words "
                          "here")

    def _effect(self, effect: Mapping[str, Any]) -> str:
        if effect.get("type") != "Mana":
            raise Unsupported("activated_abilities: phase.rs's effect "
                              f"{effect.get('type')!r} is not put into words here")
        produced = effect.get("produced") or {}
        kind = produced.get("type")
        if kind == "Fixed":
            return "Add " + "".join(_symbol(c) for c in produced.get("colors") or [])
        if kind == "AnyOneColor":
            options = list(produced.get("color_options") or [])
            if sorted(options) == sorted(_COLOR_WORDS):
                return "Add one mana of any color"
            return "Add " + " or ".join(_symbol(c) for c in options)
        raise Unsupported(f"activated_abilities: phase.rs's mana {kind!r} is not put into words "
                          "here")

    def _text(self, obj: Mapping[str, Any], ability: Mapping[str, Any]) -> str:
        cost = ability.get("cost") or {}
        effect = ability.get("effect") or {}
        parts = cost.get("costs") or [] if cost.get("type") == "Composite" else []
        cycling = [k["Cycling"] for k in obj.get("keywords") or []
                   if isinstance(k, Mapping) and "Cycling" in k]
        if (cycling and effect.get("type") == "Draw"
                and any(p.get("type") == "Discard" and p.get("self_ref") for p in parts)):
            price = cycling[0].get("data") if cycling[0].get("type") == "Mana" else cycling[0]
            return f"Cycling {cost_text(price)}"  # the keyword ability (702.29)
        return f"{self._cost(cost)}: {self._effect(effect)}"

    def _q_activated_abilities(self, query: Mapping[str, Any]) -> list[str]:
        obj = self._object(query)
        return [self._text(obj, a) for a in obj.get("abilities") or []
                if a.get("kind") == "Activated"]

    # -- could_produce --------------------------------------------------------------------------

    def _scratch(self, oid: int, seat: int) -> Any:
        root = self.s.game.state()
        root["state"]["debug_mode"] = True
        game = self.s.engine.load_game(root)
        debug = self.s.phase.GameAction.from_dict
        for kind, data in (("SetTapped", {"object_id": oid, "tapped": False}),
                           ("SetSummoningSickness", {"object_id": oid, "sick": False})):
            game.apply(0, debug({"type": "Debug", "data": {"type": kind, "data": data}}))
        if game.waiting_for().get("type") == "Priority" and game.priority_player() != seat:
            game.apply(game.priority_player(), debug({"type": "PassPriority"}))
        return game

    def _pool(self, game: Any, seat: int) -> list[str]:
        return [str(m["color"]) for m in game.player(seat)["mana_pool"].get("mana", [])]

    def _q_could_produce(self, query: Mapping[str, Any]) -> list[str]:
        obj = self._object(query)
        oid, seat = int(obj["id"]), int(obj["controller"])
        if str(obj.get("zone")) != "Battlefield":
            return []
        found: set[str] = set()
        debug = self.s.phase.GameAction.from_dict
        for index, ability in enumerate(obj.get("abilities") or []):
            if not ability.get("is_mana_ability"):
                continue
            for color in (None, *_COLOR_WORDS, "Colorless"):
                game = self._scratch(oid, seat)
                before = self._pool(game, seat)
                try:
                    game.apply(seat, debug({"type": "ActivateAbility", "data": {
                        "source_id": oid, "ability_index": index}}))
                    waiting = game.waiting_for()
                    if waiting.get("type") == "ChooseManaColor":
                        if color is None:
                            continue
                        game.apply(seat, debug({"type": "ChooseManaColor", "data": {
                            "choice": {"type": "SingleColor", "data": color}}}))
                    elif color is not None:
                        break  # no color to choose: one activation says it all
                except ValueError:
                    if color is not None:
                        continue
                    break
                after = self._pool(game, seat)
                for mana in before:
                    if mana in after:
                        after.remove(mana)
                found |= {SHARDS.get(m, "?") for m in after}
        return [c for c in _ORDER if c in found]

    # -- can_activate ---------------------------------------------------------------------------

    def _q_can_activate(self, query: Mapping[str, Any]) -> bool:
        session = self.s
        saved = session.game, list(session.events)
        session.game = session.engine.load_game(session.game.state())
        try:
            action = {k: v for k, v in query.items() if k != "query"}
            outcome = session._do_activate({**action, "type": "activate"})
            if outcome.ok:
                outcome = session._paid_from_pool(action, {
                    int(o["id"]) for o in saved[0].battlefield() if not o.get("tapped")})
            return bool(outcome.ok)
        except ValueError:
            return False
        finally:
            session.game = saved[0]
            session.events[:] = saved[1]
