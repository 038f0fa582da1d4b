"""phase.rs (phase-python 0.103.0): damage from a source that has left the
battlefield is dealt without the deathtouch and lifelink it had: Mogg Fanatic, given both by
an instant and then sacrificed for its own ability, deals 1 damage to Colossal Dreadmaw, which
survives, and its controller gains no life. CR 702.2e, 702.15c: the source's last known
information is used (608.2h), and it had both.

Standalone: pip install phase-python==0.103.0 && python departed-source-keywords-lost.py
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


CARDS = [[{'name': 'Mogg Fanatic',
   'manaCost': '{R}',
   'manaValue': 1.0,
   'convertedManaCost': 1.0,
   'colors': ['R'],
   'colorIdentity': ['R'],
   'types': ['Creature'],
   'subtypes': ['Goblin'],
   'supertypes': [],
   'text': 'Sacrifice this creature: It deals 1 damage to any target.',
   'layout': 'normal',
   'type': 'Creature — Goblin',
   'identifiers': {'scryfallOracleId': 'ba9719ea-99b3-5be1-a8e9-daaca9bad754'},
   'legalities': {},
   'keywords': [],
   'power': '1',
   'toughness': '1'}],
 [{'name': 'Colossal Dreadmaw',
   'manaCost': '{4}{G}{G}',
   'manaValue': 6.0,
   'convertedManaCost': 6.0,
   'colors': ['G'],
   'colorIdentity': ['G'],
   'types': ['Creature'],
   'subtypes': ['Dinosaur'],
   'supertypes': [],
   'text': 'Trample',
   'layout': 'normal',
   'type': 'Creature — Dinosaur',
   'identifiers': {'scryfallOracleId': '1d39e9cb-8ffe-57b7-84d8-93ab7376cac9'},
   'legalities': {},
   'keywords': ['Trample'],
   'power': '6',
   'toughness': '6'}]]

GIFT = {"name": "Test Dark Gift", "manaCost": "{B}", "manaValue": 1.0, "colors": ["B"],
        "colorIdentity": ["B"], "types": ["Instant"], "subtypes": [], "supertypes": [],
        "text": "Target creature gains deathtouch and lifelink until end of turn.",
        "layout": "normal", "type": "Instant",
        "identifiers": {"scryfallOracleId": "6d1c43f0-0000-4000-8000-000000000034"},
        "legalities": {}, "keywords": []}
eng = engine([*CARDS, [GIFT]])
g, ids = game(eng, ["Mogg Fanatic", "Test Dark Gift"], ["Colossal Dreadmaw"])
fanatic, gift, dreadmaw = (ids[n][0] for n in ("Mogg Fanatic", "Test Dark Gift",
                                               "Colossal Dreadmaw"))
put(g, fanatic, "Battlefield")
put(g, gift, "Hand")
put(g, dreadmaw, "Battlefield")
debug(g, "AddMana", player_id=0, mana=["Black"])
root = g.state()
root["state"]["debug_mode"] = False
g = eng.load_game(root)
cast(g, 0, gift, targets=[{"Object": fanatic}])
pass_until_resolved(g)
print("Mogg Fanatic's keywords:", g.object(fanatic)["keywords"])
act(g, 0, "ActivateAbility", source_id=fanatic, ability_index=0)
while g.waiting_for()["type"] == "TargetSelection":
    act(g, 0, "ChooseTarget", target={"Object": dreadmaw})
assert g.object(fanatic)["zone"] == "Graveyard"  # sacrificed as the cost
pass_until_resolved(g)
zone, life = g.object(dreadmaw)["zone"], g.player(0)["life"]
assert g.object(dreadmaw).get("damage_marked") == 1  # the 1 damage was dealt
print(f"after the sacrificed Fanatic's 1 damage: Colossal Dreadmaw in {zone}, alice at {life} life "
      "(CR 702.2e, 702.15c: the source's last known information has deathtouch and lifelink, so "
      "the Dreadmaw is destroyed and alice gains 1)")
assert zone == "Battlefield" and life == 20, "fixed?"
print("reproduced")
