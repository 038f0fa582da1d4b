"""phase.rs (phase-python 0.103.0): damage replacement effects lose the recipients their text
names. "If a source would deal damage to a permanent, it deals that much damage plus 1 instead"
also adds 1 to damage dealt to a player, and "... to a creature you control ... plus 2" also
adds 2 to damage dealt to an opponent's creature (the parsed replacements have no such
restriction, and nothing is marked unimplemented). CR 614.1a, 616.1: a replacement effect
applies only to the events its text describes: Lightning Bolt deals 3 to a player and 4 to an
opponent's creature here.

Standalone: pip install phase-python==0.103.0 && python damage-recipient-parse-gap.py
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


CARDS = [[{'name': 'Test Sharp Lens',
   'manaCost': '{2}',
   'manaValue': 2.0,
   'convertedManaCost': 2.0,
   'colors': [],
   'colorIdentity': [],
   'types': ['Artifact'],
   'subtypes': [],
   'supertypes': [],
   'text': 'If a source would deal damage to a permanent, it deals that much damage plus 1 '
           'instead.',
   'layout': 'normal',
   'type': 'Artifact',
   'identifiers': {'scryfallOracleId': 'b6cb9bb7-99f2-5201-ba87-e4e174d90973'},
   'legalities': {},
   'keywords': []}],
 [{'name': 'Test Home Lens',
   'manaCost': '{2}',
   'manaValue': 2.0,
   'convertedManaCost': 2.0,
   'colors': [],
   'colorIdentity': [],
   'types': ['Artifact'],
   'subtypes': [],
   'supertypes': [],
   'text': 'If a source would deal damage to a creature you control, it deals that much damage '
           'plus 2 instead.',
   'layout': 'normal',
   'type': 'Artifact',
   'identifiers': {'scryfallOracleId': '756abde3-9451-5b41-84c3-e4d3b500a96c'},
   'legalities': {},
   'keywords': []}],
 [{'name': 'Lightning Bolt',
   'manaCost': '{R}',
   'manaValue': 1.0,
   'convertedManaCost': 1.0,
   'colors': ['R'],
   'colorIdentity': ['R'],
   'types': ['Instant'],
   'subtypes': [],
   'supertypes': [],
   'text': 'Lightning Bolt deals 3 damage to any target.',
   'layout': 'normal',
   'type': 'Instant',
   'identifiers': {'scryfallOracleId': '294fe938-f4d1-5e73-8234-37053cd3eb75'},
   'legalities': {},
   'keywords': []}],
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

eng = engine(CARDS)
g, ids = game(eng, ["Test Sharp Lens", "Test Home Lens", "Lightning Bolt", "Lightning Bolt"],
              ["Colossal Dreadmaw"])
sharp, home = ids["Test Sharp Lens"][0], ids["Test Home Lens"][0]
bolt1, bolt2 = ids["Lightning Bolt"]
theirs = ids["Colossal Dreadmaw"][0]
for oid in (sharp, home, theirs):
    put(g, oid, "Battlefield")
for oid in (bolt1, bolt2):
    put(g, oid, "Hand")
dealt = []
for bolt, target in ((bolt1, {"Player": 1}), (bolt2, {"Object": theirs})):
    debug(g, "AddMana", player_id=0, mana=["Red"])
    cast(g, 0, bolt, targets=[target])
    while g.stack() and g.waiting_for()["type"] == "Priority":
        result = g.apply(g.priority_player(), GameAction.from_dict({"type": "PassPriority"}))
        dealt += [e["data"]["amount"] for e in result.events if e["type"] == "DamageDealt"]
print(f"Lightning Bolt to bob, then to bob's Dreadmaw: {dealt} (CR 614.1a, 616.1: [3, 4])")
assert dealt == [4, 6], "fixed?"
print("reproduced")
