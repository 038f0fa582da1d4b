"""Permanents put onto the battlefield attacking or blocking (CR 506.3, 508.4, 509.4).

``enter_combat`` is the second half of "put onto the battlefield attacking" / "create a token
that's blocking target creature": the objects the earlier part of the same effect put onto the
battlefield (``"moved"``, or a name it remembered) become attacking or blocking as they arrive,
with no priority in between. What the CR says about them:

* 508.4: the controller chooses what an attacker attacks (choice ``attack_defender``: a player
  or the handle of a planeswalker or battle) unless the effect names it; 509.4 likewise for the
  attacking creature a blocker blocks (choice ``block_attacker``).
* 508.3a, 509.3a-b, 509.4: such a creature never "attacked" or "blocked": no "whenever ...
  attacks" or "whenever ... blocks" ability triggers, and it is not one of the declared
  attackers. An attacker it blocks becomes blocked (509.1h reads the block as a block).
* 508.4c, 509.4b: requirements and restrictions on declaring attackers and blockers (defender,
  "can't attack", flying, ...) don't apply.
* 506.3a, 506.3e: a noncreature permanent, or a creature that is also a battle, is never
  attacking or blocking; 506.3b: nor is an attacker controlled by a player who isn't
  attacking; 506.3c, 508.4a: nor one whose named player left the game or whose named
  permanent is gone or no longer a planeswalker or battle of a defending player; 506.3d,
  509.4a: nor a blocker whose named creature isn't attacking its controller (or a
  planeswalker or battle of theirs) any more.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.combat.declare import attackers, combat, defending_player
from reference_engine.core.choices import choose
from reference_engine.core.context import ResolveContext, effect, objects_of
from reference_engine.core.errors import SetupError
from reference_engine.core.state import STEPS, active_team
from reference_engine.layers.system import compute_all

if TYPE_CHECKING:
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__: list[str] = []

_COMBAT_STEPS = STEPS[STEPS.index("beginning-of-combat"):STEPS.index("end-of-combat") + 1]


@effect("enter_combat", params={
    "target": "ref: the permanents that enter attacking or blocking (default \"moved\": what "
              "the earlier part of this effect put onto the battlefield)",
    "mode": "str: \"attacking\" (default) or \"blocking\"",
    "defender": "ref: what an attacker attacks (a player or a planeswalker or battle, e.g. a "
                "target slot or \"defending_player\"); otherwise its controller chooses "
                "(choice attack_defender, CR 508.4)",
    "attacker": "ref: the attacking creature a blocker blocks (a target slot); otherwise its "
                "controller chooses (choice block_attacker, CR 509.4)"},
    cr=("508.4", "508.4a", "508.4c", "509.4", "509.4a", "509.4b", "506.3a", "506.3b", "506.3c",
        "506.3d", "506.3e"),
    example='Flash Foliage: {type = "create_token", token = {...}}, then {type = '
            '"enter_combat", mode = "blocking", attacker = "t"}')
def _enter_combat(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """The permanents just put onto the battlefield enter attacking or blocking (CR 508.4,
    509.4), or, where 506.3 or 508.4a/509.4a says so, enter without being in combat."""
    state = ctx.state
    mode = str(p.get("mode", "attacking"))
    if mode not in ("attacking", "blocking"):
        raise SetupError(f"enter_combat: mode must be \"attacking\" or \"blocking\", not {mode!r}")
    objs = [o for o in objects_of(ctx, ctx.refs({"target": p.get("target", "moved")}))
            if o.zone == "battlefield"]
    for obj in objs:
        problem = _noncombatant(state, obj)
        if problem is None and state.step not in _COMBAT_STEPS:
            problem = "it is not the combat phase"
        if problem is None:
            problem = _attack(ctx, obj, p) if mode == "attacking" else _block(ctx, obj, p)
        if problem is not None:
            state.log("enters-outside-combat", object=obj.id, mode=mode, reason=problem)
    state.changed()


def _noncombatant(state: GameState, obj: GameObject) -> str | None:
    """506.3a, 506.3e: only a creature that isn't a battle can be attacking or blocking."""
    c = compute_all(state)[obj.id]
    if not c.has_type("Creature"):
        return "it is not a creature (CR 506.3a)"
    if c.has_type("Battle"):
        return "it is a battle (CR 506.3e)"
    return None


def _attack(ctx: ResolveContext, obj: GameObject, p: Mapping[str, Any]) -> str | None:
    """508.4: the new attacker attacks the named defender or the one its controller chooses;
    no declaration restriction applies (508.4c) and it never "attacked" (508.3a)."""
    state = ctx.state
    if obj.controller not in active_team(state):
        return f"{obj.controller} is not an attacking player (CR 506.3b)"
    options = _defender_options(state, obj.controller)
    if p.get("defender") is not None:
        refs = ctx.refs({"target": p["defender"]})
        if not refs:
            return "the player or permanent it would attack is gone (CR 506.3c, 508.4a)"
        ref = refs[0]
        named: Any = ref.get("player", ref.get("object"))
        if named not in options.values():
            return ("what it would attack is no longer a defending player or a planeswalker or "
                    "battle of one (CR 506.3c, 508.4a)")
        defender = named
    else:
        if not options:
            return "there is no defending player it could attack (CR 506.3c)"
        label = choose(state, "attack_defender", sorted(options))
        defender = options[str(label)]
    record = combat(state)
    record["attackers"][obj.id] = defender
    record["controllers"][obj.id] = obj.controller
    state.log("enters-attacking", object=obj.id, defender=defender)
    return None


def _defender_options(state: GameState, player: str) -> dict[str, Any]:
    """What a creature put onto the battlefield attacking may attack (508.4): a defending
    player, a planeswalker such a player controls or a battle such a player protects; by label
    (a player's name, or the permanent's handle or id)."""
    declared = {defending_player(state, d) for d in attackers(state).values()}
    players = [q for q in state.opponents(player) if q in state.in_game()]
    if declared - {None}:
        # 506.2: once attackers are declared, the defending players are those attacked.
        players = [q for q in players if q in declared]
    options: dict[str, Any] = {q: q for q in players}
    chars = compute_all(state)
    for other in state.battlefield():
        c = chars[other.id]
        if (c.has_type("Planeswalker") or c.has_type("Battle")) and (
                defending_player(state, other.id) in players):
            options[other.handle or f"#{other.id}"] = other.id
    return options


def _block(ctx: ResolveContext, obj: GameObject, p: Mapping[str, Any]) -> str | None:
    """509.4: the new blocker blocks the named attacking creature or the one its controller
    chooses; no declaration restriction applies (509.4b) and it never "blocked"."""
    state = ctx.state
    current = attackers(state)
    mine = {oid: d for oid, d in current.items()
            if defending_player(state, d) == obj.controller}
    if p.get("attacker") is not None:
        refs = [r for r in ctx.refs({"target": p["attacker"]}) if "object" in r]
        if not refs or int(refs[0]["object"]) not in current:
            return "the creature it would block is no longer attacking (CR 509.4a)"
        attacker = int(refs[0]["object"])
        if attacker not in mine:
            return (f"that creature isn't attacking {obj.controller} or a planeswalker or "
                    "battle of theirs (CR 506.3d, 509.4a)")
    else:
        if not mine:
            return f"no creature is attacking {obj.controller} (CR 506.3d)"
        labels = {(state.objects[a].handle or f"#{a}"): a for a in mine}
        attacker = labels[str(choose(state, "block_attacker", sorted(labels)))]
    record = combat(state)
    record["blocks"][obj.id] = attacker
    record["controllers"][obj.id] = obj.controller
    if attacker not in record["blocked"]:
        record["blocked"].append(attacker)
    state.log("enters-blocking", object=obj.id, attacker=attacker)
    return None
