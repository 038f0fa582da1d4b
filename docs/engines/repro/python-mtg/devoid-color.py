"""python-mtg 0.1.1: Benthic Infiltrator (devoid, mana cost {2}{U}) is blue (CR 702.114a:
devoid makes the card colorless in every zone).

Standalone: pip install python-mtg==0.1.1 && python devoid-color.py
Prints "reproduced" while the behaviour is there; an AssertionError means it
changed.
"""
import mtg

CARDS = ["Benthic Infiltrator"]
# Cards come from python-mtg's own corpus, by name.
g = mtg.Game({"alice": CARDS + ["Wastes"] * 10, "bob": ["Wastes"] * 10}, seed=1,
             explicit_lands=True)
ids = {}
for _player, card in sorted(g.state["in_hand"] | g.state["in_library"]):
    ids.setdefault(g.name(card), card)
colors = g.card(ids["Benthic Infiltrator"]).colors
print(f"Benthic Infiltrator ({g.card(ids['Benthic Infiltrator']).zone}): colors {colors} "
      "(expected none)")
assert colors == ["blue"], "fixed?"
print("reproduced")
