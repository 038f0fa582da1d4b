"""Triggered abilities (CR 603): noticing trigger events and putting the abilities on the
stack in APNAP order (603.3b).
"""
