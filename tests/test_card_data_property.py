"""Card data that validates never crashes the engine (issue 38).

Card data is drawn from the whole vocabulary the engine registers (every ability kind, effect,
layer operation, amount, condition, trigger event and filter key, with values of each
parameter's declared type), and the card is put in any zone beside a few ordinary objects.
Either validation rejects it with a located problem, or every query on it, and a few actions,
answer without an exception other than the engine's own located errors: a setup error (the
card data or the case can't be used, said in words) or a rules violation (an action the rules
forbid).
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conformance.spec.catalog import default_spec
from reference_engine import CardCatalog, Game, RulesViolation, SetupError, parse_card
from reference_engine.core.errors import CardDataError
from reference_engine.validation import check_card_data, entries
from tests.helpers import eras

VOCAB = entries()
NAMES = {table: sorted(VOCAB[table]) for table in VOCAB}
FILTER_KEYS = ["type", "subtype", "color", "controller", "other", "name", "keyword",
               "mana_value", "power_max", "tapped", "colorless", "not", "any"]
WORDS = ["self", "controller", "t", "you", "opponent", "battlefield", "hand", "green",
         "Creature", "Forest", "moved", "each_opponent", "any", "{G}", "X"]
ZONES = ["battlefield", "hand", "graveyard", "library", "exile"]

scalars = st.one_of(st.integers(-2, 5), st.booleans(), st.sampled_from(WORDS))


def _amounts() -> st.SearchStrategy[Any]:
    table = st.builds(lambda name, arg: {name: arg}, st.sampled_from(NAMES["amounts"]),
                      st.one_of(scalars, st.fixed_dictionaries({}, optional={
                          "filter": st.just({"type": "Creature"}),
                          "zone": st.sampled_from(ZONES), "kind": st.just("+1/+1")})))
    return st.one_of(st.integers(0, 4), st.just("X"), table)


AMOUNTS = _amounts()
FILTERS = st.dictionaries(st.sampled_from(FILTER_KEYS), scalars, max_size=2)
CONDITIONS = st.builds(lambda name, arg: {name: arg}, st.sampled_from(NAMES["conditions"]),
                       st.one_of(scalars, FILTERS))


def _value(kind: str, depth: int) -> st.SearchStrategy[Any]:
    """A value of a parameter type (docs/card-vocabulary.md's types)."""
    if kind == "int":
        return st.integers(-1, 4)
    if kind == "bool":
        return st.booleans()
    if kind in ("str", "ref", "player"):
        return st.sampled_from(WORDS)
    if kind == "amount":
        return AMOUNTS
    if kind == "filter":
        return FILTERS
    if kind == "condition":
        return CONDITIONS
    if kind == "mana":
        return st.sampled_from(["{G}", "{1}{R}", "{X}", ""])
    if kind in ("colors", "words"):
        return st.lists(st.sampled_from(["green", "red", "Creature", "battlefield"]),
                        max_size=2)
    if kind == "op":
        return _entry("operations", "type", depth)
    if kind == "ops":
        return st.lists(_entry("operations", "type", depth), max_size=2)
    if kind == "effects":
        return st.lists(_entry("effects", "type", depth), min_size=1, max_size=2)
    if kind == "trigger":
        return _entry("trigger events", "event", depth)
    if kind == "targets":
        return st.lists(st.fixed_dictionaries(
            {"name": st.just("t"), "kind": st.sampled_from(["creature", "player", "any",
                                                            "permanent", "card"])}),
            max_size=1)
    if kind == "rule":
        return st.sampled_from(NAMES["static rules"])
    if kind == "cost":
        return st.fixed_dictionaries({}, optional={"mana": st.sampled_from(["{G}", "{1}"]),
                                                   "tap": st.booleans()})
    return scalars  # "any", "table", "token", "abilities": something a card might say


def _entry(table: str, key: str, depth: int) -> st.SearchStrategy[dict[str, Any]]:
    """A table naming an entry of ``table`` by ``key``, with some of its parameters."""
    if depth > 2:
        return st.just({key: NAMES[table][0]})

    @st.composite
    def build(draw: st.DrawFn) -> dict[str, Any]:
        name = draw(st.sampled_from(NAMES[table]))
        out: dict[str, Any] = {key: name}
        for p in VOCAB[table][name].params:
            if p.name != key and (p.required or draw(st.booleans())):
                out[p.name] = draw(_value(p.type, depth + 1))
        return out
    return build()


ABILITIES = st.lists(_entry("ability kinds", "kind", 0), min_size=1, max_size=2)

QUERIES = [{"query": q, "object": "x"} for q in ("power", "toughness", "colors", "types",
                                                  "subtypes", "mana_value", "keywords",
                                                  "zone")]
QUERIES += [{"query": "domain", "player": "alice"}, {"query": "life", "player": "alice"},
            {"query": "power", "object": "bears"}, {"query": "colors", "object": "bears"},
            {"query": "stack"}]
ACTIONS = [{"type": "pass_priority", "player": "alice"},
           {"type": "cast", "player": "alice", "object": "x"},
           {"type": "activate", "player": "alice", "object": "x"},
           {"type": "advance", "to": "upkeep"}]
ALLOWED = (SetupError, CardDataError, RulesViolation)


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(abilities=ABILITIES, zone=st.sampled_from(ZONES), card_types=st.sampled_from(
    [["Creature"], ["Instant"], ["Enchantment"], ["Land"], ["Artifact", "Creature"]]))
def test_card_data_that_validates_never_crashes_the_engine(
        abilities: list[dict[str, Any]], zone: str, card_types: list[str]) -> None:
    card = {"name": "Test Vocabulary Card", "layout": "normal", "mana_cost": "{1}{G}",
            "types": card_types, "power": 2, "toughness": 2, "oracle_text": "(drawn)",
            "abilities": abilities}
    problems = check_card_data(card)
    if problems:
        assert all(p.path and p.message for p in problems)  # located, in words
        return
    spec = default_spec()
    cards = [card, spec.card("Grizzly Bears"), spec.card("Forest")]
    setup = {"mana_pool": {"alice": "{G}{G}{G}"},
             "objects": [{"handle": "x", "card": card["name"], "zone": zone, "owner": "alice"},
                         {"handle": "bears", "card": "Grizzly Bears", "zone": "battlefield",
                          "owner": "bob"},
                         {"handle": "forest", "card": "Forest", "zone": "battlefield",
                          "owner": "alice"}]}
    try:
        game = Game.from_setup(setup, catalog=CardCatalog(parse_card(c) for c in cards if c),
                               era=eras()["modern"])
    except ALLOWED:
        return
    for query in QUERIES:
        try:
            game.observe(query)
        except ALLOWED:
            pass
    for action in ACTIONS:
        try:
            game.perform(action)
        except ALLOWED:
            pass
        for query in QUERIES[:3]:
            try:
                game.observe(query)
            except ALLOWED:
                pass


def test_a_value_of_the_wrong_shape_is_a_located_setup_error() -> None:
    """What the property relies on, shown once: a filter value of the wrong shape inside a
    static ability (a number where card types go) is a setup error naming the filter key and
    the value, not a TypeError from inside the layer system."""
    import pytest

    card = {"name": "Test Odd Anthem", "layout": "normal", "mana_cost": "{1}",
            "types": ["Enchantment"], "oracle_text": "(odd)",
            "abilities": [{"kind": "static", "affected": {"type": 3},
                           "effect": {"type": "modify_pt", "power": 1, "toughness": 1}}]}
    assert check_card_data(card) == []  # the vocabulary does not type filter values
    spec = default_spec()
    # Read at setup (a setup hook computes characteristics) or at the first observation: either
    # way a located SetupError, never a TypeError.
    with pytest.raises(SetupError, match=r"filter key 'type' = 3 can't be read"):
        game = Game.from_setup(
            {"objects": [{"handle": "x", "card": card["name"], "zone": "battlefield",
                          "owner": "alice"},
                         {"handle": "bears", "card": "Grizzly Bears", "zone": "battlefield",
                          "owner": "bob"}]},
            catalog=CardCatalog(parse_card(c) for c in (card, spec.card("Grizzly Bears")) if c),
            era=eras()["modern"])
        game.observe({"query": "power", "object": "bears"})
