"""phase.rs (phase-python 0.103.0): two attacking creatures' combat damage removes the last
defense counters from a Siege, and its "when the last defense counter is removed" ability
triggers twice (once for each creature's damage). CR 510.2: combat damage is dealt
simultaneously; 310.11b / 603.2: the last defense counter is removed once, so the ability
triggers once (exile the Siege, then cast it transformed).

Standalone: pip install phase-python==0.103.0 && python siege-defeated-triggers-twice.py
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


CARDS = [[{'colorIdentity': [],
   'colors': [],
   'convertedManaCost': 5.0,
   'faceName': 'Invasion of Ravnica',
   'identifiers': {'scryfallOracleId': '9ed94e8f-3209-5a60-931b-8a3dfe425e32'},
   'keywords': [],
   'layout': 'transform',
   'legalities': {},
   'manaCost': '{5}',
   'manaValue': 5.0,
   'name': 'Invasion of Ravnica // Guildpact Paragon',
   'side': 'a',
   'subtypes': ['Siege'],
   'supertypes': [],
   'text': '(As a Siege enters, choose an opponent to protect it. You and others can attack it. '
           "When it's defeated, exile it, then cast it transformed.)\n"
           'When Invasion of Ravnica enters, exile target nonland permanent an opponent controls '
           "that isn't exactly two colors.",
   'type': 'Battle — Siege',
   'types': ['Battle']},
  {'colorIdentity': [],
   'colors': [],
   'convertedManaCost': 5.0,
   'faceName': 'Guildpact Paragon',
   'identifiers': {'scryfallOracleId': '9ed94e8f-3209-5a60-931b-8a3dfe425e32'},
   'keywords': [],
   'layout': 'transform',
   'legalities': {},
   'manaCost': '',
   'manaValue': 5.0,
   'name': 'Invasion of Ravnica // Guildpact Paragon',
   'power': '5',
   'side': 'b',
   'subtypes': ['Construct'],
   'supertypes': [],
   'text': "Whenever you cast a spell that's exactly two colors, look at the top six cards of your "
           "library. You may reveal a card that's exactly two colors from among them and put it "
           'into your hand. Put the rest on the bottom of your library in a random order.',
   'toughness': '5',
   'type': 'Artifact Creature — Construct',
   'types': ['Artifact', 'Creature']}],
 [{'colorIdentity': ['G'],
   'colors': ['G'],
   'convertedManaCost': 2.0,
   'identifiers': {'scryfallOracleId': 'a87fde20-6ff7-5716-8343-ee28a0214f1e'},
   'keywords': [],
   'layout': 'normal',
   'legalities': {},
   'manaCost': '{1}{G}',
   'manaValue': 2.0,
   'name': 'Grizzly Bears',
   'power': '2',
   'subtypes': ['Bear'],
   'supertypes': [],
   'text': '',
   'toughness': '2',
   'type': 'Creature — Bear',
   'types': ['Creature']}]]

eng = engine(CARDS)
g, ids = game(eng, ["Invasion of Ravnica", "Grizzly Bears", "Grizzly Bears"])
siege, bears = ids["Invasion of Ravnica"][0], ids["Grizzly Bears"]
put(g, siege, "Battlefield")
debug(g, "ModifyCounters", object_id=siege, counter_type="Defense", delta=4)
root = g.state()  # seat 1 protects it, as chosen when it entered (310.8a): phase.rs's record
root["state"]["objects"][str(siege)]["chosen_attributes"] = [{"type": "Player", "value": 1}]
g = eng.load_game(root)
for oid in bears:
    put(g, oid, "Battlefield")
debug(g, "SetPhase", phase="BeginCombat", active_player=0)
while g.waiting_for()["type"] == "Priority":
    act(g, g.priority_player(), "PassPriority")
assert g.waiting_for()["type"] == "DeclareAttackers", g.waiting_for()
act(g, 0, "DeclareAttackers", attacks=[[b, {"type": "Battle", "data": siege}] for b in bears],
    bands=[])
while g.waiting_for()["type"] != "Priority" or not g.stack():
    w = g.waiting_for()
    if w["type"] == "DeclareBlockers":
        act(g, w["data"]["player"], "DeclareBlockers", assignments=[])
    else:
        act(g, g.priority_player(), "PassPriority")
counters = g.object(siege)["counters"]
triggers = [e for e in g.stack() if e["source_id"] == siege]
print(f"defense counters {counters}; Siege abilities on the stack: {len(triggers)}")
assert len(triggers) == 2, "fixed?"
print("reproduced")
