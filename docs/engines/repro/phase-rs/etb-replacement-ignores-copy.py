"""phase.rs (phase-python 0.103.0): Thalia, Heretic Cathar doesn't tap an opponent's Copy Artifact
entering as a copy of Ornithopter (an artifact creature): CR 614.12 looks at the permanent as it
would exist, copy effect included, so it enters tapped.

Standalone: pip install phase-python==0.103.0 && python etb-replacement-ignores-copy.py
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


CARDS = [[{'name': 'Thalia, Heretic Cathar',
   'manaCost': '{2}{W}',
   'manaValue': 3.0,
   'convertedManaCost': 3.0,
   'colors': ['W'],
   'colorIdentity': ['W'],
   'types': ['Creature'],
   'subtypes': ['Human', 'Soldier'],
   'supertypes': ['Legendary'],
   'text': 'First strike\nCreatures and nonbasic lands your opponents control enter tapped.',
   'layout': 'normal',
   'type': 'Legendary Creature — Human Soldier',
   'identifiers': {'scryfallOracleId': 'e4a1520a-66ad-5b49-9fa8-44700faceaf0'},
   'legalities': {},
   'keywords': ['First strike'],
   'power': '3',
   'toughness': '2'}],
 [{'name': 'Ornithopter',
   'manaCost': '{0}',
   'manaValue': 0.0,
   'convertedManaCost': 0.0,
   'colors': [],
   'colorIdentity': [],
   'types': ['Artifact', 'Creature'],
   'subtypes': ['Thopter'],
   'supertypes': [],
   'text': 'Flying',
   'layout': 'normal',
   'type': 'Artifact Creature — Thopter',
   'identifiers': {'scryfallOracleId': 'a30bcb88-17fc-5f3d-972f-5dda90b6cacb'},
   'legalities': {},
   'keywords': ['Flying'],
   'power': '0',
   'toughness': '2'}],
 [{'name': 'Copy Artifact',
   'manaCost': '{1}{U}',
   'manaValue': 2.0,
   'convertedManaCost': 2.0,
   'colors': ['U'],
   'colorIdentity': ['U'],
   'types': ['Enchantment'],
   'subtypes': [],
   'supertypes': [],
   'text': 'You may have Copy Artifact enter as a copy of any artifact on the battlefield, except '
           "it's an enchantment in addition to its other types.",
   'layout': 'normal',
   'type': 'Enchantment',
   'identifiers': {'scryfallOracleId': 'cf996dcc-cf1e-5167-a8ec-014801b09f55'},
   'legalities': {},
   'keywords': []}]]

eng = engine(CARDS)
g, ids = game(eng, ["Copy Artifact", "Ornithopter"], ["Thalia, Heretic Cathar"])
put(g, ids["Thalia, Heretic Cathar"][0], "Battlefield")
put(g, ids["Ornithopter"][0], "Battlefield")
copy = ids["Copy Artifact"][0]
put(g, copy, "Hand")
debug(g, "AddMana", player_id=0, mana=["Blue", "Colorless"])
cast(g, 0, copy)
for _ in range(10):
    kind = g.waiting_for()["type"]
    if kind == "ReplacementChoice":
        act(g, 0, "ChooseReplacement", index=0)  # enter as a copy
    elif kind == "CopyTargetChoice":
        act(g, 0, "ChooseTarget", target={"Object": ids["Ornithopter"][0]})
    elif kind == "Priority" and g.stack():
        act(g, g.priority_player(), "PassPriority")
    else:
        break
obj = g.object(copy)
print(f"{obj['name']} {obj['card_types']['core_types']} tapped={obj['tapped']} (CR 614.12: tapped)")
assert obj["name"] == "Ornithopter" and "Creature" in obj["card_types"]["core_types"]
assert not obj["tapped"], "fixed?"
print("reproduced")
