"""Lands (CR 305): basic land types and their intrinsic abilities, domain, land-type changes in
both eras, dependency order of Blood Moon and Urborg (CR 613.8), playing lands."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference_engine import RulesViolation
from tests.helpers import game, observe

BASICS = ["Plains", "Island", "Swamp", "Mountain", "Forest"]
SYMBOL = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
OTHER_LAND_TYPES = ["Gate", "Desert", "Cave"]


def _land_card(index: int, subtypes: list[str], basic: bool) -> dict[str, Any]:
    return {"name": f"Test Land {index}", "types": ["Land"], "subtypes": subtypes,
            "supertypes": ["Basic"] if basic else []}


lands = st.lists(
    st.tuples(
        st.lists(st.sampled_from(BASICS + OTHER_LAND_TYPES), unique=True, max_size=4),
        st.booleans(),  # basic supertype
        st.sampled_from(["alice", "bob"]),  # controller
        st.booleans(),  # tapped
    ),
    max_size=9,
)


def _restated_domain(entries: list[tuple[list[str], bool, str, bool]], player: str) -> int:
    """Domain restated: distinct basic land types among the player's lands, at most five."""
    found = {t for types, _, who, _ in entries if who == player for t in types if t in BASICS}
    return min(len(found), 5)


@given(lands)
def test_domain_is_the_number_of_distinct_basic_land_types(
        entries: list[tuple[list[str], bool, str, bool]]) -> None:
    cards = [_land_card(i, types, basic) for i, (types, basic, _, _) in enumerate(entries)]
    objects = [{"card": c["name"], "zone": "battlefield", "owner": who, "tapped": tapped}
               for c, (_, _, who, tapped) in zip(cards, entries, strict=True)]
    g = game({"objects": objects}, cards=cards)
    for player in ("alice", "bob"):
        assert observe(g, "domain", player=player) == _restated_domain(entries, player)
        listed = observe(g, "basic_land_types", player=player)
        assert listed == [t for t in BASICS if t in listed]  # WUBRG order


@given(st.lists(st.sampled_from(BASICS + OTHER_LAND_TYPES), unique=True, max_size=5))
def test_intrinsic_abilities_follow_the_basic_land_types(types: list[str]) -> None:
    card = _land_card(0, types, basic=False)
    g = game({"objects": [{"handle": "land", "card": card["name"], "zone": "battlefield"}]},
             cards=[card])
    basics = [t for t in types if t in BASICS]
    assert observe(g, "activated_abilities", object="land") == [
        f"{{T}}: Add {{{SYMBOL[t]}}}" for t in basics]
    assert observe(g, "could_produce", object="land") == [
        s for s in "WUBRGC" if s in {SYMBOL[t] for t in basics}]
    for index, land_type in enumerate(basics):
        g2 = game({"objects": [{"handle": "land", "card": card["name"], "zone": "battlefield"}]},
                  cards=[card])
        g2.perform({"type": "activate", "player": "alice", "object": "land", "ability": index})
        assert observe(g2, "mana_pool", player="alice") == "{" + SYMBOL[land_type] + "}"


def _tower_with_well(era: str) -> Any:
    return game({"objects": [
        {"handle": "tower", "card": "Coastal Tower", "zone": "battlefield"},
        {"handle": "well", "card": "Tainted Well", "zone": "battlefield", "attached_to": "tower"},
    ]}, era=era)


def test_tainted_well_in_the_two_eras() -> None:
    old, new = _tower_with_well("invasion-2000"), _tower_with_well("modern")
    assert observe(old, "land_types", object="tower") == ["Swamp"]
    assert observe(new, "land_types", object="tower") == ["Swamp"]
    assert observe(old, "supertypes", object="tower") == ["Basic"]
    assert observe(new, "supertypes", object="tower") == []
    # Both lose the Tower's own ability and have the Swamp's (305.7; Sixth Edition 214.9f).
    assert observe(old, "could_produce", object="tower") == ["B"]
    assert observe(new, "could_produce", object="tower") == ["B"]
    # Only the 1999 rule renames it after the basic land (214.9f).
    assert observe(old, "name", object="tower") == "Swamp"
    assert observe(new, "name", object="tower") == "Coastal Tower"


def _set_types(era: str, subtypes: list[str]) -> Any:
    return game({"objects": [{"handle": "u", "card": "Urborg, Tomb of Yawgmoth",
                              "zone": "battlefield"}],
                 "effects": [{"type": "set_land_types", "subtypes": subtypes,
                              "affected": ["u"]}]}, era=era)


def test_a_nonbasic_land_type_only_replaces_the_old_one_in_2000() -> None:
    """Sixth Edition 214.9f covers changes into a basic land only; setting a nonbasic land
    type replaces the land type (214.4 of that edition) and leaves the rest."""
    g = _set_types("invasion-2000", ["Desert"])
    assert observe(g, "land_types", object="u") == ["Desert"]
    assert observe(g, "supertypes", object="u") == ["Legendary"]
    assert observe(g, "name", object="u") == "Urborg, Tomb of Yawgmoth"


def test_two_basic_land_types_make_a_basic_land_without_a_new_name_in_2000() -> None:
    g = _set_types("invasion-2000", ["Plains", "Island"])
    assert observe(g, "supertypes", object="u") == ["Basic"]
    assert observe(g, "could_produce", object="u") == ["W", "U"]
    assert observe(g, "name", object="u") == "Urborg, Tomb of Yawgmoth"


def test_the_aura_leaving_ends_the_land_type_change() -> None:
    g = game({"objects": [
        {"handle": "tower", "card": "Coastal Tower", "zone": "battlefield"},
        {"handle": "well", "card": "Tainted Well", "zone": "battlefield", "attached_to": "tower"},
        {"handle": "mine", "card": "Strip Mine", "zone": "battlefield", "owner": "bob"},
    ], "priority": "bob"})
    g.perform({"type": "activate", "player": "bob", "object": "mine", "ability": 1,
               "targets": ["tower"]})
    g.perform({"type": "resolve"})
    assert observe(g, "zone", object="tower") == "graveyard"
    assert observe(g, "zone", object="well") == "graveyard"  # 704.5m
    assert observe(g, "land_types", object="tower") == []


@pytest.mark.parametrize("moon_first", [True, False])
def test_blood_moon_removes_urborgs_ability_whatever_the_order(moon_first: bool) -> None:
    moon = {"handle": "moon", "card": "Blood Moon", "zone": "battlefield", "owner": "bob"}
    urborg = {"handle": "urborg", "card": "Urborg, Tomb of Yawgmoth", "zone": "battlefield"}
    rest = [{"handle": "forest", "card": "Forest", "zone": "battlefield"},
            {"handle": "bayou", "card": "Bayou", "zone": "battlefield"}]
    g = game({"objects": ([moon, urborg] if moon_first else [urborg, moon]) + rest})
    assert observe(g, "land_types", object="urborg") == ["Mountain"]
    assert observe(g, "land_types", object="forest") == ["Forest"]
    assert observe(g, "land_types", object="bayou") == ["Mountain"]
    assert observe(g, "basic_land_types", player="alice") == ["Mountain", "Forest"]


def test_urborg_alone_makes_every_land_a_swamp() -> None:
    g = game({"objects": [
        {"handle": "urborg", "card": "Urborg, Tomb of Yawgmoth", "zone": "battlefield"},
        {"handle": "tower", "card": "Coastal Tower", "zone": "battlefield", "owner": "bob"},
    ]})
    assert observe(g, "land_types", object="urborg") == ["Swamp"]
    assert observe(g, "could_produce", object="tower") == ["W", "U", "B"]
    assert observe(g, "domain", player="bob") == 1


def test_removing_all_abilities_removes_intrinsic_ones() -> None:
    g = game({"objects": [{"handle": "forest", "card": "Forest", "zone": "battlefield"}],
              "effects": [{"type": "remove_all_abilities", "affected": ["forest"]}]})
    assert observe(g, "activated_abilities", object="forest") == []
    assert observe(g, "could_produce", object="forest") == []


def _hand_land(**setup: Any) -> Any:
    return game({"objects": [{"handle": "land", "card": "Forest", "zone": "hand"},
                             {"handle": "bolt", "card": "Lightning Bolt", "zone": "stack",
                              "targets": ["bob"]}] if setup.pop("stack", False) else
                            [{"handle": "land", "card": "Forest", "zone": "hand"}], **setup})


@pytest.mark.parametrize(("setup", "failure"), [
    ({"step": "upkeep"}, "timing"),
    ({"step": "combat-damage"}, "timing"),
    ({"stack": True}, "timing"),
    ({"active": "bob", "priority": "alice"}, "timing"),
    ({"priority": "bob"}, "no-priority"),
])
def test_a_land_is_played_only_in_a_main_phase_of_your_turn(setup: dict[str, Any],
                                                               failure: str) -> None:
    g = _hand_land(**setup)
    with pytest.raises(RulesViolation) as info:
        g.perform({"type": "play_land", "player": "alice", "object": "land"})
    assert info.value.failure == failure
    assert observe(g, "zone", object="land") == "hand"


def test_playing_a_land_counts_and_keeps_priority() -> None:
    g = _hand_land()
    g.perform({"type": "play_land", "player": "alice", "object": "land"})
    assert observe(g, "zone", object="land") == "battlefield"
    assert observe(g, "lands_played", player="alice") == 1
    assert observe(g, "priority") == "alice"
    assert observe(g, "tapped", object="land") is False


def test_a_spell_is_not_a_land_play() -> None:
    g = game({"objects": [{"handle": "bolt", "card": "Lightning Bolt", "zone": "hand"}]})
    with pytest.raises(RulesViolation) as info:
        g.perform({"type": "play_land", "player": "alice", "object": "bolt"})
    assert info.value.failure == "illegal-action"


def test_exploration_allows_a_second_land_but_not_a_third() -> None:
    g = game({"objects": [
        {"card": "Exploration", "zone": "battlefield"},
        {"handle": "a", "card": "Forest", "zone": "hand"},
        {"handle": "b", "card": "Island", "zone": "hand"},
        {"handle": "c", "card": "Swamp", "zone": "hand"},
    ]})
    g.perform({"type": "play_land", "player": "alice", "object": "a"})
    g.perform({"type": "play_land", "player": "alice", "object": "b"})
    with pytest.raises(RulesViolation) as info:
        g.perform({"type": "play_land", "player": "alice", "object": "c"})
    assert info.value.failure == "land-limit"
    assert observe(g, "domain", player="alice") == 2


def test_a_tapped_for_mana_trigger_of_a_type_sees_the_replaced_mana() -> None:
    watcher = {"name": "Test Green Watcher", "types": ["Enchantment"], "abilities": [{
        "kind": "triggered",
        "trigger": {"event": "tapped_for_mana", "filter": {"type": "Land"}, "mana_type": "G"},
        "effects": [{"type": "damage", "amount": 1, "to": "event_player"}]}]}
    setup: dict[str, Any] = {"objects": [
        {"card": "Test Green Watcher", "zone": "battlefield", "owner": "bob"},
        {"handle": "forest", "card": "Forest", "zone": "battlefield"},
        {"handle": "island", "card": "Island", "zone": "battlefield"}]}
    g = game(setup, cards=[watcher])
    g.perform({"type": "activate", "player": "alice", "object": "island", "ability": 0})
    assert observe(g, "stack") == []
    g.perform({"type": "activate", "player": "alice", "object": "forest", "ability": 0})
    assert observe(g, "stack") == ["ability of Test Green Watcher"]
    setup["objects"].append({"card": "Contamination", "zone": "battlefield", "owner": "bob"})
    g = game(setup, cards=[watcher])
    g.perform({"type": "activate", "player": "alice", "object": "forest", "ability": 0})
    assert observe(g, "mana_pool", player="alice") == "{B}"
    assert observe(g, "stack") == []  # it was tapped for {B}, not {G} (106.12a)
