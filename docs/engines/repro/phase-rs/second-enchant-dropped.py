"""phase.rs (phase-python 0.103.0): an Aura's second enchant ability is dropped
by the parser ('Enchant creature' and 'Enchant green permanent' give one Enchant keyword), so
the Aura can be cast targeting a white creature. CR 702.5c: an object with several enchant
abilities can enchant, and target, only what every one of them allows.

Standalone: pip install phase-python==0.103.0 && python second-enchant-dropped.py
Prints "reproduced" while the behaviour is there; an AssertionError means it
changed.
"""

import json

from phase import Engine, GameAction, build_oracle_face, build_oracle_face_multi

FILLER = {"name": "Filler", "manaCost": "", "manaValue": 0.0, "colors": [], "colorIdentity": [],
          "types": ["Land"], "subtypes": [], "supertypes": [], "text": "", "layout": "normal",
          "type": "Land", "identifiers": {}, "legalities": {}, "keywords": []}


def engine(cards):
    """An Engine from MTGJSON atomic cards (a list of faces per card)."""
    db = {"filler": build_oracle_face(FILLER, None)}
    for faces in cards:
        oid = faces[0]["identifiers"]["scryfallOracleId"]
        if len(faces) == 1:
            db[faces[0]["name"].lower()] = build_oracle_face(faces[0], oid)
            continue
        for i, f in enumerate(faces):
            built = build_oracle_face_multi(f, oid)
            db[built["name"].lower()] = dict(built, layout=f["layout"], face_index=i)
    return Engine.from_json(json.dumps(db))


def debug(g, kind, **data):
    """One of the engine's sandbox (debug) actions, used here only to set the scene."""
    return g.apply(0, GameAction.from_dict({"type": "Debug", "data": {"type": kind, "data": data}}))


def act(g, seat, kind, **data):
    action = {"type": kind, "data": data} if data else {"type": kind}
    return g.apply(seat, GameAction.from_dict(action))


def game(eng, mine, theirs=()):
    """A sandbox game at seat 0's precombat main phase; returns (game, {face name: [ids]})."""
    g = eng.new_game(player=list(mine) + ["Filler"] * 10, opponent=list(theirs) + ["Filler"] * 10,
                     seed=1, first_player=0)
    for seat in (0, 1):
        g.apply(seat, next(a for a in g.actions() if a.kind == "MulliganDecision"
                           and a.data["choice"]["type"] == "Keep"))
    root = g.state()
    root["state"]["debug_mode"] = True
    g = eng.load_game(root)
    debug(g, "SetPhase", phase="PreCombatMain", active_player=0)
    ids = {}
    for key, obj in sorted(root["state"]["objects"].items(), key=lambda kv: int(kv[0])):
        if obj["name"] == "Filler":
            debug(g, "RemoveObject", object_id=int(key))
        else:
            ids.setdefault(obj["name"], []).append(int(key))
    return g, ids


def put(g, oid, zone, sick=False):
    debug(g, "MoveToZone", object_id=oid, to_zone=zone)
    if zone == "Battlefield":
        debug(g, "SetSummoningSickness", object_id=oid, sick=sick)


def computed(eng, g, oid):
    """The engine's own computed characteristics of an object (its zone-change record), read
    on a copy of the game so the game itself does not change."""
    root = g.state()
    root["state"]["debug_mode"] = True
    copy = eng.load_game(root)
    zone = "Graveyard" if copy.object(oid)["zone"] == "Exile" else "Exile"
    for event in debug(copy, "MoveToZone", object_id=oid, to_zone=zone).events:
        if event["type"] == "ZoneChanged" and event["data"]["object_id"] == oid:
            return event["data"]["record"]["trigger_source_context"]["lki"]
    raise AssertionError("no zone change")


def cast(g, seat, oid, targets=(), kick=False):
    """Cast through the engine's prompts; return the list of prompts it asked."""
    asked = []
    act(g, seat, "CastSpell", object_id=oid, card_id=oid, payment_mode={"type": "Auto"}, targets=[])
    targets = list(targets)
    while (kind := g.waiting_for()["type"]) != "Priority":
        asked.append(kind)
        if kind == "TargetSelection":
            act(g, seat, "ChooseTarget", target=targets.pop(0))
        elif kind == "OptionalCostChoice":
            act(g, seat, "DecideOptionalCost", pay=kick)
        else:
            raise AssertionError(f"unexpected prompt {kind}")
    return asked


def pass_until_resolved(g):
    size = len(g.stack())
    while len(g.stack()) >= size and g.waiting_for()["type"] == "Priority":
        act(g, g.priority_player(), "PassPriority")


CARDS = [[{'name': 'White Knight',
   'manaCost': '{W}{W}',
   'manaValue': 2.0,
   'convertedManaCost': 2.0,
   'colors': ['W'],
   'colorIdentity': ['W'],
   'types': ['Creature'],
   'subtypes': ['Human', 'Knight'],
   'supertypes': [],
   'text': 'First strike\nProtection from black',
   'layout': 'normal',
   'type': 'Creature — Human Knight',
   'identifiers': {'scryfallOracleId': '482bc73e-cfaf-57c7-856e-114a7cabdc3e'},
   'legalities': {},
   'keywords': ['First strike', 'Protection'],
   'power': '2',
   'toughness': '2'}]]

MANTLE = {"name": "Test Verdant Mantle", "manaCost": "{G}", "manaValue": 1.0, "colors": ["G"],
          "colorIdentity": ["G"], "types": ["Enchantment"], "subtypes": ["Aura"],
          "supertypes": [], "text": "Enchant creature\nEnchant green permanent\nEnchanted "
                                    "creature gets +1/+1.",
          "layout": "normal", "type": "Enchantment — Aura",
          "identifiers": {"scryfallOracleId": "6d1c43f0-0000-4000-8000-000000000035"},
          "legalities": {}, "keywords": ["Enchant"]}
eng = engine([*CARDS, [MANTLE]])
g, ids = game(eng, ["Test Verdant Mantle", "White Knight"])
mantle, knight = ids["Test Verdant Mantle"][0], ids["White Knight"][0]
put(g, mantle, "Hand")
put(g, knight, "Battlefield")
debug(g, "AddMana", player_id=0, mana=["Green"])
root = g.state()
root["state"]["debug_mode"] = False
g = eng.load_game(root)
print("phase.rs's enchant keywords:", g.object(mantle)["keywords"])
cast(g, 0, mantle, targets=[{"Object": knight}])
on_stack = [e["source_id"] for e in g.stack()]
print(f"Test Verdant Mantle cast targeting White Knight (white, not green): stack {on_stack} "
      "(CR 702.5c: an Aura with several enchant abilities can target only what all of them "
      "allow)")
assert on_stack == [mantle], "fixed?"
print("reproduced")
