"""Overload (CR 702.96): cast for its overload cost, Cyclonic Rift affects each permanent its
target describes ("nonland permanent you don't control"); cast normally, the one target."""

from __future__ import annotations

from typing import Any

from ..family import Draft, family, obj, observe
from ..source import Source

#: Permanents: whether each is a land.
_PERMANENTS = {"Grizzly Bears": False, "Sol Ring": False, "Memnite": False, "Forest": True,
               "Island": True, "Llanowar Elves": False}


def _params(src: Source) -> dict[str, Any]:
    own = [src.choice(sorted(_PERMANENTS)) for _ in range(src.integer(1, 3))]
    theirs = [src.choice(sorted(_PERMANENTS)) for _ in range(src.integer(0, 3))]
    return {"own": own, "theirs": theirs, "overload": src.integer(0, 4) > 1,
            "target": src.integer(0, len(own) + len(theirs) - 1),
            "stray_target": src.integer(0, 4) == 0}


@family(name="overload-each",
        title="Overloaded Cyclonic Rift returns each nonland permanent you don't control",
        area="casting", rulings=("OVER-02",), rules=("702.96a", "702.96b", "115.1"),
        eras=("modern",), features=("casting", "stack", "targets", "overload"),
        params=_params, dynamic=False)
def _overload(p: dict[str, Any], era: str) -> Draft:
    """Overloaded: no targets (giving one is illegal), and every nonland permanent the
    opponent controls returns to hand; Alice's own permanents and all lands stay. Cast
    normally: one target, a nonland permanent Alice doesn't control, and only it returns."""
    objects = [obj(f"o{i}", n, "battlefield") for i, n in enumerate(p["own"])]
    objects += [obj(f"t{i}", n, "battlefield", "bob") for i, n in enumerate(p["theirs"])]
    objects.append(obj("rift", "Cyclonic Rift", "hand"))
    handles = [o["handle"] for o in objects[:-1]]
    names = [*p["own"], *p["theirs"]]
    back: set[str] = set()
    steps: list[dict[str, Any]] = []
    cast: dict[str, Any] = {"type": "cast", "player": "alice", "object": "rift"}
    if p["overload"]:
        cast["alternative"] = "overload"
        if p["stray_target"]:
            steps.append({"action": {**cast, "targets": [handles[p["target"]]]},
                          "reject": "illegal-target"})
        back = {h for h, n in zip(handles, names, strict=True)
                if h.startswith("t") and not _PERMANENTS[n]}
        steps.append({"action": cast})
    else:
        target, name = handles[p["target"]], names[p["target"]]
        legal = target.startswith("t") and not _PERMANENTS[name]
        step: dict[str, Any] = {"action": {**cast, "targets": [target]}}
        if not legal:
            step["reject"] = "illegal-target"
            steps.append(step)
            return Draft(setup={"mana_pool": {"alice": "{U}{U}"}, "objects": objects},
                         steps=[*steps, observe("zone", "hand", object="rift")])
        back = {target}
        steps.append(step)
    steps.append({"action": {"type": "resolve"}})
    steps += [observe("zone", "hand" if h in back else "battlefield", object=h) for h in handles]
    pool = "{U}" * (7 if p["overload"] else 2)
    return Draft(setup={"mana_pool": {"alice": pool}, "objects": objects}, steps=steps)
