"""Families over characteristics: colors and mana value from mana costs, split and double-faced
cards per era, color-changing effects in timestamp order, kindred, color identity.

Every family here draws real cards from the catalog (:mod:`generators.catalog`): the rulings
hold for any card, so the card is the parameter and engines with their own card databases can
run the cases.

Each builder's oracle is the few lines that compute the ``expect`` values from the ruling, using
:mod:`generators.rules` only.
"""

from __future__ import annotations

from typing import Any

from ..catalog import pick_dfc, pick_kindred, pick_normal, pick_split
from ..family import Draft, family, obj, observe
from ..rules import WUBRG, color_identity, colors_of_cost, in_wubrg_order, mana_value_of_cost
from ..source import Source
from ..strategies import build_colors

BOTH = ("invasion-2000", "modern")
_OFF_STACK = ("library", "hand", "graveyard", "exile")
_PERMANENT_TYPES = ("Creature", "Enchantment", "Artifact")


def _cards(src: Source, n_min: int, n_max: int, used: set[str] | None = None, **kw: Any
           ) -> list[dict[str, Any]]:
    used = set() if used is None else used
    return [pick_normal(src, used, **kw) for _ in range(src.integer(n_min, n_max))]


def _special_cost(card: Any) -> bool:
    """A mana cost with hybrid, monocolored hybrid or Phyrexian symbols (CR 107.4e-f, 202.3f)."""
    return "/" in str(card.get("mana_cost", ""))


def _cost_params(src: Source) -> dict[str, Any]:
    # half the draws go to the catalog's few costs with special symbols, whose rules differ
    card = pick_normal(src, set(), where=_special_cost if src.boolean() else None)
    return {"card": card, "zone": src.choice((*_OFF_STACK, "battlefield"))}


@family(name="cost-colors", title="An object's colors and mana value come from its mana cost",
        area="characteristics", rulings=("MULTI-01",), rules=("105.2", "202.2", "202.3"),
        eras=BOTH, features=("characteristics",), params=_cost_params)
def _cost_colors(p: dict[str, Any], era: str) -> Draft:
    """A random mana cost: colors are its colored symbols' colors, mana value its total mana."""
    card, zone = p["card"], p["zone"]
    if zone == "battlefield" and card["types"][0] not in _PERMANENT_TYPES:
        zone = "graveyard"
    colors = colors_of_cost(card["mana_cost"])
    return Draft(setup={"objects": [obj("c", card["name"], zone)]}, cards=[card], steps=[
        observe("colors", colors, object="c"),
        observe("is_multicolored", len(colors) >= 2, object="c"),
        observe("is_monocolored", len(colors) == 1, object="c"),
        observe("is_colorless", not colors, object="c"),
        observe("mana_value", mana_value_of_cost(card["mana_cost"]), object="c"),
    ])


def _filter_params(src: Source) -> dict[str, Any]:
    return {"cards": _cards(src, 1, 6), "color": src.choice(WUBRG)}


@family(name="color-filter", title="A filter for a color finds every object having that color",
        area="characteristics", rulings=("MULTI-03",), rules=("105.2b", "202.2c"), eras=BOTH,
        features=("characteristics", "card-counting"), params=_filter_params)
def _color_filter(p: dict[str, Any], era: str) -> Draft:
    """Matching "a <color> card" asks only whether the object has that color (multicolored too)."""
    color, cards = p["color"], p["cards"]
    objects = [obj(f"c{i}", c["name"], "hand") for i, c in enumerate(cards)]
    steps = [observe("matches", color in colors_of_cost(c["mana_cost"]), object=f"c{i}",
                     filter={"color": color}) for i, c in enumerate(cards)]
    count = sum(color in colors_of_cost(c["mana_cost"]) for c in cards)
    steps.append(observe("count", count, zone="hand", player="alice", filter={"color": color}))
    return Draft(setup={"objects": objects}, cards=cards, steps=steps)


def _recolor_params(src: Source) -> dict[str, Any]:
    effects = [{"type": src.choice(("set_colors", "add_colors")),
                "colors": build_colors(src, min_size=1, max_size=2)}
               for _ in range(src.integer(1, 4))]
    return {"card": pick_normal(src, set(), card_types=("Creature",)), "effects": effects}


@family(name="color-change-timestamps",
        title="Color-changing effects apply in timestamp order; setting colors overwrites",
        area="characteristics", rulings=("MULTI-04",), rules=("105.3", "613.1e", "613.7"),
        eras=BOTH, features=("characteristics", "setup-effects", "layers"), params=_recolor_params)
def _color_change(p: dict[str, Any], era: str) -> Draft:
    """Start from the mana cost's colors; each effect in order sets or adds its colors."""
    card = p["card"]
    colors = colors_of_cost(card["mana_cost"])
    effects = []
    for e in p["effects"]:
        colors = list(e["colors"]) if e["type"] == "set_colors" else colors + e["colors"]
        effects.append({**e, "affected": ["c"]})
    final = in_wubrg_order(colors)
    return Draft(setup={"objects": [obj("c", card["name"], "battlefield")], "effects": effects},
                 cards=[card], steps=[
                     observe("colors", final, object="c"),
                     observe("is_multicolored", len(final) >= 2, object="c"),
                     observe("mana_cost", card["mana_cost"], object="c",
                             note="the mana cost itself never changes"),
                 ])


def _among_params(src: Source) -> dict[str, Any]:
    used: set[str] = set()
    return {"cards": _cards(src, 0, 5, used, card_types=_PERMANENT_TYPES),
            "elsewhere": _cards(src, 0, 2, used)}


@family(name="colors-among-permanents",
        title="Colors among permanents count each color of a multicolored permanent",
        area="characteristics", rulings=("MULTI-06",), rules=("105.2b", "202.2c", "608.2h"),
        eras=BOTH, features=("characteristics", "card-counting"), params=_among_params)
def _colors_among(p: dict[str, Any], era: str) -> Draft:
    """The colors among permanents are the union of each permanent's colors; cards elsewhere
    do not count."""
    field, other = p["cards"], p["elsewhere"]
    objects = [obj(f"p{i}", c["name"], "battlefield", "alice" if i % 2 else "bob")
               for i, c in enumerate(field)]
    objects += [obj(f"h{i}", c["name"], "hand") for i, c in enumerate(other)]
    among = in_wubrg_order(x for c in field for x in colors_of_cost(c["mana_cost"]))
    return Draft(setup={"objects": objects}, cards=field + other, steps=[
        observe("colors_among", among, zone="battlefield", filter={}),
    ])


def _split_params(src: Source) -> dict[str, Any]:
    return {"card": pick_split(src, set()), "zone": src.choice(_OFF_STACK)}


def _faces_mv(card: dict[str, Any]) -> list[int]:
    return [mana_value_of_cost(f.get("mana_cost", "")) for f in card["faces"]]


@family(name="split-mana-value-combined",
        title="A split card off the stack has the total mana value of its halves",
        area="characteristics", rulings=("SPLIT-M02",), rules=("709.4", "709.4b", "202.3d"),
        eras=("modern",), features=("characteristics", "split-cards"), params=_split_params)
def _split_combined(p: dict[str, Any], era: str) -> Draft:
    """Modern rules: off the stack, characteristics are combined, so mana values add up."""
    card = p["card"]
    mvs = _faces_mv(card)
    colors = in_wubrg_order(x for f in card["faces"] for x in colors_of_cost(f["mana_cost"]))
    return Draft(setup={"objects": [obj("s", card["name"], p["zone"])]}, cards=[card], steps=[
        observe("mana_value", sum(mvs), object="s"),
        observe("colors", colors, object="s"),
        observe("matches", True, object="s", filter={"mana_value": sum(mvs)}),
    ])


@family(name="split-two-sets-invasion",
        title="Under the 2000 rules a split card answers once per half",
        area="characteristics", rulings=("SPLIT-02", "SPLIT-09"),
        rules=("709.4", "709.4b", "202.3d"), eras=("invasion-2000",),
        features=("characteristics", "split-cards"), params=_split_params)
def _split_two_sets(p: dict[str, Any], era: str) -> Draft:
    """2000 FAQ: two separate sets of characteristics; a question matches if either half does."""
    card = p["card"]
    mvs = _faces_mv(card)
    probe = mvs[0] + mvs[1]
    return Draft(setup={"objects": [obj("s", card["name"], p["zone"])]}, cards=[card], steps=[
        observe("mana_value", mvs, object="s"),
        observe("matches", True, object="s", filter={"mana_value": mvs[1]}),
        observe("matches", probe in mvs, object="s", filter={"mana_value": probe},
                note="the halves are never added together"),
    ])


def _split_stack_params(src: Source) -> dict[str, Any]:
    return {"card": pick_split(src, set()), "half": src.integer(0, 1),
            "zone": src.choice(_OFF_STACK)}


@family(name="split-colors",
        title="A split card has both halves' colors off the stack and one half's on it",
        area="characteristics", rulings=("MULTI-07", "MULTI-02", "SPLIT-M02", "SPLIT-M03"),
        rules=("709.3b", "709.4b", "202.2c"), eras=BOTH,
        features=("characteristics", "split-cards"), params=_split_stack_params)
def _split_colors(p: dict[str, Any], era: str) -> Draft:
    """Off the stack the card has each half's colors; as a spell only the cast half counts."""
    card = p["card"]
    half = card["faces"][p["half"]]
    both = in_wubrg_order(x for f in card["faces"] for x in colors_of_cost(f["mana_cost"]))
    cast = colors_of_cost(half["mana_cost"])
    objects = [obj("off", card["name"], p["zone"]),
               obj("spell", card["name"], "stack", half=half["name"])]
    return Draft(setup={"objects": objects}, cards=[card], steps=[
        observe("colors", both, object="off"),
        observe("is_multicolored", len(both) >= 2, object="off"),
        observe("colors", cast, object="spell"),
        observe("mana_value", mana_value_of_cost(half["mana_cost"]), object="spell"),
        observe("name", half["name"], object="spell"),
    ])


def _hand_params(src: Source) -> dict[str, Any]:
    used: set[str] = set()
    cards = [pick_split(src, used) if src.boolean() else pick_normal(src, used)
             for _ in range(src.integer(1, 5))]
    return {"cards": cards, "color": src.choice(WUBRG)}


def _card_colors(card: dict[str, Any]) -> list[str]:
    faces = card.get("faces") or [card]
    return in_wubrg_order(x for f in faces for x in colors_of_cost(f.get("mana_cost", "")))


@family(name="split-counts-once",
        title="A split card is one card, and it counts as a card of either half's color",
        area="characteristics", rulings=("SPLIT-M04", "SPLIT-05"),
        rules=("709.2", "709.4b", "105.2b"), eras=BOTH,
        features=("characteristics", "split-cards", "card-counting"), params=_hand_params)
def _split_counts(p: dict[str, Any], era: str) -> Draft:
    """Counting cards in a hand counts each split card once; a red half makes it a red card."""
    cards, color = p["cards"], p["color"]
    objects = [obj(f"c{i}", c["name"], "hand") for i, c in enumerate(cards)]
    colored = sum(color in _card_colors(c) for c in cards)
    return Draft(setup={"objects": objects}, cards=cards, steps=[
        observe("count", len(cards), zone="hand", player="alice", filter={}),
        observe("count", colored, zone="hand", player="alice", filter={"color": color}),
    ])


def _dfc_params(src: Source) -> dict[str, Any]:
    return {"card": pick_dfc(src, set()), "back_up": src.boolean(),
            "zone": src.choice(_OFF_STACK)}


@family(name="dfc-mana-value",
        title="A transforming double-faced card has its front face's mana value either way",
        area="characteristics", rulings=("NMDFC-01",), rules=("202.3b", "712.8c", "712.8e"),
        eras=("modern",), features=("characteristics", "double-faced-cards"),
        params=_dfc_params)
def _dfc_mana_value(p: dict[str, Any], era: str) -> Draft:
    """The mana value of a transforming DFC is its front face's, whichever face is up."""
    card = p["card"]
    mv = mana_value_of_cost(card["faces"][0]["mana_cost"])
    status = {"face": "back"} if p["back_up"] else {}
    objects = [obj("up", card["name"], "battlefield", **status),
               obj("card", card["name"], p["zone"])]
    return Draft(setup={"objects": objects}, cards=[card], steps=[
        observe("mana_value", mv, object="up"),
        observe("mana_value", mv, object="card"),
    ])


@family(name="dfc-faces",
        title="A transforming card has the characteristics of the face that is up",
        area="characteristics", rulings=("NMDFC-06", "NMDFC-03", "NMDFC-02"),
        rules=("712.8a", "712.8d", "712.8e", "204.1", "202.2e"), eras=("modern",),
        features=("characteristics", "double-faced-cards"), params=_dfc_params)
def _dfc_faces(p: dict[str, Any], era: str) -> Draft:
    """On the battlefield the up face gives name, types and colors (a back face's colors come
    from its color indicator and it has no mana cost); elsewhere the front face does."""
    card = p["card"]
    front, back = card["faces"]
    up = back if p["back_up"] else front
    up_colors = (list(back.get("color_indicator", [])) if p["back_up"]
                 else colors_of_cost(front["mana_cost"]))
    status = {"face": "back"} if p["back_up"] else {}
    objects = [obj("up", card["name"], "battlefield", **status),
               obj("card", card["name"], p["zone"])]
    return Draft(setup={"objects": objects}, cards=[card], steps=[
        observe("name", up["name"], object="up"),
        observe("types", up["types"], object="up"),
        observe("colors", up_colors, object="up"),
        observe("mana_cost", "" if p["back_up"] else front["mana_cost"], object="up"),
        observe("power", up.get("power"), object="up"),
        observe("name", front["name"], object="card"),
        observe("colors", colors_of_cost(front["mana_cost"]), object="card"),
    ])


def _kindred_params(src: Source) -> dict[str, Any]:
    used: set[str] = set()
    kindred = [pick_kindred(src, used) for _ in range(src.integer(1, 2))]
    others = [pick_normal(src, used) for _ in range(src.integer(0, 3))]
    return {"kindred": kindred, "others": others}


@family(name="kindred-types",
        title="Kindred is a card type that gives a noncreature card creature types",
        area="characteristics", rulings=("KINDRED-01", "KINDRED-02"),
        rules=("308.1", "308.2", "205.2a", "205.3m"), eras=("modern",),
        features=("characteristics", "kindred", "card-counting"), params=_kindred_params)
def _kindred(p: dict[str, Any], era: str) -> Draft:
    """A kindred card has its creature subtypes, and kindred counts among card types."""
    cards = p["kindred"] + p["others"]
    objects = [obj(f"c{i}", c["name"], "graveyard") for i, c in enumerate(cards)]
    steps = [observe("subtypes", c["subtypes"], object=f"c{i}")
             for i, c in enumerate(p["kindred"])]
    steps += [observe("matches", True, object=f"c{i}", filter={"subtype": c["subtypes"][0]})
              for i, c in enumerate(p["kindred"])]
    among = sorted({t for c in cards for t in c["types"]})
    steps.append(observe("card_types_among", among, zone="graveyard", player="alice",
                         filter={}))
    return Draft(setup={"objects": objects}, cards=cards, steps=steps)


def _identity_params(src: Source) -> dict[str, Any]:
    used: set[str] = set()
    card = pick_dfc(src, used) if src.boolean() else pick_normal(
        src, used, card_types=("Creature",))
    return {"card": card}


@family(name="color-identity",
        title="Color identity counts mana symbols in costs, rules text and color indicators",
        area="characteristics", rulings=("CMDR-01", "MULTI-09"),
        rules=("903.4", "903.4d", "202.2", "602.1a"), eras=("modern",),
        features=("characteristics", "color-identity"), params=_identity_params)
def _identity(p: dict[str, Any], era: str) -> Draft:
    """The identity is every color in both faces' costs, texts and indicators; an activation
    cost in the text never changes the card's color."""
    card = p["card"]
    front = card["faces"][0] if "faces" in card else card
    return Draft(setup={"objects": [obj("c", card["name"], "command")]}, cards=[card], steps=[
        observe("color_identity", color_identity(card), object="c"),
        observe("colors", colors_of_cost(front["mana_cost"]), object="c"),
    ])
