"""Delayed triggered abilities (CR 603.7).

The effect ``delayed_trigger {trigger = {event = ...}, effects = [...], targets = [...],
remember = ["moved", ...]}`` creates a delayed triggered ability as it resolves (603.7a), e.g.
"at the beginning of the next end step, sacrifice it":

    { type = "delayed_trigger", trigger = { event = "beginning_of_step", step = "end" },
      effects = [{ type = "sacrifice", target = "moved" }] }

* It triggers on the first matching event after it was created ("the next end step" is one
  that begins later), once only, and then it is gone (603.7b, 603.7c); with a stated duration,
  ``duration = "turn"`` ("whenever you cast a creature spell this turn"), it triggers on every
  matching event until that turn ends, and then it is gone (603.7b).
* Its controller is the player who controlled the effect that created it, its source that
  effect's source (603.7d-e); its trigger condition is checked with that source (a creature
  it refers to needn't still be there).
* ``reflexive_trigger {targets, effects}`` (CR 603.12) creates a reflexive triggered ability:
  "you may sacrifice another creature. When you do, ..." It is checked as soon as it is
  created and triggers on what happened earlier in the same resolution: written after the
  instruction it depends on, with ``if_remembered = "name"`` (it triggers only if that
  instruction did something, 608.2c) or a ``condition``. It triggers at once, once, and is put
  on the stack the next time a player would receive priority, its targets chosen then
  (603.3d, choice ``trigger_targets`` by the source's handle); it knows what the ability that
  created it remembered ("that creature's power", 608.2h).
* The objects named in ``remember`` (default: ``"moved"``, what the creating ability just
  moved, and every name the creating ability remembered) are fixed as it is created: the
  ability affects those objects even if their characteristics change, and does nothing to one
  that has left the zone it was in (603.7c, 400.7).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.context import ResolveContext, effect
from reference_engine.core.objects import GameObject
from reference_engine.triggers.abilities import TRIGGER_MATCHERS, TRIGGER_SOURCES, PendingTrigger

if TYPE_CHECKING:
    from reference_engine.core.state import Event, GameState

__all__ = ["DELAYED_KEY"]

#: Key in ``state.extra``: the delayed triggered abilities waiting to trigger.
DELAYED_KEY = "delayed_triggers"


@effect("delayed_trigger", params={
    "trigger": "trigger: when it triggers",
    "effects": "effects: what it does",
    "targets": "targets: targets by slot: a handle or player name, or a list of them",
    "remember": "any: the names of remembered objects it keeps (default all)",
    "duration": "str: \"turn\": it triggers each time until the turn ends (\"this turn\", "
                "603.7b); without it, once"},
    cr=("603.7a", "603.7b", "603.7c"),
    example='Glimpse of Nature: {type = "delayed_trigger", duration = "turn", trigger = '
            '{event = "spell_cast", player = "you", filter = {type = "Creature"}}, effects = '
            '[{type = "draw", target = "controller"}]}')
def _delayed_trigger(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Create a delayed triggered ability (CR 603.7a) that will trigger once on ``trigger``."""
    state = ctx.state
    spec = p.get("trigger")
    if not isinstance(spec, Mapping) or str(spec.get("event")) not in TRIGGER_MATCHERS:
        from reference_engine.core.errors import SetupError

        raise SetupError(f"delayed_trigger needs a trigger with a known event (known: "
                         f"{', '.join(sorted(TRIGGER_MATCHERS))}), not {spec!r}")
    memory: Mapping[str, list[int]] = ctx.obj.extra.get("remembered", {})
    names = p.get("remember", list(memory))
    source = state.objects.get(ctx.source_id)
    duration = p.get("duration")
    if duration not in (None, "turn"):
        from reference_engine.core.errors import SetupError

        raise SetupError(f"delayed_trigger: duration must be 'turn' (\"this turn\"), not "
                         f"{duration!r}")
    ability = {"kind": "triggered", "delayed": True, "trigger": dict(spec),
               "effects": [dict(e) for e in p.get("effects", [])],
               "targets": [dict(t) for t in p.get("targets", [])]}
    state.extra.setdefault(DELAYED_KEY, []).append({
        "ability": ability,
        "controller": ctx.controller,
        "source": ctx.source_id,
        "card": source.card if source is not None else ctx.obj.card,
        "label": (source.handle if source is not None and source.handle else
                  ctx.obj.card.name),
        "after": len(state.events),
        "turn": state.turn if duration == "turn" else None,
        "remembered": {str(n): list(memory.get(str(n), [])) for n in names},
    })
    state.log("delayed-trigger-created", source=ctx.source_id, controller=ctx.controller)


@effect("reflexive_trigger", params={
    "targets": "targets: its target slots, chosen as it is put on the stack (603.3d)",
    "effects": "effects: what it does"},
    cr=("603.12", "603.7"),
    example='Heart-Piercer Manticore: {type = "reflexive_trigger", if_remembered = "victim", '
            'targets = [{name = "t", kind = "any"}], effects = [{type = "damage", target = '
            '"t", amount = {power_of = "victim"}}]}')
def _reflexive_trigger(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Create a reflexive triggered ability ("when you do", CR 603.12): reached only if what
    it depends on happened earlier in this resolution (its ``if_remembered`` or
    ``condition``), it triggers at once and waits to be put on the stack."""
    state = ctx.state
    memory: Mapping[str, list[int]] = ctx.obj.extra.get("remembered", {})
    source = state.objects.get(ctx.source_id)
    ability = {"kind": "triggered", "reflexive": True,
               "trigger": {"event": "reflexive"},
               "effects": [dict(e) for e in p.get("effects", [])],
               "targets": [dict(t) for t in p.get("targets", [])]}
    event = state.log("reflexive-trigger", source=ctx.source_id, controller=ctx.controller)
    label = source.handle if source is not None and source.handle else ctx.obj.card.name
    pending: list[PendingTrigger] = state.extra.setdefault("pending_triggers", [])
    pending.append(PendingTrigger(
        ctx.source_id, source.card if source is not None else ctx.obj.card, ctx.controller,
        ability, event, label=str(label),
        extra={"remembered": {k: list(v) for k, v in memory.items()}}))


def _delayed_sources(state: GameState, event: Event, index: int) -> list[PendingTrigger]:
    """Delayed triggered abilities that trigger on ``event`` (the ``index``-th logged); each
    triggers once and is then removed (603.7c)."""
    waiting: list[dict[str, Any]] = state.extra.get(DELAYED_KEY, [])
    out: list[PendingTrigger] = []
    keep: list[dict[str, Any]] = []
    for entry in waiting:
        ability = entry["ability"]
        spec = ability["trigger"]
        matcher = TRIGGER_MATCHERS[str(spec["event"])]
        current = state.objects.get(int(entry["source"]))
        stand_in = GameObject(id=int(entry["source"]), card=entry["card"],
                              owner=entry["controller"], controller=entry["controller"],
                              zone="battlefield", timestamp=0)
        source = current if current is not None and current.controller == entry[
            "controller"] else stand_in
        if entry.get("turn") is not None and entry["turn"] != state.turn:
            continue  # 603.7b: its stated duration ("this turn") is over
        if index >= int(entry["after"]) and matcher(state, source, spec, event):
            if entry.get("turn") is not None:
                keep.append(entry)  # 603.7b: with a duration, it triggers each time
            out.append(PendingTrigger(int(entry["source"]), entry["card"],
                                      entry["controller"], dict(ability), event,
                                      label=str(entry["label"]),
                                      extra={"remembered": dict(entry["remembered"])}))
        else:
            keep.append(entry)
    if len(keep) != len(waiting):
        state.extra[DELAYED_KEY] = keep
    return out


TRIGGER_SOURCES.append(_delayed_sources)
