"""Class levels (CR 716): a designation a permanent can have, gained through class level bars.

A class level bar "[Cost]: Level N — [Abilities]" is two abilities (716.2a), written as data:

* the activated ability ``{kind = "activated", cost = {...}, class_level = N, timing =
  "sorcery", effects = [{type = "class_level", level = N}]}``: it can be activated only while
  the Class is level N-1 (checked by the activation rules) and, as it resolves, the Class's
  level becomes N;
* a static (or triggered) ability with the condition ``{amount = {of = {class_level = "self"},
  at_least = N}}``: "as long as this Class is level N or greater, it has [abilities]".

The level is a designation of the permanent, not a copiable value, and it stays if the
permanent stops being a Class (716.2b); a permanent without one is level 1 (716.2d). It has
nothing to do with level counters (716.4, 711.7). Becoming a level logs ``class-level`` (trigger
event ``class_level_gained {level}``: "when this Class becomes level N").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.amounts import AmountContext, amount
from reference_engine.core.context import ResolveContext, effect
from reference_engine.triggers.abilities import trigger_matcher

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import Event, GameState

__all__ = ["CLASS_LEVEL", "class_level_of"]

#: Where a permanent keeps its level (716.2b).
CLASS_LEVEL = "class_level"


def class_level_of(obj: GameObject) -> int:
    """The permanent's level: 1 if it has none (716.2d)."""
    return int(obj.extra.get(CLASS_LEVEL, 1))


@effect("class_level", params={"level": "int!: the level the source becomes"},
        cr=("716.2a",), example='{type = "class_level", level = 2}')
def _class_level(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """"This Class's level becomes N" (716.2a): the source, if it is still on the
    battlefield, becomes level N."""
    source = ctx.state.objects.get(ctx.source_id)
    if source is None or source.zone != "battlefield":
        return
    level = int(p.get("level", 1))
    source.extra[CLASS_LEVEL] = level
    ctx.state.log("class-level", object=source.id, card=source.card.name, level=level)
    ctx.state.changed()


@amount("class_level", arg="str", cr=("716.2a", "716.2d"),
        example='as long as this Class is level 2 or greater: {amount = {of = {class_level = '
                '"self"}, at_least = 2}}')
def _level_amount(ctx: AmountContext, arg: Any) -> int:
    """The level of an object ("self" by default): 1 if it has none (716.2d)."""
    ids = ctx.objects(arg)
    obj = ctx.state.objects.get(ids[0]) if ids else None
    return class_level_of(obj) if obj is not None else 1


@trigger_matcher("class_level_gained", params={"level": "int: the level it becomes"},
                 cr=("716.2a",), example='{event = "class_level_gained", level = 2}')
def _gained(state: GameState, obj: GameObject, spec: Mapping[str, Any], event: Event) -> bool:
    """"When this Class becomes level N" (716.2a)."""
    return (event.kind == "class-level" and event.details.get("object") == obj.id
            and spec.get("level") in (None, event.details.get("level")))
