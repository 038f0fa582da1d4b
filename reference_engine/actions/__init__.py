"""Keyword actions (CR 701) and the general effects of resolving spells and abilities (CR 608).

Each module registers resolution effects (``@effect``) that any spell or ability may use: the
verbs the Comprehensive Rules define once for every card (proliferate, adapt, bolster,
investigate, explore, connive, ...). The package sits above ``mana`` and below ``casting``: it
may use every rules area beneath it (counters and their replacement effects, tokens, drawing and
discarding), and the casting and combat areas keep only what is theirs.
"""
