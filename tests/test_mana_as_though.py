"""Spending mana as though it were mana of any color (CR 609.4b) and cards that can't enter
the battlefield (614.17d), against restatements."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from reference_engine import RulesViolation
from tests.helpers import game, observe

_COLORS = "WUBRG"


@settings(max_examples=10)
@given(st.sampled_from(_COLORS), st.sampled_from(_COLORS + "C"),
       st.sampled_from((None, "you", "each")), st.booleans())
def test_any_color_spending_pays_a_colored_symbol_for_the_players_it_names(
        needed: str, paid: str, players: str | None, opponents_permanent: bool) -> None:
    """609.4b restated: a {needed} spell is payable with one {paid} mana when the colors match,
    or when a spend-as-any-color rule names the caster: "you" (its controller) or "each"."""
    cards = [{"name": "Test Spell", "types": ["Sorcery"], "mana_cost": "{" + needed + "}",
              "abilities": [{"kind": "spell", "effects": [{"type": "gain_life", "amount": 1}]}]},
             {"name": "Test Orrery", "types": ["Artifact"], "mana_cost": "",
              "abilities": [{"kind": "static", "rule": "spend_as_any_color",
                             "players": players or "you"}]}]
    objects = [{"handle": "s", "card": "Test Spell", "zone": "hand", "owner": "alice"}]
    if players is not None:
        objects.append({"handle": "o", "card": "Test Orrery", "zone": "battlefield",
                        "owner": "bob" if opponents_permanent else "alice"})
    g = game({"mana_pool": {"alice": "{" + paid + "}"}, "objects": objects}, cards=cards)
    assert observe(g, "total_cost", player="alice", object="s") == "{" + needed + "}"
    names_alice = players == "each" or (players == "you" and not opponents_permanent)
    allowed = paid == needed or names_alice
    try:
        g.perform({"type": "cast", "player": "alice", "object": "s"})
        cast = True
    except RulesViolation:
        cast = False
    assert cast is allowed


@settings(max_examples=10)
@given(st.sampled_from(("graveyard", "library", "hand")),
       st.lists(st.sampled_from(("graveyard", "library", "hand", "exile")), max_size=2,
                unique=True))
def test_a_cant_enter_rule_stops_only_cards_in_the_zones_it_names(
        zone: str, covered: list[str]) -> None:
    """614.17d restated: a creature card put onto the battlefield from ``zone`` stays there when
    a cant_enter rule covers creature cards in that zone, and enters otherwise."""
    cards = [{"name": "Test Cage", "types": ["Artifact"], "mana_cost": "",
              "abilities": [{"kind": "static", "rule": "cant_enter",
                             "affected": {"type": "Creature", "zone": covered or ["command"]}}]}]
    objects = [{"handle": "cage", "card": "Test Cage", "zone": "battlefield", "owner": "bob"},
               {"handle": "bears", "card": "Grizzly Bears", "zone": zone, "owner": "alice"}]
    g = game({"objects": objects}, cards=cards)
    g.perform({"type": "put_onto_battlefield", "object": "bears"})
    expected = zone if zone in covered else "battlefield"
    assert observe(g, "zone", object="bears") == expected
