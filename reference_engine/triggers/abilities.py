"""Triggered abilities (CR 603): noticing trigger events and putting abilities on the stack.

A triggered ability is card data ``{kind = "triggered", trigger = {event = "...", ...},
effects = [...], targets = [...]}``. Events are the ``state.events`` log. When a player would
receive priority, :func:`put_triggers_on_stack` looks at the events logged since the last look,
asks each registered matcher whether a permanent's trigger condition is met (CR 603.2), and puts
the triggered abilities on the stack, the active player's first, then the others in turn order
(APNAP, CR 603.3b), so the last player's are on top. As each is put on the stack its targets
are chosen (603.3d, :mod:`reference_engine.resolution.trigger_targets`, through
:data:`PUT_ON_STACK_HOOKS`). Leaves-the-battlefield abilities look back in time (603.10a,
:mod:`reference_engine.triggers.last_known`); delayed triggered abilities (603.7) are in
:mod:`reference_engine.triggers.delayed`. An intervening "if" clause (the ability's
``condition``, CR 603.4) is checked as the event happens, here, and again as it resolves.

"Triggers an additional time" (CR 603.2d): a static ability ``{kind = "static", rule =
"triggers_additional_time", filter = {...}}`` makes each triggered ability whose source matches
``filter`` (read from the static ability's controller, "you", and source, ``other``) trigger once
more for each such ability that applies, when it triggers; each instance is a separate ability
whose choices (targets, modes) are made separately as it is put on the stack (603.3d). Echoes of
Eternity: ``filter = {colorless = true, controller = "you", other = true}``.

"You may" (CR 603.5): a triggered ability with ``optional = true`` goes on the stack whether or
not its controller means to use it, with its targets chosen as usual (603.3d); its controller
chooses as it resolves (:func:`declines_optional`): choice ``may``, ``true`` to do what it says,
``false`` to decline (it then leaves the stack doing nothing). A case that gives no answer
accepts: an unanswered ``may`` is ``true``.

With a limited range of influence an ability triggers only on an event that happens entirely
within its controller's range (CR 801.7, :func:`event_within_range`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from reference_engine.core.cards import CardDef
from reference_engine.core.errors import SetupError, unreadable
from reference_engine.core.state import shares_turns, team_of
from reference_engine.core.vocab_spec import Params, describe
from reference_engine.layers.seating import has_limited_range, object_within_range, within_range
from reference_engine.layers.system import compute_all
from reference_engine.triggers.last_known import last_known_info, trigger_sources

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import Event, GameState

__all__ = [
    "KEYWORD_TRIGGERS",
    "KEYWORD_TRIGGER_FAMILIES",
    "PUT_ON_STACK_HOOKS",
    "STATE_CHECKS",
    "TRIGGER_MATCHERS",
    "TRIGGER_SOURCES",
    "PendingTrigger",
    "ability_waiting",
    "collect_triggers",
    "declines_optional",
    "intervening_if_holds",
    "log_became_targets",
    "note_state_triggers",
    "put_triggers_on_stack",
    "trigger_matcher",
]

Matcher = Callable[["GameState", "GameObject", Mapping[str, Any], "Event"], bool]
#: Matchers by the ``trigger.event`` name they understand.
TRIGGER_MATCHERS: dict[str, Matcher] = {}
#: Triggered keyword abilities (e.g. exalted, 702.83) as ability data, by keyword: an object with
#: the keyword has the ability, however it got the keyword (printed, granted, a counter).
KEYWORD_TRIGGERS: dict[str, dict[str, Any]] = {}
#: Triggered keyword abilities with a variable (ward [cost], 702.21a): functions from an object's
#: characteristics to the triggered abilities (as data) its instances of the keyword stand for.
KEYWORD_TRIGGER_FAMILIES: list[Callable[[Any], list[dict[str, Any]]]] = []


def log_became_targets(state: GameState, obj: GameObject) -> None:
    """Log that each object or player ``obj`` (a spell, a copy or an ability on the stack)
    targets became its target (CR 115.1, 603.2; what ward, 702.21a, triggers on). An object
    targeted through several slots becomes a target once."""
    seen: list[dict[str, Any]] = []
    for ref in obj.targets:
        if not isinstance(ref, Mapping):
            continue
        key = {k: ref[k] for k in ("object", "player") if k in ref}
        if not key or key in seen:
            continue
        seen.append(key)
        state.log("becomes-target", object=obj.id, player=obj.controller,
                  target=key.get("object"), target_player=key.get("player"),
                  ability=obj.ability is not None)


def trigger_matcher(event: str, *, params: Params = None, cr: tuple[str, ...] = (),
                    example: str = "") -> Callable[[Matcher], Matcher]:
    """Register the matcher for triggers on ``event``, with the trigger table's parameters
    (besides ``event`` and ``zones``), CR numbers and an example."""
    def register(fn: Matcher) -> Matcher:
        TRIGGER_MATCHERS[event] = fn
        describe("trigger events", event, fn, params=params, cr=cr, example=example)
        return fn
    return register


@dataclass
class PendingTrigger:
    """A triggered ability waiting to be put on the stack (CR 603.3); ``source`` is negative
    for an ability with no source (the monarch's, 724.2, an exception to 113.8)."""

    source: int
    card: CardDef
    controller: str
    ability: dict[str, Any]
    event: Event
    #: How the case names the source: its handle, else its card name.
    label: str = ""
    #: How many abilities of the same source were put on the stack before it at this time.
    nth: int = 0
    #: Facts the ability carries onto the stack (e.g. a delayed trigger's remembered objects).
    extra: dict[str, Any] = field(default_factory=dict)


#: Run as each triggered ability is put on the stack, with the state, the stack object and the
#: pending trigger: e.g. choosing its targets (603.3d). A hook returns False to remove the
#: ability from the stack (no legal targets, 603.3d).
PutHook = Callable[["GameState", "GameObject", PendingTrigger], bool]
PUT_ON_STACK_HOOKS: list[PutHook] = []
#: More triggered abilities to check against each event, besides those of objects: functions
#: ``(state, event, event index in the log) -> pending triggers`` (delayed triggers, 603.7).
ExtraSource = Callable[["GameState", "Event", int], list[PendingTrigger]]
TRIGGER_SOURCES: list[ExtraSource] = []
#: Checks of the game state run before triggers are collected and after each instruction of a
#: resolving spell or ability: state triggers (603.8, :mod:`reference_engine.triggers.states`)
#: note the moment their condition holds as an event.
STATE_CHECKS: list[Callable[[GameState], None]] = []


def note_state_triggers(state: GameState) -> None:
    """Run the state checks (CR 603.8): each state trigger whose condition holds now
    triggers, unless an instance of it has not yet left the stack."""
    for check in STATE_CHECKS:
        check(state)


#: Keys of an event's details that name the players and objects the event involves (801.7).
_EVENT_PLAYERS = ("player", "defender", "target_player")
_EVENT_OBJECTS = ("object", "attacker", "source", "target_object", "defender")


def event_within_range(state: GameState, player: str, event: Event) -> bool:
    """Check 801.7: with a limited range of influence, an ability triggers only if its
    trigger event happens entirely within its controller's range: every player and object
    the event involves is within it. An object that left the battlefield is judged as it
    last was there, before the event; an object that moved elsewhere, as it is after
    (801.7a, 603.6, 603.10)."""
    if not has_limited_range(state):
        return True
    d = event.details
    if event.kind == "zone-change":
        gone = last_known_info(state, int(d["old"])) if d.get("from_zone") == "battlefield" \
            else None
        moved = gone.object if gone is not None else state.objects.get(int(d["new"]))
        return moved is None or object_within_range(state, player, moved)
    for key in _EVENT_PLAYERS:
        who = d.get(key)
        if isinstance(who, str) and who in state.players and not within_range(state, player,
                                                                                  who):
            return False
    for key in _EVENT_OBJECTS:
        oid = d.get(key)
        if isinstance(oid, bool) or not isinstance(oid, int):
            continue
        obj = state.objects.get(oid)
        if obj is None:
            info = last_known_info(state, oid)
            obj = info.object if info is not None else None
        if obj is not None and not object_within_range(state, player, obj):
            return False
    return True


def collect_triggers(state: GameState) -> None:
    """Note every trigger met by the events logged since the last call."""
    note_state_triggers(state)
    cursor = int(state.extra.get("trigger_cursor", 0))
    events = state.events[cursor:]
    state.extra["trigger_cursor"] = len(state.events)
    if not events:
        return
    pending: list[PendingTrigger] = state.extra.setdefault("pending_triggers", [])
    chars = compute_all(state)
    for index, event in enumerate(events):
        # 603.10a: leaves-the-battlefield abilities look back in time (last_known.py).
        for obj, c in trigger_sources(state, events, index, chars):
            # 113.2c: each instance of a triggered keyword triggers on its own (702.83b).
            keyword_abilities = [KEYWORD_TRIGGERS[k] for k in sorted(c.keywords)
                                 if k in KEYWORD_TRIGGERS
                                 for _ in range(keyword_instances(c.abilities, k))]
            for family in KEYWORD_TRIGGER_FAMILIES:
                keyword_abilities += family(c)
            for ability in [*c.abilities, *keyword_abilities]:
                if ability.get("kind") != "triggered":
                    continue
                spec = ability.get("trigger", {})
                # 113.6: the battlefield unless stated; an emblem's command zone (113.6p)
                if obj.zone not in spec.get("zones", obj.ability_zones):
                    continue
                matcher = TRIGGER_MATCHERS.get(str(spec.get("event")))
                if matcher is None:
                    continue
                with unreadable(f"trigger {spec.get('event')!r}", dict(spec)):
                    met = matcher(state, obj, spec, event)
                if met and not event_within_range(state, obj.controller, event):
                    continue  # 801.7: the event didn't happen entirely within range
                if met and intervening_if_holds(state, ability, obj.id, obj.controller, chars):
                    for _ in range(1 + additional_times(state, obj, c, chars)):
                        pending.append(PendingTrigger(obj.id, obj.card, obj.controller,
                                                      dict(ability), event,
                                                      label=obj.handle or obj.card.name))
        for source in TRIGGER_SOURCES:
            pending += source(state, event, cursor + index)


def keyword_instances(abilities: Any, keyword: str) -> int:
    """How many instances of ``keyword`` an object has (113.2c): one per keyword ability table,
    and at least one for a keyword it has without a table (granted by name)."""
    tables = sum(1 for a in abilities if a.get("kind") == "keyword"
                 and str(a.get("keyword", "")).casefold() == keyword)
    return max(tables, 1)


def additional_times(state: GameState, source: GameObject, source_chars: Any,
                     chars: Mapping[int, Any]) -> int:
    """How many additional times a triggered ability of ``source`` (with characteristics
    ``source_chars``: its last known ones if it left the battlefield, 603.10a) triggers
    (CR 603.2d): one for each ``triggers_additional_time`` static ability whose ``filter``
    matches the source."""
    from reference_engine.layers.filters import FilterContext, matches
    from reference_engine.layers.system import static_abilities

    extra = 0
    for src, ability in static_abilities(state, chars):
        if ability.get("rule") != "triggers_additional_time":
            continue
        fctx = FilterContext(you=src.controller, source=src.id, chars_of=chars.__getitem__)
        if matches(state, source, dict(ability.get("filter", {})), ctx=fctx,
                   chars=source_chars):
            extra += 1
    return extra


def intervening_if_holds(state: GameState, ability: Mapping[str, Any], source: int | None,
                         you: str | None, chars: Mapping[int, Any] | None = None) -> bool:
    """603.4: a triggered ability with an intervening "if" clause (its ``condition``) triggers
    only if the condition is true as the trigger event happens, and does nothing on resolution
    unless it is still true then (see :func:`reference_engine.resolution.stack.resolve_top`).
    "You" is the ability's controller, "this" its source."""
    cond = ability.get("condition")
    if cond is None:
        return True
    from reference_engine.layers.conditions import ConditionContext, holds

    if not isinstance(cond, Mapping):
        raise SetupError(f"a triggered ability's condition must be a table, not {cond!r}")
    if chars is None:
        chars = compute_all(state)
    return holds(state, cond, ConditionContext(source=source, you=you,
                                               chars_of=chars.__getitem__))


#: The choice a "you may" triggered ability asks as it resolves (603.5), and its answer when a
#: case gives none: the controller does what the ability says.
MAY_CHOICE = "may"
MAY_DEFAULT = True


def declines_optional(state: GameState, ability: Mapping[str, Any] | None) -> bool:
    """603.5: whether the controller of a resolving "you may" triggered ability (``optional =
    true``) chooses not to do what it says: the case's answer to choice ``may`` (true or
    false), else ``MAY_DEFAULT``. False for an ability that is not optional."""
    if not ability or not ability.get("optional", False):
        return False
    from reference_engine.core.choices import choose

    return not choose(state, MAY_CHOICE, [True, False], default=MAY_DEFAULT, has_default=True)


def _in_chosen_order(state: GameState, trigs: list[PendingTrigger]) -> list[PendingTrigger]:
    """603.3b: a player puts their triggered abilities on the stack in any order they choose:
    choice ``trigger_order``, the sources' handles (or card names) bottom first; without an
    answer, the order in which they triggered."""
    if len(trigs) < 2:
        return trigs
    from reference_engine.core.choices import choose

    order = choose(state, "trigger_order", None, default=None, has_default=True)
    if not order:
        return trigs

    def label(t: PendingTrigger) -> str:
        src = state.objects.get(t.source)
        return src.name_for_log if src is not None else (t.label or t.card.name)

    ranks = {str(name): i for i, name in enumerate(order)}
    return sorted(trigs, key=lambda t: ranks.get(label(t), len(ranks)))


def ability_waiting(state: GameState, source: int) -> bool:
    """Whether object ``source`` is the source of a triggered ability that has triggered but
    not yet left the stack (the exception of 704.5i-style rules such as 704.5v, 310.7): one
    waiting to be put on the stack, one on the stack, or one its events not yet looked at
    trigger (those are noted now, as they would be when the rules next look, 603.2)."""
    collect_triggers(state)
    pending: list[PendingTrigger] = state.extra.get("pending_triggers", [])
    if any(t.source == source for t in pending):
        return True
    return any(state.objects[i].source_id == source
               and (state.objects[i].ability or {}).get("kind") == "triggered"
               for i in state.zone_list("stack"))


def put_triggers_on_stack(state: GameState) -> bool:
    """Put waiting triggered abilities on the stack in APNAP order; True if any were put."""
    collect_triggers(state)
    pending: list[PendingTrigger] = state.extra.get("pending_triggers", [])
    if not pending:
        return False
    state.extra["pending_triggers"] = []
    order = state.turn_order
    start = order.index(state.active_player)
    # 800.4d: triggered abilities of a player who left the game aren't put on the stack.
    in_game = state.in_game()
    apnap = [p for p in order[start:] + order[:start] if p in in_game]
    # 805.7: under shared team turns each team puts all its players' triggers on the stack
    # together, in the order it chooses (by default its players' in seating order), the active
    # team first, then each other team in turn order.
    groups: list[list[str]] = []
    for player in apnap:
        team = [p for p in team_of(state, player) if p in in_game] if shares_turns(state) \
            else [player]
        if team not in groups:
            groups.append(team)
    seen: dict[str, int] = {}
    for group in groups:
        batch = sorted((t for t in pending if t.controller in group),
                       key=lambda t: group.index(t.controller))
        for trig in _in_chosen_order(state, batch):
            trig.nth = seen.get(trig.label, 0)
            seen[trig.label] = trig.nth + 1
            obj = state.create_object(trig.card, owner=trig.controller, zone="stack",
                                      controller=trig.controller, is_copy=True,
                                      ability=trig.ability,
                                      source_id=trig.source if trig.source >= 0 else None)
            obj.extra["trigger_event"] = trig.event
            obj.extra.update(trig.extra)
            if not all(hook(state, obj, trig) for hook in PUT_ON_STACK_HOOKS):
                state.remove(obj)
                continue
            state.log("trigger", source=trig.source, object=obj.id)
            log_became_targets(state, obj)
    state.changed()
    return True
