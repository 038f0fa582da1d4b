"""Build a :class:`GameState` from a case's setup table.

The setup says who plays, whose turn and step it is, and which objects are where with which
status; it may also list continuous effects that already exist (feature ``setup-effects``).
Objects are created in the order listed, which is also their timestamp order (CR 613.7); effects
come after the objects, in the order listed. A library is listed top card first.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from reference_engine.core.cards import CardCatalog, CardDef
from reference_engine.core.characteristics import printed_characteristics
from reference_engine.core.eras import Era
from reference_engine.core.errors import SetupError
from reference_engine.core.registry import SETUP_HOOKS
from reference_engine.core.state import STEPS, GameState
from reference_engine.layers.effects import ContinuousEffect
from reference_engine.objects.predefined_tokens import PREDEFINED_TOKENS, predefined_token
from reference_engine.objects.tokens import token_card

__all__ = ["EFFECT_META_KEYS", "build_state"]

#: Keys of a setup effect that describe the effect rather than its operation.
EFFECT_META_KEYS = frozenset({"affected", "duration", "controller", "source", "condition", "note"})


def _card_for(entry: Mapping[str, Any], catalog: CardCatalog, where: str,
              naming: str = "subtypes-plus-token") -> CardDef:
    if "token" in entry:
        return token_card(entry["token"], where, naming)
    if "predefined_token" in entry:
        # A token the rules predefine (CR 111.10), as the effect creating it would make it.
        try:
            spec = predefined_token(str(entry["predefined_token"]))
        except KeyError:
            raise SetupError(f"{where}: {entry['predefined_token']!r} is not a predefined token "
                             f"(111.10); known: {', '.join(PREDEFINED_TOKENS)}") from None
        return token_card(spec, where, naming)
    name = entry.get("card")
    if not isinstance(name, str):
        raise SetupError(f"{where}: an object needs a card name or a token description")
    card = catalog.get(name)
    if card is None:
        raise SetupError(f"{where}: unknown card {name!r}")
    return card


def _setup_counters(state: GameState, card: CardDef, entry: Mapping[str, Any], zone: str, *,
                    transformed: bool) -> dict[str, int]:
    """The counters of an object the setup lists, for a permanent as if it had entered: a
    planeswalker has loyalty counters equal to its printed loyalty (CR 306.5b), a battle
    defense counters equal to its printed defense (310.4b), unless the setup lists how many
    of those counters it has (``counters = { loyalty = 0 }`` for none)."""
    counters = {str(k): int(v) for k, v in dict(entry.get("counters", {})).items()}
    if zone != "battlefield":
        return counters
    chars = printed_characteristics(card, zone=zone, transformed=transformed, cast_half=None,
                                    era=state.era)
    for kind, value, card_type in (("loyalty", chars.loyalty, "Planeswalker"),
                                   ("defense", chars.defense, "Battle")):
        if chars.has_type(card_type) and isinstance(value, int) and kind not in counters:
            counters[kind] = value
    return counters


def _player(state: GameState, name: Any, where: str) -> str:
    if name not in state.players:
        raise SetupError(f"{where}: unknown player {name!r} (players: {', '.join(state.players)})")
    return str(name)


def _add_object(state: GameState, entry: Mapping[str, Any], index: int) -> None:
    handle = entry.get("handle")
    where = f"setup.objects[{index}]" + (f" ({handle})" if handle else "")
    card = _card_for(entry, state.catalog, where, state.era.switch("token_naming"))
    owner = _player(state, entry.get("owner", state.turn_order[0]), where)
    controller = _player(state, entry.get("controller", owner), where)
    zone = str(entry.get("zone", "battlefield"))
    half: int | None = None
    if "half" in entry:
        if not card.is_split:
            raise SetupError(f"{where}: 'half' is only for split cards; {card.name} is not one")
        face = card.face_named(str(entry["half"]))
        if face is None:
            raise SetupError(f"{where}: {card.name} has no half named {entry['half']!r}")
        half = card.faces.index(face)
    elif card.is_split and zone == "stack":
        raise SetupError(f"{where}: a split card on the stack needs 'half' (CR 709.3)")
    if entry.get("copy") and zone != "stack":
        raise SetupError(f"{where}: only a spell on the stack can be a copy (CR 707.10)")
    face_up = entry.get("face", "front")
    if face_up not in ("front", "back"):
        raise SetupError(f"{where}: face must be 'front' or 'back'")
    if face_up == "back" and not (card.is_double_faced or card.is_modal_dfc):
        raise SetupError(f"{where}: only a double-faced card can have its back face up")
    sick = bool(entry.get("sick", False))
    obj = state.create_object(
        card,
        owner=owner,
        zone=zone,
        controller=controller if zone in ("battlefield", "stack") else owner,
        handle=handle,
        is_token="token" in entry or "predefined_token" in entry
        or bool(entry.get("is_token", False)),
        is_copy=bool(entry.get("copy", False)),
        tapped=bool(entry.get("tapped", False)),
        transformed=face_up == "back",
        cast_half=half,
        kicked=int(entry.get("kicked", 0)) if not isinstance(entry.get("kicked"), bool)
        else int(entry["kicked"]),
        x=entry.get("x"),
        counters=_setup_counters(state, card, entry, zone, transformed=face_up == "back"),
        damage=int(entry.get("damage", 0)),
        controlled_since=state.turn if sick else 0,
    )
    if handle is not None:
        if handle in state.handles:
            raise SetupError(f"{where}: handle {handle!r} is used twice")
        state.handles[str(handle)] = obj.id
    if "targets" in entry:
        pending = state.extra.setdefault("setup_targets", [])
        pending.append((obj.id, list(entry["targets"]), index))


def _bind_targets(state: GameState) -> None:
    """Targets of spells and abilities on the stack at setup, given as handles or player
    names, fill the target slots of the spell's ability in order (CR 601.2c), each slot as
    many as it takes (``count = n`` or ``[min, max]``: "up to two target creatures" takes two)
    before the next one."""
    from reference_engine.casting.cast import slot_capacity
    from reference_engine.resolution.stack import spell_ability

    for oid, refs, index in state.extra.pop("setup_targets", []):
        obj = state.objects[oid]
        ability = spell_ability(state, obj)
        slots = list((ability or {}).get("targets", []))
        names = [str(s.get("name", f"t{i}")) for i, s in enumerate(slots)
                 for _ in range(slot_capacity(s))]
        if len(refs) > len(names):
            where = f"setup.objects[{index}]" + (f" ({obj.handle})" if obj.handle else "")
            raise SetupError(f"{where}: {len(refs)} target(s) given but "
                             f"{obj.card.name} has {len(slots)} target slot(s) taking "
                             f"{len(names)} in all")
        for i, ref in enumerate(refs):
            slot = names[i]
            if ref in state.players:
                obj.targets.append({"slot": slot, "player": ref})
            else:
                obj.targets.append({"slot": slot, "object": state.by_handle(str(ref)).id})


def _add_effect(state: GameState, entry: Mapping[str, Any], index: int) -> None:
    where = f"setup.effects[{index}]"
    op = {k: v for k, v in entry.items() if k not in EFFECT_META_KEYS}
    affected_spec = entry.get("affected")
    affected: list[int] | Mapping[str, Any]
    if isinstance(affected_spec, list):
        affected = [state.by_handle(str(h)).id for h in affected_spec]
    elif isinstance(affected_spec, Mapping):
        affected = dict(affected_spec)
    else:
        raise SetupError(f"{where}: 'affected' must be a list of handles or a filter table")
    source = entry.get("source")
    effect = ContinuousEffect(
        op=op,
        timestamp=state.new_timestamp(),
        affected=affected,
        source=state.by_handle(str(source)).id if source else None,
        controller=_player(state, entry.get("controller", state.active_player), where),
        duration=str(entry.get("duration", "permanent")),
        condition=entry.get("condition"),
    )
    effect.layer  # noqa: B018 - raises SetupError now for an unknown effect type
    state.effects.append(effect)


def build_state(setup: Mapping[str, Any], *, catalog: CardCatalog, era: Era) -> GameState:
    """Build the game described by ``setup`` (see the case format in docs/case-format.md)."""
    players = list(setup.get("players", ["alice", "bob"]))
    state = GameState(players=players, catalog=catalog, era=era)
    state.turn = int(setup.get("turn", 2))
    state.active_player = _player(state, setup.get("active", players[0]), "setup.active")
    # Turn order starts from the active player; each player's most recent turn (CR 302.6).
    order = state.turn_order
    start = order.index(state.active_player)
    for back, name in enumerate(order[start:] + order[:start]):
        pass_turns = (len(order) - back) % len(order)
        state.players[name].last_turn_began = max(state.turn - pass_turns, 0)
    step = str(setup.get("step", "precombat-main"))
    if step not in STEPS:
        raise SetupError(f"setup.step: unknown step {step!r} (expected one of {', '.join(STEPS)})")
    state.step = step
    priority = setup.get("priority", state.active_player)
    state.priority_player = _player(state, priority, "setup.priority")
    for name, life in dict(setup.get("life", {})).items():
        state.players[_player(state, name, "setup.life")].life = int(life)
    for i, entry in enumerate(setup.get("objects", [])):
        _add_object(state, entry, i)
    for i, entry in enumerate(setup.get("effects", [])):
        _add_effect(state, entry, i)
    for hook in SETUP_HOOKS:
        hook(state, setup)
    # Targets are bound after the hooks: reading a spell's abilities computes characteristics,
    # which needs the setup's copy effects locked in first (CR 707.2).
    _bind_targets(state)
    state.changed()
    return state
