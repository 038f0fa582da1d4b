"""Families over objects: tokens' names, keyword counters, and split cards matched by mana value
under the 2000 rules.

Keyword counters and the split-card families draw real catalog cards (:mod:`generators.catalog`);
token-names needs no card, and token-creation's spell stays synthetic (see its builder)."""

from __future__ import annotations

from typing import Any

from ..catalog import pick_creature, pick_normal, pick_split
from ..family import Draft, family, obj, observe
from ..rules import in_wubrg_order, mana_value_of_cost
from ..source import Source
from ..strategies import build_token

_KEYWORD_COUNTERS = ("flying", "trample", "vigilance", "haste", "reach", "deathtouch",
                     "lifelink", "menace")


def _token_params(src: Source) -> dict[str, Any]:
    return {"tokens": [build_token(src) for _ in range(src.integer(1, 3))]}


@family(name="token-names", title="A token without a stated name is named for its subtypes "
        "plus the word Token", area="objects", rulings=("TOKEN-01",), rules=("111.4",),
        eras=("modern",), features=("characteristics", "tokens"), params=_token_params)
def _token_names(p: dict[str, Any], era: str) -> Draft:
    """The effect sets the name; without one, the name is the subtypes followed by "Token"."""
    objects: list[dict[str, Any]] = []
    steps: list[dict[str, Any]] = []
    for i, token in enumerate(p["tokens"]):
        objects.append({"handle": f"t{i}", "token": token, "zone": "battlefield",
                        "owner": "alice"})
        name = token.get("name") or " ".join(token["subtypes"]) + " Token"
        steps += [observe("name", name, object=f"t{i}"),
                  observe("subtypes", token["subtypes"], object=f"t{i}"),
                  observe("colors", in_wubrg_order(token["colors"]), object=f"t{i}"),
                  observe("power", token["power"], object=f"t{i}")]
    return Draft(setup={"objects": objects}, steps=steps)


def _counter_params(src: Source) -> dict[str, Any]:
    counters: dict[str, int] = {}
    for _ in range(src.integer(0, 3)):
        counters[src.choice(_KEYWORD_COUNTERS)] = src.integer(1, 2)
    plus = src.integer(0, 3)
    if plus:
        counters["+1/+1"] = plus
    return {"card": pick_creature(src, set(), keywords=frozenset()),
            "counters": counters}


@family(name="keyword-counters",
        title="A keyword counter grants its keyword; a +1/+1 counter adds to P/T",
        area="objects", rulings=("KWCTR-01",),
        rules=("122.1b", "613.1f", "613.4c"), eras=("modern",),
        features=("characteristics", "counters"), params=_counter_params)
def _keyword_counters(p: dict[str, Any], era: str) -> Draft:
    """Each keyword counter grants its keyword (once, however many); +1/+1 counters add."""
    card, counters = p["card"], p["counters"]
    plus = counters.get("+1/+1", 0)
    keywords = sorted(k for k in counters if k in _KEYWORD_COUNTERS)
    return Draft(setup={"objects": [obj("c", card["name"], "battlefield",
                                        counters=dict(sorted(counters.items())))]},
                 cards=[card], steps=[
                     observe("keywords", keywords, object="c"),
                     observe("power", card["power"] + plus, object="c"),
                     observe("toughness", card["toughness"] + plus, object="c"),
                 ])


def _hand_params(src: Source) -> dict[str, Any]:
    used: set[str] = set()
    cards = [pick_split(src, used) if src.boolean() else pick_normal(src, used)
             for _ in range(src.integer(1, 5))]
    return {"cards": cards, "probe": src.integer(0, 6)}


def _mana_values(card: dict[str, Any]) -> list[int]:
    faces = card.get("faces") or [card]
    return [mana_value_of_cost(f.get("mana_cost", "")) for f in faces]


@family(name="split-mana-value-match-invasion",
        title="Under the 2000 rules a split card matches a mana value if either half has it",
        area="objects", rulings=("SPLIT-06", "SPLIT-08"), rules=("709.4b", "202.3d"),
        eras=("invasion-2000",), features=("characteristics", "split-cards", "card-counting"),
        params=_hand_params)
def _split_match_invasion(p: dict[str, Any], era: str) -> Draft:
    """2000 FAQ: "1, and 1": each half is asked separately and the halves are never added."""
    cards, n = p["cards"], p["probe"]
    objects = [obj(f"c{i}", c["name"], "hand") for i, c in enumerate(cards)]
    matching = sum(n in _mana_values(c) for c in cards)
    return Draft(setup={"objects": objects}, cards=cards, steps=[
        observe("count", matching, zone="hand", player="alice", filter={"mana_value": n}),
    ])


@family(name="split-mana-value-match-modern",
        title="A split card off the stack matches only the total mana value of its halves",
        area="characteristics", rulings=("SPLIT-M02",), rules=("709.4", "709.4b", "202.3d"),
        eras=("modern",), features=("characteristics", "split-cards", "card-counting"),
        params=_hand_params)
def _split_match_modern(p: dict[str, Any], era: str) -> Draft:
    """Modern rules: the combined card has one mana value, the sum of its halves'."""
    cards, n = p["cards"], p["probe"]
    objects = [obj(f"c{i}", c["name"], "hand") for i, c in enumerate(cards)]
    matching = sum(sum(_mana_values(c)) == n for c in cards)
    return Draft(setup={"objects": objects}, cards=cards, steps=[
        observe("count", matching, zone="hand", player="alice", filter={"mana_value": n}),
    ])


_COUNT_WORDS = {1: "a", 2: "two", 3: "three"}


def _create_text(token: dict[str, Any], n: int) -> str:
    """The spell's text in Oracle wording ("Create two 1/1 white Soldier creature tokens."),
    so engines that build cards from Oracle text read the same effect the case gives as data."""
    colors = list(token.get("colors", []))
    color = " and ".join(colors) if colors else "colorless"
    kinds = " ".join([*token["subtypes"], *(t.lower() for t in token["types"])])
    noun = "token" if n == 1 else "tokens"
    named = f" named {token['name']}" if token.get("name") else ""
    return (f"Create {_COUNT_WORDS[n]} {token['power']}/{token['toughness']} {color} {kinds} "
            f"{noun}{named}.")


def _create_params(src: Source) -> dict[str, Any]:
    return {"token": build_token(src), "amount": src.integer(1, 3)}


@family(name="token-creation",
        title="Created tokens have the name the effect gives, else subtypes plus Token",
        area="objects", rulings=("TOKEN-01",), rules=("111.4", "111.1"), eras=("modern",),
        features=("tokens", "stack"), params=_create_params)
def _token_creation(p: dict[str, Any], era: str) -> Draft:
    """The effect sets the token's name and subtypes; without a name it is the subtypes
    followed by "Token"; the spell's controller controls the tokens.

    The spell stays synthetic, worded as Oracle text: the ruling's parameters are the token's
    name, types, colors and number, and the catalog's one spell that creates tokens (Raise the
    Alarm) fixes them all."""
    token, n = p["token"], p["amount"]
    effect = {"type": "create_token", "amount": n, "token": token}
    spell: dict[str, Any] = {"name": "Test Muster", "layout": "normal", "mana_cost": "{1}{W}",
                             "types": ["Instant"], "oracle_text": _create_text(token, n),
                             "abilities": [{"kind": "spell", "effects": [effect]}]}
    name = token.get("name") or " ".join(token["subtypes"]) + " Token"
    return Draft(setup={"objects": [obj("muster", spell["name"], "stack")]}, cards=[spell],
                 steps=[
                     {"action": {"type": "resolve"}},
                     observe("tokens", [name] * n, player="alice"),
                     observe("tokens", [], player="bob"),
                     observe("count", n, zone="battlefield",
                             filter={"token": True, "name": name,
                                     "subtype": token["subtypes"][0]}),
                 ])
