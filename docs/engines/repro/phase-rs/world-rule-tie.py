"""phase.rs (phase-python 0.103.0): two enchantments that become world permanents at the same
time (one spell makes each enchantment a world permanent until end of turn): phase.rs keeps one
of them (the later of the two by timestamp) and puts the other into the graveyard. CR 704.5k:
if two or more permanents have the world supertype, all except the one that has had it for the
shortest time go to their owners' graveyards; if two or more tie for the shortest time, all of
them go.

Standalone: pip install phase-python==0.103.0 && python world-rule-tie.py
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


CARDS = [[{'name': 'Test Sturdy Charm',
   'manaCost': '{1}{W}',
   'manaValue': 2.0,
   'convertedManaCost': 2.0,
   'colors': ['W'],
   'colorIdentity': ['W'],
   'types': ['Enchantment'],
   'subtypes': [],
   'supertypes': [],
   'text': 'Creatures you control get +0/+1.',
   'layout': 'normal',
   'type': 'Enchantment',
   'identifiers': {'scryfallOracleId': '48e61877-523d-54f8-a16b-bf6b11fad15b'},
   'legalities': {},
   'keywords': []}],
 [{'name': 'Test Worldmaking Wave',
   'manaCost': '{0}',
   'manaValue': 0.0,
   'convertedManaCost': 0.0,
   'colors': [],
   'colorIdentity': [],
   'types': ['Sorcery'],
   'subtypes': [],
   'supertypes': [],
   'text': 'Each enchantment becomes a world permanent until end of turn.',
   'layout': 'normal',
   'type': 'Sorcery',
   'identifiers': {'scryfallOracleId': '3b21f36e-5490-5c1f-a7ae-abecbc6e90a0'},
   'legalities': {},
   'keywords': []}]]

eng = engine(CARDS)
g, ids = game(eng, ["Test Sturdy Charm", "Test Sturdy Charm", "Test Worldmaking Wave"])
c1, c2 = ids["Test Sturdy Charm"]
wave = ids["Test Worldmaking Wave"][0]
put(g, c1, "Battlefield")
put(g, c2, "Battlefield")
put(g, wave, "Hand")
mana = {"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green"}
cost = g.object(wave)["mana_cost"]
debug(g, "AddMana", player_id=0, mana=[s if s in mana.values() else "Colorless"
                                       for s in cost["shards"]] + ["Colorless"] * cost["generic"])
cast(g, 0, wave)
while g.stack() and g.waiting_for()["type"] == "Priority":
    act(g, g.priority_player(), "PassPriority")
zones = [g.object(c)["zone"] for c in (c1, c2)]
print(f"the two charms after the spell: {zones} (CR 704.5k: both Graveyard)")
assert "World" in g.object(c2)["card_types"]["supertypes"], "the spell did nothing?"
assert zones == ["Graveyard", "Battlefield"], "fixed?"
print("reproduced")
