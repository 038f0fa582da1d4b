"""Resolving spells and abilities (CR 608): target rechecks (608.2b), running the effect
vocabulary, countering (701.6), dividing damage (601.2d), drawing (121) and effects keyed to a
chosen value.
"""
