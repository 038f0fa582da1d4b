"""Damage replacement and prevention written as data (CR 614, 615, 616.1).

Two kinds feed :func:`reference_engine.damage.deal_damage` through ``@damage_modifier``:

* **Static replacement abilities** of permanents (CR 614.1a), e.g. Trance Kuja's Flare Star:
  ``{kind = "replacement", event = "damage", source = {subtype = "Wizard", controller = "you"},
  recipient = "any", modify = "double"}``. ``source`` is a filter on the damage source (``you``
  is the ability's controller); ``recipient`` is ``"any"``, ``"permanent"``, ``"player"``,
  ``"you"``, ``"opponent"``, ``"self"`` (the permanent with the ability, absorb 702.64a), a
  filter table on the permanent dealt damage (``{type = "Creature", controller = "you"}``)
  or a list of these, any of which will do (Torbran's "an opponent or a permanent an opponent
  controls": ``["opponent", {controller = "opponent"}]``);
  ``modify`` is ``"double"`` (701.10g: twice the damage, still dealt by the original source),
  ``"prevent"`` (all of it), ``{prevent = n}`` ("prevent N of that damage", Urza's Armor) or
  ``{add = n}``.
* **Prevention shields** created by resolving effects (CR 615.1a), e.g. Circle of Protection:
  Red's "The next time a red source of your choice would deal damage to you this turn, prevent
  that damage": effect ``{type = "prevent_next", color = "red"}`` with the source chosen on
  resolution as choice ``source`` (609.7a: a source of that color; its handle), used up once it
  applies ("the next time", 615.7). ``prevent_next_n {target, amount}`` prevents the next N
  damage to each target (Mending Hands); ``prevent_all_damage {combat_only, sources}`` prevents
  all (combat) damage this turn (Fog, Holy Day).

When several apply to one event, the affected player (the player dealt damage, or the
controller of the permanent dealt damage) chooses the order (616.1, choice ``damage_order``: a
list of modifier ids such as ``["shield:1", "replacement:7:0"]``); after each one the rest are
checked again, so a doubling that finds no damage left no longer applies (KUJA-01, 615.1a).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from reference_engine.core.choices import choose
from reference_engine.core.context import ResolveContext, effect
from reference_engine.core.errors import RulesViolation, SetupError
from reference_engine.core.registry import query
from reference_engine.core.symbols import color_from_word
from reference_engine.damage.events import DamageEvent, Modifier, damage_modifier, with_amount
from reference_engine.layers.filters import FilterContext, matches
from reference_engine.layers.seating import has_limited_range, object_within_range, within_range
from reference_engine.layers.system import compute_all, static_abilities
from reference_engine.triggers.life import gain_life

if TYPE_CHECKING:
    from reference_engine.core.handlers import GameView
    from reference_engine.core.state import GameState

__all__ = ["SHIELDS_KEY", "add_shield"]

SHIELDS_KEY = "damage_shields"
PREVENT_ALL_KEY = "prevent_all_damage"


def _recipient_ok(state: GameState, spec: Any, event: DamageEvent, you: str,
                  self_id: int | None = None) -> bool:
    if spec in (None, "any"):
        return True
    if isinstance(spec, list):
        # Any of several recipients: "an opponent or a permanent an opponent controls"
        # (Torbran): ["opponent", {controller = "opponent"}].
        return any(_recipient_ok(state, one, event, you, self_id) for one in spec)
    if spec == "self":
        # "Damage ... to this creature" (absorb, 702.64a): the ability's own permanent.
        return self_id is not None and event.target_object == self_id
    if spec == "permanent":
        return event.target_object is not None
    if spec == "player":
        return event.target_player is not None
    if spec == "you":
        return event.target_player == you
    if spec == "opponent":
        return event.target_player is not None and event.target_player != you
    if isinstance(spec, Mapping):
        # A filter on the permanent dealt damage, e.g. {type = "Creature", controller = "you"}.
        target = state.objects.get(event.target_object or -1)
        return target is not None and matches(state, target, dict(spec),
                                              ctx=FilterContext(you=you))
    raise SetupError(f"unknown damage recipient {spec!r} "
                     "(any, permanent, player, you, opponent, self, or a filter table)")


def _modify(spec: Any) -> Any:
    if spec == "double":
        return lambda e: with_amount(e, e.amount * 2)
    if spec == "prevent":
        return lambda e: with_amount(e, 0)
    if isinstance(spec, Mapping) and "add" in spec:
        n = int(spec["add"])
        return lambda e: with_amount(e, e.amount + n)
    if isinstance(spec, Mapping) and "prevent" in spec:
        # "Prevent N of that damage" (615.1a), e.g. Urza's Armor.
        m = int(spec["prevent"])
        return lambda e: with_amount(e, e.amount - m)
    raise SetupError(f"unknown damage modification {spec!r} "
                     "(double, prevent, {add = n}, {prevent = n})")


_REDIRECT_TYPES = ("Creature", "Planeswalker", "Battle")


def _redirect(state: GameState, source: Any, chars: Mapping[int, Any], spec: Any,
              event: DamageEvent) -> Any:
    """``{redirect = "enchanted" | "equipped" | "self"}``: the damage is dealt to that
    permanent instead (a redirection effect, CR 614.9). If it is no longer on the battlefield,
    or no longer a creature, planeswalker or battle, the damage isn't redirected (None). The
    redirected event is checked again for the other effects (616.1f, 616.2)."""
    if spec in ("enchanted", "equipped"):
        new = source.attached_to
    elif spec == "self":
        new = source.id
    else:
        raise SetupError(f"unknown redirect {spec!r} (enchanted, equipped or self)")
    target = state.objects.get(new if new is not None else -1)
    if target is None or target.zone != "battlefield" or target.id == event.target_object:
        return None
    if not any(chars[target.id].has_type(t) for t in _REDIRECT_TYPES):
        return None
    return lambda e: replace(e, target_object=target.id, target_player=None)


@damage_modifier
def _static_replacements(state: GameState, event: DamageEvent) -> list[Modifier]:
    """Replacement and prevention abilities of permanents that apply to ``event`` (614.1a)."""
    chars = compute_all(state)
    source = state.objects.get(event.source)
    if source is None:
        return []
    found: list[Modifier] = []
    for obj, ability in static_abilities(state, chars, kind="replacement"):
        if ability.get("event", "damage") != "damage":
            continue
        if ability.get("combat_only") and not event.combat:
            continue
        flt = ability.get("source")
        fctx = FilterContext(you=obj.controller, source=obj.id, chars_of=chars.__getitem__)
        if flt and not matches(state, source, dict(flt), ctx=fctx, chars=chars[source.id]):
            continue
        if not _recipient_ok(state, ability.get("recipient"), event, obj.controller, obj.id):
            continue
        # By identity: two instances of one keyword expand into equal tables, and each is a
        # modifier of its own (absorb 702.64c).
        index = next(i for i, a in enumerate(chars[obj.id].abilities) if a is ability)
        mod = ability.get("modify")
        if isinstance(mod, Mapping) and "redirect" in mod:
            redirect = _redirect(state, obj, chars, mod["redirect"], event)
            if redirect is not None:
                found.append(Modifier(id=f"replacement:{obj.handle or obj.id}:{index}",
                                      kind="replacement", apply=redirect))
            continue
        kind = ("prevention" if mod == "prevent" or (isinstance(mod, Mapping) and "prevent" in mod)
                else "replacement")
        found.append(Modifier(id=f"replacement:{obj.handle or obj.id}:{index}", kind=kind,
                              apply=_modify(ability.get("modify"))))
    return found


def add_shield(state: GameState, *, player: str, source: int, label: str,
               color: str | None = None, gain_prevented: bool = False) -> dict[str, Any]:
    """Create a one-shot shield: the next damage ``source`` would deal to ``player`` this turn
    is prevented (CR 615.1a, 615.7, 615.8). With ``color`` (a color word), the shield is for a
    source of that color and checks it again as the damage would be dealt (615.9, 609.7b)."""
    shields = state.extra.setdefault(SHIELDS_KEY, [])
    shield = {"id": f"shield:{len(shields) + 1}", "player": player, "source": source,
              "label": label, "turn": state.turn, "used": False}
    if color is not None:
        shield["color"] = color
    if gain_prevented:
        shield["gain_prevented"] = True
    shields.append(shield)
    state.changed()
    return shield


@damage_modifier
def _shields(state: GameState, event: DamageEvent) -> list[Modifier]:
    """Shields that apply: same source, damage to the shielded player, this turn. A shield for
    a source of some color checks the source's colors again now: a source that is no longer
    of that color deals its damage, and the shield stays unused (CR 615.9, 609.7b). Once a
    shield has prevented one instance of damage it is used up, however much that was, so a
    later instance from the same source is dealt (615.8)."""
    found: list[Modifier] = []
    chars = None
    for shield in state.extra.get(SHIELDS_KEY, []):
        if "source" not in shield or shield["used"] or shield["turn"] != state.turn:
            continue
        if shield["source"] != event.source or shield["player"] != event.target_player:
            continue
        if "color" in shield:
            chars = chars if chars is not None else compute_all(state)
            source_chars = chars.get(event.source)
            color = color_from_word(str(shield["color"]))
            if source_chars is None or color not in source_chars.colors:
                continue

        prevented: list[int] = []

        def apply(e: DamageEvent, cell: list[int] = prevented) -> DamageEvent:
            cell.append(e.amount)
            return with_amount(e, 0)

        def consume(s: dict[str, Any] = shield, cell: list[int] = prevented) -> None:
            s["used"] = True
            if s.get("gain_prevented") and sum(cell):
                # 615.5: the rest of the effect happens right after the prevention, counting
                # the damage prevented ("you gain life equal to the damage prevented this way").
                gain_life(state, str(s["player"]), sum(cell), source=None)
            cell.clear()
        found.append(Modifier(id=str(shield["id"]), kind="prevention",
                              apply=apply, consume=consume))
    return found


def add_amount_shield(state: GameState, *, recipient: dict[str, Any], amount: int,
                      label: str) -> dict[str, Any]:
    """Create a shield that prevents the next ``amount`` damage that would be dealt to
    ``recipient`` (``{"player": name}`` or ``{"object": id}``) this turn (CR 615.7)."""
    shields = state.extra.setdefault(SHIELDS_KEY, [])
    shield = {"id": f"shield:{len(shields) + 1}", "recipient": dict(recipient),
              "remaining": amount, "label": label, "turn": state.turn, "used": False}
    shields.append(shield)
    state.changed()
    return shield


def _hits(shield: Mapping[str, Any], event: DamageEvent) -> bool:
    recipient = shield["recipient"]
    if "player" in recipient:
        return bool(recipient["player"] == event.target_player)
    return bool(recipient.get("object") == event.target_object)


@damage_modifier
def _amount_shields(state: GameState, event: DamageEvent) -> list[Modifier]:
    """"Prevent the next N damage" shields on the recipient of ``event`` (615.7)."""
    found: list[Modifier] = []
    for shield in state.extra.get(SHIELDS_KEY, []):
        if "remaining" not in shield or shield["remaining"] <= 0:
            continue
        if shield["turn"] != state.turn or not _hits(shield, event):
            continue
        prevented: list[int] = []

        def apply(e: DamageEvent, s: dict[str, Any] = shield,
                  cell: list[int] = prevented) -> DamageEvent:
            n = min(int(s["remaining"]), e.amount)
            cell.append(n)
            return with_amount(e, e.amount - n)

        def consume(s: dict[str, Any] = shield, cell: list[int] = prevented) -> None:
            s["remaining"] = int(s["remaining"]) - sum(cell)
            cell.clear()
        found.append(Modifier(id=str(shield["id"]), kind="prevention", apply=apply,
                              consume=consume))
    return found


@effect("prevent_next_n")
def _prevent_next_n(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Prevent the next ``amount`` damage that would be dealt to each target this turn
    (CR 615.7); with ``affected`` (a filter) instead of targets, to each permanent that
    matches it now (615.11)."""
    amount = ctx.amount(p.get("amount", 0))
    if "affected" in p:
        # 615.11: "each creature you control", untargeted: a shield for each permanent that
        # matches as the effect resolves, none for one that arrives later.
        chars = compute_all(ctx.state)
        fctx = FilterContext(you=ctx.controller, source=ctx.source_id,
                             chars_of=chars.__getitem__)
        for obj in ctx.state.battlefield():
            if matches(ctx.state, obj, dict(p["affected"]), ctx=fctx, chars=chars[obj.id]):
                add_amount_shield(ctx.state, recipient={"object": obj.id}, amount=amount,
                                  label=obj.name_for_log)
        return
    for ref in ctx.refs(p):
        if "player" in ref:
            who: dict[str, Any] = {"player": str(ref["player"])}
            label = str(ref["player"])
        else:
            who = {"object": int(ref["object"])}
            label = ctx.state.objects[who["object"]].name_for_log
        add_amount_shield(ctx.state, recipient=who, amount=amount, label=label)


@effect("prevent_next")
def _prevent_next(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """The next time a source of your choice (of ``color``, if given) would deal damage to you
    this turn, prevent that damage (CR 615.1a; the source is chosen now, 609.7a); with
    ``gain_prevented = true``, you then gain life equal to the damage prevented (615.5)."""
    state = ctx.state
    handle = choose(state, "source")
    obj = state.objects.get(state.handles.get(str(handle), -1))
    if obj is None:
        raise SetupError(f"choice 'source': no object {handle!r}")
    if "color" in p:
        color = color_from_word(str(p["color"]))
        if color not in compute_all(state)[obj.id].colors:
            raise RulesViolation("illegal-choice",
                                 f"{handle} is not a {color.word} source (CR 609.7a)")
    add_shield(state, player=ctx.controller, source=obj.id, label=obj.name_for_log,
               color=str(p["color"]) if "color" in p else None,
               gain_prevented=bool(p.get("gain_prevented", False)))


@damage_modifier
def _prevent_all(state: GameState, event: DamageEvent) -> list[Modifier]:
    """"Prevent all [combat] damage [that sources matching a filter] would deal this turn"
    (CR 615.1a), e.g. Fog / Holy Day; with a limited range of influence, only within the
    effect's controller's range (801.13b)."""
    found: list[Modifier] = []
    for i, eff in enumerate(state.extra.get(PREVENT_ALL_KEY, [])):
        if eff["turn"] != state.turn or (eff["combat_only"] and not event.combat):
            continue
        if not _recipient_ok(state, eff.get("recipients"), event, eff["controller"]):
            continue  # read as the damage would be dealt, so later arrivals are covered
        source = state.objects.get(event.source)
        flt = eff.get("sources")
        if flt:
            if source is None:
                continue
            fctx = FilterContext(you=eff["controller"])
            if not matches(state, source, dict(flt), ctx=fctx):
                continue
        if not _within_range(state, eff, event):
            continue
        found.append(Modifier(id=f"prevent-all:{i + 1}", kind="prevention",
                              apply=lambda e: with_amount(e, 0)))
    return found


def _within_range(state: GameState, eff: Mapping[str, Any], event: DamageEvent) -> bool:
    """Check 801.13b: with a limited range of influence, an effect preventing damage from
    the sources it names applies only to sources within its controller's range; one
    preventing damage to the recipients it names, only to recipients within it; one naming
    neither, only if both the source and the recipient are within it."""
    if not has_limited_range(state):
        return True
    you = str(eff["controller"])
    names_source, names_recipient = bool(eff.get("sources")), bool(eff.get("recipients"))
    either = not names_source and not names_recipient
    source = state.objects.get(event.source)
    if (names_source or either) and source is not None and not object_within_range(
            state, you, source):
        return False
    if names_recipient or either:
        if event.target_player is not None:
            return within_range(state, you, event.target_player)
        target = state.objects.get(event.target_object or -1)
        return target is None or object_within_range(state, you, target)
    return True


@effect("prevent_all_damage")
def _prevent_all_damage(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Prevent all damage (``combat_only``: all combat damage; ``sources``: a filter on the
    sources; ``recipients``: what is dealt it, "you", "player", "permanent" or a filter such as
    ``{type = "Creature", controller = "you"}``, judged as the damage would be dealt) that would
    be dealt this turn (CR 615.1a)."""
    ctx.state.extra.setdefault(PREVENT_ALL_KEY, []).append({
        "turn": ctx.state.turn, "combat_only": bool(p.get("combat_only", False)),
        "sources": p.get("sources"), "recipients": p.get("recipients"),
        "controller": ctx.controller})
    ctx.state.changed()


@query("shields")
def _q_shields(game: GameView, q: Mapping[str, Any]) -> list[str]:
    """Sources that ``player``'s unused prevention shields watch this turn (CR 615.7)."""
    player = game.player(q.get("player"))
    return [str(s["label"]) for s in game.state.extra.get(SHIELDS_KEY, [])
            if s.get("player") == player and not s["used"] and s["turn"] == game.state.turn]


@query("prevention_remaining")
def _q_prevention_remaining(game: GameView, q: Mapping[str, Any]) -> int:
    """How much damage "prevent the next N" shields will still prevent this turn for
    ``player`` or ``object`` (CR 615.7)."""
    state = game.state
    if q.get("player") is not None:
        who: dict[str, Any] = {"player": game.player(q.get("player"))}
    else:
        who = {"object": game.object(q.get("object")).id}
    return sum(int(s["remaining"]) for s in state.extra.get(SHIELDS_KEY, [])
               if "remaining" in s and s["recipient"] == who and s["turn"] == state.turn)
