"""phase.rs (phase-python 0.103.0): a Tarmogoyf that loses all its abilities (phase.rs's own
effect, parsed from 'Target creature loses all abilities until end of turn.') has toughness 0,
not 1 (CR 604.3 and 613.4a: without its characteristic-defining ability its printed 1+*
toughness is 1).

Standalone: pip install phase-python==0.103.0 && python cda-printed-toughness-lost.py
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


CARDS = [[{'name': 'Tarmogoyf',
   'manaCost': '{1}{G}',
   'manaValue': 2.0,
   'convertedManaCost': 2.0,
   'colors': ['G'],
   'colorIdentity': ['G'],
   'types': ['Creature'],
   'subtypes': ['Lhurgoyf'],
   'supertypes': [],
   'text': "Tarmogoyf's power is equal to the number of card types among cards in all graveyards "
           'and its toughness is equal to that number plus 1.',
   'layout': 'normal',
   'type': 'Creature — Lhurgoyf',
   'identifiers': {'scryfallOracleId': '72c0e574-df5c-5c72-8bb2-3b4198e739ff'},
   'legalities': {},
   'keywords': [],
   'power': '*',
   'toughness': '1+*'}],
 [{'name': 'Island',
   'manaCost': '',
   'manaValue': 0.0,
   'convertedManaCost': 0.0,
   'colors': [],
   'colorIdentity': [],
   'types': ['Land'],
   'subtypes': ['Island'],
   'supertypes': ['Basic'],
   'text': '({T}: Add {U}.)',
   'layout': 'normal',
   'type': 'Basic Land — Island',
   'identifiers': {'scryfallOracleId': '5ed9dc33-513f-543a-8c89-62eeb9a596c1'},
   'legalities': {},
   'keywords': []}],
 [{'name': 'Test Suppression',
   'manaCost': '{U}',
   'manaValue': 1.0,
   'convertedManaCost': 1.0,
   'colors': ['U'],
   'colorIdentity': ['U'],
   'types': ['Instant'],
   'subtypes': [],
   'supertypes': [],
   'text': 'Target creature loses all abilities until end of turn.',
   'layout': 'normal',
   'type': 'Instant',
   'identifiers': {'scryfallOracleId': '6fea0a64-58b5-54a7-8971-f69da496bf20'},
   'legalities': {},
   'keywords': []}]]

eng = engine(CARDS)
g, ids = game(eng, ["Tarmogoyf", "Test Suppression", "Island"])
goyf = ids["Tarmogoyf"][0]
put(g, goyf, "Battlefield")
put(g, ids["Island"][0], "Battlefield")
put(g, ids["Test Suppression"][0], "Hand")
cast(g, 0, ids["Test Suppression"][0], targets=[{"Object": goyf}])
pass_until_resolved(g)
obj = g.object(goyf)
print(f"Tarmogoyf without abilities is {obj['power']}/{obj['toughness']} (CR 604.3, 613.4a: 0/1)")
assert obj["power"] == 0 and obj["toughness"] == 0, "fixed?"
print("reproduced")
