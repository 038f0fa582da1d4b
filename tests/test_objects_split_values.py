"""Effects keyed to a value of a split card, in both eras (CR 709.4, 2000 Invasion FAQ):
Void (a match question), Infernal Genesis (a value question), Persecute (a color)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from conformance.spec.catalog import default_spec
from reference_engine.core.symbols import parse_mana_cost
from tests.helpers import game, observe

SPLITS = ["Wax // Wane", "Assault // Battery", "Fire // Ice", "Order // Chaos", "Wear // Tear",
          "Destined // Lead"]
ERAS = ["invasion-2000", "modern"]


def _half_values(card: str) -> list[int]:
    data = default_spec().card(card)
    assert data is not None
    return [parse_mana_cost(f["mana_cost"]).mana_value() for f in data["faces"]]


def _oracle_void_discards(card: str, era: str, n: int) -> bool:
    """2000: one answer to "does it match?", yes if either half does; modern: the sum."""
    values = _half_values(card)
    return n in values if era == "invasion-2000" else n == sum(values)


def _oracle_genesis_tokens(card: str, era: str) -> int:
    """2000: both answers are used ("1, and 1"); modern: the combined mana value."""
    return sum(_half_values(card))


@given(st.sampled_from(SPLITS), st.sampled_from(ERAS), st.integers(min_value=0, max_value=8))
def test_void_discards_a_split_card_as_its_era_says(card: str, era: str, n: int) -> None:
    g = game({"objects": [
        {"handle": "split", "card": card, "zone": "hand", "owner": "bob"},
        {"handle": "void", "card": "Void", "zone": "stack", "targets": ["bob"]},
    ]}, era=era)
    g.perform({"type": "resolve", "choices": {"number": n}})
    discarded = observe(g, "zone", object="split") == "graveyard"
    assert discarded == _oracle_void_discards(card, era, n)


@given(st.sampled_from(SPLITS), st.sampled_from(ERAS))
def test_infernal_genesis_makes_tokens_for_every_answer(card: str, era: str) -> None:
    g = game({"objects": [
        {"card": "Infernal Genesis"},
        {"handle": "top", "card": card, "zone": "library", "owner": "bob"},
        {"card": "Grizzly Bears", "zone": "library", "owner": "bob"},
    ]}, era=era)
    g.perform({"type": "advance", "to": "upkeep"})
    g.perform({"type": "resolve"})
    assert len(observe(g, "tokens", player="bob")) == _oracle_genesis_tokens(card, era)


@given(st.sampled_from(ERAS), st.sampled_from(["white", "blue", "black", "red", "green"]))
def test_persecute_discards_wax_wane_for_either_of_its_colors(era: str, color: str) -> None:
    g = game({"objects": [
        {"handle": "ww", "card": "Wax // Wane", "zone": "hand", "owner": "bob"},
        {"card": "Persecute", "zone": "stack", "targets": ["bob"]},
    ]}, era=era)
    g.perform({"type": "resolve", "choices": {"color": color}})
    assert (observe(g, "zone", object="ww") == "graveyard") == (color in ("white", "green"))


def test_void_with_an_undefined_number_would_do_nothing() -> None:
    from reference_engine.core.context import ResolveContext
    from reference_engine.layers.values import with_choices

    g = game({"objects": [{"handle": "void", "card": "Void", "zone": "stack",
                           "targets": ["bob"]}]})
    ctx = ResolveContext(state=g.state, obj=g.state.by_handle("void"), controller="alice")
    assert with_choices(ctx, {"mana_value": {"choice": "number"}}) is None
    ctx.obj.choices["number"] = 3
    assert with_choices(ctx, {"mana_value": {"choice": "number"}}) == {"mana_value": 3}
