"""phase.rs (phase-python 0.103.0): a second instance of a keyword ability
is merged into the first: Monastery Swiftspear given prowess by an instant has one Prowess
keyword and one trigger for the next spell. CR 702.108b (prowess), 702.130b (afflict),
702.164b (toxic): each instance triggers or counts on its own.

Standalone: pip install phase-python==0.103.0 && python keyword-instances-merged.py
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


CARDS = [[{'name': 'Monastery Swiftspear',
   'manaCost': '{R}',
   'manaValue': 1.0,
   'convertedManaCost': 1.0,
   'colors': ['R'],
   'colorIdentity': ['R'],
   'types': ['Creature'],
   'subtypes': ['Human', 'Monk'],
   'supertypes': [],
   'text': 'Haste\n'
           'Prowess (Whenever you cast a noncreature spell, this creature gets '
           '+1/+1 until end of turn.)',
   'layout': 'normal',
   'type': 'Creature — Human Monk',
   'identifiers': {'scryfallOracleId': '5f9d4e97-7e27-5a09-b461-7190966f2f86'},
   'legalities': {},
   'keywords': ['Haste', 'Prowess'],
   'power': '1',
   'toughness': '2'}],
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
   'keywords': []}]]

GIFT = {"name": "Test Inner Fire", "manaCost": "{R}", "manaValue": 1.0, "colors": ["R"],
        "colorIdentity": ["R"], "types": ["Instant"], "subtypes": [], "supertypes": [],
        "text": "Target creature gains prowess until end of turn.", "layout": "normal",
        "type": "Instant",
        "identifiers": {"scryfallOracleId": "6d1c43f0-0000-4000-8000-000000000038"},
        "legalities": {}, "keywords": []}
eng = engine([*CARDS, [GIFT]])
g, ids = game(eng, ["Monastery Swiftspear", "Test Inner Fire", "Lightning Bolt"])
spear, gift, bolt = (ids[n][0] for n in ("Monastery Swiftspear", "Test Inner Fire",
                                         "Lightning Bolt"))
put(g, spear, "Battlefield")
put(g, gift, "Hand")
put(g, bolt, "Hand")
debug(g, "AddMana", player_id=0, mana=["Red", "Red"])
root = g.state()
root["state"]["debug_mode"] = False
g = eng.load_game(root)
cast(g, 0, gift, targets=[{"Object": spear}])
triggered = [e["kind"]["type"] for e in g.stack()].count("TriggeredAbility")
assert triggered == 1  # its own prowess saw the instant
pass_until_resolved(g)  # the prowess trigger
pass_until_resolved(g)  # the instant: a second prowess
keywords = g.object(spear)["keywords"]
cast(g, 0, bolt, targets=[{"Player": 1}])
triggers = [e["kind"]["type"] for e in g.stack()].count("TriggeredAbility")
print(f"Monastery Swiftspear, keywords {keywords}, sees Lightning Bolt cast: {triggers} prowess "
      "trigger(s) (CR 702.108b: each instance of prowess triggers separately, so 2)")
assert triggers == 1, "fixed?"
print("reproduced")
