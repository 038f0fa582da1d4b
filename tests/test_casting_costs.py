"""Total cost (CR 601.2f, 118.7-118.9): the reference engine against a few-line restatement of
the rule, over random costs, increases and reductions; the mana value never changes (202.3)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from reference_engine.casting.costs import CostBuilder, format_cost
from tests.helpers import game, observe

COLORS = "WUBRG"
colored = st.lists(st.sampled_from(COLORS), max_size=3)


def _text(generic: int, letters: list[str]) -> str:
    return ("{" + str(generic) + "}" if generic else "") + "".join("{" + c + "}" for c in letters)


def _oracle(base: tuple[int, list[str]], increases: list[tuple[int, list[str]]],
            reductions: list[tuple[int, list[str]]]) -> str:
    """601.2f restated: add everything up, then take reductions off; a colored reduction the
    cost has no such mana for comes off the generic part (118.7b-c); never below {0}."""
    generic, need = base[0], Counter(base[1])
    for g, cs in increases:
        generic += g
        need.update(cs)
    for g, cs in reductions:
        generic = max(0, generic - g)
        for c in cs:
            if need[c]:
                need[c] -= 1
            else:
                generic = max(0, generic - 1)
    letters = [c for c in COLORS for _ in range(need[c])]
    return ("{" + str(generic) + "}" if generic else "") + "".join(
        "{" + c + "}" for c in letters) or "{0}"


part = st.tuples(st.integers(0, 4), colored)


@given(part, st.lists(part, max_size=3), st.lists(part, max_size=3))
def test_total_cost_is_cost_plus_increases_minus_reductions(
        base: tuple[int, list[str]], increases: list[tuple[int, list[str]]],
        reductions: list[tuple[int, list[str]]]) -> None:
    builder = CostBuilder().add(_text(*base))
    for inc in increases:
        builder.add(_text(*inc))
    for red in reductions:
        builder.reduce(_text(*red))
    assert builder.text() == _oracle(base, increases, reductions)


def test_format_cost_is_canonical() -> None:
    assert format_cost(0, []) == "{0}"
    assert format_cost(3, ["G", "W", "C"]) == "{3}{W}{G}{C}"
    assert CostBuilder().add("{X}{R}", x=4).text() == "{4}{R}"


def _spell(cost: str, kicker: str | None) -> dict[str, Any]:
    abilities: list[dict[str, Any]] = [{"kind": "spell", "effects": []}]
    if kicker:
        abilities.append({"kind": "keyword", "keyword": "kicker", "cost": kicker})
    return {"name": "Test Spell", "mana_cost": cost, "types": ["Sorcery"],
            "abilities": abilities}


def _taxer(change: str, amount: str) -> dict[str, Any]:
    return {"name": f"Taxer {change} {amount}", "types": ["Artifact"], "mana_cost": "{1}",
            "abilities": [{"kind": "cost", change: amount, "player": "you"}]}


def _mana_value(generic: int, letters: list[str]) -> int:
    return generic + len(letters)


@given(part, st.one_of(st.none(), part), st.lists(st.tuples(
    st.sampled_from(["increase", "reduce"]), part), max_size=3), st.booleans())
def test_casting_pays_the_total_cost_and_keeps_the_mana_value(
        base: tuple[int, list[str]], kicker: tuple[int, list[str]] | None,
        mods: list[tuple[str, tuple[int, list[str]]]], kicked: bool) -> None:
    cost = _text(*base) or "{0}"
    kick = (_text(*kicker) or "{0}") if kicker else None
    cards = [_spell(cost, kick)] + [_taxer(kind, _text(*p) or "{0}") for kind, p in mods]
    objects: list[dict[str, Any]] = [{"handle": "s", "card": "Test Spell", "zone": "hand"}]
    objects += [{"card": c["name"], "zone": "battlefield"} for c in cards[1:]]
    increases = [p for kind, p in mods if kind == "increase"]
    if kicked and kicker:
        increases.insert(0, kicker)
    expected = _oracle(base, increases, [p for kind, p in mods if kind == "reduce"])
    # A pool of exactly the expected mana: colored symbols and colorless for the generic part.
    pool = "".join("{" + c + "}" for c in expected.strip("{}").split("}{") if c in COLORS)
    generic = sum(int(c) for c in expected.strip("{}").split("}{") if c.isdigit())
    pool += "{C}" * generic
    g = game({"objects": objects, "mana_pool": {"alice": pool}}, cards=cards)
    use_kicker = kicked and kicker is not None
    assert observe(g, "total_cost", player="alice", object="s", kicked=use_kicker) == expected
    g.perform({"type": "cast", "player": "alice", "object": "s", "kicked": use_kicker})
    assert observe(g, "mana_pool", player="alice") == ""
    assert observe(g, "mana_value", object="s") == _mana_value(*base)
    assert observe(g, "mana_cost", object="s") == (_text(*base) or "{0}")


def test_a_leech_does_not_tax_spells_of_other_colors_or_players() -> None:
    g = game({"objects": [
        {"card": "Jade Leech", "zone": "battlefield", "owner": "alice"},
        {"handle": "a", "card": "Giant Growth", "zone": "hand", "owner": "alice"},
        {"handle": "b", "card": "Giant Growth", "zone": "hand", "owner": "bob"},
        {"handle": "c", "card": "Shock", "zone": "hand", "owner": "alice"}]})
    assert observe(g, "total_cost", player="alice", object="a") == "{G}{G}"
    assert observe(g, "total_cost", player="bob", object="b") == "{G}"
    assert observe(g, "total_cost", player="alice", object="c") == "{R}"


def test_total_cost_of_an_illegal_proposal_is_null() -> None:
    g = game({"objects": [{"handle": "b", "card": "Burst Lightning", "zone": "hand"}]})
    assert observe(g, "total_cost", player="alice", object="b", kicked=2) is None
    assert observe(g, "total_cost", player="alice", object="b", alternative="overload") is None
