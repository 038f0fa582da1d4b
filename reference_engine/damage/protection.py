"""Protection (CR 702.16) for permanents and players, and effects on players (CR 613.10).

Protection is a keyword ability written as data with its quality as a filter table:
``{kind = "keyword", keyword = "protection", from = {color = "red"}}``. "Protection from
creatures" is ``from = {type = "Creature"}``; a card name is a quality only when the ability says
so, ``from = {name = "Lightning Bolt"}`` (702.16a). The filter is matched against the source's
current characteristics wherever the source is, so a card-type quality covers permanents of that
type and sources of that type that aren't on the battlefield (702.16a, an exception to 109.2).

Protection means DEBT (702.16b-e): damage from such sources is prevented (a prevention effect,
ordered with others by the affected player, 616.1); the permanent can't be enchanted or equipped
by such Auras/Equipment (checked as a state-based action); it can't be blocked by such creatures;
it can't be the target of such spells or abilities from such sources.

Players get protection from static abilities that affect players,
``{kind = "static", player_effect = {type = "protection", from = {...}}, players = "you"}``
(``"you"``, ``"opponents"`` or ``"each"``). Per 613.10 these are applied in timestamp order after
every object's characteristics have been determined, so the quality is matched against the
sources' final characteristics (e.g. a creature made red by a layer-5 effect is a red source).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.context import ResolveContext, effect, target_restriction
from reference_engine.core.registry import block_restriction, query
from reference_engine.damage.events import DamageEvent, Modifier, damage_modifier, with_amount
from reference_engine.layers.filters import FilterContext, matches
from reference_engine.layers.system import compute_all, static_abilities
from reference_engine.sba.checks import state_based_action

if TYPE_CHECKING:
    from reference_engine.core.characteristics import Characteristics
    from reference_engine.core.handlers import GameView
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = [
    "player_effects",
    "player_protected_from",
    "protection_abilities",
    "protection_removes",
    "protections_of",
    "protects_from",
    "qualities_from_text",
    "quality_from_text",
    "source_has_quality",
]


_COLOR_WORDS = frozenset({"white", "blue", "black", "red", "green"})
_TYPE_PLURALS = {"artifacts": "Artifact", "creatures": "Creature", "enchantments": "Enchantment",
                 "instants": "Instant", "sorceries": "Sorcery", "planeswalkers": "Planeswalker",
                 "lands": "Land", "battles": "Battle"}
_IRREGULAR = {"elves": "Elf", "dwarves": "Dwarf", "wolves": "Wolf"}


def quality_from_text(text: str) -> dict[str, Any]:
    """The filter for a quality written in words, as in the keyword "protection from red"
    (CR 702.16a): a color, "everything", "multicolored", a plural card type (a type quality)
    or a plural subtype such as "Goblins". A card name is never read from words (702.16a)."""
    word = text.strip().casefold()
    if word in _COLOR_WORDS:
        return {"color": word}
    if word == "everything":
        return {}
    if word in ("multicolored", "monocolored", "colorless"):
        return {word: True}
    if word == "all colors":
        return {"colorless": False}
    if word in ("each opponent", "your opponents", "opponents"):
        return {"player": "opponent"}
    if word in _TYPE_PLURALS:
        return {"type": _TYPE_PLURALS[word]}
    singular = _IRREGULAR.get(word, word[:-1] if word.endswith("s") else word)
    return {"subtype": singular.capitalize()}


def qualities_from_text(text: str) -> list[dict[str, Any]]:
    """The qualities of "[keyword] from ..." in words, one per ability it stands for:
    "red and from blue" is two abilities (702.16g, 702.11f), "each color" one per color
    (702.16h, 702.11g), "each opponent" one per opponent (702.16i)."""
    out: list[dict[str, Any]] = []
    for part in text.split(" and from "):
        word = part.strip().casefold()
        if word == "each color":
            out += [{"color": c} for c in ("white", "blue", "black", "red", "green")]
        else:
            out.append(quality_from_text(word))
    return out


def protection_abilities(chars: Characteristics) -> list[tuple[Mapping[str, Any],
                                                                 Mapping[str, Any]]]:
    """Each protection ability of an object (CR 702.16a) as (quality, ability): abilities
    written as data ``{keyword = "protection", from = {...}}`` (``from`` a list: one ability per
    entry, 702.16g) and keywords written "protection from <quality>" (as granted by other
    effects)."""
    found: list[tuple[Mapping[str, Any], Mapping[str, Any]]] = []
    for a in chars.abilities:
        if (a.get("kind") == "keyword"
                and str(a.get("keyword", "")).casefold() == "protection" and "from" in a):
            quality = a["from"]
            for q in quality if isinstance(quality, list) else [quality]:
                found.append((dict(q), a))
    for kw in sorted(chars.keywords):
        if kw.startswith("protection from "):
            found += [(q, {}) for q in qualities_from_text(kw[len("protection from "):])]
    return found


def protections_of(chars: Characteristics) -> list[Mapping[str, Any]]:
    """The qualities an object has protection from (CR 702.16a), as filter tables."""
    return [q for q, _ in protection_abilities(chars)]


def source_has_quality(state: GameState, source: GameObject, quality: Mapping[str, Any],
                       holder_controller: str | None,
                       chars: Mapping[int, Characteristics] | None = None) -> bool:
    """Whether ``source`` has ``quality`` (702.16a: matched in any zone; ``you`` and
    "opponent" are read from the holder's controller, so ``{player = "opponent"}`` is
    protection from each opponent, 702.16i, 702.16k)."""
    if chars is None:
        chars = compute_all(state)
    if source.id not in chars:
        return False
    fctx = FilterContext(you=holder_controller, chars_of=chars.__getitem__)
    return matches(state, source, quality, ctx=fctx, chars=chars[source.id])


def _source_has(state: GameState, source: GameObject, quality: Mapping[str, Any],
                holder_controller: str | None,
                chars: Mapping[int, Characteristics]) -> bool:
    """Whether ``source`` has ``quality`` (702.16a: matched in any zone)."""
    return source_has_quality(state, source, quality, holder_controller, chars)


def protects_from(state: GameState, holder: GameObject, source: GameObject) -> bool:
    """Whether ``holder`` has protection from a quality ``source`` has."""
    chars = compute_all(state)
    if holder.id not in chars or source.id not in chars:
        return False
    return any(_source_has(state, source, q, holder.controller, chars)
               for q in protections_of(chars[holder.id]))


def player_effects(state: GameState, player: str) -> list[Mapping[str, Any]]:
    """Continuous effects on ``player`` in timestamp order (CR 613.10), each an effect table,
    worked out after all objects' characteristics."""
    chars = compute_all(state)
    found: list[tuple[int, Mapping[str, Any]]] = []
    for src, ability in static_abilities(state, chars):
        eff = ability.get("player_effect")
        if not isinstance(eff, Mapping):
            continue
        who = ability.get("players", "you")
        affected = (who == "each" or (who == "you" and player == src.controller)
                    or (who == "opponents" and player != src.controller))
        if affected:
            found.append((src.timestamp, eff))
    for eff in state.extra.get("player_effects", []):
        if eff.get("player") == player and eff.get("turn", state.turn) == state.turn:
            found.append((int(eff.get("timestamp", 0)), eff))
    return [e for _, e in sorted(found, key=lambda t: t[0])]


def player_protected_from(state: GameState, player: str, source: GameObject) -> bool:
    """Whether ``player`` has protection from a quality of ``source`` (CR 702.16, 613.10)."""
    chars = compute_all(state)
    if source.id not in chars:
        return False
    return any(_source_has(state, source, dict(e.get("from", {})), player, chars)
               for e in player_effects(state, player) if e.get("type") == "protection")


# -- D: damage ----------------------------------------------------------------------------------

@damage_modifier
def _protection_prevents(state: GameState, event: DamageEvent) -> list[Modifier]:
    """702.16e: damage from a source with the quality is prevented."""
    source = state.objects.get(event.source)
    if source is None:
        return []
    if event.target_player is not None:
        protected = player_protected_from(state, event.target_player, source)
        key = event.target_player
    else:
        holder = state.objects.get(event.target_object or -1)
        protected = holder is not None and protects_from(state, holder, source)
        key = holder.name_for_log if holder is not None else str(event.target_object)
    if not protected:
        return []
    return [Modifier(id=f"protection:{key}", kind="prevention",
                     apply=lambda e: with_amount(e, 0))]


# -- E: enchanting / equipping --------------------------------------------------------------------

def _note_beginnings(state: GameState, chars: Mapping[int, Characteristics]) -> None:
    """702.16p: remember what is attached to each creature as a protection that spares
    "permanents already attached" begins to apply (the first time it is seen)."""
    started: dict[str, list[int]] = state.extra.setdefault("protection_began_with", {})
    for holder in state.battlefield():
        if holder.id not in chars:
            continue
        for _, ability in protection_abilities(chars[holder.id]):
            key = f"{ability.get('granted_by')}:{holder.id}"
            if ability.get("doesnt_remove") == "attached" and key not in started:
                started[key] = [o.id for o in state.battlefield() if o.attached_to == holder.id]


def protection_removes(state: GameState, host: GameObject, attached: GameObject,
                       chars: Mapping[int, Characteristics] | None = None) -> bool:
    """Whether a protection of ``host`` stops ``attached`` from being attached to it
    (702.16c-d): one from a quality ``attached`` has whose effect doesn't spare it (702.16n-p)."""
    chars = chars if chars is not None else compute_all(state)
    if host.id not in chars or attached.id not in chars:
        return False
    _note_beginnings(state, chars)
    return any(_source_has(state, attached, q, host.controller, chars)
               and not _spares(state, ability, host, attached, chars)
               for q, ability in protection_abilities(chars[host.id]))


@state_based_action(cr="704.5m")
def _protection_unattaches(state: GameState) -> bool:
    """Check 704.5m/704.5n with 702.16c-d: an Aura or Equipment with a quality the permanent
    it's attached to has protection from becomes unattached (an Aura goes to the graveyard),
    unless every such protection ability says it doesn't remove it (702.16n-p)."""
    did = False
    chars = compute_all(state)
    for obj in state.battlefield():
        if obj.attached_to is None:
            continue
        host = state.objects.get(obj.attached_to)
        if host is None or not protection_removes(state, host, obj, chars):
            continue
        if chars[obj.id].has_subtype("Aura"):
            state.move(obj, "graveyard")
        else:
            obj.attached_to = None
        did = True
    return did


def _spares(state: GameState, ability: Mapping[str, Any], host: GameObject,
            attached: GameObject, chars: Mapping[int, Characteristics]) -> bool:
    """702.16n-p: a protection ability granted with "this effect doesn't remove ..." leaves
    that permanent attached: ``doesnt_remove = "self"`` the permanent granting it, ``"auras"``
    every Aura, ``"attached"`` whatever was attached to the creature when the effect began to
    apply (Benevolent Blessing), remembered the first time the effect is seen."""
    what = ability.get("doesnt_remove")
    granter = ability.get("granted_by")
    spared = ability.get("spared")
    if isinstance(spared, Mapping):
        source = state.objects.get(int(granter)) if isinstance(granter, int) else None
        fctx = FilterContext(you=source.controller if source is not None else None,
                             source=granter if isinstance(granter, int) else None,
                             chars_of=chars.__getitem__)
        if not matches(state, attached, dict(spared), ctx=fctx, chars=chars[attached.id]):
            return False
    if what == "self":
        return attached.id == granter
    if what == "auras":
        return chars[attached.id].has_subtype("Aura")
    if what == "attached":
        started: dict[str, list[int]] = state.extra.get("protection_began_with", {})
        return attached.id in started.get(f"{granter}:{host.id}", [])
    return False


# -- B: blocking ----------------------------------------------------------------------------------

@block_restriction(cr="702.16f")
def _protection_blocks(state: GameState, blocker: GameObject, attacker: GameObject) -> str | None:
    """702.16f: a creature with protection can't be blocked by creatures with the quality."""
    if protects_from(state, attacker, blocker):
        return (f"{attacker.name_for_log} has protection from a quality of "
                f"{blocker.name_for_log} (CR 702.16f)")
    return None


# -- T: targeting ---------------------------------------------------------------------------------

@target_restriction(cr="702.16b")
def _protection_targets(state: GameState, obj: GameObject, slot: Mapping[str, Any],
                        ref: Mapping[str, Any]) -> bool:
    """702.16b: a permanent or player with protection can't be the target of spells with the
    quality or abilities from a source with it. Only a permanent has it: protection is a
    static ability of a permanent, so a card or spell with it can be targeted anywhere but on
    the battlefield (113.6; a blue Counterspell can target Great Sable Stag on the stack)."""
    source = obj
    if obj.source_id is not None and obj.source_id in state.objects:
        source = state.objects[obj.source_id]
    if "player" in ref:
        return player_protected_from(state, str(ref["player"]), source)
    target = state.objects.get(int(ref.get("object", -1)))
    return (target is not None and target.zone == "battlefield"
            and protects_from(state, target, source))


@effect("player_effect")
def _player_effect(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Give players a continuous effect such as ``{type = "protection", from = {...}}`` until
    end of turn (CR 611.2, 613.10); ``player`` is "controller", "each_opponent" or a slot."""
    who = p.get("player", "controller")
    refs = ctx.refs({"target": who})
    for ref in refs:
        if "player" in ref:
            ctx.state.extra.setdefault("player_effects", []).append({
                **dict(p.get("effect", {})), "player": ref["player"], "turn": ctx.state.turn,
                "timestamp": ctx.state.new_timestamp()})
    ctx.state.changed()


# -- queries --------------------------------------------------------------------------------------

@query("protected_from")
def _q_protected_from(game: GameView, q: Mapping[str, Any]) -> bool:
    """Whether ``object`` (or ``player``) has protection from ``source`` (CR 702.16)."""
    source = game.object(q.get("source"), field="source")
    if q.get("player") is not None:
        return player_protected_from(game.state, game.player(q.get("player")), source)
    return protects_from(game.state, game.object(q.get("object")), source)


@query("player_effects")
def _q_player_effects(game: GameView, q: Mapping[str, Any]) -> list[str]:
    """The types of the continuous effects on ``player``, in the order they apply (613.10)."""
    return [str(e.get("type")) for e in player_effects(game.state, game.player(q.get("player")))]
