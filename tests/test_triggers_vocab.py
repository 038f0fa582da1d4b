"""Triggered abilities that target (CR 603.3d), look-back triggers (603.10a), cast triggers with
filters (603.2), delayed triggers (603.7) and Aura attachment (303.4), checked against
independent restatements of the rules for any board."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference_engine import RulesViolation, SetupError
from tests.helpers import game, observe

#: Creatures a board is made of: (card, power, toughness).
CREATURES = [("Grizzly Bears", 2, 2), ("Llanowar Elves", 1, 1), ("Giant Spider", 2, 4),
             ("Colossal Dreadmaw", 6, 6)]


def _board(entries: list[tuple[tuple[str, int, int], str]]) -> list[dict[str, Any]]:
    return [{"handle": f"k{i}", "card": card[0], "zone": "battlefield", "owner": owner}
            for i, (card, owner) in enumerate(entries)]


def _enters(g: Any, card: str, choices: dict[str, Any] | None = None) -> None:
    """Resolve the creature spell ``card`` on the stack, its enters trigger going on the stack."""
    g.perform({"type": "resolve", "choices": choices or {}})


@given(st.lists(st.tuples(st.sampled_from(CREATURES), st.sampled_from(["alice", "bob"])),
                max_size=4), st.data())
def test_chupacabra_targets_only_an_opponents_creature(
        board: list[tuple[tuple[str, int, int], str]], data: st.DataObject) -> None:
    """603.3d: the ability needs a creature an opponent controls; with none it is removed;
    with one it is chosen; a chosen creature of its controller is rejected."""
    setup = {"objects": [*_board(board), {"handle": "chupa", "card": "Ravenous Chupacabra",
                                          "zone": "stack", "owner": "alice"}]}
    g = game(setup)
    bobs = [f"k{i}" for i, (_, owner) in enumerate(board) if owner == "bob"]
    handles = [f"k{i}" for i in range(len(board))]
    if bobs and (len(bobs) > 1 or (handles and data.draw(st.booleans()))):
        pick = data.draw(st.sampled_from(handles))
        if pick not in bobs:
            with pytest.raises(RulesViolation):
                _enters(g, "chupa", {"trigger_targets": {"chupa": pick}})
            assert observe(g, "zone", object="chupa") == "stack"  # nothing changed
            return
        _enters(g, "chupa", {"trigger_targets": {"chupa": pick}})
    else:
        _enters(g, "chupa")
        pick = bobs[0] if bobs else None
    if pick is None:
        assert observe(g, "stack") == []
        return
    g.perform({"type": "resolve"})
    for h in handles:
        assert observe(g, "zone", object=h) == ("graveyard" if h == pick else "battlefield")


@given(st.lists(st.tuples(st.sampled_from(CREATURES), st.sampled_from(["alice", "bob"])),
                max_size=5), st.booleans())
def test_dies_triggers_count_creatures_dying_together(
        board: list[tuple[tuple[str, int, int], str]], zulaport: bool) -> None:
    """603.10a: Blood Artist (any creature) or Zulaport Cutthroat (creatures you control),
    destroyed with the others, triggers once per creature that died with it, itself
    included."""
    watcher = "Zulaport Cutthroat" if zulaport else "Blood Artist"
    setup = {"mana_pool": {"alice": "{W}{W}{W}{W}"}, "choices": {
        "trigger_targets": {"watcher": "bob"}}, "objects": [
        {"handle": "watcher", "card": watcher, "zone": "battlefield", "owner": "alice"},
        *_board(board),
        {"handle": "doj", "card": "Day of Judgment", "zone": "hand", "owner": "alice"}]}
    g = game(setup)
    g.perform({"type": "cast", "player": "alice", "object": "doj"})
    g.perform({"type": "resolve"})
    counted = sum(1 for _, owner in board if owner == "alice" or not zulaport) + 1
    assert observe(g, "stack") == [f"ability of {watcher}"] * counted
    g.perform({"type": "resolve", "count": counted})
    assert observe(g, "life", player="bob") == 20 - counted
    assert observe(g, "life", player="alice") == 20 + counted


#: Spells a player may cast, with the facts the filters ask about: (card, mana, targets,
#: mana value, is an instant or sorcery, is a creature).
SPELLS = [("Lightning Bolt", "{R}", ["bob"], 1, True, False),
          ("Grizzly Bears", "{G}{G}", [], 2, False, True),
          ("Colossal Dreadmaw", "{G}{G}{G}{G}{G}{G}", [], 6, False, True),
          ("Diabolic Edict", "{B}{B}", ["bob"], 2, True, False)]
#: Watchers of casting and who they drain or damage (caster side, filter) restated.
WATCHERS = {
    "Guttersnipe": lambda caster, s: caster == "alice" and s[4],
    "Eidolon of the Great Revel": lambda caster, s: s[3] <= 3,
    "Kambal, Consul of Allocation": lambda caster, s: caster == "bob" and not s[5],
}


@given(st.sampled_from(sorted(WATCHERS)), st.sampled_from(SPELLS),
       st.sampled_from(["alice", "bob"]))
def test_cast_triggers_follow_their_filters(watcher: str, spell: tuple[Any, ...],
                                            caster: str) -> None:
    """601.2i, 603.2: a cast trigger triggers once the spell is cast, if the caster and the
    spell fit its description."""
    other = "bob" if caster == "alice" else "alice"
    targets = [other] if spell[2] else []
    g = game({"active": caster, "mana_pool": {caster: spell[1]}, "objects": [
        {"handle": "w", "card": watcher, "zone": "battlefield", "owner": "alice"},
        {"handle": "spell", "card": spell[0], "zone": "hand", "owner": caster}]})
    g.perform({"type": "cast", "player": caster, "object": "spell", "targets": targets})
    triggered = WATCHERS[watcher](caster, spell)
    expected = [spell[0]] + ([f"ability of {watcher}"] if triggered else [])
    assert observe(g, "stack") == expected


@given(st.lists(st.sampled_from(CREATURES), min_size=1, max_size=4), st.data())
def test_an_aura_spell_enters_attached_to_its_target(creatures: list[tuple[str, int, int]],
                                                     data: st.DataObject) -> None:
    """303.4a, 608.3c: Rancor enters attached to the creature it targeted and gives +2/+0."""
    pick = data.draw(st.integers(0, len(creatures) - 1))
    g = game({"mana_pool": {"alice": "{G}"}, "objects": [
        *_board([(c, "bob") for c in creatures]),
        {"handle": "rancor", "card": "Rancor", "zone": "hand", "owner": "alice"}]})
    g.perform({"type": "cast", "player": "alice", "object": "rancor",
               "targets": [f"k{pick}"]})
    g.perform({"type": "resolve"})
    assert observe(g, "attached_to", object="rancor") == f"k{pick}"
    for i, (_, power, _) in enumerate(creatures):
        assert observe(g, "power", object=f"k{i}") == power + (2 if i == pick else 0)


def test_an_unanswered_trigger_target_names_the_choice() -> None:
    """The message names the choice, the source and the options."""
    g = game({"objects": [
        {"handle": "a", "card": "Grizzly Bears", "zone": "battlefield", "owner": "bob"},
        {"handle": "b", "card": "Llanowar Elves", "zone": "battlefield", "owner": "bob"},
        {"handle": "kavu", "card": "Flametongue Kavu", "zone": "stack", "owner": "alice"}]})
    with pytest.raises(SetupError, match=r"the case must answer choice 'trigger_targets' for "
                                         r"the triggered ability of kavu \(slot 't', 1-1 of "
                                         r"\['a', 'b', 'kavu'\]\)"):
        g.perform({"type": "resolve"})
    assert observe(g, "zone", object="kavu") == "stack"


def test_a_delayed_trigger_fires_once() -> None:
    """603.7c: Sneak Attack's delayed sacrifice triggers at the next end step only."""
    g = game({"mana_pool": {"alice": "{R}"}, "objects": [
        {"handle": "sneak", "card": "Sneak Attack", "zone": "battlefield", "owner": "alice"},
        {"handle": "bears", "card": "Grizzly Bears", "zone": "hand", "owner": "alice"}]})
    g.perform({"type": "activate", "player": "alice", "object": "sneak", "ability": 0})
    g.perform({"type": "resolve", "choices": {"put": "none"}})
    g.perform({"type": "advance", "to": "end"})
    assert observe(g, "stack") == ["ability of Sneak Attack"]
    g.perform({"type": "resolve"})
    g.perform({"type": "advance", "to": "end"})
    assert observe(g, "stack") == []


def test_trigger_targets_may_name_the_source_by_card_name() -> None:
    """The answer is looked up by the source's handle, then by its card name."""
    g = game({"objects": [
        {"handle": "a", "card": "Grizzly Bears", "zone": "battlefield", "owner": "bob"},
        {"handle": "b", "card": "Llanowar Elves", "zone": "battlefield", "owner": "bob"},
        {"handle": "kavu", "card": "Flametongue Kavu", "zone": "stack", "owner": "alice"}]})
    g.perform({"type": "resolve",
               "choices": {"trigger_targets": {"Flametongue Kavu": "b"}}})
    assert observe(g, "stack_objects")[0]["targets"] == ["b"]


# -- "you may" triggered abilities (CR 603.5, issue 38) ----------------------------------------

@given(st.integers(1, 4), st.lists(st.sampled_from([True, False, None]), min_size=1,
                                   max_size=4))
def test_a_may_trigger_is_chosen_as_each_resolves(count: int,
                                                  answers: list[bool | None]) -> None:
    """603.5: each Soul's Attendant trigger goes on the stack whatever its controller will
    choose; as each resolves the answer to ``may`` decides whether she gains the life, and an
    unanswered ``may`` accepts (the documented default). Restated: life = 20 + the number of
    resolutions not answered false."""
    answers = (answers * count)[:count]
    attendants = [{"handle": f"a{i}", "card": "Soul's Attendant", "zone": "battlefield",
                   "owner": "alice"} for i in range(count)]
    g = game({"mana_pool": {"alice": "{G}{G}"},
              "objects": [*attendants, {"handle": "bears", "card": "Grizzly Bears",
                                        "zone": "hand", "owner": "alice"}]})
    g.perform({"type": "cast", "player": "alice", "object": "bears"})
    g.perform({"type": "resolve"})
    assert len(observe(g, "stack")) == count  # every one triggered, however it will be answered
    for answer in answers:
        g.perform({"type": "resolve", "choices": {} if answer is None else {"may": answer}})
    assert observe(g, "stack") == []
    assert observe(g, "life", player="alice") == 20 + sum(a is not False for a in answers)


def test_a_may_answer_that_is_not_yes_or_no_is_an_illegal_choice() -> None:
    """The answer to ``may`` is true or false; anything else rejects the action
    (illegal-choice) and leaves the ability on the stack."""
    g = game({"mana_pool": {"alice": "{G}{G}"},
              "objects": [{"handle": "a", "card": "Soul's Attendant", "zone": "battlefield",
                           "owner": "alice"},
                          {"handle": "bears", "card": "Grizzly Bears", "zone": "hand",
                           "owner": "alice"}]})
    g.perform({"type": "cast", "player": "alice", "object": "bears"})
    g.perform({"type": "resolve"})
    with pytest.raises(RulesViolation, match="is not one of the options"):
        g.perform({"type": "resolve", "choices": {"may": "maybe"}})
    assert observe(g, "stack") == ["ability of Soul's Attendant"]


MAY_MANA = {"name": "Test Optional Mana Trigger", "layout": "normal", "mana_cost": "{2}",
            "types": ["Artifact"], "oracle_text": "Whenever a player taps a Forest for mana, "
            "that player may add an additional {G}.",
            "abilities": [{"kind": "triggered", "optional": True,
                           "trigger": {"event": "tapped_for_mana",
                                       "filter": {"subtype": "Forest"}},
                           "effects": [{"type": "add_mana", "mana": "{G}",
                                        "to": "event_player"}]}]}


@pytest.mark.parametrize("answer", [True, False])
def test_an_optional_triggered_mana_ability_is_chosen_as_it_resolves(answer: bool) -> None:
    """605.4a with 603.5: a "may add" triggered mana ability resolves at once, and its
    controller chooses then whether to add the mana."""
    g = game({"objects": [{"handle": "t", "card": MAY_MANA["name"], "zone": "battlefield",
                           "owner": "alice"},
                          {"handle": "forest", "card": "Forest", "zone": "battlefield",
                           "owner": "alice"}]}, cards=[MAY_MANA])
    g.perform({"type": "activate", "player": "alice", "object": "forest",
               "choices": {"may": answer}})
    assert observe(g, "mana_pool", player="alice") == ("{G}{G}" if answer else "{G}")
