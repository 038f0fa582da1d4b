"""Modal spells (CR 700.2): exactly as many modes as the spell says; a mode chosen twice only
if the spell allows it (700.2d), each instance with its own target. Real cards."""

from __future__ import annotations

from typing import Any

from ..family import Draft, family, obj, observe
from ..source import Source

#: Permanents for Austere Command: (card, is an artifact, is an enchantment, creature mana value
#: or None).
_PERMANENTS = {"Sol Ring": (True, False, None), "Memnite": (True, False, 0),
               "Glorious Anthem": (False, True, None), "Grizzly Bears": (False, False, 2),
               "Colossal Dreadmaw": (False, False, 6), "Hill Giant": (False, False, 4)}
_CREATURES = ("Grizzly Bears", "Hill Giant", "Llanowar Elves")


def _params(src: Source) -> dict[str, Any]:
    if src.boolean():
        return {"card": "Austere Command",
                "modes": [src.integer(0, 3) for _ in range(src.choice((1, 2, 2, 2, 3)))],
                "permanents": [src.choice(sorted(_PERMANENTS)) for _ in range(src.integer(1, 4))]}
    creatures = [src.choice(_CREATURES) for _ in range(src.integer(1, 3))]
    modes = [src.integer(1, 2) for _ in range(src.choice((2, 3, 3, 3)))]
    return {"card": "Mystic Confluence", "modes": modes, "creatures": creatures,
            "targets": [src.integer(0, len(creatures) - 1) for m in modes if m == 1]}


def _destroyed(name: str, mode: int) -> bool:
    artifact, enchantment, mv = _PERMANENTS[name]
    return [artifact, enchantment, mv is not None and mv <= 3,
            mv is not None and mv >= 4][mode]


@family(name="modal-choices",
        title="Each chosen mode happens, as many as the spell says, repeated only if allowed",
        area="casting", rulings=("MODAL-M01",), rules=("700.2", "700.2a", "700.2d", "115.3"),
        eras=("modern",), features=("casting", "stack", "targets"), params=_params,
        dynamic=False)
def _modes(p: dict[str, Any], era: str) -> Draft:
    """Austere Command: choose two different modes, or the cast is refused; each chosen mode
    destroys what it names. Mystic Confluence: choose three, repeats allowed; each "return
    target creature" instance returns its own target (possibly the same creature), each
    "draw a card" draws."""
    modes = p["modes"]
    if p["card"] == "Austere Command":
        objects = [obj(f"p{i}", n, "battlefield", "bob") for i, n in enumerate(p["permanents"])]
        objects.append(obj("spell", "Austere Command", "hand"))
        setup = {"mana_pool": {"alice": "{W}" * 6}, "objects": objects}
        cast: dict[str, Any] = {"action": {"type": "cast", "player": "alice", "object": "spell",
                                           "modes": modes}}
        if len(modes) != 2 or len(set(modes)) != 2:
            cast["reject"] = "illegal-choice"
            return Draft(setup=setup, steps=[cast, observe("zone", "hand", object="spell")])
        steps = [cast, {"action": {"type": "resolve"}}]
        steps += [observe("zone", "graveyard" if any(_destroyed(n, m) for m in modes)
                          else "battlefield", object=f"p{i}")
                  for i, n in enumerate(p["permanents"])]
        return Draft(setup=setup, steps=steps)
    objects = [obj(f"c{i}", n, "battlefield", "bob") for i, n in enumerate(p["creatures"])]
    objects += [obj(f"l{i}", "Island", "library") for i in range(4)]
    objects.append(obj("spell", "Mystic Confluence", "hand"))
    setup = {"mana_pool": {"alice": "{U}" * 6}, "objects": objects}
    cast = {"action": {"type": "cast", "player": "alice", "object": "spell", "modes": modes,
                       "targets": [f"c{t}" for t in p["targets"]]}}
    if len(modes) != 3:
        cast["reject"] = "illegal-choice"
        return Draft(setup=setup, steps=[cast, observe("zone", "hand", object="spell")])
    returned = {t for t in p["targets"]}
    draws = modes.count(2)
    steps = [cast, {"action": {"type": "resolve"}}]
    steps += [observe("zone", "hand" if i in returned else "battlefield", object=f"c{i}")
              for i in range(len(p["creatures"]))]
    steps += [observe("zone", "hand" if i < draws else "library", object=f"l{i}")
              for i in range(4)]
    return Draft(setup=setup, steps=steps)
