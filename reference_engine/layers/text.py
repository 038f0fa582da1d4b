"""Text-changing effects (CR 612, layer 3 of 613.1c).

A text-changing effect replaces one word of an object's text with another, but only where the
word is used in its rules meaning (612.2): a color word used as a color, a basic land type or a
creature type used as a subtype. Operation ``change_text {from, to}`` does this in layer 3 to
the object's abilities written as data (filters' ``color``, ``not_color`` and ``subtype`` keys,
operations' and tokens' ``colors`` and ``subtypes``, protection's quality, ...) and to its type
line (its subtypes, 612.1). It never touches a name, which is not used as a subtype (612.2),
while a token's name made from its creature types follows them (612.2a, 111.4). Abilities an
effect grants are added in layer 6, after the text is changed, so they keep their words
(612.3); a token's text and subtypes can be changed like a card's (612.4).

Resolution effect ``change_text {target, words, not_to}`` (Mind Bend, Sleight of Mind,
Artificial Evolution) creates such an effect, lasting indefinitely, from the choice
``text_change = {from = "black", to = "red"}`` made as it resolves (608.2d): ``words`` lists
the kinds of word the card lets its controller change (``color``, ``basic_land_type``,
``creature_type``), and both words must be of one of those kinds, the same kind; ``not_to``
lists words the new one can't be (Artificial Evolution's Wall).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from reference_engine.core.characteristics import SUBTYPE_OWNERS, Characteristics
from reference_engine.core.choices import choose
from reference_engine.core.context import ResolveContext, effect, objects_of
from reference_engine.core.continuous import ContinuousEffect
from reference_engine.core.errors import RulesViolation, SetupError
from reference_engine.layers.effects import LayerContext, operation

__all__ = ["WORD_KINDS", "word_kind"]

_COLORS = ("white", "blue", "black", "red", "green")
_BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")
#: The kinds of word a text-changing effect may change (CR 612.2).
WORD_KINDS = ("color", "basic_land_type", "creature_type")
#: Keys of ability data whose values are color words, and those whose values are subtypes.
_COLOR_KEYS = frozenset({"color", "not_color", "colors"})
_SUBTYPE_KEYS = frozenset({"subtype", "subtypes", "not_subtype"})


def word_kind(word: str) -> str | None:
    """The kind of rules word ``word`` is: a color word, a basic land type or a creature type
    (a capitalized subtype that belongs to no other card type, 205.3m); None otherwise."""
    if word.casefold() in _COLORS:
        return "color"
    if word in _BASIC_LAND_TYPES:
        return "basic_land_type"
    if word[:1].isupper() and word not in SUBTYPE_OWNERS and " " not in word:
        return "creature_type"
    return None


def _rewrite(value: Any, key: str | None, old: str, new: str, color: bool) -> Any:
    """``value`` with ``old`` replaced by ``new`` wherever it is used as a rules word."""
    if isinstance(value, Mapping):
        return {k: _rewrite(v, str(k), old, new, color) for k, v in value.items()}
    if isinstance(value, list):
        return [_rewrite(v, key, old, new, color) for v in value]
    if isinstance(value, str):
        if color and key in _COLOR_KEYS and value.casefold() == old.casefold():
            return new.casefold()
        if not color and key in _SUBTYPE_KEYS and value == old:
            return new
    return value


@operation("change_text", "3", params={
    "from": "str!: the word replaced (a color word, a basic land type or a creature type)",
    "to": "str!: the word put in its place"},
    cr=("612.1", "612.2", "612.2a", "612.3", "612.4"),
    example='Mind Bend: {type = "change_text", from = "Forest", to = "Island"}')
def _change_text(chars: Characteristics, params: Mapping[str, Any], ctx: LayerContext) -> None:
    """Replace every instance of one rules word in the object's text with another: in its
    abilities where the word is used as a color or a subtype, and in its type line; never in
    its name (CR 612.1, 612.2)."""
    old, new = str(params["from"]), str(params["to"])
    color = word_kind(old) == "color"
    chars.abilities = tuple(_rewrite(dict(a), None, old, new, color) for a in chars.abilities)
    if not color:
        chars.subtypes = tuple(dict.fromkeys(new if t == old else t for t in chars.subtypes))


@effect("change_text", params={
    "target": "ref: the objects whose text changes",
    "words": "words: the kinds of word that may be changed: color, basic_land_type, "
             "creature_type",
    "not_to": "words: words the new one can't be (\"The new creature type can't be Wall\")"},
    cr=("612.1", "612.2", "608.2d"),
    example='Sleight of Mind: {type = "change_text", target = "t", words = ["color"]}')
def _change_text_effect(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Change the text of each target by replacing all instances of one word with another, the
    words chosen as it resolves (choice ``text_change = {from, to}``); the effect lasts
    indefinitely (CR 612.1, 611.2a)."""
    kinds = [str(w) for w in p.get("words", WORD_KINDS)]
    for kind in kinds:
        if kind not in WORD_KINDS:
            raise SetupError(f"change_text: unknown kind of word {kind!r} "
                             f"(one of {', '.join(WORD_KINDS)})")
    answer = choose(ctx.state, "text_change")
    if not isinstance(answer, Mapping) or "from" not in answer or "to" not in answer:
        raise SetupError("choice 'text_change' must be a table {from = word, to = word}")
    old, new = str(answer["from"]), str(answer["to"])
    old_kind = word_kind(old)
    if old_kind not in kinds or word_kind(new) != old_kind or old == new:
        raise RulesViolation("illegal-choice", f"text_change: {old!r} to {new!r} is not one "
                             f"{' or '.join(kinds)} word for another (CR 612.2)")
    if new in [str(w) for w in p.get("not_to", [])]:
        raise RulesViolation("illegal-choice", f"text_change: the new word can't be {new!r}")
    affected = [o.id for o in objects_of(ctx, ctx.refs(p))]
    if not affected:
        return
    ctx.state.effects.append(ContinuousEffect(
        op={"type": "change_text", "from": old, "to": new},
        timestamp=ctx.state.new_timestamp(), affected=affected, source=ctx.source_id,
        controller=ctx.controller, duration="permanent"))
    ctx.state.changed()
