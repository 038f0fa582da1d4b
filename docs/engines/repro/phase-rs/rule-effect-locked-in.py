"""phase.rs (phase-python 0.103.0): Chaos ('Creatures can't block this turn') doesn't stop a
creature that enters after it resolved from blocking (CR 611.2c: an effect from a resolving
spell that doesn't change characteristics or controller, such as 'can't block', applies to
objects that arrive later too).

Standalone: pip install phase-python==0.103.0 && python rule-effect-locked-in.py
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


CARDS = [[{'colorIdentity': ['W', 'R'],
   'colors': ['W'],
   'convertedManaCost': 7.0,
   'faceName': 'Order',
   'identifiers': {'scryfallOracleId': '63154622-a281-55fb-8177-6f92beff619c'},
   'keywords': [],
   'layout': 'split',
   'legalities': {},
   'manaCost': '{3}{W}',
   'manaValue': 7.0,
   'name': 'Order // Chaos',
   'side': 'a',
   'subtypes': [],
   'supertypes': [],
   'text': 'Exile target attacking creature.',
   'type': 'Instant',
   'types': ['Instant']},
  {'colorIdentity': ['W', 'R'],
   'colors': ['R'],
   'convertedManaCost': 7.0,
   'faceName': 'Chaos',
   'identifiers': {'scryfallOracleId': '63154622-a281-55fb-8177-6f92beff619c'},
   'keywords': [],
   'layout': 'split',
   'legalities': {},
   'manaCost': '{2}{R}',
   'manaValue': 7.0,
   'name': 'Order // Chaos',
   'side': 'b',
   'subtypes': [],
   'supertypes': [],
   'text': "Creatures can't block this turn.",
   'type': 'Instant',
   'types': ['Instant']}],
 [{'colorIdentity': ['R'],
   'colors': ['R'],
   'convertedManaCost': 1.0,
   'identifiers': {'scryfallOracleId': '76c7eaed-cf40-55bb-9617-0832c0994d3c'},
   'keywords': ['Haste'],
   'layout': 'normal',
   'legalities': {},
   'manaCost': '{R}',
   'manaValue': 1.0,
   'name': 'Raging Goblin',
   'power': '1',
   'subtypes': ['Goblin', 'Berserker'],
   'supertypes': [],
   'text': 'Haste (This creature can attack and {T} as soon as it comes under your control.)',
   'toughness': '1',
   'type': 'Creature — Goblin Berserker',
   'types': ['Creature']}],
 [{'colorIdentity': ['G'],
   'colors': ['G'],
   'convertedManaCost': 2.0,
   'identifiers': {'scryfallOracleId': '16eccfd1-fe26-5aad-8618-d07f4faee57a'},
   'keywords': ['Flash', 'Deathtouch'],
   'layout': 'normal',
   'legalities': {},
   'manaCost': '{1}{G}',
   'manaValue': 2.0,
   'name': 'Ambush Viper',
   'power': '2',
   'subtypes': ['Snake'],
   'supertypes': [],
   'text': 'Flash\nDeathtouch',
   'toughness': '1',
   'type': 'Creature — Snake',
   'types': ['Creature']}],
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
   'identifiers': {'scryfallOracleId': 'c776d54a-1d40-5952-a655-99a5e37e1802'},
   'keywords': [],
   'layout': 'normal',
   'legalities': {},
   'manaCost': '',
   'manaValue': 0.0,
   'name': 'Forest',
   'subtypes': ['Forest'],
   'supertypes': ['Basic'],
   'text': '({T}: Add {G}.)',
   'type': 'Basic Land — Forest',
   'types': ['Land']}]]

eng = engine(CARDS)
g, ids = game(eng, ["Order", "Raging Goblin", "Mountain", "Mountain", "Mountain"],
              ["Ambush Viper", "Forest", "Forest"])
for land in ids["Mountain"] + ids["Forest"]:
    put(g, land, "Battlefield")
put(g, ids["Raging Goblin"][0], "Battlefield")
put(g, ids["Order"][0], "Hand")
put(g, ids["Ambush Viper"][0], "Hand")
root = g.state()
root["state"]["debug_mode"] = False
g = eng.load_game(root)
oc = ids["Order"][0]
act(g, 0, "CastSpell", object_id=oc, card_id=oc, payment_mode={"type": "Auto"}, targets=[])
while g.waiting_for()["type"] == "ModalFaceChoice":
    act(g, 0, "ChooseModalFace", back_face=True)
pass_until_resolved(g)
viper = ids["Ambush Viper"][0]
act(g, 0, "PassPriority")  # seat 1 gets priority in the main phase and flashes in the Viper
act(g, 1, "CastSpell", object_id=viper, card_id=viper, payment_mode={"type": "Auto"}, targets=[])
pass_until_resolved(g)
print("Viper on the battlefield:", g.object(viper)["zone"])
while g.waiting_for()["type"] == "Priority":
    act(g, g.priority_player(), "PassPriority")
assert g.waiting_for()["type"] == "DeclareAttackers", g.waiting_for()
goblin = ids["Raging Goblin"][0]
act(g, 0, "DeclareAttackers", attacks=[[goblin, {"type": "Player", "data": 1}]], bands=[])
while g.waiting_for()["type"] == "Priority":
    act(g, g.priority_player(), "PassPriority")
wf = g.waiting_for()
blockers = [int(i) for i in (wf.get("data") or {}).get("valid_blocker_ids", [])]
print(f"waiting for {wf['type']}; valid blockers {blockers} (Viper {viper})")
assert wf["type"] == "DeclareBlockers" and viper in blockers, "fixed?"
print("reproduced")
