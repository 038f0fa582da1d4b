"""phase.rs (phase-python 0.103.0): a Gnarlid Pack kicked once, returned to hand and cast again
unkicked enters with a +1/+1 counter: the card keeps its first cast's kicker (CR 400.7, 702.33d:
the new object is not kicked).

Standalone: pip install phase-python==0.103.0 && python kicked-status-survives-zone-change.py
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


CARDS = [[{'name': 'Gnarlid Pack',
   'manaCost': '{1}{G}',
   'manaValue': 2.0,
   'convertedManaCost': 2.0,
   'colors': ['G'],
   'colorIdentity': ['G'],
   'types': ['Creature'],
   'subtypes': ['Beast'],
   'supertypes': [],
   'text': 'Multikicker {1}{G} (You may pay an additional {1}{G} any number of times as you cast '
           'this spell.)\n'
           'This creature enters with a +1/+1 counter on it for each time it was kicked.',
   'layout': 'normal',
   'type': 'Creature — Beast',
   'identifiers': {'scryfallOracleId': 'ba40eb78-4231-58e5-a237-a26466ce4e41'},
   'legalities': {},
   'keywords': ['Multikicker'],
   'power': '2',
   'toughness': '2'}],
 [{'name': 'Unsummon',
   'manaCost': '{U}',
   'manaValue': 1.0,
   'convertedManaCost': 1.0,
   'colors': ['U'],
   'colorIdentity': ['U'],
   'types': ['Instant'],
   'subtypes': [],
   'supertypes': [],
   'text': "Return target creature to its owner's hand.",
   'layout': 'normal',
   'type': 'Instant',
   'identifiers': {'scryfallOracleId': '3e1d560b-c3de-51a8-96c3-4f79ad39e0e9'},
   'legalities': {},
   'keywords': []}]]

eng = engine(CARDS)
g, ids = game(eng, ["Gnarlid Pack", "Unsummon"])
pack, unsummon = ids["Gnarlid Pack"][0], ids["Unsummon"][0]
put(g, pack, "Hand")
put(g, unsummon, "Hand")


def cast_pack(kicks):
    act(g, 0, "CastSpell", object_id=pack, card_id=pack, payment_mode={"type": "Auto"},
        targets=[])
    paid = 0
    while g.waiting_for()["type"] == "OptionalCostChoice":
        act(g, 0, "DecideOptionalCost", pay=paid < kicks)
        paid += 1
    pass_until_resolved(g)


debug(g, "AddMana", player_id=0, mana=["Green", "Colorless", "Green", "Colorless"])
cast_pack(1)
assert g.object(pack)["counters"], "no counter from the kicked cast?"
debug(g, "AddMana", player_id=0, mana=["Blue"])
cast(g, 0, unsummon, targets=[{"Object": pack}])
pass_until_resolved(g)
debug(g, "AddMana", player_id=0, mana=["Green", "Colorless", "Green", "Colorless"])
cast_pack(0)
obj = g.object(pack)
print(f"recast unkicked: counters {obj['counters']}, power {obj['power']} (CR 400.7: none, 2)")
assert obj["counters"], "fixed?"
print("reproduced")
