"""phase.rs (phase-python 0.103.0): a creature that loses hexproof keeps its
'hexproof from black' (Test Shadow Veiled after 'Target creature loses hexproof until end of
turn.' resolves). CR 702.11d, 702.11e: 'hexproof from [quality]' is a hexproof ability, and an
effect that makes an object lose hexproof makes it lose every 'hexproof from' ability.

Standalone: pip install phase-python==0.103.0 && python lose-hexproof-keeps-hexproof-from.py
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




STRIP = {"name": "Test Unveil", "manaCost": "{U}", "manaValue": 1.0, "colors": ["U"],
         "colorIdentity": ["U"], "types": ["Instant"], "subtypes": [], "supertypes": [],
         "text": "Target creature loses hexproof until end of turn.", "layout": "normal",
         "type": "Instant",
         "identifiers": {"scryfallOracleId": "6d1c43f0-0000-4000-8000-000000000031"},
         "legalities": {}, "keywords": []}
VEILED = {"name": "Test Shadow Veiled", "manaCost": "{1}{G}", "manaValue": 2.0, "colors": ["G"],
          "colorIdentity": ["G"], "types": ["Creature"], "subtypes": [], "supertypes": [],
          "text": "Hexproof from black", "layout": "normal", "type": "Creature",
          "identifiers": {"scryfallOracleId": "6d1c43f0-0000-4000-8000-000000000032"},
          "legalities": {}, "keywords": ["Hexproof from"], "power": "2", "toughness": "2"}
eng = engine([[STRIP], [VEILED]])
g, ids = game(eng, ["Test Unveil"], ["Test Shadow Veiled"])
unveil, veiled = ids["Test Unveil"][0], ids["Test Shadow Veiled"][0]
put(g, unveil, "Hand")
put(g, veiled, "Battlefield")
debug(g, "AddMana", player_id=0, mana=["Blue"])
root = g.state()
root["state"]["debug_mode"] = False
g = eng.load_game(root)
before = g.object(veiled)["keywords"]
cast(g, 0, unveil, targets=[{"Object": veiled}])
pass_until_resolved(g)
after = g.object(veiled)["keywords"]
assert g.object(unveil)["zone"] == "Graveyard"  # it resolved
print(f"Test Shadow Veiled's keywords before {before}, after losing hexproof {after} "
      "(CR 702.11e: losing hexproof loses every 'hexproof from' ability too)")
assert after and after == before, "fixed?"
print("reproduced")
