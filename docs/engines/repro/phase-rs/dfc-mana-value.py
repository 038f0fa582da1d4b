"""phase.rs (phase-python 0.103.0): A transformed double-faced permanent has mana value 0 (CR
712.8e: its front face's, 4).

Standalone: pip install phase-python==0.103.0 && python dfc-mana-value.py
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


CARDS = [[{'name': 'Kuja, Genome Sorcerer // Trance Kuja, Fate Defied',
   'manaCost': '{2}{B}{R}',
   'manaValue': 4.0,
   'convertedManaCost': 4.0,
   'colors': ['B', 'R'],
   'colorIdentity': ['B', 'R'],
   'types': ['Creature'],
   'subtypes': ['Human', 'Mutant', 'Wizard'],
   'supertypes': ['Legendary'],
   'text': 'At the beginning of your end step, create a tapped 0/1 black Wizard creature '
           'token with "Whenever you cast a noncreature spell, this token deals 1 damage '
           'to each opponent." Then if you control four or more Wizards, transform Kuja.',
   'layout': 'transform',
   'type': 'Legendary Creature — Human Mutant Wizard',
   'identifiers': {'scryfallOracleId': '80451f9c-491c-598b-a72c-6c3cf2e0bda4'},
   'legalities': {},
   'keywords': [],
   'power': '3',
   'toughness': '4',
   'faceName': 'Kuja, Genome Sorcerer',
   'side': 'a'},
  {'name': 'Kuja, Genome Sorcerer // Trance Kuja, Fate Defied',
   'manaCost': '',
   'manaValue': 4.0,
   'convertedManaCost': 4.0,
   'colors': ['B', 'R'],
   'colorIdentity': ['B', 'R'],
   'types': ['Creature'],
   'subtypes': ['Avatar', 'Wizard'],
   'supertypes': ['Legendary'],
   'text': 'Flare Star — If a Wizard you control would deal damage to a permanent or '
           'player, it deals double that damage instead.',
   'layout': 'transform',
   'type': 'Legendary Creature — Avatar Wizard',
   'identifiers': {'scryfallOracleId': '80451f9c-491c-598b-a72c-6c3cf2e0bda4'},
   'legalities': {},
   'keywords': [],
   'colorIndicator': ['B', 'R'],
   'power': '4',
   'toughness': '6',
   'faceName': 'Trance Kuja, Fate Defied',
   'side': 'b'}]]

eng = engine(CARDS)
g, ids = game(eng, ["Kuja, Genome Sorcerer"])
kuja = ids["Kuja, Genome Sorcerer"][0]
put(g, kuja, "Battlefield")
debug(g, "SetFaceState", object_id=kuja, transformed=True)
seen = computed(eng, g, kuja)
print(f"{seen['name']}: mana value {seen['mana_value']} (CR 712.8e: 4, the front face's)")
assert seen["name"] == "Trance Kuja, Fate Defied" and seen["mana_value"] == 0, "fixed?"
print("reproduced")
