"""The cast action (CR 601.2): each rejection's failure class, the undo of an illegal cast
(601.2, 733), split halves (709.3), kicker (702.33), copies of spells (707.10), overload
(702.96) and flash permissions (601.3)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference_engine import RulesViolation
from tests.helpers import game, observe


def _rejected(g: Any, action: dict[str, Any]) -> str:
    with pytest.raises(RulesViolation) as info:
        g.perform(action)
    return info.value.failure


def test_a_rejected_cast_leaves_the_game_as_it_was() -> None:
    g = game({"mana_pool": {"alice": "{R}"}, "objects": [
        {"handle": "b", "card": "Burst Lightning", "zone": "hand"}]})
    before = (observe(g, "zone", object="b"), observe(g, "mana_pool", player="alice"))
    action = {"type": "cast", "player": "alice", "object": "b", "kicked": True,
              "targets": ["bob"]}
    assert _rejected(g, action) == "cannot-pay"
    assert (observe(g, "zone", object="b"), observe(g, "mana_pool", player="alice")) == before
    assert observe(g, "stack") == []
    assert not any(e.kind == "cast" for e in g.state.events)


@pytest.mark.parametrize(("setup", "action", "failure"), [
    # Sorcery speed (307.1): not in an opponent's turn.
    ({"active": "bob", "priority": "alice", "mana_pool": {"alice": "{B}{C}{C}{C}"},
      "objects": [{"handle": "s", "card": "Zombify", "zone": "hand"},
                  {"handle": "t", "card": "Grizzly Bears", "zone": "graveyard"}]},
     {"object": "s", "targets": ["t"]}, "timing"),
    # Without priority (117.1a).
    ({"priority": "bob", "mana_pool": {"alice": "{R}"},
      "objects": [{"handle": "s", "card": "Shock", "zone": "hand"}]},
     {"object": "s", "targets": ["bob"]}, "timing"),
    # Lands are played, not cast (305.1).
    ({"objects": [{"handle": "s", "card": "Forest", "zone": "hand"}]}, {"object": "s"},
     "cannot-cast"),
    # From the graveyard with no permission (601.3).
    ({"mana_pool": {"alice": "{R}"},
      "objects": [{"handle": "s", "card": "Shock", "zone": "graveyard"}]},
     {"object": "s", "targets": ["bob"]}, "cannot-cast"),
    # A card in an opponent's hand.
    ({"mana_pool": {"alice": "{R}"},
      "objects": [{"handle": "s", "card": "Shock", "zone": "hand", "owner": "bob"}]},
     {"object": "s", "targets": ["bob"]}, "cannot-cast"),
    # Kicker on a spell without kicker (702.33a).
    ({"mana_pool": {"alice": "{R}"},
      "objects": [{"handle": "s", "card": "Shock", "zone": "hand"}]},
     {"object": "s", "kicked": True, "targets": ["bob"]}, "illegal-choice"),
    # X for a spell without X (107.3).
    ({"mana_pool": {"alice": "{R}"},
      "objects": [{"handle": "s", "card": "Shock", "zone": "hand"}]},
     {"object": "s", "x": 2, "targets": ["bob"]}, "illegal-choice"),
    # A creature target for a spell that targets a spell (115.1).
    ({"mana_pool": {"alice": "{U}{U}"},
      "objects": [{"handle": "s", "card": "Counterspell", "zone": "hand"},
                  {"handle": "t", "card": "Grizzly Bears", "zone": "battlefield"}]},
     {"object": "s", "targets": ["t"]}, "illegal-target"),
    # A spell can't target itself (115.5).
    ({"mana_pool": {"alice": "{U}{U}"},
      "objects": [{"handle": "s", "card": "Counterspell", "zone": "hand"}]},
     {"object": "s", "targets": ["s"]}, "illegal-target"),
    # Unpayable total cost (601.2h).
    ({"mana_pool": {"alice": "{G}"},
      "objects": [{"handle": "s", "card": "Shock", "zone": "hand"}]},
     {"object": "s", "targets": ["bob"]}, "cannot-pay"),
])
def test_each_illegal_cast_names_its_failure_class(setup: dict[str, Any],
                                                   action: dict[str, Any],
                                                   failure: str) -> None:
    g = game(setup)
    assert _rejected(g, {"type": "cast", "player": "alice", **action}) == failure
    assert observe(g, "can_cast", player="alice", **action) is False


def test_casting_logs_a_cast_event_and_keeps_priority() -> None:
    g = game({"mana_pool": {"alice": "{R}"}, "objects": [
        {"handle": "s", "card": "Shock", "zone": "hand"}]})
    g.perform({"type": "cast", "player": "alice", "object": "s", "targets": ["bob"]})
    cast = [e for e in g.state.events if e.kind == "cast"]
    assert len(cast) == 1
    assert cast[0].details["player"] == "alice"
    assert cast[0].details["card"] == "Shock"
    assert observe(g, "priority") == "alice"


COSTS = st.sampled_from(["{R}", "{1}{G}", "{2}{W}{U}", "{U}{U}", "{3}", "{B}{B}{B}"])


@given(COSTS, COSTS, st.integers(0, 1))
def test_a_split_card_is_cast_as_the_chosen_half_only(left: str, right: str,
                                                      half: int) -> None:
    card = {"name": "Left // Right", "layout": "split", "faces": [
        {"name": "Left", "mana_cost": left, "types": ["Sorcery"]},
        {"name": "Right", "mana_cost": right, "types": ["Sorcery"]}]}
    names, costs = ["Left", "Right"], [left, right]
    g = game({"objects": [{"handle": "s", "card": "Left // Right", "zone": "hand"}]},
             cards=[card])
    assert observe(g, "total_cost", player="alice", object="s", half=names[half]) == costs[half]
    assert observe(g, "total_cost", player="alice", object="s", half="Left // Right") is None
    assert observe(g, "can_cast", player="alice", object="s") is False


@given(st.sampled_from(["{1}", "{R}", "{2}{R}", "{4}", "{G}{G}"]))
def test_a_copy_of_a_kicked_spell_is_kicked(kicker: str) -> None:
    spell = {"name": "Kicked Bolt", "mana_cost": "{R}", "types": ["Instant"], "abilities": [
        {"kind": "keyword", "keyword": "kicker", "cost": kicker},
        {"kind": "spell", "targets": [{"name": "t", "kind": "any"}], "effects": [
            {"type": "damage", "target": "t", "amount": 1, "if_kicked": False},
            {"type": "damage", "target": "t", "amount": 3, "if_kicked": True}]}]}
    g = game({"mana_pool": {"alice": "{U}{U}"}, "objects": [
        {"handle": "k", "card": "Kicked Bolt", "zone": "stack", "kicked": True,
         "targets": ["bob"]},
        {"handle": "tw", "card": "Twincast", "zone": "hand"}]}, cards=[spell])
    g.perform({"type": "cast", "player": "alice", "object": "tw", "targets": ["k"]})
    g.perform({"type": "resolve"})
    stack = observe(g, "stack_objects")
    assert [s["copy"] for s in stack] == [False, True]
    assert all(s["kicked"] for s in stack)
    g.perform({"type": "resolve", "count": 2})
    assert observe(g, "life", player="bob") == 14


def test_a_copy_can_get_new_targets() -> None:
    g = game({"mana_pool": {"alice": "{U}{U}"}, "objects": [
        {"handle": "shock", "card": "Shock", "zone": "stack", "targets": ["bob"]},
        {"handle": "bears", "card": "Grizzly Bears", "zone": "battlefield", "owner": "bob"},
        {"handle": "tw", "card": "Twincast", "zone": "hand"}]})
    g.perform({"type": "cast", "player": "alice", "object": "tw", "targets": ["shock"]})
    g.perform({"type": "resolve", "choices": {"new_targets": ["bears"]}})
    assert [s["targets"] for s in observe(g, "stack_objects")] == [["bob"], ["bears"]]


def test_mana_leak_counters_unless_paid() -> None:
    setup = {"active": "bob", "priority": "alice", "mana_pool": {"alice": "{U}{C}",
                                                                "bob": "{C}{C}{C}"},
             "objects": [{"handle": "bolt", "card": "Lightning Bolt", "zone": "stack",
                          "owner": "bob", "targets": ["alice"]},
                         {"handle": "leak", "card": "Mana Leak", "zone": "hand"}]}
    for pays, zone in ((True, "stack"), (False, "graveyard")):
        g = game(setup)
        g.perform({"type": "cast", "player": "alice", "object": "leak", "targets": ["bolt"]})
        g.perform({"type": "resolve", "choices": {"pay": pays}})
        assert observe(g, "zone", object="bolt") == zone


def test_overload_hits_each_permanent_its_target_describes() -> None:
    g = game({"mana_pool": {"alice": "{R}{C}{C}{C}{C}"}, "objects": [
        {"handle": "v", "card": "Vandalblast", "zone": "hand"},
        {"handle": "mine", "card": "Mind Stone", "zone": "battlefield", "owner": "alice"},
        {"handle": "a", "card": "Mind Stone", "zone": "battlefield", "owner": "bob"},
        {"handle": "b", "card": "Sol Ring", "zone": "battlefield", "owner": "bob"}]})
    g.perform({"type": "cast", "player": "alice", "object": "v", "alternative": "overload"})
    g.perform({"type": "resolve"})
    assert [observe(g, "zone", object=h) for h in ("mine", "a", "b")] == [
        "battlefield", "graveyard", "graveyard"]


def test_a_permission_from_a_permanent_gives_flash_only_to_its_controller() -> None:
    base: dict[str, Any] = {
        "active": "bob", "priority": "alice", "mana_pool": {"alice": "{B}{C}{C}{C}"},
        "objects": [{"card": "Hypersonic Dragon", "zone": "battlefield", "owner": "bob"},
                    {"handle": "z", "card": "Zombify", "zone": "hand"},
                    {"handle": "t", "card": "Grizzly Bears", "zone": "graveyard"}]}
    g = game(base)
    action = {"type": "cast", "player": "alice", "object": "z", "targets": ["t"]}
    assert _rejected(g, action) == "timing"


CHARM = {"name": "Test Charm", "mana_cost": "{R}", "types": ["Instant"], "abilities": [
    {"kind": "spell", "choose": 1, "modes": [
        {"targets": [{"name": "c", "kind": "creature"}],
         "effects": [{"type": "damage", "target": "c", "amount": 2}]},
        {"targets": [{"name": "p", "kind": "player"}],
         "effects": [{"type": "lose_life", "target": "p", "amount": 3}]}]}]}


def test_a_modal_spell_has_only_the_chosen_modes_targets_and_effects() -> None:
    setup = {"mana_pool": {"alice": "{R}"}, "objects": [
        {"handle": "charm", "card": "Test Charm", "zone": "hand"},
        {"handle": "bears", "card": "Grizzly Bears", "zone": "battlefield", "owner": "bob"}]}
    g = game(setup, cards=[CHARM])
    for bad in ({"modes": [0, 1]}, {"modes": [2]}, {}, {"modes": [0, 0]}):
        assert _rejected(g, {"type": "cast", "player": "alice", "object": "charm",
                             "targets": ["bears"], **bad}) == "illegal-choice"
    assert _rejected(g, {"type": "cast", "player": "alice", "object": "charm", "mode": 1,
                         "targets": ["bears"]}) == "illegal-target"
    g.perform({"type": "cast", "player": "alice", "object": "charm", "mode": 1,
               "targets": ["bob"]})
    g.perform({"type": "resolve"})
    assert observe(g, "life", player="bob") == 17
    assert observe(g, "damage", object="bears") == 0


def test_an_aftermath_half_is_cast_only_from_the_graveyard() -> None:
    setup = {"mana_pool": {"alice": "{G}{B}{C}{C}{C}{C}"}, "objects": [
        {"handle": "dl", "card": "Destined // Lead", "zone": "hand"},
        {"handle": "gy", "card": "Destined // Lead", "zone": "graveyard"},
        {"handle": "bears", "card": "Grizzly Bears", "zone": "battlefield"}]}
    g = game(setup)
    assert _rejected(g, {"type": "cast", "player": "alice", "object": "dl", "half": "Lead",
                         "targets": ["bears"]}) == "cannot-cast"
    assert _rejected(g, {"type": "cast", "player": "alice", "object": "gy",
                         "half": "Destined", "targets": ["bears"]}) == "cannot-cast"
    assert observe(g, "total_cost", player="alice", object="gy", half="Lead") == "{3}{G}"
    assert observe(g, "total_cost", player="alice", object="dl", half="Lead") is None
    g.perform({"type": "cast", "player": "alice", "object": "dl", "half": "Destined",
               "targets": ["bears"]})
    g.perform({"type": "resolve"})
    assert observe(g, "power", object="bears") == 3
    assert "indestructible" in observe(g, "keywords", object="bears")


def test_legal_target_follows_hexproof_and_zone_changes() -> None:
    g = game({"objects": [
        {"handle": "shock", "card": "Shock", "zone": "stack", "targets": ["bears"]},
        {"handle": "bears", "card": "Grizzly Bears", "zone": "battlefield", "owner": "bob"},
        {"handle": "scout", "card": "Gladecover Scout", "zone": "battlefield", "owner": "bob"},
        {"handle": "mine", "card": "Gladecover Scout", "zone": "battlefield"}]})
    assert observe(g, "legal_target", object="shock", target="bears") is True
    assert observe(g, "legal_target", object="shock", target="scout") is False
    assert observe(g, "legal_target", object="shock", target="mine") is True
    assert observe(g, "legal_target", object="shock", target="bob") is True
    assert observe(g, "legal_target", object="shock", target="shock") is False


def test_multikicker_can_be_paid_any_number_of_times() -> None:
    card = {"name": "Test Multikicker", "mana_cost": "{G}", "types": ["Sorcery"], "abilities": [
        {"kind": "keyword", "keyword": "multikicker", "cost": "{1}"},
        {"kind": "spell", "effects": []}]}
    g = game({"mana_pool": {"alice": "{G}{C}{C}{C}"}, "objects": [
        {"handle": "m", "card": "Test Multikicker", "zone": "hand"}]}, cards=[card])
    assert observe(g, "total_cost", player="alice", object="m", kicked=3) == "{3}{G}"
    g.perform({"type": "cast", "player": "alice", "object": "m", "kicked": 3})
    assert observe(g, "times_kicked", object="m") == 3
    assert observe(g, "kicked", object="m") is True


TWO = {"name": "Test Twin Bolt", "mana_cost": "{R}", "types": ["Instant"], "abilities": [
    {"kind": "spell", "targets": [{"name": "t", "kind": "creature", "count": [1, 2]}],
     "effects": [{"type": "damage", "target": "t", "amount": 1}]}]}


def test_a_slot_with_several_targets_takes_distinct_legal_ones() -> None:
    setup = {"mana_pool": {"alice": "{R}"}, "objects": [
        {"handle": "s", "card": "Test Twin Bolt", "zone": "hand"},
        {"handle": "a", "card": "Grizzly Bears", "zone": "battlefield", "owner": "bob"},
        {"handle": "b", "card": "Grizzly Bears", "zone": "battlefield", "owner": "bob"},
        {"handle": "c", "card": "Grizzly Bears", "zone": "battlefield", "owner": "bob"}]}
    g = game(setup, cards=[TWO])
    cast = {"type": "cast", "player": "alice", "object": "s"}
    assert _rejected(g, {**cast, "targets": ["a", "a"]}) == "illegal-target"
    assert _rejected(g, {**cast, "targets": ["a", "b", "c"]}) == "illegal-target"
    assert _rejected(g, {**cast, "targets": []}) == "illegal-target"
    g.perform({**cast, "targets": {"t": ["a", "b"]}})
    assert observe(g, "targets", object="s") == ["a", "b"]
    g.perform({"type": "resolve"})
    assert [observe(g, "damage", object=h) for h in "abc"] == [1, 1, 0]


#: The halves' mana values, restated from their printed costs: Wear {1}{R}, Tear {W}.
_WEAR_TEAR = {"Wear": 2, "Tear": 1, "fused": 3}
_WT_TARGETS = {"Wear": ["stone"], "Tear": ["paci"], "fused": ["stone", "paci"]}


@pytest.mark.parametrize("x", range(1, 4))
@pytest.mark.parametrize("half", sorted(_WEAR_TEAR))
def test_a_free_cast_limit_on_mana_value_checks_the_spell_as_cast(x: int, half: str) -> None:
    """Electrodominance ("a spell with mana value X or less", 608.2g) may cast a split card as
    a half whose own mana value fits, whatever the card's combined value in hand, and fused
    only if both halves together fit (709.3a, 601.3e, 702.102c)."""
    setup = {"mana_pool": {"alice": "{R}{R}" + "{C}" * x}, "objects": [
        {"handle": "dom", "card": "Electrodominance", "zone": "hand"},
        {"handle": "wt", "card": "Wear // Tear", "zone": "hand"},
        {"handle": "bears", "card": "Grizzly Bears", "zone": "battlefield"},
        {"handle": "stone", "card": "Mind Stone", "zone": "battlefield", "owner": "bob"},
        {"handle": "paci", "card": "Pacifism", "zone": "battlefield", "owner": "bob",
         "attached_to": "bears"}]}
    g = game(setup)
    g.perform({"type": "cast", "player": "alice", "object": "dom", "targets": ["bob"], "x": x})
    answer = {"object": "wt", "half": half, "targets": _WT_TARGETS[half]}
    resolve = {"type": "resolve", "choices": {"free_cast": answer}}
    if _WEAR_TEAR[half] > x:
        assert _rejected(g, resolve) == "illegal-choice"
        assert observe(g, "zone", object="wt") == "hand"
        return
    g.perform(resolve)
    assert observe(g, "stack") == ["Wear // Tear" if half == "fused" else half]
    g.perform({"type": "resolve"})
    assert observe(g, "zone", object="stone") == ("graveyard" if half != "Tear" else "battlefield")
    assert observe(g, "zone", object="paci") == ("graveyard" if half != "Wear" else "battlefield")
