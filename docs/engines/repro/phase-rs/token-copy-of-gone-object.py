"""phase.rs (phase-python 0.103.0): 'Destroy target creature. Then create a token that's a copy of
it.' creates a copy of the destroyed creature (the suite's ruling TOKEN-02, CR 111.12: no token
for an object that no longer exists unless the effect uses last known information; phase.rs uses
it, CR 608.2h).

Standalone: pip install phase-python==0.103.0 && python token-copy-of-gone-object.py
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


CARDS = [[{'name': 'Grizzly Bears',
   'manaCost': '{1}{G}',
   'manaValue': 2.0,
   'convertedManaCost': 2.0,
   'colors': ['G'],
   'colorIdentity': ['G'],
   'types': ['Creature'],
   'subtypes': ['Bear'],
   'supertypes': [],
   'text': '',
   'layout': 'normal',
   'type': 'Creature — Bear',
   'identifiers': {'scryfallOracleId': 'a87fde20-6ff7-5716-8343-ee28a0214f1e'},
   'legalities': {},
   'keywords': [],
   'power': '2',
   'toughness': '2'}],
 [{'name': 'Swamp',
   'manaCost': '',
   'manaValue': 0.0,
   'convertedManaCost': 0.0,
   'colors': [],
   'colorIdentity': [],
   'types': ['Land'],
   'subtypes': ['Swamp'],
   'supertypes': ['Basic'],
   'text': '({T}: Add {B}.)',
   'layout': 'normal',
   'type': 'Basic Land — Swamp',
   'identifiers': {'scryfallOracleId': '95a94fdc-d030-5269-b0a2-39cd629321d0'},
   'legalities': {},
   'keywords': []}],
 [{'name': 'Test Destroy Then Copy',
   'manaCost': '{3}{B}',
   'manaValue': 4.0,
   'convertedManaCost': 4.0,
   'colors': ['B'],
   'colorIdentity': ['B'],
   'types': ['Sorcery'],
   'subtypes': [],
   'supertypes': [],
   'text': "Destroy target creature. Then create a token that's a copy of it.",
   'layout': 'normal',
   'type': 'Sorcery',
   'identifiers': {'scryfallOracleId': '4b0a7200-3299-5b6d-b969-c0817b4e580a'},
   'legalities': {},
   'keywords': []}]]

eng = engine(CARDS)
g, ids = game(eng, ["Test Destroy Then Copy", "Swamp"], ["Grizzly Bears"])
bears = ids["Grizzly Bears"][0]
put(g, bears, "Battlefield")
put(g, ids["Test Destroy Then Copy"][0], "Hand")
debug(g, "AddMana", player_id=0, mana=["Black", "Colorless", "Colorless", "Colorless"])
cast(g, 0, ids["Test Destroy Then Copy"][0], targets=[{"Object": bears}])
pass_until_resolved(g)
tokens = [o["name"] for o in g.battlefield() if o.get("is_token")]
print(f"Grizzly Bears now in {g.object(bears)['zone']}; tokens {tokens} (TOKEN-02: none)")
assert tokens == ["Grizzly Bears"], "fixed?"
print("reproduced")
