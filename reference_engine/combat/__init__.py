"""The combat phase (CR 506-511): declaring attackers and blockers (508, 509) with their
restrictions and requirements (508.1c-d, 509.1b-c), evasion (702.9, 702.14, ...), the combat
damage step (510) and, in the Invasion era, combat damage on the stack; combat effects and
triggers.
"""
