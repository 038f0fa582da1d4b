"""Counted amounts, count conditions, fights and blocker limits (issue 17), as properties over
any number of permanents, any mana costs and any filter, each against an independent
restatement of the rule."""

from __future__ import annotations

import re
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from reference_engine import RulesViolation
from tests.helpers import game, observe

COLORS = ("white", "blue", "black", "red", "green")
LETTERS = dict(zip("WUBRG", COLORS, strict=True))
SYMBOLS = ("W", "U", "B", "R", "G", "1", "2", "W/U", "B/R", "G/W", "B/P", "2/R", "C")


def _creature(name: str, cost: str, *, subtypes: tuple[str, ...] = (), power: int = 1,
              toughness: int = 1, types: tuple[str, ...] = ("Creature",),
              abilities: tuple[dict[str, Any], ...] = ()) -> dict[str, Any]:
    return {"name": name, "mana_cost": cost, "types": list(types), "subtypes": list(subtypes),
            "power": power, "toughness": toughness, "abilities": list(abilities)}


@st.composite
def permanents(draw: st.DrawFn) -> list[tuple[str, str]]:
    """(mana cost, controller) for up to six permanents."""
    n = draw(st.integers(0, 6))
    out = []
    for _ in range(n):
        symbols = draw(st.lists(st.sampled_from(SYMBOLS), max_size=4))
        out.append(("".join("{" + s + "}" for s in symbols), draw(st.sampled_from(["alice",
                                                                                     "bob"]))))
    return out


def _setup(perms: list[tuple[str, str]]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    cards = [_creature(f"Thing {i}", cost) for i, (cost, _) in enumerate(perms)]
    objects = [{"handle": f"p{i}", "card": f"Thing {i}", "zone": "battlefield", "owner": who}
               for i, (_, who) in enumerate(perms)]
    return {"objects": objects}, cards


def _devotion(perms: list[tuple[str, str]], colors: set[str]) -> int:
    """700.5: symbols with at least one of the colors among alice's permanents' costs."""
    total = 0
    for cost, who in perms:
        if who != "alice":
            continue
        for sym in re.findall(r"\{([^}]*)\}", cost):
            if {LETTERS[p] for p in sym.split("/") if p in LETTERS} & colors:
                total += 1
    return total


@given(permanents(), st.sets(st.sampled_from(COLORS), min_size=1, max_size=2))
def test_devotion_counts_symbols_of_the_colors(perms: list[tuple[str, str]],
                                               colors: set[str]) -> None:
    setup, cards = _setup(perms)
    g = game(setup, cards=cards)
    got = observe(g, "amount", player="alice", amount={"devotion": sorted(colors)})
    assert got == _devotion(perms, colors)


@given(st.lists(st.tuples(st.sampled_from(["{R}", "{G}", "{R}{G}", "{1}"]),
                          st.sampled_from(["Goblin", "Elf", "Bear"]),
                          st.sampled_from(["alice", "bob"])), max_size=6),
       st.sampled_from([{"color": "red"}, {"subtype": "Elf"}, {"controller": "you"},
                        {"controller": "opponent", "subtype": "Goblin"},
                        {"not": {"color": "green"}}]),
       st.integers(1, 3), st.integers(-2, 2))
def test_count_matches_the_filter(perms: list[tuple[str, str, str]], flt: dict[str, Any],
                                  times: int, plus: int) -> None:
    cards = [_creature(f"Thing {i}", cost, subtypes=(sub,))
             for i, (cost, sub, _) in enumerate(perms)]
    objects = [{"handle": f"p{i}", "card": f"Thing {i}", "zone": "battlefield", "owner": who}
               for i, (_, _, who) in enumerate(perms)]
    g = game({"objects": objects}, cards=cards)

    def holds(cost: str, sub: str, who: str, f: dict[str, Any]) -> bool:
        colors = {LETTERS[c] for c in re.findall(r"[WUBRG]", cost)}
        checks = {
            "color": lambda v: v in colors, "subtype": lambda v: v == sub,
            "controller": lambda v: who == ("alice" if v == "you" else "bob"),
            "not": lambda v: not holds(cost, sub, who, v),
        }
        return all(checks[k](v) for k, v in f.items())

    expected = sum(1 for p in perms if holds(*p, flt)) * times + plus
    got = observe(g, "amount", player="alice",
                  amount={"count": {"filter": flt}, "times": times, "plus": plus})
    assert got == expected


@given(st.integers(0, 5), st.integers(1, 5))
def test_count_condition_holds_from_the_threshold(artifacts: int, threshold: int) -> None:
    forger = _creature("Forger", "{1}{G}", power=2, toughness=2, abilities=({
        "kind": "static", "affected": "self",
        "condition": {"count": {"filter": {"type": "Artifact", "controller": "you"},
                                "at_least": threshold}},
        "effect": {"type": "modify_pt", "power": 2, "toughness": 2}},))
    trinket = {"name": "Trinket", "mana_cost": "{1}", "types": ["Artifact"]}
    objects = [{"handle": "forger", "card": "Forger", "zone": "battlefield", "owner": "alice"}]
    objects += [{"handle": f"a{i}", "card": "Trinket", "zone": "battlefield", "owner": "alice"}
                for i in range(artifacts)]
    g = game({"objects": objects}, cards=[forger, trinket])
    assert observe(g, "power", object="forger") == (4 if artifacts >= threshold else 2)


@given(st.integers(0, 6), st.integers(1, 6), st.integers(0, 6), st.integers(1, 6))
def test_fighting_creatures_deal_their_power(p1: int, t1: int, p2: int, t2: int) -> None:
    prey = {"name": "Prey", "mana_cost": "{G}", "types": ["Sorcery"], "abilities": [{
        "kind": "spell",
        "targets": [{"name": "a", "kind": "creature"}, {"name": "b", "kind": "creature"}],
        "effects": [{"type": "fight", "target": "a", "other": "b"}]}]}
    cards = [prey, _creature("One", "{1}", power=p1, toughness=t1),
             _creature("Two", "{1}", power=p2, toughness=t2)]
    g = game({"mana_pool": {"alice": "{G}"}, "objects": [
        {"handle": "one", "card": "One", "zone": "battlefield", "owner": "alice"},
        {"handle": "two", "card": "Two", "zone": "battlefield", "owner": "bob"},
        {"handle": "prey", "card": "Prey", "zone": "hand", "owner": "alice"}]}, cards=cards)
    g.perform({"type": "cast", "player": "alice", "object": "prey", "targets": ["one", "two"]})
    g.perform({"type": "resolve"})
    # 701.14a: each deals damage equal to its power to the other; 704.5g: lethal damage.
    for handle, toughness, dealt in (("one", t1, p2), ("two", t2, p1)):
        dead = dealt >= toughness
        assert observe(g, "zone", object=handle) == ("graveyard" if dead else "battlefield")
        if not dead:
            assert observe(g, "damage", object=handle) == dealt


@given(st.integers(1, 3), st.integers(1, 4))
def test_max_blockers_limits_the_block(limit: int, blockers: int) -> None:
    rhino = _creature("Rhino", "{4}", power=4, toughness=4, abilities=(
        {"kind": "static", "rule": "max_blockers", "count": limit, "affected": "self"},))
    cards = [rhino, _creature("Wall", "{1}", power=0, toughness=9)]
    objects = [{"handle": "rhino", "card": "Rhino", "zone": "battlefield", "owner": "alice"}]
    objects += [{"handle": f"w{i}", "card": "Wall", "zone": "battlefield", "owner": "bob"}
                for i in range(blockers)]
    g = game({"objects": objects}, cards=cards)
    g.perform({"type": "declare_attackers", "player": "alice", "attackers": ["rhino"]})
    action = {"type": "declare_blockers", "player": "bob",
              "blockers": {f"w{i}": "rhino" for i in range(blockers)}}
    if blockers <= limit:
        g.perform(action)
        assert len(observe(g, "blockers", object="rhino")) == blockers
    else:
        try:
            g.perform(action)
        except RulesViolation as exc:
            assert exc.failure == "cannot-block"
        else:
            raise AssertionError("a block by more creatures than allowed was accepted")


PARTY = ("Cleric", "Rogue", "Warrior", "Wizard")


@given(st.lists(st.tuples(st.sets(st.sampled_from((*PARTY, "Elf", "Human"))),
                          st.sampled_from(["alice", "bob"])), max_size=7))
def test_party_counts_the_best_assignment(creatures: list[tuple[set[str], str]]) -> None:
    """CR 700.8-700.8b: a player's party is the most creatures that can each fill a different
    one of the four places, whatever their other types; the oracle tries every set of places
    and asks whether alice's creatures can fill it (Hall's condition on each subset)."""
    from itertools import combinations

    cards = [_creature(f"Member {i}", "{1}", subtypes=tuple(sorted(types)) or ("Elf",))
             for i, (types, _) in enumerate(creatures)]
    setup = {"objects": [{"handle": f"m{i}", "card": f"Member {i}", "zone": "battlefield",
                          "owner": who} for i, (_, who) in enumerate(creatures)]}
    g = game(setup, cards=cards)
    mine = [types & set(PARTY) for types, who in creatures if who == "alice"]

    def fillable(places: tuple[str, ...]) -> bool:
        return all(sum(1 for t in mine if t & set(sub)) >= len(sub)
                   for k in range(1, len(places) + 1) for sub in combinations(places, k))

    expected = max(k for k in range(5) for places in combinations(PARTY, k) if fillable(places))
    assert observe(g, "amount", player="alice", amount={"party": "you"}) == expected
