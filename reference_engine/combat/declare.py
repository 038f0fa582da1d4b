"""The combat phase's declarations (CR 506-509): attackers, blockers and their legality.

Actions:

* ``declare_attackers {player, attackers = ["grunn", {object = "bears", defender = "bob"}]}``:
  the active player's declaration (CR 508.1). Performed in the main phase or the beginning of
  combat step, it moves the game to the declare attackers step and makes the declaration there,
  as the step's turn-based action. The declaration comes first in that step (508.1, 508.2):
  when the step begins with no declaration pending (reached by passing or ``advance``) and a
  creature of the active player could attack, the game waits for this action and no player
  has priority; with no creature able to attack, no attackers are declared at once (there is
  nothing to decide). An empty list declares no attackers.
* ``declare_blockers {player, blockers = {wall = "grunn"}}`` (or a list of
  ``{object, attacker}``): the defending player's declaration (CR 509.1), the same way from the
  declare attackers step. It too comes first in its step (509.1, 509.2): when the declare
  blockers step begins with no declaration pending and a creature of the defending player
  could block an attacker, the game waits for this action and no player has priority; with no
  creature able to block, no blockers are declared at once.

Every illegal declaration is rejected as a whole before anything changes (CR 508.1c, 509.1c):
``cannot-attack`` (not an untapped creature its controller has controlled continuously since
the turn began or with haste, a battle, defender, a "can't attack" effect, CR 508.1a, 302.6,
702.3b), ``cannot-block`` (tapped, a "can't block" effect such as Chaos, flying, menace,
protection, landwalk, "can't be blocked", CR 509.1a-b), ``timing`` (the wrong step, or a
second declaration) and ``illegal-action`` (the wrong player, or a creature declared twice).

Combat state lives in ``state.extra["combat"]`` by object id; a permanent that leaves the
battlefield becomes a new object (CR 400.7), so it is no longer attacking or blocking (506.4).
"Can't attack"/"can't block" come from rule-modifying effects (``state.extra["rule_effects"]``,
CR 611.2c: they apply to creatures that arrive later) and from static abilities written
``{kind = "static", rule = "cant_block", affected = "self" | filter}``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.casting.activated import is_summoning_sick
from reference_engine.core.choices import offer_choices, withdraw_choices
from reference_engine.core.errors import RulesViolation, SetupError
from reference_engine.core.registry import (
    AWAITING_KEY,
    BLOCK_RESTRICTIONS,
    action,
    on_step,
    query,
    skip_step,
    step_decision,
)
from reference_engine.core.state import (
    STEPS,
    active_team,
    primary_player,
    seated_next_to,
    shares_turns,
    team_of,
    variant,
)
from reference_engine.layers.conditions import ConditionContext, holds
from reference_engine.layers.effects import RULE_EFFECTS_KEY
from reference_engine.layers.filters import FilterContext, matches
from reference_engine.layers.seating import attack_option, attackable, within_range
from reference_engine.layers.system import compute_all, static_abilities
from reference_engine.objects.battles import protector_of
from reference_engine.triggers.abilities import trigger_matcher
from reference_engine.turn.priority import advance_step, give_priority

if TYPE_CHECKING:
    from reference_engine.core.characteristics import Characteristics
    from reference_engine.core.handlers import GameView
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import Event, GameState

__all__ = [
    "ATTACK_DECLARATION_CHECKS",
    "BLOCK_DECLARATION_CHECKS",
    "attack_declaration_check",
    "attackers",
    "block_declaration_check",
    "blockers_of",
    "combat",
    "is_summoning_sick",
    "rule_applies",
]

_KEY = "combat"
#: Landwalk keywords (CR 702.14) and the land subtype each looks for.
_LANDWALK = {"plainswalk": "Plains", "islandwalk": "Island", "swampwalk": "Swamp",
             "mountainwalk": "Mountain", "forestwalk": "Forest"}
#: Rule-modifying continuous effects (CR 611.2c), e.g. Chaos's "creatures can't block".

#: A check of a whole declaration (CR 508.1c-d, 509.1b-c: restrictions on combinations and
#: requirements): (state, player, [(creature id, what it attacks or blocks)]) -> a reason the
#: declaration is illegal, or None. Attack checks get defenders, block checks attacker ids.
DeclarationCheck = Callable[["GameState", str, list[tuple[int, Any]]], "str | None"]
ATTACK_DECLARATION_CHECKS: list[DeclarationCheck] = []
BLOCK_DECLARATION_CHECKS: list[DeclarationCheck] = []


#: Paying the costs to attack or block of a legal declaration (CR 508.1h-j, 509.1d-f): each hook
#: gets the state, the declaring player, the declaration (creature, what it attacks or blocks)
#: and the permanents whose mana abilities the player activates meanwhile (508.1i, 509.1e).
CombatCostHook = Callable[["GameState", str, "list[tuple[int, Any]]", "list[GameObject]"], None]
ATTACK_COST_HOOKS: list[CombatCostHook] = []
BLOCK_COST_HOOKS: list[CombatCostHook] = []


def attack_declaration_check(fn: DeclarationCheck) -> DeclarationCheck:
    """Register a check of a whole attack declaration (CR 508.1c-d)."""
    ATTACK_DECLARATION_CHECKS.append(fn)
    return fn


def block_declaration_check(fn: DeclarationCheck) -> DeclarationCheck:
    """Register a check of a whole block declaration (CR 509.1b-c)."""
    BLOCK_DECLARATION_CHECKS.append(fn)
    return fn


# -- combat state ------------------------------------------------------------------------------

#: ``state.extra`` key of the blocks declared so far by defending players, when several
#: declare one after another (CR 802.4), by player in APNAP order.
_PARTIAL = "partial_blocks"


def combat(state: GameState) -> dict[str, Any]:
    """This turn's combat record (created empty when first needed)."""
    record: dict[str, Any] | None = state.extra.get(_KEY)
    if record is None or record.get("turn") != state.turn:
        record = _fresh_record(state.turn)
        state.extra[_KEY] = record
    return record


def _fresh_record(turn: int) -> dict[str, Any]:
    """An empty combat record for ``turn``: no attackers, blockers or declarations yet."""
    return {"turn": turn, "attackers": {}, "declared": [], "blocks": {}, "controllers": {},
            "blocked": [], "attackers_declared": False, "blockers_declared": False}


def _in_combat(state: GameState, oid: int) -> bool:
    """Check 506.4: a permanent leaves combat if it leaves the battlefield (a new object,
    400.7), stops being a creature, or comes under another player's control."""
    obj = state.objects.get(oid)
    if obj is None or obj.zone != "battlefield":
        return False
    controller = combat(state)["controllers"].get(oid, obj.controller)
    return obj.controller == controller and compute_all(state)[oid].has_type("Creature")


def _record(state: GameState) -> Mapping[str, Any]:
    """This turn's combat record for reading: none yet reads as an empty one, and nothing is
    stored (a query must not change the state, see ``Game.observe``)."""
    record: dict[str, Any] | None = state.extra.get(_KEY)
    if record is None or record.get("turn") != state.turn:
        return _fresh_record(state.turn)
    return record


def attackers(state: GameState) -> dict[int, Any]:
    """Attacking creatures still in combat, by id, with what each attacks (CR 506.4)."""
    return {oid: d for oid, d in _record(state)["attackers"].items() if _in_combat(state, oid)}


def blockers_of(state: GameState, attacker: int) -> list[int]:
    """The creatures blocking ``attacker`` that are still in combat, in declaration order."""
    return [b for b, a in _record(state)["blocks"].items()
            if a == attacker and _in_combat(state, b)]


def blocking(state: GameState) -> dict[int, int]:
    """Blocking creatures still in combat, with the attacker each blocks."""
    return {b: a for b, a in combat(state)["blocks"].items() if _in_combat(state, b)}


def is_blocked(state: GameState, attacker: int) -> bool:
    """Whether ``attacker`` is a blocked creature (CR 509.1h: it stays blocked even if its
    blockers leave combat)."""
    return attacker in combat(state)["blocked"]


def defending_player(state: GameState, defender: Any) -> str | None:
    """The player an attack is against (CR 506.2): the player attacked, the controller of the
    planeswalker attacked, or the protector of the battle attacked (310.8d: for a battle, the
    defending player is its protector, chosen as it entered, 310.8a)."""
    if isinstance(defender, str):
        return defender
    obj = state.objects.get(defender)
    if obj is None:
        return None
    if compute_all(state)[obj.id].has_type("Battle") or protector_of(state, obj) is not None:
        # 310.8g: a battle attacked keeps its protector even if it stops being a battle.
        return protector_of(state, obj)
    return obj.controller


# -- restrictions --------------------------------------------------------------------------------

def rule_applies(state: GameState, rule: str, obj: GameObject,
                 chars: Mapping[int, Characteristics] | None = None) -> bool:
    """Whether a rule-modifying effect or static ability ``rule`` (e.g. ``"cant_block"``)
    applies to ``obj`` now (CR 611.2c, 604.1)."""
    current = chars if chars is not None else compute_all(state)
    for eff in state.extra.get(RULE_EFFECTS_KEY, []):
        if eff["rule"] != rule or not _effect_active(state, eff):
            continue
        flt = eff.get("affected")
        fctx = FilterContext(you=eff.get("controller"), source=eff.get("source"),
                             chars_of=current.__getitem__)
        if isinstance(flt, list):
            if obj.id in flt:
                return True
        elif isinstance(flt, Mapping) and "all_but" in flt:
            # "Only creatures in the chosen pile can attack": every object but those (700.3).
            if obj.id not in flt["all_but"]:
                return True
        elif matches(state, obj, dict(flt or {}), ctx=fctx, chars=current[obj.id]):
            return True
    for src, ability in static_abilities(state, current):
        if ability.get("rule") != rule:
            continue
        if "condition" in ability and not holds(state, ability["condition"], ConditionContext(
                source=src.id, you=src.controller, chars_of=current.__getitem__)):
            continue  # "as long as ..." (611.3a): e.g. unleash's "while it has a counter"
        affected = ability.get("affected", "self")
        if affected == "self":
            if src.id == obj.id:
                return True
        elif affected in ("enchanted", "equipped"):
            # An Aura's or Equipment's "enchanted creature can't attack" (CR 303.4, 301.5).
            if src.attached_to == obj.id:
                return True
        elif matches(state, obj, dict(affected), chars=current[obj.id],
                     ctx=FilterContext(you=src.controller, source=src.id,
                                       chars_of=current.__getitem__)):
            return True
    return False


def _effect_active(state: GameState, eff: Mapping[str, Any]) -> bool:
    if eff.get("duration", "end-of-turn") == "end-of-turn":
        return bool(eff.get("turn") == state.turn)
    return True


def attack_problem(state: GameState, obj: GameObject, player: str,
                   chars: Mapping[int, Characteristics]) -> str | None:
    """Why ``obj`` can't be declared as an attacker by ``player`` (CR 508.1a-c), or None."""
    c = chars[obj.id]
    if obj.zone != "battlefield" or not c.has_type("Creature"):
        return f"{obj.name_for_log} is not a creature on the battlefield"
    if obj.controller != player:
        return f"{obj.name_for_log} is not controlled by {player} (CR 508.1a)"
    if c.has_type("Battle"):
        return f"{obj.name_for_log} is a battle; battles can't attack (CR 508.1a)"
    if obj.tapped:
        return f"{obj.name_for_log} is tapped (CR 508.1a)"
    if is_summoning_sick(state, obj) and not c.has_keyword("haste"):
        return (f"{obj.name_for_log} has not been under {player}'s control continuously since "
                "the turn began and has no haste (CR 508.1a, 302.6)")
    if c.has_keyword("defender"):
        return f"{obj.name_for_log} has defender (CR 702.3b)"
    if rule_applies(state, "cant_attack", obj, chars):
        return f"an effect says {obj.name_for_log} can't attack (CR 508.1c)"
    if not attackable(state, player):
        return (f"{player} has no opponent they may attack: none is within their range of "
                "influence or seated next to them on the side the attack option allows "
                "(CR 801.3, 803.1a-b)")
    return None


def block_problem(state: GameState, blocker: GameObject, attacker: GameObject, player: str,
                  chars: Mapping[int, Characteristics]) -> str | None:
    """Why ``blocker`` can't block ``attacker`` (CR 509.1a-b), or None."""
    c = chars[blocker.id]
    if blocker.zone != "battlefield" or not c.has_type("Creature"):
        return f"{blocker.name_for_log} is not a creature on the battlefield"
    if blocker.controller != player:
        return f"{blocker.name_for_log} is not controlled by {player} (CR 509.1a)"
    if blocker.tapped:
        return f"{blocker.name_for_log} is tapped (CR 509.1a)"
    if rule_applies(state, "cant_block", blocker, chars):
        return f"an effect says {blocker.name_for_log} can't block (CR 509.1b)"
    ac = chars[attacker.id]
    if ac.has_keyword("flying") and not (c.has_keyword("flying") or c.has_keyword("reach")):
        return (f"{attacker.name_for_log} has flying and {blocker.name_for_log} has neither "
                "flying nor reach (CR 702.9b)")
    if rule_applies(state, "cant_be_blocked", attacker, chars):
        return f"an effect says {attacker.name_for_log} can't be blocked (CR 509.1b)"
    for kw in sorted(ac.keywords):
        land = _LANDWALK.get(kw)
        if land and any(o.controller == player and chars[o.id].has_type("Land")
                        and chars[o.id].has_subtype(land) for o in state.battlefield()):
            return (f"{attacker.name_for_log} has {kw} and {player} controls a {land} "
                    "(CR 702.14c)")
    for restriction in BLOCK_RESTRICTIONS:
        reason = restriction(state, blocker, attacker)
        if reason:
            return reason
    return None


# -- declarations --------------------------------------------------------------------------------

def _step_index(state: GameState) -> int:
    return STEPS.index(state.step)


def _move_to(state: GameState, step: str) -> None:
    """Pass with an empty stack until ``step`` of this turn begins (its turn-based action runs
    from the pending declaration)."""
    while state.step != step:
        if state.zone_list("stack"):
            raise RulesViolation("illegal-action",
                                 "the stack is not empty; resolve it before combat continues")
        advance_step(state)


def _parse_attackers(game: GameView, a: Mapping[str, Any]) -> list[tuple[GameObject, Any]]:
    state = game.state
    out: list[tuple[GameObject, Any]] = []
    seen: set[int] = set()
    opponents = state.opponents(state.active_player)
    allowed = attackable(state, state.active_player)
    for entry in a.get("attackers", []):
        spec = entry if isinstance(entry, Mapping) else {"object": entry}
        obj = game.object(spec.get("object"), field="attackers")
        if obj.id in seen:
            raise RulesViolation("illegal-action",
                                 f"{obj.name_for_log} is declared as an attacker twice")
        seen.add(obj.id)
        defender: Any = spec.get("defender")
        if defender is None:
            if len(opponents) != 1:
                raise SetupError("declare_attackers: name the 'defender' of each attacker")
            defender = opponents[0]
        if defender in state.players:
            if defender not in opponents:
                raise RulesViolation("cannot-attack",
                                     f"{obj.name_for_log} can't attack {defender} (CR 508.1b)")
            _check_nextdoor(state, obj, str(defender))
            if defender not in allowed:
                raise RulesViolation("cannot-attack", _not_attackable(state, obj, str(defender)))
            out.append((obj, str(defender)))
        else:
            target = game.object(defender, field="defender")
            tc = compute_all(state)[target.id]
            if target.zone != "battlefield" or not (
                    tc.has_type("Planeswalker") or tc.has_type("Battle")) or (
                    defending_player(state, target.id) not in opponents):
                raise RulesViolation(
                    "cannot-attack", f"{target.name_for_log} is not a planeswalker an opponent "
                    "controls or a battle an opponent protects (CR 508.1b, 310.5)")
            _check_nextdoor(state, obj, str(defending_player(state, target.id)))
            if defending_player(state, target.id) not in allowed:
                raise RulesViolation("cannot-attack", _not_attackable(
                    state, obj, str(defending_player(state, target.id))))
            out.append((obj, target.id))
    return out


def _check_nextdoor(state: GameState, attacker: GameObject, player: str) -> None:
    """811.4, 809.3c: in an Alternating Teams or Emperor game a player attacks only an
    opponent seated next to them, or that opponent's planeswalker or battle."""
    if variant(state) in ("alternating-teams", "emperor") and not seated_next_to(
            state, attacker.controller, player):
        raise RulesViolation("cannot-attack", f"{attacker.name_for_log} can't attack {player}: "
                             f"not seated next to {attacker.controller} (CR 811.4, 809.3c)")
def _not_attackable(state: GameState, obj: GameObject, player: str) -> str:
    """Why ``obj`` can't attack ``player``, an opponent, or a permanent of theirs (801.3,
    803.1a-b)."""
    option = attack_option(state)
    if option in ("left", "right") and player not in attackable(
            state, state.active_player) and within_range(state, state.active_player, player):
        return (f"{obj.name_for_log} can't attack {player}: with the attack {option} option a "
                f"player attacks only the opponent seated next to them on their {option} "
                f"(CR 803.1{'a' if option == 'left' else 'b'})")
    return (f"{obj.name_for_log} can't attack {player}, who is outside "
            f"{state.active_player}'s range of influence (CR 801.3)")


@action("declare_attackers")
def _declare_attackers(game: GameView, a: Mapping[str, Any]) -> None:
    """Declare attackers (CR 508.1), moving to the declare attackers step if needed, or in
    that step as it begins (no one has priority until the declaration is made, 508.2); choices
    asked meanwhile (e.g. ``trigger_order``) come from the action's ``choices``."""
    offer_choices(game.state, a.get("choices"))
    try:
        _attack_action(game, a)
    finally:
        withdraw_choices(game.state)


def _attack_action(game: GameView, a: Mapping[str, Any]) -> None:
    state = game.state
    player = game.player(a.get("player", state.active_player))
    team = active_team(state)
    if player not in team:
        raise RulesViolation("illegal-action",
                             f"only the active player ({state.active_player}) declares attackers"
                             + (" or a teammate (CR 805.10b)" if len(team) > 1 else ""))
    index = _step_index(state)
    if index > STEPS.index("declare-attackers") or combat(state)["attackers_declared"] or (
            index < STEPS.index("precombat-main")):
        raise RulesViolation("timing", "attackers are declared once, as the declare attackers "
                             f"step begins (now: {state.step})")
    if index < STEPS.index("declare-attackers") and state.zone_list("stack"):
        raise RulesViolation("timing", "the stack must be empty to move to combat")
    declared = _parse_attackers(game, a)
    chars = compute_all(state)
    for obj, _ in declared:
        # 805.10b: under shared team turns the active team makes one combined attack.
        problem = attack_problem(state, obj, obj.controller if obj.controller in team
                                 else player, chars)
        if problem:
            raise RulesViolation("cannot-attack", problem)
    for member in team:
        _check_attack_declaration(state, member, [(obj.id, d) for obj, d in declared])
    sources = [game.object(h, field="mana") for h in a.get("mana", [])]
    state.extra["pending_attack"] = [(obj.id, d) for obj, d in declared]
    if state.step == "declare-attackers":
        _attack_now(state)
    else:
        try:
            _move_to(state, "declare-attackers")
        finally:
            state.extra.pop("pending_attack", None)
    # 508.1h-j: the costs to attack, paid in the declare attackers step as the declaration is
    # made, with mana from the mana abilities named in ``mana``; if they can't be paid the
    # whole declaration is illegal and undone (the action is rejected).
    for pay_costs in ATTACK_COST_HOOKS:
        pay_costs(state, player, [(obj.id, d) for obj, d in declared], sources)
    if state.priority_player is None:
        give_priority(state, state.active_player)  # 508.2


def _check_attack_declaration(state: GameState, player: str,
                              declared: list[tuple[int, Any]]) -> None:
    """Reject a declaration a whole-declaration check forbids (CR 508.1c-d)."""
    for check in ATTACK_DECLARATION_CHECKS:
        problem = check(state, player, declared)
        if problem:
            raise RulesViolation("cannot-attack", problem)


def _could_attack(state: GameState) -> bool:
    """Whether the active player has a creature that could be declared as an attacker
    (508.1a-c): only then is there a declaration to choose."""
    chars = compute_all(state)
    team = active_team(state)
    return any(attack_problem(state, obj, obj.controller, chars) is None
               for obj in state.battlefield() if obj.controller in team)


@on_step("declare-attackers", cr="508.1")
def _attack_now(state: GameState) -> None:
    """Turn-based action 508.1, before anyone receives priority (508.2): the pending
    declaration is made; attackers tap (508.1f) unless they have vigilance, and "whenever ...
    attacks" abilities trigger (508.1m). With no declaration pending, the step waits for the
    ``declare_attackers`` action if a creature could attack (``AWAITING_KEY``: no one has
    priority meanwhile), and otherwise no attackers are declared."""
    pending = state.extra.pop("pending_attack", None)
    if pending is None:
        if _could_attack(state):
            state.extra[AWAITING_KEY] = state.step
            return
        pending = []
    state.extra.pop(AWAITING_KEY, None)
    record = combat(state)
    record["attackers_declared"] = True
    chars = compute_all(state)
    for oid, defender in pending:
        record["attackers"][oid] = defender
        record["declared"].append(oid)
        record["controllers"][oid] = state.objects[oid].controller
        if not chars[oid].has_keyword("vigilance"):
            state.objects[oid].tapped = True
    alone = len(pending) == 1
    for oid, defender in pending:
        state.log("attacks", object=oid, defender=defender, alone=alone)
    state.log("attackers-declared", objects=[oid for oid, _ in pending],
              attacked=[[oid, defender] for oid, defender in pending])
    state.changed()


@step_decision("declare-attackers")
def _attack_with_nothing(state: GameState) -> None:
    """What ``advance`` declares passing through the declare attackers step: no attackers
    (508.1), rejected if a requirement makes that illegal (508.1d)."""
    for member in active_team(state):
        _check_attack_declaration(state, member, [])
    state.extra["pending_attack"] = []
    _attack_now(state)
    give_priority(state, state.active_player)  # 508.2


def _parse_blocks(game: GameView, a: Mapping[str, Any]) -> list[tuple[GameObject, GameObject]]:
    raw = a.get("blockers", {})
    pairs: list[tuple[Any, Any]]
    if isinstance(raw, Mapping):
        pairs = list(raw.items())
    else:
        pairs = [(e.get("object"), e.get("attacker")) for e in raw]
    out: list[tuple[GameObject, GameObject]] = []
    seen: set[int] = set()
    for blocker_ref, attacker_ref in pairs:
        blocker = game.object(blocker_ref, field="blockers")
        attacker = game.object(attacker_ref, field="attacker")
        if blocker.id in seen:
            raise RulesViolation("illegal-action",
                                 f"{blocker.name_for_log} is declared as a blocker twice")
        seen.add(blocker.id)
        out.append((blocker, attacker))
    return out


@action("declare_blockers")
def _declare_blockers(game: GameView, a: Mapping[str, Any]) -> None:
    """Declare blockers (CR 509.1), moving to the declare blockers step if needed, or in
    that step as it begins (no one has priority until the declaration is made, 509.2); choices
    asked meanwhile come from the action's ``choices``."""
    offer_choices(game.state, a.get("choices"))
    try:
        _block_action(game, a)
    finally:
        withdraw_choices(game.state)


def _block_action(game: GameView, a: Mapping[str, Any]) -> None:
    state = game.state
    record = combat(state)
    if state.step not in ("declare-attackers", "declare-blockers") or record[
            "blockers_declared"] or not record["attackers_declared"]:
        raise RulesViolation("timing", "blockers are declared once, as the declare blockers "
                             f"step begins, after attackers (now: {state.step})")
    if state.step == "declare-attackers" and state.zone_list("stack"):
        raise RulesViolation("timing", "the stack must be empty to move to declare blockers")
    current = attackers(state)
    defenders = _defenders_apnap(state)
    partial: dict[str, list[tuple[int, int]]] = state.extra.get(_PARTIAL, {})
    waiting = [p for p in defenders if p not in partial]
    player = game.player(a.get("player", waiting[0] if waiting else None))
    if shares_turns(state) and primary_player(state, player) in defenders:
        player = primary_player(state, player)  # 805.10d: the team declares, as one
    if player not in defenders:
        raise RulesViolation("illegal-action", f"{player} is not a defending player (CR 509.1)")
    if waiting and player != waiting[0]:
        raise RulesViolation("illegal-action", f"defending players declare blockers in APNAP "
                             f"order: {waiting[0]} declares before {player} (CR 802.4)")
    blocks = _parse_blocks(game, a)
    chars = compute_all(state)
    # 805.10d: under shared team turns the defending team makes one combined block, each
    # creature blocking an attacker of any player on the team.
    side = _side(state, player)
    for blocker, attacker in blocks:
        if attacker.id not in current:
            raise RulesViolation("cannot-block", f"{attacker.name_for_log} is not attacking")
        if defending_player(state, current[attacker.id]) not in side:
            raise RulesViolation("cannot-block", f"{attacker.name_for_log} is not attacking "
                                 f"{' or '.join(side)} or a permanent {' or '.join(side)} "
                                 "controls (CR 509.1a, 805.10d)")
        problem = block_problem(state, blocker, attacker, blocker.controller
                                if blocker.controller in side else player, chars)
        if problem:
            raise RulesViolation("cannot-block", problem)
    for oid in current:
        if chars[oid].has_keyword("menace"):
            n = sum(1 for _, att in blocks if att.id == oid)
            if n == 1:
                raise RulesViolation("cannot-block", f"{state.objects[oid].name_for_log} has "
                                     "menace: it can't be blocked except by two or more "
                                     "creatures (CR 702.111b)")
    for member in side:
        _check_block_declaration(state, member, [(b.id, att.id) for b, att in blocks])
    sources = [game.object(h, field="mana") for h in a.get("mana", [])]
    if len(waiting) > 1:
        # 802.4: one defending player of several has declared; the next one declares after.
        state.extra[_PARTIAL] = {**partial, player: [(b.id, att.id) for b, att in blocks]}
        if state.step == "declare-attackers":
            _move_to(state, "declare-blockers")
        _pay_block_costs(state, player, blocks, sources)
        return
    state.extra["pending_blocks"] = [(b.id, att.id) for b, att in blocks]
    if state.step == "declare-blockers":
        _block_now(state)
    else:
        try:
            _move_to(state, "declare-blockers")
        finally:
            state.extra.pop("pending_blocks", None)
    _pay_block_costs(state, player, blocks, sources)
    if state.priority_player is None:
        give_priority(state, state.active_player)  # 509.2


def _pay_block_costs(state: GameState, player: str, blocks: list[tuple[GameObject, GameObject]],
                     sources: list[GameObject]) -> None:
    """509.1d-f: the costs to block, paid in the declare blockers step as the declaration is
    made, with mana from the mana abilities named in ``mana``; if they can't be paid the whole
    declaration is illegal and undone (the action is rejected)."""
    for pay_costs in BLOCK_COST_HOOKS:
        pay_costs(state, player, [(b.id, att.id) for b, att in blocks], sources)


def _defenders_apnap(state: GameState) -> list[str]:
    """The defending players of this combat in APNAP order (CR 101.4, 802.4: each declares
    blockers in that order; in a two-player game there is one)."""
    found = {p for p in (defending_player(state, d) for d in attackers(state).values())
             if p is not None}
    if shares_turns(state):
        # 805.10a, 805.10d: the defending team declares once; its primary player stands for it.
        found = {primary_player(state, p) for p in found}
    order = state.turn_order
    start = order.index(state.active_player)
    in_game = state.in_game()  # 800.4a: a player who left declares nothing
    return [p for p in order[start:] + order[:start] if p in found and p in in_game]


def _side(state: GameState, player: str) -> list[str]:
    """The defending players a declaration of ``player`` speaks for: ``player`` alone, or
    under shared team turns every player of their team still in the game (805.10d)."""
    if not shares_turns(state):
        return [player]
    in_game = state.in_game()
    return [p for p in team_of(state, player) if p in in_game]


def _check_block_declaration(state: GameState, player: str,
                             declared: list[tuple[int, int]]) -> None:
    """Reject a declaration a whole-declaration check forbids (CR 509.1b-c)."""
    for check in BLOCK_DECLARATION_CHECKS:
        problem = check(state, player, declared)
        if problem:
            raise RulesViolation("cannot-block", problem)


def _could_block(state: GameState) -> bool:
    """Whether a defending player has a creature that could block an attacker attacking that
    player or a permanent that player controls (509.1a-b): only then is there a declaration
    to choose."""
    chars = compute_all(state)
    current = attackers(state)
    for attacker_id, defender in current.items():
        player = defending_player(state, defender)
        if player is None:
            continue
        attacker = state.objects[attacker_id]
        side = _side(state, player)
        if any(block_problem(state, obj, attacker, obj.controller, chars) is None
               for obj in state.battlefield() if obj.controller in side):
            return True
    return False


@on_step("declare-blockers", cr="509.1")
def _block_now(state: GameState) -> None:
    """Turn-based action 509.1, before anyone receives priority (509.2): the pending
    declaration is made; each attacker with a blocker becomes blocked (509.1h) and "whenever
    ... blocks" abilities trigger (509.1i). With no declaration pending, the step waits for
    the ``declare_blockers`` action if a creature could block (``AWAITING_KEY``: no one has
    priority meanwhile), and otherwise no blockers are declared."""
    pending = state.extra.pop("pending_blocks", None)
    if pending is None:
        if _could_block(state) or state.extra.get(_PARTIAL):
            state.extra[AWAITING_KEY] = state.step
            return
        pending = []
    # 802.4: the declarations of earlier defending players, in APNAP order, come first.
    earlier: dict[str, list[tuple[int, int]]] = state.extra.pop(_PARTIAL, {})
    pending = [pair for declared in earlier.values() for pair in declared] + list(pending)
    state.extra.pop(AWAITING_KEY, None)
    record = combat(state)
    record["blockers_declared"] = True
    for blocker, attacker in pending:
        record["blocks"][blocker] = attacker
        record["controllers"][blocker] = state.objects[blocker].controller
        if attacker not in record["blocked"]:
            record["blocked"].append(attacker)
        state.log("blocks", object=blocker, attacker=attacker)
    # 509.1h: every attacker is now blocked or unblocked ("attacks and isn't blocked").
    state.log("blockers-declared", objects=[blocker for blocker, _ in pending])
    state.changed()


@step_decision("declare-blockers")
def _block_with_nothing(state: GameState) -> None:
    """What ``advance`` declares passing through the declare blockers step: no blockers
    (509.1), rejected if a requirement makes that illegal (509.1c, e.g. Lure)."""
    declared = state.extra.get(_PARTIAL, {})
    for player in _defenders_apnap(state):
        if player not in declared:
            for member in _side(state, player):
                _check_block_declaration(state, member, [])
    state.extra["pending_blocks"] = []
    _block_now(state)
    give_priority(state, state.active_player)  # 509.2


@skip_step("declare-blockers", "combat-damage", cr="508.8")
def _no_attackers(state: GameState) -> bool:
    """Check 508.8: if no creatures are declared as attackers or put onto the battlefield
    attacking, the declare blockers and combat damage steps are skipped (506.1)."""
    record = _record(state)
    return not record["attackers"] and not record["declared"]


@on_step("cleanup", cr="514.2")
def _end_rule_effects(state: GameState) -> None:
    """Check 514.2: "this turn" rule-modifying effects end in the cleanup step."""
    effects = state.extra.get(RULE_EFFECTS_KEY, [])
    state.extra[RULE_EFFECTS_KEY] = [e for e in effects if e.get("duration") != "end-of-turn"]


@on_step("postcombat-main", cr="511.3")
def _end_combat(state: GameState) -> None:
    """Check 511.3: as the end of combat step ends, every creature is removed from combat."""
    state.extra.pop(_KEY, None)


# -- triggers --------------------------------------------------------------------------------------

@trigger_matcher("attacks")
def _attacks(state: GameState, obj: GameObject, spec: Mapping[str, Any], event: Event) -> bool:
    """Whenever this creature attacks (CR 508.1m)."""
    return event.kind == "attacks" and event.details.get("object") == obj.id


@trigger_matcher("attacks_alone")
def _attacks_alone(state: GameState, obj: GameObject, spec: Mapping[str, Any],
                   event: Event) -> bool:
    """Whenever this creature attacks alone: it is the only creature declared as an attacker
    (CR 506.5), whoever controls the others."""
    return (event.kind == "attacks" and event.details.get("object") == obj.id
            and bool(event.details.get("alone")))


@trigger_matcher("blocks")
def _blocks(state: GameState, obj: GameObject, spec: Mapping[str, Any], event: Event) -> bool:
    """Whenever this creature blocks (CR 509.1i)."""
    return event.kind == "blocks" and event.details.get("object") == obj.id


# -- queries ---------------------------------------------------------------------------------------

def _label(state: GameState, ref: Any) -> Any:
    if isinstance(ref, str):
        return ref
    obj = state.objects.get(ref)
    return obj.name_for_log if obj is not None else None


@query("attackers")
def _q_attackers(game: GameView, q: Mapping[str, Any]) -> list[str]:
    """Handles of the attacking creatures, in declaration order (CR 506.4)."""
    return [game.state.objects[oid].name_for_log for oid in attackers(game.state)]


@query("blockers")
def _q_blockers(game: GameView, q: Mapping[str, Any]) -> list[str]:
    """Handles of the creatures blocking ``object``, or of every blocking creature."""
    state = game.state
    if q.get("object") is not None:
        ids = blockers_of(state, game.object(q.get("object")).id)
    else:
        ids = list(blocking(state))
    return [state.objects[i].name_for_log for i in ids]


@query("attacking")
def _q_attacking(game: GameView, q: Mapping[str, Any]) -> Any:
    """What ``object`` is attacking (a player or a handle), or null if it isn't attacking."""
    obj = game.object(q.get("object"))
    target = attackers(game.state).get(obj.id)
    return None if target is None else _label(game.state, target)


@query("blocking")
def _q_blocking(game: GameView, q: Mapping[str, Any]) -> Any:
    """The handle of the creature ``object`` is blocking, or null."""
    obj = game.object(q.get("object"))
    target = blocking(game.state).get(obj.id)
    return None if target is None else _label(game.state, target)


@query("is_blocked")
def _q_is_blocked(game: GameView, q: Mapping[str, Any]) -> bool:
    """Whether the attacking ``object`` is blocked (CR 509.1h)."""
    return is_blocked(game.state, game.object(q.get("object")).id)


@query("can_attack")
def _q_can_attack(game: GameView, q: Mapping[str, Any]) -> bool:
    """Whether ``object`` could be declared as an attacker now by its controller (508.1a)."""
    state = game.state
    obj = game.object(q.get("object"))
    return attack_problem(state, obj, obj.controller, compute_all(state)) is None


@query("can_block")
def _q_can_block(game: GameView, q: Mapping[str, Any]) -> bool:
    """Whether ``object`` could block ``attacker`` (CR 509.1a-b)."""
    state = game.state
    obj = game.object(q.get("object"))
    att = game.object(q.get("attacker"), field="attacker")
    return block_problem(state, obj, att, obj.controller, compute_all(state)) is None
