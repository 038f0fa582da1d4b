"""phase.rs (phase-python 0.103.0): "Whenever this creature transforms into Test Night Form"
is parsed as "whenever this creature transforms" (its trigger has no face condition), so it
triggers when the creature transforms back into Test Day Form too. CR 701.27, 603.2: the
ability triggers only on a transformation into the named face.

Standalone: pip install phase-python==0.103.0 && python transform-into-face-parse-gap.py
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


CARDS = [[{'name': 'Test Day Form // Test Night Form',
   'manaCost': '{1}{G}',
   'manaValue': 2.0,
   'convertedManaCost': 2.0,
   'colors': ['G'],
   'colorIdentity': ['G'],
   'types': ['Creature'],
   'subtypes': [],
   'supertypes': [],
   'text': '{0}: Transform this creature.\n'
           'Whenever this creature transforms into Test Night Form, you gain 1 life.',
   'layout': 'transform',
   'type': 'Creature',
   'identifiers': {'scryfallOracleId': 'fb89ab0e-d1cf-5594-83ef-a6a5afc5ea05'},
   'legalities': {},
   'keywords': [],
   'power': '2',
   'toughness': '4',
   'faceName': 'Test Day Form',
   'side': 'a'},
  {'name': 'Test Day Form // Test Night Form',
   'manaCost': '',
   'manaValue': 2.0,
   'convertedManaCost': 2.0,
   'colors': ['G'],
   'colorIdentity': ['G'],
   'types': ['Creature'],
   'subtypes': [],
   'supertypes': [],
   'text': '{0}: Transform this creature.\n'
           'Whenever this creature transforms into Test Night Form, you gain 1 life.',
   'layout': 'transform',
   'type': 'Creature',
   'identifiers': {'scryfallOracleId': 'fb89ab0e-d1cf-5594-83ef-a6a5afc5ea05'},
   'legalities': {},
   'keywords': [],
   'colorIndicator': ['G'],
   'power': '3',
   'toughness': '4',
   'faceName': 'Test Night Form',
   'side': 'b'}]]

eng = engine(CARDS)
g, ids = game(eng, ["Test Day Form"])
shifter = ids["Test Day Form"][0]
put(g, shifter, "Battlefield")
root = g.state()
root["state"]["debug_mode"] = False
g = eng.load_game(root)


def transform_and_resolve():
    """Activate '{0}: Transform this creature.' and resolve everything it leads to."""
    index = next(i for i, a in enumerate(g.object(shifter)["abilities"])
                 if a.get("kind") == "Activated")
    act(g, 0, "ActivateAbility", source_id=shifter, ability_index=index)
    while g.stack() and g.waiting_for()["type"] == "Priority":
        act(g, g.priority_player(), "PassPriority")


life = [g.player(0)["life"]]
transform_and_resolve()  # into Test Night Form: the ability triggers (21)
life.append(g.player(0)["life"])
transform_and_resolve()  # back into Test Day Form: it must not trigger (still 21)
life.append(g.player(0)["life"])
print(f"life: start, after transforming into Night Form, after transforming back: {life} "
      "(CR 701.27, 603.2: [20, 21, 21])")
assert life == [20, 21, 22], "fixed?"
print("reproduced")
