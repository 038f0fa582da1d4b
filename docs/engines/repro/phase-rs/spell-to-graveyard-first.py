"""phase.rs (phase-python 0.103.0): Fact or Fiction goes to its owner's graveyard before the pile
it puts there (graveyard: Fact or Fiction, then the pile). CR 608.2n: the spell goes to the
graveyard as the last step of its resolution, after its effects.

Standalone: pip install phase-python==0.103.0 && python spell-to-graveyard-first.py
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


CARDS = [[{'name': 'Fact or Fiction',
   'manaCost': '{3}{U}',
   'manaValue': 4.0,
   'convertedManaCost': 4.0,
   'colors': ['U'],
   'colorIdentity': ['U'],
   'types': ['Instant'],
   'subtypes': [],
   'supertypes': [],
   'text': 'Reveal the top five cards of your library. An opponent separates those cards into two '
           'piles. Put one pile into your hand and the other into your graveyard.',
   'layout': 'normal',
   'type': 'Instant',
   'identifiers': {'scryfallOracleId': 'fc623316-52fb-5c14-9b01-c422d84d80a7'},
   'legalities': {},
   'keywords': []}],
 [{'name': 'Island',
   'manaCost': '',
   'manaValue': 0.0,
   'convertedManaCost': 0.0,
   'colors': [],
   'colorIdentity': [],
   'types': ['Land'],
   'subtypes': ['Island'],
   'supertypes': ['Basic'],
   'text': '({T}: Add {U}.)',
   'layout': 'normal',
   'type': 'Basic Land — Island',
   'identifiers': {'scryfallOracleId': '5ed9dc33-513f-543a-8c89-62eeb9a596c1'},
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
 [{'name': 'Grizzly Bears',
   'manaCost': '{1}{G}',
   'manaValue': 2.0,
   'convertedManaCost': 2.0,
   'colors': ['G'],
   'colorIdentity': ['G'],
   'types': ['Creature'],
   'subtypes': ['Bear'],
   'supertypes': [],
   'text': '',
   'layout': 'normal',
   'type': 'Creature — Bear',
   'identifiers': {'scryfallOracleId': 'a87fde20-6ff7-5716-8343-ee28a0214f1e'},
   'legalities': {},
   'keywords': [],
   'power': '2',
   'toughness': '2'}],
 [{'name': 'Shock',
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
 [{'name': 'Llanowar Elves',
   'manaCost': '{G}',
   'manaValue': 1.0,
   'convertedManaCost': 1.0,
   'colors': ['G'],
   'colorIdentity': ['G'],
   'types': ['Creature'],
   'subtypes': ['Elf', 'Druid'],
   'supertypes': [],
   'text': '{T}: Add {G}.',
   'layout': 'normal',
   'type': 'Creature — Elf Druid',
   'identifiers': {'scryfallOracleId': 'c39ddd96-720e-5da8-8870-19b5c892ece8'},
   'legalities': {},
   'keywords': [],
   'power': '1',
   'toughness': '1'}],
 [{'name': 'Giant Growth',
   'manaCost': '{G}',
   'manaValue': 1.0,
   'convertedManaCost': 1.0,
   'colors': ['G'],
   'colorIdentity': ['G'],
   'types': ['Instant'],
   'subtypes': [],
   'supertypes': [],
   'text': 'Target creature gets +3/+3 until end of turn.',
   'layout': 'normal',
   'type': 'Instant',
   'identifiers': {'scryfallOracleId': 'a71c1273-e923-5614-a026-8f0a9ddbf306'},
   'legalities': {},
   'keywords': []}],
 [{'name': 'Hill Giant',
   'manaCost': '{3}{R}',
   'manaValue': 4.0,
   'convertedManaCost': 4.0,
   'colors': ['R'],
   'colorIdentity': ['R'],
   'types': ['Creature'],
   'subtypes': ['Giant'],
   'supertypes': [],
   'text': '',
   'layout': 'normal',
   'type': 'Creature — Giant',
   'identifiers': {'scryfallOracleId': 'b49d707d-874b-562f-b072-a5a6ee09a8ed'},
   'legalities': {},
   'keywords': [],
   'power': '3',
   'toughness': '3'}]]

eng = engine(CARDS)
library = ["Lightning Bolt", "Grizzly Bears", "Shock", "Llanowar Elves", "Giant Growth"]
g, ids = game(eng, ["Fact or Fiction", "Island", "Island", "Island", "Island", *library])
for land in ids["Island"]:
    put(g, land, "Battlefield")
for name in library:
    put(g, ids[name][0], "Library")
fof = ids["Fact or Fiction"][0]
put(g, fof, "Hand")
cast(g, 0, fof)
for _ in range(10):
    kind = g.waiting_for()["type"]
    if kind == "SeparatePilesPartition":
        pile = [ids["Grizzly Bears"][0], ids["Llanowar Elves"][0]]
        act(g, int(g.waiting_for()["data"]["player"]), "SubmitPilePartition", pile_a=pile)
    elif kind == "SeparatePilesChoice":
        act(g, int(g.waiting_for()["data"]["player"]), "ChoosePile", pile={"type": "B"})
    elif kind == "Priority" and g.stack():
        act(g, g.priority_player(), "PassPriority")
    else:
        break
grave = [o["name"] for o in g.graveyard(0)]
print(f"graveyard, bottom first: {grave} (CR 608.2n: Fact or Fiction last)")
assert grave and grave[0] == "Fact or Fiction", "fixed?"
print("reproduced")
