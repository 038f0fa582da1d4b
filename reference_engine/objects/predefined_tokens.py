"""The predefined tokens (CR 111.10): "create a Treasure token" names a token whose
characteristics the rules define, not the card.

Each definition is data in the card vocabulary, the token's "text" (111.3): ``create_token
{predefined = "Treasure"}`` looks it up here, and a ``token`` table given with it modifies or
adds to what is predefined ("create a tapped Powerstone token" is ``tapped = true``; 111.10
allows the creating effect to change the predefined characteristics). An Incubator token is
double-faced (111.10i): its back face is the Phyrexian artifact creature it transforms into.
The Role tokens (111.10j-r) are Aura enchantments the effect creates attached to a creature
(``create_token {attached_to = slot}``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["PREDEFINED_TOKENS", "predefined_token"]


def _artifact(name: str, text: str, ability: Mapping[str, Any]) -> dict[str, Any]:
    return {"name": name, "types": ["Artifact"], "subtypes": [name], "colors": [],
            "oracle_text": text, "abilities": [{**ability, "text": text}]}


def _role(name: str, text: str, statics: list[dict[str, Any]],
          extra: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """A Role token (111.10j-r): a colorless Aura Role enchantment named ``name`` with enchant
    creature and the static abilities ``statics`` on the enchanted creature."""
    abilities: list[dict[str, Any]] = [
        {"kind": "keyword", "keyword": "enchant", "filter": {"type": "Creature"}}]
    abilities += [{"kind": "static", "affected": "enchanted", **s} for s in statics]
    abilities += extra or []
    return {"name": name, "types": ["Enchantment"], "subtypes": ["Aura", "Role"],
            "colors": [], "oracle_text": text, "abilities": abilities}


_PLUS_ONE = {"effect": {"type": "modify_pt", "power": 1, "toughness": 1}}

#: The predefined tokens by name (CR 111.10a-u), in the card vocabulary.
PREDEFINED_TOKENS: dict[str, dict[str, Any]] = {
    # 111.10a
    "Treasure": _artifact("Treasure", "{T}, Sacrifice this token: Add one mana of any color.",
                          {"kind": "mana", "cost": {"tap": True, "sacrifice_self": True},
                           "produce": {"any_color": True}}),
    # 111.10b
    "Food": _artifact("Food", "{2}, {T}, Sacrifice this token: You gain 3 life.",
                      {"kind": "activated",
                       "cost": {"mana": "{2}", "tap": True, "sacrifice_self": True},
                       "effects": [{"type": "gain_life", "amount": 3}]}),
    # 111.10c: no {T} in the cost
    "Gold": _artifact("Gold", "Sacrifice this token: Add one mana of any color.",
                      {"kind": "mana", "cost": {"sacrifice_self": True},
                       "produce": {"any_color": True}}),
    # 111.10d: a creature token with a name of its own
    "Walker": {"name": "Walker", "types": ["Creature"], "subtypes": ["Zombie"],
               "colors": ["black"], "power": 2, "toughness": 2},
    # 111.10e: an enchantment, not an artifact
    "Shard": {"name": "Shard", "types": ["Enchantment"], "subtypes": ["Shard"], "colors": [],
              "oracle_text": "{2}, Sacrifice this token: Scry 1, then draw a card.",
              "abilities": [{"kind": "activated",
                             "cost": {"mana": "{2}", "sacrifice_self": True},
                             "effects": [{"type": "scry", "amount": 1},
                                         {"type": "draw", "amount": 1}],
                             "text": "{2}, Sacrifice this token: Scry 1, then draw a card."}]},
    # 111.10f
    "Clue": _artifact("Clue", "{2}, Sacrifice this token: Draw a card.",
                      {"kind": "activated", "cost": {"mana": "{2}", "sacrifice_self": True},
                       "effects": [{"type": "draw", "amount": 1}]}),
    # 111.10g
    "Blood": _artifact("Blood", "{1}, {T}, Discard a card, Sacrifice this token: Draw a card.",
                       {"kind": "activated",
                        "cost": {"mana": "{1}", "tap": True, "discard": {},
                                 "sacrifice_self": True},
                        "effects": [{"type": "draw", "amount": 1}]}),
    # 111.10h: the restriction travels with the mana (106.6)
    "Powerstone": _artifact(
        "Powerstone", "{T}: Add {C}. This mana can't be spent to cast a nonartifact spell.",
        {"kind": "mana", "cost": {"tap": True}, "produce": "{C}",
         "spend_only": {"not_spell": {"not_type": "Artifact"}}}),
    # 111.10i: double-faced; the back face is named Phyrexian Token
    "Incubator": {
        "name": "Incubator", "layout": "transform",
        "faces": [
            {"name": "Incubator", "types": ["Artifact"], "subtypes": ["Incubator"],
             "colors": [], "oracle_text": "{2}: Transform this token.",
             "abilities": [{"kind": "activated", "cost": {"mana": "{2}"},
                            "effects": [{"type": "transform", "target": "self"}],
                            "text": "{2}: Transform this token."}]},
            {"name": "Phyrexian Token", "types": ["Artifact", "Creature"],
             "subtypes": ["Phyrexian"], "colors": [], "power": 0, "toughness": 0}]},
    # 111.10j-r: the Roles
    "Cursed": _role("Cursed", "Enchant creature\nEnchanted creature has base power and "
                    "toughness 1/1.",
                    [{"effect": {"type": "set_base_pt", "power": 1, "toughness": 1}}]),
    "Monster": _role("Monster", "Enchant creature\nEnchanted creature gets +1/+1 and has "
                     "trample.",
                     [{"effects": [{"type": "modify_pt", "power": 1, "toughness": 1},
                                   {"type": "add_abilities", "keywords": ["trample"]}]}]),
    "Royal": _role("Royal", "Enchant creature\nEnchanted creature gets +1/+1 and has ward {1}.",
                   [{"effects": [{"type": "modify_pt", "power": 1, "toughness": 1},
                                 {"type": "add_abilities", "abilities": [
                                     {"kind": "keyword", "keyword": "ward", "cost": "{1}"}]}]}]),
    "Sorcerer": _role(
        "Sorcerer", "Enchant creature\nEnchanted creature gets +1/+1 and has \"Whenever this "
        "creature attacks, scry 1.\"",
        [{"effects": [{"type": "modify_pt", "power": 1, "toughness": 1},
                      {"type": "add_abilities", "abilities": [
                          {"kind": "triggered", "trigger": {"event": "attacks"},
                           "effects": [{"type": "scry", "amount": 1}],
                           "text": "Whenever this creature attacks, scry 1."}]}]}]),
    "Virtuous": _role(
        "Virtuous", "Enchant creature\nEnchanted creature gets +1/+1 for each enchantment you "
        "control.",
        [{"effect": {"type": "modify_pt",
                     "power": {"count": {"type": "Enchantment", "controller": "you"}},
                     "toughness": {"count": {"type": "Enchantment", "controller": "you"}}}}]),
    "Wicked": _role(
        "Wicked", "Enchant creature\nEnchanted creature gets +1/+1.\nWhen this token is put "
        "into a graveyard from the battlefield, each opponent loses 1 life.",
        [_PLUS_ONE],
        [{"kind": "triggered",
          "trigger": {"event": "put_into_graveyard", "self": True, "from": "battlefield"},
          "effects": [{"type": "lose_life", "target": "each_opponent", "amount": 1}],
          "text": "When this token is put into a graveyard from the battlefield, each "
                  "opponent loses 1 life."}]),
    "Young Hero": _role(
        "Young Hero", "Enchant creature\nEnchanted creature has \"Whenever this creature "
        "attacks, if its toughness is 3 or less, put a +1/+1 counter on it.\"",
        [{"effect": {"type": "add_abilities", "abilities": [
            {"kind": "triggered", "trigger": {"event": "attacks"},
             "condition": {"compare": {"left": {"toughness_of": "self"}, "is": "at_most",
                                       "right": 3}},
             "effects": [{"type": "put_counters", "target": "self", "counter": "+1/+1",
                          "amount": 1}],
             "text": "Whenever this creature attacks, if its toughness is 3 or less, put a "
                     "+1/+1 counter on it."}]}}]),
    # 111.10s
    "Map": _artifact("Map", "{1}, {T}, Sacrifice this token: Target creature you control "
                     "explores. Activate only as a sorcery.",
                     {"kind": "activated",
                      "cost": {"mana": "{1}", "tap": True, "sacrifice_self": True},
                      "targets": [{"name": "t", "kind": "creature",
                                   "filter": {"controller": "you"}}],
                      "effects": [{"type": "explore", "target": "t"}],
                      "timing": "sorcery"}),
    # 111.10u
    "Lander": _artifact("Lander", "{2}, {T}, Sacrifice this token: Search your library for a "
                        "basic land card, put it onto the battlefield tapped, then shuffle.",
                        {"kind": "activated",
                         "cost": {"mana": "{2}", "tap": True, "sacrifice_self": True},
                         "effects": [{"type": "search",
                                      "filter": {"type": "Land", "supertype": "Basic"},
                                      "to": "battlefield", "tapped": True}]}),
}


def predefined_token(name: str, changes: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The token description of the predefined token ``name`` (CR 111.10), with ``changes``
    (the creating effect's modifications and additions) laid over it; abilities the effect
    adds come after the predefined ones. Raises KeyError for a name the rules don't define."""
    base = PREDEFINED_TOKENS[name]
    out = {k: (list(v) if isinstance(v, list) else v) for k, v in base.items()}
    for key, value in (changes or {}).items():
        if key == "abilities":
            out["abilities"] = [*out.get("abilities", []), *value]
        else:
            out[key] = value
    return out
