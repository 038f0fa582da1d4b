"""python-mtg 0.1.1: A split card's mana value is its first half's (CR 709.4b: the total of both).

Standalone: pip install python-mtg==0.1.1 && python split-mana-value.py
Prints "reproduced" while the behaviour is there; an AssertionError means it
changed.
"""
import mtg

CARDS = ["Assault // Battery", "Wax // Wane"]
# Cards come from python-mtg's own corpus, by name.
g = mtg.Game({"alice": CARDS + ["Wastes"] * 10, "bob": ["Wastes"] * 10}, seed=1,
             explicit_lands=True)
ids = {}
for _player, card in sorted(g.state["in_hand"] | g.state["in_library"]):
    ids.setdefault(g.name(card), card)
mana_value = dict(g.state["mana_cost"])

for name, expected in (("Assault // Battery", 5), ("Wax // Wane", 2)):
    card = ids[name]
    print(f"{name}: mana value {mana_value.get(card)} (CR 709.4b: {expected}), "
          f"colors {g.card(card).colors}")
    assert mana_value.get(card) != expected, "fixed?"
print("reproduced")
