"""Granting keywords by family: "the same is true for ..." (CR 702.1c).

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

from collections.abc import Mapping
from typing import Any

from reference_engine.core.characteristics import in_family
from reference_engine.core.context import ResolveContext, effect
from reference_engine.layers.effects import ContinuousEffect
from reference_engine.layers.filters import FilterContext, matches
from reference_engine.layers.system import compute_all
from reference_engine.layers.values import require

__all__ = ["in_family"]


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
