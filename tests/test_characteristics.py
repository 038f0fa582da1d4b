"""Characteristics rules with parameters: split cards (CR 709.4), double-faced cards (CR 712.8),
color changes in timestamp order (CR 613.7), per era."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from generators import card_faces, split_cards
from reference_engine import parse_mana_cost
from reference_engine.core.symbols import colors_in_order

from .helpers import game, observe


def _mv(face: dict[str, Any]) -> int:
    return parse_mana_cost(face["mana_cost"]).mana_value()


def _colors(*faces: dict[str, Any]) -> list[str]:
    out: set[Any] = set()
    for f in faces:
        out |= parse_mana_cost(f["mana_cost"]).colors
    return colors_in_order(out)


@given(split_cards(), st.sampled_from(["hand", "library", "graveyard", "exile"]))
def test_modern_split_card_off_stack_combines_halves(card: dict[str, Any], zone: str) -> None:
    g = game({"objects": [{"handle": "s", "card": card["name"], "zone": zone}]}, cards=[card])
    left, right = card["faces"]
    assert observe(g, "mana_value", object="s") == _mv(left) + _mv(right)
    assert observe(g, "colors", object="s") == _colors(left, right)
    assert observe(g, "names", object="s") == [left["name"], right["name"]]


@given(split_cards())
def test_invasion_split_card_answers_both_values(card: dict[str, Any]) -> None:
    g = game({"objects": [{"handle": "s", "card": card["name"], "zone": "hand"}]},
             era="invasion-2000", cards=[card])
    left, right = card["faces"]
    assert observe(g, "mana_value", object="s") == [_mv(left), _mv(right)]
    for value in {_mv(left), _mv(right)}:
        assert observe(g, "matches", object="s", filter={"mana_value": value}) is True
    total = _mv(left) + _mv(right)
    if total not in (_mv(left), _mv(right)):
        assert observe(g, "matches", object="s", filter={"mana_value": total}) is False


@given(split_cards(), st.booleans())
def test_split_card_on_stack_is_only_the_cast_half(card: dict[str, Any], right: bool) -> None:
    half = card["faces"][int(right)]
    for era in ("modern", "invasion-2000"):
        g = game({"objects": [{"handle": "s", "card": card["name"], "zone": "stack",
                               "half": half["name"]}]}, era=era, cards=[card])
        assert observe(g, "mana_value", object="s") == _mv(half)
        assert observe(g, "colors", object="s") == _colors(half)
        assert observe(g, "name", object="s") == half["name"]


@given(card_faces(), card_faces(), st.sampled_from(["battlefield", "graveyard", "hand"]),
       st.booleans())
def test_dfc_mana_value_is_the_front_faces(front: dict[str, Any], back: dict[str, Any],
                                           zone: str, back_up: bool) -> None:
    back = {k: v for k, v in back.items() if k not in ("mana_cost", "layout")}
    back["name"] = back["name"] + " Reborn"
    front = {k: v for k, v in front.items() if k != "layout"}
    card = {"name": f"{front['name']} // {back['name']}", "layout": "transform",
            "faces": [front, back]}
    entry: dict[str, Any] = {"handle": "d", "card": card["name"], "zone": zone}
    if back_up and zone == "battlefield":
        entry["face"] = "back"
    g = game({"objects": [entry]}, cards=[card])
    assert observe(g, "mana_value", object="d") == _mv(front)
    shown = back if entry.get("face") == "back" else front
    assert observe(g, "name", object="d") == shown["name"]


COLOR_WORDS = ["white", "blue", "black", "red", "green"]


@given(st.lists(st.tuples(st.sampled_from(["set_colors", "add_colors"]),
                          st.lists(st.sampled_from(COLOR_WORDS), min_size=1, max_size=3,
                                   unique=True)), min_size=1, max_size=5))
def test_color_effects_apply_in_timestamp_order(effects: list[tuple[str, list[str]]]) -> None:
    setup = {"objects": [{"handle": "k", "card": "Kangee, Aerie Keeper", "zone": "battlefield"}],
             "effects": [{"type": t, "colors": c, "affected": ["k"]} for t, c in effects]}
    expected = {"white", "blue"}
    for kind, colors in effects:
        expected = set(colors) if kind == "set_colors" else expected | set(colors)
    assert observe(game(setup), "colors", object="k") == [c for c in COLOR_WORDS
                                                         if c in expected]


@given(st.lists(st.sampled_from(["Kangee, Aerie Keeper", "Grizzly Bears", "Serra Angel",
                                 "Rith, the Awakener", "Memnite", "Dromar, the Banisher"]),
                max_size=6))
def test_colors_among_counts_each_color_once(names: list[str]) -> None:
    palette = {"Kangee, Aerie Keeper": {"white", "blue"}, "Grizzly Bears": {"green"},
               "Serra Angel": {"white"}, "Rith, the Awakener": {"red", "green", "white"},
               "Memnite": set(), "Dromar, the Banisher": {"white", "blue", "black"}}
    setup = {"objects": [{"card": n, "zone": "battlefield"} for n in names]}
    expected = set().union(*(palette[n] for n in names)) if names else set()
    assert observe(game(setup), "colors_among", zone="battlefield") == [
        c for c in COLOR_WORDS if c in expected]
