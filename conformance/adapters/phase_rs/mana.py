"""Mana-ability queries answered from phase.rs: ``activated_abilities``, ``could_produce`` and
``can_activate``.

* ``activated_abilities`` (CR 602, 605): phase.rs's own activated abilities of the object, in its
  index order, written in Oracle words from their cost and effect records ({T}, {Q}, mana
  costs, life, energy, sacrifice, discard, exile, mill, tapping creatures, returning to hand,
  removing counters; "Add {G}", "Add {W} or {U}", "Add {W}, {B}, or {R}", "Add one mana of any
  color", "Draw a card.", cycling). An ability whose record this module cannot put into words is
  :class:`~conformance.adapter.Unsupported`.
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

from ...adapter import Unsupported
from .setup import counter_kind
from .text import SHARDS, cost_text

if TYPE_CHECKING:
    from .session_view import SessionView

__all__ = ["MANA_QUERIES", "PhaseMana"]

#: Queries this module answers.
MANA_QUERIES = frozenset({"activated_abilities", "could_produce", "can_activate"})

_ORDER = "WUBRGC"
_COLOR_WORDS = ("White", "Blue", "Black", "Red", "Green")


def _symbol(color: str) -> str:
    return "{" + SHARDS.get(color, "?") + "}"


_NUMBERS = ("no", "a", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _count(count: int, noun: str, plural: str | None = None) -> str:
    """``count`` of ``noun`` in Oracle words: "a card", "two cards"."""
    if count == 1:
        return f"{'an' if noun[:1] in 'aeiou' else 'a'} {noun}"
    number = _NUMBERS[count] if 0 <= count < len(_NUMBERS) else str(count)
    return f"{number} {plural or noun + 's'}"


def _fixed(amount: Any, kind: str) -> int:
    """A fixed amount of a cost or effect record (a bare number, or ``{type: Fixed}``)."""
    if isinstance(amount, int):
        return amount
    if isinstance(amount, Mapping) and amount.get("type") == "Fixed":
        return int(amount.get("value", 0))
    raise Unsupported(f"activated_abilities: phase.rs's {kind!r} with a varying amount is not "
                      "put into words here")


def _type_word(obj: Mapping[str, Any]) -> str:
    """The word an ability of ``obj`` uses for it ("this artifact"): its first card type."""
    types = list((obj.get("card_types") or {}).get("core_types") or [])
    return str(types[-1]).lower() if types else "permanent"


class PhaseMana:
    """The mana-ability queries of one session."""

    def __init__(self, session: SessionView) -> None:
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

    def _cost(self, cost: Mapping[str, Any] | None, obj: Mapping[str, Any]) -> str:
        """One of phase.rs's ability cost records in Oracle words (CR 118, 602.1a): {T} and
        {Q} (107.5, 107.6), mana, life (119.4), energy (107.14), and the costs that sacrifice,
        discard, exile, mill, tap creatures, return to hand or remove counters."""
        if not cost:
            return ""
        kind = str(cost.get("type"))
        if kind == "Composite":
            return ", ".join(self._cost(c, obj) for c in cost.get("costs") or [])
        if kind in ("Tap", "Untap"):
            return "{T}" if kind == "Tap" else "{Q}"
        if kind == "Mana":
            return cost_text(cost.get("cost"))
        if kind in ("PayLife", "PayEnergy"):
            amount = _fixed(cost.get("amount"), kind)
            return (f"Pay {amount} life" if kind == "PayLife"
                    else "Pay " + "{E}" * amount)
        if kind == "Sacrifice":
            return f"Sacrifice {self._objects(cost.get('target'), int(cost.get('count', 1)), obj)}"
        if kind == "Discard":
            count = _fixed(cost.get("count"), kind)
            if cost.get("self_ref"):
                return "Discard this card"
            if cost.get("random") or cost.get("filter"):
                raise self._unworded(f"cost {kind!r} (random or filtered)")
            return f"Discard {_count(count, 'card')}"
        if kind == "Mill":
            return f"Mill {_count(int(cost.get('count', 1)), 'card')}"
        if kind == "Exile" and cost.get("zone") == "Graveyard":
            what = cost.get("filter")
            if isinstance(what, Mapping) and what.get("type") == "SelfRef":
                return f"Exile this {_type_word(obj)} from your graveyard"
            if what:
                raise self._unworded(f"cost {kind!r} (filtered)")
            return f"Exile {_count(int(cost.get('count', 1)), 'card')} from your graveyard"
        if kind == "TapCreatures":
            count = int((cost.get("requirement") or {}).get("count", 1))
            return f"Tap {self._objects(cost.get('filter'), count, obj, 'untapped ')}"
        if kind == "ReturnToHand":
            what = self._objects(cost.get("filter"), int(cost.get("count", 1)), obj)
            return f"Return {what} to its owner's hand"
        if kind == "RemoveCounter" and not cost.get("target"):
            counter = cost.get("counter_type") or {}
            if counter.get("type") == "OfType":
                name = counter_kind(str(counter.get("data")))
                count = int(cost.get("count", 1))
                return (f"Remove {_count(count, f'{name} counter')} from this "
                        f"{_type_word(obj)}")
        raise self._unworded(f"cost {kind!r}")

    def _unworded(self, what: str) -> Unsupported:
        return Unsupported(f"activated_abilities: phase.rs's {what} is not put into words here")

    def _objects(self, spec: Any, count: int, obj: Mapping[str, Any], adjective: str = "") -> str:
        """A cost's object filter in words ("this artifact", "a creature you control")."""
        if not isinstance(spec, Mapping):
            raise self._unworded("cost filter")
        if spec.get("type") == "SelfRef":
            return f"this {_type_word(obj)}"
        types = list(spec.get("type_filters") or [])
        if spec.get("type") != "Typed" or spec.get("properties") or len(types) != 1:
            raise self._unworded(f"cost filter {spec.get('type')!r}")
        noun = adjective + str(types[0]).lower()
        text = _count(count, noun, plural=noun + "s")
        controller = spec.get("controller")
        if controller == "You":
            return f"{text} you control"
        if controller is not None:
            raise self._unworded(f"cost filter controller {controller!r}")
        return text

    def _effect(self, effect: Mapping[str, Any]) -> str:
        """A mana ability's effect as the suite writes it ("Add {G}", no period), or another
        ability's effect as an Oracle sentence ("Draw a card.", "You gain 2 life.")."""
        kind = effect.get("type")
        if kind == "Draw" and (effect.get("target") or {}).get("type") == "Controller":
            return f"Draw {_count(_fixed(effect.get('count'), 'Draw'), 'card')}."
        if kind == "GainLife":
            return f"You gain {_fixed(effect.get('amount'), 'GainLife')} life."
        if kind != "Mana":
            raise self._unworded(f"effect {kind!r}")
        produced = effect.get("produced") or {}
        kind = produced.get("type")
        if kind == "Fixed":
            return "Add " + "".join(_symbol(c) for c in produced.get("colors") or [])
        if kind == "AnyOneColor":
            options = list(produced.get("color_options") or [])
            if sorted(options) == sorted(_COLOR_WORDS):
                return "Add one mana of any color"
            symbols = [_symbol(c) for c in options]
            if len(symbols) <= 2:
                return "Add " + " or ".join(symbols)
            return "Add " + ", ".join(symbols[:-1]) + ", or " + symbols[-1]
        raise self._unworded(f"mana {kind!r}")

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
        return f"{self._cost(cost, obj)}: {self._effect(effect)}"

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
        first_event = len(session.events)
        try:
            action = {**{k: v for k, v in query.items() if k != "query"}, "type": "activate"}
            outcome = session._do_activate(action)
            if outcome.ok:
                outcome = session._paid_from_pool(action, {
                    int(o["id"]) for o in saved[0].battlefield() if not o.get("tapped")},
                    first_event)
            return bool(outcome.ok)
        except ValueError:
            return False
        finally:
            session.game = saved[0]
            session.events[:] = saved[1]
