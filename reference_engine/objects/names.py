"""Names: name stickers (CR 123.6), choosing a card name (CR 201.4b, 709.4a) and effects keyed
to a chosen name ("spells with the chosen name can't be cast").

**Name stickers.** A sticker is the layer-3 operation ``name_sticker {word, position}``: it adds
``word`` after the first ``position`` words of the name as it is then (the number of words before
it when it was placed), or at the end if the name has fewer words (123.6c). Stickers and other
text-changing effects apply in timestamp order on top of the copiable values. As the object moves
from one public zone to another, its stickers keep their positions and timestamps and apply to
the new object (123.6c, an exception to 400.7).

**Choosing a card name** depends on the era (switch ``split_naming``): under the Invasion-era
rules a split card must be named with all its names ("Wax // Wane"), which stops both halves;
under the modern rules one of its names is chosen, never both (709.4a), and only that half has
the chosen name. A chosen name is kept as the list of names it stands for.

**Chosen-name effects**: the filter key ``chosen_name = "key"`` holds for an object having a name
chosen by the source for ``key``; an undefined choice matches nothing (607.5a). A static ability
``{kind = "static", rule = "cant_be_cast", filter = {...}}`` forbids casting the spells it
matches (a cast restriction, see :data:`reference_engine.registry.CAST_RESTRICTIONS`);
``rule = "cant_be_played"`` forbids playing the lands it matches
(:data:`reference_engine.registry.LAND_PLAY_RESTRICTIONS`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.characteristics import Characteristics, face_characteristics
from reference_engine.core.choices import choose
from reference_engine.core.context import ResolveContext, effect, objects_of
from reference_engine.core.errors import RulesViolation, SetupError
from reference_engine.core.objects import PUBLIC_ZONES
from reference_engine.core.ordering import in_cr_order
from reference_engine.core.registry import cast_restriction, land_play_restriction, query
from reference_engine.core.state import ZONE_CHANGE_HOOKS
from reference_engine.layers.effects import ContinuousEffect, LayerContext, operation
from reference_engine.layers.filters import FilterContext, filter_key, matches
from reference_engine.layers.system import characteristics_of, compute_all, static_abilities

if TYPE_CHECKING:
    from reference_engine.core.handlers import GameView
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["choose_card_name", "insert_word", "spell_prohibition"]


def insert_word(name: str, word: str, position: int) -> str:
    """Check 123.6c: put ``word`` after the first ``position`` words of ``name``, or at the end if
    the name has fewer words."""
    words = name.split()
    words.insert(min(max(position, 0), len(words)), word)
    return " ".join(words)


@operation("name_sticker", "3")
def _name_sticker(chars: Characteristics, params: Mapping[str, Any], ctx: LayerContext) -> None:
    """A name sticker: add its word at its position in the name (CR 123.6c, 613.1c)."""
    word = str(params.get("word", ""))
    position = params.get("position", 0)
    if not word or not isinstance(position, int):
        raise SetupError("a name sticker needs a 'word' and an integer 'position'")
    first = chars.names[0] if chars.names else ""
    chars.names = (insert_word(first, word, position), *chars.names[1:])


@effect("put_name_sticker")
def _put_name_sticker(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Put a name sticker on each target (CR 123.6): its word (``word``, else choice
    ``sticker_word``) goes where the controller chooses (choice ``sticker_position``: the number
    of words of the current name before it); it applies from now on in timestamp order. A
    player can't put a sticker on an object they don't own: nothing happens to it (123.3b)."""
    state = ctx.state
    for obj in objects_of(ctx, ctx.refs(p)):
        if obj.owner != ctx.controller:
            continue
        word = p.get("word") or choose(state, "sticker_word")
        words = characteristics_of(state, obj.id).name.split()
        position = choose(state, "sticker_position", list(range(len(words) + 1)))
        state.effects.append(ContinuousEffect(
            op={"type": "name_sticker", "word": str(word), "position": int(position)},
            timestamp=state.new_timestamp(), affected=[obj.id], source=ctx.source_id,
            controller=ctx.controller))
        state.log("name-sticker", object=obj.id, word=str(word), position=int(position))
        state.changed()


@in_cr_order(ZONE_CHANGE_HOOKS, cr="123.6c")
def _keep_stickers(state: GameState, old: GameObject, new: GameObject) -> None:
    """Check 123.6c: stickers follow an object from one public zone to another."""
    if old.zone not in PUBLIC_ZONES or new.zone not in PUBLIC_ZONES:
        return
    for sticker in state.effects:
        if (sticker.op.get("type") == "name_sticker" and isinstance(sticker.affected, list)
                and old.id in sticker.affected):
            sticker.affected = [new.id if i == old.id else i for i in sticker.affected]




#: Names of basic land cards (CR 205.4c, 305.6): a choice "other than a basic land card name"
#: is checked against these even when the card isn't in the game.
BASIC_LAND_NAMES = frozenset(
    n.casefold() for base in ("Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes")
    for n in (base, f"Snow-Covered {base}"))


def choose_card_name(state: GameState, value: Any, *, not_basic_land: bool = False,
                     nonland: bool = False) -> list[str]:
    """Check a chosen card name (CR 201.4, 201.4a-b, 201.4d) and return the names it stands
    for; a name with required characteristics is judged by the face or half it names.

    A split card (709.4a): under ``split_naming = "all-names"`` only all its names together are
    a legal choice, and they name both halves; under ``"one-name"`` exactly one of its names is
    chosen. Anything else is rejected as ``illegal-choice``.
    """
    if not isinstance(value, str) or not value.strip():
        raise RulesViolation("illegal-choice", f"{value!r} is not a card name")
    if (not_basic_land or nonland) and value.casefold() in BASIC_LAND_NAMES:
        raise RulesViolation("illegal-choice", f"{value} is a basic land card name")
    card = state.catalog.get(value)
    if card is None:
        return [value]
    # 201.4d: a double-faced card's back face name is judged by the back face alone (and
    # 201.4b a split card's half by that half).
    named = card.face_named(value) or card.front
    is_land = "Land" in named.types
    if not_basic_land and is_land and "Basic" in named.supertypes:
        raise RulesViolation("illegal-choice", f"{card.name} is a basic land card name")
    if nonland and is_land:
        raise RulesViolation("illegal-choice", f"{card.name} is a land card name")
    if not card.is_split:
        face = card.face_named(value)
        return [face.name if face is not None else card.name]
    whole = value.casefold() == card.name.casefold()
    if state.era.is_("split_naming", "all-names"):
        if not whole:
            raise RulesViolation(
                "illegal-choice",
                f"{value!r} is half of {card.name}; a split card is named by all its names")
        return [f.name for f in card.faces]
    if whole:
        raise RulesViolation(
            "illegal-choice",
            f"{card.name} has two names; choose one of them, not both (CR 709.4a)")
    face = card.face_named(value)
    return [face.name if face is not None else value]


def _chosen_names(state: GameState, source: int | None, key: Any) -> set[str]:
    obj = state.objects.get(source) if source is not None else None
    if obj is None or str(key) not in obj.choices:
        return set()  # 607.5a: an undefined choice names nothing
    out: set[str] = set()

    def walk(v: Any) -> None:
        if isinstance(v, str):
            out.add(v.casefold())
        elif isinstance(v, list | tuple):
            for x in v:
                walk(x)
    walk(obj.choices[str(key)])
    return out


@filter_key("chosen_name", characteristic=True)
def _chosen_name(state: GameState, obj: GameObject, chars: Characteristics, value: Any,
                 ctx: FilterContext) -> bool:
    """The object has a name the filter's source chose for choice ``value`` (CR 201.4b)."""
    names = _chosen_names(state, ctx.source, value)
    return any(n.casefold() in names for n in chars.names)


def spell_prohibition(state: GameState, obj: GameObject, chars: Characteristics, *,
                      rule: str = "cant_be_cast") -> str | None:
    """Why a spell with characteristics ``chars`` can't be cast (or, with ``rule =
    "cant_be_played"``, a land played), from static abilities of permanents (CR 101.2), or
    None."""
    all_chars = compute_all(state)
    for src, ability in static_abilities(state, all_chars):
        if ability.get("rule") != rule:
            continue
        fctx = FilterContext(you=src.controller, source=src.id, chars_of=all_chars.__getitem__)
        if matches(state, obj, dict(ability.get("filter", {})), ctx=fctx, chars=chars):
            what = "spells" if rule == "cant_be_cast" else "lands"
            return f"{all_chars[src.id].name} says {what} like {chars.name} can't be " + (
                "cast" if rule == "cant_be_cast" else "played")
    return None


@cast_restriction(cr="601.3")
def _cant_be_cast(state: GameState, obj: GameObject) -> str | None:
    """Check "spells with the chosen name can't be cast" and other cast prohibitions (CR 601.3:
    an effect that forbids casting wins over one that allows it, 101.2)."""
    return spell_prohibition(state, obj, characteristics_of(state, obj.id))


@land_play_restriction(cr="305.1")
def _cant_be_played(state: GameState, obj: GameObject) -> str | None:
    """Check "lands with the chosen name can't be played" (CR 305.1)."""
    return spell_prohibition(state, obj, characteristics_of(state, obj.id),
                             rule="cant_be_played")


@query("can_be_cast")
def _can_be_cast(game: GameView, q: Mapping[str, Any]) -> bool:
    """Whether an effect forbids casting the card (or split ``half``) as a spell, ignoring
    timing and costs (CR 601.2; 709.3a: only the chosen half is evaluated)."""
    obj = game.object(q.get("object"))
    if "half" in q:
        face = obj.card.face_named(str(q["half"]))
        if face is None:
            raise SetupError(f"{obj.card.name} has no half named {q['half']!r}")
        chars = face_characteristics(face)
    elif obj.card.is_split:
        raise SetupError(f"{obj.card.name} is a split card: say which 'half' would be cast")
    else:
        chars = face_characteristics(obj.card.front)
    return spell_prohibition(game.state, obj, chars) is None
