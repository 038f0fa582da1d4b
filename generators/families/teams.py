"""Families of games between teams (CR 805.7, 810.4, 810.8c, 810.9, 810.11).

The oracles restate the rules on their own: a Two-Headed Giant team (of two or three players)
has one life total, 30 plus 15 per player beyond the second, from which the damage dealt to
each of its players comes off, and it loses, all its players, at 0; under shared team turns
triggered abilities go on the stack team by team, the active team first, each team's in the
order it chooses."""

from __future__ import annotations

from typing import Any

from ..family import Draft, family, obj, observe
from ..source import Source

_NAMES = ("alice", "bob", "carol", "dave", "erin", "frank")


def _giant_params(src: Source) -> dict[str, Any]:
    size = src.integer(2, 3)
    spells = [src.choice(("rift", "bolt")) for _ in range(src.integer(1, 5))]
    return {"size": size, "spells": spells,
            "targets": [src.integer(0, 2 * size - 1) for _ in spells],
            "casters": [src.integer(0, 2 * size - 1) for _ in spells],
            "head_start": [src.integer(0, 27) for _ in range(2)]}


@family(name="giant-shared-life",
        title="A Two-Headed Giant team's damage comes off one shared life total",
        area="objects", rulings=("GIANT-M01", "GIANT-M02"),
        rules=("810.4", "810.9", "810.11", "810.8c"), eras=("modern",),
        features=("multiplayer", "teams", "shared-team-turns", "two-headed-giant", "casting",
                  "stack", "targets", "damage"),
        params=_giant_params, dynamic=False)
def _giant(p: dict[str, Any], era: str) -> Draft:
    """Two teams of ``size`` players; some start lower than the full total. Players cast
    Flame Rift (4 damage to each player) and Lightning Bolt (3 damage to one player) in turn,
    each resolving before the next. Each team's total starts at 30 plus 15 per player beyond
    the second, minus its head start; every damage to one of its players comes off it; at 0
    or less the whole team loses and the other wins, and the spells stop."""
    size = p["size"]
    players = list(_NAMES[:2 * size])
    teams = [players[:size], players[size:]]
    full = 30 + 15 * (size - 2)
    totals = [full - p["head_start"][0], full - p["head_start"][1]]
    setup_life = {teams[i][0]: totals[i] for i in range(2) if totals[i] != full}
    objects: list[dict[str, Any]] = []
    mana: dict[str, str] = {}
    for k, spell in enumerate(p["spells"]):
        caster = players[p["casters"][k]]
        card = "Flame Rift" if spell == "rift" else "Lightning Bolt"
        objects.append(obj(f"s{k}", card, "hand", owner=caster))
        mana[caster] = mana.get(caster, "") + ("{R}{R}" if spell == "rift" else "{R}")
    steps: list[dict[str, Any]] = []
    active = teams[0]
    for k, spell in enumerate(p["spells"]):
        caster = players[p["casters"][k]]
        if spell == "rift" and caster not in active:
            continue  # a sorcery is cast only in the caster's own team's turn
        if caster not in active:
            # 805.5a: a player acts when their team has priority; the active team passes first.
            steps.append({"action": {"type": "pass_priority", "player": active[0]}})
        action: dict[str, Any] = {"type": "cast", "player": caster, "object": f"s{k}"}
        if spell == "bolt":
            target = players[p["targets"][k]]
            action["targets"] = [target]
            totals[0 if target in teams[0] else 1] -= 3
        else:
            totals = [t - 4 * size for t in totals]
        steps.append({"action": action})
        steps.append({"action": {"type": "resolve"}})
        fallen = [i for i in range(2) if totals[i] <= 0]
        if fallen:
            for i in range(2):
                steps += [observe("lost", i in fallen, player=name) for name in teams[i]]
            steps.append(observe("draw", len(fallen) == 2))
            break
        steps += [observe("life", totals[i], player=name) for i in range(2) for name in teams[i]]
    if not steps:
        steps.append(observe("life", totals[0], player=teams[0][-1]))
    setup: dict[str, Any] = {"players": players, "teams": teams, "variant": "two-headed-giant",
                             "mana_pool": mana, "objects": objects}
    if setup_life:
        setup["life"] = setup_life
    return Draft(setup=setup, steps=steps)


def _apnap_params(src: Source) -> dict[str, Any]:
    teams = src.integer(2, 3)
    wardens = [src.integer(0, 2) for _ in range(2 * teams)]
    if not any(wardens):
        wardens[src.integer(0, 2 * teams - 1)] = 1
    ranks = [src.integer(0, 99) for _ in range(sum(wardens))]
    return {"teams": teams, "active": src.integer(0, 2 * teams - 1), "wardens": wardens,
            "ranks": ranks}


@family(name="team-apnap-triggers",
        title="Under shared team turns simultaneous triggers go on the stack team by team",
        area="objects", rulings=("TEAMTURNS-M02",), rules=("805.7", "805.6"),
        eras=("modern",),
        features=("multiplayer", "teams", "shared-team-turns", "casting", "stack", "triggers"),
        params=_apnap_params, dynamic=False)
def _team_apnap(p: dict[str, Any], era: str) -> Draft:
    """Two or three teams of two, seated together, with the shared team turns option; each
    player controls up to two Soul Wardens. The active player casts Grizzly Bears and every
    Warden triggers. The active team puts all its players' triggers on the stack first, in the
    order it chooses (the case's ``trigger_order``, a random order of all the Wardens), then
    each other team in turn order does the same; the top resolves first, each gaining its
    controller 1 life."""
    players = list(_NAMES[:2 * p["teams"]])
    teams = [players[i:i + 2] for i in range(0, len(players), 2)]
    active = players[p["active"]]
    objects: list[dict[str, Any]] = []
    owner: dict[str, str] = {}
    for i, name in enumerate(players):
        for k in range(p["wardens"][i]):
            handle = f"w{i}{k}"
            owner[handle] = name
            objects.append(obj(handle, "Soul Warden", "battlefield", owner=name))
    objects.append(obj("bears", "Grizzly Bears", "hand", owner=active))
    handles = list(owner)
    chosen = [h for _, h in sorted(zip(p["ranks"], handles, strict=True))]
    team_order = sorted(teams, key=lambda t: players.index(t[0]))
    first = next(i for i, t in enumerate(team_order) if active in t)
    stack: list[str] = []
    for team in team_order[first:] + team_order[:first]:
        stack += [h for h in chosen if owner[h] in team]
    steps: list[dict[str, Any]] = [
        {"action": {"type": "cast", "player": active, "object": "bears"}},
        {"action": {"type": "resolve", "choices": {"trigger_order": chosen}}},
        observe("stack", ["ability of Soul Warden"] * len(stack)),
    ]
    gained = dict.fromkeys(players, 0)
    for handle in reversed(stack):  # the top of the stack resolves first
        gained[owner[handle]] += 1
        steps.append({"action": {"type": "resolve"}})
        steps += [observe("life", 20 + gained[name], player=name) for name in players]
    return Draft(setup={"players": players, "teams": teams, "variant": "team-vs-team",
                        "shared_team_turns": True, "active": active,
                        "mana_pool": {active: "{G}{G}"}, "objects": objects}, steps=steps)
