"""Turn structure and priority (CR 117, 500-514): passing priority, resolving, moving through
steps and phases, turn-based actions, emptying mana pools (500.4, 106.4), and the queries about
the game state (stack, priority, step, status).
"""
