"""Life as a cost (CR 119.4, 118.8): Withering Boon's additional cost of 3 life and Phyrexian
Scuta's kicker of 3 life are paid as the spell is cast, only with enough life. Real cards."""

from __future__ import annotations

from typing import Any

from ..family import Draft, family, obj, observe
from ..source import Source


def _params(src: Source) -> dict[str, Any]:
    return {"card": src.choice(("Withering Boon", "Phyrexian Scuta")),
            "life": src.choice((1, 2, 3, 4, 7, 20)), "kicked": src.integer(0, 2) > 0}


@family(name="life-additional-cost",
        title="Life paid as an additional cost is paid on casting, never beyond your life",
        area="casting", rulings=("LIFE-M01", "KICK-01"),
        rules=("119.4", "118.8", "601.2h", "702.33a", "704.5a"), eras=("modern",),
        features=("casting", "stack", "targets", "kicker"), params=_params, dynamic=False)
def _life(p: dict[str, Any], era: str) -> Draft:
    """3 life can be paid with 3 or more life (paying down to 0 loses the game); with less the
    cast is refused and nothing is paid. An unkicked Scuta costs no life."""
    life = p["life"]
    if p["card"] == "Withering Boon":
        setup = {"active": "bob", "life": {"alice": life},
                 "mana_pool": {"alice": "{B}{B}", "bob": "{G}{G}"},
                 "objects": [obj("boon", "Withering Boon", "hand"),
                             obj("bears", "Grizzly Bears", "hand", "bob")]}
        steps: list[dict[str, Any]] = [
            {"action": {"type": "cast", "player": "bob", "object": "bears"}},
            {"action": {"type": "pass_priority", "player": "bob"}}]
        cast: dict[str, Any] = {"action": {"type": "cast", "player": "alice", "object": "boon",
                                           "targets": ["bears"]}}
        cost = 3
    else:
        setup = {"life": {"alice": life}, "mana_pool": {"alice": "{B}{B}{B}{B}"},
                 "objects": [obj("scuta", "Phyrexian Scuta", "hand")]}
        steps = []
        cast = {"action": {"type": "cast", "player": "alice", "object": "scuta",
                           "kicked": p["kicked"]}}
        cost = 3 if p["kicked"] else 0
    if cost > life:
        cast["reject"] = "cannot-pay"
        return Draft(setup=setup, steps=[*steps, cast, observe("life", life, player="alice")])
    return Draft(setup=setup, steps=[*steps, cast, observe("life", life - cost, player="alice"),
                                     observe("lost", life == cost, player="alice")])
