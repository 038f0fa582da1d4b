"""Permanents entering the battlefield and the replacement effects that modify how (CR 614.12).

Every way onto the battlefield goes through :func:`enter_battlefield`: a resolving permanent
spell (CR 608.3), an effect that puts a card onto the battlefield, a token being created
(CR 111.1). It puts the object there, applies the enters-the-battlefield replacement effects and
only then logs the ``enters`` event, so nothing sees the object before they have applied.

Which replacement effects apply is decided by looking at the permanent **as it would exist on the
battlefield** (CR 614.12): its own static abilities, continuous effects that already exist, and
the replacement effects already applied to it (616.1f). A copy effect ("enter as a copy of")
applies first (616.1c), so the permanent it becomes is what the others see.

Replacement effects are card data, ``{kind = "replacement", event = "enters", ...}``:

* on the entering permanent itself (no ``affected``, or ``affected = "self"``), e.g. "this
  enters tapped", "as this enters, choose a color";
* on another permanent, with an ``affected`` filter (``you`` is that permanent's controller),
  e.g. "creatures your opponents control enter tapped".

Instructions (one or more per replacement; ``if_kicked = true`` limits them to a permanent that
was kicked as a spell, 702.33d): ``optional_cost = {life = 2}, otherwise =
{tapped = true}`` ("as this enters, you may pay 2 life; if you don't, it enters tapped": choice
``pay``, true or false, CR 614.12, 119.4), with ``paid = {...}``, instructions applied if it
is paid (``optional_cost = {}`` is a free choice: "you may have it enter with a +1/+1
counter", unleash 702.98a); ``tapped = true``; ``gains = ["haste"]`` (it gains the keywords
for as long as it is on the battlefield, riot 702.136a); ``counters = {"+1/+1" = 2}``
(``"X"``: the X of the spell it was, CR 107.3m; ``"times_kicked"``: how many times
that spell was kicked, 702.33c; with ``if_kicked = true`` the replacement applies only to a
permanent whose spell was kicked, 702.33d);
``choose = {what = "color" | "card_name" | "number" | "creature_type", key = "color",
players = ["you", "opponent"], not_basic_land, nonland}`` (an "as enters" choice, CR 614.12,
remembered on the permanent for its linked abilities, CR 607.2);
``counters_choice = {options = ["deathtouch", "lifelink"], count = 1}`` ("enters with your
choice of ... counter", choice ``counter``, 122.1b);
``copy = {filter = {...}, optional = true, except = [ops]}`` (enter as a copy of a permanent,
CR 707.5, 614.1c).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from reference_engine.core.characteristics import (
    CREATURE_TYPES,
    Characteristics,
    printed_characteristics,
)
from reference_engine.core.choices import choose
from reference_engine.core.continuous import ContinuousEffect
from reference_engine.core.errors import RulesViolation, SetupError
from reference_engine.core.registry import query
from reference_engine.core.symbols import color_from_word
from reference_engine.damage.counter_replacements import put_counters
from reference_engine.layers.effects import LayerContext, operation
from reference_engine.layers.filters import FilterContext, matches
from reference_engine.layers.system import compute_all

if TYPE_CHECKING:
    from reference_engine.core.handlers import GameView
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["ENTER_CHOICES", "EnterReplacement", "EnteringAs", "apply_enter_replacements",
           "can_enter_transformed", "enter_battlefield", "enter_choice"]


@dataclass(frozen=True)
class EnteringAs:
    """What a resolving effect says the permanent it puts onto the battlefield "is" (layer
    operations, CR 611.2e), with that effect's source and controller."""

    ops: Sequence[Mapping[str, Any]]
    source: int | None
    controller: str


@dataclass(frozen=True)
class EnterReplacement:
    """An enters-the-battlefield replacement effect that applies to one entering permanent."""

    source: int
    index: int
    controller: str
    ability: Mapping[str, Any]

    @property
    def key(self) -> tuple[int, int, str]:
        """Identifies the effect by its source and its text, so it applies at most once
        (CR 614.5), even when an earlier replacement (a copy effect) changed the abilities."""
        return (self.source, self.index, repr(self.ability))


def can_enter_transformed(obj: GameObject) -> bool:
    """Check 712.14a: only a double-faced card or token can enter transformed (back face up): a
    transforming one, or a modal one (cast or played with its back face up, 712.12-712.13)."""
    return obj.card.is_double_faced or obj.card.is_modal_dfc


def enter_battlefield(state: GameState, obj: GameObject, *, controller: str | None = None,
                      transformed: bool = False, kicked: int = 0,
                      cast_x: int | None = None, tapped: bool = False,
                      attach_to: int | str | None = None,
                      entering_as: EnteringAs | None = None) -> GameObject | None:
    """Put ``obj`` onto the battlefield (CR 614.12) and return the permanent it becomes.

    ``entering_as``: a continuous effect of the resolving spell or ability that puts it there,
    saying the permanent "is" something (a black Zombie): it applies as the permanent enters,
    before its enters replacement effects are looked for and before anything sees it enter
    (CR 611.2e), with a timestamp later than the permanent's own (613.7n).

    Told to enter transformed, an object that isn't a transforming double-faced card or token
    doesn't enter at all and stays where it was (CR 712.14a); None is returned. A transforming
    double-faced card otherwise enters front face up (CR 712.14). An instant or sorcery card
    can't enter the battlefield: it stays in its zone and None is returned (CR 400.4a, 110.4).
    """
    if transformed and not can_enter_transformed(obj):
        state.log("enter-failed", object=obj.id, card=obj.card.name, reason="712.14a")
        return None
    if _is_instant_or_sorcery(state, obj, transformed):
        state.log("enter-failed", object=obj.id, card=obj.card.name, reason="400.4a")
        return None
    if _cant_enter(state, obj, controller or obj.owner, transformed):
        state.log("enter-failed", object=obj.id, card=obj.card.name, reason="614.17d")
        return None
    _precheck_choices(state, obj, transformed)
    if attach_to is None and _is_aura(state, obj, transformed):
        from reference_engine.objects.auras import choose_enchanted

        # 303.4f: an Aura entering other than by resolving as a spell: its controller chooses
        # what it enchants (no targeting); with nothing it could enchant, it stays put.
        attach_to = choose_enchanted(state, obj, controller or obj.owner)
        if attach_to is None:
            state.log("enter-failed", object=obj.id, card=obj.card.name, reason="303.4f")
            return None
    new = state.move(obj, "battlefield", controller=controller)
    if isinstance(attach_to, str):
        from reference_engine.objects.auras import ENCHANTED_PLAYER

        new.extra[ENCHANTED_PLAYER] = attach_to  # 702.5d: attached to a player
    else:
        new.attached_to = attach_to
    new.transformed = transformed
    new.tapped = tapped  # "put onto the battlefield tapped": it enters tapped (110.5)
    new.kicked = kicked
    new.extra["cast_x"] = cast_x
    if entering_as is not None:
        for op in entering_as.ops:
            state.effects.append(ContinuousEffect(
                op=dict(op), timestamp=state.new_timestamp(), affected=[new.id],
                source=entering_as.source, controller=entering_as.controller))
    apply_enter_replacements(state, new)
    state.log("enters", object=new.id, card=new.card.name, controller=new.controller)
    return new


def _cant_enter(state: GameState, obj: GameObject, controller: str, transformed: bool) -> bool:
    """Check 614.17d: whether a "can't enter the battlefield" rule (``{kind = "static", rule =
    "cant_enter", affected = filter}``, Grafdigger's Cage) stops ``obj``. Its characteristics
    are those it would have on the battlefield (its own static abilities and the effects that
    would apply to it there, found on a scratch copy of the game); ``zone`` and other status
    keys are read where the card is now ("creature cards in graveyards")."""
    from reference_engine.core.state import snapshot
    from reference_engine.layers.system import static_abilities

    chars = compute_all(state)
    rules = [(src, a) for src, a in static_abilities(state, chars)
             if a.get("rule") == "cant_enter"]
    if not rules:
        return False
    trial = snapshot(state)
    there = trial.move(trial.objects[obj.id], "battlefield", controller=controller)
    there.transformed = transformed
    as_there = compute_all(trial)[there.id]
    for src, ability in rules:
        flt = ability.get("affected")
        if not isinstance(flt, Mapping):
            raise SetupError("a cant_enter rule needs an 'affected' filter table")
        fctx = FilterContext(you=src.controller, source=src.id)
        if matches(state, obj, flt, ctx=fctx, chars=as_there):
            return True
    return False


def _is_instant_or_sorcery(state: GameState, obj: GameObject, transformed: bool) -> bool:
    """Whether ``obj`` is an instant or sorcery card, which can't enter the battlefield
    (CR 400.4a); a token or a card with a permanent type can."""
    if obj.is_token:
        return False
    chars = printed_characteristics(obj.card, zone="battlefield", transformed=transformed,
                                    cast_half=None, era=state.era)
    return chars.has_type("Instant") or chars.has_type("Sorcery")


def _is_aura(state: GameState, obj: GameObject, transformed: bool) -> bool:
    chars = printed_characteristics(obj.card, zone="battlefield", transformed=transformed,
                                    cast_half=None, era=state.era)
    return chars.has_subtype("Aura")


def _precheck_choices(state: GameState, obj: GameObject, transformed: bool) -> None:
    """Reject an illegal answer to the object's own "as enters" choices before it moves, so a
    rejected choice leaves the object where it was (CR 614.12)."""
    chars = printed_characteristics(obj.card, zone="battlefield", transformed=transformed,
                                    cast_half=None, era=state.era)
    for ability in chars.abilities:
        spec = ability.get("choose")
        if not _is_enters(ability) or not isinstance(spec, Mapping):
            continue
        check = ENTER_CHOICES.get(str(spec.get("what", "color")))
        key = str(spec.get("key", spec.get("what", "color")))
        for name in (key, f"{key}_opponent"):
            value = choose(state, name, spec.get("options"), default=None, has_default=True)
            if check is not None and value is not None:
                check(state, value, spec)


def _is_enters(ability: Mapping[str, Any]) -> bool:
    return ability.get("kind") == "replacement" and ability.get("event") == "enters"


def applicable_replacements(state: GameState, new: GameObject,
                            done: set[tuple[int, int, str]]) -> list[EnterReplacement]:
    """The enters replacement effects that apply to ``new`` as it would exist on the battlefield
    (CR 614.12), not counting those in ``done``, in timestamp order of their sources."""
    chars = compute_all(state)
    out: list[EnterReplacement] = []
    for i, ability in enumerate(chars[new.id].abilities):
        if _is_enters(ability) and ability.get("affected", "self") == "self" and (
                not ability.get("if_kicked") or new.kicked > 0):
            # 702.33d: "if this creature was kicked, it enters with ..." needs the kick.
            out.append(EnterReplacement(new.id, i, new.controller, ability))
    for src in state.battlefield():
        if src.id == new.id:
            continue
        for i, ability in enumerate(chars[src.id].abilities):
            flt = ability.get("affected")
            if not _is_enters(ability) or not isinstance(flt, Mapping):
                continue
            fctx = FilterContext(you=src.controller, source=src.id, chars_of=chars.__getitem__)
            if matches(state, new, flt, ctx=fctx, chars=chars[new.id]):
                out.append(EnterReplacement(src.id, i, src.controller, ability))
    return [r for r in out if r.key not in done]


def apply_enter_replacements(state: GameState, new: GameObject) -> None:
    """Apply every enters replacement effect to ``new`` one at a time (CR 616.1): a copy effect
    first (616.1c), then the others (616.1e); after each, look again at the permanent (616.1f)."""
    done: set[tuple[int, int, str]] = set()
    for _ in range(64):
        pending = applicable_replacements(state, new, done)
        if not pending:
            break
        copies = [r for r in pending if "copy" in r.ability]
        chosen = copies[0] if copies else pending[0]
        done.add(chosen.key)
        _apply(state, new, chosen)
        state.changed()
    _intrinsic_counters(state, new)


def _intrinsic_counters(state: GameState, new: GameObject) -> None:
    """Check 306.5b and 310.4b: a planeswalker enters with loyalty counters equal to its
    printed loyalty, a battle with defense counters equal to its printed defense (intrinsic
    "enters with" abilities, read from the permanent as it enters: a copy of a planeswalker
    uses the copied loyalty, 707.2)."""
    from reference_engine.objects.battles import enters_protected
    from reference_engine.objects.sagas import enters_with_lore

    chars = compute_all(state)[new.id]
    enters_with_lore(state, new, chars)  # 714.3a: a Saga enters with a lore counter
    enters_protected(state, new, chars)  # 310.8a: a battle's controller chooses its protector
    for kind, value, card_type in (("loyalty", chars.loyalty, "Planeswalker"),
                                   ("defense", chars.defense, "Battle")):
        if chars.has_type(card_type) and isinstance(value, int) and value > 0:
            put_counters(state, new, kind, value)  # 122.6: replacements apply (614.16)


def _pays_optional_cost(state: GameState, new: GameObject, rep: EnterReplacement) -> bool:
    """"As this enters, you may pay 2 life" (614.12): choice ``pay`` (true/false) by the
    permanent's controller; life can be paid only up to one's life total (119.4)."""
    cost = rep.ability["optional_cost"]
    if not isinstance(cost, Mapping) or set(cost) - {"life"}:
        raise SetupError(f"optional_cost: only {{life = N}} (or {{}}, a free choice) is "
                         f"supported, not {cost!r}")
    life = int(cost.get("life", 0))
    player = state.players[new.controller]
    answer = choose(state, str(rep.ability.get("choice", "pay")), [True, False])
    if not answer:
        return False
    if life > player.life:
        raise RulesViolation("cannot-pay", f"{new.controller} can't pay {life} life with "
                             f"{player.life} (CR 119.4)")
    player.life -= life
    state.log("life-paid", player=new.controller, amount=life, object=new.id)
    return True


def _apply(state: GameState, new: GameObject, rep: EnterReplacement) -> None:
    ability = rep.ability
    if "if_kicked" in ability and (new.kicked > 0) != bool(ability["if_kicked"]):
        return  # "if it was kicked, it enters with ..." (702.33d)
    if "optional_cost" in ability:
        # "You may have it enter with ..." (unleash 702.98a, riot 702.136a) is an optional
        # cost of nothing, whose instructions apply if it is "paid" (``paid``).
        branch = "paid" if _pays_optional_cost(state, new, rep) else "otherwise"
        then = ability.get(branch, {})
        if not isinstance(then, Mapping):
            raise SetupError(f"'{branch}' of an enters replacement must be a table")
        if then:
            _apply(state, new, EnterReplacement(rep.source, rep.index, rep.controller, then))
        return
    if "copy" in ability:
        from reference_engine.objects.copies import enter_as_copy

        enter_as_copy(state, new, ability["copy"])
    if ability.get("tapped"):
        new.tapped = True
    if ability.get("gains"):
        # "If you don't, it gains haste" (riot 702.136a): from the moment it enters, for as
        # long as it is this object (611.2c).
        state.effects.append(ContinuousEffect(
            op={"type": "add_abilities", "keywords": [str(k) for k in ability["gains"]]},
            timestamp=state.new_timestamp(), affected=[new.id], source=new.id,
            controller=new.controller, duration="permanent"))
    for name, n in dict(ability.get("counters", {})).items():
        # 107.3m: "enters with X counters" uses the X chosen for the spell it was.
        # 702.33c: "for each time it was kicked" counts the multikicker payments of that spell.
        amount = (int(new.extra.get("cast_x") or 0) if n == "X"
                  else int(new.kicked) if n == "times_kicked"
                  else _counted(state, new, rep, n) if isinstance(n, Mapping) else int(n))
        # 122.6, 614.16: counters it enters with are put on it; their replacements apply.
        put_counters(state, new, str(name), amount)
    if "counters_choice" in ability:
        _choose_counters(state, new, ability["counters_choice"])
    if "choose" in ability:
        spec = ability["choose"]
        for player in _choosers(state, rep, spec.get("players", ["you"])):
            enter_choice(state, new, spec, player, first=player == rep.controller)


def _counted(state: GameState, new: GameObject, rep: EnterReplacement,
             value: Mapping[str, Any]) -> int:
    """A counted amount of counters ("enters with a +1/+1 counter for each creature card in
    your graveyard"), counted as it enters (614.12) with "you" the replacement's controller."""
    from reference_engine.core.amounts import AmountContext, evaluate

    chars = compute_all(state)
    return max(evaluate(value, AmountContext(state=state, you=rep.controller, source=new.id,
                                             chars_of=chars.__getitem__)), 0)


def _choose_counters(state: GameState, new: GameObject, spec: Any) -> None:
    """"Enters with your choice of a deathtouch counter or a lifelink counter on it" (614.1c,
    122.1b): choice ``counter`` (``choice`` renames it), one kind of ``options``, or a list of
    ``count`` different kinds ("two different counters from among ...")."""
    if not isinstance(spec, Mapping) or not spec.get("options"):
        raise SetupError("counters_choice needs 'options', the kinds of counter to choose from")
    options = [str(o) for o in spec["options"]]
    count = int(spec.get("count", 1))
    name = str(spec.get("choice", "counter"))
    answer = choose(state, name, None, default=options[0] if len(options) == 1 else None,
                    has_default=len(options) == 1)
    kinds = [str(k) for k in answer] if isinstance(answer, list) else [str(answer)]
    if len(kinds) != count or len(set(kinds)) != count or not set(kinds) <= set(options):
        raise RulesViolation("illegal-choice", f"choose {count} different kind(s) of counter "
                             f"from {options}, not {answer!r}")
    for kind in kinds:
        put_counters(state, new, kind, int(spec.get("amount", 1)))
    state.log("choice", object=new.id, key=name, player=new.controller, value=kinds)


def _choosers(state: GameState, rep: EnterReplacement, who: Sequence[str]) -> list[str]:
    out: list[str] = []
    for w in who:
        if w == "you":
            out.append(rep.controller)
        elif w == "opponent":
            opponents = state.opponents(rep.controller)
            out.append(str(choose(state, "opponent", opponents)) if opponents else "")
        else:
            out.append(w)
    return [p for p in out if p]


def _color(state: GameState, value: Any, spec: Mapping[str, Any]) -> Any:
    try:
        return color_from_word(str(value)).word
    except ValueError:
        raise RulesViolation("illegal-choice", f"{value!r} is not a color") from None


def _number(state: GameState, value: Any, spec: Mapping[str, Any]) -> Any:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise RulesViolation("illegal-choice", f"{value!r} is not a number")
    return value


def _card_name(state: GameState, value: Any, spec: Mapping[str, Any]) -> Any:
    from reference_engine.objects.names import choose_card_name

    return choose_card_name(state, value, not_basic_land=bool(spec.get("not_basic_land")),
                            nonland=bool(spec.get("nonland")))


def _word(state: GameState, value: Any, spec: Mapping[str, Any]) -> Any:
    if not isinstance(value, str) or not value:
        raise RulesViolation("illegal-choice", f"{value!r} is not a word")
    return value


def _creature_type(state: GameState, value: Any, spec: Mapping[str, Any]) -> Any:
    """Check 205.3e: "choose a creature type" takes one existing creature type (205.3m), in
    its own spelling; two types at once ("Merfolk Wizard") or a subtype of another card type
    ("Swamp", "Equipment") is not a creature type."""
    if isinstance(value, str):
        for known in CREATURE_TYPES:
            if known.casefold() == value.strip().casefold():
                return known
    raise RulesViolation("illegal-choice", f"{value!r} is not a creature type (CR 205.3e, "
                         "205.3m)")


def _player(state: GameState, value: Any, spec: Mapping[str, Any]) -> Any:
    """"Choose a player" (True-Name Nemesis, 702.16k): one of the game's players."""
    if value not in state.players:
        raise RulesViolation("illegal-choice", f"{value!r} is not a player")
    return value


ChoiceCheck = Callable[["GameState", Any, Mapping[str, Any]], Any]
#: How each kind of choice is checked: (state, answer, spec) -> the value to remember.
ENTER_CHOICES: dict[str, ChoiceCheck] = {
    "color": _color, "number": _number, "card_name": _card_name, "creature_type": _creature_type,
    "player": _player, "word": _word,
}


def enter_choice(state: GameState, new: GameObject, spec: Mapping[str, Any], player: str, *,
                 first: bool) -> None:
    """Make an "as enters" choice (CR 614.12) and remember it on the permanent (CR 607.2).

    The case answers with choice ``key`` for the permanent's controller and ``key + "_opponent"``
    for an opponent; each player's answer is appended, so a choice made by two players is a list.
    """
    what = str(spec.get("what", "color"))
    check = ENTER_CHOICES.get(what)
    if check is None:
        raise SetupError(f"unknown 'as enters' choice {what!r} (known: {sorted(ENTER_CHOICES)})")
    key = str(spec.get("key", what))
    answer_name = key if first else f"{key}_opponent"
    value = check(state, choose(state, answer_name, spec.get("options")), spec)
    if spec.get("players", ["you"]) == ["you"]:
        new.choices[key] = value
    else:
        new.choices.setdefault(key, []).append(value)
    state.log("choice", object=new.id, key=key, player=player, value=value)


@query("chosen")
def _chosen(game: GameView, q: Mapping[str, Any]) -> Any:
    """The value an object remembers for choice ``choice`` (CR 607.2), or null when no such
    choice was made for this object (an undefined choice, CR 607.5a)."""
    return game.object(q.get("object")).choices.get(str(q.get("choice")))


@operation("add_chosen_color", "5")
def _add_chosen_color(chars: Characteristics, params: Mapping[str, Any],
                      ctx: LayerContext) -> None:
    """The object is the color its source chose for ``key`` in addition to its other colors
    (CR 105.3, 607.2); nothing when no such choice was made (an undefined choice, CR 607.5a)."""
    source = ctx.state.objects.get(ctx.effect.source) if ctx.effect.source is not None else None
    value = source.choices.get(str(params.get("key", "color"))) if source is not None else None
    if value is None:
        return
    chars.colors = chars.colors | {color_from_word(str(value))}
