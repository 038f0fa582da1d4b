"""phase.rs (phase-python 0.103.0): a planeswalker made a creature by Luxior,
Giada's Gift has no power or toughness at all (None), so Luxior's +1/+1 for each counter
gives nothing. CR 208.5: a creature with no value for its power or toughness has 0; with
Jace's three loyalty counters it is a 3/3 (613.4c).

Standalone: pip install phase-python==0.103.0 && python creature-without-pt.py
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


CARDS = [[{'name': "Luxior, Giada's Gift",
   'manaCost': '{1}',
   'manaValue': 1.0,
   'convertedManaCost': 1.0,
   'colors': [],
   'colorIdentity': [],
   'types': ['Artifact'],
   'subtypes': ['Equipment'],
   'supertypes': ['Legendary'],
   'text': 'Equipped creature gets +1/+1 for each counter on it.\n'
           "Equipped permanent isn't a planeswalker and is a creature in "
           'addition to its other types. (Loyalty abilities can still be '
           'activated.)\n'
           'Equip planeswalker {1}\n'
           'Equip {3}',
   'layout': 'normal',
   'type': 'Legendary Artifact — Equipment',
   'identifiers': {'scryfallOracleId': '8a162cdb-fbcf-50cf-947c-ce0694564d4b'},
   'legalities': {},
   'keywords': ['Equip']}],
 [{'name': 'Jace Beleren',
   'manaCost': '{1}{U}{U}',
   'manaValue': 3.0,
   'convertedManaCost': 3.0,
   'colors': ['U'],
   'colorIdentity': ['U'],
   'types': ['Planeswalker'],
   'subtypes': ['Jace'],
   'supertypes': ['Legendary'],
   'text': '+2: Each player draws a card.\n'
           '−1: Target player draws a card.\n'
           '−10: Target player mills twenty cards.',
   'layout': 'normal',
   'type': 'Legendary Planeswalker — Jace',
   'identifiers': {'scryfallOracleId': '4c27e809-462d-5758-83b8-c4d2317380ca'},
   'legalities': {},
   'keywords': [],
   'loyalty': '3'}],
 [{'name': 'Wastes',
   'manaCost': '',
   'manaValue': 0.0,
   'convertedManaCost': 0.0,
   'colors': [],
   'colorIdentity': [],
   'types': ['Land'],
   'subtypes': [],
   'supertypes': ['Basic'],
   'text': '{T}: Add {C}.',
   'layout': 'normal',
   'type': 'Basic Land',
   'identifiers': {'scryfallOracleId': '61bb88c5-3eff-5bf9-b519-ab33c43355d3'},
   'legalities': {},
   'keywords': []}]]

eng = engine(CARDS)
g, ids = game(eng, ["Luxior, Giada's Gift", "Jace Beleren", "Wastes"])
luxior, jace, wastes = (ids[n][0] for n in ("Luxior, Giada's Gift", "Jace Beleren", "Wastes"))
for oid in (luxior, jace, wastes):
    put(g, oid, "Battlefield")
root = g.state()
root["state"]["debug_mode"] = False
g = eng.load_game(root)
equip_pw = next(i for i, a in enumerate(g.object(luxior)["abilities"])
                if a.get("kind") == "Activated" and "Planeswalker" in json.dumps(a))
act(g, 0, "ActivateAbility", source_id=luxior, ability_index=equip_pw)
while g.waiting_for()["type"] == "TargetSelection":
    act(g, 0, "ChooseTarget", target={"Object": jace})
pass_until_resolved(g)
j = g.object(jace)
types = j["card_types"]["core_types"]
print(f"Jace: types {types}, {j.get('loyalty')} loyalty, power {j.get('power')}, "
      f"toughness {j.get('toughness')} (CR 208.5: a creature with no power or toughness has "
      "0, so Luxior's +1/+1 per counter makes it 3/3)")
assert "Creature" in types and j.get("power") is None, "fixed?"
print("reproduced")
