"""Multiplayer and Commander families (CR 101.4, 603.3b, 903.8, 903.10a, 704.6c).

The oracles restate the rules on their own: APNAP order among any number of players puts the
active player's triggers on the stack first and the last player's on top; the commander tax is
{2} per previous cast from the command zone; 21 combat damage from one commander loses."""

from __future__ import annotations

from typing import Any

from ..family import Draft, family, obj, observe
from ..source import Source

_NAMES = ("alice", "bob", "carol", "dave")


def _apnap_params(src: Source) -> dict[str, Any]:
    n = src.integer(3, 4)
    wardens = [src.integer(0, 2) for _ in range(n)]
    if not any(wardens):
        wardens[src.integer(0, n - 1)] = 1
    return {"players": n, "active": src.integer(0, n - 1), "wardens": wardens}


@family(name="apnap-triggers-among-players",
        title="Simultaneous triggers of three or four players go on the stack in APNAP order",
        area="objects", rulings=("MULTIPLAYER-02",), rules=("603.3b", "101.4", "800.1"),
        eras=("invasion-2000", "modern"),
        features=("multiplayer", "casting", "stack", "triggers"),
        params=_apnap_params, dynamic=False)
def _apnap(p: dict[str, Any], era: str) -> Draft:
    """Each player controls some Soul Wardens; the active player casts Grizzly Bears and every
    Warden triggers at once. The active player's triggers go on the stack first, then each
    other player's in turn order (APNAP), so they resolve from the last player back to the
    active player; each resolution gains its controller 1 life."""
    players = list(_NAMES[:p["players"]])
    active = players[p["active"]]
    objects: list[dict[str, Any]] = []
    for i, name in enumerate(players):
        for k in range(p["wardens"][i]):
            objects.append(obj(f"w{i}{k}", "Soul Warden", "battlefield", owner=name))
    objects.append(obj("bears", "Grizzly Bears", "hand", owner=active))
    start = players.index(active)
    apnap = players[start:] + players[:start]
    stack = [name for name in apnap for _ in range(p["wardens"][players.index(name)])]
    steps: list[dict[str, Any]] = [
        {"action": {"type": "cast", "player": active, "object": "bears"}},
        {"action": {"type": "resolve"}},
        observe("stack", ["ability of Soul Warden"] * len(stack)),
    ]
    gained = dict.fromkeys(players, 0)
    for controller in reversed(stack):  # the top of the stack resolves first
        gained[controller] += 1
        steps.append({"action": {"type": "resolve"}})
        steps += [observe("life", 20 + gained[name], player=name) for name in players]
    return Draft(setup={"players": players, "active": active,
                        "mana_pool": {active: "{G}{G}"}, "objects": objects}, steps=steps)


def _tax_params(src: Source) -> dict[str, Any]:
    return {"recasts": src.integer(0, 3), "spare": src.integer(0, 2)}


@family(name="commander-tax",
        title="Each cast of a commander from the command zone costs {2} more than the last",
        area="casting", rulings=("COMMANDER-01", "COMMANDER-02"),
        rules=("903.8", "903.9a", "704.6d"), eras=("modern",),
        features=("commander", "casting", "stack", "targets"),
        params=_tax_params, dynamic=False)
def _tax(p: dict[str, Any], era: str) -> Draft:
    """Alice casts her commander Krenko ({2}{R}{R}) from the command zone, kills it with
    Lightning Bolt so it returns there (903.9a), and casts it again, ``recasts`` times. The
    cast after ``k`` earlier ones costs four mana plus {2} for each (903.8)."""
    costs = [4 + 2 * k for k in range(p["recasts"] + 1)]
    total = sum(costs) + p["recasts"] + p["spare"]
    objects = [obj("krenko", "Krenko, Mob Boss", "command")]
    objects += [obj(f"bolt{k}", "Lightning Bolt", "hand") for k in range(p["recasts"])]
    steps: list[dict[str, Any]] = []
    left = total
    for k, cost in enumerate(costs):
        steps.append(observe("commander_tax", 2 * k, object="krenko"))
        steps.append({"action": {"type": "cast", "player": "alice", "object": "krenko"}})
        left -= cost
        steps.append(observe("mana_pool", "{R}" * left, player="alice"))
        steps.append({"action": {"type": "resolve"}})
        if k < p["recasts"]:
            steps.append({"action": {"type": "cast", "player": "alice", "object": f"bolt{k}",
                                     "targets": ["krenko"]}})
            left -= 1
            steps.append({"action": {"type": "resolve"}})
            steps.append(observe("zone", "command", object="krenko"))
    steps.append(observe("zone", "battlefield", object="krenko"))
    return Draft(setup={"commander": {"alice": "krenko"},
                        "mana_pool": {"alice": "{R}" * total}, "objects": objects},
                 steps=steps)


def _damage_params(src: Source) -> dict[str, Any]:
    return {"counters": src.integer(0, 12), "combats": src.integer(1, 3),
            "helper": src.integer(0, 10)}


@family(name="commander-damage",
        title="A player dealt 21 combat damage by one commander loses the game",
        area="combat", rulings=("COMMANDER-03",), rules=("903.10a", "704.6c"),
        eras=("modern",), features=("commander", "combat", "counters", "turn-structure"),
        params=_damage_params, dynamic=False)
def _damage(p: dict[str, Any], era: str) -> Draft:
    """Alice attacks Bob (40 life) with her commander Krenko (3/3 plus counters) and a Grizzly
    Bears (2/2 plus counters) in each of her combats. Bob loses once Krenko's combat damage to
    him reaches 21 over the game (903.10a, 704.6c), or his life reaches 0; the Bears' damage
    counts only against his life."""
    power = 3 + p["counters"]
    helper = 2 + p["helper"]
    objects = [obj("krenko", "Krenko, Mob Boss", "battlefield",
                   counters={"+1/+1": p["counters"]}),
               obj("bears", "Grizzly Bears", "battlefield", counters={"+1/+1": p["helper"]})]
    objects += [obj(f"a{i}", "Plains", "library") for i in range(3)]
    objects += [obj(f"b{i}", "Island", "library", owner="bob") for i in range(3)]
    steps: list[dict[str, Any]] = []
    life, dealt = 40, 0
    for combat in range(p["combats"]):
        if combat:
            steps += [{"action": {"type": "advance", "to": "upkeep"}},
                      {"action": {"type": "advance", "to": "upkeep"}},
                      {"action": {"type": "advance", "to": "beginning-of-combat"}}]
        steps.append({"action": {"type": "declare_attackers", "player": "alice",
                                 "attackers": ["krenko", "bears"]}})
        steps.append({"action": {"type": "advance", "to": "end-of-combat"}})
        life -= power + helper
        dealt += power
        steps.append(observe("life", life, player="bob"))
        steps.append(observe("commander_damage", dealt, player="bob", commander="krenko"))
        over = dealt >= 21 or life <= 0
        steps.append(observe("lost", over, player="bob"))
        if over:
            break
    return Draft(setup={"commander": {"alice": "krenko"}, "step": "beginning-of-combat",
                        "objects": objects}, steps=steps)
