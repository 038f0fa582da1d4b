"""phase.rs (phase-python 0.103.0): its Oracle parser drops what a die roll's or coin flip's
result decides, without marking any text unimplemented, so the card plays as something else:

1. a results table ("Roll a d20. 1-9 | ... deals 1 damage to target player. 10-19 | ...") is
   parsed as a bare roll with no results: nothing happens and no target is asked (CR 706.3a:
   the row holding the result applies; 601.2c: its target is chosen as the spell is cast);
2. "Roll two d6. If you rolled doubles, ... deals 5 damage to target player" loses its
   condition: the damage is dealt whatever the dice show (706.5);
3. "Flip a coin. If it comes up heads, you gain 5 life. If it comes up tails, you lose 2 life"
   loses both conditions: the player gains 5 and loses 2 on every flip (705.2).

Standalone: pip install phase-python==0.103.0 && python chance-condition-parse-gap.py
Prints "reproduced" while the behaviour is there; an AssertionError means it
changed.
"""
from phase import build_oracle_face

FILLER = {"name": "Filler", "manaCost": "{1}", "manaValue": 1.0, "colors": [],
          "colorIdentity": [], "types": ["Sorcery"], "subtypes": [], "supertypes": [],
          "text": "", "layout": "normal", "type": "Sorcery", "identifiers": {},
          "legalities": {}, "keywords": []}


def parsed(name, text):
    """The spell ability phase.rs's parser makes of a sorcery's Oracle text."""
    (ability,) = build_oracle_face(dict(FILLER, name=name, text=text), None)["abilities"]
    assert "Unimplemented" not in str(ability), ability  # nothing is marked unparsed
    return ability


def chain(ability):
    """The effect types of an ability and its sub-abilities, with their conditions."""
    out = []
    while ability:
        out.append((ability["effect"]["type"], ability.get("condition")))
        ability = ability.get("sub_ability")
    return out


table = parsed("Test Twenty", "Roll a d20. 1-9 | Test Twenty deals 1 damage to target player. "
                              "10-19 | It deals 3 damage instead. 20 | It deals 7 damage "
                              "instead.")
print(f"1. results table: {table['effect']}, sub-ability {table.get('sub_ability')}")
assert table["effect"]["results"] == [] and table.get("sub_ability") is None, "fixed?"

doubles = parsed("Test Doubles", "Roll two d6. If you rolled doubles, Test Doubles deals 5 "
                                 "damage to target player.")
print(f"2. doubles: {chain(doubles)} (the damage has no condition)")
assert chain(doubles) == [("RollDie", None), ("DealDamage", None)], "fixed?"

coin = parsed("Test Heads or Tails", "Flip a coin. If it comes up heads, you gain 5 life. If it "
                                     "comes up tails, you lose 2 life.")
print(f"3. heads or tails: {chain(coin)}, flip {coin['effect']} (both effects, no condition)")
assert chain(coin) == [("FlipCoin", None), ("GainLife", None), ("LoseLife", None)], "fixed?"
print("reproduced")
