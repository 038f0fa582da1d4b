"""python-mtg 0.1.1: A basic land is colored by the mana it produces (CR 105.2c: lands are
colorless).

Standalone: pip install python-mtg==0.1.1 && python colored-lands.py
Prints "reproduced" while the behaviour is there; an AssertionError means it
changed.
"""
import mtg

CARDS = ["Forest", "Mountain"]
# Cards come from python-mtg's own corpus, by name.
g = mtg.Game({"alice": CARDS + ["Wastes"] * 10, "bob": ["Wastes"] * 10}, seed=1,
             explicit_lands=True)
ids = {}
for _player, card in sorted(g.state["in_hand"] | g.state["in_library"]):
    ids.setdefault(g.name(card), card)
mana_value = dict(g.state["mana_cost"])

for name in ("Forest", "Mountain"):
    colors = g.card(ids[name]).colors
    print(f"{name}: colors {colors} (expected none)")
    assert colors, "fixed?"
print("reproduced")
