"""python-mtg 0.1.1: 'Ghostfire is colorless.' does not make Ghostfire colorless (CR 604.3:
a characteristic-defining ability works in every zone).

Standalone: pip install python-mtg==0.1.1 && python cda-color.py
Prints "reproduced" while the behaviour is there; an AssertionError means it
changed.
"""
import mtg

CARDS = ["Ghostfire"]
g = mtg.Game({"alice": CARDS + ["Wastes"] * 10, "bob": ["Wastes"] * 10}, seed=1,
             explicit_lands=True)
ids = {}
for _player, card in sorted(g.state["in_hand"] | g.state["in_library"]):
    ids.setdefault(g.name(card), card)
colors = g.card(ids["Ghostfire"]).colors
print(f"Ghostfire ({g.card(ids['Ghostfire']).zone}): colors {colors} (expected none)")
assert colors == ["red"], "fixed?"
print("reproduced")
