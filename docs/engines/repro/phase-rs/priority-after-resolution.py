"""phase.rs (phase-python 0.103.0): after an ability of the non-active player resolves, phase.rs
gives priority to that player, not to the active player (CR 117.3b: the active player receives
priority after a spell or ability resolves).

Standalone: pip install phase-python==0.103.0 && python priority-after-resolution.py
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


CARDS = [[{'colorIdentity': ['W'],
   'colors': ['W'],
   'convertedManaCost': 2.0,
   'identifiers': {'scryfallOracleId': 'ccf8b64a-6b54-552c-91ab-1e38af284cda'},
   'keywords': [],
   'layout': 'normal',
   'legalities': {},
   'manaCost': '{1}{W}',
   'manaValue': 2.0,
   'name': 'Circle of Protection: Red',
   'subtypes': [],
   'supertypes': [],
   'text': '{1}: The next time a red source of your choice would deal damage to you this turn, '
           'prevent that damage.',
   'type': 'Enchantment',
   'types': ['Enchantment']}],
 [{'colorIdentity': ['R'],
   'colors': ['R'],
   'convertedManaCost': 1.0,
   'identifiers': {'scryfallOracleId': '3bcff630-3cc4-5965-818b-39dc9931c0fd'},
   'keywords': [],
   'layout': 'normal',
   'legalities': {},
   'manaCost': '{R}',
   'manaValue': 1.0,
   'name': 'Shock',
   'subtypes': [],
   'supertypes': [],
   'text': 'Shock deals 2 damage to any target.',
   'type': 'Instant',
   'types': ['Instant']}],
 [{'colorIdentity': [],
   'colors': [],
   'convertedManaCost': 0.0,
   'identifiers': {'scryfallOracleId': 'efcd1ac7-ce90-5df1-af93-1ac81656c7f6'},
   'keywords': [],
   'layout': 'normal',
   'legalities': {},
   'manaCost': '',
   'manaValue': 0.0,
   'name': 'Mountain',
   'subtypes': ['Mountain'],
   'supertypes': ['Basic'],
   'text': '({T}: Add {R}.)',
   'type': 'Basic Land — Mountain',
   'types': ['Land']}],
 [{'colorIdentity': [],
   'colors': [],
   'convertedManaCost': 0.0,
   'identifiers': {'scryfallOracleId': 'd5f4c059-506f-5be5-ad0f-d695d6438197'},
   'keywords': [],
   'layout': 'normal',
   'legalities': {},
   'manaCost': '',
   'manaValue': 0.0,
   'name': 'Plains',
   'subtypes': ['Plains'],
   'supertypes': ['Basic'],
   'text': '({T}: Add {W}.)',
   'type': 'Basic Land — Plains',
   'types': ['Land']}]]

eng = engine(CARDS)
g, ids = game(eng, ["Shock", "Mountain"], ["Circle of Protection: Red", "Plains"])
put(g, ids["Mountain"][0], "Battlefield")
put(g, ids["Plains"][0], "Battlefield")
put(g, ids["Circle of Protection: Red"][0], "Battlefield")
put(g, ids["Shock"][0], "Hand")
cast(g, 0, ids["Shock"][0], targets=[{"Player": 1}])
act(g, 0, "PassPriority")  # seat 1 (not active) now has priority and activates the Circle
act(g, 1, "ActivateAbility", source_id=ids["Circle of Protection: Red"][0], ability_index=0)
while g.waiting_for()["type"] != "Priority":
    data = g.waiting_for()["data"]
    raise AssertionError(f"unexpected prompt {g.waiting_for()['type']}: {data}")
size = len(g.stack())
act(g, 1, "PassPriority")
act(g, 0, "PassPriority")
while g.waiting_for()["type"] not in ("Priority", "GameOver"):  # the source choice
    a = g.actions()[0]
    g.apply(g.waiting_for()["data"]["player"], a)
holder = g.priority_player()
print(f"stack {size} -> {len(g.stack())}; active player 0; priority now with seat {holder}")
assert len(g.stack()) == size - 1 and holder == 1, "fixed?"
print("reproduced")
