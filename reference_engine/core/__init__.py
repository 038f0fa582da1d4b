"""The engine's ground floor: game concepts, objects, zones and the tables every area fills.

CR 100-series (game concepts: players, objects 109, zones 400-series), 105 and 107 (colors, mana
symbols), 200-series (parts of a card: characteristics 109.3, names, mana cost and mana value),
709/712 (split and double-faced card faces), the rules eras, and the registry of actions,
queries, effects, amounts, restrictions and hooks that the rules areas fill from above.
Nothing here imports any other package of the engine.
"""
