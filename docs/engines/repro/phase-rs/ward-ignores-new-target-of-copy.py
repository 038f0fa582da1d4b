"""phase.rs (phase-python 0.103.0): a copy of a spell whose new target is a
permanent with ward triggers no ward (Twincast copying Shock, the copy given Test Warded Drake
as its new target); Shock cast at the drake does trigger it. CR 702.21a and 707.10c: the
permanent becomes the target of a spell an opponent controls when a copy's target is changed
to it.

Standalone: pip install phase-python==0.103.0 && python ward-ignores-new-target-of-copy.py
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


CARDS = [[{'name': 'Shock',
   'manaCost': '{R}',
   'manaValue': 1.0,
   'convertedManaCost': 1.0,
   'colors': ['R'],
   'colorIdentity': ['R'],
   'types': ['Instant'],
   'subtypes': [],
   'supertypes': [],
   'text': 'Shock deals 2 damage to any target.',
   'layout': 'normal',
   'type': 'Instant',
   'identifiers': {'scryfallOracleId': '3bcff630-3cc4-5965-818b-39dc9931c0fd'},
   'legalities': {},
   'keywords': []}],
 [{'name': 'Twincast',
   'manaCost': '{U}{U}',
   'manaValue': 2.0,
   'convertedManaCost': 2.0,
   'colors': ['U'],
   'colorIdentity': ['U'],
   'types': ['Instant'],
   'subtypes': [],
   'supertypes': [],
   'text': 'Copy target instant or sorcery spell. You may choose new targets '
           'for the copy.',
   'layout': 'normal',
   'type': 'Instant',
   'identifiers': {'scryfallOracleId': '5ed97bcf-41c2-5aee-b4dd-5409b2d76181'},
   'legalities': {},
   'keywords': []}]]

DRAKE = {"name": "Test Warded Drake", "manaCost": "{2}{U}", "manaValue": 3.0, "colors": ["U"],
         "colorIdentity": ["U"], "types": ["Creature"], "subtypes": ["Drake"], "supertypes": [],
         "text": "Ward {2}", "layout": "normal", "type": "Creature — Drake",
         "identifiers": {"scryfallOracleId": "6d1c43f0-0000-4000-8000-000000000033"},
         "legalities": {}, "keywords": ["Ward"], "power": "2", "toughness": "2"}
eng = engine([*CARDS, [DRAKE]])
g, ids = game(eng, ["Shock", "Twincast"], ["Test Warded Drake"])
shock, twincast, drake = ids["Shock"][0], ids["Twincast"][0], ids["Test Warded Drake"][0]
put(g, shock, "Hand")
put(g, twincast, "Hand")
put(g, drake, "Battlefield")
debug(g, "AddMana", player_id=0, mana=["Red", "Blue", "Blue"])
root = g.state()
root["state"]["debug_mode"] = False
g = eng.load_game(root)
direct = eng.load_game(g.state())  # the control: Shock cast at the drake itself
cast(direct, 0, shock, targets=[{"Object": drake}])
assert [e["kind"]["type"] for e in direct.stack()] == ["Spell", "TriggeredAbility"]
cast(g, 0, shock, targets=[{"Player": 1}])
cast(g, 0, twincast, targets=[{"Object": shock}])
while g.waiting_for()["type"] == "Priority":
    act(g, g.priority_player(), "PassPriority")
assert g.waiting_for()["type"] == "CopyRetarget"
act(g, 0, "ChooseTarget", target={"Object": drake})
stack = [(e["source_id"], e["kind"]["type"]) for e in g.stack()]
print(f"after the copy of Shock is given Test Warded Drake as its new target, the stack is "
      f"{stack}: no ward trigger (CR 702.21a, 707.10c: the drake becomes the target of a spell "
      "an opponent controls, so ward triggers, as it does for Shock cast at the drake)")
assert not any(kind != "Spell" for _source, kind in stack), "fixed?"
print("reproduced")
