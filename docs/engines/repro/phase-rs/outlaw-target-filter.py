"""phase.rs (phase-python 0.103.0): Shoot the Sheriff ('Destroy target non-outlaw creature.')
can target a Rogue, an outlaw (CR 700.12: Assassins, Mercenaries, Pirates, Rogues and Warlocks are
outlaws; 115.1: a spell's targets must meet its requirements), and then destroys it.

Standalone: pip install phase-python==0.103.0 && python outlaw-target-filter.py
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


CARDS = [[{'colorIdentity': ['B'],
   'colors': ['B'],
   'convertedManaCost': 2.0,
   'identifiers': {'scryfallOracleId': '00000000-0000-0000-0000-0000000000a1'},
   'keywords': [],
   'layout': 'normal',
   'legalities': {},
   'manaCost': '{1}{B}',
   'manaValue': 2.0,
   'name': 'Shoot the Sheriff',
   'subtypes': [],
   'supertypes': [],
   'text': 'Destroy target non-outlaw creature. (Assassins, Mercenaries, Pirates, Rogues, and '
           'Warlocks are outlaws. Everyone else is fair game.)',
   'type': 'Instant',
   'types': ['Instant']}],
 [{'colorIdentity': [],
   'colors': [],
   'convertedManaCost': 0.0,
   'identifiers': {'scryfallOracleId': '95a94fdc-d030-5269-b0a2-39cd629321d0'},
   'keywords': [],
   'layout': 'normal',
   'legalities': {},
   'manaCost': '',
   'manaValue': 0.0,
   'name': 'Swamp',
   'subtypes': ['Swamp'],
   'supertypes': ['Basic'],
   'text': '({T}: Add {B}.)',
   'type': 'Basic Land — Swamp',
   'types': ['Land']}],
 [{'colorIdentity': ['U'],
   'colors': ['U'],
   'convertedManaCost': 3.0,
   'identifiers': {'scryfallOracleId': '00000000-0000-0000-0000-0000000000a2'},
   'keywords': [],
   'layout': 'normal',
   'legalities': {},
   'manaCost': '{2}{U}',
   'manaValue': 3.0,
   'name': 'Scroll Thief',
   'power': '1',
   'subtypes': ['Merfolk', 'Rogue'],
   'supertypes': [],
   'text': 'Whenever this creature deals combat damage to a player, draw a card.',
   'toughness': '3',
   'type': 'Creature — Merfolk Rogue',
   'types': ['Creature']}]]

eng = engine(CARDS)
g, ids = game(eng, ["Shoot the Sheriff"] + ["Swamp"] * 2, ["Scroll Thief"])
for land in ids["Swamp"]:
    put(g, land, "Battlefield")
put(g, ids["Scroll Thief"][0], "Battlefield")
put(g, ids["Shoot the Sheriff"][0], "Hand")
thief = ids["Scroll Thief"][0]
cast(g, 0, ids["Shoot the Sheriff"][0], targets=[{"Object": thief}])
pass_until_resolved(g)
zone = g.object(thief)["zone"] if g.object(thief) else "gone"
print(f"Shoot the Sheriff cast on Scroll Thief (a Merfolk Rogue); the Thief is now in: {zone}"
      " (CR 700.12, 115.1: a Rogue is an outlaw and can't be its target)")
assert zone != "Battlefield", "fixed?"
print("reproduced")
