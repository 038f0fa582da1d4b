"""Answering the announcement prompts phase.rs asks while a spell is cast (CR 601.2b-d, 601.2h).

Beyond targets, halves, kicker and X (:mod:`.adapter`), a cast can ask:

* ``CastingVariantChoice``: a split card cast normally or fused (``half = "fused"``, CR 702.102);
* ``AlternativeCastChoice``: an alternative cost by keyword (``alternative = "overload"``,
  CR 118.9, 702.96);
* ``ModeChoice``: the modes of a modal spell (``mode`` / ``modes``, CR 700.2);
* ``DistributeAmong``: how damage is divided among the targets (``divide``, CR 601.2d);
* ``PhyrexianPayment``: which Phyrexian symbols are paid with life (``choices.phyrexian_life``,
  CR 107.4f);
* ``PayCost``: a card to discard or a permanent to sacrifice as an additional cost
  (``choices.discard`` / ``choices.sacrifice``, CR 601.2h).

Each answer comes from the case's cast action; a choice phase.rs does not offer is refused by
the engine and reported as the rules' rejection, and a prompt the case gives no answer for is
:class:`~conformance.adapter.Unsupported`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...adapter import Outcome, Unsupported
from .text import classify_error

if TYPE_CHECKING:
    from .session_view import SessionView

__all__ = ["CASTING_PROMPTS", "PAYMENT_KEYS", "PhaseCasting", "tapped_for"]

#: The prompts this module answers.
CASTING_PROMPTS = frozenset({"CastingVariantChoice", "AlternativeCastChoice", "ModeChoice",
                             "DistributeAmong", "PhyrexianPayment", "PayCost"})


#: phase.rs's ways of paying part of a cost with objects (its ``convoke_mode``), and the cast
#: action's key that lists them (CR 702.51 convoke, 702.66 delve, 702.126 improvise).
PAYMENT_KEYS = {"Convoke": "convoke", "Delve": "delve", "Improvise": "improvise"}


def tapped_for(data: Mapping[str, Any], action: Mapping[str, Any]) -> bool:
    """Whether a mana payment prompt is one the cast action answers with objects: phase.rs
    asks it with a ``convoke_mode`` and the action lists objects for some such keyword."""
    return bool(data.get("convoke_mode")) and any(action.get(k) for k in PAYMENT_KEYS.values())


class PhaseCasting:
    """The cast-time prompt answers of one session."""

    def __init__(self, session: SessionView) -> None:
        self.s = session

    def answer(self, seat: int, kind: str, data: Mapping[str, Any],
               action: Mapping[str, Any]) -> Outcome | None:
        """Answer prompt ``kind``; an Outcome when phase.rs refuses the answer (the choice is
        not allowed: a mode without legal targets is an illegal target), else None."""
        try:
            return getattr(self, f"_{kind}")(seat, data, action)  # type: ignore[no-any-return]
        except ValueError as exc:
            if kind == "ModeChoice" and "unavailable" in str(exc):
                return Outcome.rejected("illegal-target", f"{exc} (phase.rs offers a mode "
                                        "only when its targets can be chosen)")
            failure = "illegal-choice" if kind == "DistributeAmong" else classify_error(str(exc))
            if failure == "illegal-action":
                failure = "cannot-pay" if kind in ("PhyrexianPayment", "PayCost") else (
                    "illegal-choice")
            return Outcome.rejected(failure, str(exc))

    def pay_by_tapping(self, seat: int, data: Mapping[str, Any], action: Mapping[str, Any]
                       ) -> Outcome | None:
        """Pay part of the total cost with the objects the action lists (``convoke``,
        ``improvise``: creatures or artifacts tapped; ``delve``: cards exiled from the
        graveyard), one phase.rs ``TapForConvoke`` each (CR 702.51a, 702.126a, 702.66a). A
        creature that could pay a colored symbol pays it before generic mana (702.51a lets it
        pay either). An object phase.rs does not offer (another player's, one already used,
        one the keyword can't use) is an ``illegal-choice``; the rest of the cost is paid from
        the pool as phase.rs confirms the payment (an Outcome when refused, else None)."""
        mode = str(data.get("convoke_mode"))
        key = PAYMENT_KEYS.get(mode)
        wrong = [k for k in PAYMENT_KEYS.values() if action.get(k) and k != key]
        if key is None or wrong:
            return Outcome.rejected("illegal-choice", f"phase.rs pays this spell's cost by "
                                                      f"{mode.lower()}, not by "
                                                      f"{', '.join(wrong) or 'that'}")
        listed = [str(h) for h in action.get(key) or []]
        for index, handle in enumerate(listed):
            if self.s.game.waiting_for().get("type") != "ManaPayment":
                return Outcome.rejected("illegal-choice", f"the cost was paid before {handle} "
                                                          f"({', '.join(listed[index:])} would "
                                                          f"pay more than the {key} can)")
            oid = self.s._id(handle)
            offered = [a for a in self.s.game.actions() if a.kind == "TapForConvoke"
                       and int(a.data["object_id"]) == oid]
            if not offered:
                return Outcome.rejected("illegal-choice", f"phase.rs does not let {handle} pay "
                                                          f"for the spell by {key} now")
            colored = [a for a in offered if a.data.get("mana_type") != "Colorless"]
            self.s._apply(seat, (colored or offered)[0].to_dict())
        if self.s.game.waiting_for().get("type") == "ManaPayment":
            try:  # the rest of the cost from the pool: phase.rs's pass confirms the payment
                self.s._apply(seat, {"type": "PassPriority"})
            except ValueError as exc:
                return Outcome.rejected("cannot-pay", str(exc))
        return None

    def _act(self, seat: int, kind: str, **payload: Any) -> None:
        self.s._apply(seat, {"type": kind, "data": payload})

    def _choices(self, action: Mapping[str, Any]) -> dict[str, Any]:
        return {**self.s.choices, **dict(action.get("choices") or {})}

    def _CastingVariantChoice(self, seat: int, data: Mapping[str, Any],
                              action: Mapping[str, Any]) -> Outcome | None:
        """A split card cast as one half (its Left or Right face) or fused; and a spell cast
        under a permission (phase.rs's variants named ``...Permission``): without paying its
        mana cost when the case's alternative says so (its variant costs ``NoCost``, CR
        118.9), else normally, paying its mana cost."""
        half = action.get("half")
        alternative = str(action.get("alternative") or "").replace("-", "_")
        free = alternative == "without_paying_mana_cost"
        obj = self.s.game.object(int(data.get("object_id", -1))) or {}
        faces = {obj.get("name"): "Left", (obj.get("back_face") or {}).get("name"): "Right"}
        options = [(o.get("variant"), str(o.get("face")),
                    str((o.get("mana_cost") or {}).get("type")))
                   for o in data.get("options") or []]

        def kind(variant: Any) -> str:
            return next(iter(variant)) if isinstance(variant, Mapping) else str(variant)

        def grants_free(variant: Any) -> bool:
            """Whether a permission variant comes from a static ability that lets spells be
            cast without paying their mana costs (phase.rs's ``CastFromHandFree``)."""
            if not isinstance(variant, Mapping):
                return False
            source = (next(iter(variant.values())) or {}).get("source")
            granting = self.s.game.object(int(source)) if source is not None else None
            return any("CastFromHandFree" in (d.get("mode") or {})
                       for d in (granting or {}).get("static_definitions") or []
                       if isinstance(d.get("mode"), Mapping))

        def face_ok(face: str) -> bool:
            return face == faces.get(half) if half is not None else face in ("Current", "Left")

        if half == "fused":
            matches = [i for i, (variant, _f, _c) in enumerate(options)
                       if kind(variant) == "Fuse"]
        elif free:
            matches = [i for i, (variant, face, _c) in enumerate(options)
                       if grants_free(variant) and face_ok(face)]
        elif alternative:  # an alternative cost by keyword (flashback) offered as a variant
            matches = [i for i, (variant, face, _c) in enumerate(options)
                       if kind(variant).lower() == alternative.replace("_", "")
                       and face_ok(face)]
        else:
            matches = [i for i, (variant, face, _c) in enumerate(options)
                       if kind(variant) == "Normal" and face_ok(face)]
            matches += [i for i, (variant, face, _c) in enumerate(options)
                        if kind(variant).endswith("Permission") and not grants_free(variant)
                        and face_ok(face)]
        if not matches:
            shown = [(kind(v), f, c) for v, f, c in options]
            wanted = "without paying its mana cost" if free else repr(half)
            return Outcome.rejected("illegal-choice", f"phase.rs offers {shown} for this "
                                                      f"cast, not {wanted}")
        self._act(seat, "ChooseCastingVariant", index=matches[0])
        return None

    def _AlternativeCastChoice(self, seat: int, data: Mapping[str, Any],
                               action: Mapping[str, Any]) -> Outcome | None:
        keyword = str((data.get("keyword") or {}).get("type", "")).lower()
        wanted = str(action.get("alternative") or "").replace("_", "").replace("-", "")
        choice = "Alternative" if wanted and wanted == keyword else "Normal"
        if wanted and choice == "Normal":  # only a cost the spell has can be chosen (118.9)
            return Outcome.rejected("illegal-choice", f"phase.rs offers the alternative cost "
                                                      f"{keyword!r} only, not "
                                                      f"{action.get('alternative')!r}")
        self._act(seat, "ChooseAlternativeCast", choice={"type": choice})
        return None

    def _ModeChoice(self, seat: int, data: Mapping[str, Any],
                    action: Mapping[str, Any]) -> Outcome | None:
        modes = action.get("modes")
        if modes is None and action.get("mode") is not None:
            modes = [action["mode"]]
        if modes is None:
            raise Unsupported("phase.rs asks for the spell's mode; the case names none")
        self._act(seat, "SelectModes", indices=[int(m) for m in modes])
        return None

    def _DistributeAmong(self, seat: int, data: Mapping[str, Any],
                         action: Mapping[str, Any]) -> Outcome | None:
        divide = dict(action.get("divide") or {})
        targets = list(data.get("targets") or [])
        if not divide and len(targets) == 1:  # one target: no division to choose
            self._act(seat, "DistributeAmong", distribution=[[targets[0], data.get("total")]])
            return None
        if not divide:
            raise Unsupported("phase.rs asks how to divide among the targets; the case gives "
                              "no division")
        by_ref = {}
        for ref, amount in divide.items():
            by_ref[str(self.s._target(str(ref)))] = int(amount)
        self._act(seat, "DistributeAmong",
                  distribution=[[t, by_ref.get(str(t), 0)] for t in targets])
        return None

    def _PhyrexianPayment(self, seat: int, data: Mapping[str, Any],
                          action: Mapping[str, Any]) -> Outcome | None:
        answers = self._choices(action)
        shards = list(data.get("shards") or [])
        if "phyrexian_life" not in answers:  # the format's default: mana where it can (107.4f)
            ways = [str((sh.get("options") or {}).get("type", "")) for sh in shards]
            life = sum(w == "LifeOnly" for w in ways)
        else:
            life = int(answers.get("phyrexian_life", 0) or 0)
        choices = []
        for _shard in shards:  # the first ones paid with life, as asked
            choices.append({"type": "PayLife" if life > 0 else "PayMana"})
            life -= 1
        self._act(seat, "SubmitPhyrexianChoices", choices=choices)
        return None

    def _PayCost(self, seat: int, data: Mapping[str, Any],
                 action: Mapping[str, Any]) -> Outcome | None:
        kind = str((data.get("kind") or {}).get("type", ""))
        key = {"Discard": "discard", "Sacrifice": "sacrifice"}.get(kind)
        answers = self._choices(action)
        offered = [int(c) for c in data.get("choices") or []]
        if key is not None and key not in answers and len(offered) == int(data.get("count", 1)):
            # a choice with a single option needs no answer (the case format): pay with it
            self._act(seat, "SelectCards", cards=offered)
            return None
        if key is None or key not in answers:
            raise Unsupported(f"phase.rs asks for a {kind} cost; the case gives no "
                              f"choices.{key or kind.lower()}")
        wanted = answers[key]
        handles = wanted if isinstance(wanted, list) else [wanted]
        self._act(seat, "SelectCards", cards=[self.s._id(str(h)) for h in handles])
        return None
