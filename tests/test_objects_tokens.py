"""Tokens and copies (CR 111, 707): names from subtypes, token copies, last known information,
double-faced tokens."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from reference_engine.objects.copies import CopySource, copiable_values
from reference_engine.objects.tokens import create_token, create_token_copy, token_name
from tests.helpers import game, observe

WORDS = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", min_size=1,
                max_size=8)


def _oracle_token_name(subtypes: list[str], name: str | None) -> str:
    """CR 111.4 restated: the given name, else the subtypes followed by the word Token."""
    if name:
        return name
    return " ".join([*subtypes, "Token"])


@given(st.lists(WORDS, max_size=4), st.one_of(st.none(), WORDS))
def test_an_unnamed_token_is_its_subtypes_plus_token(subtypes: list[str],
                                                    name: str | None) -> None:
    g = game({"objects": []})
    spec: dict[str, Any] = {"types": ["Creature"], "subtypes": subtypes, "power": 1,
                            "toughness": 1}
    if name is not None:
        spec["name"] = name
    token = create_token(g.state, spec, "alice")
    expected = _oracle_token_name(subtypes, name)
    assert token_name(subtypes, name) == expected
    assert g.chars(token).name == expected
    assert list(g.chars(token).subtypes) == subtypes
    assert observe(g, "tokens", player="alice") == [expected]


def test_raise_the_alarm_creates_two_soldier_tokens_that_are_new_objects() -> None:
    g = game({"objects": [{"handle": "alarm", "card": "Raise the Alarm", "zone": "stack"}]})
    g.perform({"type": "resolve"})
    assert observe(g, "tokens", player="alice") == ["Soldier Token", "Soldier Token"]
    tokens = [o for o in g.state.battlefield() if o.is_token]
    assert len({o.id for o in tokens}) == 2
    assert all(o.controlled_since == g.state.turn for o in tokens)


def test_a_token_copy_copies_copiable_values_not_status_or_counters() -> None:
    g = game({"objects": [
        {"handle": "bears", "card": "Grizzly Bears", "tapped": True,
         "counters": {"+1/+1": 3}, "kicked": 1},
    ]})
    bears = g.state.by_handle("bears")
    token = create_token_copy(g.state, copiable_values(g.state, bears), "bob")
    chars = g.chars(token)
    assert (chars.name, chars.power, chars.toughness) == ("Grizzly Bears", 2, 2)
    assert not token.tapped and token.counters == {} and token.kicked == 0
    assert token.controller == "bob" and token.is_token


def test_a_copy_of_a_copy_copies_what_the_first_copied() -> None:
    g = game({"objects": [
        {"handle": "servant", "card": "Painter's Servant", "zone": "library"},
        {"handle": "thopter", "card": "Ornithopter"},
    ], "effects": [{"type": "copy", "of": "servant", "affected": ["thopter"]}],
        "choices": {"color": "red"}})
    source = copiable_values(g.state, g.state.by_handle("thopter"))
    assert source.card.name == "Painter's Servant"
    assert "color" not in g.state.by_handle("thopter").choices  # became a copy after entering
    token = create_token_copy(g.state, source, "alice")
    assert g.chars(token).name == "Painter's Servant"
    # The token enters as a copy, so its "as enters" choice is made (CR 614.12, 707.5).
    assert token.choices == {"color": "red"}


@given(st.booleans())
def test_a_token_copy_of_a_double_faced_permanent_keeps_its_face(back: bool) -> None:
    g = game({"objects": [{"handle": "delver", "card": "Delver of Secrets // Insectile Aberration",
                           "face": "back" if back else "front"}]})
    source = copiable_values(g.state, g.state.by_handle("delver"))
    token = create_token_copy(g.state, source, "alice")
    assert token.card.is_double_faced and token.transformed == back
    name = "Insectile Aberration" if back else "Delver of Secrets"
    assert g.chars(token).name == name
    # 202.3b / 712.8e: copying a back face gives mana value 0; the front face keeps its own.
    assert g.chars(token).mana_value() == (0 if back else 1)


def test_last_known_copiable_values_outlive_the_object() -> None:
    g = game({"objects": [{"handle": "bears", "card": "Grizzly Bears"}]})
    old_id = g.state.by_handle("bears").id
    g.state.move(g.state.by_handle("bears"), "graveyard")
    assert old_id not in g.state.objects
    from reference_engine.objects.copies import last_known

    lki = last_known(g.state, old_id)
    assert isinstance(lki, CopySource) and lki.card.name == "Grizzly Bears"


KEYWORDS = ["flying", "deathtouch", "lifelink", "trample", "vigilance", "haste", "reach"]


@given(st.lists(st.sampled_from(KEYWORDS), unique=True, max_size=4),
       st.lists(st.sampled_from(KEYWORDS), unique=True, max_size=2))
def test_a_token_descriptions_keywords_are_its_keyword_abilities(words: list[str],
                                                                  given_abilities: list[str]
                                                                  ) -> None:
    """The token description's ``keywords`` list (documented beside ``abilities``) gives the
    token those keyword abilities, with any it lists as abilities (CR 111.1)."""
    g = game({"objects": []})
    spec: dict[str, Any] = {"types": ["Creature"], "subtypes": ["Bird"], "power": 1,
                            "toughness": 1, "keywords": [w.title() for w in words],
                            "abilities": [{"kind": "keyword", "keyword": w}
                                          for w in given_abilities]}
    token = create_token(g.state, spec, "alice")
    assert set(g.chars(token).keywords) == set(words) | set(given_abilities)
