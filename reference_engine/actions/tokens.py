"""Keyword actions that create tokens: investigate (701.16), populate (701.36), amass (701.47),
incubate (701.53).

* ``investigate {amount = 1}``: create a Clue token, a colorless Clue artifact token with
  "{2}, Sacrifice this token: Draw a card." (701.16a, 111.10f).
* ``populate {}``: create a token that's a copy of a creature token you control (choice
  ``populate`` among them); with none, nothing is created (701.36a-b).
* ``amass {subtype, amount}``: if you control no Army creature, create a 0/0 black
  [subtype] Army creature token; then put ``amount`` +1/+1 counters on an Army creature you
  control (choice ``amass``) and it becomes a [subtype] in addition to its other types
  (701.47a). The Army chosen is remembered as ``amassed`` (701.47c).
* ``incubate {amount}``: create an Incubator token (the double-faced token of 111.10i: an
  Incubator artifact with "{2}: Transform this token.", whose back face is the 0/0 Phyrexian
  artifact creature Phyrexian Token) that enters with N +1/+1 counters (701.53a-b).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from reference_engine.core.choices import choose
from reference_engine.core.context import ResolveContext, effect
from reference_engine.damage.counter_replacements import put_counters
from reference_engine.layers.effects import ContinuousEffect
from reference_engine.layers.system import compute_all
from reference_engine.layers.values import remember
from reference_engine.objects.copies import copiable_values
from reference_engine.objects.predefined_tokens import predefined_token
from reference_engine.objects.tokens import create_token, create_token_copy

__all__ = ["CLUE", "INCUBATOR"]

#: A Clue token (111.10f).
CLUE: dict[str, Any] = predefined_token("Clue")
#: An Incubator token, double-faced (111.10i, 701.53b).
INCUBATOR: dict[str, Any] = predefined_token("Incubator")


@effect("incubate", params={"amount": "amount: N, the +1/+1 counters it enters with"},
        cr=("701.53a", "701.53b", "111.10i"), example='{type = "incubate", amount = 3}')
def _incubate(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Incubate N (701.53a): create an Incubator token (701.53b, 111.10i) that enters the
    battlefield with N +1/+1 counters on it."""
    n = max(ctx.amount(p.get("amount", 0)), 0)
    create_token(ctx.state, INCUBATOR, ctx.controller, counters={"+1/+1": n})
    ctx.state.changed()


@effect("investigate", params={"amount": "amount: how many times (default 1)"},
        cr=("701.16a", "111.10f"), example='{type = "investigate"}')
def _investigate(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Investigate (701.16a): create a Clue token (111.10f) for each time."""
    for _ in range(max(ctx.amount(p.get("amount", 1)), 0)):
        create_token(ctx.state, CLUE, ctx.controller)


@effect("populate", params={}, cr=("701.36a", "701.36b"), example='{type = "populate"}')
def _populate(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Populate (701.36a): copy a creature token you control (choice ``populate``); nothing
    without one (701.36b)."""
    state = ctx.state
    chars = compute_all(state)
    tokens = {o.name_for_log: o for o in state.battlefield()
              if o.is_token and o.controller == ctx.controller
              and chars[o.id].has_type("Creature")}
    if not tokens:
        return
    label = str(choose(state, "populate", list(tokens)))
    create_token_copy(state, copiable_values(state, tokens[label]), ctx.controller)


@effect("amass", params={"subtype": "str: the Army's new subtype (\"Zombies\" is Zombie)",
                         "amount": "amount: N"},
        cr=("701.47a", "701.47b", "701.47c"),
        example='{type = "amass", subtype = "Orc", amount = 2}')
def _amass(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Amass [subtype] N (701.47a): an Army token if you control no Army creature, then N
    +1/+1 counters on an Army you control, which becomes a [subtype] too."""
    state = ctx.state
    subtype = str(p.get("subtype", "Zombie"))

    def armies() -> dict[str, Any]:
        chars = compute_all(state)
        return {o.name_for_log: o for o in state.battlefield()
                if o.controller == ctx.controller and chars[o.id].has_type("Creature")
                and chars[o.id].has_subtype("Army")}

    if not armies():
        create_token(state, {"types": ["Creature"], "subtypes": [subtype, "Army"],
                             "colors": ["black"], "power": 0, "toughness": 0},
                     ctx.controller)
    found = armies()
    if not found:
        return
    label = str(choose(state, "amass", list(found)))
    army = found[label]
    put_counters(state, army, "+1/+1", max(ctx.amount(p.get("amount", 1)), 0))
    if not compute_all(state)[army.id].has_subtype(subtype):
        # "it becomes a [subtype] in addition to its other types" (701.47a, 205.1b)
        state.effects.append(ContinuousEffect(
            op={"type": "add_types", "subtypes": [subtype]}, timestamp=state.new_timestamp(),
            affected=[army.id], source=ctx.source_id, controller=ctx.controller,
            duration="permanent"))
    remember(ctx, "amassed", [army.id])
    state.log("amassed", player=ctx.controller, object=army.id)
    state.changed()
