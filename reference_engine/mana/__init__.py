"""Mana (CR 106, 107.4, 605) and lands (305): the mana pool and paying costs from it
(601.2g-h), Phyrexian mana (107.4f), mana abilities and what they could produce, land types and
playing lands.
"""
