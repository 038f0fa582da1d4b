"""python-mtg 0.1.1: Mana symbols in ability and kicker costs give the card colors (CR 202.2:
only its mana cost does).

Standalone: pip install python-mtg==0.1.1 && python colors-from-text.py
Prints "reproduced" while the behaviour is there; an AssertionError means it
changed.
"""
import mtg

CARDS = ["Stormscape Apprentice", "Agonizing Demise"]
# Cards come from python-mtg's own corpus, by name.
g = mtg.Game({"alice": CARDS + ["Wastes"] * 10, "bob": ["Wastes"] * 10}, seed=1,
             explicit_lands=True)
ids = {}
for _player, card in sorted(g.state["in_hand"] | g.state["in_library"]):
    ids.setdefault(g.name(card), card)
mana_value = dict(g.state["mana_cost"])

apprentice = g.card(ids["Stormscape Apprentice"]).colors
demise = g.card(ids["Agonizing Demise"]).colors
print(f"Stormscape Apprentice ({{U}}): {sorted(apprentice)} (expected blue)")
print(f"Agonizing Demise ({{3}}{{B}}, kicker {{1}}{{R}}): {sorted(demise)} (expected black)")
assert sorted(apprentice) == ["black", "blue", "white"], "fixed?"
assert sorted(demise) == ["black", "red"], "fixed?"
print("reproduced")
