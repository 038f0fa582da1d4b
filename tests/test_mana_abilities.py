"""Activated and mana abilities (CR 602, 605), the tap symbol (107.5), summoning sickness (302.6),
"could produce" (106.7), undefined mana (106.5) and "tapped for mana" (106.12)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference_engine import RulesViolation
from tests.helpers import game, observe

#: (card, ability index, choices) of {T} abilities on catalog cards.
TAP_ABILITIES = [
    ("Forest", 0, {}), ("Bayou", 1, {}), ("Llanowar Elves", 0, {}),
    ("Birds of Paradise", 0, {"mana": "W"}), ("Sol Ring", 0, {}), ("Mind Stone", 0, {}),
    ("Mind Stone", 1, {}), ("Strip Mine", 0, {}), ("Coastal Tower", 0, {"mana": "U"}),
    ("Dryad Arbor", 0, {}), ("Reflecting Pool", 0, {}),
]


def _snapshot(g: Any) -> tuple[Any, ...]:
    return (observe(g, "mana_pool", player="alice"), observe(g, "stack"),
            observe(g, "life", player="alice"), len(g.state.objects))


@given(st.sampled_from(TAP_ABILITIES), st.booleans(), st.booleans(), st.sampled_from(
    ["", "{C}", "{G}{G}"]))
def test_a_tapped_permanent_never_pays_a_tap_cost(entry: tuple[str, int, dict[str, Any]],
                                                  sick: bool, fires: bool, pool: str) -> None:
    card, index, choices = entry
    objects: list[dict[str, Any]] = [
        {"handle": "it", "card": card, "zone": "battlefield", "tapped": True, "sick": sick}]
    if fires:
        objects.append({"card": "Fires of Yavimaya", "zone": "battlefield"})
    g = game({"objects": objects, "mana_pool": {"alice": pool}})
    before = _snapshot(g)
    assert observe(g, "can_activate", object="it", ability=index) is False
    with pytest.raises(RulesViolation) as info:
        g.perform({"type": "activate", "player": "alice", "object": "it", "ability": index,
                   "choices": choices, "targets": []})
    assert info.value.failure == "tapped"
    assert _snapshot(g) == before
    assert observe(g, "tapped", object="it") is True


@given(turn=st.integers(min_value=1, max_value=6), active=st.sampled_from(["alice", "bob"]),
       owner=st.sampled_from(["alice", "bob"]), sick=st.booleans(), haste=st.booleans())
def test_summoning_sickness_restated(turn: int, active: str, owner: str, sick: bool,
                                     haste: bool) -> None:
    objects: list[dict[str, Any]] = [
        {"handle": "elves", "card": "Llanowar Elves", "zone": "battlefield", "owner": owner,
         "sick": sick}]
    if haste:
        objects.append({"card": "Fires of Yavimaya", "zone": "battlefield", "owner": owner})
    g = game({"objects": objects, "turn": turn, "active": active, "priority": owner})
    # Restatement of 302.6: the controller's most recent turn began at `turn` if active, else
    # at turn - 1 (none on turn 1); setup objects not marked sick arrived before that.
    had_turn = active == owner or turn > 1
    expected_sick = not haste and (sick or not had_turn)
    assert observe(g, "summoning_sick", object="elves") is expected_sick
    assert observe(g, "can_activate", object="elves") is not expected_sick


def test_mana_abilities_do_not_use_the_stack_but_other_abilities_do() -> None:
    g = game({"objects": [{"handle": "stone", "card": "Mind Stone", "zone": "battlefield"}],
              "mana_pool": {"alice": "{R}"}})
    g.perform({"type": "activate", "player": "alice", "object": "stone", "ability": 0})
    assert observe(g, "stack") == []
    assert observe(g, "mana_pool", player="alice") == "{R}{C}"


def test_only_the_controller_with_priority_activates() -> None:
    g = game({"objects": [{"handle": "forest", "card": "Forest", "zone": "battlefield",
                           "owner": "bob"}]})
    with pytest.raises(RulesViolation) as info:
        g.perform({"type": "activate", "player": "alice", "object": "forest", "ability": 0})
    assert info.value.failure == "illegal-action"
    with pytest.raises(RulesViolation) as info:
        g.perform({"type": "activate", "player": "bob", "object": "forest", "ability": 0})
    assert info.value.failure == "no-priority"
    with pytest.raises(RulesViolation) as info:
        g.perform({"type": "activate", "player": "alice", "object": "forest", "ability": 3})
    assert info.value.failure == "illegal-action"


def test_strip_mine_needs_a_land_target() -> None:
    g = game({"objects": [{"handle": "mine", "card": "Strip Mine", "zone": "battlefield"},
                          {"handle": "elves", "card": "Llanowar Elves", "zone": "battlefield",
                           "owner": "bob"}]})
    with pytest.raises(RulesViolation) as info:
        g.perform({"type": "activate", "player": "alice", "object": "mine", "ability": 1,
                   "targets": ["elves"]})
    assert info.value.failure == "illegal-target"
    assert observe(g, "zone", object="mine") == "battlefield"
    assert observe(g, "tapped", object="mine") is False


LIFE_CARD = {"name": "Test Life Well", "types": ["Artifact"],
             "abilities": [{"kind": "mana", "cost": {"life": 3}, "produce": "{B}{B}"}]}


@pytest.mark.parametrize(("life", "ok"), [(3, True), (20, True), (2, False)])
def test_life_can_be_paid_only_up_to_the_life_total(life: int, ok: bool) -> None:
    g = game({"objects": [{"handle": "well", "card": "Test Life Well", "zone": "battlefield"}],
              "life": {"alice": life}}, cards=[LIFE_CARD])
    if ok:
        g.perform({"type": "activate", "player": "alice", "object": "well", "ability": 0})
        assert observe(g, "life", player="alice") == life - 3
        assert observe(g, "mana_pool", player="alice") == "{B}{B}"
    else:
        with pytest.raises(RulesViolation) as info:
            g.perform({"type": "activate", "player": "alice", "object": "well", "ability": 0})
        assert info.value.failure == "cannot-pay"


def test_reflecting_pools_see_each_other_without_looping() -> None:
    g = game({"objects": [
        {"handle": "p1", "card": "Reflecting Pool", "zone": "battlefield"},
        {"handle": "p2", "card": "Reflecting Pool", "zone": "battlefield"},
        {"handle": "forest", "card": "Forest", "zone": "battlefield"},
        {"handle": "wastes", "card": "Wastes", "zone": "battlefield"},
    ]})
    assert observe(g, "could_produce", object="p1") == ["G", "C"]
    assert observe(g, "could_produce", object="p2") == ["G", "C"]
    g.perform({"type": "activate", "player": "alice", "object": "p1", "ability": 0,
               "choices": {"mana": "C"}})
    assert observe(g, "mana_pool", player="alice") == "{C}"


def test_manabarbs_triggers_once_for_doubled_mana_and_hits_that_player() -> None:
    g = game({"objects": [
        {"card": "Manabarbs", "zone": "battlefield"},
        {"card": "Mana Reflection", "zone": "battlefield", "owner": "bob"},
        {"handle": "forest", "card": "Forest", "zone": "battlefield", "owner": "bob"},
    ], "priority": "bob"})
    g.perform({"type": "activate", "player": "bob", "object": "forest", "ability": 0})
    assert observe(g, "mana_pool", player="bob") == "{G}{G}"
    assert observe(g, "stack") == ["ability of Manabarbs"]
    g.perform({"type": "resolve"})
    assert observe(g, "life", player="bob") == 19
    assert observe(g, "life", player="alice") == 20


def test_the_mana_pool_empties_between_steps() -> None:
    g = game({"objects": [{"handle": "ring", "card": "Sol Ring", "zone": "battlefield"}]})
    g.perform({"type": "activate", "player": "alice", "object": "ring", "ability": 0})
    g.perform({"type": "advance", "to": "beginning-of-combat"})
    assert observe(g, "mana_pool", player="alice") == ""


def test_a_mana_choice_outside_the_options_is_an_error() -> None:
    g = game({"objects": [{"handle": "tower", "card": "Coastal Tower", "zone": "battlefield"}]})
    with pytest.raises(Exception, match="mana"):
        g.perform({"type": "activate", "player": "alice", "object": "tower", "ability": 0,
                   "choices": {"mana": "B"}})


def test_fellwar_stone_copies_colors_of_opponents_lands() -> None:
    g = game({"objects": [
        {"handle": "stone", "card": "Fellwar Stone", "zone": "battlefield"},
        {"card": "Bayou", "zone": "battlefield", "owner": "bob"},
        {"card": "Sol Ring", "zone": "battlefield", "owner": "bob"},
    ]})
    assert observe(g, "could_produce", object="stone") == ["B", "G"]


def test_cycling_is_activated_from_the_hand() -> None:
    g = game({"objects": [
        {"handle": "triome", "card": "Savai Triome", "zone": "hand"},
        {"handle": "top", "card": "Grizzly Bears", "zone": "library"}],
        "mana_pool": {"alice": "{C}{C}{G}"}})
    assert observe(g, "activated_abilities", object="triome")[3] == "Cycling {3}"
    with pytest.raises(RulesViolation):  # its mana abilities work only on the battlefield
        g.perform({"type": "activate", "player": "alice", "object": "triome", "ability": 0})
    g.perform({"type": "activate", "player": "alice", "object": "triome", "ability": 3})
    assert observe(g, "zone", object="triome") == "graveyard"
    assert observe(g, "stack") == ["ability of Savai Triome"]
    g.perform({"type": "resolve"})
    assert observe(g, "zone", object="top") == "hand"


ALTAR = {"name": "Test Altar", "types": ["Artifact"], "abilities": [
    {"kind": "mana", "cost": {"sacrifice": {"type": "Creature"}}, "produce": "{C}{C}"}]}


def test_a_sacrifice_cost_needs_a_matching_permanent() -> None:
    g = game({"objects": [{"handle": "altar", "card": "Test Altar", "zone": "battlefield"}]},
             cards=[ALTAR])
    assert observe(g, "can_activate", object="altar") is False
    g = game({"objects": [{"handle": "altar", "card": "Test Altar", "zone": "battlefield"},
                          {"handle": "a", "card": "Grizzly Bears", "zone": "battlefield"},
                          {"handle": "b", "card": "Llanowar Elves", "zone": "battlefield"}]},
             cards=[ALTAR])
    assert observe(g, "can_activate", object="altar") is True
    g.perform({"type": "activate", "player": "alice", "object": "altar", "ability": 0,
               "choices": {"sacrifice": "b"}})
    assert observe(g, "zone", object="b") == "graveyard"
    assert observe(g, "zone", object="a") == "battlefield"
    assert observe(g, "mana_pool", player="alice") == "{C}{C}"


@pytest.mark.parametrize("answer", ["U", "blue"])
def test_a_mana_type_is_chosen_by_letter_or_word(answer: str) -> None:
    g = game({"objects": [{"handle": "birds", "card": "Birds of Paradise", "zone": "battlefield"}]})
    g.perform({"type": "activate", "player": "alice", "object": "birds", "ability": 0,
               "choices": {"mana": answer}})
    assert observe(g, "mana_pool", player="alice") == "{U}"


UNTAPPER = {"name": "Test Untapper", "types": ["Creature"], "power": 1, "toughness": 1,
            "abilities": [{"kind": "mana", "cost": {"untap": True}, "produce": "{R}"}]}


@pytest.mark.parametrize(("tapped", "sick", "failure"), [
    (True, False, None), (False, False, "cannot-pay"), (True, True, "summoning-sick")])
def test_the_untap_symbol(tapped: bool, sick: bool, failure: str | None) -> None:
    g = game({"objects": [{"handle": "u", "card": "Test Untapper", "zone": "battlefield",
                           "tapped": tapped, "sick": sick}]}, cards=[UNTAPPER])
    action = {"type": "activate", "player": "alice", "object": "u", "ability": 0}
    if failure is None:
        g.perform(action)
        assert observe(g, "tapped", object="u") is False
        assert observe(g, "activated_abilities", object="u") == ["{Q}: Add {R}"]
    else:
        with pytest.raises(RulesViolation) as info:
            g.perform(action)
        assert info.value.failure == failure


def test_a_land_sacrificed_for_mana_still_triggers_manabarbs() -> None:
    petal_land = {"name": "Test Petal Land", "types": ["Land"], "abilities": [
        {"kind": "mana", "cost": {"tap": True, "sacrifice_self": True}, "produce": "{R}"}]}
    g = game({"objects": [{"card": "Manabarbs", "zone": "battlefield", "owner": "bob"},
                          {"handle": "p", "card": "Test Petal Land", "zone": "battlefield"}]},
             cards=[petal_land])
    g.perform({"type": "activate", "player": "alice", "object": "p", "ability": 0})
    assert observe(g, "zone", object="p") == "graveyard"
    assert observe(g, "stack") == ["ability of Manabarbs"]
