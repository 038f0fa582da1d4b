"""Granting keywords by family (CR 702.1c), and keywords that stand for other abilities.

Keywords that stand for abilities (CR 702.1, e.g. cycling 702.29a "[Cost], Discard this card:
Draw a card", affinity 702.41a "This spell costs {1} less ...") are registered with
:func:`keyword_expansion` by the module that owns their rule: a function from one keyword
ability, as data, to the abilities it means. After layer 6 (abilities, 613.1f) each object's
keyword abilities with an expansion get those abilities besides the keyword itself, however the
object got the keyword (printed, or granted as an ability table), one set per instance.


A keyword with variants or variables is a family: protection (from each quality), hexproof (and
"hexproof from"), landwalk (islandwalk, swampwalk, ...), and so on. An effect that grants a listed
keyword "and the same is true for" others grants every appropriate variant and variable of each
(702.1c): Concerted Effort gives "protection from red" and "protection from black" if creatures you
control have those.

Resolution effect ``share_keywords {keywords = [...], among = filter, affected = filter,
duration = "end-of-turn"}``: for each listed family, every variant found among the ``among``
objects is granted to the ``affected`` objects (locked in as the effect begins, CR 611.2c).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.characteristics import in_family
from reference_engine.core.context import ResolveContext, effect
from reference_engine.layers.effects import ContinuousEffect
from reference_engine.layers.filters import FilterContext, matches
from reference_engine.layers.system import compute_all, layer_rule
from reference_engine.layers.values import require

if TYPE_CHECKING:
    from reference_engine.core.characteristics import Characteristics
    from reference_engine.core.state import GameState

__all__ = ["KEYWORD_EXPANSIONS", "in_family", "keyword_expansion"]

Expansion = Callable[[Mapping[str, Any]], list[dict[str, Any]]]
#: What a keyword ability stands for, by a test on its lower-case name (so "islandcycling" and
#: "basic landcycling" can share cycling's expansion, 702.29e-f).
KEYWORD_EXPANSIONS: list[tuple[Callable[[str], bool], Expansion]] = []


def keyword_expansion(test: Callable[[str], bool]) -> Callable[[Expansion], Expansion]:
    """Register the abilities keyword abilities whose name passes ``test`` stand for."""
    def register(fn: Expansion) -> Expansion:
        KEYWORD_EXPANSIONS.append((test, fn))
        return fn
    return register


@layer_rule("6")
def _expand_keywords(state: GameState, chars: dict[int, Characteristics]) -> None:
    """CR 702.1, 613.1f: after layer 6, each keyword ability written as data that stands for
    other abilities (cycling, affinity, ...) gives its object those abilities too."""
    if not KEYWORD_EXPANSIONS:
        return
    for c in chars.values():
        extra: list[dict[str, Any]] = []
        for ability in c.abilities:
            if ability.get("kind") != "keyword":
                continue
            name = str(ability.get("keyword", "")).casefold()
            for test, expand in KEYWORD_EXPANSIONS:
                if test(name):
                    extra += expand(ability)
        if extra:
            c.abilities = c.abilities + tuple(extra)


@effect("share_keywords")
def _share_keywords(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Grant each listed keyword, with every variant found among ``among``, to ``affected``
    (CR 702.1c, 611.2c)."""
    state = ctx.state
    chars = compute_all(state)
    fctx = FilterContext(you=ctx.controller, source=ctx.source_id, chars_of=chars.__getitem__)
    among = [o for o in state.battlefield()
             if matches(state, o, dict(require(p, "among", "share_keywords")), ctx=fctx)]
    affected = [o.id for o in state.battlefield()
                if matches(state, o, dict(require(p, "affected", "share_keywords")), ctx=fctx)]
    names: list[str] = []
    abilities: list[dict[str, Any]] = []
    for family in p.get("keywords", []):
        for obj in among:
            c = chars[obj.id]
            for ability in c.abilities:
                if (ability.get("kind") == "keyword"
                        and in_family(str(ability.get("keyword")), str(family))
                        and dict(ability) not in abilities):
                    abilities.append(dict(ability))
            for kw in sorted(c.keywords):
                if in_family(kw, str(family)) and kw not in names:
                    names.append(kw)
    if not names or not affected:
        return
    state.effects.append(ContinuousEffect(
        op={"type": "add_abilities", "keywords": names, "abilities": abilities},
        timestamp=state.new_timestamp(), affected=affected, source=ctx.source_id,
        controller=ctx.controller, duration=str(p.get("duration", "end-of-turn"))))
    state.changed()
