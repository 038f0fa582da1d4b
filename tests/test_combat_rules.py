"""Combat, damage, doubling, prevention and protection on the reference engine, each property
checked against a few-line restatement of the rule (CR 506-511, 615-616, 701.10, 702.16)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference_engine import Game, RulesViolation
from reference_engine.damage.protection import quality_from_text

from .helpers import game, observe

COLORS = ["white", "blue", "black", "red", "green"]
DJINNS = {"white": "Ruham Djinn", "blue": "Zanam Djinn", "black": "Goham Djinn",
          "red": "Halam Djinn", "green": "Sulam Djinn"}
PRINTED = {"Ruham Djinn": (5, 5), "Zanam Djinn": (5, 6), "Goham Djinn": (5, 5),
           "Halam Djinn": (6, 5), "Sulam Djinn": (6, 6)}


def _obj(handle: str, card: str, owner: str = "alice", **status: Any) -> dict[str, Any]:
    return {"handle": handle, "card": card, "zone": "battlefield", "owner": owner, **status}


def _creature(name: str, power: int, toughness: int, *, colors: list[str] | None = None,
              keywords: tuple[str, ...] = (), subtypes: tuple[str, ...] = ("Test",)
              ) -> dict[str, Any]:
    return {"name": name, "types": ["Creature"], "subtypes": list(subtypes), "power": power,
            "toughness": toughness, "color_indicator": colors or [],
            "abilities": [{"kind": "keyword", "keyword": k} for k in keywords]}


def _attack(g: Game, *handles: str) -> None:
    g.perform({"type": "declare_attackers", "player": "alice", "attackers": list(handles)})


# -- 701.10: doubling power and toughness -------------------------------------------------------

@given(power=st.integers(-15, 15), toughness=st.integers(1, 15))
def test_doubling_gives_plus_x_where_x_is_the_current_value(power: int, toughness: int) -> None:
    """Grunn attacking alone gets +X/+Y, X and Y its power and toughness as the effect begins;
    a negative power -X doubles to -2X (701.10b-c)."""
    g = game({"objects": [_obj("grunn", "Grunn, the Lonely King")],
              "effects": [{"type": "set_pt", "power": power, "toughness": toughness,
                           "affected": ["grunn"], "duration": "end-of-turn"}]})
    _attack(g, "grunn")
    g.perform({"type": "resolve"})
    expected_power = power + power  # restated: "+X/+0 where X is its power"
    assert observe(g, "power", object="grunn") == expected_power
    assert observe(g, "toughness", object="grunn") == toughness * 2
    if power < 0:
        assert observe(g, "power", object="grunn") == -(2 * abs(power))


def test_doubling_is_locked_in_when_the_effect_begins() -> None:
    """A later +1/+1 counter adds 1 after doubling; it isn't doubled too (701.10b, 611.2c)."""
    g = game({"objects": [_obj("grunn", "Grunn, the Lonely King")]})
    _attack(g, "grunn")
    g.perform({"type": "resolve"})
    g.state.by_handle("grunn").counters["+1/+1"] = 1
    g.state.changed()
    assert observe(g, "power", object="grunn") == 11


# -- 508.1a / 509.1: illegal declarations ---------------------------------------------------------

ILLEGAL_ATTACKERS: list[tuple[str, dict[str, Any], list[dict[str, Any]]]] = [
    ("tapped", {"tapped": True}, []),
    ("sick", {"sick": True}, []),
    ("defender", {}, [{"type": "add_abilities", "keywords": ["defender"], "affected": ["x"]}]),
    ("battle", {}, [{"type": "add_types", "types": ["Battle"], "affected": ["x"]}]),
    ("cant-attack", {}, [{"type": "add_abilities", "abilities": [
        {"kind": "static", "rule": "cant_attack", "affected": "self"}], "affected": ["x"]}]),
]


@pytest.mark.parametrize(("why", "status", "effects"), ILLEGAL_ATTACKERS,
                         ids=[c[0] for c in ILLEGAL_ATTACKERS])
def test_illegal_attacker_is_rejected_and_nothing_changes(
        why: str, status: dict[str, Any], effects: list[dict[str, Any]]) -> None:
    """Each illegal declaration is rejected as cannot-attack, leaving the state as it was."""
    g = game({"objects": [_obj("x", "Grizzly Bears", **status), _obj("ok", "Kird Ape")],
              "effects": effects})
    assert observe(g, "can_attack", object="x") is False
    with pytest.raises(RulesViolation) as info:
        _attack(g, "ok", "x")
    assert info.value.failure == "cannot-attack"
    assert observe(g, "step") == "precombat-main"
    assert observe(g, "attackers") == []
    assert observe(g, "tapped", object="ok") is False


# -- 508.1, 508.2: the declaration comes first in the declare attackers step ---------------------

@given(tapped=st.booleans(), sick=st.booleans(), by_advance=st.booleans())
def test_declare_attackers_step_waits_for_a_declaration_only_if_one_can_attack(
        tapped: bool, sick: bool, by_advance: bool) -> None:
    """Entering the declare attackers step, no one has priority while the active player has a
    creature able to attack (508.1 before 508.2); with none, no attackers are declared and
    the active player has priority at once (restated: able = untapped and not sick)."""
    g = game({"objects": [_obj("x", "Grizzly Bears", tapped=tapped, sick=sick)]})
    if by_advance:
        g.perform({"type": "advance", "to": "declare-attackers"})
    else:
        for player in ("alice", "bob", "alice", "bob"):
            g.perform({"type": "pass_priority", "player": player})
    assert observe(g, "step") == "declare-attackers"
    able = not tapped and not sick
    assert observe(g, "priority") == (None if able else "alice")
    if able:
        with pytest.raises(RulesViolation) as info:
            g.perform({"type": "pass_priority", "player": "alice"})
        assert info.value.failure == "no-priority"
        _attack(g, "x")
        assert observe(g, "attackers") == ["x"]
        assert observe(g, "priority") == "alice"
    with pytest.raises(RulesViolation) as late:
        _attack(g, "x")
    assert late.value.failure == "timing"


def test_advance_through_the_step_declares_no_attackers() -> None:
    """An advance past the declare attackers step makes the declaration of a player who only
    passes: no attackers (508.1), so blockers and damage are skipped (508.8)."""
    g = game({"objects": [_obj("x", "Grizzly Bears"), _obj("w", "Grizzly Bears", "bob")]})
    g.perform({"type": "advance", "to": "declare-attackers"})
    assert observe(g, "priority") is None
    g.perform({"type": "advance", "to": "postcombat-main"})
    assert observe(g, "step") == "postcombat-main"
    assert observe(g, "tapped", object="x") is False
    assert [e.kind for e in g.state.events if e.kind == "step" and
            e.details.get("step") in ("declare-blockers", "combat-damage")] == []


def test_advance_cant_declare_no_attackers_when_a_creature_must_attack() -> None:
    """Declaring no attackers breaks the requirement of a creature that attacks each combat
    if able (508.1d): an advance past the step is rejected and the game stays where it was."""
    g = game({"objects": [_obj("c", "Bloodrock Cyclops")]})
    with pytest.raises(RulesViolation) as info:
        g.perform({"type": "advance", "to": "end-of-combat"})
    assert info.value.failure == "cannot-attack"
    assert observe(g, "step") == "precombat-main"
    g.perform({"type": "advance", "to": "declare-attackers"})
    _attack(g, "c")
    assert observe(g, "attackers") == ["c"]


@given(tapped=st.booleans(), sick=st.booleans(), haste=st.booleans(), vigilance=st.booleans())
def test_can_attack_agrees_with_the_declaration(tapped: bool, sick: bool, haste: bool,
                                                vigilance: bool) -> None:
    """Two ways of asking agree: the can_attack query and declaring the attack (508.1a);
    the restated rule: untapped, and haste or not summoning sick."""
    keywords = tuple(k for k, on in (("haste", haste), ("vigilance", vigilance)) if on)
    card = _creature("Test Runner", 2, 2, keywords=keywords)
    g = game({"objects": [{"handle": "x", "card": "Test Runner", "zone": "battlefield",
                           "owner": "alice", "tapped": tapped, "sick": sick}]}, cards=[card])
    legal = not tapped and (haste or not sick)
    assert observe(g, "can_attack", object="x") is legal
    try:
        _attack(g, "x")
    except RulesViolation as exc:
        assert not legal and exc.failure == "cannot-attack"
    else:
        assert legal
        assert observe(g, "tapped", object="x") is (not vigilance)


def test_flying_attacker_cant_be_blocked_by_ground_creature() -> None:
    """702.9b: only creatures with flying or reach can block a creature with flying."""
    g = game({"objects": [_obj("angel", "Serra Angel"), _obj("bears", "Grizzly Bears", "bob"),
                          _obj("thopter", "Ornithopter", "bob")]})
    _attack(g, "angel")
    with pytest.raises(RulesViolation) as info:
        g.perform({"type": "declare_blockers", "player": "bob", "blockers": {"bears": "angel"}})
    assert info.value.failure == "cannot-block"
    g.perform({"type": "declare_blockers", "player": "bob", "blockers": {"thopter": "angel"}})
    assert observe(g, "blockers", object="angel") == ["thopter"]


def test_tapped_creature_cant_block() -> None:
    """509.1a: the chosen blockers must be untapped."""
    g = game({"objects": [_obj("bears", "Grizzly Bears"),
                          _obj("giant", "Hill Giant", "bob", tapped=True)]})
    _attack(g, "bears")
    with pytest.raises(RulesViolation) as info:
        g.perform({"type": "declare_blockers", "player": "bob", "blockers": {"giant": "bears"}})
    assert info.value.failure == "cannot-block"


def test_menace_needs_two_blockers() -> None:
    """702.111b: a creature with menace can't be blocked except by two or more creatures."""
    menace = _creature("Test Menace", 3, 3, keywords=("menace",))
    g = game({"objects": [{"handle": "m", "card": "Test Menace", "zone": "battlefield",
                           "owner": "alice"}, _obj("b1", "Grizzly Bears", "bob"),
                          _obj("b2", "Grizzly Bears", "bob")]}, cards=[menace])
    _attack(g, "m")
    with pytest.raises(RulesViolation):
        g.perform({"type": "declare_blockers", "player": "bob", "blockers": {"b1": "m"}})
    g.perform({"type": "declare_blockers", "player": "bob", "blockers": {"b1": "m", "b2": "m"}})
    assert observe(g, "blockers", object="m") == ["b1", "b2"]


# -- 510: combat damage -------------------------------------------------------------------------

@given(power=st.integers(2, 10), toughness=st.integers(1, 10), data=st.data())
def test_trample_division_comes_before_doubling(power: int, toughness: int,
                                                data: st.DataObject) -> None:
    """KUJA-03 for any split: a Wizard with trample assigns a to its blocker (at least lethal)
    and the rest to the player; Trance Kuja then doubles each amount (510.1c, 702.19b)."""
    toughness = min(toughness, power)
    to_blocker = data.draw(st.integers(toughness, power), label="to_blocker")
    wizard = _creature("Test Trampling Wizard", power, 9, keywords=("trample",),
                       subtypes=("Wizard",))
    wall = _creature("Test Wall", 0, toughness)
    g = game({"objects": [
        {"handle": "kuja", "card": "Kuja, Genome Sorcerer // Trance Kuja, Fate Defied",
         "zone": "battlefield", "owner": "alice", "face": "back"},
        {"handle": "wiz", "card": "Test Trampling Wizard", "zone": "battlefield",
         "owner": "alice"},
        {"handle": "wall", "card": "Test Wall", "zone": "battlefield", "owner": "bob"}]},
        cards=[wizard, wall])
    _attack(g, "wiz")
    g.perform({"type": "declare_blockers", "player": "bob", "blockers": {"wall": "wiz"}})
    split = {"wall": to_blocker, "bob": power - to_blocker}
    g.perform({"type": "advance", "to": "end-of-combat",
               "choices": {"combat_damage": {"wiz": split}}})
    events = observe(g, "damage_events")
    dealt = {e["target"]: e["amount"] for e in events if e["source"] == "wiz"}
    assert dealt.get("wall") == 2 * to_blocker
    assert observe(g, "life", player="bob") == 20 - 2 * (power - to_blocker)


@given(power=st.integers(2, 8), toughness=st.integers(2, 8))
def test_trample_short_of_lethal_is_an_illegal_assignment(power: int, toughness: int) -> None:
    """702.19b: assigning to the player before lethal damage to every blocker is illegal."""
    trampler = _creature("Test Trampler", power, 5, keywords=("trample",))
    g = game({"objects": [{"handle": "t", "card": "Test Trampler", "zone": "battlefield",
                           "owner": "alice"},
                          {"handle": "wall", "card": "Test Wall", "zone": "battlefield",
                           "owner": "bob"}]},
             cards=[trampler, _creature("Test Wall", 0, toughness)])
    _attack(g, "t")
    g.perform({"type": "declare_blockers", "player": "bob", "blockers": {"wall": "t"}})
    short = min(toughness - 1, power - 1)
    with pytest.raises(RulesViolation) as info:
        g.perform({"type": "advance", "to": "end-of-combat",
                   "choices": {"combat_damage": {"t": {"wall": short, "bob": power - short}}}})
    assert info.value.failure == "illegal-choice"


def test_first_strike_kills_blocker_before_it_deals_damage() -> None:
    """510.4: a first striker deals damage in the first step; a creature it killed deals none
    in the second."""
    g = game({"objects": [_obj("djinn", "Ruham Djinn"), _obj("giant", "Hill Giant", "bob"),
                          _obj("e1", "Llanowar Elves"), _obj("e2", "Llanowar Elves")]})
    assert observe(g, "power", object="djinn") == 5
    _attack(g, "djinn")
    g.perform({"type": "declare_blockers", "player": "bob", "blockers": {"giant": "djinn"}})
    g.perform({"type": "advance", "to": "combat-damage"})
    assert observe(g, "zone", object="giant") == "graveyard"
    g.perform({"type": "advance", "to": "end-of-combat"})
    assert observe(g, "damage", object="djinn") == 0


def test_double_strike_deals_damage_in_both_steps() -> None:
    """510.4: a double striker deals damage in the first and the second combat damage step."""
    striker = _creature("Test Double Striker", 2, 2, keywords=("double strike",))
    g = game({"objects": [{"handle": "d", "card": "Test Double Striker", "zone": "battlefield",
                           "owner": "alice"}]}, cards=[striker])
    _attack(g, "d")
    g.perform({"type": "advance", "to": "combat-damage"})
    assert observe(g, "life", player="bob") == 18
    g.perform({"type": "advance", "to": "end-of-combat"})
    assert observe(g, "life", player="bob") == 16


def test_blocked_creature_whose_blocker_left_deals_no_damage() -> None:
    """510.1c, 509.1h: a blocked creature with no blockers left assigns no combat damage."""
    g = game({"objects": [_obj("bears", "Grizzly Bears"), _obj("elves", "Llanowar Elves", "bob")]})
    _attack(g, "bears")
    g.perform({"type": "declare_blockers", "player": "bob", "blockers": {"elves": "bears"}})
    g.state.move(g.state.by_handle("elves"), "graveyard")
    g.perform({"type": "advance", "to": "end-of-combat"})
    assert observe(g, "is_blocked", object="bears") is True
    assert observe(g, "life", player="bob") == 20


# -- Djinns: most common color among all permanents --------------------------------------------

@given(djinn_color=st.sampled_from(COLORS),
       permanents=st.lists(st.sets(st.sampled_from(COLORS), max_size=3), max_size=6))
def test_djinn_penalty_for_any_permanent_colors(djinn_color: str,
                                                permanents: list[set[str]]) -> None:
    """DJINN-02/03: -2/-2 when the Djinn's color has the most permanents or ties; a
    multicolored permanent counts once for each of its colors (105.2b)."""
    cards = [{"name": f"Test Permanent {i}", "types": ["Artifact"],
              "color_indicator": [c for c in COLORS if c in colors]}
             for i, colors in enumerate(permanents)]
    djinn = DJINNS[djinn_color]
    objects = [_obj("djinn", djinn)] + [
        {"card": c["name"], "zone": "battlefield", "owner": "bob"} for c in cards]
    g = game({"objects": objects}, cards=cards)
    counts = {c: sum(c in p for p in permanents) for c in COLORS}
    counts[djinn_color] += 1  # the Djinn is a permanent of its own color
    penalty = counts[djinn_color] == max(counts.values())
    power, toughness = PRINTED[djinn]
    assert observe(g, "power", object="djinn") == power - 2 * penalty
    assert observe(g, "toughness", object="djinn") == toughness - 2 * penalty


# -- 615/616: prevention and doubling in the affected player's order ------------------------------

@given(power=st.integers(1, 8), shield=st.integers(1, 8), doubling_first=st.booleans())
def test_prevention_and_doubling_in_either_order(power: int, shield: int,
                                                 doubling_first: bool) -> None:
    """616.1: the affected player orders Trance Kuja's doubling and a "prevent the next N"
    shield; once all the damage is prevented the doubling no longer applies (KUJA-01)."""
    wizard = _creature("Test Wizard", power, 9, subtypes=("Wizard",))
    order = ["replacement:kuja:0", "shield:1"]
    if not doubling_first:
        order.reverse()
    g = game({"choices": {"damage_order": order}, "objects": [
        {"handle": "kuja", "card": "Kuja, Genome Sorcerer // Trance Kuja, Fate Defied",
         "zone": "battlefield", "owner": "alice", "face": "back"},
        {"handle": "wiz", "card": "Test Wizard", "zone": "battlefield", "owner": "alice"}]},
        cards=[wizard])
    from reference_engine.damage.prevention import add_amount_shield
    add_amount_shield(g.state, recipient={"player": "bob"}, amount=shield, label="bob")
    _attack(g, "wiz")
    g.perform({"type": "advance", "to": "end-of-combat"})
    if doubling_first:
        dealt = max(2 * power - shield, 0)
    else:
        left = max(power - shield, 0)
        dealt = 2 * left
    assert observe(g, "life", player="bob") == 20 - dealt


# -- 702.16: protection -------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "expected"), [
    ("red", {"color": "red"}),
    ("creatures", {"type": "Creature"}),
    ("artifacts", {"type": "Artifact"}),
    ("Goblins", {"subtype": "Goblin"}),
    ("elves", {"subtype": "Elf"}),
    ("everything", {}),
    ("multicolored", {"multicolored": True}),
])
def test_protection_qualities_read_from_keyword_text(text: str, expected: dict[str, Any]) -> None:
    """702.16a: the quality of "protection from <quality>" as a filter."""
    assert quality_from_text(text) == expected


def test_granted_protection_keyword_text_applies() -> None:
    """A granted "protection from red" keyword stops a red creature from blocking."""
    g = game({"objects": [_obj("bears", "Grizzly Bears"), _obj("giant", "Hill Giant", "bob")],
              "effects": [{"type": "add_abilities", "keywords": ["protection from red"],
                           "affected": ["bears"]}]})
    _attack(g, "bears")
    assert observe(g, "can_block", object="giant", attacker="bears") is False
    assert observe(g, "protected_from", object="bears", source="giant") is True


# -- 120.3: what damage does ----------------------------------------------------------------------

def test_lifelink_gains_life_as_damage_is_dealt() -> None:
    """702.15b: combat damage from a lifelinker makes its controller gain that much life."""
    linker = _creature("Test Lifelinker", 3, 3, keywords=("lifelink",))
    g = game({"objects": [{"handle": "l", "card": "Test Lifelinker", "zone": "battlefield",
                           "owner": "alice"}]}, cards=[linker])
    _attack(g, "l")
    g.perform({"type": "advance", "to": "end-of-combat"})
    assert observe(g, "life", player="alice") == 23
    assert observe(g, "life", player="bob") == 17


def test_deathtouch_damage_destroys_a_big_creature() -> None:
    """702.2b, 704.5h: any damage from a deathtouch source destroys the creature."""
    toucher = _creature("Test Deathtoucher", 1, 1, keywords=("deathtouch",))
    g = game({"objects": [_obj("giant", "Hill Giant"),
                          {"handle": "d", "card": "Test Deathtoucher", "zone": "battlefield",
                           "owner": "bob"}]}, cards=[toucher])
    _attack(g, "giant")
    g.perform({"type": "declare_blockers", "player": "bob", "blockers": {"d": "giant"}})
    g.perform({"type": "advance", "to": "end-of-combat"})
    assert observe(g, "zone", object="giant") == "graveyard"
    assert observe(g, "zone", object="d") == "graveyard"


def test_trample_over_deathtouch_needs_only_one_to_the_blocker() -> None:
    """702.19b with 702.2c: with deathtouch, 1 damage is lethal for the trample rule."""
    both = _creature("Test Deathtouch Trampler", 5, 5, keywords=("deathtouch", "trample"))
    g = game({"objects": [{"handle": "t", "card": "Test Deathtouch Trampler",
                           "zone": "battlefield", "owner": "alice"},
                          _obj("giant", "Hill Giant", "bob")]}, cards=[both])
    _attack(g, "t")
    g.perform({"type": "declare_blockers", "player": "bob", "blockers": {"giant": "t"}})
    g.perform({"type": "advance", "to": "end-of-combat",
               "choices": {"combat_damage": {"t": {"giant": 1, "bob": 4}}}})
    assert observe(g, "life", player="bob") == 16
    assert observe(g, "zone", object="giant") == "graveyard"


def test_holy_day_prevents_all_combat_damage_but_not_other_damage() -> None:
    """615.1a: "prevent all combat damage this turn" leaves noncombat damage alone."""
    g = game({"objects": [
        {"handle": "holy", "card": "Holy Day", "zone": "stack", "owner": "bob"},
        _obj("giant", "Hill Giant")]})
    g.perform({"type": "resolve"})
    _attack(g, "giant")
    g.perform({"type": "advance", "to": "end-of-combat"})
    assert observe(g, "life", player="bob") == 20
    assert observe(g, "damage_events") == []


def test_player_protection_until_end_of_turn_from_an_effect() -> None:
    """613.10: an effect giving a player protection from red applies after characteristics
    and ends with the turn."""
    spell = {"name": "Test Red Shield", "types": ["Instant"], "mana_cost": "{W}",
             "abilities": [{"kind": "spell", "effects": [{
                 "type": "player_effect", "player": "controller",
                 "effect": {"type": "protection", "from": {"color": "red"}}}]}]}
    g = game({"active": "bob", "objects": [
        {"handle": "s", "card": "Test Red Shield", "zone": "stack", "owner": "alice"},
        _obj("giant", "Hill Giant", "bob")]}, cards=[spell])
    g.perform({"type": "resolve"})
    assert observe(g, "player_effects", player="alice") == ["protection"]
    g.perform({"type": "declare_attackers", "player": "bob", "attackers": ["giant"]})
    g.perform({"type": "advance", "to": "end-of-combat"})
    assert observe(g, "life", player="alice") == 20
    g.perform({"type": "advance", "to": "upkeep"})
    assert observe(g, "player_effects", player="alice") == []


@given(others=st.integers(0, 3), grunn_attacks=st.booleans())
def test_grunn_triggers_only_when_declared_alone(others: int, grunn_attacks: bool) -> None:
    """506.5: a creature attacks alone only if it is the only creature declared as an
    attacker; restated: Grunn's trigger exists iff Grunn attacks and nothing else does."""
    objects = [_obj("grunn", "Grunn, the Lonely King")] + [
        _obj(f"b{i}", "Grizzly Bears") for i in range(others)]
    g = game({"objects": objects})
    attackers = (["grunn"] if grunn_attacks else []) + [f"b{i}" for i in range(others)]
    _attack(g, *attackers)
    alone = grunn_attacks and others == 0
    assert observe(g, "stack") == (["ability of Grunn, the Lonely King"] if alone else [])


@given(power=st.integers(2, 9), data=st.data())
def test_division_among_blockers_then_doubling(power: int, data: st.DataObject) -> None:
    """510.1c with KUJA-03: a Wizard blocked by two creatures divides its damage as its
    controller chooses (any split, lethal or not), then each amount is doubled."""
    first = data.draw(st.integers(0, power), label="first")
    wizard = _creature("Test Wizard", power, 20, subtypes=("Wizard",))
    wall = _creature("Test Wall", 0, 30)
    g = game({"objects": [
        {"handle": "kuja", "card": "Kuja, Genome Sorcerer // Trance Kuja, Fate Defied",
         "zone": "battlefield", "owner": "alice", "face": "back"},
        {"handle": "wiz", "card": "Test Wizard", "zone": "battlefield", "owner": "alice"},
        {"handle": "w1", "card": "Test Wall", "zone": "battlefield", "owner": "bob"},
        {"handle": "w2", "card": "Test Wall", "zone": "battlefield", "owner": "bob"}]},
        cards=[wizard, wall])
    _attack(g, "wiz")
    g.perform({"type": "declare_blockers", "player": "bob", "blockers": {"w1": "wiz", "w2": "wiz"}})
    g.perform({"type": "advance", "to": "end-of-combat",
               "choices": {"combat_damage": {"wiz": {"w1": first, "w2": power - first}}}})
    assert observe(g, "damage", object="w1") == 2 * first
    assert observe(g, "damage", object="w2") == 2 * (power - first)
    assert observe(g, "life", player="bob") == 20


def test_aura_with_the_quality_falls_off() -> None:
    """702.16c, 704.5m: an Aura with a quality the enchanted permanent has protection from is
    put into its owner's graveyard; an Equipment just becomes unattached (702.16d, 704.5n)."""
    aura = {"name": "Test White Aura", "types": ["Enchantment"], "subtypes": ["Aura"],
            "mana_cost": "{W}"}
    gear = {"name": "Test Gear", "types": ["Artifact"], "subtypes": ["Equipment"],
            "mana_cost": "{W}"}
    plain = {"name": "Test Plain Gear", "types": ["Artifact"], "subtypes": ["Equipment"],
             "mana_cost": "{1}"}
    warded = _creature("Test Warded", 2, 2)
    warded["abilities"] = [{"kind": "keyword", "keyword": "protection", "from": {"color": "white"}}]
    g = game({"objects": [
        {"handle": "c", "card": "Test Warded", "zone": "battlefield", "owner": "alice"},
        {"handle": "a", "card": "Test White Aura", "zone": "battlefield", "owner": "bob",
         "attached_to": "c"},
        {"handle": "e", "card": "Test Gear", "zone": "battlefield", "owner": "alice",
         "attached_to": "c"},
        {"handle": "p", "card": "Test Plain Gear", "zone": "battlefield", "owner": "alice",
         "attached_to": "c"}]}, cards=[aura, gear, plain, warded])
    g.perform({"type": "advance", "to": "beginning-of-combat"})
    assert observe(g, "zone", object="a") == "graveyard"
    assert observe(g, "zone", object="e") == "battlefield"
    assert g.state.by_handle("e").attached_to is None
    assert g.state.by_handle("p").attached_to == g.state.by_handle("c").id


def test_attacking_your_own_siege_protected_by_an_opponent() -> None:
    """508.1b, 310.5: a creature may attack a battle an opponent protects (a Siege its
    controller cast); combat damage to it removes defense counters (120.3h)."""
    g = game({"objects": [
        {"handle": "siege", "card": "Invasion of Ravnica // Guildpact Paragon",
         "zone": "battlefield", "owner": "alice", "counters": {"defense": 4}},
        _obj("giant", "Hill Giant"), _obj("bears", "Grizzly Bears", "bob")]})
    g.perform({"type": "declare_attackers", "player": "alice",
               "attackers": [{"object": "giant", "defender": "siege"}]})
    assert observe(g, "attacking", object="giant") == "siege"
    g.perform({"type": "declare_blockers", "player": "bob", "blockers": {}})
    g.perform({"type": "advance", "to": "end-of-combat"})
    assert observe(g, "counters", object="siege") == {"defense": 1}
    assert observe(g, "life", player="bob") == 20


def test_islandwalk_and_cant_be_blocked() -> None:
    """702.14c: landwalk makes a creature unblockable while the defending player controls a
    land of that type; a "can't be blocked" ability stops every block (509.1b)."""
    walker = _creature("Test Islandwalker", 2, 2, keywords=("islandwalk",))
    sneak = _creature("Test Sneak", 1, 1)
    sneak["abilities"] = [{"kind": "static", "rule": "cant_be_blocked", "affected": "self"}]
    g = game({"objects": [
        {"handle": "w", "card": "Test Islandwalker", "zone": "battlefield", "owner": "alice"},
        {"handle": "s", "card": "Test Sneak", "zone": "battlefield", "owner": "alice"},
        _obj("island", "Island", "bob"), _obj("bears", "Grizzly Bears", "bob")]},
        cards=[walker, sneak])
    _attack(g, "w", "s")
    assert observe(g, "can_block", object="bears", attacker="w") is False
    assert observe(g, "can_block", object="bears", attacker="s") is False
    with pytest.raises(RulesViolation):
        g.perform({"type": "declare_blockers", "player": "bob", "blockers": {"bears": "w"}})
